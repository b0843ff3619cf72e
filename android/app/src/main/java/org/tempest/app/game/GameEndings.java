package org.tempest.app.game;

import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.UciClient;

/**
 * The ways a game ends without the rules: a loss on time, a resignation, a
 * draw agreed. Each is told to the engine as "result <words>" and the words
 * are kept (GameRecord.ending), so a rebuilt engine hears them again.
 */
final class GameEndings {
    /** The engine accepts a draw when its own score is at most this (centipawns): drawish, or worse for it. */
    static final int DRAW_ACCEPT_CP = 25;

    private final EngineLink link;
    private final GameRecord record;
    private final SessionClock clock;
    private final EngineSearches searches;
    private final GameSession.SideNames names;

    GameEndings(EngineLink link, GameRecord record, SessionClock clock, EngineSearches searches,
            GameSession.SideNames names) {
        this.link = link;
        this.record = record;
        this.clock = clock;
        this.searches = searches;
        this.names = names;
    }

    void loseOnTime(String side) throws EngineException {
        endWith(record.lossOf(side) + " " + GameSession.TIME_FORFEIT);
    }

    /** The person to move resigns (or, on the engine's turn, the first person at the phone). */
    void resign() throws EngineException {
        if (record.state.over) {
            throw new EngineError("the game is already over");
        }
        if (!Features.resign(record.game)) {
            throw new EngineError("in a game of more than two players nobody resigns: play on, or start a new game");
        }
        GameSetup setup = record.setup;
        String side = setup.isHuman(record.state.toMove) ? record.state.toMove : setup.firstHuman(record.game);
        endWith(record.lossOf(side) + " " + names.of(setup.variant, side) + " resigns");
    }

    /**
     * A draw offer by the person to move: the engine decides when the other
     * player is its own, after a short search; else agreedByPerson does.
     * Returns whether the game is now drawn.
     */
    boolean offerDraw(boolean agreedByPerson) throws EngineException {
        if (record.state.over) {
            throw new EngineError("the game is already over");
        }
        if (!Features.drawOffers(record.game)) {
            throw new EngineError("this game has no draws by agreement");
        }
        String other = record.game.otherSide(record.state.toMove);
        boolean engineDecides = !record.setup.isHuman(other);
        boolean accepted;
        if (engineDecides) {
            accepted = -searches.scoreFor(record.state.toMove) <= DRAW_ACCEPT_CP;
        } else {
            accepted = agreedByPerson;
        }
        if (accepted) {
            endWith("1/2-1/2 " + GameSession.DRAW_AGREED);
        }
        return accepted;
    }

    /** Ends the game with "result <words>" and keeps the words for a rebuilt engine. */
    private void endWith(String words) throws EngineException {
        UciClient client = link.client();
        client.request("result " + words);
        record.ended(words);
        clock.pause();
        record.readState(client);
    }
}
