package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.UciClient;

/**
 * The analyst against the real engine: live lines that deepen (three
 * distinct ones in chess with MultiPV 3, one where the engine gives one),
 * each move written with the facts the engine reports; a stop after which
 * nothing more is published and the engine answers at once; a review that
 * calls a planted blunder a blunder and a mate in one the best move; the
 * analysis engine's lifetime (it quits after a minute with nothing asked,
 * or once nothing is asked after quitWhenIdle, and the next request starts
 * another); and the classification's thresholds.
 */
public class AnalystTest {
    /** Scholar's mate: 3...Nf6 allows the mate in one, 4. Qxf7# gives it. */
    static final List<String> SCHOLARS_MATE = Arrays.asList("e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7");
    static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    private GameSession session;
    private Analyst analyst;
    private final List<Analyst.Analysis> heard = Collections.synchronizedList(new ArrayList<Analyst.Analysis>());
    private final Analyst.Listener listener = new Analyst.Listener() {
        @Override
        public void onAnalysis(Analyst.Analysis a) {
            heard.add(a);
        }
    };

    @Before
    public void start() {
        session = new GameSession(GameSessionTest.hostEngine());
        analyst = new Analyst(GameSessionTest.hostEngine());
    }

    @After
    public void stop() {
        analyst.close();
        session.close();
    }

    private GameInfo game(String name) throws Exception {
        return session.games().get(name);
    }

    static void waitFor(String what, long ms, BooleanSupplier done) throws InterruptedException {
        long deadline = System.currentTimeMillis() + ms;
        while (!done.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(10);
        }
    }

    private Analyst.Analysis last() {
        synchronized (heard) {
            return heard.isEmpty() ? null : heard.get(heard.size() - 1);
        }
    }

    private Analyst.Analysis waitForLines(int lines, int depth) throws InterruptedException {
        waitFor(lines + " lines at depth " + depth, 30000, () -> {
            Analyst.Analysis a = last();
            return a != null && a.lines.size() >= lines && a.lines.get(0).info.depth >= depth;
        });
        return last();
    }

    @Test
    public void chessGivesThreeDistinctLinesThatDeepenAndStop() throws Exception {
        Analyst.Target t = new Analyst.Target(game("chess"), START, Arrays.asList("e2e4", "e7e5"), null, "w", 3);
        analyst.analyse(t, listener);
        Analyst.Analysis early = waitForLines(3, 1);
        Analyst.Analysis a = waitForLines(3, early.lines.get(0).info.depth + 2); // the lines deepen
        assertTrue("the engine gives several lines in chess", a.severalLines);
        assertNull(a.problem);
        Set<String> firstMoves = new HashSet<String>();
        for (int i = 0; i < 3; i++) {
            Analyst.Line l = a.lines.get(i);
            assertEquals(i + 1, l.info.rank);
            assertTrue("depth", l.info.depth > 0);
            assertFalse("each line has its moves written", l.tokens.isEmpty());
            assertEquals(l.tokens.size(), l.facts.size());
            assertTrue("SAN from the engine: " + l.facts.get(0), l.facts.get(0).contains("san "));
            assertEquals(l.info.pv.get(0), l.tokens.get(0));
            firstMoves.add(l.tokens.get(0));
        }
        assertEquals("three distinct lines", 3, firstMoves.size());
        assertTrue("White's best line scores at least the others",
                a.lines.get(0).info.expectedScore() >= a.lines.get(2).info.expectedScore() - 0.05);
        assertNotNull("chess gives the win/draw/loss chances", a.lines.get(0).info.wdl());
        assertTrue("a line's second move is written too", a.lines.get(0).tokens.size() > 1);

        List<String> told = Collections.synchronizedList(new ArrayList<String>());
        analyst.engineForTest().process().logInput(told);
        analyst.stop();
        waitFor("the analyst to rest", 5000, analyst::idle);
        assertTrue("stop reached the engine", told.contains("stop"));
        int count = heard.size();
        Thread.sleep(500);
        assertEquals("nothing is published after the stop", count, heard.size());
        long t0 = System.currentTimeMillis();
        analyst.engineForTest().request("isready");
        long took = System.currentTimeMillis() - t0;
        assertTrue("the engine answers the next command at once, not after a search: " + took + " ms", took < 500);
    }

