package org.tempest.app.ui;

import java.util.ArrayList;
import java.util.List;
import org.tempest.app.engine.LevelInfo;

/**
 * How a playing level reads, on the new-game screen, its seats and the
 * players' bars. The levels and their Elo are the engine's ("levels", from
 * each game's measured scale): a level's number is the one measured in the
 * game on the screen (for a game of several players, with that many), and
 * none where that is unmeasured.
 */
final class LevelNames {
    private LevelNames() {
    }

    /** "Random moves", "Greedy", "Level 4", "Full strength". */
    static String name(LevelInfo l) {
        return l.kind.equals("random") ? "Random moves" : l.kind.equals("greedy") ? "Greedy"
                : l.kind.equals("full") ? "Full strength" : "Level " + l.skill;
    }

    /** The players' bar: "Greedy · 1050 Elo" where the game's scale has it, "Greedy" where none does. */
    static String bar(LevelInfo l, String game, int players) {
        Integer elo = l.eloIn(game, players);
        return elo != null ? name(l) + " · " + elo + " Elo" : name(l);
    }

    /** A level the engine has not described yet (its list not read): "Level 4". */
    static String unknown(int skill) {
        return "Level " + skill;
    }

    /**
     * A choice on the new-game screen: "Greedy: grabs material (about 1050
     * Elo)" with the game's own number, "Greedy: grabs material" where the
     * level is unmeasured (players 0: a game of seats, whose number is not
     * chosen yet, shows none).
     */
    static String choice(LevelInfo l, String game, int players) {
        String what = l.kind.equals("greedy") ? "Greedy: grabs material" : name(l);
        Integer elo = players > 0 ? l.eloIn(game, players) : null;
        return elo != null ? what + " (about " + elo + " Elo)" : what;
    }

    /**
     * What the new-game screen says under a game's levels: nothing for the
     * game the engine lists first (chess, whose Elo is anchored by other
     * engines), that another game's numbers are its own scale, or that they
     * are unmeasured there.
     */
    static String scaleNote(List<LevelInfo> levels, String game, String title) {
        if (levels.isEmpty()) {
            return "";
        }
        List<String> scales = levels.get(levels.size() - 1).scales();
        List<String> counts = new ArrayList<String>();
        boolean own = false;
        for (String key : scales) {
            if (LevelInfo.gameOf(key).equals(game)) {
                own = true;
                if (LevelInfo.playersOf(key) > 0) {
                    counts.add(Integer.toString(LevelInfo.playersOf(key)));
                }
            }
        }
        if (!own) {
            return "A level's strength in this game is unmeasured, so no number is shown.";
        }
        String reference = LevelInfo.gameOf(scales.get(0));
        if (reference.equals(game)) {
            return "";
        }
        String players = counts.isEmpty() ? "" : " of " + join(counts) + " players";
        return "These Elo were measured in " + title + " games" + players
                + " between the levels: a scale of its own, not comparable with Elo in "
                + GameUi.of(reference).howToTitle() + ".";
    }

    private static String join(List<String> items) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            b.append(i == 0 ? "" : i == items.size() - 1 ? " and " : ", ").append(items.get(i));
        }
        return b.toString();
    }
}
