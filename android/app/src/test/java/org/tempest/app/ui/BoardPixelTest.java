package org.tempest.app.ui;

import static org.junit.Assert.assertTrue;

import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.view.View;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.game.BoardModel;

/**
 * The board's marks, read back from the rendered bitmap: each must cover
 * the inside of its square (a hairline outline, the old bug, leaves the
 * centre untouched and fails), and the hint arrow must run between its
 * squares' centres.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class BoardPixelTest {
    private static final int LIGHT = 0xFFF0D9B5;
    private static final int DARK = 0xFFB58863;
    private static final int SIZE = 800;
    private static final float CELL = SIZE / 8f;
    /** Kings only, so the squares sampled below are empty. */
    private static final String KINGS = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

    private static BoardView board(String fen) {
        BoardView v = new BoardView(RuntimeEnvironment.getApplication());
        v.setColors(LIGHT, DARK);
        v.setModel(BoardModel.placement("chess", 8, 8, fen));
        v.measure(View.MeasureSpec.makeMeasureSpec(SIZE, View.MeasureSpec.EXACTLY),
                View.MeasureSpec.makeMeasureSpec(SIZE, View.MeasureSpec.EXACTLY));
        v.layout(0, 0, SIZE, SIZE);
        return v;
    }

    private static Bitmap render(BoardView v) {
        Bitmap b = Bitmap.createBitmap(SIZE, SIZE, Bitmap.Config.ARGB_8888);
        v.draw(new Canvas(b));
        return b;
    }

    private static Set<String> set(String... squares) {
        return new HashSet<String>(Arrays.asList(squares));
    }

    /** A translucent colour drawn over an opaque one. */
    private static int over(int top, int under) {
        float a = (top >>> 24) / 255f;
        int out = 0xFF000000;
        for (int shift = 0; shift <= 16; shift += 8) {
            int t = (top >> shift) & 0xFF;
            int u = (under >> shift) & 0xFF;
            out |= Math.round(t * a + u * (1 - a)) << shift;
        }
        return out;
    }

    private static void assertColor(String what, int expected, int actual) {
        for (int shift = 0; shift <= 16; shift += 8) {
            int e = (expected >> shift) & 0xFF;
            int a = (actual >> shift) & 0xFF;
            assertTrue(String.format("%s: expected #%08X, drawn #%08X", what, expected, actual), Math.abs(e - a) <= 4);
        }
    }

    /** The pixel at a fraction (fx, fy) of a square, the board seen from White. */
    private static int pixel(Bitmap b, String square, float fx, float fy) {
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1';
        return b.getPixel((int) ((file + fx) * CELL), (int) ((7 - rank + fy) * CELL));
    }

    private static int squareColour(String square) {
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1';
        return (file + rank) % 2 == 0 ? DARK : LIGHT;
    }

    @Test
    public void plainSquaresAreTheThemeColours() {
        Bitmap b = render(board(KINGS));
        assertColor("d4", DARK, pixel(b, "d4", 0.5f, 0.5f));
        assertColor("e4", LIGHT, pixel(b, "e4", 0.5f, 0.5f));
    }

    @Test
    public void lastMoveAndSelectionFillTheirSquares() {
        BoardView v = board(KINGS);
        v.setMarks(set("c2", "c4"), set("f5"), Collections.<String>emptySet(), null);
        Bitmap b = render(v);
        for (String sq : new String[] {"c2", "c4"}) {
            for (float[] at : new float[][] {{0.5f, 0.5f}, {0.3f, 0.7f}, {0.7f, 0.3f}}) {
                assertColor("last move " + sq, over(BoardView.LAST_MOVE, squareColour(sq)), pixel(b, sq, at[0], at[1]));
            }
        }
        assertColor("selected f5", over(BoardView.SELECTED, squareColour("f5")), pixel(b, "f5", 0.5f, 0.5f));
        assertColor("unmarked c3", squareColour("c3"), pixel(b, "c3", 0.5f, 0.5f));
    }

    @Test
    public void checkIsAFilledDiscAndTargetsAreDots() {
        BoardView v = board(KINGS);
        v.setMarks(Collections.<String>emptySet(), Collections.<String>emptySet(), set("a6"), "b3");
        Bitmap b = render(v);
        assertColor("check disc at its centre", over(BoardView.CHECK, squareColour("b3")), pixel(b, "b3", 0.5f, 0.5f));
        assertColor("check disc off centre", over(BoardView.CHECK, squareColour("b3")), pixel(b, "b3", 0.25f, 0.5f));
        assertColor("the square's corner stays", squareColour("b3"), pixel(b, "b3", 0.04f, 0.96f));
        assertColor("target dot", over(BoardView.TARGET, squareColour("a6")), pixel(b, "a6", 0.5f, 0.5f));
    }

    @Test
    public void hintArrowRunsBetweenItsSquares() {
        BoardView v = board(KINGS);
        v.setArrow(Arrays.asList("a1", "c3"));
        Bitmap b = render(v);
        // The shaft crosses b2's centre; the head covers c3 short of its centre; beside the line is untouched.
        assertColor("shaft on b2", over(BoardView.ARROW, squareColour("b2")), pixel(b, "b2", 0.5f, 0.5f));
        assertColor("head on c3", over(BoardView.ARROW, squareColour("c3")), pixel(b, "c3", 0.35f, 0.65f));
        assertColor("a3 untouched", squareColour("a3"), pixel(b, "a3", 0.5f, 0.5f));
        assertColor("c1 untouched", squareColour("c1"), pixel(b, "c1", 0.5f, 0.5f));

        v.setArrow(Collections.<String>emptyList());
        assertColor("cleared", squareColour("b2"), pixel(render(v), "b2", 0.5f, 0.5f));
    }

    @Test
    public void marksFollowAFlippedBoard() {
        BoardView v = board(KINGS);
        v.setFlipped(true);
        v.setMarks(set("a1"), Collections.<String>emptySet(), Collections.<String>emptySet(), null);
        Bitmap b = render(v);
        // Turned round, a1 is drawn in the top right corner.
        assertColor("a1 at the top right", over(BoardView.LAST_MOVE, squareColour("a1")),
                b.getPixel((int) (7.5f * CELL), (int) (0.5f * CELL)));
        assertColor("h8 at the bottom left", squareColour("h8"), b.getPixel((int) (0.5f * CELL), (int) (7.5f * CELL)));
    }
}
