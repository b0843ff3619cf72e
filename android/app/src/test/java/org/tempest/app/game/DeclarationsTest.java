package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.function.Predicate;
import org.junit.After;
import org.junit.Test;
import org.tempest.app.engine.EditedEngine;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.engine.UciClient;

/**
 * The session and the board read a game's declaration, not its name: the
 * same engine with one declaration edited plays and draws differently, and
 * the real declarations give the four games what docs/ANDROID.md says.
 */
public class DeclarationsTest {
    private final List<GameSession> sessions = new ArrayList<GameSession>();

    @After
    public void stop() {
        for (GameSession s : sessions) {
            s.close();
        }
    }

    private GameSession session(GameSession.EngineFactory engines) {
        GameSession s = new GameSession(engines);
        sessions.add(s);
        return s;
    }

    /** A game of that name declaring the properties, as the first line of a games answer has them. */
    private static GameInfo declared(String name, String properties) throws Exception {
        List<String> reply = new ArrayList<String>();
        reply.add("game " + name + " " + properties);
        reply.add("game " + name + " description " + name + ": a test game");
        reply.add("games end");
        return Games.parse(reply).get(name);
    }

    /** What each feature gives the four games, as docs/ANDROID.md describes the app. */
    @Test
    public void theRealDeclarationsGiveEachGameItsFeatures() throws Exception {
        Games games = session(GameSessionTest.hostEngine()).games();
        List<GameInfo> four = Arrays.asList(games.get("chess"), games.get("chessmate"), games.get("chameleon"),
                games.get("stratego"));
        // Chess, card chess, Chameleon Chess, Stratego.
        want("clock", Features::clock, four, true, true, false, false);
        want("evaluation bar", Features::evaluation, four, true, true, false, false);
        want("move pairs", Features::movePairs, four, true, true, false, false);
        want("draw offers", Features::drawOffers, four, true, true, false, false);
        want("resign", Features::resign, four, true, true, false, true);
        want("undo", Features::undo, four, true, true, true, false);
        want("pass and play", Features::passAndPlay, four, true, true, false, false);
        want("cover between turns", Features::coverBetweenTurns, four, false, true, false, false);
        want("arbiter", Features::arbiter, four, false, false, false, true);
        want("seats", Features::seats, four, false, false, true, false);
        want("arrangement", Features::arrangement, four, false, false, false, true);
        want("names the side to move", Features::namesSideToMove, four, false, false, true, true);
        want("review", Features::review, four, true, true, false, false);
        want("whole analysis lines", Features::wholeLines, four, true, false, true, false);
        want("analysis searches the person's view", Features::analysesView, four, false, false, false, true);
        want("analysis of Tempest's turns in a game under way", g -> Features.analysesAnyTurn(g, false), four,
                true, false, true, false);
        want("analysis of Tempest's turns in a finished game", g -> Features.analysesAnyTurn(g, true), four,
                true, true, true, false);
    }

    private static void want(String feature, Predicate<GameInfo> offered, List<GameInfo> games, Boolean... expected) {
        List<Boolean> got = new ArrayList<Boolean>();
        for (GameInfo g : games) {
            got.add(offered.test(g));
        }
        assertEquals(feature, Arrays.asList(expected), got);
    }

    @Test
    public void theBoardIsAsLargeAsDeclaredAndHandsOnlyWhereCardsAre() throws Exception {
        String cardChessStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,VU,LJ/RV,DI,DD "
                + "CH,HQ,HF,CR,CW,RB,FC,LC,DM - -";
        GameInfo wide = declared("wide",
                "sides w,b players 2-2 board 10x8 hidden - cards false uses - perft 1 bench 1");
        BoardModel m = BoardModel.parse(wide, cardChessStart);
        assertEquals(10, m.files);
        assertEquals(8, m.ranks);
        assertEquals('R', m.piece(0, 0));
        assertEquals('R', m.piece(7, 0));
        assertEquals(0, m.piece(8, 0)); // the files past the FEN's eight stay empty
        assertEquals("the game declares no cards: the fields after the FEN are not hands", 0, m.hands.size());
        GameInfo dealt = declared("dealt",
                "sides w,b players 2-2 board 8x8 hidden hands cards true uses - perft 1 bench 1");
        m = BoardModel.parse(dealt, cardChessStart);
        assertEquals(8, m.files);
        assertEquals(Arrays.asList(Arrays.asList("MS", "VU", "LJ"), Arrays.asList("RV", "DI", "DD")), m.hands);
        assertEquals(9, m.drawPile);
        GameInfo tall = declared("tall",
                "sides w,b players 2-2 board 8x10 hidden - cards false uses - perft 1 bench 1");
        m = BoardModel.parse(tall, "k7/8/8/8/8/8/8/8/8/7K w - - 0 1");
        assertEquals('k', m.piece(0, 9));
        assertEquals('K', m.piece(7, 0));
        assertNull(m.square("a11"));
        assertNotNull(m.square("a10"));
    }

    /**
     * Stratego declared without hidden information: the session shows the
     * whole position, lets the rules engine search it instead of an engine
     * player told only its view, and allows undo; as declared, it does none
     * of that. The engine is the same in both.
     */
    @Test
    public void aGameThatHidesNothingByItsDeclarationIsPlayedOpenly() throws Exception {
        GameSession open = session(() -> EditedEngine.launch(
                "game stratego sides v,e players 2-2 board 10x8 hidden pieces ",
                "game stratego sides v,e players 2-2 board 10x8 hidden - "));
        GameSession hidden = session(GameSessionTest.hostEngine());
        assertFalse(open.games().get("stratego").hidden);
        assertTrue(hidden.games().get("stratego").hidden);
        for (GameSession g : Arrays.asList(open, hidden)) {
            boolean declaredHidden = g.games().get("stratego").hidden;
            Snapshot s = g.newGame(new GameSetup("stratego", "v", 1, "startpos seed 5", "P"));
            String enemyRows = s.display.split(" ")[0].split("/")[0];
            assertEquals("Everwinter's back row shown or hidden as declared", declaredHidden,
                    enemyRows.equals("uuuuuuuuuu"));
            s = g.play(s.legal.get(0));
            s = g.engineMove(50);
            assertEquals(2, s.moves.size());
            assertEquals("an engine player of its own only where pieces hide", declaredHidden, g.player() != null);
            boolean undone;
            try {
                undone = g.undo().moves.isEmpty();
            } catch (org.tempest.app.engine.EngineError noUndo) {
                undone = false;
            }
            assertEquals("undo only where nothing hidden was shown", !declaredHidden, undone);
        }
    }

    /** The engine is asked for the declarations once, not again after a crash and restart. */
    @Test
    public void theDeclarationsAreAskedOnce() throws Exception {
        final List<String> sent = Collections.synchronizedList(new ArrayList<String>());
        GameSession g = session(() -> {
            UciClient c = UciClient.launch(System.getProperty("tempest.engine"));
            c.process().logInput(sent);
            return c;
        });
        g.newGame(new GameSetup("chess", "w", 1, "startpos", "P"));
        g.client().process().kill();
        Snapshot s = g.play("e2e4"); // restarts the engine and replays the game
        assertEquals(1, g.restarts());
        assertEquals(Arrays.asList("e2e4"), s.moves);
        g.games();
        assertEquals(1, Collections.frequency(new ArrayList<String>(sent), "games"));
    }
}
