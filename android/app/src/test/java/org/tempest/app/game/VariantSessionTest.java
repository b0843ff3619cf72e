package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.After;
import org.junit.Test;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.UciClient;

/** Chameleon Chess and Stratego sessions against the real engine. */
public class VariantSessionTest {
    private GameSession session;
    /** Every line the Stratego engine player's process was sent. */
    private final List<String> playerInput = Collections.synchronizedList(new ArrayList<String>());

    private GameSession session() {
        session = new GameSession(GameSessionTest.hostEngine(), () -> {
            UciClient c = UciClient.launch(System.getProperty("tempest.engine"));
            c.process().logInput(playerInput);
            return c;
        });
        return session;
    }

    @After
    public void stop() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    public void chameleonEnginePlayersMoveInTurnOrder() throws Exception {
        GameSession g = session();
        Snapshot s = g.newGame(new GameSetup("chameleon", "r", 1, "startpos players rgyb", "P", "b0,y1,g2"));
        assertEquals("r", s.state.toMove);
        assertEquals(13, s.legal.size());
        assertFalse(s.board.isEmpty());
        s = g.play("a1b3");
        assertEquals("after red: blue", "b", s.state.toMove);
        assertTrue("an engine player is to move", s.legal.isEmpty());
        String[] next = {"y", "g", "r"};
        for (String want : next) {
            s = g.engineMove(50);
            assertEquals(want, s.state.toMove);
        }
        assertEquals(4, s.moves.size());
        assertTrue(s.humanToMove());
        // Undo goes back to red's previous turn, over the three engine moves.
        s = g.undo();
        assertEquals(0, s.moves.size());
        assertEquals("r", s.state.toMove);
    }

    @Test
    public void chameleonBoardModelFromTheEngine() throws Exception {
        GameSession g = session();
        Snapshot s = g.newGame(new GameSetup("chameleon", "gy", 1, "fen d2g5 g5yg,f4yb,d2gb g 0 0", "P"));
        BoardModel m = BoardModel.parse(s.game, s.display, s.board);
        assertEquals("d2g5", m.bounds);
        assertEquals("the colours that started, in turn order", "yg", m.players);
        int[] d2 = m.square("d2");
        assertEquals('g', m.piece(d2[0], d2[1]));
        assertEquals('b', m.knightColour(d2[0], d2[1]));
        assertEquals("the blue-knight pawn on a red field is a queen", 'Q', m.role(d2[0], d2[1]));
        assertEquals('R', m.field(d2[0], d2[1]));
        int[] f4 = m.square("f4");
        assertEquals('y', m.piece(f4[0], f4[1]));
        assertEquals("on its own colour a pawn is a knight", 'N', m.role(f4[0], f4[1]));
        assertTrue(m.inBounds(d2[0], d2[1]));
        assertFalse("a1 is outside d2-g5", m.inBounds(0, 0));
        assertEquals('R', m.field(0, 0));
        assertEquals('Y', m.field(7, 7));
        assertTrue(m.eliminated.isEmpty());

        // The board shrinks to e3-g5 and the knight stranded on the centre f4 is removed.
        s = g.play("d2e3");
        assertTrue(s.lastFacts, s.lastFacts.contains("removed f4"));
        m = BoardModel.parse(s.game, s.display, s.board);
        assertEquals("e3g5", m.bounds);
        assertEquals(0, m.piece(f4[0], f4[1]));
        assertFalse(m.inBounds(d2[0], d2[1]));
        int[] e3 = m.square("e3");
        assertEquals("on the blue field e3 the blue-knight pawn is a knight", 'N', m.role(e3[0], e3[1]));
    }

    @Test
    public void chameleonForcedPassAndElimination() throws Exception {
        GameSession g = session();
        // Green's knight on the centre of the 3x3 board cannot move: its only move is the pass.
        Snapshot s = g.newGame(new GameSetup("chameleon", "y", 1, "fen e3g5 g5yg,f4gb g 0 0", "P", "g1"));
        assertEquals("g", s.state.toMove);
        s = g.engineMove(50);
        assertEquals("0000", s.lastMove);
        assertEquals("y", s.state.toMove);
        assertTrue(s.legal.size() > 0);
    }

