package org.tempest.app.ui;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.ClipData;
import android.content.ClipboardManager;
import android.content.ComponentName;
import android.content.Context;
import android.content.DialogInterface;
import android.content.Intent;
import android.content.pm.ResolveInfo;
import android.database.Cursor;
import android.net.Uri;
import android.os.Looper;
import android.provider.OpenableColumns;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.robolectric.shadows.ShadowAlertDialog;
import org.robolectric.shadows.ShadowDialog;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.GameStore;
import org.tempest.app.game.Snapshot;

/**
 * Games in and out of the app against the real engine: Copy game, Copy
 * position and Paste keep every game and position of all four games; Share
 * sends the record as text and as a .pgn file; a .pgn another app opens or
 * sends goes through the engine's load checks (one of several games chosen,
 * a broken one explained and the app going on); text that is no game names
 * the engine's reasons.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class GamesInOutTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static Snapshot game() {
        return controller().snapshot();
    }

    /** The four games as the new-game screen starts them. */
    static GameSetup[] fourGames() {
        return new GameSetup[] {
            new GameSetup("chess", "w", 1, "startpos", "Player"),
            new GameSetup("chessmate", "w", 1, "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"),
            new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y1,g1"),
            new GameSetup("stratego", "v", 1, "startpos", "Player"),
        };
    }

    /** Starts a game and plays a few moves of the person's (the engine answering each), a card among them. */
    static GameActivity played(GameSetup setup) {
        controller().newGame(setup);
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        for (int turn = 0; turn < 4 && !game().state.over; turn++) {
            Snapshot s = game();
            String pick = s.legal.get((turn * 5 + 3) % s.legal.size());
            for (String t : s.legal) {
                if (turn == 1 && (t.contains(":") || t.contains("+"))) {
                    pick = t; // a card in card chess
                }
            }
            controller().play(pick);
            Screens.settle();
        }
        return a;
    }

    private static String clipboard() {
        ClipboardManager cb = (ClipboardManager) RuntimeEnvironment.getApplication()
                .getSystemService(Context.CLIPBOARD_SERVICE);
        ClipData clip = cb.getPrimaryClip();
        return clip == null ? null : clip.getItemAt(0).getText().toString();
    }

    private static void setClipboard(String text) {
        ClipboardManager cb = (ClipboardManager) RuntimeEnvironment.getApplication()
                .getSystemService(Context.CLIPBOARD_SERVICE);
        cb.setPrimaryClip(ClipData.newPlainText("test", text));
    }

    private static AlertDialog latest() {
        return ShadowAlertDialog.getLatestAlertDialog();
    }

    private static String text(AlertDialog d) {
        return shadowOf(d).getTitle() + ": " + shadowOf(d).getMessage();
    }

    /** Paste game or position on the start menu; returns the menu. */
    private static MainActivity paste() {
        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        Screens.settle();
        ShadowDialog.reset();
        m.findViewById(R.id.btn_paste).performClick();
        Screens.settle();
        return m;
    }

    /** The game screen was asked for by the activity (after a good paste or open). */
    private static void assertGameScreenStarted(android.app.Activity a) {
        Intent started;
        do {
            started = shadowOf(a).getNextStartedActivity();
        } while (started != null && started.getComponent() == null);
        assertNotNull("a game screen was opened", started);
        assertEquals(GameActivity.class.getName(), started.getComponent().getClassName());
    }

    /**
     * In each game: Copy game, then Paste on the start menu, gives the same
     * moves and position; Copy position, then Paste, gives the engine the
     * same position string.
     */
    @Test
    public void copyAndPasteKeepEveryGameAndPosition() throws Exception {
        for (GameSetup setup : fourGames()) {
            String name = setup.variant;
            GameActivity a = played(setup);
            Snapshot before = game();
            assertTrue(name + " has moves", before.moves.size() >= 4);
            Screens.chooseMenu(a, R.id.menu_copy_game);
            Screens.settle();
            String record = clipboard();
            assertNotNull(name + ": the record is on the clipboard", record);
            assertTrue(name + ": the person is named\n" + record, record.contains("\"Player\""));
            assertTrue(name + ": Tempest is named\n" + record, record.contains("\"Tempest (Greedy)\""));
            assertFalse(name + ": the date is filled in\n" + record, record.contains(RecordTags.UNKNOWN_DATE));

            MainActivity m = paste();
            AlertDialog where = latest();
            assertEquals(name, "Game loaded: " + before.moves.size() + " moves", shadowOf(where).getTitle().toString());
            where.getButton(DialogInterface.BUTTON_POSITIVE).performClick(); // at the end
            Screens.settle();
            assertGameScreenStarted(m);
            assertEquals(name + ": the same moves", before.moves, game().moves);
            assertEquals(name + ": the same position", before.state.position, game().state.position);
            assertEquals(name, setup.variant, game().setup.variant);

            GameActivity again = Robolectric.buildActivity(GameActivity.class).setup().get();
            Screens.settle();
            Screens.chooseMenu(again, R.id.menu_copy_position);
            String position = clipboard();
            assertEquals(name, game().state.position, position);
            MainActivity m2 = paste();
            AlertDialog which = latest();
            assertTrue(name + ": " + shadowOf(which).getTitle(), shadowOf(which).getTitle().toString().startsWith("A "));
            which.getButton(DialogInterface.BUTTON_POSITIVE).performClick(); // play the side to move
            Screens.settle();
            assertGameScreenStarted(m2);
            assertEquals(name + ": the engine's position string", position, game().state.position);
            assertEquals(name + ": a new game from it", 0, game().moves.size());
            assertTrue(name + ": the person has the move", game().humanToMove());
            Screens.forgetController();
        }
    }

    /** Analyse: the people take every side of a pasted chess position. */
    @Test
    public void aPastedPositionCanBeAnalysed() throws Exception {
        setClipboard("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        MainActivity m = paste();
        AlertDialog which = latest();
        assertEquals("A Chess position", shadowOf(which).getTitle().toString());
        which.getButton(DialogInterface.BUTTON_NEUTRAL).performClick(); // Analyse
        Screens.settle();
        assertGameScreenStarted(m);
        assertEquals("wb", game().setup.humanPlayers);
        assertEquals("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", game().state.position);
        controller().play("f1b5");
        Screens.settle();
        assertTrue("the person moves Black too", game().humanToMove());
        assertEquals("b", game().state.toMove);
    }

    /** Movetext alone, as a web page copies a game, opens as a game: the engine judges its moves. */
    @Test
    public void movetextAloneIsAGame() throws Exception {
        setClipboard("1. e4 c5 2. Nf3 d6");
        MainActivity m = paste();
        AlertDialog where = latest();
        assertEquals("Game loaded: 4 moves", shadowOf(where).getTitle().toString());
        where.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        Screens.settle();
        assertGameScreenStarted(m);
        assertEquals(Arrays.asList("e2e4", "c7c5", "g1f3", "d7d6"), game().moves);
        setClipboard("1. e4 e5 2. Ke3");
        paste();
        String said = text(latest());
        assertTrue(said, said.startsWith(RecordFiles.CANNOT_LOAD) && said.contains("(Ke3) is illegal"));
        assertEquals("the game stays", 4, game().moves.size());
    }

    /**
     * Share game: a chooser over ACTION_SEND with the record as text and as a
     * .pgn file that the receiving app can read through the grant; Tempest
     * is not offered its own game.
     */
    @Test
    public void shareSendsTheRecordAsTextAndAFile() throws Exception {
        GameActivity a = played(new GameSetup("chess", "w", 1, "startpos", "Player"));
        Screens.chooseMenu(a, R.id.menu_share);
        Screens.settle();
        Intent chooser = shadowOf(a).getNextStartedActivity();
        assertEquals(Intent.ACTION_CHOOSER, chooser.getAction());
        Intent send = chooser.getParcelableExtra(Intent.EXTRA_INTENT);
        assertEquals(Intent.ACTION_SEND, send.getAction());
        String record = send.getStringExtra(Intent.EXTRA_TEXT);
        assertTrue(record, record.contains("[White \"Player\"]") && record.contains("[Black \"Tempest (Greedy)\"]"));
        assertTrue(record, record.contains("1. "));
        assertTrue(send.getStringExtra(Intent.EXTRA_SUBJECT), send.getStringExtra(Intent.EXTRA_SUBJECT)
                .startsWith("Tempest game: Player – Tempest (Greedy), "));
        assertTrue((send.getFlags() & Intent.FLAG_GRANT_READ_URI_PERMISSION) != 0);
        Uri file = send.getParcelableExtra(Intent.EXTRA_STREAM);
        assertEquals("content", file.getScheme());
        assertEquals(RecordFiles.PGN_TYPE, a.getContentResolver().getType(file));
        try (InputStream in = a.getContentResolver().openInputStream(file)) {
            assertEquals(record, GameStore.readRecord(in));
        }
        try (Cursor c = a.getContentResolver().query(file, null, null, null, null)) {
            assertTrue(c.moveToFirst());
            String shown = c.getString(c.getColumnIndex(OpenableColumns.DISPLAY_NAME));
            assertTrue(shown, shown.startsWith("tempest-chess-") && shown.endsWith(".pgn"));
        }
        ComponentName[] excluded = (ComponentName[]) chooser.getParcelableArrayExtra(Intent.EXTRA_EXCLUDE_COMPONENTS);
        assertEquals(OpenRecordActivity.class.getName(), excluded[0].getClassName());
        // The provider hands out its own folder's files and nothing else.
        assertThrowsNotFound(a, Uri.parse("content://" + RecordProvider.AUTHORITY + "/..%2Ffiles%2Fautosave.pgn"));
        assertThrowsNotFound(a, Uri.parse("content://" + RecordProvider.AUTHORITY + "/nothing.pgn"));
    }

    private static void assertThrowsNotFound(android.app.Activity a, Uri uri) {
        try {
            a.getContentResolver().openInputStream(uri).close();
            throw new AssertionError("opened " + uri);
        } catch (java.io.IOException expected) {
            // refused
        }
    }

    /** The manifest offers the app for .pgn files viewed and for text and files sent. */
    @Test
    public void theIntentFiltersTakePgnFilesAndSentText() {
        android.content.pm.PackageManager pm = RuntimeEnvironment.getApplication().getPackageManager();
        Intent[] offered = {
            new Intent(Intent.ACTION_VIEW).setDataAndType(Uri.parse("content://files/game.pgn"), RecordFiles.PGN_TYPE),
            new Intent(Intent.ACTION_VIEW).setDataAndType(Uri.parse("content://files/x"), "application/vnd.chess-pgn"),
            new Intent(Intent.ACTION_VIEW).setData(Uri.parse("file:///sdcard/Download/game.pgn")),
            new Intent(Intent.ACTION_SEND).setType("text/plain"),
            new Intent(Intent.ACTION_SEND).setType(RecordFiles.PGN_TYPE),
        };
        for (Intent i : offered) {
            List<ResolveInfo> found = pm.queryIntentActivities(i, 0);
            List<String> names = new ArrayList<String>();
            for (ResolveInfo r : found) {
                names.add(r.activityInfo.name);
            }
            assertTrue(i + ": " + names, names.contains(OpenRecordActivity.class.getName()));
        }
    }

    private static final String TWO_GAMES = "[Event \"one\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"0-1\"]\n\n"
            + "1. f3 e5 2. g4 Qh4# 0-1\n\n"
            + "[Event \"two\"]\n[White \"Carl\"]\n[Black \"Dora\"]\n[Date \"2024.03.01\"]\n[Result \"*\"]\n\n"
            + "{a comment [with a bracket]}\n1. d4 d5 2. c4 *\n";

    /**
     * A .pgn another app opens: a file of two games asks which, the chosen one
     * is loaded through the engine's checks and the game screen opens; the
     * same text sent as text does too.
     */
    @Test
    public void aPgnFromAnotherAppOpensTheGameChosen() throws Exception {
        File f = tmp.newFile("two.pgn");
        Files.write(f.toPath(), TWO_GAMES.getBytes(StandardCharsets.UTF_8));
        Intent view = new Intent(Intent.ACTION_VIEW).setDataAndType(Uri.fromFile(f), RecordFiles.PGN_TYPE);
        OpenRecordActivity o = Robolectric.buildActivity(OpenRecordActivity.class, view).setup().get();
        Screens.settle();
        AlertDialog pick = latest();
        assertEquals("This file holds 2 games", shadowOf(pick).getTitle().toString());
        CharSequence[] items = shadowOf(pick).getItems();
        assertTrue(items[1].toString(), items[1].toString().startsWith("2. Carl – Dora · Unfinished · 2024.03.01"));
        shadowOf(pick).clickOnItem(1);
        Screens.settle();
        AlertDialog where = latest();
        assertEquals("Game loaded: 3 moves", shadowOf(where).getTitle().toString());
        where.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        Screens.settle();
        assertGameScreenStarted(o);
        assertTrue(o.isFinishing());
        assertEquals(Arrays.asList("d2d4", "d7d5", "c2c4"), game().moves);

        Intent send = new Intent(Intent.ACTION_SEND).setType("text/plain")
                .putExtra(Intent.EXTRA_TEXT, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n");
        OpenRecordActivity sent = Robolectric.buildActivity(OpenRecordActivity.class, send).setup().get();
        Screens.settle();
        latest().getButton(DialogInterface.BUTTON_NEUTRAL).performClick(); // from the start
        Screens.settle();
        assertGameScreenStarted(sent);
        assertEquals(Arrays.asList("e2e4", "e7e5", "g1f3"), game().moves);
    }

    /**
     * A broken .pgn shows the engine's reason in a dialog, the screen closes
     * after it, and the game on the board and the autosave are untouched.
     */
    @Test
    public void aBrokenPgnIsExplainedAndTheAppGoesOn() throws Exception {
        GameActivity a = played(new GameSetup("chess", "w", 1, "startpos", "Player"));
        Snapshot before = game();
        File autosave = new File(RuntimeEnvironment.getApplication().getFilesDir(), "autosave.pgn");
        byte[] autosaved = Files.readAllBytes(autosave.toPath());
        File f = tmp.newFile("broken.pgn");
        Files.write(f.toPath(), "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n".getBytes(StandardCharsets.UTF_8));
        ShadowDialog.reset();
        OpenRecordActivity o = Robolectric.buildActivity(OpenRecordActivity.class,
                new Intent(Intent.ACTION_VIEW).setDataAndType(Uri.fromFile(f), RecordFiles.PGN_TYPE)).setup().get();
        Screens.settle();
        AlertDialog problem = latest();
        assertTrue(problem.isShowing());
        String said = text(problem);
        assertTrue(said, said.startsWith(RecordFiles.CANNOT_LOAD + ": "));
        assertTrue(said, said.toLowerCase(java.util.Locale.ROOT).contains("move 3 (ke3) is illegal"));
        problem.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue("the screen closes after the dialog", o.isFinishing());
        assertEquals(before.moves, game().moves);
        assertEquals(before.state.position, game().state.position);
        assertArrayEquals(autosaved, Files.readAllBytes(autosave.toPath()));

        // A file that cannot be read, and an intent with nothing in it: explained, no crash.
        OpenRecordActivity missing = Robolectric.buildActivity(OpenRecordActivity.class,
                new Intent(Intent.ACTION_VIEW).setDataAndType(Uri.fromFile(new File(tmp.getRoot(), "gone.pgn")),
                        RecordFiles.PGN_TYPE)).setup().get();
        Screens.settle();
        assertTrue(text(latest()), text(latest()).startsWith(RecordFiles.CANNOT_LOAD));
        latest().getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue(missing.isFinishing());
        OpenRecordActivity empty = Robolectric.buildActivity(OpenRecordActivity.class,
                new Intent(Intent.ACTION_SEND).setType("text/plain")).setup().get();
        Screens.settle();
        assertTrue(text(latest()), text(latest()).contains("neither text nor a file"));
        latest().getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertTrue(empty.isFinishing());
        assertEquals(before.moves, game().moves);
        a.finish();
    }

    /**
     * Pasted text that is no game: the dialog gives the engine's reason as a
     * record and as a position of each game; an illegal chess position names
     * the engine's reason; an empty clipboard says so. Nothing changes.
     */
    @Test
    public void badTextNamesTheEnginesReasons() throws Exception {
        for (int dark = 0; dark < 2; dark++) {
            new Settings(RuntimeEnvironment.getApplication()).setAppTheme(dark == 1 ? 2 : 1);
            played(new GameSetup("chess", "w", 1, "startpos", "Player"));
            Snapshot before = game();
            setClipboard("hello world");
            paste();
            AlertDialog d = latest();
            String said = text(d);
            assertTrue(said, said.startsWith(Imports.CANNOT_OPEN + ": "));
            assertTrue(said, said.contains("As a game record: "));
            assertTrue(said, said.contains("not a game record"));
            for (String game : new String[] {"Chess", "Card chess", "Chameleon Chess", "Stratego"}) {
                assertTrue(game + ": " + said, said.contains("As a " + game + " position: "));
            }
            assertTrue(said, said.contains("has 1 ranks, want 8") || said.contains("want 8"));
            AppTest.screenshotDialog(d, dark == 1 ? "paste_error_dialog_dark" : "paste_error_dialog");
            Screens.assertNoRawToken(d.getWindow().getDecorView(), "the paste error dialog");
            assertEquals(before.moves, game().moves);
            assertEquals(before.state.position, game().state.position);
            Screens.forgetController();
        }

        setClipboard("4k3/8/8/8/8/8/8/KK6 w - - 0 1");
        paste();
        String said = text(latest());
        assertTrue(said, said.contains("As a Chess position: ") && said.contains("white has 2 kings"));

        setClipboard("   ");
        paste();
        assertTrue(text(latest()), text(latest()).contains("There is no text to open"));
    }
}
