package org.tempest.app.engine;

/** One playing level from "levels": its Skill Level, kind and Elo. */
public final class LevelInfo {
    public final int skill;
    public final String kind;
    public final int elo;

    public LevelInfo(int skill, String kind, int elo) {
        this.skill = skill;
        this.kind = kind;
        this.elo = elo;
    }

    /** Parses "level <n> <kind> elo <elo>", or returns null for another line. */
    static LevelInfo parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length != 5 || !f[0].equals("level") || !f[3].equals("elo")) {
            return null;
        }
        try {
            return new LevelInfo(Integer.parseInt(f[1]), f[2], Integer.parseInt(f[4]));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return "level " + skill + " (" + kind + ", Elo " + elo + ")";
    }
}