    @Test
    public void aNewTargetStopsTheOldSearchFirst() throws Exception {
        GameInfo chess = game("chess");
        analyst.analyse(new Analyst.Target(chess, START, Collections.<String>emptyList(), null, "w", 1), listener);
        waitForLines(1, 2);
        List<String> told = Collections.synchronizedList(new ArrayList<String>());
        analyst.engineForTest().process().logInput(told);
        Analyst.Target next = new Analyst.Target(chess, START, Arrays.asList("d2d4"), null, "b", 1);
        analyst.analyse(next, listener);
        waitFor("the new position's lines", 30000, () -> last() != null && last().target == next
                && !last().lines.isEmpty());
        int stop = told.indexOf("stop");
        int go = told.indexOf("go infinite");
        assertTrue("stop, then the new search: " + told, stop >= 0 && go > stop);
        synchronized (heard) {
            boolean sawNew = false;
            for (Analyst.Analysis a : heard) {
                sawNew |= a.target == next;
                assertFalse("nothing of the old position after the new one's first picture",
                        sawNew && a.target != next);
            }
        }
        assertEquals("Black's move first: the line is from the new position", "b", last().target.toMove);
    }

    @Test
    public void cardChessGivesOneLineWithItsMoveWritten() throws Exception {
        Snapshot s = session.newGame(new GameSetup("chessmate", "w", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "P"));
        analyst.analyse(Analyst.Target.of(s, 3), listener);
        Analyst.Analysis a = waitForLines(1, 2);
        assertFalse("card chess reports one line", a.severalLines);
        assertEquals(1, a.lines.size());
        assertEquals("only the move the engine chose: the rest is a sampled world's", 1, a.lines.get(0).tokens.size());
        assertTrue(s.legal.contains(a.lines.get(0).tokens.get(0)));
    }

    @Test
    public void chameleonAndStrategoGiveTheEnginesMoveAndScore() throws Exception {
        Snapshot s = session.newGame(new GameSetup("chameleon", "r", 1, "startpos players rbyg", "P", "b1,y2,g0"));
        analyst.analyse(Analyst.Target.of(s, 3), listener);
        Analyst.Analysis a = waitForLines(1, 1);
        assertFalse(a.severalLines);
        assertTrue(s.legal.contains(a.lines.get(0).tokens.get(0)));
        assertTrue("nothing is hidden: the line goes on", waitForLines(1, 3).lines.get(0).tokens.size() >= 1);

        heard.clear();
        s = session.newGame(new GameSetup("stratego", "v", 1, "startpos", "P"));
        Analyst.Target t = Analyst.Target.of(s, 3);
        assertEquals("the person's view is searched", "v", t.view);
        analyst.analyse(t, listener);
        a = waitForLines(1, 1);
        assertNull(a.problem);
        assertEquals(1, a.lines.get(0).tokens.size());
        assertTrue(s.legal.contains(a.lines.get(0).tokens.get(0)));
    }

    @Test
    public void aReviewCallsThePlantedBlunderABlunderAndTheMateBest() throws Exception {
        AtomicReference<Review> got = new AtomicReference<Review>();
        AtomicReference<String> failed = new AtomicReference<String>();
        List<Integer> progress = Collections.synchronizedList(new ArrayList<Integer>());
        long t0 = System.currentTimeMillis();
        analyst.review(game("chess"), START, SCHOLARS_MATE, new Analyst.ReviewListener() {
            @Override
            public void onProgress(int done, int total, double white) {
                progress.add(done * 100 + total); // asserted below: a listener's failure would end the analyst's thread
            }

            @Override
            public void onReview(Review r, String problem) {
                failed.set(problem);
                got.set(r);
            }
        });
        waitFor("the review", 60000, () -> got.get() != null || failed.get() != null);
        long took = System.currentTimeMillis() - t0;
        assertNull(failed.get());
        Review r = got.get();
        assertEquals("each position counted, of 8", Arrays.asList(108, 208, 308, 408, 508, 608, 708, 808), progress);
        assertEquals(8, r.positions());
        assertEquals("3...Nf6 allows the mate: a blunder", Review.Kind.BLUNDER, r.kind(5));
        assertTrue("it cost Black most of the game: " + r.loss(5), r.loss(5) >= 0.3);
        assertEquals("4. Qxf7# is the engine's own choice", Review.Kind.BEST, r.kind(6));
        assertTrue(r.enginesChoice(6));
        assertEquals("checkmate: White has won", 1.0, r.whiteScore(7), 0);
        assertNull("no search where the rules ended the game", r.evaluation(7));
        assertEquals("b", r.mover(5));
        assertTrue("the review is the analyst's last", analyst.lastReview() == r);
        assertTrue(r.of("chess", START, SCHOLARS_MATE));
        assertEquals(7, r.judged("chess", START, SCHOLARS_MATE));
        assertEquals(2, r.judged("chess", START, Arrays.asList("e2e4", "e7e5", "g1f3")));
        assertEquals(0, r.judged("chessmate", START, SCHOLARS_MATE));
        System.out.println("review of 8 positions at " + Review.NODES + " nodes: " + took + " ms");
    }

