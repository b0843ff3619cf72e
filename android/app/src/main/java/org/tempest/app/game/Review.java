package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.engine.GameInfo;

/**
 * A game reviewed by the engine: every position searched with the same
 * budget (nodesFor), and each move classified by how much it lowered its
 * mover's expected score (0 a loss, 1 a win, a draw half): the mover's
 * expected score before the move, less the same player's expected score in
 * the position after it (one minus the opponent's, who moves there).
 *
 * <p>The thresholds are in expected score, so a pawn counts for much in a
 * balanced position and little in a won one. With the engine's model
 * (EngineLine.expectedOf), from an even position a move that gives away half
 * a pawn costs 0.05 (an inaccuracy), a pawn 0.11 (a mistake) and 1.7 pawns
 * 0.20 (a blunder), as players name such moves; a queen left for nothing or
 * a mate allowed costs 0.4 and more. The same pawn given away at +5 costs
 * less than 0.01: the game stays won.
 */
public final class Review {
    /** How good a move was. */
    public enum Kind {
        /** The engine's own choice, or no loss at all. */
        BEST,
        /** A loss below GOOD. */
        GOOD,
        INACCURACY,
        MISTAKE,
        BLUNDER
    }

    /**
     * The budget of each position's search in a game that hides nothing
     * (chess): the engine's nodes, so a review is the same on every phone and
     * in the tests (a search to a time would depend on the machine). A game
     * of 40 moves, 81 positions, takes 4.9 s on the build machine's core and
     * 38 s under arm64 emulation, which a phone's core outruns several times
     * (docs/ANDROID.md, "Analysis and review").
     */
    public static final long NODES = 50000;
    /**
     * The budget where hands or pieces hide (card chess): every search deals
     * its worlds first and shares its nodes among eight of them and a
     * comparison of their choices, and a node costs about five times a chess
     * node. 81 positions take 10 s on the build machine's core.
     */
    public static final long SAMPLED_NODES = 20000;
    /** The side whose expected score the graph draws: the first of a White and Black game's sides. */
    static final String WHITE = "w";
    /** The largest loss of a good move (expected score). */
    public static final double GOOD = 0.05;
    /** The largest loss of an inaccuracy. */
    public static final double INACCURACY = 0.10;
    /** The largest loss of a mistake; from here on a move is a blunder. */
    public static final double MISTAKE = 0.20;

    /** The game (UCI_Variant), its start and its moves, as the engine was given them. */
    public final String game;
    public final String start;
    public final List<String> moves;
    /** White's expected score in each position, the start first: moves.size() + 1 values. */
    private final double[] white;
    /** The engine's opinion of each position from White's side (the bar's); null where the game had ended. */
    private final List<Evaluation> evaluations;
    /** The engine's choice in each position ("" where the game had ended). */
    private final List<String> best;
    /** The side to move in each position. */
    private final List<String> toMove;

    Review(String game, String start, List<String> moves, double[] white, List<Evaluation> evaluations,
            List<String> best, List<String> toMove) {
        this.game = game;
        this.start = start;
        this.moves = Collections.unmodifiableList(new ArrayList<String>(moves));
        this.white = white.clone();
        this.evaluations = Collections.unmodifiableList(new ArrayList<Evaluation>(evaluations));
        this.best = Collections.unmodifiableList(new ArrayList<String>(best));
        this.toMove = Collections.unmodifiableList(new ArrayList<String>(toMove));
    }

    /** The nodes of each position's search in a review of this game. */
    public static long nodesFor(GameInfo g) {
        return g.hidden ? SAMPLED_NODES : NODES;
    }

    /** A move's class from the loss of expected score it caused, and whether it was the engine's own choice. */
    public static Kind classify(double loss, boolean enginesChoice) {
        if (enginesChoice || loss <= 0) {
            return Kind.BEST;
        }
        if (loss < GOOD) {
            return Kind.GOOD;
        }
        if (loss < INACCURACY) {
            return Kind.INACCURACY;
        }
        return loss < MISTAKE ? Kind.MISTAKE : Kind.BLUNDER;
    }

    /** How many positions were reviewed (moves + 1). */
    public int positions() {
        return white.length;
    }

    /** White's expected score after the first ply moves (0: the start). */
    public double whiteScore(int ply) {
        return white[ply];
    }

    /** The engine's opinion after ply moves from White's side, or null where the game had ended. */
    public Evaluation evaluation(int ply) {
        return evaluations.get(ply);
    }

    /** The side that made the move of this index (0: the first move). */
    public String mover(int move) {
        return toMove.get(move);
    }

    /** The mover's expected score before and after the move of this index, as the review measured them. */
    public double[] moverScores(int move) {
        boolean whiteMoved = toMove.get(move).equals(WHITE);
        double before = whiteMoved ? white[move] : 1 - white[move];
        double after = whiteMoved ? white[move + 1] : 1 - white[move + 1];
        return new double[] {before, after};
    }

    /** How much expected score the move of this index cost its mover (0 when it gained). */
    public double loss(int move) {
        double[] s = moverScores(move);
        return Math.max(0, s[0] - s[1]);
    }

    /** Whether the move of this index was the engine's own choice in its position. */
    public boolean enginesChoice(int move) {
        return sameMove(best.get(move), moves.get(move));
    }

    /** The class of the move of this index. */
    public Kind kind(int move) {
        return classify(loss(move), enginesChoice(move));
    }

    /** How many of a game's first moves this review judged: none unless it is of the same game from the same start. */
    public int judged(String game, String start, List<String> moves) {
        if (!this.game.equals(game) || !this.start.equals(start)) {
            return 0;
        }
        int n = 0;
        while (n < moves.size() && n < this.moves.size() && moves.get(n).equals(this.moves.get(n))) {
            n++;
        }
        return n;
    }

    /** Whether the review is of this game: the same game, start and moves. */
    public boolean of(String game, String start, List<String> moves) {
        return this.game.equals(game) && this.start.equals(start) && this.moves.equals(moves);
    }

    /**
     * Whether two tokens are the same move: a card-chess draw suffix ("@MS")
     * names the card drawn, which the engine's choice does not.
     */
    static boolean sameMove(String a, String b) {
        return !a.isEmpty() && withoutDraw(a).equals(withoutDraw(b));
    }

    private static String withoutDraw(String token) {
        int at = token.indexOf('@');
        return at < 0 ? token : token.substring(0, at);
    }
}
