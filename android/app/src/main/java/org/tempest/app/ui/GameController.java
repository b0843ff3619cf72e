package org.tempest.app.ui;

import java.io.File;
import java.io.IOException;
import java.util.List;
import org.tempest.app.engine.EngineBuild;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.EngineLog;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.engine.UciClient;
import org.tempest.app.game.Analyst;
import org.tempest.app.game.GameSession;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.GameStore;
import org.tempest.app.game.Profiles;
import org.tempest.app.game.RatedGames;
import org.tempest.app.game.Snapshot;

/**
 * Runs the game session on one worker thread (GameWorker), so engine I/O
 * never blocks the UI, and hands results to the UI thread. It outlives
 * activities (rotation, split screen); after every change the game is
 * autosaved and, once finished, counted for the player's profile, rated
 * ones for their rating too (ProfileBook).
 */
public final class GameController {
    /** What the screens hear about. All calls arrive on the UI thread. */
    public interface Listener {
        void onSnapshot(Snapshot s);

        void onThinking(boolean thinking);

        /** A message for the player: a rejected file or move, or an engine failure. */
        void onProblem(String title, String message);

        /** The engine's suggestion, with the facts the engine reports for it ("san Nf3"; none where pieces hide). */
        void onHint(String token, String facts);
    }

    /** Receives the result of an asynchronous request on the UI thread. */
    public interface Callback<T> {
        void done(T value, String problem);
    }

    private final String enginePath;
    private final Settings settings;
    private final EngineLog engineLog;
    private final GameWorker work = new GameWorker();
    private final ProfileBook book;
    private final GameSession.EngineFactory engines;
    private final GameSession session;
    /** The analysis and the review: an engine and a thread of their own, so the game's engine never waits. */
    private final Analyst analyst;
    private volatile Snapshot last;
    /** The "id name" of the last engine started (About shows it), or null before any started. */
    private volatile String engineName;
    private boolean showFromStart;

    public GameController(String enginePath, File filesDir, Settings settings) {
        this.enginePath = enginePath;
        this.book = new ProfileBook(filesDir, work);
        this.settings = settings;
        this.engineLog = new EngineLog(new File(filesDir, "engine.log"), ENGINE_LOG_BYTES);
        this.engines = new GameSession.EngineFactory() {
            @Override
            public UciClient start() throws EngineException {
                return startEngine();
            }
        };
        this.session = new GameSession(engines, engines, GameUi.SIDE_NAMES);
        this.analyst = new Analyst(engines);
    }

    /** How much of the engines' standard error the app keeps. */
    static final long ENGINE_LOG_BYTES = 256 * 1024;

    private UciClient startEngine() throws EngineException {
        UciClient c = UciClient.launch(java.util.Collections.singletonList(enginePath), engineLog.sink("engine"));
        engineName = c.name();
        return c;
    }

    /**
     * The engine's name, version and processor for the About screen (never
     * its path); an engine is started to ask when none has run yet.
     */
    public void engineBuild(Callback<EngineBuild> done) {
        work.ask(new GameWorker.Question<EngineBuild>() {
            @Override
            public EngineBuild answer() throws EngineException {
                if (engineName == null) {
                    startEngine().close();
                }
                return EngineBuild.of(engineName, new File(enginePath));
            }
        }, done);
    }

    /** The engine's analysis of positions and its review of games (AnalysisPanel, ReviewPanel). */
    public Analyst analyst() {
        return analyst;
    }

    /** The engines' standard error and exits, for the diagnostics screen. */
    public EngineLog engineLog() {
        return engineLog;
    }

    /** The current profile's saved games and autosave. */
    public GameStore store() {
        return storeOf(book.profiles().current());
    }

    /** A profile's saved games and autosave, in its own folder. */
    public GameStore storeOf(String profile) {
        return book.storeOf(profile);
    }

    /** Deletes a profile with its results and games (Profiles.deleteWithGames); false when refused. */
    public boolean deleteProfile(String name) throws IOException {
        return book.deleteProfile(name);
    }

    public Profiles profiles() {
        return book.profiles();
    }

    /** The players' rated games and ratings. */
    public RatedGames rated() {
        return book.rated();
    }

    public Settings settings() {
        return settings;
    }

    /** The latest picture of the game, or null before the first game. */
    public Snapshot snapshot() {
        return last;
    }

    /** True when no request is queued or running (tests wait for it). */
    public boolean idle() {
        return work.idle();
    }

