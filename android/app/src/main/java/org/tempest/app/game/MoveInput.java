package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns taps on squares and cards into one of the engine's legal tokens. The
 * player builds the token from the left: a card (with its ':' or '+'), then
 * squares, then a promotion piece if several tokens remain. Every step is
 * checked against the legal tokens, so only legal input can be made and no
 * rule is known here.
 */
public final class MoveInput {
    /** What a tap did. */
    public enum Result {
        /** The tap does not continue any legal token; nothing changed. */
        IGNORED,
        /** The token is under way: see prefix() and targets(). */
        SELECTED,
        /** The selection was cleared. */
        CLEARED,
        /** The token is complete: see complete(). */
        COMPLETE,
        /** Several tokens differ only in their last letter (promotion): see choices(). */
        CHOOSE
    }

    private final List<String> legal;
    private String prefix = "";
    private String complete;

    public MoveInput(List<String> legal) {
        this.legal = new ArrayList<String>(legal);
    }

    public String prefix() {
        return prefix;
    }

    public String complete() {
        return complete;
    }

    public void clear() {
        prefix = "";
        complete = null;
    }

    /** A tap on a square. */
    public Result tapSquare(String square) {
        if (!prefix.isEmpty() && prefix.endsWith(square) && isPlainSelection()) {
            clear();
            return Result.CLEARED;
        }
        Result r = extend(prefix + square);
        if (r == Result.IGNORED && isPlainSelection() && !prefix.isEmpty()) {
            // Another own piece: start over from it.
            Result again = extend(square);
            if (again == Result.IGNORED) {
                clear();
                return Result.CLEARED;
            }
            return again;
        }
        return r;
    }

    /** A tap on a card in the hand, by its code ("FC"); a second tap deselects it. */
    public Result tapCard(String code) {
        if (prefix.equals(code + ":") || prefix.equals(code + "+")) {
            clear();
            return Result.CLEARED;
        }
        String base = prefix.endsWith("+") ? prefix : "";
        for (String sep : new String[] {"", ":", "+"}) {
            String p = base + code + sep;
            if (sep.isEmpty() ? legal.contains(p) && candidates(p + ":").isEmpty() && candidates(p + "+").isEmpty()
                    : !candidates(p).isEmpty()) {
                return extend(p);
            }
        }
        return Result.IGNORED;
    }

    /** A whole token given by a button ("stalemate", "0000"), if it is legal. */
    public Result tapToken(String token) {
        if (!legal.contains(token)) {
            return Result.IGNORED;
        }
        prefix = token;
        complete = token;
        return Result.COMPLETE;
    }

    /** Finishes a CHOOSE with one of choices(). */
    public Result choose(String token) {
        return tapToken(token);
    }

    /** The tokens left to choose between after CHOOSE. */
    public List<String> choices() {
        return candidates(prefix);
    }

    /** Squares already picked in the token under way. */
    public Set<String> selectedSquares() {
        Set<String> out = new LinkedHashSet<String>();
        String body = prefix.substring(prefix.lastIndexOf(prefix.contains("+") ? '+' : ':') + 1);
        for (int i = 0; i + 1 < body.length(); i += 2) {
            out.add(body.substring(i, i + 2));
        }
        return out;
    }

    /** Squares that can come next in the token under way. */
    public Set<String> targets() {
        Set<String> out = new LinkedHashSet<String>();
        for (String c : candidates(prefix)) {
            if (c.length() >= prefix.length() + 2 && isSquare(c.substring(prefix.length(), prefix.length() + 2))) {
                out.add(c.substring(prefix.length(), prefix.length() + 2));
            }
        }
        return out;
    }

    /** Card codes that can be chosen now. */
    public Set<String> playableCards() {
        Set<String> out = new LinkedHashSet<String>();
        String base = prefix.endsWith("+") ? prefix : "";
        if (!prefix.isEmpty() && base.isEmpty()) {
            return out;
        }
        for (String c : candidates(base)) {
            String rest = c.substring(base.length());
            if (rest.length() >= 2 && Character.isUpperCase(rest.charAt(0)) && Character.isUpperCase(rest.charAt(1))) {
                out.add(rest.substring(0, 2));
            }
        }
        return out;
    }

    private Result extend(String p) {
        List<String> c = candidates(p);
        if (c.isEmpty()) {
            return Result.IGNORED;
        }
        prefix = p;
        if (c.size() == 1 && c.get(0).equals(p)) {
            complete = p;
            return Result.COMPLETE;
        }
        if (c.size() > 1 && !c.contains(p) && onlyLastLetterDiffers(p, c)) {
            return Result.CHOOSE;
        }
        return Result.SELECTED;
    }

    private static boolean onlyLastLetterDiffers(String p, List<String> c) {
        for (String t : c) {
            if (t.length() != p.length() + 1 || !Character.isLetter(t.charAt(p.length()))) {
                return false;
            }
        }
        return true;
    }

    private boolean isPlainSelection() {
        return !prefix.contains(":") && !prefix.contains("+");
    }

    private List<String> candidates(String p) {
        List<String> out = new ArrayList<String>();
        for (String t : legal) {
            if (t.startsWith(p)) {
                out.add(t);
            }
        }
        return Collections.unmodifiableList(out);
    }

    private static boolean isSquare(String s) {
        return s.length() == 2 && s.charAt(0) >= 'a' && s.charAt(0) <= 'z' && s.charAt(1) >= '1' && s.charAt(1) <= '9';
    }
}
