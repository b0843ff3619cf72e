package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.UciClient;

/**
 * Ends the rules do not decide, against the real engine: a loss on time on
 * the game's clock (the engine searching on that clock), a resignation and
 * draw offers; each is the engine's game result and survives an engine
 * restart and a resume.
 */
public class GameEndingsTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    /** Every line the engine processes were sent. */
    private final List<String> input = Collections.synchronizedList(new ArrayList<String>());
    private final AtomicLong now = new AtomicLong(1000);
    private GameSession session;

    private GameSession session() {
        GameSession.EngineFactory logged = () -> {
            UciClient c = UciClient.launch(System.getProperty("tempest.engine"));
            c.process().logInput(input);
            return c;
        };
        // The record's words name the sides as the screens' table does (ui.GameUi).
        session = new GameSession(logged, logged, (game, side) -> side.equals("b") ? "Black" : "White");
        session.setTickerForTest(now::get);
        return session;
    }

    @After
    public void stop() {
        if (session != null) {
            session.close();
        }
    }

    private String lastGo() {
        String go = null;
        synchronized (input) {
            for (String line : input) {
                if (line.startsWith("go ")) {
                    go = line;
                }
            }
        }
        return go;
    }

    @Test
    public void theEngineSearchesOnTheClockAndAFallenFlagLoses() throws Exception {
        GameSession g = session();
        Snapshot s = g.newGame(new GameSetup("chess", "w", 1, "startpos", "P").withClock(60000, 2000));
        Clock c = g.clock();
        assertNotNull(c);
        assertEquals("w", c.running());
        now.addAndGet(5000);
        g.play("e2e4");
        assertEquals("White's 5 s charged, 2 s added", 57000, c.remaining("w", now.get()));
        assertEquals("b", c.running());
        now.addAndGet(3000); // the engine's search time, on the test's clock
        s = g.engineMove(100);
        assertEquals(2, s.moves.size());
        assertEquals("go wtime 57000 btime 57000 winc 2000 binc 2000", lastGo());
        assertEquals(59000, c.remaining("b", now.get()));
        assertEquals("w", c.running());

        // A move after the flag fell is not played: the game is lost on time.
        now.addAndGet(57001);
        assertEquals("w", c.flagged(now.get()));
        s = g.play("d2d4");
        assertEquals(2, s.moves.size());
        assertTrue(s.state.over);
        assertEquals("0-1", s.state.result);
        assertEquals("result from the record (time forfeit)", s.state.reason);
        assertNull("the clock stands", c.running());
        String record = g.record();
        assertTrue(record, record.contains("[Termination \"time forfeit\"]"));
        assertTrue(record, record.contains("1. e4 ") && record.trim().endsWith("0-1"));

        // The engine dies: the restarted one hears the result again.
        g.client().process().kill();
        s = g.flag();
        assertTrue(g.restarts() > 0);
        assertTrue(s.state.over);
        assertEquals("result from the record (time forfeit)", s.state.reason);
    }

    @Test
    public void flagBeforeTheTimeIsUpDoesNothing() throws Exception {
        GameSession g = session();
        g.newGame(new GameSetup("chessmate", "w", 1, "startpos seed 4", "P").withClock(3000, 0));
        now.addAndGet(2999);
        assertFalse(g.flag().state.over);
        now.addAndGet(1);
        Snapshot s = g.flag();
        assertTrue(s.state.over);
        assertEquals("0-1", s.state.result);
    }

    @Test
    public void noClockSearchesByTime() throws Exception {
        GameSession g = session();
        g.newGame(new GameSetup("chess", "b", 1, "startpos", "P"));
        assertNull(g.clock());
        g.engineMove(123);
        assertEquals("go movetime 123", lastGo());
        assertFalse("Chameleon Chess has no clock", new GameSetup("chameleon", "r", 1, "startpos players ry", "P")
                .withClock(60000, 0).hasClock(g.games().get("chameleon")));
    }

    @Test
    public void resignationEndsTheGameAndResumes() throws Exception {
        GameSession g = session();
        g.newGame(new GameSetup("chess", "b", 1, "startpos", "P").withClock(60000, 0));
        Snapshot s = g.engineMove(50);
        assertTrue(s.humanToMove());
        s = g.resign();
        assertTrue(s.state.over);
        assertEquals("1-0", s.state.result);
        assertEquals("result from the record (Black resigns)", s.state.reason);
        assertEquals('l', s.humanOutcome());
        assertTrue(s.legal.isEmpty());
        assertThrows(EngineError.class, g::resign);
        String record = g.record();
        assertTrue(record, record.contains("[Termination \"Black resigns\"]"));

        GameStore store = new GameStore(tmp.getRoot());
        store.autosave(s.setup, record, g.clock(), now.get());
        GameSession again = new GameSession(() -> UciClient.launch(System.getProperty("tempest.engine")));
        try {
            Snapshot r = again.resume(store.autosavedSetup(), store.autosavedRecord());
            assertTrue(r.state.over);
            assertEquals("result from the record (Black resigns)", r.state.reason);
            // Rebuilt after a crash, the game keeps its end.
            again.client().process().kill();
            assertEquals("result from the record (Black resigns)", again.flag().state.reason);
        } finally {
            again.close();
        }

        // Taking the last move back takes the resignation back too.
        s = g.undo();
        assertFalse(s.state.over);
    }

    @Test
    public void theEngineAcceptsADrawWhenItsScoreIsDrawishAndDeclinesWhenItIsBetter() throws Exception {
        GameSession g = session();
        // Bare kings and one pawn each, blocked: nothing to play for.
        g.newGame(new GameSetup("chess", "w", 5, "fen 4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1", "P"));
        assertTrue(g.offerDraw(false));
        Snapshot s = g.snapshot();
        assertTrue(s.state.over);
        assertEquals("1/2-1/2", s.state.result);
        assertEquals("result from the record (draw agreed)", s.state.reason);
        assertEquals('d', s.humanOutcome());

        // White has given up its queen: Tempest, Black, plays on.
        g.newGame(new GameSetup("chess", "w", 5, "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", "P"));
        assertFalse(g.offerDraw(false));
        assertFalse(g.snapshot().state.over);
        String level = null;
        synchronized (input) {
            for (String line : input) {
                level = line.startsWith("setoption name Skill Level ") ? line : level;
            }
        }
        assertEquals("the level is restored after the judgement", "setoption name Skill Level value 5", level);

        // Between two people the other one's answer decides.
        g.newGame(new GameSetup("chess", "wb", 5, "startpos", "P"));
        assertFalse(g.offerDraw(false));
        assertFalse(g.snapshot().state.over);
        assertTrue(g.offerDraw(true));
        assertTrue(g.snapshot().state.over);

        g.newGame(new GameSetup("stratego", "v", 1, "startpos seed 2", "P"));
        EngineError e = assertThrows(EngineError.class, () -> g.offerDraw(true));
        assertTrue(e.getMessage(), e.getMessage().contains("no draws by agreement"));
    }

    @Test
    public void clockFormat() {
        assertEquals("5:00", Clock.format(300000));
        assertEquals("4:59", Clock.format(298001));
        assertEquals("0:10", Clock.format(10000));
        assertEquals("0:09.9", Clock.format(9999));
        assertEquals("0:00.0", Clock.format(1));
        assertEquals("0:00", Clock.format(0));
        assertEquals("0:00", Clock.format(-5));
        assertEquals("1:00:00", Clock.format(3600000));
    }

    @Test
    public void aLoadedResultWhoseReasonResultCannotTakeSurvivesARestart() throws Exception {
        GameSession g = session();
        Snapshot s = g.load(new GameSetup("chess", "w", 1, "startpos", "P"),
                "[Event \"x\"]\n[Result \"1-0\"]\n[Termination \"he said \\\"enough\\\"\"]\n\n1. e4 e5 1-0\n");
        assertTrue(s.state.over);
        assertEquals("1-0", s.state.result);
        g.client().process().kill();
        s = g.flag(); // any step: the engine is restarted and the game rebuilt
        assertTrue(g.restarts() > 0);
        assertTrue("the result is kept without the reason \"result\" cannot take", s.state.over);
        assertEquals("1-0", s.state.result);
    }
}
