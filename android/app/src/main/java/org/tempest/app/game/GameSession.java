package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
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
 * string and the tokens played (GameRecord) — so when the engine dies it is
 * restarted and the game restored (EngineLink). Calls block on the engine:
 * run them on a worker thread.
 *
 * <p>The session runs the game's course (new, loaded, moves, undo) and
 * hands the rest to its parts: the clock (SessionClock), the engine's
 * searches (EngineSearches, stoppable through SearchTickets), the engine
 * player of a game that hides pieces (ViewPlayer), the endings without the
 * rules (GameEndings) and questions about other positions (PositionQueries).
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

    /** A monotonic time in milliseconds. */
    public interface Ticker {
        long now();
    }

    /** Names every side by its letter. */
    static final SideNames LETTERS = new SideNames() {
        @Override
        public String of(String game, String side) {
            return side;
        }
    };

    /** The record's Termination for a loss on time, as PGN names it. */
    public static final String TIME_FORFEIT = "time forfeit";
    public static final String DRAW_AGREED = "draw agreed";

    private final GameRecord record = new GameRecord();
    private final EngineLink link;
    private final SessionClock clock = new SessionClock();
    private final SearchTickets tickets = new SearchTickets();
    private final ViewPlayer player;
    private final EngineSearches searches;
    private final PositionQueries queries;
    private final GameEndings endings;
    /** Reads the state and legal moves after every step. */
    private final EngineLink.Step refresh;

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
        this.link = new EngineLink(factory, record);
        this.player = new ViewPlayer(playerFactory, link, record, tickets);
        this.searches = new EngineSearches(link, record, clock, tickets, player);
        this.queries = new PositionQueries(link, record);
        this.endings = new GameEndings(link, record, clock, searches, names);
        this.refresh = new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                record.refresh(link.client());
            }
        };
    }

    /**
     * The engine's latest opinion of the game from White's side (its own
     * searches, hints, draw offers), or null before the first; chess and card
     * chess.
     */
    public Evaluation evaluation() {
        return searches.evaluation();
    }

    /** What every game declares of itself, from the engine (started for it if none runs yet). */
    public Games games() throws EngineException {
        if (link.games() == null) {
            withEngine(new EngineLink.Step() {
                @Override
                public void run() {
                    // Starting the engine asks it for the declarations.
                }
            });
        }
        return link.games();
    }

    /** Starts a new game. */
    public Snapshot newGame(final GameSetup newSetup) throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                GameInfo g = link.declared(newSetup.variant);
                link.configure(newSetup);
                UciClient client = link.client();
                client.request("ucinewgame");
                try {
                    client.request("position " + newSetup.start); // a start the engine refuses changes nothing
                } catch (EngineError e) {
                    if (record.setup != null) {
                        link.resync(); // the variant may have changed: put the old game back
                    }
                    throw e;
                }
                begin(newSetup, g, client.history(), "", null);
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
        return ask(new Query<PositionFound>() {
            @Override
            public PositionFound answer() throws EngineException {
                return queries.positionOf(text, only);
            }
        });
    }

    /**
     * Resumes a game from its setup and record (the autosave). The record is
     * checked by the engine like any loaded file.
     */
    public Snapshot resume(GameSetup saved, String text) throws EngineException {
        return resume(saved, text, -1, -1);
    }

    /** Resumes a game on a clock with the times left when it was saved (negative: a full clock). */
    public Snapshot resume(GameSetup saved, String text, long whiteMs, long blackMs) throws EngineException {
        Snapshot s = load(saved, text);
        clock.resume(saved, whiteMs, blackMs, record.state);
        return s;
    }

    /**
     * Loads a game record for the given setup. A broken record is an
     * EngineError naming the problem, and the current game stays as it was.
     */
    public Snapshot load(final GameSetup newSetup, final String text) throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                GameInfo g = link.declared(newSetup.variant);
                link.configure(newSetup);
                UciClient client = link.client();
                try {
                    client.loadPgn(text);
                } catch (EngineError e) {
                    if (record.setup != null) {
                        link.resync(); // the variant may have changed: put the old game back
                    }
                    throw e;
                }
                UciClient.History h = client.history();
                String last = h.moves.isEmpty() ? "" : h.moves.get(h.moves.size() - 1);
                begin(newSetup, g, h, last, GameRecord.keptEnding(client.state()));
            }
        });
    }

    /** A game begins as the engine took it: no opinion of it yet, a new engine player, a full clock. */
    private void begin(GameSetup setup, GameInfo g, UciClient.History h, String last, String ending) {
        record.begin(setup, g, h, last, ending);
        player.newGame(); // each game's engine player starts with nothing in its memory
        searches.newGame();
        clock.reset(setup, g);
    }

    /** The game counts for no rating from now on (a help was used in it: RatedGames). */
    public Snapshot casual() throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() {
                record.casual();
            }
        });
    }

    /** Lets the people at the phone play the given players from now on. */
    public Snapshot takeSeat(final String humanPlayers) throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() {
                record.seat(humanPlayers);
            }
        });
    }

    /**
     * Plays a person's move or action; an illegal token is an EngineError and
     * changes nothing. On a clock, a move made after the flag fell loses on
     * time instead.
     */
    public Snapshot play(final String token) throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                String late = clock.flagged(record.state);
                if (late != null) {
                    endings.loseOnTime(late);
                    return;
                }
                played(link.client().play(token));
            }
        });
    }

    /** A move the engine played: kept, and the mover's time charged (lost on time when it ran out). */
    private void played(PlayResult r) throws EngineException {
        record.apply(r, link.client());
        String late = clock.moved(r.state);
        if (late != null) {
            endings.loseOnTime(late);
        }
    }

    /**
     * The side whose time ran out, if it has: the game is lost on time (the
     * screen's clock calls it when a flag falls). Nothing happens while time
     * is left.
     */
    public Snapshot flag() throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                String side = clock.flagged(record.state);
                if (side != null) {
                    endings.loseOnTime(side);
                }
            }
        });
    }

    /** The person to move resigns: the game is lost for their side. */
    public Snapshot resign() throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                endings.resign();
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
        boolean accepted = ask(new Query<Boolean>() {
            @Override
            public Boolean answer() throws EngineException {
                return endings.offerDraw(agreedByPerson);
            }
        });
        refreshed(); // an accepted offer ended the game
        return accepted;
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
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                if (record.state.over) {
                    return;
                }
                String best = searches.move(thinkMs, ticket);
                if (best == null) {
                    return; // stopped for another action: its move is not played
                }
                if (best.equals("0000") && !record.legal.contains("0000")) {
                    return; // no legal move: the state already says why
                }
                played(link.client().play(best)); // a forced pass ("0000") is played like a move
            }
        });
    }

    /** The count of stops so far: a search started with it runs until the next stopThinking. */
    public long searchTicket() {
        return tickets.ticket();
    }

    /**
     * Stops the search under way at once and any search of an earlier
     * ticket before it starts; callable from any thread (the screen calls
     * it before Save, Undo or a new game). The stopped search's move is not
     * played. Returns whether a search was under way.
     */
    public boolean stopThinking() {
        return tickets.stop();
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
        String best = ask(new Query<String>() {
            @Override
            public String answer() throws EngineException {
                return searches.hint(thinkMs, ticket);
            }
        });
        refreshed(); // where pieces hide, the engine searched the person's view: read the game back
        return best;
    }

    /**
     * Takes back moves until a person is to move again: the last person's
     * move and the engine's replies to it. Nothing happens at the start.
     */
    public Snapshot undo() throws EngineException {
        return withEngine(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                if (!Features.undo(record.game)) {
                    throw new EngineError("this game has no undo: the battles have already shown its hidden pieces");
                }
                if (record.moves.isEmpty()) {
                    return;
                }
                UciClient client = link.client();
                List<String> kept = new ArrayList<String>(record.moves);
                GameState st;
                do {
                    kept.remove(kept.size() - 1);
                    client.position("fen " + record.startPosition, kept);
                    st = client.state();
                } while (!kept.isEmpty() && !record.setup.isHuman(st.toMove));
                record.takeBack(kept); // taking a move back takes back a resignation or agreement after it
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
        if (record.arbiter() || token == null) {
            return "";
        }
        return ask(new Query<String>() {
            @Override
            public String answer() throws EngineException {
                return queries.factsOf(token);
            }
        });
    }

    /** The game record as PGN, from the engine. */
    public String record() throws EngineException {
        return ask(new Query<String>() {
            @Override
            public String answer() throws EngineException {
                return link.client().pgn();
            }
        });
    }

    public Snapshot snapshot() {
        return record.snapshot();
    }

    /**
     * The game as it stood after its first ply moves (0 is the start), to
     * step through it: the rules engine is shown that position, read, and
     * given the game back. Nothing can be played in it.
     */
    public Snapshot positionAt(final int ply) throws EngineException {
        if (record.setup == null || ply < 0 || ply >= record.moves.size()) {
            return snapshot();
        }
        return ask(new Query<Snapshot>() {
            @Override
            public Snapshot answer() throws EngineException {
                return queries.positionAt(ply);
            }
        });
    }

    /**
     * An arrangement of one side's pieces for a game whose start takes
     * them ("position startpos setup"), from the engine's setup generator.
     */
    public String arrangement(final String gameName, final String side) throws EngineException {
        return ask(new Query<String>() {
            @Override
            public String answer() throws EngineException {
                return queries.arrangement(gameName, side);
            }
        });
    }

    /** The game's clock, or null when it has none. */
    public Clock clock() {
        return clock.clock();
    }

    /** Lets a test drive the clock's time. */
    public void setTickerForTest(Ticker t) {
        clock.setTicker(t);
    }

    /** The clock's time now. */
    public long now() {
        return clock.now();
    }

    /** How many times the engine had to be restarted. */
    public int restarts() {
        return link.restarts();
    }

    /** The engine client (tests kill its process to simulate a crash). */
    public UciClient client() {
        return link.client();
    }

    /** The engine player's process of a game that hides pieces, or null (tests kill it). */
    public UciClient player() {
        return player.process();
    }

    /** Ends the engine processes. */
    public void close() {
        link.close();
        player.close();
    }

    /**
     * Runs a step with a live engine (EngineLink.run: restarted and retried
     * once when it failed), then reads the state and legal moves the same
     * way and sets the clock running for the side to move.
     */
    private Snapshot withEngine(EngineLink.Step step) throws EngineException {
        link.run(step);
        return refreshed();
    }

    /** A question for the engine, answered with the engine's word. */
    private interface Query<T> {
        T answer() throws EngineException;
    }

    /**
     * Asks the engine a question that leaves the session's game as it was:
     * the game is not read back and the clock not touched (the callers that
     * change something call refreshed() after).
     */
    private <T> T ask(final Query<T> q) throws EngineException {
        final List<T> answer = new ArrayList<T>(1);
        link.run(new EngineLink.Step() {
            @Override
            public void run() throws EngineException {
                answer.clear(); // a step retried after a restart answers again
                answer.add(q.answer());
            }
        });
        return answer.get(0);
    }

    /** Reads the game back from the engine and runs the side to move's clock; null before any game. */
    private Snapshot refreshed() throws EngineException {
        if (record.setup == null) {
            return null;
        }
        link.run(refresh);
        clock.run(record.state); // the side to move's time runs; a finished game's clock stands
        return snapshot();
    }
}
