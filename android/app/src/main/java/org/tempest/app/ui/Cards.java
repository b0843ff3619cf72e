package org.tempest.app.ui;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The card-chess cards as a player reads them: name, kind, a one-line summary
 * and the full rule in plain words (the project's card-chess specification,
 * §4 and §5, retold). The engine stays the judge of what is legal.
 */
final class Cards {
    /** How a card is played, as the specification's headings name it. */
    enum Kind {
        ACTION("action", "Action card: it is your whole turn, instead of a move."),
        CONTINUING("action, continuing", "Action card with a lasting effect: it is your whole turn, "
                + "and its effect stays on the board."),
        PRE_MOVE("pre-move", "Played before your move: play it, then make a regular move."),
        REACTION("reaction", "Reaction: free, at the very start of your turn; you may still play another card."),
        MOVE_MODIFIER("move modifier", "A special move: a bishop double move as your turn.");

        /** The words in the specification's heading, "### CW — Cowardice (action)". */
        final String heading;
        final String explained;

        Kind(String heading, String explained) {
            this.heading = heading;
            this.explained = explained;
        }
    }

    private static final class Card {
        final String name;
        final Kind kind;
        final String summary;
        final String rule;

        Card(String name, Kind kind, String summary, String rule) {
            this.name = name;
            this.kind = kind;
            this.summary = summary;
            this.rule = rule;
        }
    }

    private static final Map<String, Card> CARDS = new LinkedHashMap<String, Card>();

    /** The rules every card shares, shown under each card's own rule. */
    static final String GENERAL = "One card per turn besides Vulture, and never an obligation. A card can only "
            + "be played when it has a legal use, and your king must be safe when your turn ends. Kings are "
            + "never captured or removed; a swap or a card movement is not a capture. Crusade and the action "
            + "cards other than Champion and Forbidden City may not give checkmate.";

