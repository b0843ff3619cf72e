package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.EngineProcess;
import org.tempest.app.engine.EngineTimeoutException;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;
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
 * PUBLISH_MS the lines' moves are written (the facts "play" reports for
 * each, SAN in chess, which the screen turns into the game's notation) and
 * the picture handed to the listener. The engine reads commands while it
 * searches a copy of the game, so "position" and "play" are sent between
 * its reports. A new target or stop() sends "stop"; the search's bestmove is
 * read and dropped, and nothing of the old target is published after it.
 *
 * <p>A review searches every position of a game with Review.nodesFor its
 * game (MultiPV 1), reports its progress, and can be cancelled; it goes
 * before an analysis, which resumes after it.
 */
public final class Analyst {
    /** The most lines an analysis shows. */
    public static final int MAX_LINES = 3;
    /** How often at most a running search's lines are written and published. */
    static final long PUBLISH_MS = 100;
    /** How long the reader waits for the engine before it looks whether it was told to stop. */
    private static final long POLL_MS = 20;
    /** How long a stopped search has to give its bestmove before the engine counts as hung. */
    private static final long STOP_GRACE_MS = 2000;
    /** How long one position of a review may take before the engine counts as hung. */
    private static final long REVIEW_SEARCH_MS = 60000;
    /** How many moves of a line are written: more than a phone's line holds. */
    static final int LINE_MOVES = 12;
    /** A move the engine refused in a line's position: the line is written up to it. */
    private static final String REFUSED = new String("refused");

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

    /** A review asked for. */
    private static final class ReviewJob {
        final GameInfo game;
        final String start;
        final List<String> moves;
        final ReviewListener listener;
        volatile boolean cancelled;

        ReviewJob(GameInfo game, String start, List<String> moves, ReviewListener listener) {
            this.game = game;
            this.start = start;
            this.moves = new ArrayList<String>(moves);
            this.listener = listener;
        }
    }

    /** What a running search reported so far. */
    private static final class Lines {
        final TreeMap<Integer, EngineLine> byRank = new TreeMap<Integer, EngineLine>();
        final int most;
        /** The search's error line, without its prefix, or null. */
        String problem;
        /** The search has given its bestmove. */
        boolean ended;
        /** The engine's bestmove, once given. */
        String best;

        Lines(int most) {
            this.most = most;
        }

        /** Takes a line of the search; whether it changed the picture. */
        boolean take(String line) {
            if (line.startsWith("bestmove")) {
                ended = true;
                String[] f = line.trim().split("\\s+");
                best = f.length > 1 ? f[1] : "";
                return false;
            }
            if (line.startsWith("info string error: ")) {
                problem = line.substring("info string error: ".length());
                return true;
            }
            EngineLine l = EngineLine.parse(line);
            if (l == null || l.rank > most) {
                return false;
            }
            byRank.put(l.rank, l);
            return true;
        }
    }

    private final GameSession.EngineFactory factory;
    private final Object lock = new Object();
    /** The analysis wanted, or null (guarded by lock). */
    private Target wanted;
    private Listener listener;
    /** Counts every analyse and stop: a picture of an older count is never published (guarded by lock). */
    private long serial;
    /** The count whose analysis has ended on its own (the engine refused it): not searched again. */
    private long ended = -1;
    /** The review wanted, or null (guarded by lock). */
    private ReviewJob job;
    private boolean closed;
    /** The thread is searching, stopping a search or reviewing (guarded by lock). */
    private boolean busy;
    private Thread thread;
    private volatile Review review;

    // The analyst thread's own.
    private volatile UciClient engine;
    /** The engine's game now (UCI_Variant), "" before it is set. */
    private String variant = "";
    /** The engine's MultiPV now. */
    private int multiPv = 1;
    /** By game: whether the engine reports one line only there (it says MultiPV does not apply). */
    private final Map<String, Boolean> oneLine = new HashMap<String, Boolean>();
    /** A side's view of a start, by start and side. */
    private final Map<String, String> views = new HashMap<String, String>();
    /** The facts of a line's moves in the position analysed, by the tokens from there. */
    private final Map<String, String> written = new HashMap<String, String>();

    public Analyst(GameSession.EngineFactory factory) {
        this.factory = factory;
    }

