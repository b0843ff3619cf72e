package org.tempest.app.game;

import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.engine.UciClient;

/**
 * The session's rules engine: started when first needed, restarted when it
 * dies or stops answering, and given the session's game again each time, so
 * a step that failed can be tried once more. The first engine started is
 * asked what every game declares (the binary stays the same).
 */
final class EngineLink {
    /** Something done with the engine; it records its effect only after the engine confirmed it. */
    interface Step {
        void run() throws EngineException;
    }

    private final GameSession.EngineFactory factory;
    private final GameRecord record;
    private UciClient client;
    /** Every game's declaration, asked of the first engine started. */
    private Games games;
    private int restarts;

    EngineLink(GameSession.EngineFactory factory, GameRecord record) {
        this.factory = factory;
        this.record = record;
    }

    /** The engine now, or null before the first step or after close. */
    UciClient client() {
        return client;
    }

    /** The declarations, or null before an engine was started. */
    Games games() {
        return games;
    }

    int restarts() {
        return restarts;
    }

    /**
     * Runs a step with a live engine. When the engine has died or stopped
     * answering, it is restarted, the game restored, and the step tried
     * once more. The engine's rejections (EngineError) pass through.
     */
    void run(Step step) throws EngineException {
        if (client == null) {
            start();
            if (record.setup != null) {
                resync();
            }
        }
        try {
            step.run();
        } catch (EngineError rejected) {
            throw rejected;
        } catch (EngineException failed) {
            restart();
            step.run();
        }
    }

    /** The declaration of a game, or an EngineError when the engine has no such game. */
    GameInfo declared(String name) throws EngineError {
        GameInfo g = games.get(name);
        if (g == null) {
            throw new EngineError("the engine has no game \"" + name + "\"");
        }
        return g;
    }

    /** The setup's game and level. */
    void configure(GameSetup s) throws EngineException {
        client.setOption("UCI_Variant", s.variant);
        client.setOption("Skill Level", Integer.toString(s.level));
    }

    /** Puts the session's game back into the engine (its game and level included). */
    void resync() throws EngineException {
        configure(record.setup);
        restoreGame();
    }

    /** Gives the engine the session's game again, with the result that ended it if one did. */
    void restoreGame() throws EngineException {
        record.restoreInto(client);
    }

    /** Ends the engine process. */
    void close() {
        if (client != null) {
            client.close();
            client = null;
        }
    }

    /** Starts the engine; the first one is asked what every game declares. */
    private void start() throws EngineException {
        client = factory.start();
        if (games == null) {
            try {
                games = client.games();
            } catch (EngineException e) {
                client.close();
                client = null; // the next step starts an engine and asks again
                throw e;
            }
        }
    }

    private void restart() throws EngineException {
        client.close();
        start();
        restarts++;
        if (record.setup != null) {
            resync();
        }
    }
}
