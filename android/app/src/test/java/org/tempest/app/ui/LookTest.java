package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.graphics.drawable.BitmapDrawable;
import android.view.View;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import java.util.HashSet;
import java.util.Set;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSetup;

/** The wood board, the second piece set and the background image, read back from rendered bitmaps. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class LookTest {
    private static final int SIZE = 800;

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static Bitmap render(boolean wood, int pieceSet) {
        BoardView v = new BoardView(RuntimeEnvironment.getApplication());
        v.setColors(0xFFE8C894, 0xFFA86F3C);
        v.setWood(wood);
        v.setPieceSet(pieceSet);
        v.setModel(BoardModel.placement("chess", 8, 8, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        v.measure(View.MeasureSpec.makeMeasureSpec(SIZE, View.MeasureSpec.EXACTLY),
                View.MeasureSpec.makeMeasureSpec(SIZE, View.MeasureSpec.EXACTLY));
        v.layout(0, 0, SIZE, SIZE);
        Bitmap b = Bitmap.createBitmap(SIZE, SIZE, Bitmap.Config.ARGB_8888);
        v.draw(new Canvas(b));
        return b;
    }

    /** The distinct colours along a row through the middle of the square at (col, row) of the view. */
    private static Set<Integer> colours(Bitmap b, int col, int row) {
        Set<Integer> out = new HashSet<Integer>();
        int c = SIZE / 8;
        for (int x = col * c + 20; x < col * c + c - 20; x++) {
            out.add(b.getPixel(x, row * c + c / 2));
        }
        return out;
    }

    @Test
    public void woodSquaresHaveGrainAndFlatOnesDoNot() {
        Bitmap flat = render(false, 0);
        Bitmap wood = render(true, 0);
        assertEquals("a flat square is one colour", 1, colours(flat, 2, 3).size());
        assertTrue("a wood square has grain: " + colours(wood, 2, 3).size(), colours(wood, 2, 3).size() > 8);
        // Two dark squares show different parts of the wood.
        assertNotEquals(colours(wood, 1, 3), colours(wood, 3, 3));
    }

    @Test
    public void theSymbolSetDrawsOtherPieces() {
        Bitmap classic = render(false, 0);
        Bitmap symbols = render(false, 1);
        int c = SIZE / 8;
        int differing = 0;
        int inked = 0;
        for (int y = 7 * c; y < 8 * c; y++) {
            for (int x = 4 * c; x < 5 * c; x++) {
                differing += classic.getPixel(x, y) != symbols.getPixel(x, y) ? 1 : 0;
                inked += symbols.getPixel(x, y) != symbols.getPixel(4 * c + 2, 7 * c + c / 2) ? 1 : 0;
            }
        }
        assertTrue("the white king on e1 is drawn: " + inked, inked > c * c / 20);
        assertTrue("and drawn differently: " + differing, differing > c * c / 20);
    }

    @Test
    public void theSettingsChooseWoodSymbolsAndTheWovenBackground() throws Exception {
        SettingsActivity s = Robolectric.buildActivity(SettingsActivity.class).setup().get();
        check(s.findViewById(R.id.theme_group), "Wood");
        check(s.findViewById(R.id.piece_group), "Symbols");
        check(s.findViewById(R.id.background_group), "Woven");
        Settings settings = Screens.controller().settings();
        assertTrue(settings.woodBoard());
        assertEquals(1, settings.pieceSet());
        assertEquals(1, settings.background());
        AppTest.screenshot(s, "settings_look");

        Screens.controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        assertTrue(a.findViewById(R.id.game_root).getBackground() instanceof BitmapDrawable);
        AppTest.screenshot(a, "game_wood");
    }

    private static void check(RadioGroup g, String label) {
        for (int i = 0; i < g.getChildCount(); i++) {
            RadioButton b = (RadioButton) g.getChildAt(i);
            if (b.getText().toString().equals(label)) {
                b.performClick();
                return;
            }
        }
        throw new AssertionError("no choice " + label);
    }
}