    @Test
    public void aCancelledReviewEndsWithoutOne() throws Exception {
        List<String> moves = new ArrayList<String>();
        String[] ruy = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"};
        moves.addAll(Arrays.asList(ruy));
        AtomicReference<String> end = new AtomicReference<String>();
        analyst.review(game("chess"), START, moves, new Analyst.ReviewListener() {
            @Override
            public void onProgress(int done, int total, double white) {
                if (done == 2) {
                    analyst.cancelReview();
                }
            }

            @Override
            public void onReview(Review r, String problem) {
                end.set(r == null && problem == null ? "cancelled" : "finished");
            }
        });
        waitFor("the end of the review", 30000, () -> end.get() != null);
        assertEquals("cancelled", end.get());
        waitFor("the analyst to rest", 5000, analyst::idle);
        assertNull(analyst.lastReview());
        assertFalse(analyst.reviewing());
    }

    @Test
    public void anIdleEngineQuitsAfterAMinuteAndTheNextAnalysisStartsAnother() throws Exception {
        AtomicLong now = new AtomicLong(1000);
        analyst.setTickerForTest(now::get);
        GameInfo chess = game("chess");
        analyst.analyse(new Analyst.Target(chess, START, Collections.<String>emptyList(), null, "w", 1), listener);
        waitForLines(1, 2);
        UciClient first = analyst.engineForTest();
        List<String> told = Collections.synchronizedList(new ArrayList<String>());
        first.process().logInput(told);
        analyst.stop(); // the panel is closed: nothing is asked from now on
        waitFor("the analyst to rest", 5000, analyst::idle);

        now.addAndGet(Analyst.IDLE_QUIT_MS - 1);
        Thread.sleep(1500); // longer than the resting thread takes to look at the clock again
        assertTrue("a minute less a millisecond: the engine still runs", first.process().isAlive());
        assertSame(first, analyst.engineForTest());
        now.addAndGet(1);
        waitFor("the idle engine to end", 5000, () -> !first.process().isAlive());
        assertTrue("it was told to quit: " + told, told.contains("quit"));
        assertNull("no analysis engine runs", analyst.engineForTest());
        waitFor("the analyst to rest", 5000, analyst::idle);

        heard.clear();
        Analyst.Target next = new Analyst.Target(chess, START, Arrays.asList("e2e4"), null, "b", 1);
        analyst.analyse(next, listener);
        Analyst.Analysis a = waitForLines(1, 2);
        assertSame("the new position's lines", next, a.target);
        assertFalse(a.lines.get(0).tokens.isEmpty());
        UciClient second = analyst.engineForTest();
        assertNotSame("a new engine process", first, second);
        assertTrue(second.process().isAlive());
    }

