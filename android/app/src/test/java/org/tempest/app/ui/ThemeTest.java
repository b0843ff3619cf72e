package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import android.app.Activity;
import android.graphics.Bitmap;
import android.graphics.Canvas;
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

/** The light and dark themes, chosen or following the system, read back from the rendered screens. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class ThemeTest {
    private static final int LIGHT_BACKGROUND = 0xFFF4F1EA;
    private static final int DARK_BACKGROUND = 0xFF15181E;

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    /** The colour of the screen's background near its bottom left corner. */
    private static int background(Activity a) {
        View root = a.getWindow().getDecorView();
        Bitmap b = Bitmap.createBitmap(root.getWidth(), root.getHeight(), Bitmap.Config.ARGB_8888);
        root.draw(new Canvas(b));
        return b.getPixel(2, root.getHeight() - 3);
    }

    private static double brightness(int color) {
        return (((color >> 16) & 0xFF) + ((color >> 8) & 0xFF) + (color & 0xFF)) / 3.0;
    }

    @Test
    public void theDarkThemeChosenInTheSettings() throws Exception {
        Settings s = new Settings(RuntimeEnvironment.getApplication());
        assertEquals("the default follows the system", 0, s.appTheme());
        s.setAppTheme(2);
        Screens.controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        assertEquals(DARK_BACKGROUND, background(a));
        int text = ((TextView) a.findViewById(R.id.status)).getCurrentTextColor();
        assertTrue("light text on the dark screen", brightness(text) > 180);
        AppTest.screenshot(a, "game_dark");

        s.setAppTheme(1);
        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        assertEquals(LIGHT_BACKGROUND, background(m));
    }

    @Test
    @Config(qualifiers = "night")
    public void followingTheSystemsNightMode() {
        assertTrue(Themes.dark(RuntimeEnvironment.getApplication()));
        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        assertEquals(DARK_BACKGROUND, background(m));
    }

    @Test
    public void lightByDayWhenFollowingTheSystem() {
        assertFalse(Themes.dark(RuntimeEnvironment.getApplication()));
        SettingsActivity s = Robolectric.buildActivity(SettingsActivity.class).setup().get();
        assertEquals(LIGHT_BACKGROUND, background(s));
    }
}
