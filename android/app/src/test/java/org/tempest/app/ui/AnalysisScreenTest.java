package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.os.Looper;
import android.view.View;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.engine.UciClient;
import org.tempest.app.game.Analyst;
import org.tempest.app.game.GameSetup;

/**
 * The analysis on the game screen against the real engine: opened from the
 * menu, three distinct chess lines with their depth, score, chances and
 * moves in SAN that deepen while it runs; the best line's first moves as
 * arrows on the rendered board; Stop, after which nothing on the panel
 * changes and the engine answers at once; Start again; a step back through
 * the game analysed in turn; Close. The analysis engine ends a minute after
 * the panel closed and when the game screen is left, and opening the
 * analysis again starts another. Card chess, Chameleon Chess and Stratego
 * show the engine's move and evaluation, never a raw token. Screenshots in
 * both themes and in landscape.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class AnalysisScreenTest {
    /** A line: the score from White's side (pawns or a mate), the chances, moves numbered from the position. */
    private static final Pattern CHESS_LINE =
            Pattern.compile("^([+−]?\\d+\\.\\d\\d|−?M\\d+)  W\\d+ D\\d+ L\\d+  \\d+\\.+ \\S+");
    private static final Pattern DEPTH = Pattern.compile("^Depth (\\d+) · ");
    private static final String RUY_LOPEZ = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n";

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static GameActivity loaded(String record) {
        controller().load(record, 1, (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        return a;
    }

    private static GameActivity started(GameSetup setup) {
        controller().newGame(setup);
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        return a;
    }

    private static String text(GameActivity a, int id) {
        return ((TextView) a.findViewById(id)).getText().toString();
    }

    /** The analysis lines on screen, in order. */
    private static List<String> lines(GameActivity a) {
        List<String> out = new ArrayList<String>();
        for (int id : new int[] {R.id.analysis_line1, R.id.analysis_line2, R.id.analysis_line3}) {
            View v = a.findViewById(id);
            if (v.getVisibility() == View.VISIBLE) {
                out.add(((TextView) v).getText().toString());
            }
        }
        return out;
    }

    private static int depth(GameActivity a) {
        Matcher m = DEPTH.matcher(text(a, R.id.analysis_status));
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static void waitForLines(GameActivity a, int n, int depth) {
        AppTest.waitFor(n + " lines at depth " + depth, () -> lines(a).size() >= n && depth(a) >= depth);
    }

    @Test
    public void chessLinesDeepenStopAndFollowTheMoves() throws Exception {
        controller().settings().setAnalysisLines(3);
        GameActivity a = loaded(RUY_LOPEZ);
        assertEquals(View.GONE, a.findViewById(R.id.analysis_panel).getVisibility());
        Screens.chooseMenu(a, R.id.menu_analysis);
        assertEquals(View.VISIBLE, a.findViewById(R.id.analysis_panel).getVisibility());
        waitForLines(a, 3, 1);
        int first = depth(a);
        waitForLines(a, 3, first + 2); // the lines update as the search deepens
        List<String> shown = lines(a);
        assertEquals(3, new HashSet<String>(shown).size());
        for (String line : shown) {
            assertTrue("score, chances and moves: " + line, CHESS_LINE.matcher(line).find());
            assertTrue("Black to move: numbered from 3...: " + line, line.contains("3... "));
        }
        assertTrue(a.findViewById(R.id.analysis_lines).isShown());
        assertEquals("Lines: 3", text(a, R.id.analysis_lines));
        assertEquals(a.getString(R.string.stop_analysis), text(a, R.id.analysis_toggle));
        assertEquals("the last move's line gives way to the analysis", View.GONE,
                a.findViewById(R.id.last_move).getVisibility());

        // The best line's first moves as arrows, drawn on the board.
        BoardView board = a.findViewById(R.id.board);
        Analyst.Analysis latest = a.analysisForTest().latestForTest();
        List<String> firstMove = GameTexts.squaresOf(latest.lines.get(0).tokens.get(0));
        assertEquals(firstMove, board.arrows().get(0));
        assertTrue("the reply is drawn too", board.arrows().size() >= 2);
        assertArrowDrawn(board, firstMove);
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        Screens.assertNoRawToken(a.getWindow().getDecorView(), "chess analysis");
        AppTest.screenshot(a, "analysis");

        // Stop: the panel stays as it is, the engine rests and answers at once.
        a.findViewById(R.id.analysis_toggle).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(a.getString(R.string.start_analysis), text(a, R.id.analysis_toggle));
        Analyst analyst = controller().analyst();
        AppTest.waitFor("the analysis engine to rest", analyst::idle);
        List<String> stopped = lines(a);
        String status = text(a, R.id.analysis_status);
        assertTrue(status, status.startsWith("Stopped at depth "));
        Thread.sleep(700);
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals("nothing changes the panel after Stop", stopped, lines(a));
        assertEquals(status, text(a, R.id.analysis_status));
        long t0 = System.currentTimeMillis();
        analyst.engineForTest().request("isready");
        assertTrue("the engine answers at once", System.currentTimeMillis() - t0 < 500);

        // Start again, then a step back: the position shown is analysed (White to move there).
        a.findViewById(R.id.analysis_toggle).performClick();
        waitForLines(a, 3, 2);
        a.findViewById(R.id.btn_back).performClick();
        Screens.settle();
        assertEquals(4, a.shownForTest().ply);
        AppTest.waitFor("lines of the position shown", () -> {
            Analyst.Analysis l = a.analysisForTest().latestForTest();
            return l != null && l.target.moves.size() == 4 && lines(a).size() == 3;
        });
        for (String line : lines(a)) {
            assertTrue("White to move: numbered from 3.: " + line, line.matches("^\\S+  W\\d+ D\\d+ L\\d+  3\\. .*"));
        }

        // Close: the panel and its arrows go, and the engine rests.
        a.findViewById(R.id.analysis_close).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(View.GONE, a.findViewById(R.id.analysis_panel).getVisibility());
        assertTrue(board.arrows().isEmpty());
        AppTest.waitFor("the analysis engine to rest", analyst::idle);
    }

    @Test
    public void theAnalysisEngineEndsWhenNobodyNeedsItAndStartsAgainWhenAsked() throws Exception {
        Analyst analyst = controller().analyst();
        AtomicLong now = new AtomicLong(1000);
        analyst.setTickerForTest(now::get);
        controller().settings().setAnalysisLines(3);
        controller().load(RUY_LOPEZ, 1, (ok, problem) -> assertTrue(problem, ok));
        ActivityController<GameActivity> screen = Robolectric.buildActivity(GameActivity.class).setup();
        GameActivity a = screen.get();
        Screens.settle();

        // Closed, and a minute with nothing asked: the engine ends.
        Screens.chooseMenu(a, R.id.menu_analysis);
        waitForLines(a, 3, 1);
        UciClient first = analyst.engineForTest();
        a.findViewById(R.id.analysis_close).performClick();
        AppTest.waitFor("the analysis engine to rest", analyst::idle);
        assertTrue("closed, it waits a minute first", first.process().isAlive());
        now.addAndGet(Analyst.IDLE_QUIT_MS);
        AppTest.waitFor("the idle analysis engine to end", () -> !first.process().isAlive());
        assertNull(analyst.engineForTest());

        // Opened again: another engine, and the lines come as before.
        Screens.chooseMenu(a, R.id.menu_analysis);
        waitForLines(a, 3, 1);
        UciClient second = analyst.engineForTest();
        assertNotSame(first, second);

        // The game screen left: the engine ends at once; back, the open panel is analysed by another.
        Analyst.Analysis before = a.analysisForTest().latestForTest();
        screen.pause().stop();
        AppTest.waitFor("the analysis engine to end with the screen", () -> !second.process().isAlive());
        screen.restart().resume();
        Screens.settle();
        AppTest.waitFor("lines from a new engine", () -> {
            Analyst.Analysis l = a.analysisForTest().latestForTest();
            return l != null && l != before && lines(a).size() == 3;
        });
        UciClient third = analyst.engineForTest();
        assertNotSame(second, third);
        assertTrue(third.process().isAlive());
    }

    /** The first arrow's shaft, halfway along it, is the arrow's green over the board. */
    private static void assertArrowDrawn(BoardView board, List<String> squares) {
        float[] from = board.centerOf(squares.get(0));
        float[] to = board.centerOf(squares.get(squares.size() - 1));
        int x = Math.round((from[0] + to[0]) / 2);
        int y = Math.round((from[1] + to[1]) / 2);
        Bitmap with = Bitmap.createBitmap(board.getWidth(), board.getHeight(), Bitmap.Config.ARGB_8888);
        board.draw(new Canvas(with));
        List<List<String>> arrows = board.arrows();
        board.setArrows(Collections.<List<String>>emptyList());
        Bitmap without = Bitmap.createBitmap(board.getWidth(), board.getHeight(), Bitmap.Config.ARGB_8888);
        board.draw(new Canvas(without));
        board.setArrows(arrows);
        int p = with.getPixel(x, y);
        assertNotEquals("the arrow changes the board under it", without.getPixel(x, y), p);
        int r = (p >> 16) & 0xFF;
        int g = (p >> 8) & 0xFF;
        int b = p & 0xFF;
        assertTrue("green over the board: #" + Integer.toHexString(p), g > r && g > b);
    }

    @Test
    public void theAnalysisInTheDarkTheme() throws Exception {
        new Settings(RuntimeEnvironment.getApplication()).setAppTheme(2);
        controller().settings().setAnalysisLines(3);
        GameActivity a = loaded(RUY_LOPEZ);
        Screens.chooseMenu(a, R.id.menu_analysis);
        waitForLines(a, 3, 8);
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        AppTest.screenshot(a, "analysis_dark");
    }

    @Test
    @Config(qualifiers = "w720dp-h360dp-xhdpi")
    public void theAnalysisInLandscape() throws Exception {
        controller().settings().setAnalysisLines(3);
        GameActivity a = loaded(RUY_LOPEZ);
        Screens.chooseMenu(a, R.id.menu_analysis);
        waitForLines(a, 3, 8);
        BoardView board = a.findViewById(R.id.board);
        int[] at = new int[2];
        int[] panel = new int[2];
        board.getLocationInWindow(at);
        a.findViewById(R.id.analysis_panel).getLocationInWindow(panel);
        assertTrue("the analysis beside the board", panel[0] >= at[0] + board.getWidth());
        assertTrue(a.findViewById(R.id.toolbar).isShown());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        AppTest.screenshot(a, "analysis_landscape");
    }

    /** The lines setting: one line where three were shown, kept for the next analysis. */
    @Test
    public void theLinesButtonAsksForFewerLines() throws Exception {
        controller().settings().setAnalysisLines(3);
        GameActivity a = loaded(RUY_LOPEZ);
        Screens.chooseMenu(a, R.id.menu_analysis);
        waitForLines(a, 3, 2);
        a.findViewById(R.id.analysis_lines).performClick(); // 3 → 1
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(1, controller().settings().analysisLines());
        assertEquals("Lines: 1", text(a, R.id.analysis_lines));
        AppTest.waitFor("one line", () -> {
            Analyst.Analysis l = a.analysisForTest().latestForTest();
            return l != null && l.target.lines == 1 && lines(a).size() == 1;
        });
    }

    /**
     * Card chess, Chameleon Chess and Stratego: the engine's move in the
     * game's notation and its evaluation, one line, no raw token anywhere.
     */
    @Test
    public void theVariantsShowTheEnginesMoveAndEvaluation() throws Exception {
        GameSetup[] games = {
            new GameSetup("chessmate", "w", 1, "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"),
            new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y2,g0"),
            new GameSetup("stratego", "v", 1, "startpos", "Player"),
        };
        Pattern[] expected = {
            Pattern.compile("^([+−]?\\d+\\.\\d\\d|−?M\\d+)  1\\. \\S+"), // White's score, the move in SAN
            Pattern.compile("^Red ([+−]?\\d+\\.\\d\\d|−?M\\d+)  [a-n]\\d+[–×][a-n]\\d+"), // the mover's
            Pattern.compile("^Volcandria ([+−]?\\d+\\.\\d\\d|−?M\\d+)  [a-j]\\d+[–×][a-j]\\d+$"),
        };
        for (int i = 0; i < games.length; i++) {
            GameActivity a = started(games[i]);
            Screens.chooseMenu(a, R.id.menu_analysis);
            waitForLines(a, 1, 3);
            String line = lines(a).get(0);
            assertTrue(games[i].variant + ": " + line, expected[i].matcher(line).find());
            assertEquals(games[i].variant + ": one line", 1, lines(a).size());
            assertFalse("no lines button where the engine gives one line",
                    a.findViewById(R.id.analysis_lines).isShown());
            assertNotNull(a.analysisForTest().latestForTest());
            Screens.assertNoRawToken(a.getWindow().getDecorView(), games[i].variant + " analysis");
            Screens.assertNoTextClipped(a.getWindow().getDecorView());
            AppTest.screenshot(a, "analysis_" + games[i].variant);
            Screens.forgetController();
        }
    }

    /**
     * The game-over dialog's Analyse the game: the dialog closes and the
     * analysis opens on the position before the mate, whose best line is the
     * mate that was played.
     */
    @Test
    public void theGameOverDialogOpensTheAnalysis() throws Exception {
        GameActivity a = loaded("[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n");
        android.app.AlertDialog end = a.endDialog();
        assertNotNull(end);
        View analyse = viewWithText(end.getWindow().getDecorView(), a.getString(R.string.analyse_game));
        assertNotNull("the dialog offers the analysis", analyse);
        analyse.performClick();
        Screens.settle();
        assertFalse(end.isShowing());
        assertEquals("the position before the mate", 6, a.shownForTest().ply);
        assertTrue(a.analysisForTest().isOpen());
        waitForLines(a, 1, 2);
        assertTrue(lines(a).get(0), lines(a).get(0).matches("^M1  W100 D0 L0  4\\. Qxf7#.*"));
    }

    private static View viewWithText(View v, String text) {
        if (v instanceof TextView && ((TextView) v).getText().toString().equals(text)) {
            return v;
        }
        if (v instanceof android.view.ViewGroup) {
            android.view.ViewGroup g = (android.view.ViewGroup) v;
            for (int i = 0; i < g.getChildCount(); i++) {
                View found = viewWithText(g.getChildAt(i), text);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * Where hands or pieces are hidden, Tempest's turn is not analysed while
     * the game goes on (its choice would tell what it holds): the panel says
     * why and waits for the person's turn.
     */
    @Test
    public void hiddenCardsWaitForThePersonsTurn() throws Exception {
        GameActivity a = started(new GameSetup("chessmate", "w", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
        controller().play(controller().snapshot().legal.get(0));
        Screens.settle(); // Tempest answers
        Screens.chooseMenu(a, R.id.menu_analysis);
        a.findViewById(R.id.btn_back).performClick(); // Tempest to move in the position shown
        Screens.settle();
        assertEquals(1, a.shownForTest().ply);
        assertEquals("Tempest's hand is hidden from you: the analysis waits for your turn.",
                text(a, R.id.analysis_status));
        assertTrue(lines(a).isEmpty());
        AppTest.waitFor("the analysis engine to rest", controller().analyst()::idle);
        a.findViewById(R.id.btn_last).performClick();
        Screens.settle();
        waitForLines(a, 1, 1);
    }
}
