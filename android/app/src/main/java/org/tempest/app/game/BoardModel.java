package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the board view draws, read from the engine's position string: the
 * pieces and, in card chess, the markers, hands and piles; in Chameleon Chess
 * the engine's "board" lines (field colours, owners, roles, bounds); in
 * Stratego the view's pieces with their marks, and the lakes. Only for
 * drawing; the rules stay in the engine.
 */
public final class BoardModel {
    public final String variant;
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

    /** Stratego: squares of the lakes (from the position's empty-square runs, which skip them too). */
    public final Set<String> lakes = new HashSet<String>();
    /** Stratego: pieces shown in a battle ('!') and pieces that have moved ('\''), by square index. */
    private final boolean[] revealed;
    private final boolean[] moved;
    /** Stratego: the defeated lists, Volcandria's and Everwinter's letters, oldest first. */
    public String defeatedV = "";
    public String defeatedE = "";

    /** Chameleon Chess: field colour letters (R, G, Y, B) by square index. */
    private final char[] field;
    /** Chameleon Chess: squares still in play. */
    private final boolean[] inBounds;
    /** Chameleon Chess: a pawn's knight colour and its role here (N, Q, B, R), by square index. */
    private final char[] knight;
    private final char[] role;
    /** Chameleon Chess: the bounds ("a1h8"), the players who started in turn order ("rbyg"). */
    public String bounds = "";
    public String players = "";
    /** Chameleon Chess: players eliminated, in order, with the ply ("g@12"). */
    public final List<String> eliminated = new ArrayList<String>();

    private BoardModel(String variant, int files, int ranks) {
        this.variant = variant;
        this.files = files;
        this.ranks = ranks;
        int n = files * ranks;
        this.pieces = new char[n];
        this.revealed = new boolean[n];
        this.moved = new boolean[n];
        this.field = new char[n];
        this.inBounds = new boolean[n];
        this.knight = new char[n];
        this.role = new char[n];
        java.util.Arrays.fill(inBounds, true);
    }

    public boolean isChameleon() {
        return variant.equals(GameSetup.CHAMELEON);
    }

    public boolean isStratego() {
        return variant.equals(GameSetup.STRATEGO);
    }

    /** Stratego: whether the piece on a square was revealed in a battle. */
    public boolean revealed(int file, int rank) {
        return revealed[rank * files + file];
    }

    /** Stratego: whether the piece on a square has moved. */
    public boolean moved(int file, int rank) {
        return moved[rank * files + file];
    }

    /** Chameleon Chess: the field colour of a square ('R', 'G', 'Y', 'B'; '\0' when unknown). */
    public char field(int file, int rank) {
        return field[rank * files + file];
    }

    /** Chameleon Chess: whether the square is still in play. */
    public boolean inBounds(int file, int rank) {
        return inBounds[rank * files + file];
    }

    /** Chameleon Chess: the knight colour of the pawn on a square ('r', 'g', 'y', 'b'). */
    public char knightColour(int file, int rank) {
        return knight[rank * files + file];
    }

    /** Chameleon Chess: the role of the pawn on a square (N, Q, B, R), '\0' when empty. */
    public char role(int file, int rank) {
        return role[rank * files + file];
    }

    /** Chameleon Chess: whether a player was eliminated. */
    public boolean isEliminated(String player) {
        for (String e : eliminated) {
            if (e.startsWith(player)) {
                return true;
            }
        }
        return false;
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
        return parse(variant, position, Collections.<String>emptyList());
    }

