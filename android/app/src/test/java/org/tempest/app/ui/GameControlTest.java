package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.graphics.drawable.ColorDrawable;
import android.os.Looper;
import android.view.View;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * The game screen's clock, resignation, draw offer and new-game buttons,
 * driven as a player would against the real engine. The clock reads a time
 * the test moves, so a flag falls when the test says.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class GameControlTest {
    private final AtomicLong now = new AtomicLong(10000);

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static void settle() {
        Screens.settle();
    }

    private GameActivity start(GameSetup setup) {
        controller().sessionForTest().setTickerForTest(now::get);
        controller().newGame(setup);
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        settle();
        return a;
    }

    private static String text(android.app.Activity a, int id) {
        return ((TextView) a.findViewById(id)).getText().toString();
    }

    private static void tick() {
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(250));
    }

    private static void click(AlertDialog d, int which) {
        d.getButton(which).performClick();
        shadowOf(Looper.getMainLooper()).idle();
    }

    private static String dialogText(AlertDialog d) {
        return shadowOf(d).getTitle() + ": " + shadowOf(d).getMessage();
    }

    @Test
    public void theClockRunsAndAFallenFlagLosesTheGame() throws Exception {
        GameActivity a = start(new GameSetup("chess", "w", 1, "startpos", "Player").withClock(180000, 2000));
        assertEquals(View.VISIBLE, a.findViewById(R.id.clock_own).getVisibility());
        assertEquals(View.VISIBLE, a.findViewById(R.id.clock_opponent).getVisibility());
        // The clocks are in the players' bars: White's (the person's) below the board, Black's above.
        assertTrue(text(a, R.id.name_bottom), text(a, R.id.name_bottom).contains("White"));
        assertTrue(text(a, R.id.name_top), text(a, R.id.name_top).startsWith("Tempest"));
        assertEquals("Black", a.findViewById(R.id.swatch_top).getContentDescription().toString());
        assertEquals("3:00", text(a, R.id.clock_own));
        assertEquals("3:00", text(a, R.id.clock_opponent));
        int running = ((ColorDrawable) a.findViewById(R.id.clock_own).getBackground()).getColor();
        assertTrue("the running clock is highlighted", (running >>> 24) == 0xFF);

        now.addAndGet(4000);
        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        settle();
        tick();
        assertEquals(2, controller().snapshot().moves.size());
        assertEquals("2:58", text(a, R.id.clock_own)); // 4 s used, 2 s added
        AppTest.screenshot(a, "game_clock");

        now.addAndGet(178001);
        tick(); // the screen sees the flag fall and tells the game
        settle();
        Snapshot s = controller().snapshot();
        assertTrue(s.state.over);
        assertEquals("0-1", s.state.result);
        assertEquals("0:00", text(a, R.id.clock_own));
        AlertDialog d = a.endDialog();
        assertNotNull(d);
        assertEquals("You lost: White lost on time: Black wins", dialogText(d));
        assertEquals(1, controller().profiles().ranking("Player").get(0).losses);
    }

    @Test
    public void noClockNoClockRow() throws Exception {
        GameActivity a = start(new GameSetup("chess", "w", 1, "startpos", "Player"));
        assertEquals(View.GONE, a.findViewById(R.id.clock_own).getVisibility());
        assertEquals(View.GONE, a.findViewById(R.id.clock_opponent).getVisibility());
    }

    @Test
    public void resignAfterConfirming() throws Exception {
        GameActivity a = start(new GameSetup("chessmate", "w", 1, "startpos seed 5", "Player"));
        Screens.chooseMenu(a, R.id.menu_resign);
        AlertDialog ask = a.answerDialog();
        assertEquals("Resign?: White resigns and loses this game.", dialogText(ask));
        click(ask, DialogInterface.BUTTON_NEGATIVE);
        settle();
        assertFalse("cancelled: the game goes on", controller().snapshot().state.over);

        Screens.chooseMenu(a, R.id.menu_resign);
        click(a.answerDialog(), DialogInterface.BUTTON_POSITIVE);
        settle();
        Snapshot s = controller().snapshot();
        assertTrue(s.state.over);
        assertEquals("result from the record (White resigns)", s.state.reason);
        assertEquals("You lost: White resigns: Black wins", dialogText(a.endDialog()));
        assertFalse(Screens.menuItem(a, R.id.menu_resign).isEnabled());
    }

    @Test
    public void drawOffersTheEngineAcceptsAndDeclines() throws Exception {
        GameActivity a = start(new GameSetup("chess", "w", 5, "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
                "Player"));
        Screens.chooseMenu(a, R.id.menu_draw);
        settle();
        assertEquals("Draw declined: Tempest declines the draw and plays on.", dialogText(a.answerDialog()));
        assertFalse(controller().snapshot().state.over);

        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
        GameActivity b = start(new GameSetup("chess", "w", 5, "fen 4k3/8/8/3p4/3P4/8/8/4K3 w - - 0 1", "Player"));
        Screens.chooseMenu(b, R.id.menu_draw);
        settle();
        Snapshot s = controller().snapshot();
        assertTrue(s.state.over);
        assertEquals("1/2-1/2", s.state.result);
        assertEquals("Draw: Draw agreed", dialogText(b.endDialog()));
        assertEquals(1, controller().profiles().ranking("Player").get(0).draws);
    }

    @Test
    public void newGameFromTheGameScreen() throws Exception {
        GameActivity a = start(new GameSetup("chess", "w", 1, "startpos", "Player"));
        AppTest.tapSquare(a, "d2");
        AppTest.tapSquare(a, "d4");
        settle();
        Screens.chooseMenu(a, R.id.menu_new_game);
        AlertDialog ask = a.answerDialog();
        assertEquals("Start a new game?", shadowOf(ask).getTitle().toString());
        click(ask, DialogInterface.BUTTON_POSITIVE);
        assertEquals(NewGameActivity.class.getName(),
                shadowOf(a).getNextStartedActivity().getComponent().getClassName());
        assertTrue(a.isFinishing());
    }

    @Test
    public void theNewGameScreenOffersClocksForChessAndCardChess() throws Exception {
        NewGameActivity a = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        // The options follow the games' declarations, which come with the levels.
        AppTest.waitFor("the games and levels", () -> a.findViewById(R.id.btn_start).isEnabled());
        RadioGroup variants = a.findViewById(R.id.variant_group);
        variants.check(R.id.rb_chess);
        assertEquals(View.VISIBLE, a.findViewById(R.id.clock_group).getVisibility());
        variants.check(R.id.rb_stratego);
        assertEquals(View.GONE, a.findViewById(R.id.clock_group).getVisibility());
        variants.check(R.id.rb_chessmate);
        assertEquals(View.VISIBLE, a.findViewById(R.id.clock_group).getVisibility());
        assertEquals(300000, NewGameActivity.timeControl(R.id.rb_clock_5_3)[0]);
        assertEquals(3000, NewGameActivity.timeControl(R.id.rb_clock_5_3)[1]);

        ((RadioGroup) a.findViewById(R.id.clock_group)).check(R.id.rb_clock_10_5);
        a.findViewById(R.id.btn_start).performClick();
        settle();
        GameSetup s = controller().snapshot().setup;
        assertEquals("chessmate", s.variant);
        assertEquals(600000, s.clockBaseMs);
        assertEquals(5000, s.clockIncrementMs);
    }

    @Test
    public void diagnosticsShowTheEngineLog() throws Exception {
        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        m.findViewById(R.id.btn_about).performClick();
        assertEquals(AboutActivity.class.getName(), shadowOf(m).getNextStartedActivity().getComponent().getClassName());

        controller().engineLog().add("engine: panic: a test trace");
        AboutActivity a = Robolectric.buildActivity(AboutActivity.class).setup().get();
        settle();
        String about = text(a, R.id.about_text);
        // The engine by its name, version and processor, as the handshake and its executable give them; not its path.
        assertTrue(about, about.matches(
                "(?s).*\nEngine: Tempest, (version \\S+|a development build), built for (x86-64|64-bit ARM)\n.*"));
        assertFalse(about, about.contains(System.getProperty("tempest.engine")));
        assertTrue(text(a, R.id.log_text).contains("engine: panic: a test trace"));
        AppTest.screenshot(a, "about");
        a.findViewById(R.id.btn_clear_log).performClick();
        assertEquals("(empty)", text(a, R.id.log_text));
    }

    @Test
    public void theEvaluationBarShowsTheEnginesScore() throws Exception {
        GameActivity a = start(new GameSetup("chess", "w", 5, "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
                "Player"));
        EvalBarView bar = a.findViewById(R.id.eval_bar);
        assertEquals("no score before the engine has searched", View.GONE, bar.getVisibility());
        a.findViewById(R.id.btn_hint).performClick();
        settle();
        assertEquals(View.VISIBLE, bar.getVisibility());
        org.tempest.app.game.Evaluation e = bar.evaluation();
        assertTrue("White is a queen down: " + e.text(), e.whiteCp < -500);
        assertTrue(e.text().startsWith("−"));
        // Drawn: the bar is mostly Black's colour, White's part at the left.
        bar.measure(View.MeasureSpec.makeMeasureSpec(400, View.MeasureSpec.EXACTLY),
                View.MeasureSpec.makeMeasureSpec(20, View.MeasureSpec.EXACTLY));
        bar.layout(0, 0, 400, 20);
        android.graphics.Bitmap b = android.graphics.Bitmap.createBitmap(400, 20, android.graphics.Bitmap.Config.ARGB_8888);
        bar.draw(new android.graphics.Canvas(b));
        int whiteEnd = (int) (e.whiteShare() * 400);
        assertTrue(whiteEnd < 100);
        assertEquals(EvalBarView.WHITE, b.getPixel(Math.max(0, whiteEnd - 3), 2));
        assertEquals(EvalBarView.BLACK, b.getPixel(whiteEnd + 3, 2));
        assertEquals(EvalBarView.BLACK, b.getPixel(396, 2));
    }
}
