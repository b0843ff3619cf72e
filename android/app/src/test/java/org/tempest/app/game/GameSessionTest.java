package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.UciClient;

/** The game session against the real engine: the engine referees everything. */
public class GameSessionTest {
    /** Broken records of every kind the app must explain, with the words the message must hold. */
    public static final String[][] BROKEN = {
        {"board not 8x8", "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n", "not 8x8"},
        {"unknown piece", "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n\n*\n",
            "a piece or colour that does not exist"},
        {"missing side to move", "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3\"]\n\n*\n",
            "the side to move is missing"},
        {"not a game record", "Dear diary,\ntoday I played chess.\n", "not a game record"},
        {"illegal move", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", "move 3 (Ke3) is illegal"},
    };

    private GameSession session;

    static GameSession.EngineFactory hostEngine() {
        return () -> UciClient.launch(System.getProperty("tempest.engine"));
    }

    @Before
    public void start() {
        session = new GameSession(hostEngine());
    }

    @After
    public void stop() {
        session.close();
    }

    @Test
    public void playUndoAndEngineReply() throws Exception {
        Snapshot s = session.newGame(new GameSetup("chess", "w", 1, "startpos", "P"));
        assertEquals(20, s.legal.size());
        assertTrue(s.humanToMove());
        s = session.play("e2e4");
        assertEquals("b", s.state.toMove);
        assertTrue("the engine is to move: no legal moves offered to the person", s.legal.isEmpty());
        s = session.engineMove(100);
        assertEquals(2, s.moves.size());
        assertTrue(s.humanToMove());
        s = session.undo();
        assertEquals(0, s.moves.size());
        assertEquals("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", s.state.position);
        assertThrows(EngineError.class, () -> session.play("e2e5"));
        assertEquals(0, session.snapshot().moves.size());
    }

    @Test
    public void brokenRecordsAreExplainedAndChangeNothing() throws Exception {
        session.newGame(new GameSetup("chess", "w", 1, "startpos", "P"));
        session.play("d2d4");
        String before = session.snapshot().state.position;
        for (String[] tc : BROKEN) {
            EngineError e = assertThrows(tc[0], EngineError.class,
                    () -> session.load(new GameSetup("chess", "w", 1, "startpos", "P"), tc[1]));
            assertTrue(tc[0] + ": " + e.getMessage(), e.getMessage().contains(tc[2]));
            assertEquals(tc[0], before, session.snapshot().state.position);
        }
        // A card-chess record while playing chess: the variant switches for the
        // attempt and the chess game comes back when the record is refused.
        String badCard = "[Variant \"chessmate\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*\n";
        assertThrows(EngineError.class,
                () -> session.load(new GameSetup("chessmate", "w", 1, "startpos", "P"), badCard));
        assertEquals(before, session.snapshot().state.position);
        assertEquals(Arrays.asList("d2d4"), session.snapshot().moves);
    }

    @Test
    public void engineCrashIsSurvived() throws Exception {
        session.newGame(new GameSetup("chess", "w", 1, "startpos", "P"));
        session.play("e2e4");
        session.engineMove(50);
        String before = session.snapshot().state.position;
        session.client().process().kill();
        Thread.sleep(100);
        Snapshot s = session.play("g1f3");
        assertEquals(1, session.restarts());
        assertEquals(3, s.moves.size());
        assertFalse(before.equals(s.state.position));
        assertEquals("b", s.state.toMove);
    }

    @Test
    public void loadedGameResumesWithItsMoves() throws Exception {
        Snapshot s = session.load(new GameSetup("chess", "b", 1, "startpos", "P"),
                "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
        assertEquals(Arrays.asList("e2e4", "e7e5", "g1f3"), s.moves);
        assertTrue(s.humanToMove());
        s = session.undo(); // back to Black's previous turn
        assertEquals(Arrays.asList("e2e4"), s.moves);
    }

    @Test
    public void cardChessGameStarts() throws Exception {
        Snapshot s = session.newGame(new GameSetup("chessmate", "w", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "P"));
        assertTrue(s.legal.contains("LC:a1a8"));
        BoardModel m = BoardModel.parse(s.game, s.state.position);
        assertEquals(Arrays.asList("RV", "LC", "VU"), m.hands.get(0));
        assertEquals(9, m.drawPile);
        s = session.play("LC:a1a8"); // Lost Castle: the rooks on a1 and a8 change places
        m = BoardModel.parse(s.game, s.state.position);
        assertEquals('r', m.piece(0, 0));
        assertEquals('R', m.piece(0, 7));
        assertEquals(Arrays.asList("LC"), m.discard);
        assertEquals(8, m.drawPile);
        assertTrue(m.hands.get(0).containsAll(Arrays.asList("RV", "VU", "DD")));
    }

    /**
     * A text is given to the engine as a position of each game in turn: the
     * first that takes it is named, with the engine's own writing of it; a
     * text none takes has each game's reason. Either way the game being
     * played is the engine's game afterwards, and a new game whose start the
     * engine refuses leaves it there too.
     */
    @Test
    public void positionsAreAskedOfEveryGameAndTheGameStays() throws Exception {
        session.newGame(new GameSetup("chess", "w", 1, "startpos", "P"));
        session.play("d2d4");
        String chameleon = "a1h8 a8bb,e8yg,f8yr,g8yb,h8yy,a7br,a6bg,a5by,a1rr,b1rg,c1ry,d1rb r 0 0";
        GameSession.PositionFound found = session.positionOf(chameleon);
        assertEquals("chameleon", found.game.name);
        assertEquals(chameleon, found.state.position);
        assertEquals("r", found.state.toMove);
        assertTrue(found.refusals.get("chess"), found.refusals.get("chess").contains("invalid FEN"));
        assertTrue(found.refusals.containsKey("chessmate"));

        GameSession.PositionFound none = session.positionOf("hello world");
        assertEquals(null, none.game);
        assertEquals(Arrays.asList("chess", "chessmate", "chameleon", "stratego"),
                new java.util.ArrayList<String>(none.refusals.keySet()));
        assertEquals(null, session.positionOf("8/8/8/8/8/8/8/8 w - - 0 1\nquit").game);

        GameSession.PositionFound only = session.positionOf("4k3/8/8/8/8/8/8/KK6 w - - 0 1", "chess");
        assertEquals(null, only.game);
        assertEquals(1, only.refusals.size());
        assertTrue(only.refusals.get("chess"), only.refusals.get("chess").contains("white has 2 kings"));

        assertThrows(EngineError.class,
                () -> session.newGame(new GameSetup("stratego", "v", 1, "fen nonsense", "P")));
        assertEquals("chess", session.snapshot().setup.variant);
        Snapshot s = session.play("d7d5");
        assertEquals(Arrays.asList("d2d4", "d7d5"), s.moves);
        assertEquals("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2", s.state.position);
    }
}
