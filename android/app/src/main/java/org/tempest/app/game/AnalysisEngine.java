package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.EngineProcess;
import org.tempest.app.engine.EngineTimeoutException;
import org.tempest.app.engine.UciClient;

/**
 * The analysis engine, a process of its own: started when an analysis or a
 * review needs it, ended when nobody does (Analyst decides when). It
 * remembers what it was told (game, MultiPV), which games report one line
 * only, and the views of a start where pieces hide. Only the analyst's
 * thread uses it, except to end a hung process and what tests read.
 */
final class AnalysisEngine {
    /** How long the reader waits for the engine before it looks whether it was told to stop. */
    static final long POLL_MS = 20;
    /** How long a stopped search has to give its bestmove before the engine counts as hung. */
    static final long STOP_GRACE_MS = 2000;

    private final GameSession.EngineFactory factory;
    /** The process, or null when none runs (read by other threads: close, tests). */
    private volatile UciClient engine;
    /** The engine's game now (UCI_Variant), "" before it is set. */
    private String variant = "";
    /** The engine's MultiPV now. */
    private int multiPv = 1;
    /** By game: whether the engine reports one line only there (it says MultiPV does not apply). */
    private final Map<String, Boolean> oneLine = new HashMap<String, Boolean>();
    /** A side's view of a start, by start and side. */
    private final Map<String, String> views = new HashMap<String, String>();

    AnalysisEngine(GameSession.EngineFactory factory) {
        this.factory = factory;
    }

    /** The process's client, or null when none runs. */
    UciClient client() {
        return engine;
    }

    /** Whether a process runs (the analyst ends an idle one). */
    boolean running() {
        return engine != null;
    }

    /** Starts the process if none runs, with the win/draw/loss chances on. */
    void ensure() throws EngineException {
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

    /** Ends the process ("quit", then a kill if it does not exit promptly); the next request starts another. */
    void close() {
        UciClient e = engine;
        engine = null;
        if (e != null) {
            e.close();
        }
    }

    /** Kills the process at once: a thread stuck on a hung engine then stops waiting. Any thread. */
    void kill() {
        UciClient e = engine;
        if (e != null) {
            e.process().kill();
        }
    }

    /** The engine's MultiPV now: the most lines a search reports. */
    int multiPv() {
        return multiPv;
    }

    /** Whether the engine reports several lines in the game it was last told. */
    boolean severalLines() {
        Boolean one = oneLine.get(variant);
        return one != null && !one;
    }

    /** The engine's game and MultiPV for an analysis of that game with so many lines. */
    void prepare(String game, int lines) throws EngineException {
        setVariant(game);
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

    /** The engine's game, MultiPV 1 and a new game, for a review: the same game reviewed twice gives the same. */
    void prepareReview(String game) throws EngineException {
        setVariant(game);
        if (multiPv != 1) {
            engine.setOption("MultiPV", "1");
            multiPv = 1;
        }
        engine.request("ucinewgame");
    }

    private void setVariant(String game) throws EngineException {
        if (!variant.equals(game)) {
            engine.setOption("UCI_Variant", game);
            variant = game;
        }
    }

    /** The position the target's moves start from: its start, or the side's view of it where pieces hide. */
    String base(Analyst.Target t) throws EngineException {
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

    /**
     * Sends a command and "isready" while a search may run, and returns the
     * command's lines up to "readyok"; the search's reports that come
     * between go to its lines.
     */
    List<String> ask(String command, SearchLines acc) throws EngineException {
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

    /** Stops a search that has not ended and reads its bestmove, which is dropped. */
    void finish(SearchLines acc) throws EngineException {
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
}
