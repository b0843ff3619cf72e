package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.UciClient;

/**
 * The engine's analysis of a position and its review of a game, in an
 * engine process of their own and on a thread of their own: the game's
 * engine (the rules service and the opponent) never waits for them, and
 * whoever asks never waits for the engine. Every call returns at once; the
 * thread does what was asked last.
 *
 * <p>An analysis is "go infinite" on the position (docs/PROTOCOL.md): each
 * report's lines are collected by their MultiPV rank, and at most every
 * LiveAnalysis.PUBLISH_MS the lines' moves are written (the facts "play"
 * reports for each, SAN in chess, which the screen turns into the game's
 * notation) and the picture handed to the listener. The engine reads
 * commands while it searches a copy of the game, so "position" and "play"
 * are sent between its reports. A new target or stop() sends "stop"; the
 * search's bestmove is read and dropped, and nothing of the old target is
 * published after it.
 *
 * <p>A review searches every position of a game with Review.nodesFor its
 * game (MultiPV 1), reports its progress, and can be cancelled; it goes
 * before an analysis, which resumes after it (ReviewRunner).
 *
 * <p>The engine (AnalysisEngine) is started by the first request and quits
 * when nobody needs it: after IDLE_QUIT_MS with nothing asked, or as soon as
 * nothing is asked once quitWhenIdle was called (the game screen was left).
 * The next request starts it again.
 */
public final class Analyst {
    /** The most lines an analysis shows. */
    public static final int MAX_LINES = 3;
    /**
     * How long the analysis engine may rest with nothing asked of it before
     * it quits: nobody reads its lines, its process and hash table are memory
     * a phone wants back, and starting it again takes a moment only.
     */
    public static final long IDLE_QUIT_MS = 60000;
    /** How often a resting thread with an engine looks at the clock: a test's clock moves without waking it. */
    private static final long IDLE_CHECK_MS = 1000;

    /** Hears the analysis, on the analyst's thread. */
    public interface Listener {
        void onAnalysis(Analysis a);
    }

    /** Hears a review, on the analyst's thread. */
    public interface ReviewListener {
        /** Positions searched so far, of all, and White's expected score in the last of them. */
        void onProgress(int done, int total, double whiteScore);

        /** The review; null with a problem when the engine failed, null without one when it was cancelled. */
        void onReview(Review review, String problem);
    }

    /** A position to analyse: a game's start and moves, searched whole or from a player's view. */
    public static final class Target {
        public final GameInfo game;
        public final String start;
        /** The moves from the start to the position. */
        public final List<String> moves;
        /** The side whose view is searched (a game that hides pieces), or null for the whole position. */
        final String view;
        /** The side to move: the engine's scores are its. */
        public final String toMove;
        /** The lines (MultiPV) asked for. */
        public final int lines;

        public Target(GameInfo game, String start, List<String> moves, String view, String toMove, int lines) {
            this.game = game;
            this.start = start;
            this.moves = Collections.unmodifiableList(new ArrayList<String>(moves));
            this.view = view;
            this.toMove = toMove;
            this.lines = Math.max(1, Math.min(MAX_LINES, lines));
        }

        /** The position a picture of the game shows, searched as the game allows (its view where pieces hide). */
        public static Target of(Snapshot s, int lines) {
            String view = Features.analysesView(s.game) ? s.setup.firstHuman(s.game) : null;
            return new Target(s.game, s.start, s.moves, view, s.state.toMove, lines);
        }

        /** Whether both ask for the same analysis. */
        public boolean same(Target o) {
            return samePosition(o) && lines == o.lines;
        }

        /** Whether both are of the same position, searched the same way (the number of lines aside). */
        public boolean samePosition(Target o) {
            return o != null && game.name.equals(o.game.name) && start.equals(o.start) && moves.equals(o.moves)
                    && (view == null ? o.view == null : view.equals(o.view));
        }
    }

