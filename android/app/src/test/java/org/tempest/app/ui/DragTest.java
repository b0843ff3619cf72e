package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.os.Looper;
import android.os.SystemClock;
import android.view.MotionEvent;
import java.time.Duration;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;

/**
 * Moving by dragging a piece, with the piece under the finger and lifted
 * from its square, and the engine's answer sliding into place.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class DragTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static void touch(BoardView b, int action, float[] at) {
        long t = SystemClock.uptimeMillis();
        MotionEvent e = MotionEvent.obtain(t, t, action, at[0], at[1], 0);
        b.dispatchTouchEvent(e);
        e.recycle();
        shadowOf(Looper.getMainLooper()).idle();
    }

    private static int pixelAt(BoardView b, float[] at) {
        Bitmap bitmap = Bitmap.createBitmap(b.getWidth(), b.getHeight(), Bitmap.Config.ARGB_8888);
        b.draw(new Canvas(bitmap));
        return bitmap.getPixel((int) at[0], (int) at[1]);
    }

    @Test
    public void dragAPieceToMoveItAndSeeTheAnswerSlideIn() throws Exception {
        Screens.controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        BoardView board = a.findViewById(R.id.board);
        float[] e2 = board.centerOf("e2");
        float[] e4 = board.centerOf("e4");
        int withPawn = pixelAt(board, e2);

        touch(board, MotionEvent.ACTION_DOWN, e2);
        touch(board, MotionEvent.ACTION_MOVE, new float[] {e2[0], (e2[1] + e4[1]) / 2});
        touch(board, MotionEvent.ACTION_MOVE, e4);
        assertEquals("e2", board.dragging());
        int lifted = pixelAt(board, e2);
        assertTrue("the pawn is lifted from e2 while dragged", lifted != withPawn);
        assertEquals("e2 shows its bare square", 0xFFF0D9B5, lifted);
        touch(board, MotionEvent.ACTION_UP, e4);
        assertNull(board.dragging());
        Screens.settle();
        assertEquals("e2e4", Screens.controller().snapshot().moves.get(0));
        assertEquals(2, Screens.controller().snapshot().moves.size());
        assertTrue("the engine's answer slides in", board.animating());
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(BoardView.ANIMATION_MS + 50));
        assertFalse(board.animating());
    }

    @Test
    public void aDropOnAnIllegalSquarePlaysNothing() throws Exception {
        Screens.controller().newGame(new GameSetup("chess", "w", 1, "startpos", "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        BoardView board = a.findViewById(R.id.board);
        touch(board, MotionEvent.ACTION_DOWN, board.centerOf("e2"));
        touch(board, MotionEvent.ACTION_MOVE, board.centerOf("e5"));
        touch(board, MotionEvent.ACTION_UP, board.centerOf("e5"));
        Screens.settle();
        assertTrue(Screens.controller().snapshot().moves.isEmpty());
        // From an empty square nothing is dragged.
        touch(board, MotionEvent.ACTION_DOWN, board.centerOf("e4"));
        touch(board, MotionEvent.ACTION_MOVE, board.centerOf("e5"));
        assertNull(board.dragging());
        touch(board, MotionEvent.ACTION_UP, board.centerOf("e5"));
    }
}
