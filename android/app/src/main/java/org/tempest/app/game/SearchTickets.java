package org.tempest.app.game;

import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.UciClient;

/**
 * Stopping the session's searches from another thread: "go" is sent and the
 * searching engine published under this lock, and stop counts a stop and
 * sends "stop" under it, so a stop never overtakes its "go" and a search
 * begun before a stop knows it was stopped. A search runs with a ticket, the
 * count of stops when it was asked for.
 */
final class SearchTickets {
    private final Object lock = new Object();
    /** How many times stop was called (guarded by lock). */
    private long stops;
    /** The engine searching now, or null (guarded by lock). */
    private UciClient searching;

    /** The count of stops so far: a search started with it runs until the next stop. */
    long ticket() {
        synchronized (lock) {
            return stops;
        }
    }

    /**
     * Stops the search under way at once and any search of an earlier
     * ticket before it starts; any thread. Returns whether a search was
     * under way.
     */
    boolean stop() {
        synchronized (lock) {
            stops++;
            if (searching == null) {
                return false;
            }
            try {
                searching.stop();
            } catch (EngineException e) {
                // The engine is gone: the search's reader finds out and the session restarts it.
            }
            return true;
        }
    }

    /**
     * One search on an engine that stop can stop: null when the ticket was
     * stopped before it began or while it ran (its bestmove is read, so the
     * engine's replies stay in step, and then dropped).
     */
    String search(UciClient engine, String params, long timeoutMs, UciClient.InfoListener info, long ticket)
            throws EngineException {
        synchronized (lock) {
            if (stops != ticket) {
                return null;
            }
            engine.startSearch(params);
            searching = engine;
        }
        String best;
        try {
            best = engine.awaitBestMove(timeoutMs, info);
        } finally {
            synchronized (lock) {
                searching = null;
            }
        }
        synchronized (lock) {
            return stops == ticket ? best : null;
        }
    }
}
