package org.tempest.app.game;

import java.util.Properties;
import org.tempest.app.engine.GameInfo;

/**
 * How a game was set up: the variant, which players the people at the phone
 * take, the engine's level and the start. Saved beside the autosave so a
 * game resumes as it was.
 */
public final class GameSetup {
    /** UCI_Variant: the name of a game the engine declares. */
    public final String variant;
    /** The players the people take, as the engine names them ("w", "b"). */
    public final String humanPlayers;
    /** The engine's Skill Level. */
    public final int level;
    /** What follows "position" for a new game ("startpos", "startpos seed 7"). */
    public final String start;
    /** The profile whose ranking the result counts for. */
    public final String profile;
    /**
     * Levels of single engine players where they differ from level, as
     * "<player><level>" pairs separated by commas ("g3,y12"); "" for none.
     */
    public final String playerLevels;
    /** The time control: each side's time and the increment per move, in ms; 0 and 0 for no clock. */
    public final long clockBaseMs;
    public final long clockIncrementMs;
    /**
     * The rating this game counts for (a scale of the engine's levels:
     * "chess", "chameleon/4"; RatedGames), or "" for a casual game: set when
     * a new game qualified, cleared for good by the first help used in it.
     * An autosave from before ratings has none: its game is casual.
     */
    public final String rated;

    public GameSetup(String variant, String humanPlayers, int level, String start, String profile) {
        this(variant, humanPlayers, level, start, profile, "");
    }

    public GameSetup(String variant, String humanPlayers, int level, String start, String profile,
            String playerLevels) {
        this(variant, humanPlayers, level, start, profile, playerLevels, 0, 0);
    }

    public GameSetup(String variant, String humanPlayers, int level, String start, String profile,
            String playerLevels, long clockBaseMs, long clockIncrementMs) {
        this(variant, humanPlayers, level, start, profile, playerLevels, clockBaseMs, clockIncrementMs, "");
    }

    private GameSetup(String variant, String humanPlayers, int level, String start, String profile,
            String playerLevels, long clockBaseMs, long clockIncrementMs, String rated) {
        this.rated = rated;
        this.variant = variant;
        this.humanPlayers = humanPlayers;
        this.level = level;
        this.start = start;
        this.profile = profile;
        this.playerLevels = playerLevels;
        this.clockBaseMs = clockBaseMs;
        this.clockIncrementMs = clockIncrementMs;
    }

    /** The same setup played on a clock (base 0: without one). */
    public GameSetup withClock(long baseMs, long incrementMs) {
        return new GameSetup(variant, humanPlayers, level, start, profile, playerLevels, baseMs, incrementMs, rated);
    }

    /** The same setup with the people taking other players. */
    public GameSetup withHumans(String players) {
        return new GameSetup(variant, players, level, start, profile, playerLevels, clockBaseMs, clockIncrementMs,
                rated);
    }

    /** The same game counting for the rating on that scale ("chess"; RatedGames.scaleOf decides). */
    public GameSetup ratedOn(String scale) {
        return new GameSetup(variant, humanPlayers, level, start, profile, playerLevels, clockBaseMs,
                clockIncrementMs, scale);
    }

    /** The same game counting for no rating. */
    public GameSetup casual() {
        return ratedOn("");
    }

    /** Whether the game counts for the person's rating. */
    public boolean isRated() {
        return !rated.isEmpty();
    }

    /**
     * The sides seated in this game: those its start names after "players"
     * (the new-game screen writes "startpos players rby" for a game of
     * seats), else every side the game declares.
     */
    public java.util.List<String> seatedSides(GameInfo game) {
        String[] words = start.trim().split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("players")) {
                java.util.List<String> out = new java.util.ArrayList<String>();
                for (String side : game.sides) {
                    if (words[i + 1].contains(side)) {
                        out.add(side);
                    }
                }
                return out;
            }
        }
        return game.sides;
    }

    /** Whether the game is played on a clock: a time control was chosen and the game has clocks. */
    public boolean hasClock(GameInfo game) {
        return clockBaseMs > 0 && Features.clock(game);
    }

    /** The engine level of one player. */
    public int levelOf(String player) {
        for (String pair : playerLevels.split(",")) {
            if (pair.length() > 1 && pair.substring(0, 1).equals(player)) {
                try {
                    return Integer.parseInt(pair.substring(1));
                } catch (NumberFormatException e) {
                    return level;
                }
            }
        }
        return level;
    }

    /** The first player the people take (the game's first side when they take none). */
    public String firstHuman(GameInfo game) {
        return humanPlayers.isEmpty() ? game.sides.get(0) : humanPlayers.substring(0, 1);
    }

    /** Whether a person plays the given player ("w"). */
    public boolean isHuman(String player) {
        return player.length() == 1 && humanPlayers.contains(player);
    }

    Properties toProperties() {
        Properties p = new Properties();
        p.setProperty("variant", variant);
        p.setProperty("human", humanPlayers);
        p.setProperty("level", Integer.toString(level));
        p.setProperty("start", start);
        p.setProperty("profile", profile);
        p.setProperty("playerLevels", playerLevels);
        p.setProperty("clockBase", Long.toString(clockBaseMs));
        p.setProperty("clockIncrement", Long.toString(clockIncrementMs));
        p.setProperty("rated", rated);
        return p;
    }

    /** Reads a setup back; null when the properties are not a complete setup. */
    static GameSetup fromProperties(Properties p) {
        String variant = p.getProperty("variant");
        String human = p.getProperty("human");
        String level = p.getProperty("level");
        String start = p.getProperty("start");
        String profile = p.getProperty("profile");
        if (variant == null || human == null || level == null || start == null || profile == null) {
            return null;
        }
        try {
            long base = Long.parseLong(p.getProperty("clockBase", "0"));
            long inc = Long.parseLong(p.getProperty("clockIncrement", "0"));
            if (base < 0 || inc < 0) {
                return null;
            }
            return new GameSetup(variant, human, Integer.parseInt(level), start, profile,
                    p.getProperty("playerLevels", ""), base, inc, p.getProperty("rated", ""));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
