package org.tempest.app.ui;

import java.util.ArrayList;
import java.util.List;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/** Player names and the texts about players, results and move facts in every variant. */
final class Players {
    private Players() {
    }

    /** A player's name: "White", "Red", "Volcandria". */
    static String name(String variant, String player) {
        return GameUi.of(variant).sideName(player);
    }

    /**
     * What a record written out of the app (saved, shared, copied) fills in
     * where the engine wrote "?": each side's player, as the tag that names
     * it (RecordTags.playerTag), and the date. A person is their profile's
     * name; the engine "Tempest (Greedy)".
     */
    static java.util.Map<String, String> recordTags(Snapshot s, GameController c, java.util.Date today) {
        java.util.Map<String, String> tags = new java.util.HashMap<String, String>();
        for (String side : s.game.sides) {
            String who;
            if (s.setup.isHuman(side)) {
                who = s.setup.profile;
            } else {
                org.tempest.app.engine.LevelInfo l = c.cachedLevel(s.setup.levelOf(side));
                who = "Tempest (" + (l == null ? LevelNames.unknown(s.setup.levelOf(side)) : LevelNames.name(l)) + ")";
            }
            tags.put(RecordTags.playerTag(s.game, side), who);
        }
        tags.put("Date", new java.text.SimpleDateFormat("yyyy.MM.dd", java.util.Locale.US).format(today));
        return tags;
    }

    /** "Red (you)", "Green (Tempest, level 3)". */
    static String seat(GameSetup setup, String player) {
        String n = name(setup.variant, player);
        if (setup.isHuman(player)) {
            return setup.humanPlayers.length() > 1 ? n : n + " (you)";
        }
        return n + " (Tempest, level " + setup.levelOf(player) + ")";
    }

    /** "Checkmate: White wins", "Last player standing: Yellow wins", "Draw (repetition)". */
    static String result(Snapshot s) {
        String reason = RecordFiles.capitalize(s.state.reason);
        String r = s.state.result;
        String v = s.setup.variant;
        String winner = s.winner();
        String kept = keptReason(s.state.reason);
        if (kept != null && !kept.isEmpty()) {
            // A resignation, an agreement or a loss on time, in the words the record keeps.
            if (kept.equals("time forfeit") && winner != null) {
                String loser = r.equals("1-0") || r.equals("0-1") ? s.game.otherSide(winner) : null;
                String who = loser == null ? "On time" : name(v, loser) + " lost on time";
                return who + ": " + name(v, winner) + " wins";
            }
            String words = RecordFiles.capitalize(kept);
            return winner == null ? (kept.startsWith("draw") ? words : "Draw (" + kept + ")")
                    : words + ": " + name(v, winner) + " wins";
        }
        if (winner == null) {
            return s.state.reason.startsWith("draw") ? reason : "Draw (" + s.state.reason + ")";
        }
        return reason + ": " + name(v, winner) + " wins";
    }

    /**
     * The words in brackets of "result from the record (White resigns)", ""
     * when there are none, null for an end the rules decided.
     */
    static String keptReason(String reason) {
        String prefix = "result from the record";
        if (!reason.startsWith(prefix)) {
            return null;
        }
        String why = reason.substring(prefix.length()).trim();
        return why.startsWith("(") && why.endsWith(")") ? why.substring(1, why.length() - 1) : "";
    }

    /** Chameleon Chess: who plays, who dropped out, the bounds. */
    static String chameleonInfo(GameSetup setup, BoardModel m) {
        StringBuilder b = new StringBuilder("Players: ");
        List<String> out = new ArrayList<String>();
        for (int i = 0; i < m.players.length(); i++) {
            String p = m.players.substring(i, i + 1);
            if (!m.isEliminated(p)) {
                out.add(seat(setup, p));
            }
        }
        b.append(join(out));
        if (!m.eliminated.isEmpty()) {
            b.append(" · ").append(eliminated(setup, m));
        }
        if (m.bounds.length() == 4) {
            b.append(" · Board ").append(m.bounds, 0, 2).append('–').append(m.bounds, 2, 4);
        }
        return b.toString();
    }