    @Test
    public void chameleonEliminationIsReported() throws Exception {
        GameSession g = session();
        Snapshot s = g.newGame(new GameSetup("chameleon", "r", 1,
                "fen a1h4 h4gr,b3bb,h3gb,h2gy,a1rr,h1gg r 0 0", "P"));
        s = g.play("a1b3");
        BoardModel m = BoardModel.parse(s.game, s.display, s.board);
        assertTrue(m.isEliminated("b"));
        assertEquals("g", s.state.toMove);
        assertTrue(s.lastFacts.contains("eliminated b"));
    }

    @Test
    public void chameleonSaveAndResume() throws Exception {
        GameSession g = session();
        GameSetup setup = new GameSetup("chameleon", "r", 0, "startpos players ry", "P", "y1");
        g.newGame(setup);
        g.play("a1b3");
        Snapshot before = g.engineMove(50);
        String record = g.record();
        assertTrue(record, record.contains("[Variant \"chameleon\"]"));
        GameSession other = new GameSession(GameSessionTest.hostEngine());
        try {
            Snapshot after = other.resume(setup, record);
            assertEquals(before.state.position, after.state.position);
            assertEquals(before.moves, after.moves);
            assertEquals(BoardModel.parse(before.game, before.display, before.board).bounds,
                    BoardModel.parse(after.game, after.display, after.board).bounds);
        } finally {
            other.close();
        }
    }

    @Test
    public void brokenVariantRecordsAreExplainedAndChangeNothing() throws Exception {
        GameSession g = session();
        GameSetup setup = new GameSetup("chameleon", "r", 1, "startpos players ry", "P", "y1");
        Snapshot s = g.newGame(setup);
        s = g.play("a1b3");
        String[][] broken = {
            {"chameleon", "[Variant \"chameleon\"]\n[SetUp \"1\"]\n[FEN \"a1h8 a1rr,a1rg r 0 0\"]\n\n*\n",
                "a1 holds two pawns"},
            {"chameleon", "[Variant \"chameleon\"]\n\n1. a1a2 *\n", "move 1 (a1a2) is illegal"},
            {"stratego", "[Variant \"stratego\"]\n\n1. a3a5 *\n", "move 1 (a3a5) is illegal"},
        };
        for (String[] b : broken) {
            EngineError e = assertThrows(EngineError.class,
                    () -> g.load(new GameSetup(b[0], "", 1, "startpos", "P"), b[1]));
            assertTrue(e.getMessage(), e.getMessage().contains(b[2]));
            Snapshot now = g.snapshot();
            assertEquals(s.state.position, now.state.position);
            assertEquals(s.moves, now.moves);
            assertEquals("chameleon", now.setup.variant);
        }
        // The game goes on in the engine as it was.
        assertEquals(2, g.engineMove(20).moves.size());
    }

    /** The rows of one side in a full-knowledge placement ("a/b/c/.../h"). */
    private static String homeRows(String position, String side) {
        String[] r = position.split(" ")[0].split("/");
        return side.equals("v") ? r[5] + "/" + r[6] + "/" + r[7] : r[0] + "/" + r[1] + "/" + r[2];
    }

    @Test
    public void strategoRearrangedSetupIsAcceptedByTheEngine() throws Exception {
        GameSession g = session();
        String rows = g.arrangement("stratego", "v");
        assertEquals(32, rows.length());
        // Swap the first two different pieces of the back row (as the setup screen does).
        char[] r = rows.toCharArray();
        int a = 22;
        int b = a + 1;
        while (r[b] == r[a]) {
            b++;
        }
        char t = r[a];
        r[a] = r[b];
        r[b] = t;
        String mine = new String(r);
        String theirs = g.arrangement("stratego", "e");
        Snapshot s = g.newGame(new GameSetup("stratego", "v", 1, "startpos setup " + mine + " " + theirs, "P"));
        assertEquals(mine, homeRows(s.state.position, "v"));
        assertEquals("v", s.state.toMove);
        assertFalse(s.legal.isEmpty());
        // The person sees their own army and the enemy face down.
        assertEquals(mine, homeRows(s.display, "v"));
        assertEquals("uuuuuuuuuu/uuuuuuuuuu/uuuuuuuuuu", homeRows(s.display, "e"));
        // A broken arrangement is refused with the engine's words.
        assertThrows(EngineError.class, () -> g.newGame(new GameSetup("stratego", "v", 1,
                "startpos setup " + mine.replace('F', 'D') + " " + theirs, "P")));
    }