    @Test
    public void quitWhenIdleLetsTheReviewFinishThenEndsTheEngine() throws Exception {
        analyst.setTickerForTest(() -> 0); // the clock stands: only quitWhenIdle ends the engine here
        AtomicReference<Review> got = new AtomicReference<Review>();
        AtomicReference<String> failed = new AtomicReference<String>();
        AtomicReference<UciClient> reviewing = new AtomicReference<UciClient>();
        analyst.review(game("chess"), START, SCHOLARS_MATE, new Analyst.ReviewListener() {
            @Override
            public void onProgress(int done, int total, double white) {
                if (done == 1) {
                    reviewing.set(analyst.engineForTest());
                    analyst.quitWhenIdle(); // the game screen is left while the review runs
                }
            }

            @Override
            public void onReview(Review r, String problem) {
                failed.set(problem);
                got.set(r);
            }
        });
        waitFor("the review", 60000, () -> got.get() != null || failed.get() != null);
        assertNull(failed.get());
        assertEquals("the review went on to its end", 8, got.get().positions());
        UciClient e = reviewing.get();
        waitFor("the engine to end after the review", 5000, () -> !e.process().isAlive());
        assertNull(analyst.engineForTest());
        waitFor("the analyst to rest", 5000, analyst::idle);

        analyst.analyse(new Analyst.Target(game("chess"), START, SCHOLARS_MATE.subList(0, 4), null, "w", 1),
                listener);
        assertFalse("an analysis started again", waitForLines(1, 2).lines.isEmpty());
        assertTrue(analyst.engineForTest().process().isAlive());
        assertTrue("the finished review is kept", analyst.lastReview() == got.get());
    }

    @Test
    public void classesFollowTheDocumentedThresholds() {
        assertEquals(Review.Kind.BEST, Review.classify(0.30, true));
        assertEquals(Review.Kind.BEST, Review.classify(0, false));
        assertEquals(Review.Kind.GOOD, Review.classify(0.049, false));
        assertEquals(Review.Kind.INACCURACY, Review.classify(0.05, false));
        assertEquals(Review.Kind.MISTAKE, Review.classify(0.10, false));
        assertEquals(Review.Kind.BLUNDER, Review.classify(0.20, false));
        // The engine's model, as docs/ANDROID.md gives it: from an even position half a pawn is 0.05,
        // a pawn 0.11, 1.7 pawns 0.20, two pawns 0.24; from +5 a pawn is 0.03, from +7 less than 0.01.
        assertEquals(0.5, EngineLine.expectedOf(0), 1e-9);
        assertEquals(0.05, 0.5 - EngineLine.expectedOf(-50), 0.005);
        assertEquals(0.107, 0.5 - EngineLine.expectedOf(-100), 0.005);
        assertEquals(0.20, 0.5 - EngineLine.expectedOf(-170), 0.005);
        assertEquals(0.244, 0.5 - EngineLine.expectedOf(-200), 0.005);
        assertEquals(0.032, EngineLine.expectedOf(500) - EngineLine.expectedOf(400), 0.005);
        assertTrue(EngineLine.expectedOf(700) - EngineLine.expectedOf(600) < 0.01);
        assertTrue(Review.sameMove("FC:e4", "FC:e4@MS"));
        assertFalse(Review.sameMove("", "e2e4"));
    }

    @Test
    public void infoLinesAreRead() {
        EngineLine l = EngineLine.parse("info depth 12 seldepth 18 multipv 2 score cp -35 upperbound wdl 40 600 360 "
                + "nodes 91234 nps 800000 hashfull 12 time 114 pv d7d5 e4d5 d8d5");
        assertEquals(2, l.rank);
        assertEquals(12, l.depth);
        assertEquals(-35, l.score);
        assertFalse(l.mate);
        assertEquals("upperbound", l.bound);
        assertEquals(Arrays.asList(40, 600, 360), Arrays.asList(l.wdl()[0], l.wdl()[1], l.wdl()[2]));
        assertEquals((40 + 300) / 1000.0, l.expectedScore(), 1e-9);
        assertEquals(Arrays.asList("d7d5", "e4d5", "d8d5"), l.pv);
        assertEquals("+0.35", l.evaluation(false).text());
        l = EngineLine.parse("info depth 5 score mate -2 nodes 10 time 1 pv e1e2 string worlds 32");
        assertEquals(1, l.rank);
        assertEquals(0, l.expectedScore(), 0);
        assertEquals(Arrays.asList("e1e2"), l.pv);
        assertEquals("−M2", l.evaluation(true).text());
        assertEquals(EngineLine.expectedOf(120), EngineLine.parse("info depth 3 score cp 120 pv a2a3").expectedScore(),
                1e-9);
        assertNull(EngineLine.parse("info depth 9 currmove e2e4 currmovenumber 1"));
        assertNull(EngineLine.parse("info string depth 9 score cp 3"));
        assertNull(EngineLine.parse("info depth x score cp 3"));
        assertNull(EngineLine.parse("info depth 4 score wdl 3"));
        assertNull(EngineLine.parse("bestmove e2e4"));
    }
}