    /**
     * Reads what to draw: the position string and, in Chameleon Chess, the
     * engine's "board" lines. Input it does not understand is skipped, so a
     * field the engine adds later does no harm.
     */
    public static BoardModel parse(String variant, String position, List<String> boardLines) {
        String[] f = position.trim().split("\\s+");
        if (variant.equals(GameSetup.CHAMELEON)) {
            return parseChameleon(boardLines);
        }
        if (variant.equals(GameSetup.STRATEGO)) {
            return parseStratego(f);
        }
        BoardModel m = new BoardModel(variant, 8, 8);
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

    /** The lakes of the Stratego board: c4 d4 g4 h4 c5 d5 g5 h5. */
    private static final String[] LAKES = {"c4", "d4", "g4", "h4", "c5", "d5", "g5", "h5"};

    /**
     * Stratego's placement: ranks 8 to 1, files a to j, digit runs for
     * empty squares ("10"), each piece letter optionally followed by its
     * marks '!' (revealed) and '\'' (moved).
     */
    private static BoardModel parseStratego(String[] f) {
        BoardModel m = new BoardModel(GameSetup.STRATEGO, 10, 8);
        m.lakes.addAll(Arrays.asList(LAKES));
        String[] rows = f[0].split("/");
        for (int i = 0; i < rows.length && i < 8; i++) {
            int rank = 7 - i;
            int file = 0;
            int last = -1;
            String row = rows[i];
            for (int j = 0; j < row.length(); j++) {
                char c = row.charAt(j);
                if (Character.isDigit(c)) {
                    int n = c - '0';
                    while (j + 1 < row.length() && Character.isDigit(row.charAt(j + 1))) {
                        n = n * 10 + row.charAt(++j) - '0';
                    }
                    file += n;
                    last = -1;
                } else if (c == '!' && last >= 0) {
                    m.revealed[last] = true;
                } else if (c == '\'' && last >= 0) {
                    m.moved[last] = true;
                } else if (Character.isLetter(c) && file < 10) {
                    last = rank * 10 + file;
                    m.pieces[last] = c;
                    file++;
                }
            }
        }
        if (f.length > 4 && !f[4].equals("-")) {
            for (String part : f[4].split(",")) {
                if (part.startsWith("V:")) {
                    m.defeatedV = part.substring(2);
                } else if (part.startsWith("E:")) {
                    m.defeatedE = part.substring(2);
                }
            }
        }
        return m;
    }

    /**
     * Chameleon Chess from the engine's "board" lines: "rank <n>" and eight
     * squares, each its field colour (upper case in play, lower case gone)
     * and "..." or the pawn's owner, knight colour and role; then a line of
     * key-value pairs (bounds, tomove, players, eliminated, ...).
     */
    private static BoardModel parseChameleon(List<String> lines) {
        BoardModel m = new BoardModel(GameSetup.CHAMELEON, 8, 8);
        for (String line : lines) {
            String[] t = line.trim().split("\\s+");
            if (t.length >= 2 && t[0].equals("rank")) {
                int rank;
                try {
                    rank = Integer.parseInt(t[1]) - 1;
                } catch (NumberFormatException e) {
                    continue;
                }
                if (rank < 0 || rank >= 8) {
                    continue;
                }
                for (int file = 0; file < 8 && file + 2 < t.length; file++) {
                    String sq = t[file + 2];
                    int i = rank * 8 + file;
                    char fc = sq.isEmpty() ? '?' : sq.charAt(0);
                    m.field[i] = Character.toUpperCase(fc);
                    m.inBounds[i] = Character.isUpperCase(fc);
                    if (sq.length() >= 4 && sq.charAt(1) != '.') {
                        m.pieces[i] = sq.charAt(1);
                        m.knight[i] = sq.charAt(2);
                        m.role[i] = sq.charAt(3);
                    }
                }
            } else {
                for (int k = 0; k + 1 < t.length; k += 2) {
                    String v = t[k + 1];
                    if (t[k].equals("bounds")) {
                        m.bounds = v;
                    } else if (t[k].equals("players")) {
                        m.players = v;
                    } else if (t[k].equals("eliminated") && !v.equals("-")) {
                        m.eliminated.addAll(Arrays.asList(v.split(",")));
                    }
                }
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

    /** Whether the board has a square (Stratego: not a lake; Chameleon Chess: in play). */
    public boolean playable(int file, int rank) {
        return inBounds(file, rank) && !lakes.contains(squareName(file, rank));
    }
}