    /** A picture of an analysis under way. */
    public static final class Analysis {
        public final Target target;
        /** The best line first, at most as many as the target asked for. */
        public final List<Line> lines;
        /** Whether the engine reports several lines (MultiPV) in this game. */
        public final boolean severalLines;
        /** The engine's refusal of the search, in its words, or null. */
        public final String problem;

        Analysis(Target target, List<Line> lines, boolean severalLines, String problem) {
            this.target = target;
            this.lines = Collections.unmodifiableList(lines);
            this.severalLines = severalLines;
            this.problem = problem;
        }
    }

    /** One line of an analysis, with the facts of as many of its moves as can be written. */
    public static final class Line {
        public final EngineLine info;
        /** The first moves of the line, as the engine's tokens, each with the facts "play" reported for it. */
        public final List<String> tokens;
        public final List<String> facts;

        Line(EngineLine info, List<String> facts) {
            this.info = info;
            this.tokens = Collections.unmodifiableList(new ArrayList<String>(info.pv.subList(0, facts.size())));
            this.facts = Collections.unmodifiableList(new ArrayList<String>(facts));
        }
    }

    private final AnalysisEngine engine;
    private final LiveAnalysis live;
    private final ReviewRunner reviews;
    private final Object lock = new Object();
    /** The analysis wanted, or null (guarded by lock). */
    private Target wanted;
    private Listener listener;
    /** Counts every analyse and stop: a picture of an older count is never published (guarded by lock). */
    private long serial;
    /** The count whose analysis has ended on its own (the engine refused it): not searched again. */
    private long ended = -1;
    /** The review wanted, or null (guarded by lock). */
    private ReviewRunner.Job job;
    private boolean closed;
    /** The thread is searching, stopping a search, reviewing or ending the engine (guarded by lock). */
    private boolean busy;
    /** When the thread last came to rest, by the ticker (guarded by lock). */
    private long idleSince;
    /** The engine ends as soon as nothing is asked; a request clears it (guarded by lock). */
    private boolean quitWhenIdle;
    private Thread thread;
    private volatile Review review;
    /** Where the idle time is read (tests drive it). */
    private volatile GameSession.Ticker ticker = new GameSession.Ticker() {
        @Override
        public long now() {
            return System.nanoTime() / 1000000;
        }
    };

    public Analyst(GameSession.EngineFactory factory) {
        this.engine = new AnalysisEngine(factory);
        this.live = new LiveAnalysis(this, engine);
        this.reviews = new ReviewRunner(this, engine);
    }

    /** Analyses the target from now on (a search of another target is stopped first); the listener hears it. */
    public void analyse(Target t, Listener l) {
        synchronized (lock) {
            quitWhenIdle = false;
            if (t.same(wanted) && l == listener) {
                return;
            }
            wanted = t;
            listener = l;
            serial++;
            wake();
        }
    }

    /** Stops the analysis: the search is stopped and nothing more of it is published. */
    public void stop() {
        synchronized (lock) {
            if (wanted == null) {
                return;
            }
            wanted = null;
            serial++;
            lock.notifyAll();
        }
    }

    /** Reviews a game (its start and moves) at Review.nodesFor a position; a review under way is cancelled. */
    public void review(GameInfo game, String start, List<String> moves, ReviewListener l) {
        synchronized (lock) {
            quitWhenIdle = false;
            if (job != null) {
                job.cancelled = true;
            }
            job = new ReviewRunner.Job(game, start, moves, l);
            wake();
        }
    }

    /** Cancels the review under way, if any; its listener hears a review of null. */
    public void cancelReview() {
        synchronized (lock) {
            if (job != null) {
                job.cancelled = true;
                lock.notifyAll();
            }
        }
    }

    /**
     * Nobody will look for a while (the game screen is left): the engine
     * quits as soon as nothing is asked of it, at once when nothing is, or
     * when the review under way ends. The next request starts it again.
     */
    public void quitWhenIdle() {
        synchronized (lock) {
            quitWhenIdle = true;
            lock.notifyAll();
        }
    }