    public void addListener(Listener l) {
        work.addListener(l);
    }

    public void removeListener(Listener l) {
        work.removeListener(l);
    }

    /** Starts a new game; the engine moves first when it has the first move. */
    public void newGame(final GameSetup setup) {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                book.newGame();
                return book.leftBehind(session.newGame(setup), session);
            }
        });
    }

    /**
     * Starts a game whose start takes each side's arrangement ("position
     * startpos setup", Stratego): the person's (rows as "setup" writes them)
     * against one the engine arranges for the other side, in the order the
     * game declares its sides. The rules engine checks the start; a refused
     * one is reported.
     */
    public void newArranged(final String game, final String humanSide, final int level, final String humanRows,
            final boolean rate) {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                book.newGame();
                GameInfo g = session.games().get(game);
                String other = g == null ? null : g.otherSide(humanSide);
                if (other == null) {
                    throw new EngineError("the engine has no two-sided game \"" + game + "\" with a side " + humanSide);
                }
                String engineRows = session.arrangement(game, other);
                boolean first = g.sideIndex(humanSide) == 0;
                String rows = first ? humanRows + " " + engineRows : engineRows + " " + humanRows;
                GameSetup setup = new GameSetup(game, humanSide, level, "startpos setup " + rows,
                        book.profiles().current());
                GameSetup played = rate ? book.rated().ratedIfItCan(g, setup, book.levelsNow(session)) : setup;
                return book.leftBehind(session.newGame(played), session);
            }
        });
    }

    /** Continues the autosaved game. */
    public void resume(final Callback<Boolean> done) {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                GameStore store = store();
                GameSetup setup = store.autosavedSetup();
                if (setup == null) {
                    throw new EngineError("there is no saved game to continue");
                }
                String record;
                try {
                    record = store.autosavedRecord();
                } catch (IOException e) {
                    throw new EngineError("the saved game cannot be read: " + e.getMessage());
                }
                long[] times = store.autosavedClock();
                Snapshot s = times == null ? session.resume(setup, record)
                        : session.resume(setup, record, times[0], times[1]);
                book.continued(s); // counted when it ended
                return s;
            }
        }, done);
    }

    /**
     * Loads a game record for the people to continue: they take the side to
     * move at the end of the record. A broken record is reported and the
     * current game and the autosave stay as they were.
     */
    public void load(final String record, final int level, final Callback<Boolean> done) {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                String variant = RecordTags.variant(record);
                Snapshot s = book.leftBehind(session.load(new GameSetup(variant, "", level, "startpos",
                        book.profiles().current()), record), session);
                book.continued(s);
                return session.takeSeat(s.state.toMove);
            }
        }, done);
    }

    /**
     * Which game the engine takes a text for as a position, or each game's
     * reason for refusing it (GameSession.positionOf); the game on the board
     * is not changed.
     */
    public void positionOf(final String text, Callback<GameSession.PositionFound> done) {
        positionOf(text, null, done);
    }

    /** The same, asked of one game alone (null: of every game). */
    public void positionOf(final String text, final String only, Callback<GameSession.PositionFound> done) {
        work.ask(new GameWorker.Question<GameSession.PositionFound>() {
            @Override
            public GameSession.PositionFound answer() throws EngineException {
                return session.positionOf(text, only);
            }
        }, done);
    }

    /**
     * Starts a game from a position the engine took ("position fen"): the
     * people take the given sides, Tempest the others at the level; the
     * engine moves first when it is to move. A refused position is reported
     * and the current game stays as it was.
     */
    public void openPosition(final String game, final String position, final String humans, final int level,
            final Callback<Boolean> done) {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                Snapshot s = book.leftBehind(session.newGame(new GameSetup(game, humans, level, "fen " + position,
                        book.profiles().current())), session);
                book.continued(s); // a finished position counts for nobody
                return s;
            }
        }, done);
    }

    /**
     * Stops the engine's search under way, or one queued to start, at once:
     * its move is not played, so the action that follows (Save, Undo, a new
     * game) runs next instead of waiting for it. The game loses nothing: an
     * engine still to move afterwards thinks again (see record, continueGame).
     * UI thread or any other.
     */
    public boolean stopThinking() {
        return session.stopThinking();
    }

    /**
     * Lets the engine move if it is to move (after a stopped search); nothing
     * is published when it is not.
     */
    public void continueGame() {
        submit(new Task() {
            @Override
            public Snapshot run() {
                Snapshot s = session.snapshot();
                return s == null || s.state.over || s.setup.isHuman(s.state.toMove) ? null : s;
            }
        });
    }

    /**
     * The same game again: the same players and clock, the colours swapped
     * where two sides play and one of them is the engine (Chameleon Chess
     * and pass and play keep their seats). Null when the game's start takes
     * an arrangement (Stratego: the setup screen is opened instead).
     */
    public GameSetup rematchSetup() {
        Snapshot s = last;
        if (s == null || org.tempest.app.game.Features.arrangement(s.game)) {
            return null;
        }
        GameSetup old = s.setup;
        String humans = old.humanPlayers;
        if (s.game.sides.size() == 2 && humans.length() == 1) {
            humans = s.game.otherSide(humans);
        }
        String start = s.game.sides.size() == 2 ? "startpos" : old.start; // a loaded position starts afresh
        GameSetup again = new GameSetup(old.variant, humans, old.level, start, book.profiles().current(),
                old.playerLevels, old.clockBaseMs, old.clockIncrementMs);
        List<LevelInfo> known = book.knownLevels();
        return settings.ratedGames() && known != null ? book.rated().ratedIfItCan(s.game, again, known) : again;
    }

    /**
     * The game counts for no rating from now on: a help is about to be used
     * in it (GameDialogs.helpThen asked first). Queued before the help, which
     * then finds the game casual.
     */
    public void makeCasual() {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                Snapshot s = session.casual();
                book.madeCasual(s);
                return s;
            }
        });
    }

    /** Plays the person's token, then lets the engine answer. */
    public void play(final String token) {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                Snapshot s = session.play(token);
                book.moved(s); // a rated game is under way: leaving it now would lose it
                return s;
            }
        });
    }

    /** The person to move resigns. */
    public void resign() {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                return session.resign();
            }
        });
    }

    /**
     * The person to move offers a draw: the engine decides when it is the
     * other player; between two people, agreed says whether the other one
     * accepted. The callback hears whether the game is drawn.
     */
    public void offerDraw(final boolean agreed, final Callback<Boolean> done) {
        work.start(new Runnable() {
            @Override
            public void run() {
                Boolean accepted = null;
                String problem = null;
                try {
                    accepted = session.offerDraw(agreed);
                    publish(session.snapshot());
                } catch (EngineException e) {
                    problem = e.getMessage();
                }
                work.deliver(done, accepted, problem);
            }
        });
    }

    /** A flag fell on the screen's clock: the game is lost on time, if the session's clock agrees. */
    public void flag() {
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                return session.flag();
            }
        });
    }

    /** The game as it stood after ply moves, to step through it (the game itself goes on unchanged). */
    public void positionAt(final int ply, Callback<Snapshot> done) {
        work.ask(new GameWorker.Question<Snapshot>() {
            @Override
            public Snapshot answer() throws EngineException {
                return session.positionAt(ply);
            }
        }, done);
    }

    /** The next game screen opens the game at its start (a loaded record to replay). */
    public void showFromStartOnce() {
        showFromStart = true;
    }

    /** Whether the game screen should open at the start; asking clears it. */
    boolean takeShowFromStart() {
        boolean s = showFromStart;
        showFromStart = false;
        return s;
    }

    /** The engine's latest score of the game from White's side, or null (chess and card chess). */
    public org.tempest.app.game.Evaluation evaluation() {
        return session.evaluation();
    }

    /** The game's clock, or null (read on the UI thread; the clock is thread-safe). */
    public org.tempest.app.game.Clock clock() {
        return session.clock();
    }

    /** The clock's time now, in the clock's milliseconds. */
    public long clockNow() {
        return session.now();
    }

    /** The session (tests set its clock's time source). */
    GameSession sessionForTest() {
        return session;
    }

    /** Takes back to the person's previous turn; a search under way is stopped first and its move dropped. */
    public void undo() {
        stopThinking();
        submit(new Task() {
            @Override
            public Snapshot run() throws EngineException {
                return session.undo();
            }
        });
    }

    public void hint() {
        final long ticket = session.searchTicket();
        work.startThinking(new Runnable() {
            @Override
            public void run() {
                String token = null;
                String facts = "";
                String problem = null;
                try {
                    token = session.hint(settings.thinkMillis(), ticket);
                    facts = token == null ? "" : session.factsOf(token);
                } catch (EngineException e) {
                    problem = e.getMessage();
                }
                final String t = token;
                final String f = facts;
                final String p = problem;
                work.finish(new Runnable() {
                    @Override
                    public void run() {
                        for (Listener l : work.listeners()) {
                            l.onThinking(false);
                            if (p != null) {
                                l.onProblem("Hint", p);
                            } else if (t != null) {
                                l.onHint(t, f); // a stopped hint shows nothing
                            }
                        }
                    }
                });
            }
        });
    }

    /**
     * The game record, from the engine, for saving. A search under way is
     * stopped first, so the record comes at once with every move played;
     * the engine, if it is still to move, then thinks again.
     */
    public void record(Callback<String> done) {
        boolean busy = !idle(); // an engine turn under way or queued is dropped by the stop: it goes on below
        stopThinking();
        work.ask(new GameWorker.Question<String>() {
            @Override
            public String answer() throws EngineException {
                return session.record();
            }
        }, done);
        if (busy) {
            continueGame();
        }
    }

    /** An arrangement of one side's pieces from the engine's setup generator ("setup <side>"). */
    public void arrangement(final String game, final String side, Callback<String> done) {
        work.ask(new GameWorker.Question<String>() {
            @Override
            public String answer() throws EngineException {
                return session.arrangement(game, side);
            }
        }, done);
    }

    /** What every game declares of itself, asked of the engine once. */
    public void games(Callback<Games> done) {
        work.ask(new GameWorker.Question<Games>() {
            @Override
            public Games answer() throws EngineException {
                return session.games();
            }
        }, done);
    }

    /** The engine's playing levels, asked once. */
    public void levels(Callback<List<LevelInfo>> done) {
        work.ask(new GameWorker.Question<List<LevelInfo>>() {
            @Override
            public List<LevelInfo> answer() throws EngineException {
                return book.levels(session, engines);
            }
        }, done);
    }

    /** A playing level as the engine described it, once the levels were asked for; else null. */
    public LevelInfo cachedLevel(int skill) {
        List<LevelInfo> l = book.knownLevels();
        if (l != null) {
            for (LevelInfo i : l) {
                if (i.skill == skill) {
                    return i;
                }
            }
        }
        return null;
    }

    /** Stops the engine process (tests simulate a crash with it). */
    public void killEngineForTest() {
        work.execute(new Runnable() {
            @Override
            public void run() {
                if (session.client() != null) {
                    session.client().process().kill();
                }
            }
        });
    }

    /** Ends the engine and the worker (the app is going away, or a test ends). */
    public void shutdown() {
        analyst.close();
        work.shutdown(new Runnable() {
            @Override
            public void run() {
                session.close();
            }
        });
    }

    /** How many times the engine was restarted after failing. */
    public int engineRestarts() {
        return session.restarts();
    }

    private interface Task {
        Snapshot run() throws EngineException;
    }

    private void submit(Task task) {
        submit(task, null);
    }

    private void submit(final Task task, final Callback<Boolean> done) {
        final long ticket = session.searchTicket(); // a stop after this drops the engine's turns below
        work.start(new Runnable() {
            @Override
            public void run() {
                Snapshot s = null;
                String problem = null;
                boolean rejected = false;
                try {
                    s = task.run();
                    publish(s);
                    // The engine answers while it is to move.
                    while (s != null && !s.state.over && !s.setup.isHuman(s.state.toMove)) {
                        int before = s.moves.size();
                        work.thinking(true);
                        try {
                            s = session.engineMove(settings.thinkMillis(), ticket);
                        } finally {
                            work.thinking(false);
                        }
                        publish(s);
                        if (s.moves.size() == before) {
                            break; // the engine found no move; the state tells why
                        }
                    }
                } catch (EngineError e) {
                    problem = e.getMessage();
                    rejected = true;
                } catch (EngineException e) {
                    problem = "The engine failed: " + e.getMessage();
                }
                final String p = problem;
                final boolean bad = rejected;
                work.finish(new Runnable() {
                    @Override
                    public void run() {
                        if (p != null && done == null) {
                            for (Listener l : work.listeners()) {
                                l.onProblem(bad ? "Not possible" : "Engine problem", p);
                            }
                        }
                        if (done != null) {
                            done.done(p == null, p);
                        }
                    }
                });
            }
        });
    }

    /** Autosaves, counts a finished game, and shows the new picture. Worker thread. */
    private void publish(final Snapshot s) {
        if (s == null) {
            return;
        }
        last = s;
        book.changed(s, session, this);
        work.snapshot(s);
    }
}
