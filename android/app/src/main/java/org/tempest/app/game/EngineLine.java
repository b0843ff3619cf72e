package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One line of the engine's analysis, read from a search report
 * ("info depth 18 seldepth 24 multipv 2 score cp 35 wdl 230 600 170 nodes
 * 912000 ... time 640 pv e2e4 e7e5 ...", docs/PROTOCOL.md, "Output"). The
 * score, the win/draw/loss chances and the line are the side to move's.
 */
public final class EngineLine {
    /**
     * The engine's model of the win chance (chess's UCI_ShowWDL, games/chess.go
     * winDrawLoss): 50% at +200 centipawns, a logistic curve of scale 90
     * centipawns. The app applies it where the engine reports no "wdl" (card
     * chess), so an expected score means the same in every game.
     */
    static final double WDL_MIDPOINT_CP = 200;
    static final double WDL_SCALE_CP = 90;

    /** The line's rank among the engine's best (MultiPV), 1 where the engine numbers none. */
    public final int rank;
    public final int depth;
    /** Centipawns for the side to move; with mate set, moves to mate instead (negative: it is mated). */
    public final int score;
    public final boolean mate;
    /** "lowerbound" or "upperbound" after an aspiration failure, else "". */
    public final String bound;
    /** Win, draw and loss chances of the side to move in per mille, or null when the engine gives none. */
    private final int[] wdl;
    public final long nodes;
    /** The line's moves, as the engine's tokens. */
    public final List<String> pv;

    private EngineLine(int rank, int depth, int score, boolean mate, String bound, int[] wdl, long nodes,
            List<String> pv) {
        this.rank = rank;
        this.depth = depth;
        this.score = score;
        this.mate = mate;
        this.bound = bound;
        this.wdl = wdl;
        this.nodes = nodes;
        this.pv = Collections.unmodifiableList(pv);
    }

    /**
     * Reads a search report; null for any other line (a "currmove" report, an
     * "info string", a report without a score or a depth, a malformed one).
     */
    public static EngineLine parse(String line) {
        if (!line.startsWith("info ")) {
            return null;
        }
        String[] f = line.trim().split("\\s+");
        int rank = 1;
        int depth = -1;
        int score = 0;
        boolean mate = false;
        boolean scored = false;
        String bound = "";
        int[] wdl = null;
        long nodes = 0;
        List<String> pv = new ArrayList<String>();
        try {
            for (int i = 1; i < f.length; i++) {
                switch (f[i]) {
                    case "depth":
                        depth = Integer.parseInt(f[++i]);
                        break;
                    case "multipv":
                        rank = Integer.parseInt(f[++i]);
                        break;
                    case "score":
                        String kind = f[++i];
                        if (!kind.equals("cp") && !kind.equals("mate")) {
                            return null;
                        }
                        mate = kind.equals("mate");
                        score = Integer.parseInt(f[++i]);
                        scored = true;
                        break;
                    case "lowerbound":
                    case "upperbound":
                        bound = f[i];
                        break;
                    case "wdl":
                        wdl = new int[] {Integer.parseInt(f[i + 1]), Integer.parseInt(f[i + 2]),
                            Integer.parseInt(f[i + 3])};
                        i += 3;
                        break;
                    case "nodes":
                        nodes = Long.parseLong(f[++i]);
                        break;
                    case "currmove":
                        return null;
                    case "pv":
                        // The line runs to the end, or to the free text a game adds ("string worlds 32").
                        for (i++; i < f.length && !f[i].equals("string"); i++) {
                            pv.add(f[i]);
                        }
                        i = f.length;
                        break;
                    case "string":
                        i = f.length; // free text: an "info string" line, or a comment after the line
                        break;
                    default:
                        break; // seldepth, nps, hashfull, tbhits, time and their values: not shown
                }
            }
        } catch (NumberFormatException e) {
            return null;
        } catch (ArrayIndexOutOfBoundsException e) {
            return null;
        }
        if (depth < 0 || !scored || rank < 1) {
            return null;
        }
        return new EngineLine(rank, depth, score, mate, bound, wdl, nodes, pv);
    }

    /** The side to move's win, draw and loss chances in per mille, or null when the engine gives none. */
    public int[] wdl() {
        return wdl == null ? null : wdl.clone();
    }

    /**
     * The side to move's expected score, 0 (a loss) to 1 (a win), a draw
     * counting half: from the engine's "wdl" when it gives one, else from the
     * same model applied to the centipawns; a mate is certain.
     */
    public double expectedScore() {
        if (mate) {
            return score > 0 ? 1 : 0;
        }
        if (wdl != null) {
            return (wdl[0] + wdl[1] / 2.0) / 1000.0;
        }
        return expectedOf(score);
    }

    /** The expected score of a side with this many centipawns, by the engine's win/draw/loss model. */
    public static double expectedOf(int cp) {
        double win = 1 / (1 + Math.exp((WDL_MIDPOINT_CP - cp) / WDL_SCALE_CP));
        double loss = 1 / (1 + Math.exp((WDL_MIDPOINT_CP + cp) / WDL_SCALE_CP));
        return (1 + win - loss) / 2;
    }

    /**
     * The score as an Evaluation from one side: the side to move's own
     * (sideToMove true), or its opponent's, as the evaluation bar reads
     * White's.
     */
    public Evaluation evaluation(boolean sideToMove) {
        int sign = sideToMove ? 1 : -1;
        if (mate) {
            int moves = score == 0 ? -1 : score; // mated now: as a loss
            return new Evaluation(sign * (moves > 0 ? 100000 : -100000), sign * moves);
        }
        return new Evaluation(sign * score, 0);
    }
}
