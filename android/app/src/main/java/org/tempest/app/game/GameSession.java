package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.GameState;
import org.tempest.app.engine.PlayResult;
import org.tempest.app.engine.UciClient;

/**
 * One game against the engine. The engine is the referee: every legal move,
 * every result and every loaded record's validity comes from it. The session
 * keeps only what it needs to rebuild the engine's game — the start position
 * string and the tokens played — so when the engine dies it is restarted and
 * the game restored. Calls block on the engine: run them on a worker thread.
 */
public final class GameSession {
    /** Starts an engine process and completes the UCI handshake. */
    public interface EngineFactory {
        UciClient start() throws EngineException;
    }

    /** The level a hint is searched at (full strength). */
    static final int HINT_LEVEL = 20;

    private final EngineFactory factory;
    private UciClient client;
    private GameSetup setup;
    private String startPosition;
    private final List<String> moves = new ArrayList<String>();
    private String lastMove = "";
    private String lastFacts = "";
    private GameState state;
    private List<String> legal = Collections.emptyList();
    private int restarts;

    public GameSession(EngineFactory factory) {
        this.factory = factory;
    }

    /** Starts a new game. */
    public Snapshot newGame(final GameSetup newSetup) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                configure(newSetup);
                client.request("ucinewgame");
                client.request("position " + newSetup.start);
                UciClient.History h = client.history();
                setup = newSetup;
                startPosition = h.start;
                moves.clear();
                moves.addAll(h.moves);
                lastMove = "";
                lastFacts = "";
            }
        });
    }

    /**
     * Resumes a game from its setup and record (the autosave). The record is
     * checked by the engine like any loaded file.
     */
    public Snapshot resume(GameSetup saved, String record) throws EngineException {
        return load(saved, record);
    }

    /**
     * Loads a game record for the given setup. A broken record is an
     * EngineError naming the problem, and the current game stays as it was.
     */
    public Snapshot load(final GameSetup newSetup, final String record) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                configure(newSetup);
                try {
                    client.loadPgn(record);
                } catch (EngineError e) {
                    if (setup != null) {
                        resync(); // the variant may have changed: put the old game back
                    }
                    throw e;
                }
                UciClient.History h = client.history();
                setup = newSetup;
                startPosition = h.start;
                moves.clear();
                moves.addAll(h.moves);
                lastMove = moves.isEmpty() ? "" : moves.get(moves.size() - 1);
                lastFacts = "";
            }
        });
    }

    /** Lets the people at the phone play the given players from now on. */
    public Snapshot takeSeat(final String humanPlayers) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() {
                setup = new GameSetup(setup.variant, humanPlayers, setup.level, setup.start, setup.profile,
                        setup.playerLevels);
            }
        });
    }

    /** Plays a person's move or action; an illegal token is an EngineError and changes nothing. */
    public Snapshot play(final String token) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                apply(client.play(token));
            }
        });
    }

    /** Lets the engine choose and play the move of the player to move. */
    public Snapshot engineMove(final long thinkMs) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (state.over) {
                    return;
                }
                int level = setup.levelOf(state.toMove);
                if (level != setup.level) {
                    client.setOption("Skill Level", Integer.toString(level));
                }
                String best;
                try {
                    best = client.go("movetime " + thinkMs, thinkMs + 10000, null);
                } finally {
                    if (level != setup.level) {
                        client.setOption("Skill Level", Integer.toString(setup.level));
                    }
                }
                if (best.equals("0000")) {
                    return; // no legal move: the state already says why
                }
                apply(client.play(best));
            }
        });
    }

    /** The engine's suggestion for the player to move, searched at full strength. */
    public String hint(final long thinkMs) throws EngineException {
        final String[] best = new String[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                client.setOption("Skill Level", Integer.toString(HINT_LEVEL));
                try {
                    best[0] = client.go("movetime " + thinkMs, thinkMs + 10000, null);
                } finally {
                    client.setOption("Skill Level", Integer.toString(setup.level));
                }
            }
        });
        return best[0];
    }

    /**
     * Takes back moves until a person is to move again: the last person's
     * move and the engine's replies to it. Nothing happens at the start.
     */
    public Snapshot undo() throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (moves.isEmpty()) {
                    return;
                }
                List<String> kept = new ArrayList<String>(moves);
                GameState st;
                do {
                    kept.remove(kept.size() - 1);
                    client.position("fen " + startPosition, kept);
                    st = client.state();
                } while (!kept.isEmpty() && !setup.isHuman(st.toMove));
                moves.clear();
                moves.addAll(kept);
                lastMove = moves.isEmpty() ? "" : moves.get(moves.size() - 1);
                lastFacts = "";
            }
        });
    }

    /** The game record as PGN, from the engine. */
    public String record() throws EngineException {
        final String[] text = new String[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                text[0] = client.pgn();
            }
        });
        return text[0];
    }

    public Snapshot snapshot() {
        if (setup == null) {
            return null;
        }
        return new Snapshot(setup, state, legalNow(), new ArrayList<String>(moves), lastMove, lastFacts);
    }

    /** How many times the engine had to be restarted. */
    public int restarts() {
        return restarts;
    }

    /** The engine client (tests kill its process to simulate a crash). */
    public UciClient client() {
        return client;
    }

    /** Ends the engine process. */
    public void close() {
        if (client != null) {
            client.close();
            client = null;
        }
    }

    private void apply(PlayResult r) {
        moves.add(r.token);
        lastMove = r.token;
        lastFacts = r.facts;
        state = r.state;
    }

    private void refresh() throws EngineException {
        state = client.state();
        legal = state.over ? Collections.<String>emptyList() : client.legalMoves();
    }

    private List<String> legalNow() {
        return setup != null && setup.isHuman(state.toMove) ? legal : Collections.<String>emptyList();
    }

    private void configure(GameSetup s) throws EngineException {
        client.setOption("UCI_Variant", s.variant);
        client.setOption("Skill Level", Integer.toString(s.level));
    }

    /** Puts the session's game back into the engine. */
    private void resync() throws EngineException {
        configure(setup);
        client.position("fen " + startPosition, moves);
    }

    private interface Step {
        void run() throws EngineException;
    }

    /**
     * Runs a step with a live engine, then reads the state and legal moves.
     * When the engine has died or stopped answering, it is restarted, the
     * game restored, and the failed part tried once more. A step records
     * its effect only after the engine confirmed it, so a retried step never
     * plays a move twice. The engine's rejections (EngineError) pass through.
     */
    private Snapshot withEngine(Step step) throws EngineException {
        if (client == null) {
            client = factory.start();
            if (setup != null) {
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
        if (setup == null) {
            return null;
        }
        try {
            refresh();
        } catch (EngineError rejected) {
            throw rejected;
        } catch (EngineException failed) {
            restart();
            refresh();
        }
        return snapshot();
    }

    private void restart() throws EngineException {
        client.close();
        client = factory.start();
        restarts++;
        if (setup != null) {
            resync();
        }
    }
}