    /** Chameleon Chess: "Eliminated: Green (ply 12), Blue (ply 30)", in the order they dropped out. */
    static String eliminated(GameSetup setup, BoardModel m) {
        List<String> gone = new ArrayList<String>();
        for (String e : m.eliminated) {
            String[] f = e.split("@");
            gone.add(name(setup.variant, f[0]) + (f.length > 1 ? " (ply " + f[1] + ")" : ""));
        }
        return "Eliminated: " + join(gone);
    }

    /** Stratego: the defeated pieces of both armies. */
    static String strategoInfo(BoardModel m) {
        return "Defeated · Volcandria: " + pieces(m.defeatedV) + " · Everwinter: " + pieces(m.defeatedE);
    }

    private static String pieces(String letters) {
        if (letters.isEmpty()) {
            return "none";
        }
        List<String> out = new ArrayList<String>();
        for (char c : letters.toCharArray()) {
            out.add(StrategoPieces.name(c));
        }
        return join(out);
    }

    /**
     * The engine's facts about a move in words: "Dragon attacks Slayer:
     * attacker wins; Slayer removed from a5", "board now b1–h8; Green
     * eliminated". Facts neither the game nor this list knows are shown as
     * they are.
     */
    static String facts(String variant, String facts) {
        if (facts.isEmpty()) {
            return "";
        }
        GameUi game = GameUi.of(variant);
        List<String> out = new ArrayList<String>();
        for (String fact : facts.split("; ")) {
            String[] f = fact.trim().split("\\s+");
            String own = game.fact(f, fact);
            if (own != null) {
                out.add(own);
            } else if (f.length > 1 && f[0].equals("over")) {
                out.add("game over: " + fact.trim().substring("over ".length()));
            } else {
                out.add(fact);
            }
        }
        return join(out, "; ");
    }

    /** Stratego's facts: a battle, a piece removed or resurrected; null for another. */
    static String strategoFact(String[] f) {
        if (f.length == 2 && f[0].equals("battle") && f[1].length() == 2) {
            return StrategoPieces.army(f[1].charAt(0)) + "'s " + StrategoPieces.name(f[1].charAt(0)) + " attacks "
                    + StrategoPieces.name(f[1].charAt(1));
        }
        if (f.length == 3 && (f[0].equals("removed") || f[0].equals("resurrected")) && f[1].length() == 1) {
            return StrategoPieces.army(f[1].charAt(0)) + "'s " + StrategoPieces.name(f[1].charAt(0)) + " " + f[0]
                    + (f[0].equals("removed") ? " from " : " on ") + f[2];
        }
        return null;
    }

    /** Chameleon Chess's facts: new bounds, a player eliminated, the winner, who is next, a draw; null for another. */
    static String chameleonFact(GameUi game, String[] f, String fact) {
        if (f.length == 2 && f[0].equals("bounds") && f[1].length() == 4) {
            return "board " + f[1].substring(0, 2) + "–" + f[1].substring(2);
        }
        if (f.length == 2 && (f[0].equals("eliminated") || f[0].equals("winner") || f[0].equals("next"))) {
            String who = game.sideName(f[1]);
            return f[0].equals("next") ? who + " to move" : f[0].equals("winner") ? who + " wins" : who + " eliminated";
        }
        if (f.length > 1 && f[0].equals("draw")) {
            return "draw: " + fact.trim().substring("draw ".length());
        }
        return null;
    }

    private static String join(List<String> parts) {
        return join(parts, ", ");
    }

    private static String join(List<String> parts, String sep) {
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            b.append(b.length() == 0 ? "" : sep).append(p);
        }
        return b.toString();
    }
}
