package org.tempest.app.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One playing level from "levels": its Skill Level and kind, and its Elo on
 * every scale the engine measured. Every game plays the same levels, but a
 * level is not as strong in every game, so each game has its own scale,
 * measured in its own games (docs/STRENGTH.md); a game played by different
 * numbers of players may have one per number ("measured chameleon players
 * 2"). Numbers of two scales say nothing of each other.
 */
public final class LevelInfo {
    public final int skill;
    public final String kind;
    /** The Elo by scale (scaleKey), in the order the engine listed the scales. */
    private final Map<String, Integer> elo;

    LevelInfo(int skill, String kind, Map<String, Integer> elo) {
        this.skill = skill;
        this.kind = kind;
        this.elo = Collections.unmodifiableMap(new LinkedHashMap<String, Integer>(elo));
    }

    /** A scale's key: the game, and "/players" for one measured with that many players. */
    public static String scaleKey(String game, int players) {
        return players > 0 ? game + "/" + players : game;
    }

    /** The game of a scale's key ("chameleon" of "chameleon/4"). */
    public static String gameOf(String scale) {
        int slash = scale.indexOf('/');
        return slash < 0 ? scale : scale.substring(0, slash);
    }

    /** The number of players of a scale's key, 0 for a scale of any number. */
    public static int playersOf(String scale) {
        int slash = scale.indexOf('/');
        try {
            return slash < 0 ? 0 : Integer.parseInt(scale.substring(slash + 1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * The scale a game of that many players is rated on: the one measured
     * with that many, else the game's one for any number; null when the
     * level's strength there is unmeasured.
     */
    public String scaleFor(String game, int players) {
        String exact = scaleKey(game, players);
        if (elo.containsKey(exact)) {
            return exact;
        }
        return elo.containsKey(game) ? game : null;
    }

    /** The Elo in a game of that many players (scaleFor), or null when unmeasured there. */
    public Integer eloIn(String game, int players) {
        String key = scaleFor(game, players);
        return key == null ? null : elo.get(key);
    }

    /** The Elo on a scale by its key, or null. */
    public Integer eloOn(String scale) {
        return elo.get(scale);
    }

    /** The keys of the scales this level was measured on, in the engine's order (the first is the reference). */
    public List<String> scales() {
        return new ArrayList<String>(elo.keySet());
    }

    /**
     * Reads the answer to "levels": lines "level <n> <kind> elo <elo>
     * measured <game> [players <count>]", one per level and scale, into one
     * LevelInfo per Skill Level, weakest first. Other lines, and key-value
     * pairs a newer engine adds, are skipped; a line without "measured"
     * (an older engine) counts for no game.
     */
    public static List<LevelInfo> read(List<String> lines) {
        Map<Integer, String> kinds = new java.util.TreeMap<Integer, String>();
        Map<Integer, Map<String, Integer>> elo = new java.util.HashMap<Integer, Map<String, Integer>>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 5 || f.length % 2 == 0 || !f[0].equals("level") || !f[3].equals("elo")) {
                continue;
            }
            String game = "";
            int players = 0;
            int skill;
            int value;
            try {
                skill = Integer.parseInt(f[1]);
                value = Integer.parseInt(f[4]);
                for (int i = 5; i + 1 < f.length; i += 2) {
                    if (f[i].equals("measured")) {
                        game = f[i + 1];
                    } else if (f[i].equals("players")) {
                        players = Integer.parseInt(f[i + 1]);
                    }
                }
            } catch (NumberFormatException e) {
                continue;
            }
            if (!kinds.containsKey(skill)) {
                kinds.put(skill, f[2]);
                elo.put(skill, new LinkedHashMap<String, Integer>());
            }
            if (!game.isEmpty()) {
                elo.get(skill).put(scaleKey(game, players), value);
            }
        }
        List<LevelInfo> out = new ArrayList<LevelInfo>();
        for (Map.Entry<Integer, String> k : kinds.entrySet()) {
            out.add(new LevelInfo(k.getKey(), k.getValue(), elo.get(k.getKey())));
        }
        return out;
    }

    @Override
    public String toString() {
        return "level " + skill + " (" + kind + ", Elo " + elo + ")";
    }
}
