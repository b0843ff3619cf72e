package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;
import static org.tempest.app.ui.AppTest.screenshot;
import static org.tempest.app.ui.AppTest.tapSquare;
import static org.tempest.app.ui.AppTest.waitFor;

import android.app.AlertDialog;
import android.content.Intent;
import android.os.Looper;
import android.os.SystemClock;
import android.view.MotionEvent;
import android.view.View;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/** Chameleon Chess and Stratego on the real screens against the real engine; screenshots of both. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class VariantScreensTest {
    private GameController controller() {
        return TempestApp.controller(RuntimeEnvironment.getApplication());
    }

    @After
    public void stopEngine() {
        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
    }

    private void settle() {
        waitFor("the engine to finish", () -> controller().idle());
        shadowOf(Looper.getMainLooper()).idle();
    }

    private GameActivity openGame() {
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        settle();
        return a;
    }

    private Snapshot shown() {
        return controller().snapshot();
    }

    private static String text(GameActivity a, int id) {
        return ((TextView) a.findViewById(id)).getText().toString();
    }

    @Test
    public void chameleonAgainstTwoEnginePlayersFromTheNewGameScreen() throws Exception {
        NewGameActivity n = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        ((RadioGroup) n.findViewById(R.id.variant_group)).check(R.id.rb_chameleon);
        waitFor("the seats", () -> n.seat("g") != null);
        assertEquals(View.VISIBLE, n.findViewById(R.id.chameleon_seats).getVisibility());
        assertEquals(View.GONE, n.findViewById(R.id.level_group).getVisibility());
        n.seat("r").setSelection(NewGameActivity.SEAT_PERSON);
        n.seat("b").setSelection(n.engineSeat(1));
        n.seat("y").setSelection(n.engineSeat(0));
        n.seat("g").setSelection(NewGameActivity.SEAT_ABSENT);
        shadowOf(Looper.getMainLooper()).idle();
        screenshot(n, "new_game_chameleon");
        n.findViewById(R.id.btn_start).performClick();
        assertEquals(GameActivity.class.getName(), shadowOf(n).getNextStartedActivity().getComponent().getClassName());
        GameActivity a = openGame();
        Snapshot s = shown();
        assertEquals("startpos players rby", s.setup.start);
        assertEquals("r", s.setup.humanPlayers);
        assertEquals(1, s.setup.levelOf("b"));
        assertEquals(0, s.setup.levelOf("y"));
        assertEquals("r", s.state.toMove);
        BoardView board = a.findViewById(R.id.board);
        tapSquare(a, "a1");
        assertEquals(new HashSet<>(Arrays.asList("b3", "c2")), board.targets());
        tapSquare(a, "b3");
        settle();
        s = shown();
        assertEquals("red, then blue and yellow (the engine players)", 3, s.moves.size());
        assertEquals("r", s.state.toMove);
        assertEquals("Your move (Red)", text(a, R.id.status));
        String info = text(a, R.id.pile_info);
        assertTrue(info, info.contains("Red (you)") && info.contains("Blue (Tempest, level 1)")
                && info.contains("Yellow (Tempest, level 0)") && !info.contains("Green"));
        // Yellow's move in its notation (from–to), not the engine's token.
        String yellow = MoveText.of("chameleon", s.moves.get(2), s.moveFacts.get(2)).split(" ")[0];
        assertTrue(text(a, R.id.last_move), text(a, R.id.last_move).startsWith("Last move: " + yellow));
        assertFalse(text(a, R.id.last_move), text(a, R.id.last_move).contains(s.moves.get(2)));
        assertEquals(GameUi.Look.FIELDS, board.look());
        screenshot(a, "game_chameleon");
    }

    @Test
    public void chameleonShrunkBoardAndTheWinner() throws Exception {
        controller().newGame(new GameSetup("chameleon", "g", 1, "fen d2g5 g5yg,f4yb,d2gb g 0 0", "Player",
                "y1"));
        GameActivity a = openGame();
        BoardView board = a.findViewById(R.id.board);
        assertFalse("a1 is gone", board.model().inBounds(0, 0));
        tapSquare(a, "d2");
        assertTrue(board.targets().contains("e3"));
        tapSquare(a, "e3");
        settle();
        // Yellow's knight on the new centre f4 was removed; yellow still has g5 and moves; then green again.
        Snapshot s = shown();
        assertEquals("e3g5", board.model().bounds);
        assertTrue(text(a, R.id.last_move), s.moves.size() >= 2);
        screenshot(a, "game_chameleon_shrunk");
        // Green plays on until the game ends (or a few moves).
        Random rnd = new Random(3);
        for (int i = 0; i < 20 && !shown().legal.isEmpty(); i++) {
            String m = shown().legal.get(rnd.nextInt(shown().legal.size()));
            tapSquare(a, m.substring(0, 2));
            tapSquare(a, m.substring(2, 4));
            settle();
        }
        if (shown().state.over) {
            AlertDialog d = a.endDialog();
            assertNotNull(d);
            String msg = shadowOf(d).getMessage().toString();
            assertTrue(msg, msg.contains("wins") || msg.startsWith("Draw"));
        }
    }

    @Test
    public void chameleonForcedPassByButtonThenPassAndPlay() throws Exception {
        // Green's knight stands on the centre of the 3x3 board: its only move is the pass.
        controller().newGame(new GameSetup("chameleon", "gy", 1, "fen e3g5 g5yg,f4gb g 0 0", "Player"));
        GameActivity a = openGame();
        assertEquals("Green to move", text(a, R.id.status));
        android.widget.Button pass = a.findViewById(R.id.btn_special);
        assertEquals(View.VISIBLE, pass.getVisibility());
        assertEquals(a.getString(R.string.pass), pass.getText().toString());
        pass.performClick();
        settle();
        assertEquals("0000", shown().lastMove);
        assertEquals("y", shown().state.toMove);
        assertEquals("Yellow to move", text(a, R.id.status));
        assertEquals(View.GONE, pass.getVisibility());
    }

    @Test
    public void chameleonBlueSitsAtTheAFile() throws Exception {
        controller().newGame(new GameSetup("chameleon", "b", 1, "startpos players rbyg", "Player",
                "r1,y0,g1"));
        GameActivity a = openGame();
        BoardView board = a.findViewById(R.id.board);
        assertEquals("the red engine player has moved", 1, shown().moves.size());
        assertEquals("b", shown().state.toMove);
        assertEquals(1, board.turns());
        float[] a8 = board.centerOf("a8");
        float[] a1 = board.centerOf("a1");
        assertTrue("blue's corner a8 is at the bottom left", a8[0] < board.getWidth() / 2f
                && a8[1] > board.getHeight() * 0.8f);
        assertTrue("a1 at the bottom right", a1[0] > board.getWidth() * 0.8f && a1[1] > board.getHeight() * 0.8f);
        String move = shown().legal.get(0);
        tapSquare(a, move.substring(0, 2));
        assertTrue(board.targets().contains(move.substring(2, 4)));
        tapSquare(a, move.substring(2, 4));
        settle();
        assertEquals(move, shown().moves.get(1));
        assertEquals("b", shown().state.toMove);
        screenshot(a, "game_chameleon_blue");
        a.findViewById(R.id.btn_flip).performClick();
        assertEquals(3, board.turns());
    }

    @Test
    public void loadedRecordsOfBothVariants() throws Exception {
        String chameleon = "[Variant \"chameleon\"]\n[SetUp \"1\"]\n"
                + "[FEN \"a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0\"]\n\n1. a1b3 *\n";
        controller().load(chameleon, 1, (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = openGame();
        assertEquals("chameleon", shown().setup.variant);
        assertEquals("the person takes the colour to move", "y", shown().setup.humanPlayers);
        assertEquals("Your move (Yellow)", text(a, R.id.status));
        assertEquals(2, ((BoardView) a.findViewById(R.id.board)).turns());
        assertEquals("b1h8", ((BoardView) a.findViewById(R.id.board)).model().bounds);

        String stratego = "[Variant \"stratego\"]\n[SetUp \"1\"]\n[FEN \"dmkkrrrsse/ewwwwwcccc/xttttttfyy/10/10/"
                + "DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL v 00 -,- - 0 0\"]\n\n1. a3a4 a6a5 2. a4a5:Dx *\n";
        controller().load(stratego, 1, (ok, problem) -> assertTrue(problem, ok));
        settle();
        assertEquals("stratego", shown().setup.variant);
        assertEquals("e", shown().setup.humanPlayers);
        String placement = shown().display.split(" ")[0];
        assertTrue(placement, placement.contains("D!"));
        assertFalse("Volcandria's other pieces are hidden from Everwinter: " + placement,
                placement.replace("D!", "").matches(".*[A-TV-Z].*"));
        assertTrue(text(a, R.id.last_move).contains("Dragon attacks Slayer"));
    }

    private static void tapOn(BoardView board, String square) {
        float[] c = board.centerOf(square);
        AppTest.tap(board, c[0], c[1]);
    }

    private static void drag(BoardView board, String from, String to) {
        float[] a = board.centerOf(from);
        float[] b = board.centerOf(to);
        long t = SystemClock.uptimeMillis();
        MotionEvent down = MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, a[0], a[1], 0);
        MotionEvent move = MotionEvent.obtain(t, t + 40, MotionEvent.ACTION_MOVE, b[0], b[1], 0);
        MotionEvent up = MotionEvent.obtain(t, t + 80, MotionEvent.ACTION_UP, b[0], b[1], 0);
        board.dispatchTouchEvent(down);
        board.dispatchTouchEvent(move);
        board.dispatchTouchEvent(up);
        shadowOf(Looper.getMainLooper()).idle();
    }

    @Test
    public void strategoSetupRearrangedThenPlayedAndResumed() throws Exception {
        NewGameActivity n = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        ((RadioGroup) n.findViewById(R.id.variant_group)).check(R.id.rb_stratego);
        waitFor("the levels", () -> n.findViewById(R.id.btn_start).isEnabled());
        ((RadioGroup) n.findViewById(R.id.colour_group)).check(R.id.rb_white);
        RadioGroup levels = n.findViewById(R.id.level_group);
        levels.check(levels.getChildAt(1).getId()); // greedy
        n.findViewById(R.id.btn_start).performClick();
        Intent next = shadowOf(n).getNextStartedActivity();
        assertEquals(StrategoSetupActivity.class.getName(), next.getComponent().getClassName());

        StrategoSetupActivity s = Robolectric.buildActivity(StrategoSetupActivity.class, next).setup().get();
        waitFor("the proposed arrangement", () -> s.findViewById(R.id.btn_begin).isEnabled());
        BoardView setupBoard = s.findViewById(R.id.setup_board);
        BoardModel m = setupBoard.model();
        char a3 = m.piece(0, 2);
        char j3 = m.piece(9, 2);
        drag(setupBoard, "a3", "j3");
        assertEquals(j3, setupBoard.model().piece(0, 2));
        assertEquals(a3, setupBoard.model().piece(9, 2));
        // Touching two pieces swaps them too; touching the enemy's rows does nothing.
        char b2 = setupBoard.model().piece(1, 1);
        char c3 = setupBoard.model().piece(2, 2);
        tapOn(setupBoard, "b2");
        tapOn(setupBoard, "e7");
        tapOn(setupBoard, "c3");
        assertEquals(c3, setupBoard.model().piece(1, 1));
        assertEquals(b2, setupBoard.model().piece(2, 2));
        assertEquals('u', setupBoard.model().piece(4, 6));
        String rows = s.rowsString();
        screenshot(s, "stratego_setup");
        s.findViewById(R.id.btn_begin).performClick();
        assertEquals(GameActivity.class.getName(), shadowOf(s).getNextStartedActivity().getComponent().getClassName());

        GameActivity a = openGame();
        Snapshot g = shown();
        assertTrue("the engine accepted the arrangement", g.setup.start.startsWith("startpos setup " + rows + " "));
        assertEquals("v", g.state.toMove);
        assertEquals(View.GONE, a.findViewById(R.id.btn_undo).getVisibility());
        BoardView board = a.findViewById(R.id.board);
        assertEquals('u', board.model().piece(0, 7));
        assertEquals(j3, board.model().piece(0, 2));
        // Play by touch, always advancing as far as possible, until a battle has been fought.
        boolean battle = false;
        for (int i = 0; i < 40 && !shown().legal.isEmpty() && !battle; i++) {
            String mv = shown().legal.get(0);
            for (String t : shown().legal) {
                if (t.charAt(3) - t.charAt(1) > mv.charAt(3) - mv.charAt(1)) {
                    mv = t;
                }
            }
            tapSquare(a, mv.substring(0, 2));
            tapSquare(a, mv.substring(2, 4));
            settle();
            battle = text(a, R.id.last_move).contains("attacks") || shown().moves.toString().contains(":");
        }
        assertTrue("a battle was fought", battle);
        for (char c : shown().display.split(" ")[0].toCharArray()) {
            assertTrue("the person's view hides Everwinter's pieces", !Character.isLowerCase(c) || c == 'u'
                    || shown().display.contains(c + "!"));
        }
        screenshot(a, "game_stratego");

        Snapshot before = shown();
        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
        Intent resume = new Intent(RuntimeEnvironment.getApplication(), GameActivity.class);
        resume.putExtra(GameActivity.EXTRA_RESUME, true);
        GameActivity again = Robolectric.buildActivity(GameActivity.class, resume).setup().get();
        waitFor("the resumed game", () -> shown() != null && controller().idle());
        assertEquals(before.moves, shown().moves);
        assertEquals(before.display, shown().display);
        assertEquals(GameUi.Look.TILES, ((BoardView) again.findViewById(R.id.board)).look());
    }
}