    /** Analyses the target from now on (a search of another target is stopped first); the listener hears it. */
    public void analyse(Target t, Listener l) {
        synchronized (lock) {
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
            if (job != null) {
                job.cancelled = true;
            }
            job = new ReviewJob(game, start, moves, l);
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

    /** The analysis engine, or null before the first analysis (tests read what it was told). */
    public UciClient engineForTest() {
        return engine;
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
            t.join(STOP_GRACE_MS + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        UciClient e = engine;
        if (t.isAlive() && e != null) {
            e.process().kill(); // the thread is stuck on a hung engine: this ends its wait
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
            ReviewJob j;
            long s;
            synchronized (lock) {
                while (!closed && job == null && (wanted == null || serial == ended)) {
                    busy = false;
                    try {
                        lock.wait();
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
            try {
                if (j != null) {
                    reviewOnce(j);
                } else {
                    analyseOnce(t, s);
                }
            } catch (RuntimeException bug) {
                // An answer the analyst could not take (a bug, not the engine's refusal): the engine is
                // started afresh next time, and the thread lives on for the next request.
                closeEngine();
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
        closeEngine();
    }

    /** One analysis until it is no longer wanted or ends on its own; a failed engine is restarted next time. */
    private void analyseOnce(Target t, long s) {
        String problem = null;
        try {
            if (analyse(t, s)) {
                return; // stopped, or put aside for a review
            }
        } catch (EngineError refused) {
            problem = refused.getMessage();
        } catch (EngineException failed) {
            closeEngine();
            problem = "the analysis engine failed: " + failed.getMessage();
        }
        synchronized (lock) {
            if (serial == s) {
                ended = s; // not searched again until something else is asked
            }
        }
        if (problem != null) {
            publish(s, new Analysis(t, Collections.<Line>emptyList(), false, problem));
        }
    }

    /**
     * Searches the target until it is no longer wanted (true) or the search
     * ends on its own (false: the engine refused it, and the picture said
     * why).
     */
    private boolean analyse(Target t, long s) throws EngineException {
        ensureEngine();
        prepare(t.game.name, t.lines);
        String base = base(t);
        written.clear();
        engine.position("fen " + base, t.moves);
        Lines acc = new Lines(multiPv);
        engine.startSearch("infinite");
        EngineProcess p = engine.process();
        long published = 0;
        boolean fresh = false;
        try {
            while (!acc.ended && wanted(s)) {
                String line = p.poll(POLL_MS);
                while (line != null && !acc.ended) {
                    fresh |= acc.take(line);
                    line = p.poll(0);
                }
                long now = System.currentTimeMillis();
                if (fresh && now - published >= PUBLISH_MS && wanted(s)) {
                    publish(s, picture(t, base, acc));
                    published = now;
                    fresh = false;
                }
            }
        } finally {
            finish(acc);
        }
        if (acc.problem != null && wanted(s)) {
            publish(s, picture(t, base, acc));
        }
        return !wanted(s);
    }

    /** Stops a search that has not ended and reads its bestmove, which is dropped. */
    private void finish(Lines acc) throws EngineException {
        if (acc.ended || engine == null) {
            return;
        }
        engine.stop();
        long deadline = System.currentTimeMillis() + STOP_GRACE_MS;
        while (!acc.ended) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new EngineTimeoutException("the analysis engine did not stop within " + STOP_GRACE_MS + " ms");
            }
            String line = engine.process().next(left);
            if (line.startsWith("bestmove")) {
                acc.ended = true;
            }
        }
    }

    /** The lines so far, each with the facts of its first moves (asked of the engine while it searches). */
    private Analysis picture(Target t, String base, Lines acc) throws EngineException {
        List<Line> out = new ArrayList<Line>();
        int most = Features.wholeLines(t.game) ? LINE_MOVES : 1;
        for (EngineLine l : new ArrayList<EngineLine>(acc.byRank.values())) {
            out.add(new Line(l, factsOf(base, t.moves, l.pv, most, acc)));
        }
        Boolean one = oneLine.get(variant);
        return new Analysis(t, out, one != null && !one, acc.problem);
    }

    /**
     * The facts the engine reports for the line's first moves (at most
     * most), played from the position analysed; a move it refuses ends them.
     */
    private List<String> factsOf(String base, List<String> moves, List<String> pv, int most, Lines acc)
            throws EngineException {
        List<String> out = new ArrayList<String>();
        StringBuilder key = new StringBuilder();
        int k = 0;
        for (; k < pv.size() && k < most; k++) {
            String f = written.get(key + " " + pv.get(k));
            if (f == null) {
                break;
            }
            if (f == REFUSED) {
                return out;
            }
            out.add(f);
            key.append(' ').append(pv.get(k));
        }
        if (k >= pv.size() || k >= most) {
            return out;
        }
        List<String> prefix = new ArrayList<String>(moves);
        prefix.addAll(pv.subList(0, k));
        StringBuilder position = new StringBuilder("position fen ").append(base);
        if (!prefix.isEmpty()) {
            position.append(" moves");
            for (String m : prefix) {
                position.append(' ').append(m);
            }
        }
        if (hasError(ask(position.toString(), acc))) {
            return out;
        }
        for (; k < pv.size() && k < most; k++) {
            String token = pv.get(k);
            key.append(' ').append(token);
            String facts = null;
            String played = "played " + token;
            for (String line : ask("play " + token, acc)) {
                if (line.equals(played) || line.startsWith(played + " ")) {
                    facts = line.substring(played.length()).trim();
                }
            }
            boolean refused = facts == null;
            if (refused && k == 0) {
                // The engine's own choice, which a view cannot play without the battle's outcome (Stratego):
                // written from its token alone, as the hint is where pieces hide; the line ends there.
                facts = "";
            }
            written.put(key.toString(), facts == null ? REFUSED : facts);
            if (facts == null) {
                break;
            }
            out.add(facts);
            if (refused) {
                break;
            }
        }
        return out;
    }

    private static boolean hasError(List<String> reply) {
        for (String line : reply) {
            if (line.startsWith("info string error: ")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Sends a command and "isready" while a search may run, and returns the
     * command's lines up to "readyok"; the search's reports that come
     * between go to its lines.
     */
    private List<String> ask(String command, Lines acc) throws EngineException {
        EngineProcess p = engine.process();
        p.send(command);
        p.send("isready");
        long deadline = System.currentTimeMillis() + UciClient.REPLY_TIMEOUT_MS;
        List<String> reply = new ArrayList<String>();
        while (true) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new EngineTimeoutException("the analysis engine did not answer \"" + command.split(" ")[0]
                        + "\" within " + UciClient.REPLY_TIMEOUT_MS + " ms");
            }
            String line = p.next(left);
            if (line.equals("readyok")) {
                return reply;
            }
            if (line.startsWith("bestmove") || line.startsWith("info ") && !line.startsWith("info string")) {
                acc.take(line);
            } else {
                reply.add(line);
            }
        }
    }

    /** Hands a picture to the listener, unless another analysis was asked for meanwhile. */
    private void publish(long s, Analysis a) {
        Listener l;
        synchronized (lock) {
            if (serial != s || closed) {
                return;
            }
            l = listener;
        }
        l.onAnalysis(a);
    }

    private boolean wanted(long s) {
        synchronized (lock) {
            return !closed && serial == s && job == null;
        }
    }

    /** The engine's game and MultiPV for an analysis of that game with so many lines. */
    private void prepare(String game, int lines) throws EngineException {
        if (!variant.equals(game)) {
            engine.setOption("UCI_Variant", game);
            variant = game;
        }
        Boolean one = oneLine.get(game);
        if (one == null) {
            // The engine says when an option means nothing in a game: ask for two lines and listen.
            engine.setOption("MultiPV", "1");
            one = false;
            for (String line : engine.request("setoption name MultiPV value 2")) {
                one |= line.contains("MultiPV does not apply");
            }
            multiPv = 2;
            oneLine.put(game, one);
        }
        int want = one ? 1 : lines;
        if (multiPv != want) {
            engine.setOption("MultiPV", Integer.toString(want));
            multiPv = want;
        }
    }

    /** The position the target's moves start from: its start, or the side's view of it where pieces hide. */
    private String base(Target t) throws EngineException {
        if (t.view == null) {
            return t.start;
        }
        String key = t.start + "\n" + t.view;
        String v = views.get(key);
        if (v == null) {
            engine.position("fen " + t.start, Collections.<String>emptyList());
            v = engine.view(t.view);
            if (views.size() > 8) {
                views.clear();
            }
            views.put(key, v);
        }
        return v;
    }

    private void ensureEngine() throws EngineException {
        if (engine == null) {
            UciClient e = factory.start();
            variant = "";
            multiPv = 1;
            try {
                e.setOption("UCI_ShowWDL", "true");
            } catch (EngineException failed) {
                e.close();
                throw failed;
            }
            engine = e;
        }
    }

    private void closeEngine() {
        UciClient e = engine;
        engine = null;
        if (e != null) {
            e.close();
        }
    }

    /** One review to its end, its cancellation or the engine's failure; the listener hears which. */
    private void reviewOnce(ReviewJob j) {
        Review r = null;
        String problem = null;
        try {
            r = review(j);
        } catch (EngineException failed) {
            closeEngine();
            problem = "the analysis engine failed: " + failed.getMessage();
        }
        synchronized (lock) {
            if (job == j) {
                job = null;
            }
        }
        if (r != null) {
            review = r;
        }
        j.listener.onReview(r, problem);
    }

    /** Searches every position of the game; null when cancelled. */
    private Review review(ReviewJob j) throws EngineException {
        ensureEngine();
        if (!variant.equals(j.game.name)) {
            engine.setOption("UCI_Variant", j.game.name);
            variant = j.game.name;
        }
        if (multiPv != 1) {
            engine.setOption("MultiPV", "1");
            multiPv = 1;
        }
        engine.request("ucinewgame"); // the same game reviewed twice gives the same review
        int n = j.moves.size();
        double[] white = new double[n + 1];
        List<Evaluation> evaluations = new ArrayList<Evaluation>();
        List<String> best = new ArrayList<String>();
        List<String> toMove = new ArrayList<String>();
        String first = j.game.sides.get(0);
        for (int i = 0; i <= n; i++) {
            if (j.cancelled) {
                return null;
            }
            engine.position("fen " + j.start, j.moves.subList(0, i));
            GameState st = engine.state();
            toMove.add(st.toMove);
            boolean firstToMove = st.toMove.equals(first);
            if (st.over) {
                // The rules ended the game here: its result is the score.
                white[i] = st.result.equals("1-0") ? 1 : st.result.equals("0-1") ? 0 : 0.5;
                evaluations.add(null);
                best.add("");
            } else {
                Lines acc = searchBudget(j);
                if (acc == null) {
                    return null;
                }
                EngineLine l = acc.byRank.get(1);
                if (l == null) {
                    throw new EngineException("the engine gave no score for position " + i + " of the game");
                }
                double e = l.expectedScore();
                white[i] = firstToMove ? e : 1 - e;
                evaluations.add(l.evaluation(firstToMove));
                best.add(acc.best == null ? "" : acc.best);
            }
            j.listener.onProgress(i + 1, n + 1, white[i]);
        }
        return new Review(j.game.name, j.start, j.moves, white, evaluations, best, toMove);
    }

    /** One position of a review at its budget; null when the review is cancelled meanwhile. */
    private Lines searchBudget(ReviewJob j) throws EngineException {
        Lines acc = new Lines(1);
        EngineLine exact = null; // the last score that is no aspiration failure's bound
        engine.startSearch("nodes " + Review.nodesFor(j.game));
        EngineProcess p = engine.process();
        long deadline = System.currentTimeMillis() + REVIEW_SEARCH_MS;
        boolean stopped = false;
        while (!acc.ended) {
            if (j.cancelled && !stopped) {
                engine.stop();
                stopped = true;
                deadline = System.currentTimeMillis() + STOP_GRACE_MS;
            }
            String line = p.poll(POLL_MS);
            if (line == null) {
                if (System.currentTimeMillis() > deadline) {
                    throw new EngineTimeoutException("the analysis engine did not finish a review search");
                }
                continue;
            }
            acc.take(line);
            EngineLine l = EngineLine.parse(line);
            if (l != null && l.rank == 1 && l.bound.isEmpty()) {
                exact = l;
            }
        }
        if (stopped) {
            return null;
        }
        if (acc.problem != null) {
            throw new EngineError(acc.problem);
        }
        if (exact != null) {
            acc.byRank.put(1, exact);
        }
        return acc;
    }
}
