package org.tempest.app.engine;

/**
 * One playing level from "levels": its Skill Level, kind and Elo, and the
 * game whose games measured that Elo. Every game plays the same levels, but
 * the number holds in that game alone.
 */
public final class LevelInfo {
    public final int skill;
    public final String kind;
    public final int elo;
    /** The game the Elo was measured in ("measured chess"), or "" when the engine does not say. */
    public final String measuredIn;

    public LevelInfo(int skill, String kind, int elo, String measuredIn) {
        this.skill = skill;
        this.kind = kind;
        this.elo = elo;
        this.measuredIn = measuredIn;
    }

    /**
     * Parses "level <n> <kind> elo <elo> [measured <game>]", or returns null
     * for another line. Key-value pairs a newer engine adds are skipped.
     */
    static LevelInfo parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length < 5 || f.length % 2 == 0 || !f[0].equals("level") || !f[3].equals("elo")) {
            return null;
        }
        String measured = "";
        for (int i = 5; i + 1 < f.length; i += 2) {
            if (f[i].equals("measured")) {
                measured = f[i + 1];
            }
        }
        try {
            return new LevelInfo(Integer.parseInt(f[1]), f[2], Integer.parseInt(f[4]), measured);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether the Elo was measured in this game; in any other it says nothing of the level's strength. */
    public boolean eloHoldsIn(String game) {
        return !measuredIn.isEmpty() && measuredIn.equals(game);
    }

    @Override
    public String toString() {
        return "level " + skill + " (" + kind + ", Elo " + elo + (measuredIn.isEmpty() ? "" : " in " + measuredIn)
                + ")";
    }
}
