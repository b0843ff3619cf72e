package org.tempest.app.ui;

import org.tempest.app.game.MoveToken;

/**
 * A move as the move list writes it, from its token and the facts the engine
 * reported for it: SAN in chess and for card chess's moves, card actions by
 * their names ("Lost Castle a1↔a8"), Chameleon Chess and Stratego moves in
 * long algebraic notation ("a1–b3", "a1×b3") with what happened in words,
 * never as the engine's token. Every token is read by game/MoveToken. Formatting only: which moves are
 * legal and what they did comes from the engine.
 */
final class MoveText {
    private MoveText() {
    }

    /** The text of one move (a card drawn is never part of it), as the game's presentation writes it. */
    static String of(String variant, String token, String facts) {
        return GameUi.of(variant).moveText(token, facts);
    }

    /** The value of the first fact with that name ("san" in "captured e5; san Bxe5"), or null. */
    static String fact(String facts, String name) {
        for (String f : facts.split("; ")) {
            if (f.startsWith(name + " ")) {
                return f.substring(name.length() + 1).trim();
            }
        }
        return null;
    }

    static String cardChess(String token, String san) {
        MoveToken t = MoveToken.parse(token);
        if (t.claim) {
            return "stalemate claimed";
        }
        StringBuilder b = new StringBuilder();
        for (String code : t.prefixCards) {
            b.append(b.length() == 0 ? "" : ", ").append(Cards.name(code));
        }
        if (!t.card.isEmpty()) {
            return b.append(b.length() == 0 ? "" : ", ").append(Cards.name(t.card)).append(' ')
                    .append(cardSquares(t.card, t)).toString();
        }
        String move = san != null ? san : longAlgebraic(t, false);
        return b.length() == 0 ? move : b.append(": ").append(move).toString();
    }

    /** "a1↔a8" for a swap, "e7→e5" for a card movement, "c1→e3→g5" for Crusade, "e4" for one square. */
    private static String cardSquares(String code, MoveToken t) {
        String join = code.equals("DD") || code.equals("RV") || code.equals("LC") || code.equals("HQ") ? "↔" : "→";
        StringBuilder b = new StringBuilder();
        for (String sq : t.squares) {
            b.append(b.length() == 0 ? "" : join).append(sq);
        }
        if (t.promotion != 0) {
            b.append('=').append(Character.toUpperCase(t.promotion));
        }
        return b.toString();
    }

    /**
     * A move without the engine's SAN, as people write long algebraic
     * notation: "e2–e4", "a1×b3" for a capture, "e7–e8=Q"; a token it
     * cannot read stays as it is.
     */
    static String longAlgebraic(MoveToken t, boolean capture) {
        if (t.squares.size() != 2) {
            return t.token;
        }
        String s = t.squares.get(0) + (capture ? "×" : "–") + t.squares.get(1);
        return t.promotion != 0 ? s + "=" + Character.toUpperCase(t.promotion) : s;
    }

    /** Chameleon Chess: "a1–b3", "a1×b3 (Blue out)", "pass". */
    static String chameleon(GameUi game, String token, String facts) {
        MoveToken t = MoveToken.parse(token);
        if (t.pass) {
            return "pass";
        }
        boolean capture = fact(facts, "captured") != null;
        String eliminated = fact(facts, "eliminated");
        String move = longAlgebraic(t, capture);
        return eliminated == null ? move : move + " (" + game.sideName(eliminated) + " out)";
    }

    /** Stratego: "a3–a4", "a4×a5 (Dragon attacks Slayer: Dragon wins)", the battle read from the facts or the token's announcement. */
    static String stratego(String token, String facts) {
        MoveToken t = MoveToken.parse(token);
        String battle = fact(facts, "battle");
        if (battle == null && t.battle.length() == 2) {
            battle = t.battle;
        }
        if (battle == null || battle.length() != 2) {
            return longAlgebraic(t, false);
        }
        String move = longAlgebraic(t, true);
        boolean told = fact(facts, "battle") != null; // after a load only the token's announcement is known
        if (!told) {
            return move + " (" + StrategoPieces.name(battle.charAt(0)) + " attacks "
                    + StrategoPieces.name(battle.charAt(1)) + ")";
        }
        String winner = facts.contains("attacker wins") ? StrategoPieces.name(battle.charAt(0))
                : facts.contains("defender wins") ? StrategoPieces.name(battle.charAt(1)) : null;
        return move + " (" + StrategoPieces.name(battle.charAt(0)) + " attacks " + StrategoPieces.name(battle.charAt(1))
                + (winner == null ? ": both fall)" : ": " + winner + " wins)");
    }
}
