package org.tempest.app.game;

import java.util.ArrayList;
import java.util.List;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.EngineProcess;
import org.tempest.app.engine.EngineTimeoutException;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;
import org.tempest.app.engine.UciClient;

/**
 * One review on the analyst's thread: every position of a game searched
 * with Review.nodesFor its game (MultiPV 1), its progress reported, and a
 * cancellation heard between the engine's reports.
 */
final class ReviewRunner {
    /** How long one position of a review may take before the engine counts as hung. */
    private static final long REVIEW_SEARCH_MS = 60000;

    /** A review asked for. */
    static final class Job {
        final GameInfo game;
        final String start;
        final List<String> moves;
        final Analyst.ReviewListener listener;
        volatile boolean cancelled;

        Job(GameInfo game, String start, List<String> moves, Analyst.ReviewListener listener) {
            this.game = game;
            this.start = start;
            this.moves = new ArrayList<String>(moves);
            this.listener = listener;
        }
    }

    private final Analyst analyst;
    private final AnalysisEngine engine;

    ReviewRunner(Analyst analyst, AnalysisEngine engine) {
        this.analyst = analyst;
        this.engine = engine;
    }

    /** One review to its end, its cancellation or the engine's failure; the listener hears which. */
    void run(Job j) {
        Review r = null;
        String problem = null;
        try {
            r = review(j);
        } catch (EngineException failed) {
            engine.close();
            problem = "the analysis engine failed: " + failed.getMessage();
        }
        analyst.reviewEnded(j, r);
        j.listener.onReview(r, problem);
    }

    /** Searches every position of the game; null when cancelled. */
    private Review review(Job j) throws EngineException {
        engine.ensure();
        engine.prepareReview(j.game.name);
        UciClient client = engine.client();
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
            client.position("fen " + j.start, j.moves.subList(0, i));
            GameState st = client.state();
            toMove.add(st.toMove);
            boolean firstToMove = st.toMove.equals(first);
            if (st.over) {
                // The rules ended the game here: its result is the score.
                white[i] = st.result.equals("1-0") ? 1 : st.result.equals("0-1") ? 0 : 0.5;
                evaluations.add(null);
                best.add("");
            } else {
                SearchLines acc = searchBudget(j, client);
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
    private SearchLines searchBudget(Job j, UciClient client) throws EngineException {
        SearchLines acc = new SearchLines(1);
        EngineLine exact = null; // the last score that is no aspiration failure's bound
        client.startSearch("nodes " + Review.nodesFor(j.game));
        EngineProcess p = client.process();
        long deadline = System.currentTimeMillis() + REVIEW_SEARCH_MS;
        boolean stopped = false;
        while (!acc.ended) {
            if (j.cancelled && !stopped) {
                client.stop();
                stopped = true;
                deadline = System.currentTimeMillis() + AnalysisEngine.STOP_GRACE_MS;
            }
            String line = p.poll(AnalysisEngine.POLL_MS);
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
