package org.tempest.app.ui;

/**
 * A move as the move list writes it, from its token and the facts the engine
 * reported for it: SAN in chess and for card chess's moves, card actions by
 * their names ("Lost Castle a1↔a8"), Chameleon Chess and Stratego moves in
 * their rules' notation ("a1b3") with what happened in words. Formatting only: which moves are
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
        String t = token;
        int at = t.indexOf('@');
        if (at >= 0) {
            t = t.substring(0, at); // a draw suffix
        }
        StringBuilder b = new StringBuilder();
        if (t.equals("stalemate")) {
            return "stalemate claimed";
        }
        while (t.length() > 3 && t.charAt(2) == '+' && Character.isUpperCase(t.charAt(0))) {
            b.append(Cards.name(t.substring(0, 2))).append(", ");
            t = t.substring(3);
        }
        if (t.length() > 3 && t.charAt(2) == ':' && Character.isUpperCase(t.charAt(0))) {
            String code = t.substring(0, 2);
            b.append(Cards.name(code)).append(' ').append(cardSquares(code, t.substring(3)));
        } else {
            if (b.length() > 0) {
                b.setLength(b.length() - 2);
                b.append(": ");
            }
            b.append(san != null ? san : t);
        }
        return b.toString();
    }

    /** "a1↔a8" for a swap, "e7→e5" for a card movement, "c1→e3→g5" for Crusade, "e4" for one square. */
    private static String cardSquares(String code, String squares) {
        String promotion = squares.length() % 2 == 1 ? squares.substring(squares.length() - 1) : "";
        String body = squares.substring(0, squares.length() - promotion.length());
        String join = code.equals("DD") || code.equals("RV") || code.equals("LC") || code.equals("HQ") ? "↔" : "→";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i + 1 < body.length(); i += 2) {
            b.append(i == 0 ? "" : join).append(body, i, i + 2);
        }
        if (!promotion.isEmpty()) {
            b.append('=').append(Character.toUpperCase(promotion.charAt(0)));
        }
        return b.toString();
    }

    static String chameleon(GameUi game, String token, String facts) {
        if (token.equals("0000")) {
            return "pass";
        }
        boolean capture = fact(facts, "captured") != null;
        String eliminated = fact(facts, "eliminated");
        String out = eliminated == null ? "" : game.sideName(eliminated) + " out";
        if (capture) {
            out = out.isEmpty() ? "capture" : "capture; " + out;
        }
        return out.isEmpty() ? token : token + " (" + out + ")";
    }

    static String stratego(String token, String facts) {
        String move = token.length() >= 4 ? token.substring(0, 4) : token; // the announcement is told in words
        String battle = fact(facts, "battle");
        if (battle == null || battle.length() != 2) {
            return move;
        }
        String winner = facts.contains("attacker wins") ? StrategoPieces.name(battle.charAt(0))
                : facts.contains("defender wins") ? StrategoPieces.name(battle.charAt(1)) : null;
        return move + " (" + StrategoPieces.name(battle.charAt(0)) + " attacks " + StrategoPieces.name(battle.charAt(1))
                + (winner == null ? ": both fall)" : ": " + winner + " wins)");
    }
}
