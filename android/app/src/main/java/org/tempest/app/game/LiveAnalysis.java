package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.EngineProcess;
import org.tempest.app.engine.UciClient;

/**
 * One analysis on the analyst's thread: "go infinite" on the target's
 * position, its reports collected by rank (SearchLines), and at most every
 * PUBLISH_MS the lines' moves written (the facts "play" reports for each,
 * asked of the engine while it searches) and the picture published, until
 * the target is no longer wanted or the search ends on its own.
 */
final class LiveAnalysis {
    /** How often at most a running search's lines are written and published. */
    static final long PUBLISH_MS = 100;
    /** How many moves of a line are written: more than a phone's line holds. */
    static final int LINE_MOVES = 12;
    /** A move the engine refused in a line's position: the line is written up to it. */
    private static final String REFUSED = new String("refused");

    private final Analyst analyst;
    private final AnalysisEngine engine;
    /** The facts of a line's moves in the position analysed, by the tokens from there. */
    private final Map<String, String> written = new HashMap<String, String>();

    LiveAnalysis(Analyst analyst, AnalysisEngine engine) {
        this.analyst = analyst;
        this.engine = engine;
    }

    /** One analysis until it is no longer wanted or ends on its own; a failed engine is restarted next time. */
    void run(Analyst.Target t, long s) {
        String problem = null;
        try {
            if (analyse(t, s)) {
                return; // stopped, or put aside for a review
            }
        } catch (EngineError refused) {
            problem = refused.getMessage();
        } catch (EngineException failed) {
            engine.close();
            problem = "the analysis engine failed: " + failed.getMessage();
        }
        analyst.endedOnItsOwn(s);
        if (problem != null) {
            analyst.publish(s, new Analyst.Analysis(t, Collections.<Analyst.Line>emptyList(), false, problem));
        }
    }

    /**
     * Searches the target until it is no longer wanted (true) or the search
     * ends on its own (false: the engine refused it, and the picture said
     * why).
     */
    private boolean analyse(Analyst.Target t, long s) throws EngineException {
        engine.ensure();
        engine.prepare(t.game.name, t.lines);
        String base = engine.base(t);
        written.clear();
        UciClient client = engine.client();
        client.position("fen " + base, t.moves);
        SearchLines acc = new SearchLines(engine.multiPv());
        client.startSearch("infinite");
        EngineProcess p = client.process();
        long published = 0;
        boolean fresh = false;
        try {
            while (!acc.ended && analyst.wanted(s)) {
                String line = p.poll(AnalysisEngine.POLL_MS);
                while (line != null && !acc.ended) {
                    fresh |= acc.take(line);
                    line = p.poll(0);
                }
                long now = System.currentTimeMillis();
                if (fresh && now - published >= PUBLISH_MS && analyst.wanted(s)) {
                    analyst.publish(s, picture(t, base, acc));
                    published = now;
                    fresh = false;
                }
            }
        } finally {
            engine.finish(acc);
        }
        if (acc.problem != null && analyst.wanted(s)) {
            analyst.publish(s, picture(t, base, acc));
        }
        return !analyst.wanted(s);
    }

    /** The lines so far, each with the facts of its first moves (asked of the engine while it searches). */
    private Analyst.Analysis picture(Analyst.Target t, String base, SearchLines acc) throws EngineException {
        List<Analyst.Line> out = new ArrayList<Analyst.Line>();
        int most = Features.wholeLines(t.game) ? LINE_MOVES : 1;
        for (EngineLine l : new ArrayList<EngineLine>(acc.byRank.values())) {
            out.add(new Analyst.Line(l, factsOf(base, t.moves, l.pv, most, acc)));
        }
        return new Analyst.Analysis(t, out, engine.severalLines(), acc.problem);
    }

    /**
     * The facts the engine reports for the line's first moves (at most
     * most), played from the position analysed; a move it refuses ends them.
     */
    private List<String> factsOf(String base, List<String> moves, List<String> pv, int most, SearchLines acc)
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
        if (hasError(engine.ask(position.toString(), acc))) {
            return out;
        }
        for (; k < pv.size() && k < most; k++) {
            String token = pv.get(k);
            key.append(' ').append(token);
            String facts = null;
            String played = "played " + token;
            for (String line : engine.ask("play " + token, acc)) {
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
}
