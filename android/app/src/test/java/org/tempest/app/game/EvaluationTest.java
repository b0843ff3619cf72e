package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

/** Scores read from info lines, turned to White's side, written and drawn as a share of the bar. */
public class EvaluationTest {
    private static Evaluation read(String side, String... lines) {
        Evaluation.Reader r = new Evaluation.Reader();
        for (String l : lines) {
            r.onInfo(l);
        }
        return r.forWhite(side);
    }

    @Test
    public void theLastScoreFromWhitesSide() {
        Evaluation e = read("w", "info depth 1 score cp 10 nodes 20 pv e2e4",
                "info depth 2 seldepth 3 score cp 35 lowerbound nodes 90 pv e2e4 e7e5");
        assertEquals(35, e.whiteCp);
        assertEquals("+0.35", e.text());
        e = read("b", "info depth 7 score cp 120 pv d7d5");
        assertEquals(-120, e.whiteCp);
        assertEquals("−1.20", e.text());
        assertEquals(0.5, read("w", "info score cp 0").whiteShare(), 1e-9);
        assertEquals("0.00", read("w", "info score cp 0").text());
        assertEquals(1 / (1 + Math.pow(10, -1)), read("w", "info score cp 400").whiteShare(), 1e-9);
        assertNull("no score, no evaluation", read("w", "info string hello", "info depth 3 nodes 10"));
    }

    @Test
    public void matesFillTheBar() {
        Evaluation e = read("b", "info depth 9 score mate 3 pv d8h4");
        assertEquals(-3, e.whiteMate);
        assertEquals("−M3", e.text());
        assertEquals(0, e.whiteShare(), 0);
        e = read("w", "info depth 9 score cp 300", "info depth 10 score mate 2");
        assertEquals("M2", e.text());
        assertEquals(1, e.whiteShare(), 0);
        e = read("w", "info depth 9 score mate 2", "info depth 10 score cp 250");
        assertEquals("a later centipawn score replaces a mate", "+2.50", e.text());
    }
}
