package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tempest.app.engine.GameInfo;

/**
 * What the board view draws, read from the engine's position string on the
 * board the game declares: the pieces with their marks and, when the game
 * has cards, the markers, hands and piles; for a game with its own "board"
 * command (Chameleon Chess) its lines (field colours, owners, roles,
 * bounds). Only for drawing; the rules stay in the engine.
 */
public final class BoardModel {
    /** The game's name, which the screens' table of looks is keyed by. */
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

    /** Reads a position string on the game's board. */
    public static BoardModel parse(GameInfo game, String position) {
        return parse(game, position, Collections.<String>emptyList());
    }

    /**
     * Reads what to draw: the game's own "board" lines when it has them,
     * else the position string; the card fields when the game has cards.
     * Input it does not understand is skipped, so a field the engine adds
     * later does no harm.
     */
    public static BoardModel parse(GameInfo game, String position, List<String> boardLines) {
        return read(game.name, game.files, game.ranks, game.cards, position, boardLines);
    }

    /**
     * The same reading on a board given by its size, for a position that is
     * no game's (the how-to screen's diagrams).
     */
    public static BoardModel read(String variant, int files, int ranks, boolean cards, String position,
            List<String> boardLines) {
        BoardModel m = new BoardModel(variant, files, ranks);
        if (!boardLines.isEmpty()) {
            m.readBoardLines(boardLines);
            return m;
        }
        String[] f = position.trim().split("\\s+");
        m.readPlacement(f[0]);
        if (cards && f.length >= 13) {
            m.readCards(f);
        }
        if (f.length > 4) {
            m.readDefeated(f[4]);
        }
        return m;
    }

    /** The pieces of a placement alone, on a board of the given size (a screen that shows a look). */
    public static BoardModel placement(String variant, int files, int ranks, String position) {
        BoardModel m = new BoardModel(variant, files, ranks);
        m.readPlacement(position.trim().split("\\s+")[0]);
        return m;
    }

    /**
     * The placement: ranks from the last to the first, separated by '/';
     * digit runs for empty squares ("10"), each piece letter optionally
     * followed by its marks '!' (revealed in a battle) and '\'' (moved).
     */
    private void readPlacement(String placement) {
        String[] rows = placement.split("/");
        for (int i = 0; i < rows.length && i < ranks; i++) {
            int rank = ranks - 1 - i;
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
                    revealed[last] = true;
                } else if (c == '\'' && last >= 0) {
                    moved[last] = true;
                } else if (Character.isLetter(c) && file < files) {
                    last = rank * files + file;
                    pieces[last] = c;
                    file++;
                }
            }
        }
    }

    /** Card chess's fields after the FEN: forbidden squares, Champions, shields, hands, draw and discard piles. */
    private void readCards(String[] f) {
        squares(f[6], forbidden);
        squares(f[7], champions);
        squares(f[8], shields);
        for (String h : f[9].split("/", -1)) {
            hands.add(h.isEmpty() || h.equals("-") ? Collections.<String>emptyList() : Arrays.asList(h.split(",")));
        }
        if (f[10].equals("-")) {
            drawPile = 0;
        } else if (f[10].matches("\\d+")) {
            drawPile = Integer.parseInt(f[10]);
        } else {
            drawPile = f[10].split(",").length;
        }
        if (!f[11].equals("-")) {
            discard.addAll(Arrays.asList(f[11].split(",")));
        }
    }

    /** Stratego's defeated lists, "V:<letters>,E:<letters>"; another game's field there has no such parts. */
    private void readDefeated(String field) {
        for (String part : field.split(",")) {
            if (part.startsWith("V:")) {
                defeatedV = part.substring(2);
            } else if (part.startsWith("E:")) {
                defeatedE = part.substring(2);
            }
        }
    }

    /**
     * A game's "board" lines (Chameleon Chess): "rank <n>" and a square per
     * file, each its field colour (upper case in play, lower case gone) and
     * "..." or the pawn's owner, knight colour and role; then a line of
     * key-value pairs (bounds, tomove, players, eliminated, ...).
     */
    private void readBoardLines(List<String> lines) {
        for (String line : lines) {
            String[] t = line.trim().split("\\s+");
            if (t.length >= 2 && t[0].equals("rank")) {
                int rank;
                try {
                    rank = Integer.parseInt(t[1]) - 1;
                } catch (NumberFormatException e) {
                    continue;
                }
                if (rank < 0 || rank >= ranks) {
                    continue;
                }
                for (int file = 0; file < files && file + 2 < t.length; file++) {
                    String sq = t[file + 2];
                    int i = rank * files + file;
                    char fc = sq.isEmpty() ? '?' : sq.charAt(0);
                    field[i] = Character.toUpperCase(fc);
                    inBounds[i] = Character.isUpperCase(fc);
                    if (sq.length() >= 4 && sq.charAt(1) != '.') {
                        pieces[i] = sq.charAt(1);
                        knight[i] = sq.charAt(2);
                        role[i] = sq.charAt(3);
                    }
                }
            } else {
                for (int k = 0; k + 1 < t.length; k += 2) {
                    String v = t[k + 1];
                    if (t[k].equals("bounds")) {
                        bounds = v;
                    } else if (t[k].equals("players")) {
                        players = v;
                    } else if (t[k].equals("eliminated") && !v.equals("-")) {
                        eliminated.addAll(Arrays.asList(v.split(",")));
                    }
                }
            }
        }
    }

    private static void squares(String field, Set<String> out) {
        if (!field.equals("-")) {
            out.addAll(Arrays.asList(field.split(",")));
        }
    }
}
