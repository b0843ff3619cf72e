package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.text.Spanned;
import android.text.style.BackgroundColorSpan;
import android.text.style.TtsSpan;
import android.view.View;
import android.widget.TextView;
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
import org.tempest.app.game.Review;
import org.tempest.app.game.Snapshot;

/**
 * The review on the game screen against the real engine: the game-over
 * dialog's Review searches every position with progress shown, then each
 * move of the list carries its class (the planted blunder "??", the mate in
 * one "★", read out in words), the graph under the board shows a position
 * when touched, the bar names the move shown and what it cost, and Play on
 * from here starts a game at the position shown with the person to move.
 * Card chess is reviewed from the menu. Screenshots in both themes.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class ReviewScreenTest {
    /** Scholar's mate: 3...Nf6?? allows 4. Qxf7#. */
    private static final String SCHOLARS_MATE = "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static String text(GameActivity a, int id) {
        return ((TextView) a.findViewById(id)).getText().toString();
    }

    /** The finished game loaded, its end dialog's Review chosen, and the review waited for. */
    private static GameActivity reviewed(String record) {
        controller().load(record, 1, (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        AlertDialog end = a.endDialog();
        assertNotNull("the game is over", end);
        end.getButton(DialogInterface.BUTTON_NEGATIVE).performClick(); // Review
        Screens.settle();
        assertEquals("the game from its start", 0, a.shownForTest().ply);
        assertEquals(View.VISIBLE, a.findViewById(R.id.review_bar).getVisibility());
        AppTest.waitFor("the review", () -> a.reviewForTest().review() != null);
        return a;
    }

    /** Touches the graph at a position's place. */
    private static void touchGraph(GameActivity a, int ply) {
        EvalGraphView graph = a.findViewById(R.id.eval_graph);
        float x = graph.xOf(ply);
        AppTest.tap(graph, x, graph.getHeight() / 2f);
        Screens.settle();
    }

    /** The class marks of the move list, with what a screen reader says for each. */
    private static String spoken(GameActivity a) {
        CharSequence list = ((TextView) a.findViewById(R.id.move_list)).getText();
        StringBuilder b = new StringBuilder();
        Spanned s = (Spanned) list;
        for (TtsSpan span : s.getSpans(0, s.length(), TtsSpan.class)) {
            b.append(s.subSequence(s.getSpanStart(span), s.getSpanEnd(span))).append('=')
                    .append(span.getArgs().getString(TtsSpan.ARG_TEXT)).append(';');
        }
        return b.toString();
    }

    @Test
    public void theReviewMarksTheBlunderAndTheGraphJumps() throws Exception {
        GameActivity a = reviewed(SCHOLARS_MATE);
        Review r = a.reviewForTest().review();
        assertEquals(Review.Kind.BLUNDER, r.kind(5));
        assertEquals(Review.Kind.BEST, r.kind(6));
        String list = text(a, R.id.move_list);
        assertTrue(list, list.contains("Nf6??"));
        assertTrue(list, list.contains("Qxf7#★"));
        String words = spoken(a);
        assertTrue(words, words.contains("??= blunder;"));
        assertTrue(words, words.contains("★= best move;"));
        String summary = text(a, R.id.review_summary);
        assertTrue(summary, summary.startsWith("White: "));
        assertTrue(summary, summary.contains("Black: ") && summary.contains("1 blunder"));
        EvalGraphView graph = a.findViewById(R.id.eval_graph);
        assertEquals(View.VISIBLE, graph.getVisibility());
        assertTrue(graph.getContentDescription().toString().contains("1 blunder"));

        touchGraph(a, 6);
        Snapshot shown = a.shownForTest();
        assertEquals("the graph's touch shows the position after 3...Nf6", 6, shown.ply);
        assertEquals(6, graph.shown());
        String bar = text(a, R.id.review_status);
        assertTrue(bar, bar.matches("3\\.\\.\\. Nf6: blunder, \\d+% → 0%"));
        String said = a.findViewById(R.id.review_status).getContentDescription().toString();
        assertTrue(said, said.matches("3\\.\\.\\. Nf6, blunder: Black's expected score from \\d+% to 0%"));
        Spanned moves = (Spanned) ((TextView) a.findViewById(R.id.move_list)).getText();
        BackgroundColorSpan[] marked = moves.getSpans(0, moves.length(), BackgroundColorSpan.class);
        assertEquals(1, marked.length);
        assertEquals("the move list marks the move", "Nf6",
                moves.subSequence(moves.getSpanStart(marked[0]), moves.getSpanEnd(marked[0])).toString());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        Screens.assertNoRawToken(a.getWindow().getDecorView(), "the review");
        AppTest.screenshot(a, "review");

        // Play on from the position before the blunder: Black to move, the person playing Black.
        touchGraph(a, 5);
        assertEquals(5, a.shownForTest().ply);
        assertEquals(a.getString(R.string.play_on), text(a, R.id.review_action));
        assertTrue(a.findViewById(R.id.review_action).isEnabled());
        a.findViewById(R.id.review_action).performClick();
        Screens.settle();
        Snapshot s = controller().snapshot();
        assertEquals(5, s.moves.size());
        assertFalse(s.state.over);
        assertEquals("b", s.state.toMove);
        assertEquals("the person takes the side to move", "b", s.setup.humanPlayers);
        assertTrue(s.humanToMove());
        assertFalse("the new game is live, not a past position", a.shownForTest().isPast());
        assertEquals("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3", s.state.position);
        assertEquals(View.GONE, a.findViewById(R.id.review_bar).getVisibility());
        assertEquals(View.GONE, a.findViewById(R.id.eval_graph).getVisibility());
    }

    @Test
    public void theReviewInTheDarkTheme() throws Exception {
        new Settings(RuntimeEnvironment.getApplication()).setAppTheme(2);
        GameActivity a = reviewed(SCHOLARS_MATE);
        touchGraph(a, 6);
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        AppTest.screenshot(a, "review_dark");
    }

    /** In landscape the graph stands under the board and the bar beside it; with the analysis too nothing is cut. */
    @Test
    @Config(qualifiers = "w720dp-h360dp-xhdpi")
    public void theReviewInLandscape() throws Exception {
        controller().settings().setAnalysisLines(3);
        GameActivity a = reviewed(SCHOLARS_MATE);
        touchGraph(a, 4);
        assertEquals(4, a.shownForTest().ply);
        BoardView board = a.findViewById(R.id.board);
        int[] at = new int[2];
        int[] graph = new int[2];
        board.getLocationInWindow(at);
        a.findViewById(R.id.eval_graph).getLocationInWindow(graph);
        assertTrue("the graph under the board", graph[1] >= at[1] + board.getHeight());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        Screens.chooseMenu(a, R.id.menu_analysis);
        AppTest.waitFor("three lines", () -> a.findViewById(R.id.analysis_line3).getVisibility() == View.VISIBLE);
        assertTrue(a.findViewById(R.id.toolbar).isShown());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
    }

    /** The review with the analysis open too: both fit, the board gives way. */
    @Test
    public void theReviewAndTheAnalysisTogether() throws Exception {
        controller().settings().setAnalysisLines(3);
        GameActivity a = reviewed(SCHOLARS_MATE);
        touchGraph(a, 4);
        Screens.chooseMenu(a, R.id.menu_analysis);
        AppTest.waitFor("three lines", () -> a.findViewById(R.id.analysis_line3).getVisibility() == View.VISIBLE);
        int[] tools = new int[2];
        a.findViewById(R.id.toolbar).getLocationInWindow(tools);
        assertTrue(tools[1] + a.findViewById(R.id.toolbar).getHeight() <= a.getWindow().getDecorView().getHeight());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        Screens.assertNoRawToken(a.getWindow().getDecorView(), "review and analysis");
    }

    /** A game of card chess reviewed from the menu, with each move's class. */
    @Test
    public void cardChessIsReviewedFromTheMenu() throws Exception {
        controller().newGame(new GameSetup("chessmate", "w", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        for (int i = 0; i < 3; i++) {
            Snapshot s = controller().snapshot();
            controller().play(s.legal.get(i * 5 % s.legal.size()));
            Screens.settle();
        }
        int plies = controller().snapshot().moves.size();
        Screens.chooseMenu(a, R.id.menu_review);
        AppTest.waitFor("the review", () -> a.reviewForTest().review() != null);
        assertEquals(plies + 1, a.reviewForTest().review().positions());
        String words = spoken(a);
        assertEquals(words, plies, words.split(";").length);
        Screens.assertNoRawToken(a.getWindow().getDecorView(), "card chess review");
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
    }

    /** Chameleon Chess and Stratego have no review (Features.review); the menu offers their analysis. */
    @Test
    public void theReviewIsOfferedWhereTheGameHasOne() throws Exception {
        GameSetup[] games = {
            new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y2,g0"),
            new GameSetup("stratego", "v", 1, "startpos", "Player"),
        };
        for (GameSetup g : games) {
            controller().newGame(g);
            GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
            Screens.settle();
            assertFalse(g.variant, Screens.menuItem(a, R.id.menu_review).isVisible());
            assertTrue(g.variant, Screens.menuItem(a, R.id.menu_analysis).isVisible());
            Screens.forgetController();
        }
    }
}
