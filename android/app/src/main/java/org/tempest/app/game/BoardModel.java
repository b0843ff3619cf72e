package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the board view draws, read from the engine's position string: the
 * pieces and, in card chess, the markers, hands and piles. Only for drawing;
 * the rules stay in the engine.
 */
public final class BoardModel {
    public final int files;
    public final int ranks;
    /** Piece letters by square index (rank * files + file), FEN style; '\0' when empty. */
    private final char[] pieces;
    public final Set<String> forbidden = new HashSet<String>();
    public final Set<String> champions = new HashSet<String>();
    public final Set<String> shields = new HashSet<String>();
    /** Card chess hands, White's then Black's; "?" for a card the reader cannot see. */
    public final List<List<String>> hands = new ArrayList<List<String>>();
    /** Card chess: cards in the draw pile. */
    public int drawPile;
    /** Card chess: the discard pile, bottom to top. */
    public final List<String> discard = new ArrayList<String>();

    private BoardModel(int files, int ranks) {
        this.files = files;
        this.ranks = ranks;
        this.pieces = new char[files * ranks];
    }

    /** The piece on a square, '\0' when empty. */
    public char piece(int file, int rank) {
        return pieces[rank * files + file];
    }

    public static String squareName(int file, int rank) {
        return "" + (char) ('a' + file) + (rank + 1);
    }

    /** File and rank of a square name, or null if it is not one. */
    public int[] square(String name) {
        if (name.length() < 2) {
            return null;
        }
        int f = name.charAt(0) - 'a';
        int r;
        try {
            r = Integer.parseInt(name.substring(1)) - 1;
        } catch (NumberFormatException e) {
            return null;
        }
        if (f < 0 || f >= files || r < 0 || r >= ranks) {
            return null;
        }
        return new int[] {f, r};
    }

    /** Reads a position string of chess (FEN) or card chess. */
    public static BoardModel parse(String variant, String position) {
        String[] f = position.trim().split("\\s+");
        BoardModel m = new BoardModel(8, 8);
        String[] rows = f[0].split("/");
        for (int i = 0; i < rows.length && i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            for (char c : rows[i].toCharArray()) {
                if (c >= '1' && c <= '8') {
                    file += c - '0';
                } else if (file < 8) {
                    m.pieces[rank * 8 + file] = c;
                    file++;
                }
            }
        }
        if (variant.equals("chessmate") && f.length >= 13) {
            squares(f[6], m.forbidden);
            squares(f[7], m.champions);
            squares(f[8], m.shields);
            String[] hands = f[9].split("/", -1);
            for (String h : hands) {
                m.hands.add(h.isEmpty() || h.equals("-") ? Collections.<String>emptyList()
                        : Arrays.asList(h.split(",")));
            }
            if (f[10].equals("-")) {
                m.drawPile = 0;
            } else if (f[10].matches("\\d+")) {
                m.drawPile = Integer.parseInt(f[10]);
            } else {
                m.drawPile = f[10].split(",").length;
            }
            if (!f[11].equals("-")) {
                m.discard.addAll(Arrays.asList(f[11].split(",")));
            }
        }
        return m;
    }

    private static void squares(String field, Set<String> out) {
        if (!field.equals("-")) {
            out.addAll(Arrays.asList(field.split(",")));
        }
    }

    /** The side that owns a piece letter: "w" for upper case, "b" for lower. */
    public static String owner(char piece) {
        return Character.isUpperCase(piece) ? "w" : "b";
    }
}