    @Test
    public void strategoEnginePlayerHearsOnlyItsView() throws Exception {
        GameSession g = session();
        String mine = g.arrangement("stratego", "v");
        String theirs = g.arrangement("stratego", "e");
        GameSetup setup = new GameSetup("stratego", "v", 1, "startpos setup " + mine + " " + theirs, "P");
        Snapshot s = g.newGame(setup);
        Random rnd = new Random(7);
        int battles = 0;
        for (int ply = 0; ply < 60 && !s.state.over; ply++) {
            if (s.humanToMove()) {
                if (ply == 10) {
                    // A hint searches the person's view in the rules engine, not in the player's process.
                    String hint = g.hint(20);
                    assertTrue(hint, s.legal.contains(hint));
                    assertEquals(s.state.position, g.snapshot().state.position);
                }
                s = g.play(s.legal.get(rnd.nextInt(s.legal.size())));
            } else {
                s = g.engineMove(20);
            }
            if (s.lastMove.contains(":")) {
                battles++;
            }
            assertViewOf("v", s.display);
        }
        assertTrue("some battles happened", battles > 0);
        int positions = 0;
        for (String line : new ArrayList<String>(playerInput)) {
            assertFalse("the person's arrangement never reaches the engine player: " + line, line.contains(mine));
            if (line.startsWith("position")) {
                positions++;
                String[] f = line.split(" ");
                assertEquals("fen", f[1]);
                assertViewOf("e", String.join(" ", java.util.Arrays.copyOfRange(f, 2, f.length)));
            }
        }
        assertTrue(positions > 5);

        // Save and resume: the same game, and the engine player goes on from its view.
        String record = g.record();
        GameSession other = new GameSession(GameSessionTest.hostEngine());
        try {
            Snapshot back = other.resume(setup, record);
            assertEquals(s.state.position, back.state.position);
            assertEquals(s.moves, back.moves);
            assertEquals(s.display, back.display);
            if (!back.state.over && !back.humanToMove()) {
                assertEquals(s.moves.size() + 1, other.engineMove(20).moves.size());
            }
        } finally {
            other.close();
        }
    }

    @Test
    public void strategoSurvivesTheDeathOfBothEngineProcesses() throws Exception {
        GameSession g = session();
        GameSetup setup = new GameSetup("stratego", "e", 1, "startpos seed 5", "P");
        Snapshot s = g.newGame(setup);
        assertEquals("v", s.state.toMove);
        s = g.engineMove(20);
        assertEquals(1, s.moves.size());
        g.player().process().kill();
        g.client().process().kill();
        Thread.sleep(100);
        s = g.play(s.legal.get(0));
        s = g.engineMove(20);
        assertEquals(3, s.moves.size());
        assertTrue(s.humanToMove());
        assertTrue(g.restarts() >= 1);
        assertViewOf("e", s.display);
    }

    /**
     * A view of the given side: the other army's pieces are unknown ('U'/'u')
     * unless a battle revealed them ('!').
     */
    private static void assertViewOf(String owner, String position) {
        String placement = position.split(" ")[0];
        for (int i = 0; i < placement.length(); i++) {
            char c = placement.charAt(i);
            if (!Character.isLetter(c)) {
                continue;
            }
            boolean enemy = owner.equals("v") ? Character.isLowerCase(c) : Character.isUpperCase(c);
            boolean shown = i + 1 < placement.length() && placement.charAt(i + 1) == '!';
            if (enemy && Character.toUpperCase(c) != 'U') {
                assertTrue("a hidden enemy piece in " + owner + "'s view: " + position, shown);
            }
        }
        assertNotNull(position);
    }
}
