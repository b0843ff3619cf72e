package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The documented Elo update (docs/ANDROID.md, "Rated and casual games"). */
public class RatingTest {
    @Test
    public void anEvenGameMovesByHalfOfK() {
        assertEquals(0.5, Rating.expected(1000, 1000), 1e-12);
        assertEquals(1020, Rating.after(1000, 0, new double[] {1}, new double[] {1000}), 1e-9);
        assertEquals(980, Rating.after(1000, 0, new double[] {0}, new double[] {1000}), 1e-9);
        assertEquals(1000, Rating.after(1000, 0, new double[] {0.5}, new double[] {1000}), 1e-9);
    }

    /** 400 above the opponent, a player is expected to score 10 of 11 points. */
    @Test
    public void theExpectedScoreIsLogistic() {
        assertEquals(10.0 / 11, Rating.expected(1400, 1000), 1e-12);
        assertEquals(1.0 / 11, Rating.expected(1000, 1400), 1e-12);
    }

    /** K is 40 for the first 20 rated games of a kind, 20 after; the rating is provisional until then. */
    @Test
    public void theProvisionalPeriodMovesTwiceAsFast() {
        assertEquals(40, Rating.k(0), 0);
        assertEquals(40, Rating.k(19), 0);
        assertEquals(20, Rating.k(20), 0);
        assertTrue(Rating.provisional(19));
        assertFalse(Rating.provisional(20));
        assertEquals(1010, Rating.after(1000, 20, new double[] {1}, new double[] {1000}), 1e-9);
    }

    /** Several opponents share K: each counts K/n, by the points against it. */
    @Test
    public void severalOpponentsShareK() {
        double[] elo = {1000, 1000, 1000};
        // Second of four: ahead of two, behind the winner.
        assertEquals(1000 + 40.0 / 3 * (1 + 1 + 0 - 1.5), Rating.after(1000, 0, new double[] {1, 1, 0}, elo), 1e-9);
        assertEquals(Rating.START, 1000, 0);
    }
}
