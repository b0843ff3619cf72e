package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.Intent;
import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.net.Uri;
import android.os.Looper;
import android.os.SystemClock;
import android.view.MotionEvent;
import android.view.View;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HashSet;
import java.util.function.BooleanSupplier;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.robolectric.shadows.ShadowAlertDialog;
import org.robolectric.shadows.ShadowDialog;
import org.tempest.app.R;
import org.tempest.app.game.GameSessionTest;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * The app's screens, driven as a player would (taps on the board, buttons,
 * dialogs, the document picker) against the real engine over stdio.
 * Screenshots of the main screens are written to docs/screenshots.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class AppTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();


    private GameController controller() {
        return TempestApp.controller(RuntimeEnvironment.getApplication());
    }

    @After
    public void stopEngine() {
        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
    }

    /** Runs the UI thread's queue until the condition holds (the engine answers on its own thread). */
    static void waitFor(String what, BooleanSupplier condition) {
        long deadline = System.currentTimeMillis() + 30000;
        while (true) {
            shadowOf(Looper.getMainLooper()).idle();
            if (condition.getAsBoolean()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private void settle() {
        waitFor("the engine to finish", () -> controller().idle());
        shadowOf(Looper.getMainLooper()).idle();
    }

    static void tap(View v, float x, float y) {
        long t = SystemClock.uptimeMillis();
        MotionEvent down = MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, x, y, 0);
        MotionEvent up = MotionEvent.obtain(t, t + 50, MotionEvent.ACTION_UP, x, y, 0);
        v.dispatchTouchEvent(down);
        v.dispatchTouchEvent(up);
        down.recycle();
        up.recycle();
        shadowOf(Looper.getMainLooper()).idle();
    }

    static void tapSquare(GameActivity a, String square) {
        BoardView board = a.findViewById(R.id.board);
        float[] c = board.centerOf(square);
        tap(board, c[0], c[1]);
    }

    static void screenshot(Activity a, String name) throws Exception {
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofSeconds(1)); // animations end
        View root = a.getWindow().getDecorView();
        // A radio button or check box checked a moment ago is still animating its mark: show it as it ends.
        root.jumpDrawablesToCurrentState();
        Bitmap bitmap = Bitmap.createBitmap(root.getWidth(), root.getHeight(), Bitmap.Config.ARGB_8888);
        root.draw(new Canvas(bitmap));
        write(bitmap, name);
    }

    /**
     * The activity with a dialog over it, as a phone shows them: the screen
     * dimmed and the dialog's window in its middle.
     */
    static void screenshot(Activity a, android.app.Dialog over, String name) throws Exception {
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofSeconds(1));
        View root = a.getWindow().getDecorView();
        root.jumpDrawablesToCurrentState();
        Bitmap bitmap = Bitmap.createBitmap(root.getWidth(), root.getHeight(), Bitmap.Config.ARGB_8888);
        Canvas canvas = new Canvas(bitmap);
        root.draw(canvas);
        canvas.drawColor(0x99000000); // the system's dim behind a dialog, 0.6
        View dialog = over.getWindow().getDecorView();
        canvas.save();
        canvas.translate((root.getWidth() - dialog.getWidth()) / 2f, (root.getHeight() - dialog.getHeight()) / 2f);
        dialog.draw(canvas);
        canvas.restore();
        write(bitmap, name);
    }

    /** Writes a screenshot: name may name a folder under the screenshots' ("screens/about_light"). */
    private static void write(Bitmap bitmap, String name) throws Exception {
        File dir = new File(System.getProperty("screenshot.dir", "target/screenshots"));
        File file = new File(dir, name + ".png");
        file.getParentFile().mkdirs();
        try (OutputStream out = new FileOutputStream(file)) {
            assertTrue(bitmap.compress(Bitmap.CompressFormat.PNG, 100, out));
        }
    }

    /**
     * The checked radio button shows its dot as a screenshot draws it (a mark
     * still animating would show an empty ring): the centre of its button is
     * the accent colour.
     */
    static void assertCheckedMarkDrawn(Activity a, RadioButton checked) {
        assertTrue(checked.isChecked());
        View root = a.getWindow().getDecorView();
        root.jumpDrawablesToCurrentState();
        Bitmap bitmap = Bitmap.createBitmap(root.getWidth(), root.getHeight(), Bitmap.Config.ARGB_8888);
        root.draw(new Canvas(bitmap));
        int[] at = new int[2];
        checked.getLocationInWindow(at);
        android.graphics.Rect b = checked.getButtonDrawable().getBounds();
        int pixel = bitmap.getPixel(at[0] + b.centerX(), at[1] + b.centerY());
        int accent = a.getResources().getColor(R.color.accent, null);
        assertEquals(String.format("#%08X", accent), String.format("#%08X", pixel));
    }

    /** Draws the dialog's window over the activity for a screenshot. */
    static void screenshotDialog(AlertDialog d, String name) throws Exception {
        shadowOf(Looper.getMainLooper()).idleFor(java.time.Duration.ofSeconds(1));
        View root = d.getWindow().getDecorView();
        Bitmap bitmap = Bitmap.createBitmap(Math.max(1, root.getWidth()), Math.max(1, root.getHeight()),
                Bitmap.Config.ARGB_8888);
        root.draw(new Canvas(bitmap));
        write(bitmap, name);
    }

    private GameActivity openGame() {
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        settle();
        return a;
    }

    private GameActivity startGame(GameSetup setup) {
        controller().newGame(setup);
        return openGame();
    }

    private static Snapshot shown(GameActivity a) {
        return TempestApp.controller(a).snapshot();
    }

    private static AlertDialog latestDialog() {
        return ShadowAlertDialog.getLatestAlertDialog();
    }

    private static String dialogText(AlertDialog d) {
        return shadowOf(d).getTitle() + ": " + shadowOf(d).getMessage();
    }

    @Test
    public void mainMenu() throws Exception {
        Activity a = Robolectric.buildActivity(MainActivity.class).setup().get();
        assertFalse("nothing to continue on a fresh install", a.findViewById(R.id.btn_continue).isEnabled());
        assertEquals("Playing as Player", ((TextView) a.findViewById(R.id.current_profile)).getText().toString());
        screenshot(a, "main_menu");
        tap(a.findViewById(R.id.btn_new), 5, 5);
        a.findViewById(R.id.btn_new).performClick();
        Intent next = shadowOf(a).getNextStartedActivity();
        assertEquals(NewGameActivity.class.getName(), next.getComponent().getClassName());
    }

    @Test
    public void newGameOffersTheEnginesLevelsAndStarts() throws Exception {
        NewGameActivity a = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        RadioGroup levels = a.findViewById(R.id.level_group);
        waitFor("the levels", () -> levels.getChildCount() > 0);
        assertTrue(levels.getChildCount() >= 4);
        assertTrue(((RadioButton) levels.getChildAt(0)).getText().toString().startsWith("Random moves"));
        assertTrue(((RadioButton) levels.getChildAt(1)).getText().toString().startsWith("Greedy"));
        String top = ((RadioButton) levels.getChildAt(levels.getChildCount() - 1)).getText().toString();
        assertTrue(top, top.startsWith("Full strength (about "));
        screenshot(a, "new_game");
        assertCheckedMarkDrawn(a, (RadioButton) a.findViewById(levels.getCheckedRadioButtonId()));
        ((RadioGroup) a.findViewById(R.id.colour_group)).check(R.id.rb_black);
        levels.check(levels.getChildAt(1).getId());
        a.findViewById(R.id.btn_start).performClick();
        assertEquals(GameActivity.class.getName(), shadowOf(a).getNextStartedActivity().getComponent().getClassName());
        GameActivity g = openGame();
        Snapshot s = shown(g);
        assertEquals("b", s.setup.humanPlayers);
        assertEquals(1, s.setup.level);
        assertEquals("the engine, White, has moved", 1, s.moves.size());
        assertTrue(((BoardView) g.findViewById(R.id.board)).flipped());
    }

    @Test
    public void playByTouchUndoAndEngineAnswers() throws Exception {
        GameActivity a = startGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        BoardView board = a.findViewById(R.id.board);
        tapSquare(a, "e2");
        assertEquals(new HashSet<>(Arrays.asList("e3", "e4")), board.targets());
        assertEquals(new HashSet<>(Arrays.asList("e2")), board.selected());
        tapSquare(a, "e4");
        settle();
        Snapshot s = shown(a);
        assertEquals(2, s.moves.size());
        assertEquals("e2e4", s.moves.get(0));
        assertTrue(s.humanToMove());
        assertEquals(View.INVISIBLE, a.findViewById(R.id.thinking).getVisibility());
        assertEquals("Your move", ((TextView) a.findViewById(R.id.status)).getText().toString());
        // The engine's answer in SAN, as the engine wrote it ("san Nf6").
        String san = MoveText.fact(s.moveFacts.get(1), "san");
        assertEquals("Last move: " + san, ((TextView) a.findViewById(R.id.last_move)).getText().toString());
        assertEquals("1. e4 " + san, ((TextView) a.findViewById(R.id.move_list)).getText().toString());
        screenshot(a, "game_chess");

        a.findViewById(R.id.btn_flip).performClick();
        assertTrue(board.flipped());
        a.findViewById(R.id.btn_undo).performClick();
        settle();
        assertEquals(0, shown(a).moves.size());

        a.findViewById(R.id.btn_hint).performClick();
        waitFor("the thinking indicator", () -> a.findViewById(R.id.thinking).getVisibility() == View.VISIBLE);
        settle();
        assertEquals(View.INVISIBLE, a.findViewById(R.id.thinking).getVisibility());
        String hint = ((TextView) a.findViewById(R.id.last_move)).getText().toString();
        assertTrue(hint, hint.startsWith("Hint: ") && hint.endsWith(" (the arrow)"));
        String token = a.hintForTest();
        assertTrue(token, shown(a).legal.contains(token));
        // The hint in SAN, as the engine writes the move (never the token).
        String written = hint.substring("Hint: ".length(), hint.length() - " (the arrow)".length());
        assertTrue(written, written.matches("[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBN])?[+#]?|O-O(-O)?[+#]?"));
        assertFalse(written, written.equals(token));
        assertEquals(Arrays.asList(token.substring(0, 2), token.substring(2, 4)), board.arrow());
    }

    @Test
    public void checkmateEndsTheGameWithADialogAndCountsForTheProfile() throws Exception {
        controller().load("[Event \"x\"]\n\n1. f3 e5 2. g4 *\n", 1, (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = openGame();
        assertEquals("b", shown(a).setup.humanPlayers);
        tapSquare(a, "d8");
        tapSquare(a, "h4");
        settle();
        Snapshot s = shown(a);
        assertTrue(s.state.over);
        assertEquals("checkmate", s.state.reason);
        assertEquals("e1", ((BoardView) a.findViewById(R.id.board)).checkSquare());
        AlertDialog d = a.endDialog();
        assertNotNull(d);
        assertTrue(d.isShowing());
        assertEquals("You won: Checkmate: Black wins", dialogText(d));
        screenshot(a, "game_over_board");
        screenshotDialog(d, "game_over_dialog");
        assertEquals(1, controller().profiles().ranking("Player").get(0).wins);
    }

    @Test
    public void saveInAppAndToADocument() throws Exception {
        GameActivity a = startGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        tapSquare(a, "d2");
        tapSquare(a, "d4");
        settle();
        Screens.chooseMenu(a, R.id.menu_save);
        shadowOf(latestDialog()).clickOnItem(0); // in the app
        settle();
        assertEquals(1, controller().store().savedGames().size());
        String saved = new String(Files.readAllBytes(controller().store().savedGames().get(0).toPath()),
                StandardCharsets.UTF_8);
        assertTrue(saved, saved.contains("1. d4 "));

        Screens.chooseMenu(a, R.id.menu_save);
        shadowOf(latestDialog()).clickOnItem(1); // to a file, through the picker
        Intent picker = shadowOf(a).getNextStartedActivityForResult().intent;
        assertEquals(Intent.ACTION_CREATE_DOCUMENT, picker.getAction());
        File doc = tmp.newFile("mine.pgn");
        shadowOf(a).receiveResult(picker, Activity.RESULT_OK, new Intent().setData(Uri.fromFile(doc)));
        settle();
        String written = new String(Files.readAllBytes(doc.toPath()), StandardCharsets.UTF_8);
        assertTrue(written, written.contains("1. d4 ") && written.contains("[Result \"*\"]"));
    }

    @Test
    public void loadGoodAndBrokenFilesThroughThePicker() throws Exception {
        GameActivity g = startGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        tapSquare(g, "c2");
        tapSquare(g, "c4");
        settle();
        Snapshot before = shown(g);
        File autosave = new File(RuntimeEnvironment.getApplication().getFilesDir(), "autosave.pgn");
        byte[] autosaved = Files.readAllBytes(autosave.toPath());

        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        for (String[] tc : GameSessionTest.BROKEN) {
            File f = tmp.newFile(tc[0].replace(' ', '_') + ".pgn");
            Files.write(f.toPath(), tc[1].getBytes(StandardCharsets.UTF_8));
            ShadowDialog.reset();
            SavedGamesActivity list = loadThroughPicker(m, f);
            AlertDialog problem = latestDialog();
            assertTrue(tc[0], problem != null && problem.isShowing());
            String text = dialogText(problem);
            assertTrue(text, text.startsWith("This game cannot be loaded: "));
            assertTrue(tc[0] + ": " + text, text.toLowerCase().contains(tc[2].toLowerCase()));
            if (tc[0].equals("illegal move")) {
                screenshotDialog(problem, "load_error_dialog");
            }
            assertEquals(tc[0], before.state.position, controller().snapshot().state.position);
            assertTrue(tc[0] + ": the autosave is untouched",
                    Arrays.equals(autosaved, Files.readAllBytes(autosave.toPath())));
            for (Intent started; (started = shadowOf(list).getNextStartedActivity()) != null; ) {
                assertFalse(tc[0] + ": no game screen after a refused file",
                        GameActivity.class.getName().equals(started.getComponent() == null ? ""
                                : started.getComponent().getClassName()));
            }
        }

        File good = tmp.newFile("good.pgn");
        Files.write(good.toPath(), "[Event \"x\"]\n\n1. e4 c5 2. Nf3 *\n".getBytes(StandardCharsets.UTF_8));
        SavedGamesActivity list = loadThroughPicker(m, good);
        AlertDialog where = latestDialog();
        assertEquals("Game loaded: 3 moves", shadowOf(where).getTitle().toString());
        where.getButton(AlertDialog.BUTTON_NEUTRAL).performClick(); // from the start
        shadowOf(Looper.getMainLooper()).idle();
        Intent started;
        do {
            started = shadowOf(list).getNextStartedActivity();
        } while (started != null && started.getComponent() == null);
        assertEquals(GameActivity.class.getName(), started.getComponent().getClassName());
        assertEquals(Arrays.asList("e2e4", "c7c5", "g1f3"), controller().snapshot().moves);
        assertEquals("b", controller().snapshot().setup.humanPlayers);
        GameActivity shownGame = openGame();
        assertEquals("opened at its start, as chosen", 0, shownGame.shownForTest().ply);
        shownGame.findViewById(R.id.btn_last).performClick();
        settle();
        assertTrue("and on to the end to play on", shownGame.shownForTest().humanToMove());
    }

    /**
     * Saved games on the start menu, "Open a file…" on its list, and the
     * picker returns the file; returns the saved-games screen.
     */
    private SavedGamesActivity loadThroughPicker(MainActivity m, File f) {
        m.findViewById(R.id.btn_load).performClick();
        Intent next = shadowOf(m).getNextStartedActivity();
        assertEquals(SavedGamesActivity.class.getName(), next.getComponent().getClassName());
        SavedGamesActivity list = Robolectric.buildActivity(SavedGamesActivity.class, next).setup().get();
        settle();
        list.findViewById(R.id.btn_open_file).performClick();
        Intent picker = shadowOf(list).getNextStartedActivityForResult().intent;
        assertEquals(Intent.ACTION_OPEN_DOCUMENT, picker.getAction());
        shadowOf(list).receiveResult(picker, Activity.RESULT_OK, new Intent().setData(Uri.fromFile(f)));
        settle();
        return list;
    }

    @Test
    public void engineCrashIsSurvived() throws Exception {
        GameActivity a = startGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        tapSquare(a, "e2");
        tapSquare(a, "e4");
        settle();
        controller().killEngineForTest();
        settle();
        Thread.sleep(200);
        String square = shown(a).legal.contains("g1f3") ? "g1" : "b1";
        tapSquare(a, square);
        tapSquare(a, square.equals("g1") ? "f3" : "c3");
        settle();
        assertEquals(1, controller().engineRestarts());
        assertEquals(4, shown(a).moves.size());
        assertTrue(shown(a).humanToMove());
    }

    @Test
    public void resumesAfterTheAppWasKilled() throws Exception {
        GameActivity a = startGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        tapSquare(a, "g1");
        tapSquare(a, "f3");
        settle();
        Snapshot before = shown(a);
        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());

        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        assertTrue(m.findViewById(R.id.btn_continue).isEnabled());
        m.findViewById(R.id.btn_continue).performClick();
        Intent cont = shadowOf(m).getNextStartedActivity();
        GameActivity again = Robolectric.buildActivity(GameActivity.class, cont).setup().get();
        waitFor("the resumed game", () -> shown(again) != null && controller().idle());
        assertEquals(before.moves, shown(again).moves);
        assertEquals(before.state.position, shown(again).state.position);
        assertTrue(shown(again).humanToMove());
    }

    @Test
    public void cardChessHandsAndACardPlayedByTouch() throws Exception {
        GameActivity a = startGame(new GameSetup("chessmate", "w", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
        CardHandView own = a.findViewById(R.id.own_hand);
        CardHandView opp = a.findViewById(R.id.opponent_hand);
        assertEquals(View.VISIBLE, own.getVisibility());
        assertEquals(Arrays.asList("RV", "LC", "VU"), own.cards());
        assertFalse(own.faceDown());
        assertTrue(opp.faceDown());
        assertEquals(3, opp.cards().size());
        screenshot(a, "game_card_chess");
        float[] lc = own.centerOf(1);
        tap(own, lc[0], lc[1]);
        BoardView board = a.findViewById(R.id.board);
        assertEquals(new HashSet<>(Arrays.asList("a1", "h1")), board.targets());
        tapSquare(a, "a1");
        assertEquals(new HashSet<>(Arrays.asList("a8", "h8")), board.targets());
        tapSquare(a, "a8");
        settle();
        Snapshot s = shown(a);
        assertEquals("LC:a1a8", s.moves.get(0));
        assertEquals(2, s.moves.size());
        String last = ((TextView) a.findViewById(R.id.last_move)).getText().toString();
        assertTrue(last, last.startsWith("Last move: " + MoveText.of("chessmate", s.moves.get(1), s.moveFacts.get(1))));
        assertFalse("the card the engine drew stays hidden: " + last, last.contains("drew"));
        String pile = ((TextView) a.findViewById(R.id.pile_info)).getText().toString();
        assertTrue(pile, pile.contains("Discard pile: "));
        screenshot(a, "game_card_chess_after");
    }

    @Test
    @Config(qualifiers = "w720dp-h360dp-xhdpi")
    public void landscapeBoardFillsTheHeight() throws Exception {
        GameActivity a = startGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        BoardView board = a.findViewById(R.id.board);
        View root = a.findViewById(R.id.game_root);
        assertEquals(board.getWidth(), board.getHeight());
        assertTrue("board " + board.getHeight() + " of " + root.getHeight(), board.getHeight() >= root.getHeight() * 0.9);
        screenshot(a, "game_landscape");
    }

    @Test
    public void rotationKeepsTheGame() throws Exception {
        controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        ActivityController<GameActivity> ac = Robolectric.buildActivity(GameActivity.class).setup();
        settle();
        tapSquare(ac.get(), "e2");
        tapSquare(ac.get(), "e4");
        settle();
        RuntimeEnvironment.setQualifiers("+land");
        ac.configurationChange();
        settle();
        BoardView board = ac.get().findViewById(R.id.board);
        assertEquals(2, shown(ac.get()).moves.size());
        assertNotNull(board.model());
        assertTrue(board.getWidth() > 0 && board.getWidth() == board.getHeight());
        View root = ac.get().findViewById(R.id.game_root);
        assertTrue(board.getHeight() >= root.getHeight() * 0.9);
    }

    @Test
    public void settingsThemesAndProfiles() throws Exception {
        SettingsActivity s = Robolectric.buildActivity(SettingsActivity.class).setup().get();
        RadioGroup themes = s.findViewById(R.id.theme_group);
        assertEquals(4, themes.getChildCount());
        themes.check(themes.getChildAt(1).getId());
        assertEquals(1, controller().settings().theme());
        assertEquals(0xFF769656, controller().settings().darkSquare());
        s.findViewById(R.id.sounds).performClick();
        assertFalse(controller().settings().sounds());
        RadioGroup orient = s.findViewById(R.id.orientation_group);
        orient.check(orient.getChildAt(2).getId());
        assertEquals(android.content.pm.ActivityInfo.SCREEN_ORIENTATION_LANDSCAPE,
                controller().settings().requestedOrientation());
        orient.check(orient.getChildAt(0).getId());
        screenshot(s, "settings");

        controller().profiles().record("Player", "chess", 3, 'w');
        controller().profiles().record("Player", "chess", 3, 'd');
        controller().profiles().record("Player", "chessmate", 1, 'l');
        ProfileActivity p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
        android.widget.TableLayout table = p.findViewById(R.id.ranking);
        assertEquals(3, table.getChildCount()); // heading and two rows
        android.widget.EditText name = p.findViewById(R.id.new_profile);
        name.setText("a/b");
        p.findViewById(R.id.btn_add_profile).performClick();
        assertNotNull(name.getError());
        name.setText("Ann");
        p.findViewById(R.id.btn_add_profile).performClick();
        assertEquals("Ann", controller().profiles().current());
        assertEquals(2, table.getChildCount()); // heading and "no finished games"
        RadioGroup group = p.findViewById(R.id.profile_group);
        for (int i = 0; i < group.getChildCount(); i++) {
            if ("Player".equals(group.getChildAt(i).getTag())) {
                group.check(group.getChildAt(i).getId());
            }
        }
        assertEquals("Player", controller().profiles().current());
        assertEquals(3, table.getChildCount());
        screenshot(p, "profile");
    }
}
