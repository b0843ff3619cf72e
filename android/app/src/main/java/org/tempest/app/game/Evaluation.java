package org.tempest.app.game;

import java.util.Locale;
import org.tempest.app.engine.UciClient;

/**
 * The engine's opinion of a position from White's side: centipawns, or a
 * mate in so many moves (positive: White mates). Read from a search's
 * "info ... score cp|mate" lines, the last one winning.
 */
public final class Evaluation {
    public final int whiteCp;
    /** Moves to mate for White (positive) or Black (negative); 0 when no mate is seen. */
    public final int whiteMate;

    Evaluation(int whiteCp, int whiteMate) {
        this.whiteCp = whiteCp;
        this.whiteMate = whiteMate;
    }

    /** "+0.35", "−1.20", "M3" (White mates in 3), "−M2". */
    public String text() {
        if (whiteMate != 0) {
            return (whiteMate > 0 ? "M" : "−M") + Math.abs(whiteMate);
        }
        String v = String.format(Locale.ROOT, "%.2f", Math.abs(whiteCp) / 100.0);
        return (whiteCp > 0 ? "+" : whiteCp < 0 ? "−" : "") + v;
    }

    /**
     * White's share of the bar, 0 to 1: a logistic curve of the score, even at
     * 0.5; a mate fills it.
     */
    public double whiteShare() {
        if (whiteMate != 0) {
            return whiteMate > 0 ? 1 : 0;
        }
        return 1 / (1 + Math.pow(10, -whiteCp / 400.0));
    }

    /** Reads the last score of a search's info lines. */
    public static final class Reader implements UciClient.InfoListener {
        private Integer cp;
        private Integer mate;

        @Override
        public void onInfo(String line) {
            String[] f = line.split("\\s+");
            for (int i = 0; i + 2 < f.length; i++) {
                if (!f[i].equals("score")) {
                    continue;
                }
                try {
                    int v = Integer.parseInt(f[i + 2]);
                    if (f[i + 1].equals("cp")) {
                        cp = v;
                        mate = null;
                    } else if (f[i + 1].equals("mate")) {
                        mate = v;
                        cp = null;
                    }
                } catch (NumberFormatException ignored) {
                    // not a score this app reads
                }
            }
        }

        /** The side to move's score in centipawns, mates as ±100000; 0 when there was none. */
        int centipawns() {
            return mate != null ? (mate > 0 ? 100000 : -100000) : cp != null ? cp : 0;
        }

        /** The evaluation from White's side, for a search made with side to move; null without a score. */
        Evaluation forWhite(String side) {
            int sign = side.equals("b") ? -1 : 1;
            if (mate != null) {
                return new Evaluation(sign * (mate > 0 ? 100000 : -100000), sign * mate);
            }
            return cp == null ? null : new Evaluation(sign * cp, 0);
        }
    }
}
