package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;
import org.tempest.app.engine.Games;
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

    /** Names a side in the words the record keeps ("White resigns"). */
    public interface SideNames {
        String of(String game, String side);
    }

    /** Names every side by its letter. */
    static final SideNames LETTERS = new SideNames() {
        @Override
        public String of(String game, String side) {
            return side;
        }
    };

    /** The level a hint is searched at (full strength). */
    static final int HINT_LEVEL = 20;
    /** The engine accepts a draw when its own score is at most this (centipawns): drawish, or worse for it. */
    static final int DRAW_ACCEPT_CP = 25;
    /** How long the engine thinks about a draw offer, in ms. */
    static final long DRAW_THINK_MS = 500;
    /** The record's Termination for a loss on time, as PGN names it. */
    public static final String TIME_FORFEIT = "time forfeit";
    public static final String DRAW_AGREED = "draw agreed";

    private final EngineFactory factory;
    private final EngineFactory playerFactory;
    private final SideNames names;
    private UciClient client;
    /** Every game's declaration, asked of the first engine started (the binary stays the same). */
    private Games games;
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
    /** The declaration of the setup's game. */
    private GameInfo game;
    private String startPosition;
    private final List<String> moves = new ArrayList<String>();
    private String lastMove = "";
    private String lastFacts = "";
    private GameState state;
    private List<String> legal = Collections.emptyList();
    private int restarts;
    /**
     * Stopping searches from another thread: "go" is sent and the searching
     * engine published under this lock, and stopThinking counts a stop and
     * sends "stop" under it, so a stop never overtakes its "go" and a search
     * begun before a stop knows it was stopped.
     */
    private final Object searchLock = new Object();
    /** How many times stopThinking was called (guarded by searchLock). */
    private long stops;
    /** The engine searching now, or null (guarded by searchLock). */
    private UciClient searching;
    /** The facts of every move ("movelist"), parallel to moves; refreshed when they differ in length. */
    private final List<String> moveFacts = new ArrayList<String>();
    /**
     * The words after "result" that ended the game without the rules (a
     * resignation, an agreed draw, a loss on time), or null: sent again
     * whenever the engine's game is rebuilt.
     */
    private String ending;
    /**
     * The engine's latest opinion of the game from White's side (its own
     * searches, hints, draw offers), or null before the first; chess and card
     * chess.
     */
    public Evaluation evaluation() {
        return evaluation;
    }

    /** The game's clock, or null without one. */
    private volatile Clock clock; // read by the screen's clock on the UI thread
    /** The engine's latest score from White's side, or null; reset with each new game. */
    private volatile Evaluation evaluation;
    /** Where the clock reads the time (tests drive it). */
    private Ticker ticker = new Ticker() {
        @Override
        public long now() {
            return System.nanoTime() / 1000000;
        }
    };

    /** A monotonic time in milliseconds. */
    public interface Ticker {
        long now();
    }

    public GameSession(EngineFactory factory) {
        this(factory, factory);
    }

    /**
     * A session whose engine player in a game that hides pieces is started
     * by its own factory (tests log what that process hears); sides are
     * named by their letters in the record's words.
     */
    public GameSession(EngineFactory factory, EngineFactory playerFactory) {
        this(factory, playerFactory, LETTERS);
    }

    public GameSession(EngineFactory factory, EngineFactory playerFactory, SideNames names) {
        this.factory = factory;
        this.playerFactory = playerFactory;
        this.names = names;
    }

    /** What every game declares of itself, from the engine (started for it if none runs yet). */
    public Games games() throws EngineException {
        if (games == null) {
            withEngine(new Step() {
                @Override
                public void run() {
                    // Starting the engine asks it for the declarations.
                }
            });
        }
        return games;
    }

    /** The declaration of a game, or an EngineError when the engine has no such game. */
    private GameInfo declared(String name) throws EngineError {
        GameInfo g = games.get(name);
        if (g == null) {
            throw new EngineError("the engine has no game \"" + name + "\"");
        }
        return g;
    }

    /** Starts a new game. */
    public Snapshot newGame(final GameSetup newSetup) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                GameInfo g = declared(newSetup.variant);
                configure(newSetup);
                client.request("ucinewgame");
                try {
                    client.request("position " + newSetup.start); // a start the engine refuses changes nothing
                } catch (EngineError e) {
                    if (setup != null) {
                        resync(); // the variant may have changed: put the old game back
                    }
                    throw e;
                }
                UciClient.History h = client.history();
                setup = newSetup;
                game = g;
                startPosition = h.start;
                startViews.clear();
                closePlayer(); // each game's engine player starts with nothing in its memory
                moves.clear();
                moveFacts.clear();
                moves.addAll(h.moves);
                lastMove = "";
                lastFacts = "";
                ending = null;
                evaluation = null;
                clock = newSetup.hasClock(g) ? new Clock(newSetup.clockBaseMs, newSetup.clockIncrementMs) : null;
            }
        });
    }

    /**
     * What the engine made of a text given as a position: the first declared
     * game that took it (its state: the position as the engine writes it and
     * the side to move), or none, with each game's reason for refusing it.
     */
    public static final class PositionFound {
        /** The game that took the text, or null when none did. */
        public final GameInfo game;
        /** The engine's state of the position in that game, or null. */
        public final GameState state;
        /** Each refusing game's name and the engine's reason, in the games' declared order. */
        public final Map<String, String> refusals;

        PositionFound(GameInfo game, GameState state, Map<String, String> refusals) {
            this.game = game;
            this.state = state;
            this.refusals = Collections.unmodifiableMap(refusals);
        }
    }

    /**
     * Asks the engine which game a text is a position of: each declared game
     * in turn is given "position fen <text>", and the first that takes it is
     * the answer. The app reads no rules: what a position is, and why a text
     * is none, is the engine's word. The session's game is given back to the
     * engine afterwards, unchanged.
     */
    public PositionFound positionOf(final String text) throws EngineException {
        return positionOf(text, null);
    }

    /** The same, asked of one game alone (the position editor's), or of every game when only is null. */
    public PositionFound positionOf(final String text, final String only) throws EngineException {
        final String line = text.trim();
        final Map<String, String> refusals = new java.util.LinkedHashMap<String, String>();
        final PositionFound[] found = new PositionFound[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                refusals.clear();
                found[0] = null;
                try {
                    for (GameInfo g : games.all()) {
                        if (only != null && !only.equals(g.name)) {
                            continue;
                        }
                        if (line.isEmpty() || line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
                            refusals.put(g.name, "a position is one line of text");
                            continue;
                        }
                        client.setOption("UCI_Variant", g.name);
                        try {
                            client.request("position fen " + line);
                        } catch (EngineError refused) {
                            refusals.put(g.name, refused.getMessage());
                            continue;
                        }
                        found[0] = new PositionFound(g, client.state(), refusals);
                        return;
                    }
                } finally {
                    if (setup != null) {
                        resync(); // the game goes on as it was
                    }
                }
            }
        });
        return found[0] != null ? found[0] : new PositionFound(null, null, refusals);
    }

    /**
     * Resumes a game from its setup and record (the autosave). The record is
     * checked by the engine like any loaded file.
     */
    public Snapshot resume(GameSetup saved, String record) throws EngineException {
        return resume(saved, record, -1, -1);
    }

    /** Resumes a game on a clock with the times left when it was saved (negative: a full clock). */
    public Snapshot resume(GameSetup saved, String record, long whiteMs, long blackMs) throws EngineException {
        Snapshot s = load(saved, record);
        if (clock != null && whiteMs >= 0 && blackMs >= 0) {
            clock = new Clock(saved.clockBaseMs, saved.clockIncrementMs, whiteMs, blackMs);
            startClock();
        }
        return s;
    }

    /**
     * Loads a game record for the given setup. A broken record is an
     * EngineError naming the problem, and the current game stays as it was.
     */
    public Snapshot load(final GameSetup newSetup, final String record) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                GameInfo g = declared(newSetup.variant);
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
                game = g;
                startPosition = h.start;
                startViews.clear();
                closePlayer(); // each game's engine player starts with nothing in its memory
                moves.clear();
                moveFacts.clear();
                moves.addAll(h.moves);
                lastMove = moves.isEmpty() ? "" : moves.get(moves.size() - 1);
                lastFacts = "";
                ending = keptEnding(client.state());
                evaluation = null;
                clock = newSetup.hasClock(g) ? new Clock(newSetup.clockBaseMs, newSetup.clockIncrementMs) : null;
            }
        });
    }

    /**
     * The "result" words that give a loaded game its kept result again
     * ("0-1 White resigns"), or null when the rules decide its state.
     */
    private static String keptEnding(GameState st) {
        String prefix = "result from the record";
        if (!st.over || !st.reason.startsWith(prefix)) {
            return null;
        }
        String why = st.reason.substring(prefix.length()).trim();
        if (why.startsWith("(") && why.endsWith(")")) {
            why = why.substring(1, why.length() - 1);
        }
        if (why.length() > 80 || why.indexOf('"') >= 0 || why.indexOf('\\') >= 0) {
            why = ""; // more than "result" takes as a reason: the result alone is kept on a rebuild
        }
        return (st.result + " " + why).trim();
    }

    /** The game counts for no rating from now on (a help was used in it: RatedGames). */
    public Snapshot casual() throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() {
                setup = setup.casual();
            }
        });
    }

    /** Lets the people at the phone play the given players from now on. */
    public Snapshot takeSeat(final String humanPlayers) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() {
                setup = setup.withHumans(humanPlayers);
            }
        });
    }

    /**
     * Plays a person's move or action; an illegal token is an EngineError and
     * changes nothing. On a clock, a move made after the flag fell loses on
     * time instead.
     */
    public Snapshot play(final String token) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (clock != null && state != null && !state.over && clock.flagged(ticker.now()) != null) {
                    loseOnTime(clock.flagged(ticker.now()));
                    return;
                }
                PlayResult r = client.play(token);
                apply(r);
                clockMoved(r.state);
            }
        });
    }

    /** The clock after a move: the mover's time is charged, the increment added, the next side's runs. */
    private void clockMoved(GameState after) throws EngineException {
        if (clock == null) {
            return;
        }
        String mover = clock.running();
        long left = clock.moved(ticker.now());
        if (mover != null && left <= 0 && !after.over) {
            loseOnTime(mover);
            return;
        }
        startClock();
    }

    private void startClock() {
        if (clock != null && state != null && !state.over) {
            clock.start(state.toMove, ticker.now());
        } else if (clock != null) {
            clock.pause(ticker.now());
        }
    }

    private void loseOnTime(String side) throws EngineException {
        endWith(lossOf(side) + " " + TIME_FORFEIT);
    }

    /** The result of a two-player game lost by the side: 0-1 when it is the first, as PGN writes it. */
    private String lossOf(String side) {
        return game.sideIndex(side) == 0 ? "0-1" : "1-0";
    }

    /** Ends the game with "result <words>" and keeps the words for a rebuilt engine. */
    private void endWith(String words) throws EngineException {
        client.request("result " + words);
        ending = words;
        if (clock != null) {
            clock.pause(ticker.now());
        }
        state = client.state();
    }

    /**
     * The side whose time ran out, if it has: the game is lost on time (the
     * screen's clock calls it when a flag falls). Nothing happens while time
     * is left.
     */
    public Snapshot flag() throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                String side = clock == null || state == null || state.over ? null : clock.flagged(ticker.now());
                if (side != null) {
                    loseOnTime(side);
                }
            }
        });
    }

    /** The person to move resigns: the game is lost for their side. */
    public Snapshot resign() throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (state.over) {
                    throw new EngineError("the game is already over");
                }
                if (!Features.resign(game)) {
                    throw new EngineError("in a game of more than two players nobody resigns: play on, or start a new "
                            + "game");
                }
                String side = setup.isHuman(state.toMove) ? state.toMove : setup.firstHuman(game);
                endWith(lossOf(side) + " " + names.of(setup.variant, side) + " resigns");
            }
        });
    }

    /**
     * A draw offer by the person to move. Against the engine it thinks
     * briefly at full strength and accepts when its own score is drawish or
     * worse for it; between two people the other one has agreed already
     * (the screen asked). Returns whether the game is now drawn.
     */
    public boolean offerDraw(final boolean agreedByPerson) throws EngineException {
        final boolean[] accepted = new boolean[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (state.over) {
                    throw new EngineError("the game is already over");
                }
                if (!Features.drawOffers(game)) {
                    throw new EngineError("this game has no draws by agreement");
                }
                String other = game.otherSide(state.toMove);
                boolean engineDecides = !setup.isHuman(other);
                if (engineDecides) {
                    accepted[0] = -scoreFor(state.toMove) <= DRAW_ACCEPT_CP;
                } else {
                    accepted[0] = agreedByPerson;
                }
                if (accepted[0]) {
                    endWith("1/2-1/2 " + DRAW_AGREED);
                }
            }
        });
        return accepted[0];
    }

    /** The side to move's score in centipawns from a short full-strength search (mates as ±100000). */
    private int scoreFor(String side) throws EngineException {
        Evaluation.Reader score = new Evaluation.Reader();
        client.setOption("Skill Level", Integer.toString(HINT_LEVEL));
        try {
            // Stopped early, the score read so far decides.
            searchWith(client, "movetime " + DRAW_THINK_MS, DRAW_THINK_MS + 10000, score, searchTicket());
        } finally {
            client.setOption("Skill Level", Integer.toString(setup.level));
        }
        Evaluation e = score.forWhite(side);
        if (e != null) {
            evaluation = e;
        }
        return score.centipawns();
    }

    /** Lets the engine choose and play the move of the player to move. */
    public Snapshot engineMove(long thinkMs) throws EngineException {
        return engineMove(thinkMs, searchTicket());
    }

    /**
     * Lets the engine choose and play the move of the player to move, unless
     * stopThinking was called since the ticket was taken: then no search
     * starts, or the one under way is stopped and its move is not played
     * (the game stays as it was, the engine still to move).
     */
    public Snapshot engineMove(final long thinkMs, final long ticket) throws EngineException {
        return withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                if (state.over) {
                    return;
                }
                String mover = state.toMove;
                int level = setup.levelOf(mover);
                String best = arbiter() ? searchInView(mover, level, thinkMs, ticket) : search(level, thinkMs, ticket);
                if (best == null) {
                    return; // stopped for another action: its move is not played
                }
                if (best.equals("0000") && !legal.contains("0000")) {
                    return; // no legal move: the state already says why
                }
                PlayResult r = client.play(best); // a forced pass ("0000") is played like a move
                apply(r);
                clockMoved(r.state);
            }
        });
    }

    /** The "go" parameters: the clock's times when there is one, else the thinking time. */
    private String goParams(long thinkMs) {
        if (clock == null) {
            return "movetime " + thinkMs;
        }
        long now = ticker.now();
        return "wtime " + Math.max(1, clock.remaining("w", now)) + " btime " + Math.max(1, clock.remaining("b", now))
                + " winc " + clock.incrementMs + " binc " + clock.incrementMs;
    }

    /** How long a search may take before the app stops it: the mover's clock, or the thinking time. */
    private long searchLimit(long thinkMs) {
        return clock == null ? thinkMs + 10000 : Math.max(1, clock.remaining(state.toMove, ticker.now())) + 10000;
    }

    /** The rules engine searches the position it holds (every game with nothing hidden); null when stopped. */
    private String search(int level, long thinkMs, long ticket) throws EngineException {
        if (level != setup.level) {
            client.setOption("Skill Level", Integer.toString(level));
        }
        Evaluation.Reader score = new Evaluation.Reader();
        try {
            String best = searchWith(client, goParams(thinkMs), searchLimit(thinkMs), score, ticket);
            Evaluation e = score.forWhite(state.toMove);
            if (e != null && evaluates()) {
                evaluation = e;
            }
            return best;
        } finally {
            if (level != setup.level) {
                client.setOption("Skill Level", Integer.toString(setup.level));
            }
        }
    }

    /**
     * A game that hides pieces: the engine player's own process searches the
     * given side's view of the start with the moves played (battles with the
     * arbiter's announcements); it never sees the other side's hidden pieces.
     */
    private String searchInView(String side, int level, long thinkMs, long ticket) throws EngineException {
        String view = startView(side);
        try {
            return askPlayer(view, level, thinkMs, ticket);
        } catch (EngineError rejected) {
            throw rejected;
        } catch (EngineException failed) {
            closePlayer(); // the player process died or hung: a new one hears the same
            return askPlayer(view, level, thinkMs, ticket);
        }
    }

    private String askPlayer(String view, int level, long thinkMs, long ticket) throws EngineException {
        if (player == null) {
            player = playerFactory.start();
            player.setOption("UCI_Variant", setup.variant);
        }
        player.setOption("Skill Level", Integer.toString(level));
        player.position("fen " + view, moves);
        return searchWith(player, "movetime " + thinkMs, thinkMs + 10000, null, ticket);
    }

    /** The count of stops so far: a search started with it runs until the next stopThinking. */
    public long searchTicket() {
        synchronized (searchLock) {
            return stops;
        }
    }

    /**
     * Stops the search under way at once and any search of an earlier
     * ticket before it starts; callable from any thread (the screen calls
     * it before Save, Undo or a new game). The stopped search's move is not
     * played. Returns whether a search was under way.
     */
    public boolean stopThinking() {
        synchronized (searchLock) {
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
     * One search on an engine that stopThinking can stop: null when the
     * ticket was stopped before it began or while it ran (its bestmove is
     * read, so the engine's replies stay in step, and then dropped).
     */
    private String searchWith(UciClient engine, String params, long timeoutMs, UciClient.InfoListener info,
            long ticket) throws EngineException {
        synchronized (searchLock) {
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
            synchronized (searchLock) {
                searching = null;
            }
        }
        synchronized (searchLock) {
            return stops == ticket ? best : null;
        }
    }

    /** A side's view of the start position, from the rules engine (asked once per game). */
    private String startView(String side) throws EngineException {
        String v = startViews.get(side);
        if (v == null) {
            client.position("fen " + startPosition, Collections.<String>emptyList());
            try {
                v = client.view(side);
            } finally {
                restoreGame();
            }
            startViews.put(side, v);
        }
        return v;
    }

    /** Whether the engine's scores are kept as the game's evaluation (from White's side). */
    private boolean evaluates() {
        return game != null && Features.evaluation(game);
    }

    /** Whether the session is the arbiter of a game that hides pieces. */
    private boolean arbiter() {
        return game != null && Features.arbiter(game);
    }

    /**
     * The engine's suggestion for the player to move, searched at full
     * strength. Where pieces are hidden the rules engine searches the
     * person's view (and then gets the full position back), so a hint never
     * peeks and the engine player's process never hears the person's pieces.
     */
    public String hint(long thinkMs) throws EngineException {
        return hint(thinkMs, searchTicket());
    }

    /** The hint, or null when stopThinking stopped it (a later action made it moot). */
    public String hint(final long thinkMs, final long ticket) throws EngineException {
        final String[] best = new String[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                String view = arbiter() ? startView(state.toMove) : null;
                client.setOption("Skill Level", Integer.toString(HINT_LEVEL));
                try {
                    if (view != null) {
                        client.position("fen " + view, moves);
                    }
                    Evaluation.Reader score = new Evaluation.Reader();
                    best[0] = searchWith(client, "movetime " + thinkMs, thinkMs + 10000, score, ticket);
                    Evaluation e = score.forWhite(state.toMove);
                    if (e != null && evaluates()) {
                        evaluation = e;
                    }
                } finally {
                    client.setOption("Skill Level", Integer.toString(setup.level));
                    if (view != null) {
                        restoreGame();
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
                if (!Features.undo(game)) {
                    throw new EngineError("this game has no undo: the battles have already shown its hidden pieces");
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
                moveFacts.clear();
                moves.addAll(kept);
                lastMove = moves.isEmpty() ? "" : moves.get(moves.size() - 1);
                lastFacts = "";
                ending = null; // taking a move back takes back a resignation or agreement after it
            }
        });
    }

    /**
     * What the engine says of a move it has not played (a hint): the facts
     * "play" reports for it ("san Nf3"), the game then given back unchanged.
     * Where pieces are hidden, or the engine refuses, there are none: the
     * move is then written from its token alone.
     */
    public String factsOf(final String token) throws EngineException {
        final String[] facts = {""};
        if (arbiter() || token == null) {
            return "";
        }
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                try {
                    facts[0] = client.play(token).facts;
                } catch (EngineError refused) {
                    facts[0] = "";
                } finally {
                    restoreGame();
                }
            }
        });
        return facts[0];
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
        return new Snapshot(setup, game, state, legalNow(), new ArrayList<String>(moves), lastMove, lastFacts,
                display, board, new ArrayList<String>(moveFacts), moves.size(), moves.size(), startPosition);
    }

    /**
     * The game as it stood after its first ply moves (0 is the start), to
     * step through it: the rules engine is shown that position, read, and
     * given the game back. Nothing can be played in it.
     */
    public Snapshot positionAt(final int ply) throws EngineException {
        if (setup == null || ply < 0 || ply >= moves.size()) {
            return snapshot();
        }
        final Snapshot[] out = new Snapshot[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                List<String> played = new ArrayList<String>(moves.subList(0, ply));
                try {
                    client.position("fen " + startPosition, played);
                    GameState st = client.state();
                    String shown = arbiter() ? client.view(setup.firstHuman(game)) : st.position;
                    List<String> lines = boardLines();
                    String last = ply == 0 ? "" : played.get(ply - 1);
                    String facts = ply == 0 || ply > moveFacts.size() ? "" : moveFacts.get(ply - 1);
                    out[0] = new Snapshot(setup, game, st, Collections.<String>emptyList(), played, last, facts,
                            shown, lines, new ArrayList<String>(moveFacts), ply, moves.size(), startPosition);
                } finally {
                    restoreGame();
                }
            }
        });
        return out[0];
    }

    /** The game's clock, or null when it has none. */
    public Clock clock() {
        return clock;
    }

    /** Lets a test drive the clock's time. */
    public void setTickerForTest(Ticker t) {
        ticker = t;
    }

    /** The clock's time now. */
    public long now() {
        return ticker.now();
    }

    /** How many times the engine had to be restarted. */
    public int restarts() {
        return restarts;
    }

    /** The engine client (tests kill its process to simulate a crash). */
    public UciClient client() {
        return client;
    }

    /** The engine player's process of a game that hides pieces, or null (tests kill it). */
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
        if (arbiter()) {
            // The game keeps each move in its canonical form, with the battle's
            // announcement (c7c8:Mw): the form the engine player's view needs.
            UciClient.History h = client.history();
            moves.clear();
            moveFacts.clear();
            moves.addAll(h.moves);
            lastMove = moves.isEmpty() ? r.token : moves.get(moves.size() - 1);
        } else {
            moves.add(r.token);
            lastMove = r.token;
            if (moveFacts.size() == moves.size() - 1) {
                moveFacts.add(r.facts); // what "movelist" would say of it
            }
        }
        lastFacts = r.facts;
        state = r.state;
    }

    private void refresh() throws EngineException {
        if (moveFacts.size() != moves.size()) {
            moveFacts.clear();
            moveFacts.addAll(client.moveFacts());
        }
        state = client.state();
        legal = state.over ? Collections.<String>emptyList() : client.legalMoves();
        display = arbiter() ? client.view(setup.firstHuman(game)) : state.position;
        board = setup == null ? Collections.<String>emptyList() : boardLines();
    }

    /**
     * The engine's "board" lines of the current game (Chameleon Chess draws
     * from them), or none when the game declares no such command.
     */
    private List<String> boardLines() throws EngineException {
        return game.hasCommand("board") ? client.board() : Collections.<String>emptyList();
    }

    /**
     * An arrangement of one side's pieces for a game whose start takes
     * them ("position startpos setup"), from the engine's setup generator.
     */
    public String arrangement(final String gameName, final String side) throws EngineException {
        final String[] rows = new String[1];
        withEngine(new Step() {
            @Override
            public void run() throws EngineException {
                boolean other = setup == null || !setup.variant.equals(gameName);
                if (other) {
                    client.setOption("UCI_Variant", gameName);
                }
                rows[0] = client.setup(side);
                if (setup != null && other) {
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
        restoreGame();
    }

    /** Gives the engine the session's game again, with the result that ended it if one did. */
    private void restoreGame() throws EngineException {
        client.position("fen " + startPosition, moves);
        if (ending != null) {
            client.request("result " + ending);
        }
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
            startEngine();
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
        startClock(); // the side to move's time runs; a finished game's clock stands
        return snapshot();
    }

    /** Starts the engine; the first one is asked what every game declares. */
    private void startEngine() throws EngineException {
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
        startEngine();
        restarts++;
        if (setup != null) {
            resync();
        }
    }
}
