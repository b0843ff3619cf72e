package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one reader of the engine's move tokens (docs/PROTOCOL.md, VARIANTS.md,
 * CHAMELEON.md, STRATEGO.md), so no screen takes a token apart on its own:
 *
 * <pre>
 *   e2e4  e7e8q              a move in UCI notation, with a promotion piece
 *   VU+HF+e2e4               card chess: cards with "+" before what follows
 *   CR:c1e3g5  FC:e4@?       card chess: a card with its squares, a draw suffix
 *   stalemate                card chess: the claim
 *   0000                     Chameleon Chess: the forced pass
 *   c7c8:Mw  a2a3#nolegal    Stratego: a battle's announcement, an end suffix
 * </pre>
 *
 * Reading only: whether a token is legal and what it did is the engine's word.
 */
public final class MoveToken {
    /** The token as the engine wrote it. */
    public final String token;
    /** Card codes before a "+" (Vulture, Hand of Fate), in order. */
    public final List<String> prefixCards;
    /** The card played with its squares ("CR" of "CR:c1e3g5"), or "". */
    public final String card;
    /** The squares named, in order: e2 and e4; c1, e3 and g5. */
    public final List<String> squares;
    /** A promotion piece in lower case, or 0. */
    public final char promotion;
    /** A battle's announcement, attacker then defender ("Mw"), or "". */
    public final String battle;
    /** An end the arbiter announces ("nolegal"), or "". */
    public final String end;
    /** The card a draw suffix names ("MS", "?"), or "". */
    public final String drawn;
    /** The forced pass ("0000"). */
    public final boolean pass;
    /** Card chess's stalemate claim. */
    public final boolean claim;

    private MoveToken(String token, List<String> prefixCards, String card, List<String> squares, char promotion,
            String battle, String end, String drawn) {
        this.token = token;
        this.prefixCards = Collections.unmodifiableList(prefixCards);
        this.card = card;
        this.squares = Collections.unmodifiableList(squares);
        this.promotion = promotion;
        this.battle = battle;
        this.end = end;
        this.drawn = drawn;
        this.pass = token.equals("0000");
        this.claim = token.equals("stalemate");
    }

    /** Reads a whole token or the start of one (the board's input under way); null reads as "". */
    public static MoveToken parse(String token) {
        String t = token == null ? "" : token;
        String whole = t;
        String drawn = "";
        int at = t.indexOf('@');
        if (at >= 0) {
            drawn = t.substring(at + 1);
            t = t.substring(0, at);
        }
        String end = "";
        int hash = t.indexOf('#');
        if (hash >= 0) {
            end = t.substring(hash + 1);
            t = t.substring(0, hash);
        }
        List<String> prefixes = new ArrayList<String>();
        while (t.length() >= 3 && isCard(t) && t.charAt(2) == '+') {
            prefixes.add(t.substring(0, 2));
            t = t.substring(3);
        }
        String card = "";
        if (t.length() >= 3 && isCard(t) && t.charAt(2) == ':') {
            card = t.substring(0, 2);
            t = t.substring(3);
        }
        String battle = "";
        int colon = t.indexOf(':');
        if (colon >= 0) {
            battle = t.substring(colon + 1);
            t = t.substring(0, colon);
        }
        List<String> squares = new ArrayList<String>();
        int i = 0;
        while (i + 1 < t.length() && isFile(t.charAt(i)) && Character.isDigit(t.charAt(i + 1))) {
            int j = i + 2;
            if (j < t.length() && Character.isDigit(t.charAt(j)) && t.charAt(i + 1) == '1') {
                j++; // a tenth rank
            }
            squares.add(t.substring(i, j));
            i = j;
        }
        char promotion = 0;
        if (i == t.length() - 1 && !squares.isEmpty() && Character.isLetter(t.charAt(i))) {
            promotion = Character.toLowerCase(t.charAt(i));
        }
        return new MoveToken(whole, prefixes, card, squares, promotion, battle, end, drawn);
    }

    /** Whether a token (or the start of one) is a card action: a card with ":" or "+" first. */
    public boolean isCardAction() {
        return !card.isEmpty() || !prefixCards.isEmpty();
    }

    /** The card chosen first in a token under way ("CR" of "CR:c1", "VU" of "VU+" and "VU+CR:c1"), or "". */
    public String chosenCard() {
        return prefixCards.isEmpty() ? card : prefixCards.get(0);
    }

    /** The first and last square, or an empty list: where a piece moved from and to. */
    public List<String> fromTo() {
        if (squares.size() < 2) {
            return Collections.emptyList();
        }
        List<String> out = new ArrayList<String>();
        out.add(squares.get(0));
        out.add(squares.get(squares.size() - 1));
        return out;
    }

    /** Whether the token uses the card's code in any part ("VU+HF+e2e4" uses VU and HF). */
    public boolean uses(String code) {
        return card.equals(code) || prefixCards.contains(code);
    }

    private static boolean isCard(String t) {
        return Character.isUpperCase(t.charAt(0)) && Character.isUpperCase(t.charAt(1));
    }

    private static boolean isFile(char c) {
        return c >= 'a' && c <= 'z';
    }
}
