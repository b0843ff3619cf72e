package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.os.Looper;
import android.view.View;
import android.widget.TextView;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.robolectric.shadows.ShadowAlertDialog;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * The board-first game screen against the real engine: the board as wide as
 * the screen in every game, the actions disabled when they cannot act, Save,
 * Undo and New game at once while the engine thinks (its search stopped and
 * its move dropped), the game-over dialog's Rematch, Save and Review (the
 * engine's review of the game), and no engine token in any text a player
 * sees.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class BoardFirstTest {
    /** How long the engine thinks in the tests of a long search (the longest setting, 5 s). */
    private static final int LONG_THINK = 3;
    /** The level that searches for all its thinking time (the weak ones answer at once). */
    private static final int FULL_STRENGTH = 20;
    /**
     * "At once": well under the engine's thinking time, counted from the
     * touch that asks for the action (drawing the menu and its dialog on the
     * JVM takes its own time, on a busy machine more than a second).
     */
    private static final long AT_ONCE_MS = 2000;

    /**
     * A raw engine token (docs/PROTOCOL.md, VARIANTS.md, CHAMELEON.md,
     * STRATEGO.md): a move in UCI notation or from-to ("e2e4", "e7e8q",
     * "a1b3", "i6i3"), a card with ":" or "+" ("CR:", "VU+"), a battle's
     * announcement (":cE"), a draw or end suffix ("@?", "#nolegal"), the
     * forced pass "0000".
     */
    static final Pattern RAW_TOKEN = Pattern.compile(
            "(?<![A-Za-z0-9])[a-j](?:10|[1-9])[a-j](?:10|[1-9])[qrbnQRBN]?(?![A-Za-z0-9])"
            + "|\\b[A-Z]{2}[:+]|:[A-Za-z?]{2}\\b|@[A-Z?]|#(?:nomovable|nolegal|immobile)|\\b0000\\b");

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static GameActivity start(GameSetup setup) {
        controller().newGame(setup);
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        return a;
    }

    private static Snapshot shown() {
        return controller().snapshot();
    }

    private static boolean enabled(GameActivity a, int id) {
        View v = a.findViewById(id);
        return v.getVisibility() == View.VISIBLE && v.isEnabled();
    }

    /** The four games as the new-game screen starts them. */
    private static GameSetup[] fourGames() {
        return new GameSetup[] {
            new GameSetup("chess", "w", 1, "startpos", "Player"),
            new GameSetup("chessmate", "w", 1, "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"),
            new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y2,g0"),
            new GameSetup("stratego", "v", 1, "startpos", "Player"),
        };
    }

    private static final String[] SHOT_NAMES = {"game_chess_start", "game_card_chess_start", "game_chameleon_start",
        "game_stratego_start"};

    /**
     * The board is as wide as the screen's content in portrait, whatever the
     * game puts beside it (card chess's hands, Chameleon Chess's players),
     * with the opponent's bar above it, the person's below and the toolbar on
     * screen; nothing is cut off. Each game is drawn in the dark theme too.
     */
    @Test
    public void theBoardUsesTheFullWidthInEveryGame() throws Exception {
        for (int dark = 0; dark < 2; dark++) {
            new Settings(RuntimeEnvironment.getApplication()).setAppTheme(dark == 1 ? 2 : 1);
            GameSetup[] games = fourGames();
            for (int i = 0; i < games.length; i++) {
                GameActivity a = start(games[i]);
                View root = a.findViewById(R.id.game_root);
                BoardView board = a.findViewById(R.id.board);
                int content = root.getWidth() - root.getPaddingLeft() - root.getPaddingRight();
                int files = board.model().files;
                String game = games[i].variant;
                // The width is whole squares: at most one pixel per file is left over.
                assertTrue(game + ": board " + board.getWidth() + " of " + content,
                        board.getWidth() <= content && board.getWidth() > content - files);
                int[] top = new int[2];
                int[] at = new int[2];
                int[] bottom = new int[2];
                int[] tools = new int[2];
                a.findViewById(R.id.player_top).getLocationInWindow(top);
                board.getLocationInWindow(at);
                a.findViewById(R.id.player_bottom).getLocationInWindow(bottom);
                a.findViewById(R.id.toolbar).getLocationInWindow(tools);
                assertTrue(game + ": the opponent above the board", top[1] < at[1]);
                assertTrue(game + ": the person below the board", bottom[1] >= at[1] + board.getHeight());
                int window = a.getWindow().getDecorView().getHeight();
                assertTrue(game + ": the toolbar on screen", tools[1] + a.findViewById(R.id.toolbar).getHeight() <= window);
                assertTrue(game + ": the opponent is named", !((TextView) a.findViewById(R.id.name_top)).getText()
                        .toString().isEmpty());
                Screens.assertNoTextClipped(a.getWindow().getDecorView());
                AppTest.screenshot(a, dark == 1 ? SHOT_NAMES[i].replace("_start", "_dark") : SHOT_NAMES[i]);
                Screens.forgetController();
            }
        }
    }

    /**
     * A window too short for a full-width board (split screen): the board
     * gives way, not the players' bars or the toolbar.
     */
    @Test
    @Config(qualifiers = "w360dp-h440dp-xhdpi")
    public void aShortWindowShrinksTheBoardNotTheToolbar() throws Exception {
        GameActivity a = start(fourGames()[1]);
        View root = a.findViewById(R.id.game_root);
        BoardView board = a.findViewById(R.id.board);
        assertTrue("board " + board.getWidth() + " of " + root.getWidth(), board.getWidth() < root.getWidth() * 0.9);
        assertEquals(board.getWidth(), board.getHeight());
        int[] tools = new int[2];
        a.findViewById(R.id.toolbar).getLocationInWindow(tools);
        int window = a.getWindow().getDecorView().getHeight();
        assertTrue("the toolbar on screen", tools[1] + a.findViewById(R.id.toolbar).getHeight() <= window);
        assertTrue(a.findViewById(R.id.player_bottom).isShown());
        assertTrue(a.findViewById(R.id.own_hand).isShown());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
    }

    /** Card chess in landscape: the board on one half, the players, hands, moves and actions on the other. */
    @Test
    @Config(qualifiers = "w720dp-h360dp-xhdpi")
    public void landscapeUsesBothHalves() throws Exception {
        GameActivity a = start(fourGames()[1]);
        View root = a.findViewById(R.id.game_root);
        BoardView board = a.findViewById(R.id.board);
        assertEquals(board.getWidth(), board.getHeight());
        assertTrue(board.getHeight() >= root.getHeight() * 0.9);
        int[] at = new int[2];
        int[] hand = new int[2];
        board.getLocationInWindow(at);
        a.findViewById(R.id.own_hand).getLocationInWindow(hand);
        assertTrue("the hand beside the board", hand[0] >= at[0] + board.getWidth());
        assertTrue(a.findViewById(R.id.toolbar).isShown());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());
        AppTest.screenshot(a, "game_landscape_card_chess");
    }

    /**
     * Undo with nothing to undo, Hint, Resign and Offer draw while the engine
     * thinks or after the end, stepping back while the engine thinks: each
     * disabled, in the toolbar and in the menu; Undo only where the game
     * offers it (not in Stratego).
     */
    @Test
    public void actionsAreDisabledWhenTheyCannotAct() throws Exception {
        new Settings(RuntimeEnvironment.getApplication()).setThinkTime(LONG_THINK);
        GameActivity a = start(new GameSetup("chess", "w", FULL_STRENGTH, "startpos", "Player"));
        assertFalse("nothing to undo", enabled(a, R.id.btn_undo));
        assertTrue(enabled(a, R.id.btn_hint));
        assertFalse("nothing to step back to", enabled(a, R.id.btn_back));
        assertTrue(Screens.menuItem(a, R.id.menu_resign).isEnabled());
        assertTrue(Screens.menuItem(a, R.id.menu_draw).isEnabled());

        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        AppTest.waitFor("the engine to think", () -> a.findViewById(R.id.thinking).getVisibility() == View.VISIBLE);
        assertFalse("no hint while the engine thinks", enabled(a, R.id.btn_hint));
        assertFalse("no stepping back while the engine thinks", enabled(a, R.id.btn_back));
        assertFalse(enabled(a, R.id.btn_first));
        assertTrue("Undo acts while the engine thinks", enabled(a, R.id.btn_undo));
        assertFalse(Screens.menuItem(a, R.id.menu_resign).isEnabled());
        assertFalse(Screens.menuItem(a, R.id.menu_draw).isEnabled());
        assertTrue("Save acts while the engine thinks", Screens.menuItem(a, R.id.menu_save).isEnabled());
        assertTrue(Screens.menuItem(a, R.id.menu_new_game).isEnabled());
        Screens.settle();
        assertTrue(enabled(a, R.id.btn_hint));
        assertTrue(enabled(a, R.id.btn_back));

        Screens.chooseMenu(a, R.id.menu_resign);
        a.answerDialog().getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        Screens.settle();
        assertTrue(shown().state.over);
        assertFalse("no hint after the end", enabled(a, R.id.btn_hint));
        assertFalse(Screens.menuItem(a, R.id.menu_resign).isEnabled());
        assertFalse(Screens.menuItem(a, R.id.menu_draw).isEnabled());
        assertTrue("a finished game can be saved", Screens.menuItem(a, R.id.menu_save).isEnabled());
        assertTrue("a resignation can be taken back", enabled(a, R.id.btn_undo));
        assertFalse("disabled is not only ignored: a click does nothing", clickChanges(a, R.id.btn_hint));
        Screens.forgetController();

        GameActivity b = start(new GameSetup("stratego", "v", 1, "startpos", "Player"));
        assertEquals("Stratego offers no undo", View.GONE, b.findViewById(R.id.btn_undo).getVisibility());
        assertFalse("nor a draw by agreement", Screens.menuItem(b, R.id.menu_draw).isVisible());
    }

    /** Whether clicking the view started any work (a hint: the thinking indicator). */
    private static boolean clickChanges(GameActivity a, int id) {
        a.findViewById(id).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        return !controller().idle() || a.findViewById(R.id.thinking).getVisibility() == View.VISIBLE;
    }

    /** Waits for the engine's turn to be under way (its search started). */
    private static void engineThinking(GameActivity a) throws InterruptedException {
        AppTest.waitFor("the engine to think", () -> a.findViewById(R.id.thinking).getVisibility() == View.VISIBLE);
        Thread.sleep(300); // "go" is on its way
    }

    private static void waitAtOnce(String what, long since, java.util.function.BooleanSupplier done) {
        AppTest.waitFor(what, done);
        long took = System.currentTimeMillis() - since;
        assertTrue(what + " took " + took + " ms of the engine's 5000", took < AT_ONCE_MS);
    }

    /**
     * Save, Undo and New game while the engine searches for 5 s: each acts at
     * once; the search is stopped ("stop" reaches the engine) and its move is
     * never played; the saved game holds every move made; after Save the
     * engine thinks again and moves.
     */
    @Test
    public void saveUndoAndNewGameActAtOnceWhileTheEngineThinks() throws Exception {
        new Settings(RuntimeEnvironment.getApplication()).setThinkTime(LONG_THINK);
        GameActivity a = start(new GameSetup("chess", "w", FULL_STRENGTH, "startpos", "Player"));
        List<String> heard = Collections.synchronizedList(new ArrayList<String>());
        controller().sessionForTest().client().process().logInput(heard);

        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        engineThinking(a);
        Screens.chooseMenu(a, R.id.menu_save);
        long t0 = System.currentTimeMillis();
        shadowOf(ShadowAlertDialog.getLatestAlertDialog()).clickOnItem(0); // in the app
        waitAtOnce("the save", t0, () -> controller().store().savedGames().size() == 1);
        assertTrue("the search was stopped", heard.contains("stop"));
        String saved = new String(Files.readAllBytes(controller().store().savedGames().get(0).toPath()),
                StandardCharsets.UTF_8);
        assertTrue(saved, saved.contains("1. e4 *"));
        assertEquals("the stopped search's move is not played", 1, shown().moves.size());
        Screens.settle(); // the engine thinks again, and moves
        assertEquals(2, shown().moves.size());
        assertTrue(shown().humanToMove());

        AppTest.tapSquare(a, "d2");
        AppTest.tapSquare(a, "d4");
        engineThinking(a);
        heard.clear();
        t0 = System.currentTimeMillis();
        a.findViewById(R.id.btn_undo).performClick();
        waitAtOnce("the undo", t0, () -> controller().idle());
        assertTrue(heard.contains("stop"));
        assertEquals("back to the person's move, the engine's search dropped", 2, shown().moves.size());
        assertTrue(shown().humanToMove());
        Screens.settle();
        assertEquals(2, shown().moves.size());

        AppTest.tapSquare(a, "g1");
        AppTest.tapSquare(a, "f3");
        engineThinking(a);
        heard.clear();
        Screens.chooseMenu(a, R.id.menu_new_game);
        t0 = System.currentTimeMillis();
        a.answerDialog().getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle(); // the dialog's button runs its action on the looper
        assertEquals(NewGameActivity.class.getName(), shadowOf(a).getNextStartedActivity().getComponent().getClassName());
        waitAtOnce("the engine to be free for the new game", t0, () -> controller().idle());
        assertTrue(heard.contains("stop"));
        assertEquals("the stopped search's move is not played", 3, shown().moves.size());
        assertEquals("2. Nf3", lastMovesOf(controller()));
    }

    /** The end of the autosaved record's movetext: its last move number and move. */
    private static String lastMovesOf(GameController c) throws Exception {
        String record = c.store().autosavedRecord();
        Matcher m = Pattern.compile("(\\d+\\. \\S+)\\s*\\*").matcher(record);
        assertTrue(record, m.find());
        return m.group(1);
    }

    /**
     * The game-over dialog offers Rematch, Save and Review. Review shows the
     * game from its start with the moves to step through; Save offers where
     * to save; Rematch starts the same game again with the colours swapped.
     */
    @Test
    public void theGameOverDialogOffersRematchSaveAndReview() throws Exception {
        controller().load("[Event \"x\"]\n\n1. f3 e5 2. g4 *\n", 1, (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        AppTest.tapSquare(a, "d8");
        AppTest.tapSquare(a, "h4");
        Screens.settle();
        AlertDialog d = a.endDialog();
        assertNotNull(d);
        assertEquals(a.getString(R.string.rematch), d.getButton(DialogInterface.BUTTON_POSITIVE).getText().toString());
        assertEquals(a.getString(R.string.save), d.getButton(DialogInterface.BUTTON_NEUTRAL).getText().toString());
        assertEquals(a.getString(R.string.review), d.getButton(DialogInterface.BUTTON_NEGATIVE).getText().toString());

        d.getButton(DialogInterface.BUTTON_NEGATIVE).performClick(); // Review
        Screens.settle();
        assertFalse(d.isShowing());
        assertEquals("the game from its start", 0, a.shownForTest().ply);
        assertTrue(a.shownForTest().isPast());
        assertTrue("step forward", enabled(a, R.id.btn_forward));
        assertTrue(enabled(a, R.id.btn_last));
        a.findViewById(R.id.btn_forward).performClick();
        Screens.settle();
        assertEquals(1, a.shownForTest().ply);
        AppTest.waitFor("the engine's review", () -> a.reviewForTest().review() != null);
        assertEquals("1. f3 is judged", View.VISIBLE, a.findViewById(R.id.review_bar).getVisibility());
        AppTest.screenshot(a, "game_review");

        d.getButton(DialogInterface.BUTTON_NEUTRAL).performClick(); // Save
        shadowOf(Looper.getMainLooper()).idle();
        AlertDialog where = ShadowAlertDialog.getLatestAlertDialog();
        assertEquals(a.getString(R.string.save), shadowOf(where).getTitle().toString());
        shadowOf(where).clickOnItem(0);
        Screens.settle();
        assertEquals(1, controller().store().savedGames().size());

        assertEquals("b", shown().setup.humanPlayers);
        d.getButton(DialogInterface.BUTTON_POSITIVE).performClick(); // Rematch
        Screens.settle();
        Snapshot s = shown();
        assertEquals("colours swapped: the person plays White", "w", s.setup.humanPlayers);
        assertEquals(0, s.moves.size());
        assertFalse(s.state.over);
        assertFalse(a.shownForTest().isPast());
        assertEquals("Your move", ((TextView) a.findViewById(R.id.status)).getText().toString());
    }

    /** Every text on a screen that a player can see, with the action bar's and every menu item's, hidden ones too. */
    private static List<String> visibleTexts(GameActivity a) {
        List<String> out = Screens.visibleTexts(a.getWindow().getDecorView());
        android.view.Menu menu = shadowOf(a).getOptionsMenu();
        for (int i = 0; menu != null && i < menu.size(); i++) {
            out.add(menu.getItem(i).getTitle().toString());
        }
        return out;
    }

    private static void assertNoToken(GameActivity a, String when) {
        shadowOf(Looper.getMainLooper()).idle();
        for (String text : visibleTexts(a)) {
            Matcher m = RAW_TOKEN.matcher(text);
            if (m.find()) {
                throw new AssertionError(when + ": \"" + m.group() + "\" in \"" + text + "\"");
            }
        }
    }

    /** The pattern finds the engine's tokens and nothing of the game's own notation. */
    @Test
    public void theTokenPatternKnowsTokensFromNotation() {
        for (String token : new String[] {"e2e4", "e7e8q", "a1b3", "i6i3:cE", "c7c8:Mw", "CR:c1e3g5", "VU+HF+e2e4",
            "FC:e4@?", "a2a3#nolegal", "0000", "Last move: g1f3"}) {
            assertTrue(token, RAW_TOKEN.matcher(token).find());
        }
        for (String text : new String[] {"Nf3", "exd8=Q+", "O-O-O", "a1–b3", "i6×i3 (Scout attacks Knight)",
            "Crusade c1→e3→g5", "Lost Castle a1↔a8", "Vulture, Hand of Fate: e4", "Board b1–h8", "2:58",
            "Level 4 · about 1450 Elo", "Draw pile: 9 cards · Discard pile: 1 (Lost Castle on top)"}) {
            assertFalse(text, RAW_TOKEN.matcher(text).find());
        }
    }

    /**
     * In each of the four games, after moves of both sides (a card in card
     * chess, battles in Stratego when they come) and a hint, no text of the
     * game screen shows an engine token: moves, the last move, the hint and
     * the status are in the game's own notation.
     */
    @Test
    public void noVisibleTextIsARawEngineToken() throws Exception {
        GameSetup[] games = fourGames();
        for (GameSetup g : games) {
            GameActivity a = start(g);
            String name = g.variant;
            assertNoToken(a, name + " at the start");
            for (int turn = 0; turn < 4 && !shown().state.over; turn++) {
                Snapshot s = shown();
                String pick = s.legal.get((turn * 7) % s.legal.size());
                for (String t : s.legal) {
                    if (turn == 1 && (t.contains(":") || t.contains("+"))) {
                        pick = t; // a card, a Vulture or a Hand of Fate in card chess
                    }
                }
                controller().play(pick);
                Screens.settle();
                assertNoToken(a, name + " after " + pick);
            }
            if (!shown().state.over) {
                a.findViewById(R.id.btn_hint).performClick();
                Screens.settle();
                assertNotNull(name + ": a hint", a.hintForTest());
                assertTrue(((TextView) a.findViewById(R.id.last_move)).getText().toString().startsWith("Hint: "));
                assertNoToken(a, name + " with the hint " + a.hintForTest());
            }
            a.findViewById(R.id.btn_first).performClick();
            Screens.settle();
            assertNoToken(a, name + " at the start of the move list");
            Screens.forgetController();
        }
    }
}
