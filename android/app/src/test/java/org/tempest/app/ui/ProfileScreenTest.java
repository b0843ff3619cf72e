package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.os.Looper;
import android.widget.EditText;
import android.widget.TableLayout;
import android.widget.TableRow;
import android.widget.TextView;
import java.io.File;
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

/**
 * Profiles on the profile screen against the real engine: each keeps its
 * own autosave and saved games, results count for the profile that played,
 * a ranking across profiles, rename and delete.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class ProfileScreenTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static File files() {
        return RuntimeEnvironment.getApplication().getFilesDir();
    }

    private static String cell(TableLayout t, int row, int col) {
        return ((TextView) ((TableRow) t.getChildAt(row)).getChildAt(col)).getText().toString();
    }

    @Test
    public void profilesKeepTheirOwnGamesAndResults() throws Exception {
        GameController c = Screens.controller();
        c.newGame(new GameSetup("chess", "w", 1, "startpos", c.profiles().current()));
        Screens.settle();
        c.play("e2e4");
        Screens.settle();
        assertTrue(new File(files(), "autosave.pgn").isFile());
        String playersGame = new String(java.nio.file.Files.readAllBytes(new File(files(), "autosave.pgn").toPath()));

        ProfileActivity p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
        ((EditText) p.findViewById(R.id.new_profile)).setText("Anna");
        p.findViewById(R.id.btn_add_profile).performClick();
        assertEquals("Anna", c.profiles().current());
        c.newGame(new GameSetup("chess", "w", 1, "startpos", "Anna"));
        Screens.settle();
        c.play("d2d4");
        Screens.settle();
        c.resign();
        Screens.settle();
        File annas = c.profiles().folder(files(), "Anna");
        assertTrue("Anna's autosave is in her folder", new File(annas, "autosave.pgn").isFile());
        assertEquals("the Player's unfinished game is untouched", playersGame,
                new String(java.nio.file.Files.readAllBytes(new File(files(), "autosave.pgn").toPath())));
        assertEquals(1, c.profiles().ranking("Anna").get(0).losses);
        assertTrue(c.profiles().ranking("Player").isEmpty());
        c.store().saveGame("[Event \"x\"]\n\n1. d4 0-1\n");
        assertEquals(1, c.storeOf("Anna").savedGames().size());
        assertEquals(0, c.storeOf("Player").savedGames().size());

        p = Robolectric.buildActivity(ProfileActivity.class).setup().get();
        TableLayout all = p.findViewById(R.id.ranking_all);
        assertEquals("Player", cell(all, 0, 0));
        assertEquals("1. Anna", cell(all, 1, 0));
        assertEquals("1", cell(all, 1, 1));
        assertEquals("0%", cell(all, 1, 5));
        assertEquals("2. Player", cell(all, 2, 0));
        AppTest.screenshot(p, "profiles");

        // Rename: a bad name is refused on the field, a good one keeps everything.
        p.findViewById(R.id.btn_rename_profile).performClick();
        AlertDialog rename = p.lastDialog();
        EditText field = (EditText) shadowOf(rename).getView();
        field.setText("Player");
        rename.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        assertTrue(rename.isShowing());
        assertEquals("There is already a profile named Player.", field.getError().toString());
        field.setText("Ann");
        rename.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertFalse(rename.isShowing());
        assertEquals("Ann", c.profiles().current());
        assertEquals(1, c.profiles().ranking("Ann").get(0).losses);
        assertEquals(annas, c.profiles().folder(files(), "Ann"));
        assertEquals(1, c.store().savedGames().size());

        // Delete, after confirming: the results and the folder go, the Player is current again.
        p.findViewById(R.id.btn_delete_profile).performClick();
        AlertDialog delete = p.lastDialog();
        assertEquals("Delete Ann?", shadowOf(delete).getTitle().toString());
        delete.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertFalse(c.profiles().names().contains("Ann"));
        assertFalse(annas.exists());
        assertEquals("Player", c.profiles().current());
        assertTrue("the Player's game is there to continue", c.store().hasAutosave());

        p.findViewById(R.id.btn_delete_profile).performClick();
        assertEquals("Delete Player", shadowOf(p.lastDialog()).getTitle().toString());
        assertEquals(1, c.profiles().names().size());
    }
}
