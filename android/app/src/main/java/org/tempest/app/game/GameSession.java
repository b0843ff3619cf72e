package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
    private final EngineFactory playerFactory;
    private UciClient client;
    /**
     * Stratego: the engine player's own process. The session's engine is the
     * arbiter with full knowledge; this one only ever hears its player's view
     * of the start and the moves with the arbiter's announcements.
     */
    private UciClient player;
    /** Stratego: each side's view of the start position, by side. */
    private final Map<String, String> startViews = new HashMap<String, String>();
    private String display = "";
    private List<String> board = Collections.emptyList();
    private GameSetup setup;
    private String startPosition;
    private final List<String> moves = new ArrayList<String>();
    private String lastMove = "";
    private String lastFacts = "";
    private GameState state;
    private List<String> legal = Collections.emptyList();
    private int restarts;

    public GameSession(EngineFactory factory) {
        this(factory, factory);
    }

    /**
     * A session whose Stratego engine player is started by its own factory
     * (tests log what that process hears).
     */
    public GameSession(EngineFactory factory, EngineFactory playerFactory) {
        this.factory = factory;
        this.playerFactory = playerFactory;
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
                startViews.clear();
                closePlayer(); // each game's engine player starts with nothing in its memory
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
                startViews.clear();
                closePlayer(); // each game's engine player starts with nothing in its memory
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
                String mover = state.toMove;
                int level = setup.levelOf(mover);
                String best = isStratego() ? searchInView(mover, level, thinkMs) : search(level, thinkMs);
                if (best.equals("0000") && !legal.contains("0000")) {
                    return; // no legal move: the state already says why
                }
                apply(client.play(best)); // a forced pass ("0000") is played like a move
            }
        });
    }

    /** The rules engine searches the position it holds (every game with nothing hidden). */
    private String search(int level, long thinkMs) throws EngineException {
        if (level != setup.level) {
            client.setOption("Skill Level", Integer.toString(level));
        }
        try {
            return client.go("movetime " + thinkMs, thinkMs + 10000, null);
        } finally {
            if (level != setup.level) {
                client.setOption("Skill Level", Integer.toString(setup.level));
            }
        }
    }

    /**
     * Stratego: the engine player's own process searches the given side's
     * view of the start with the moves played (battles with the arbiter's
     * announcements); it never sees the other side's hidden pieces.
     */
    private String searchInView(String side, int level, long thinkMs) throws EngineException {
        String view = startView(side);
        try {
            return askPlayer(view, level, thinkMs);
        } catch (EngineError rejected) {
            throw rejected;
        } catch (EngineException failed) {
            closePlayer(); // the player process died or hung: a new one hears the same
            return askPlayer(view, level, thinkMs);
        }
    }

    private String askPlayer(String view, int level, long thinkMs) throws EngineException {
        if (player == null) {
            player = playerFactory.start();
            player.setOption("UCI_Variant", setup.variant);
        }
        player.setOption("Skill Level", Integer.toString(level));
        player.position("fen " + view, moves);
        return player.go("movetime " + thinkMs, thinkMs + 10000, null);
    }

    /** A side's view of the start position, from the rules engine (asked once per game). */
    private String startView(String side) throws EngineException {
        String v = startViews.get(side);
        if (v == null) {
            client.position("fen " + startPosition, Collections.<String>emptyList());
            try {
                v = client.view(side);
            } finally {
                client.position("fen " + startPosition, moves);
            }
            startViews.put(side, v);
        }
        return v;
    }

    private boolean isStratego() {
        return setup != null && setup.variant.equals(GameSetup.STRATEGO);
    }

    /**
     * The engine's suggestion for the player to move, searched at full
     * strength. In Stratego the rules engine searches the person's view (and
     * then gets the full position back), so a hint never peeks and the
     * engine player's process never hears the person's pieces.
     */
    public String hint(final long thinkMs) throws EngineException {
        final String[] best = new String[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                String view = isStratego() ? startView(state.toMove) : null;
                client.setOption("Skill Level", Integer.toString(HINT_LEVEL));
                try {
                    if (view != null) {
                        client.position("fen " + view, moves);
                    }
                    best[0] = client.go("movetime " + thinkMs, thinkMs + 10000, null);
                } finally {
                    client.setOption("Skill Level", Integer.toString(setup.level));
                    if (view != null) {
                        client.position("fen " + startPosition, moves);
                    }
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
                if (isStratego()) {
                    throw new EngineError("Stratego has no undo: the battles have already shown their pieces");
                }
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
        return new Snapshot(setup, state, legalNow(), new ArrayList<String>(moves), lastMove, lastFacts,
                display, board);
    }

    /** How many times the engine had to be restarted. */
    public int restarts() {
        return restarts;
    }

    /** The engine client (tests kill its process to simulate a crash). */
    public UciClient client() {
        return client;
    }

    /** The Stratego engine player's process, or null (tests kill it). */
    public UciClient player() {
        return player;
    }

    /** Ends the engine processes. */
    public void close() {
        if (client != null) {
            client.close();
            client = null;
        }
        closePlayer();
    }

    private void closePlayer() {
        if (player != null) {
            player.close();
            player = null;
        }
    }

    private void apply(PlayResult r) throws EngineException {
        if (isStratego()) {
            // The game keeps each move in its canonical form, with the battle's
            // announcement (c7c8:Mw): the form the engine player's view needs.
            UciClient.History h = client.history();
            moves.clear();
            moves.addAll(h.moves);
            lastMove = moves.isEmpty() ? r.token : moves.get(moves.size() - 1);
        } else {
            moves.add(r.token);
            lastMove = r.token;
        }
        lastFacts = r.facts;
        state = r.state;
    }

    private void refresh() throws EngineException {
        state = client.state();
        legal = state.over ? Collections.<String>emptyList() : client.legalMoves();
        display = isStratego() ? client.view(setup.firstHuman()) : state.position;
        board = setup != null && setup.variant.equals(GameSetup.CHAMELEON) ? client.board()
                : Collections.<String>emptyList();
    }

    /** An arrangement for one Stratego side's home rows, from the engine's setup generator. */
    public String strategoSetup(final String side) throws EngineException {
        final String[] rows = new String[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (setup == null || !isStratego()) {
                    client.setOption("UCI_Variant", GameSetup.STRATEGO);
                }
                rows[0] = client.setup(side);
                if (setup != null && !isStratego()) {
                    resync();
                }
            }
        });
        return rows[0];
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