    static {
        put("CW", "Cowardice", Kind.ACTION, "Move an enemy pawn one or two squares back.",
                "Choose an enemy pawn and push it one or two squares straight back, towards its owner's first "
                        + "rank. Every square it crosses or lands on must be empty and not forbidden. It may end "
                        + "on its owner's first rank and gives no en-passant chance. A shielded pawn can be "
                        + "pushed too, since it is not captured.");
        put("DM", "Dark Mirror", Kind.ACTION, "Your pawn captures diagonally backwards.",
                "One of your pawns captures one square diagonally backwards, towards your own first rank. "
                        + "It must take an enemy piece that is neither the king nor shielded. There is no en "
                        + "passant and no promotion this way; the pawn may end on your first rank.");
        put("DD", "Death Dance", Kind.ACTION, "Swap your piece with an enemy piece next to it.",
                "Choose one of your pieces and an enemy piece on one of the squares touching it: the two "
                        + "swap squares. Either may be a king. A king or rook moved this way loses its castling "
                        + "right. A pawn that lands on its last rank promotes at once: yours to the piece you "
                        + "choose, the opponent's to a queen.");
        put("DI", "Disintegration", Kind.ACTION, "Remove one of your own pawns.",
                "Take one of your own pawns off the board for good.");
        put("CH", "Champion", Kind.CONTINUING, "A knight leaps (3,4) from now on.",
                "Choose any knight on the board, yours or the opponent's, that is not a Champion yet. From now "
                        + "on it leaps three squares one way and four the other (eight jumps) instead of the "
                        + "usual knight jump. It still jumps over pieces and forbidden squares, captures where "
                        + "it lands and gives check, and it still counts as a knight for the other cards. The "
                        + "gold star marks it until it leaves the board. Its lasting effect may give checkmate.");
        put("RB", "Rebirth", Kind.ACTION, "Send an enemy piece back to a starting square.",
                "Send an enemy piece back to a square where a piece of its kind starts for its colour: rooks "
                        + "on the a- and h-files, knights b and g, bishops c and f, the queen d and the king e of "
                        + "its first rank, a pawn any square of its second rank. The square must not be "
                        + "forbidden, and it must be empty or hold one of your own pieces other than the king, "
                        + "which you sacrifice. The piece must really move. A king may be reborn if its square "
                        + "is free; it may be put in check but not mated. It gains no castling right.");
        put("RV", "Revelation", Kind.ACTION, "Swap a knight and a bishop of one owner.",
                "Choose any knight (a Champion too) and a bishop of the same player, yours or the opponent's: "
                        + "the two swap squares. No piece changes its kind.");
        put("LJ", "Long Jump", Kind.ACTION, "Your knight jumps to any free square of the other colour.",
                "One of your knights (a Champion too) jumps to any empty square that is not forbidden and has "
                        + "the other colour than the square it stands on. It captures nothing.");
        put("LC", "Lost Castle", Kind.ACTION, "Swap your rook with an enemy rook.",
                "One of your rooks and one enemy rook swap squares. Both lose their castling rights.");
        put("MS", "Mystic Shield", Kind.ACTION, "Your piece cannot be captured next turn.",
                "Choose one of your pieces. During the opponent's next turn nothing may capture it: no move, "
                        + "no en passant, no Dark Mirror, no Crusade. Cards may still move it, and it still "
                        + "attacks and gives check. The blue ring marks it until the opponent's turn ends.");
        put("FC", "Forbidden City", Kind.CONTINUING, "An empty square is closed for the rest of the game.",
                "Choose an empty square that is not forbidden yet: it is closed for the rest of the game (the "
                        + "red cross). No piece may stop on it or pass through it: not a sliding piece, a pawn's "
                        + "double step, castling, Cowardice or Crusade. It also blocks lines of attack, so it "
                        + "can stop a check. Knights and Champions jump over it. Its lasting effect may give "
                        + "checkmate.");
        put("HQ", "Holy Quest", Kind.ACTION, "Swap your bishop with an enemy knight.",
                "One of your bishops and an enemy knight (a Champion too) swap squares.");
        put("HF", "Hand of Fate", Kind.PRE_MOVE, "Swap hands with the opponent, then move.",
                "Play it first: you take the opponent's three cards, and the opponent takes your other two "
                        + "and draws one. Then you make a regular move and play no other card this turn. It can "
                        + "only be played when you have a regular move to make.");
        put("VU", "Vulture", Kind.REACTION, "Take the card the opponent just played.",
                "At the start of your turn, when the opponent played a card on its last turn: take that card "
                        + "into your hand. Vulture goes to the discard pile and you draw nothing. It does not "
                        + "count as your card for the turn, so you may then play any card, even the one you "
                        + "just took. A Vulture you receive during your turn waits for your next one.");
        put("CR", "Crusade", Kind.MOVE_MODIFIER, "Your bishop moves twice, the first time without capturing.",
                "One of your bishops makes a regular bishop move that captures nothing, then at once a second "
                        + "bishop move from its new square. The second move must be made; it may capture (not "
                        + "the king, not a shielded piece) or return to the starting square. Forbidden squares "
                        + "block both moves, and only the final position must leave your king safe.");
    }

    private static void put(String code, String name, Kind kind, String summary, String rule) {
        CARDS.put(code, new Card(name, kind, summary, rule));
    }

    private Cards() {
    }

    /** Every card code, in the order of the specification. */
    static List<String> codes() {
        return Collections.unmodifiableList(new ArrayList<String>(CARDS.keySet()));
    }

    static boolean known(String code) {
        return CARDS.containsKey(code);
    }

    /** The card, or for a code this app does not know one named by its code with no rule. */
    private static Card card(String code) {
        Card c = CARDS.get(code);
        return c != null ? c : new Card(code, null, "", "");
    }

    static String name(String code) {
        return card(code).name;
    }

    static String summary(String code) {
        return card(code).summary;
    }

    static Kind kind(String code) {
        return card(code).kind;
    }

    static String rule(String code) {
        return card(code).rule;
    }

    /** The help text: how the card is played, its rule and the rules all cards share. */
    static String help(String code) {
        Card c = CARDS.get(code);
        if (c == null) {
            return "A card this app does not know: " + code + ".";
        }
        return c.kind.explained + "\n\n" + c.rule + "\n\n" + GENERAL;
    }

    /** The ways the card can be played now: the legal tokens that use it ("VU+HF+e2e4" uses both cards). */
    static int uses(String code, List<String> legal) {
        int n = 0;
        for (String t : legal) {
            for (String part : t.split("\\+")) {
                if (part.equals(code) || part.startsWith(code + ":")) {
                    n++;
                    break;
                }
            }
        }
        return n;
    }
}
