package org.tempest.app.ui;

import org.tempest.app.game.Features;
import org.tempest.app.game.Snapshot;

/** Who sits where at the game screen: the person looking at it, and how the board turns to them. */
final class Seats {
    private Seats() {
    }

    /**
     * The side whose person looks at the screen: the one person against the
     * engine, or in pass and play the side to move (the board turns to it,
     * its hand is shown).
     */
    static String humanSide(Snapshot s) {
        if (passAndPlay(s) && s.setup.isHuman(s.state.toMove)) {
            return s.state.toMove;
        }
        return s.setup.firstHuman(s.game);
    }

    /** A game for two people at the phone with people on both sides. */
    static boolean passAndPlay(Snapshot s) {
        return Features.passAndPlay(s.game) && s.everySideHuman();
    }

    /**
     * The board turned so the person's side is at the bottom, the players
     * sitting round it in their turn order: of two, the second sees it turned
     * round; of four (Chameleon Chess) the second sits at the a-file, the
     * third opposite the first and the fourth at the last file.
     */
    static int defaultTurns(Snapshot s) {
        int seat = Math.max(0, s.game.sideIndex(humanSide(s)));
        return seat * 4 / s.game.sides.size() % 4;
    }
}
