package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;

import android.app.Activity;
import android.graphics.Insets;
import android.view.View;
import android.view.WindowInsets;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;

/**
 * The app targets SDK 36, so Android 15 and later draw it edge to edge:
 * every screen pads its content by the bars and the cutout. Older systems
 * lay the window out between the bars, and nothing is added there. (The
 * tests run Android 15: Robolectric's Android 16 needs Java 21, the build
 * machine's Java is 17.)
 */
@RunWith(RobolectricTestRunner.class)
@Config(qualifiers = "w360dp-h720dp-xhdpi")
public class EdgeToEdgeTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    /** A status bar of 63 px, a navigation bar of 48 px, a cutout of 30 px on the left. */
    private static WindowInsets phoneInsets() {
        return new WindowInsets.Builder()
                .setInsets(WindowInsets.Type.statusBars(), Insets.of(0, 63, 0, 0))
                .setInsets(WindowInsets.Type.navigationBars(), Insets.of(0, 0, 0, 48))
                .setInsets(WindowInsets.Type.displayCutout(), Insets.of(30, 0, 0, 0))
                .build();
    }

    private static int[] paddingAfterInsets(Activity a) {
        View content = a.findViewById(android.R.id.content);
        content.dispatchApplyWindowInsets(phoneInsets());
        return new int[] {content.getPaddingLeft(), content.getPaddingTop(), content.getPaddingRight(),
            content.getPaddingBottom()};
    }

    @Test
    @Config(sdk = 35)
    public void everyScreenIsPaddedByTheBarsOnAndroid15() {
        for (Class<? extends Activity> screen : java.util.Arrays.asList(MainActivity.class, NewGameActivity.class,
                SettingsActivity.class, ProfileActivity.class, AboutActivity.class, StrategoSetupActivity.class)) {
            Activity a = Robolectric.buildActivity(screen).setup().get();
            int[] p = paddingAfterInsets(a);
            assertEquals(screen.getSimpleName(), "30 63 0 48", p[0] + " " + p[1] + " " + p[2] + " " + p[3]);
        }
    }

    @Test
    @Config(sdk = 35)
    public void theGameScreenKeepsItsBoardSquareInsideTheBars() {
        Screens.controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        int[] p = paddingAfterInsets(a);
        assertEquals("30 63 0 48", p[0] + " " + p[1] + " " + p[2] + " " + p[3]);
        // Rotation rebuilds the views: the padding is applied again.
        a.onConfigurationChanged(a.getResources().getConfiguration());
        p = paddingAfterInsets(a);
        assertEquals("30 63 0 48", p[0] + " " + p[1] + " " + p[2] + " " + p[3]);
        a.findViewById(android.R.id.content).measure(View.MeasureSpec.makeMeasureSpec(720, View.MeasureSpec.EXACTLY),
                View.MeasureSpec.makeMeasureSpec(1440, View.MeasureSpec.EXACTLY));
        View board = a.findViewById(R.id.board);
        assertEquals(board.getMeasuredWidth(), board.getMeasuredHeight());
    }

    @Test
    @Config(sdk = 34)
    public void olderSystemsAddNothing() {
        Activity a = Robolectric.buildActivity(MainActivity.class).setup().get();
        int[] p = paddingAfterInsets(a);
        assertEquals("0 0 0 0", p[0] + " " + p[1] + " " + p[2] + " " + p[3]);
    }
}
