package org.tempest.app.game;

import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;

/**
 * The game's clock as the session runs it: which side's time runs, the
 * time charged for a move, the side whose flag fell, and the clock's times
 * in a search's "go". It reads the time from a ticker that tests drive.
 */
final class SessionClock {
    /** The game's clock, or null without one. */
    private volatile Clock clock; // read by the screen's clock on the UI thread
    /** Where the clock reads the time (tests drive it). */
    private GameSession.Ticker ticker = new GameSession.Ticker() {
        @Override
        public long now() {
            return System.nanoTime() / 1000000;
        }
    };

    Clock clock() {
        return clock;
    }

    void setTicker(GameSession.Ticker t) {
        ticker = t;
    }

    long now() {
        return ticker.now();
    }

    /** A new game's clock: a full one when the setup has a clock in that game, else none. */
    void reset(GameSetup setup, GameInfo game) {
        clock = setup.hasClock(game) ? new Clock(setup.clockBaseMs, setup.clockIncrementMs) : null;
    }

    /** A resumed game's clock with the times left when it was saved (negative: the full clock stays). */
    void resume(GameSetup saved, long whiteMs, long blackMs, GameState state) {
        if (clock != null && whiteMs >= 0 && blackMs >= 0) {
            clock = new Clock(saved.clockBaseMs, saved.clockIncrementMs, whiteMs, blackMs);
            run(state);
        }
    }

    /** The side to move's time runs; a finished game's clock stands. */
    void run(GameState state) {
        if (clock != null && state != null && !state.over) {
            clock.start(state.toMove, ticker.now());
        } else if (clock != null) {
            clock.pause(ticker.now());
        }
    }

    void pause() {
        if (clock != null) {
            clock.pause(ticker.now());
        }
    }

    /** The side whose time has run out in a game under way, or null. */
    String flagged(GameState state) {
        return clock == null || state == null || state.over ? null : clock.flagged(ticker.now());
    }

    /**
     * After a move: the mover's time is charged, the increment added and
     * the next side's runs. Returns the mover when the move came too late
     * (a game the move did not end is then lost on time), else null.
     */
    String moved(GameState after) {
        if (clock == null) {
            return null;
        }
        String mover = clock.running();
        long left = clock.moved(ticker.now());
        if (mover != null && left <= 0 && !after.over) {
            return mover;
        }
        run(after);
        return null;
    }

    /** The "go" parameters: the clock's times when there is one, else the thinking time. */
    String goParams(long thinkMs) {
        if (clock == null) {
            return "movetime " + thinkMs;
        }
        long now = ticker.now();
        return "wtime " + Math.max(1, clock.remaining("w", now)) + " btime " + Math.max(1, clock.remaining("b", now))
                + " winc " + clock.incrementMs + " binc " + clock.incrementMs;
    }

    /** How long a search may take before the app stops it: the mover's clock, or the thinking time. */
    long searchLimit(long thinkMs, String toMove) {
        return clock == null ? thinkMs + 10000 : Math.max(1, clock.remaining(toMove, ticker.now())) + 10000;
    }
}
