package org.tempest.app.ui;

import org.tempest.app.engine.LevelInfo;

/**
 * How a playing level reads, on the new-game screen, its seats and the
 * players' bars. The levels and their Elo are the engine's ("levels", from
 * kit.PlayingLevels); the Elo is shown only in the game it was measured in
 * (the engine names it), since a level's strength elsewhere is unmeasured.
 */
final class LevelNames {
    private LevelNames() {
    }

    /** "Random moves", "Greedy", "Level 4", "Full strength". */
    static String name(LevelInfo l) {
        return l.kind.equals("random") ? "Random moves" : l.kind.equals("greedy") ? "Greedy"
                : l.kind.equals("full") ? "Full strength" : "Level " + l.skill;
    }

    /** The players' bar: "Greedy · 1050 Elo" in the game that measured it, "Greedy" in another. */
    static String bar(LevelInfo l, String game) {
        return l.eloHoldsIn(game) ? name(l) + " · " + l.elo + " Elo" : name(l);
    }

    /** A level the engine has not described yet (its list not read): "Level 4". */
    static String unknown(int skill) {
        return "Level " + skill;
    }

    /**
     * A choice on the new-game screen: "Greedy: grabs material (about 1050
     * Elo)" in the game that measured it, "Greedy: grabs material" in another.
     */
    static String choice(LevelInfo l, String game) {
        String what = l.kind.equals("greedy") ? "Greedy: grabs material" : name(l);
        return l.eloHoldsIn(game) ? what + " (about " + l.elo + " Elo)" : what;
    }

    /**
     * What the new-game screen says under the levels of a game their Elo was
     * not measured in, or "" in the game it was.
     */
    static String unmeasuredNote(java.util.List<LevelInfo> levels, String game) {
        String where = "";
        for (LevelInfo l : levels) {
            if (l.eloHoldsIn(game)) {
                return "";
            }
            if (!l.measuredIn.isEmpty()) {
                where = GameUi.of(l.measuredIn).title.toLowerCase(java.util.Locale.ROOT) + " ";
            }
        }
        return "The levels' Elo was measured in " + where + "games only; in this game a level's strength is "
                + "unmeasured, so no number is shown.";
    }
}
