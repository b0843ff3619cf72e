package org.tempest.app.ui;

import org.tempest.app.game.Review;

/**
 * How a review's classes are shown: a symbol after the move (the
 * annotation symbols players know, a star for the engine's own choice), its
 * colour (readable on the light and the dark theme's background) and its
 * words, which a screen reader says instead of the symbol.
 */
final class ReviewMarks {
    private ReviewMarks() {
    }

    static String symbol(Review.Kind k) {
        switch (k) {
            case BEST:
                return "★";
            case GOOD:
                return "✓";
            case INACCURACY:
                return "?!";
            case MISTAKE:
                return "?";
            default:
                return "??";
        }
    }

    static int color(Review.Kind k) {
        switch (k) {
            case BEST:
                return 0xFF2E9E4F;
            case GOOD:
                return 0xFF7A9A3A;
            case INACCURACY:
                return 0xFFD09A00;
            case MISTAKE:
                return 0xFFE8650A;
            default:
                return 0xFFD83030;
        }
    }

    static String words(Review.Kind k) {
        switch (k) {
            case BEST:
                return "best move";
            case GOOD:
                return "good move";
            case INACCURACY:
                return "inaccuracy";
            case MISTAKE:
                return "mistake";
            default:
                return "blunder";
        }
    }

    /** "inaccuracies", "best moves": the words for a count of more than one. */
    static String plural(Review.Kind k) {
        return k == Review.Kind.INACCURACY ? "inaccuracies" : words(k) + "s";
    }
}
