package org.tempest.app.game;

import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.UciClient;

/**
 * The engine's searches in the session's game: its move at the mover's
 * level (on the clock when there is one), a hint and a draw offer's look at
 * full strength, and the evaluation they leave. Every search runs with a
 * ticket (SearchTickets), so another thread can stop it.
 */
final class EngineSearches {
    /** The level a hint is searched at (full strength). */
    static final int HINT_LEVEL = 20;
    /** How long the engine thinks about a draw offer, in ms. */
    static final long DRAW_THINK_MS = 500;

    private final EngineLink link;
    private final GameRecord record;
    private final SessionClock clock;
    private final SearchTickets tickets;
    private final ViewPlayer player;
    /** The engine's latest score from White's side, or null; reset with each new game. */
    private volatile Evaluation evaluation;

    EngineSearches(EngineLink link, GameRecord record, SessionClock clock, SearchTickets tickets, ViewPlayer player) {
        this.link = link;
        this.record = record;
        this.clock = clock;
        this.tickets = tickets;
        this.player = player;
    }

    Evaluation evaluation() {
        return evaluation;
    }

    /** A new game: no opinion of it yet. */
    void newGame() {
        evaluation = null;
    }

    /**
     * The engine's choice for the player to move, at its level; null when
     * the ticket was stopped. Where pieces hide, the engine player's own
     * process searches its view.
     */
    String move(long thinkMs, long ticket) throws EngineException {
        String mover = record.state.toMove;
        int level = record.setup.levelOf(mover);
        return record.arbiter() ? player.search(mover, level, thinkMs, ticket) : search(level, thinkMs, ticket);
    }

    /**
     * The engine's suggestion for the player to move, searched at full
     * strength; null when stopped. Where pieces are hidden the rules engine
     * searches the person's view (and then gets the full position back), so
     * a hint never peeks and the engine player's process never hears the
     * person's pieces.
     */
    String hint(long thinkMs, long ticket) throws EngineException {
        String view = record.arbiter() ? player.startView(record.state.toMove) : null;
        UciClient client = link.client();
        client.setOption("Skill Level", Integer.toString(HINT_LEVEL));
        try {
            if (view != null) {
                client.position("fen " + view, record.moves);
            }
            Evaluation.Reader score = new Evaluation.Reader();
            String best = tickets.search(client, "movetime " + thinkMs, thinkMs + 10000, score, ticket);
            Evaluation e = score.forWhite(record.state.toMove);
            if (e != null && record.evaluates()) {
                evaluation = e;
            }
            return best;
        } finally {
            client.setOption("Skill Level", Integer.toString(record.setup.level));
            if (view != null) {
                link.restoreGame();
            }
        }
    }

    /** The side to move's score in centipawns from a short full-strength search (mates as ±100000). */
    int scoreFor(String side) throws EngineException {
        UciClient client = link.client();
        Evaluation.Reader score = new Evaluation.Reader();
        client.setOption("Skill Level", Integer.toString(HINT_LEVEL));
        try {
            // Stopped early, the score read so far decides.
            tickets.search(client, "movetime " + DRAW_THINK_MS, DRAW_THINK_MS + 10000, score, tickets.ticket());
        } finally {
            client.setOption("Skill Level", Integer.toString(record.setup.level));
        }
        Evaluation e = score.forWhite(side);
        if (e != null) {
            evaluation = e;
        }
        return score.centipawns();
    }

    /** The rules engine searches the position it holds (every game with nothing hidden); null when stopped. */
    private String search(int level, long thinkMs, long ticket) throws EngineException {
        UciClient client = link.client();
        if (level != record.setup.level) {
            client.setOption("Skill Level", Integer.toString(level));
        }
        Evaluation.Reader score = new Evaluation.Reader();
        try {
            String best = tickets.search(client, clock.goParams(thinkMs),
                    clock.searchLimit(thinkMs, record.state.toMove), score, ticket);
            Evaluation e = score.forWhite(record.state.toMove);
            if (e != null && record.evaluates()) {
                evaluation = e;
            }
            return best;
        } finally {
            if (level != record.setup.level) {
                client.setOption("Skill Level", Integer.toString(record.setup.level));
            }
        }
    }
}