    /** Whether a review is asked for or under way. */
    public boolean reviewing() {
        synchronized (lock) {
            return job != null;
        }
    }

    /** The last review finished, or null. */
    public Review lastReview() {
        return review;
    }

    /** Whether nothing is asked and the thread rests: a stopped search's bestmove has been read (tests). */
    public boolean idle() {
        synchronized (lock) {
            return wanted == null && job == null && !busy;
        }
    }

    /** The analysis engine, or null while none runs (tests read what it was told and whether it lives). */
    public UciClient engineForTest() {
        return engine.client();
    }

    /** Lets a test drive the time the engine's idleness is measured by. */
    public void setTickerForTest(GameSession.Ticker t) {
        ticker = t;
    }

    /** Ends the thread and the analysis engine (the app is going away). */
    public void close() {
        Thread t;
        synchronized (lock) {
            closed = true;
            lock.notifyAll();
            t = thread;
        }
        if (t == null) {
            return;
        }
        try {
            t.join(AnalysisEngine.STOP_GRACE_MS + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            engine.kill(); // the thread is stuck on a hung engine: this ends its wait
        }
    }

    /** Starts the thread the first time there is work; wakes it. Under lock. */
    private void wake() {
        if (thread == null && !closed) {
            thread = new Thread(new Runnable() {
                @Override
                public void run() {
                    loop();
                }
            }, "tempest-analysis");
            thread.setDaemon(true);
            thread.start();
        }
        lock.notifyAll();
    }

    private void loop() {
        while (true) {
            Target t;
            ReviewRunner.Job j;
            long s;
            boolean quit = false;
            synchronized (lock) {
                while (!closed && job == null && (wanted == null || serial == ended)) {
                    if (busy) {
                        busy = false;
                        idleSince = ticker.now();
                    }
                    if (engine.running() && (quitWhenIdle || ticker.now() - idleSince >= IDLE_QUIT_MS)) {
                        quit = true;
                        quitWhenIdle = false;
                        break;
                    }
                    try {
                        lock.wait(engine.running() ? IDLE_CHECK_MS : 0);
                    } catch (InterruptedException e) {
                        closed = true;
                    }
                }
                if (closed) {
                    break;
                }
                busy = true;
                t = wanted;
                j = job;
                s = serial;
            }
            if (quit) {
                engine.close(); // "quit": the process ends, and the next request starts another
                continue;
            }
            try {
                if (j != null) {
                    reviews.run(j);
                } else {
                    live.run(t, s);
                }
            } catch (RuntimeException bug) {
                // An answer the analyst could not take (a bug, not the engine's refusal): the engine is
                // started afresh next time, and the thread lives on for the next request.
                engine.close();
                synchronized (lock) {
                    ended = s;
                    if (job == j) {
                        job = null;
                    }
                }
                if (j != null) {
                    j.listener.onReview(null, "the review failed: " + bug);
                }
            }
        }
        engine.close();
    }

    /** The analysis of count s has ended on its own: it is not searched again until something else is asked. */
    void endedOnItsOwn(long s) {
        synchronized (lock) {
            if (serial == s) {
                ended = s;
            }
        }
    }

    /** A review has ended: finished (r), cancelled or failed (null); its listener is told next. */
    void reviewEnded(ReviewRunner.Job j, Review r) {
        synchronized (lock) {
            if (job == j) {
                job = null;
            }
        }
        if (r != null) {
            review = r;
        }
    }

    /** Hands a picture to the listener, unless another analysis was asked for meanwhile. */
    void publish(long s, Analysis a) {
        Listener l;
        synchronized (lock) {
            if (serial != s || closed) {
                return;
            }
            l = listener;
        }
        l.onAnalysis(a);
    }

    /** Whether the analysis of count s is still the one wanted (no newer request, no review before it). */
    boolean wanted(long s) {
        synchronized (lock) {
            return !closed && serial == s && job == null;
        }
    }
}
