package org.tempest.app.game;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.UciClient;

/**
 * A game that hides pieces (Stratego): the engine player's own process.
 * The session's engine is the arbiter with full knowledge; this one only
 * ever hears its player's view of the start and the moves with the
 * arbiter's announcements, so it never sees the other side's hidden pieces.
 * The views come from the rules engine, asked once per game.
 */
final class ViewPlayer {
    private final GameSession.EngineFactory factory;
    private final EngineLink link;
    private final GameRecord record;
    private final SearchTickets tickets;
    private UciClient player;
    /** Each side's view of the start position, by side. */
    private final Map<String, String> startViews = new HashMap<String, String>();

    ViewPlayer(GameSession.EngineFactory factory, EngineLink link, GameRecord record, SearchTickets tickets) {
        this.factory = factory;
        this.link = link;
        this.record = record;
        this.tickets = tickets;
    }

    /** The process, or null when none runs. */
    UciClient process() {
        return player;
    }

    /** A new game: each game's engine player starts with nothing in its memory. */
    void newGame() {
        startViews.clear();
        close();
    }

    /** A side's view of the start position, from the rules engine (asked once per game). */
    String startView(String side) throws EngineException {
        String v = startViews.get(side);
        if (v == null) {
            UciClient client = link.client();
            client.position("fen " + record.startPosition, Collections.<String>emptyList());
            try {
                v = client.view(side);
            } finally {
                link.restoreGame();
            }
            startViews.put(side, v);
        }
        return v;
    }

    /**
     * The player's search of the given side's view of the start with the
     * moves played (battles with the arbiter's announcements); null when
     * stopped. A process that died or hung is replaced and told the same.
     */
    String search(String side, int level, long thinkMs, long ticket) throws EngineException {
        String view = startView(side);
        try {
            return ask(view, level, thinkMs, ticket);
        } catch (EngineError rejected) {
            throw rejected;
        } catch (EngineException failed) {
            close(); // the player process died or hung: a new one hears the same
            return ask(view, level, thinkMs, ticket);
        }
    }

    void close() {
        if (player != null) {
            player.close();
            player = null;
        }
    }

    private String ask(String view, int level, long thinkMs, long ticket) throws EngineException {
        if (player == null) {
            player = factory.start();
            player.setOption("UCI_Variant", record.setup.variant);
        }
        player.setOption("Skill Level", Integer.toString(level));
        player.position("fen " + view, record.moves);
        return tickets.search(player, "movetime " + thinkMs, thinkMs + 10000, null, ticket);
    }
}
