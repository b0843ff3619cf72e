package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.os.Looper;
import android.view.View;
import android.widget.LinearLayout;
import android.widget.TextView;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.text.SimpleDateFormat;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Locale;
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
 * The saved-games list against the real engine: games saved from the game
 * screen are listed newest first with their players, result, date, game and
 * opening (a chess game's first moves, the move count of the others, a
 * record's own ECO and Opening tags); a touch opens one to play on or replay,
 * a long touch shares or deletes it.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class SavedGamesTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    /** Plays the moves (the person's, the engine answering) and saves the game in the app from the menu. */
    private static void playAndSave(GameSetup setup, String... moves) throws Exception {
        controller().newGame(setup);
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        for (String m : moves) {
            controller().play(m);
            Screens.settle();
        }
        int before = controller().store().savedGames().size();
        Screens.chooseMenu(a, R.id.menu_save);
        shadowOf(ShadowAlertDialog.getLatestAlertDialog()).clickOnItem(0); // in the app
        Screens.settle();
        assertEquals(before + 1, controller().store().savedGames().size());
        Thread.sleep(1100); // the files are named by the second they were saved in
        a.finish();
    }

    private static SavedGamesActivity list() {
        SavedGamesActivity l = Robolectric.buildActivity(SavedGamesActivity.class).setup().get();
        Screens.settle();
        return l;
    }

    private static LinearLayout rows(SavedGamesActivity l) {
        return l.findViewById(R.id.saved_list);
    }

    private static String line(View row, int i) {
        return ((TextView) ((LinearLayout) row).getChildAt(i)).getText().toString();
    }

    @Test
    public void theListShowsPlayersResultDateAndOpeningAndOpensAGame() throws Exception {
        String today = new SimpleDateFormat("yyyy.MM.dd", Locale.US).format(new Date());
        // A chess game resigned after 1. e4 c5 2. Nf3: its opening, its result, its players.
        controller().load("[Event \"x\"]\n\n1. e4 c5 2. Nf3 *\n", 1, (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        controller().resign();
        Screens.settle();
        Screens.chooseMenu(a, R.id.menu_save);
        shadowOf(ShadowAlertDialog.getLatestAlertDialog()).clickOnItem(0);
        Screens.settle();
        Thread.sleep(1100);
        a.finish();
        playAndSave(new GameSetup("chessmate", "w", 1, "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW",
                "Player"), "e2e4");
        playAndSave(new GameSetup("chameleon", "r", 1, "startpos players rby", "Player", "b1,y0"), "b1c3");
        // A record from elsewhere, with its own names, date and opening.
        File own = new File(RuntimeEnvironment.getApplication().getFilesDir(), "games/tempest_2020-01-02_03-04-05.pgn");
        Files.write(own.toPath(), ("[Event \"club\"]\n[Date \"2019.12.31\"]\n[White \"Anna\"]\n[Black \"Ben\"]\n"
                + "[Result \"1/2-1/2\"]\n[ECO \"B20\"]\n[Opening \"Sicilian Defence\"]\n\n1. e4 c5 1/2-1/2\n")
                .getBytes(StandardCharsets.UTF_8));

        for (int dark = 0; dark < 2; dark++) {
            new Settings(RuntimeEnvironment.getApplication()).setAppTheme(dark == 1 ? 2 : 1);
            SavedGamesActivity l = list();
            LinearLayout rows = rows(l);
            assertEquals(4, rows.getChildCount());
            // Newest first: Chameleon Chess, card chess, chess, the club game of 2019.
            View chameleon = rows.getChildAt(0);
            assertEquals("Red: Player, Blue: Tempest (Greedy), Yellow: Tempest (Random moves)", line(chameleon, 0));
            assertEquals("Unfinished · " + today + " · Chameleon Chess", line(chameleon, 1));
            assertTrue(line(chameleon, 2), line(chameleon, 2).matches("\\d+ moves"));
            View card = rows.getChildAt(1);
            assertEquals("Player – Tempest (Greedy)", line(card, 0));
            assertEquals("Unfinished · " + today + " · Card chess", line(card, 1));
            assertEquals("2 moves", line(card, 2));
            View chess = rows.getChildAt(2);
            assertEquals("Tempest (Greedy) – Player", line(chess, 0));
            assertEquals("White won (Black resigns) · " + today + " · Chess", line(chess, 1));
            assertEquals("Opening: 1. e4 c5 2. Nf3", line(chess, 2));
            View club = rows.getChildAt(3);
            assertEquals("Anna – Ben", line(club, 0));
            assertEquals("Draw · 2019.12.31 · Chess", line(club, 1));
            assertEquals("Opening: B20 Sicilian Defence", line(club, 2));
            AppTest.screenshot(l, dark == 1 ? "saved_games_dark" : "saved_games");
            Screens.assertNoTextClipped(l.findViewById(R.id.saved_scroll));
            Screens.assertNoRawToken(l.getWindow().getDecorView(), "the saved-games list");
            l.finish();
        }

        // A touch opens the chess game; the player chooses its start, to replay it.
        SavedGamesActivity l = list();
        rows(l).getChildAt(2).performClick();
        Screens.settle();
        AlertDialog where = ShadowAlertDialog.getLatestAlertDialog();
        assertEquals("Game loaded: 3 moves", shadowOf(where).getTitle().toString());
        where.getButton(DialogInterface.BUTTON_NEUTRAL).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        Intent started = shadowOf(l).getNextStartedActivity();
        assertEquals(GameActivity.class.getName(), started.getComponent().getClassName());
        Snapshot s = controller().snapshot();
        assertEquals(Arrays.asList("e2e4", "c7c5", "g1f3"), s.moves);
        assertTrue(s.state.over);
        assertTrue(s.state.reason, s.state.reason.contains("Black resigns"));
        GameActivity replay = Robolectric.buildActivity(GameActivity.class, started).setup().get();
        Screens.settle();
        assertEquals("opened at its start", 0, replay.shownForTest().ply);
    }

    @Test
    public void aLongTouchSharesOrDeletes() throws Exception {
        playAndSave(new GameSetup("chess", "w", 1, "startpos", "Player"), "d2d4");
        playAndSave(new GameSetup("chess", "w", 1, "startpos", "Player"), "e2e4");
        SavedGamesActivity l = list();
        assertEquals(2, rows(l).getChildCount());
        assertEquals("Opening: 1. e4", line(rows(l).getChildAt(0), 2).substring(0, "Opening: 1. e4".length()));
        List<File> files = controller().store().savedGames();

        rows(l).getChildAt(1).performLongClick();
        shadowOf(l.dialog()).clickOnItem(1); // share
        shadowOf(Looper.getMainLooper()).idle();
        Intent chooser = shadowOf(l).getNextStartedActivity();
        Intent send = chooser.getParcelableExtra(Intent.EXTRA_INTENT);
        assertEquals(new String(Files.readAllBytes(files.get(1).toPath()), StandardCharsets.UTF_8),
                send.getStringExtra(Intent.EXTRA_TEXT));

        rows(l).getChildAt(1).performLongClick();
        shadowOf(l.dialog()).clickOnItem(2); // delete
        shadowOf(Looper.getMainLooper()).idle();
        l.dialog().getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(1, rows(l).getChildCount());
        assertFalse(files.get(1).exists());
        assertEquals(Arrays.asList(files.get(0)), controller().store().savedGames());

        rows(l).getChildAt(0).performLongClick();
        shadowOf(l.dialog()).clickOnItem(2);
        shadowOf(Looper.getMainLooper()).idle();
        l.dialog().getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(0, rows(l).getChildCount());
        assertEquals(View.VISIBLE, l.findViewById(R.id.saved_empty).getVisibility());
    }
}
