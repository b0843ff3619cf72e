package org.tempest.app.game;

/**
 * The Elo update of a rated game (docs/ANDROID.md, "Rated and casual
 * games"). A person's rating in a kind of game starts at START; after each
 * rated game it moves by K times the points scored less the points
 * expected against the level's rating in that game:
 *
 * <pre>
 *   expected = 1 / (1 + 10^((opponent - rating) / 400))
 *   rating' = rating + K / n * sum over the n opponents of (points - expected)
 * </pre>
 *
 * with points 1, 1/2 or 0 against each opponent (in a game of several
 * players, by the finishing order: ahead, level or behind), and K 40 for the
 * first PROVISIONAL_GAMES rated games of the kind (the rating is then
 * provisional: it moves fast while it finds its place) and 20 after.
 */
public final class Rating {
    /** Every rating's start: the greedy level of the variants' scales, about the greedy level's 1050 in chess. */
    public static final double START = 1000;
    /** Rated games before a rating is established. */
    public static final int PROVISIONAL_GAMES = 20;
    /** K while provisional, and after. */
    public static final double K_PROVISIONAL = 40;
    public static final double K = 20;

    private Rating() {
    }

    /** The points expected of a player rated own against one rated opponent. */
    public static double expected(double own, double opponent) {
        return 1 / (1 + Math.pow(10, (opponent - own) / 400));
    }

    /** K for a player with that many rated games of the kind before this one. */
    public static double k(int gamesBefore) {
        return gamesBefore < PROVISIONAL_GAMES ? K_PROVISIONAL : K;
    }

    /**
     * The rating after a game: before, with gamesBefore rated games of the
     * kind, scoring points[j] against opponents rated opponents[j].
     */
    public static double after(double before, int gamesBefore, double[] points, double[] opponents) {
        if (points.length != opponents.length || points.length == 0) {
            throw new IllegalArgumentException("a rated game has one score per opponent");
        }
        double sum = 0;
        for (int j = 0; j < points.length; j++) {
            sum += points[j] - expected(before, opponents[j]);
        }
        return before + k(gamesBefore) / points.length * sum;
    }

    /** Whether a rating of so many games is still provisional. */
    public static boolean provisional(int games) {
        return games < PROVISIONAL_GAMES;
    }
}
