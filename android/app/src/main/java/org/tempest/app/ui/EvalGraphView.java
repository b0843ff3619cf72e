package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.graphics.Path;
import android.util.AttributeSet;
import android.view.MotionEvent;
import android.view.View;
import java.util.Arrays;
import org.tempest.app.game.Review;

/**
 * The review's graph over the game: White's expected score in each
 * position, the start at the left and the last position at the right, as
 * White's (light) share of the height rising from the bottom and Black's
 * (dark) the rest, the middle line even; the moves a review calls mistakes
 * and blunders are dotted in their colours, and the position shown is a
 * vertical line. A touch (or a drag) shows the position under the finger.
 */
public final class EvalGraphView extends View {
    /** Hears the position touched. */
    interface PlyListener {
        void onPly(int ply);
    }

    private static final int WHITE = 0xFFFFFFFF;
    private static final int BLACK = 0xFF3A3A3A;
    /** The frame, so the light and the dark share stand out on either theme's background. */
    private static final int FRAME = 0xFF8A8A8A;
    private static final int SHOWN = 0xFFE0A800;
    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Path path = new Path();
    /** White's expected score by ply, as far as the review has gone; NaN for a position not yet searched. */
    private double[] white = new double[0];
    /** The class of each move the review has judged, or null. */
    private Review.Kind[] kinds = new Review.Kind[0];
    private int shown = -1;
    private PlyListener listener;

    public EvalGraphView(Context context) {
        super(context);
    }

    public EvalGraphView(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    void setListener(PlyListener l) {
        listener = l;
    }

    /** The positions of a game of so many plies, the first searched ones with these scores (a review under way). */
    void setProgress(int plies, double[] whiteSoFar) {
        white = new double[plies + 1];
        Arrays.fill(white, Double.NaN);
        System.arraycopy(whiteSoFar, 0, white, 0, Math.min(whiteSoFar.length, white.length));
        kinds = new Review.Kind[plies];
        describe();
        invalidate();
    }

    /** A finished review. */
    void setReview(Review r) {
        white = new double[r.positions()];
        kinds = new Review.Kind[r.positions() - 1];
        for (int i = 0; i < white.length; i++) {
            white[i] = r.whiteScore(i);
        }
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = r.kind(i);
        }
        describe();
        invalidate();
    }

    /** The position shown, marked by a line (-1: none). */
    void setShown(int ply) {
        if (ply != shown) {
            shown = ply;
            invalidate();
        }
    }

    int shown() {
        return shown;
    }

    /** The ply a touch at x picks: the nearest position. */
    int plyAt(float x) {
        int last = Math.max(1, white.length - 1);
        float w = Math.max(1, getWidth() - getPaddingLeft() - getPaddingRight());
        int ply = Math.round((x - getPaddingLeft()) / w * last);
        return Math.max(0, Math.min(white.length - 1, ply));
    }

    /** The x of a ply's position. */
    float xOf(int ply) {
        int last = Math.max(1, white.length - 1);
        float w = getWidth() - getPaddingLeft() - getPaddingRight();
        return getPaddingLeft() + w * ply / last;
    }

    private void describe() {
        int mistakes = 0;
        int blunders = 0;
        for (Review.Kind k : kinds) {
            mistakes += k == Review.Kind.MISTAKE ? 1 : 0;
            blunders += k == Review.Kind.BLUNDER ? 1 : 0;
        }
        setContentDescription("Evaluation graph over " + kinds.length + " moves, " + mistakes
                + (mistakes == 1 ? " mistake, " : " mistakes, ") + blunders + (blunders == 1 ? " blunder" : " blunders")
                + ": touch it to show a position");
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float top = getPaddingTop();
        float h = getHeight() - getPaddingTop() - getPaddingBottom();
        float mid = top + h / 2;
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(BLACK);
        canvas.drawRect(getPaddingLeft(), top, getWidth() - getPaddingRight(), top + h, paint);
        // White's area: from the bottom up to the curve, over Black's dark ground.
        path.reset();
        boolean open = false;
        int lastDrawn = -1;
        for (int i = 0; i < white.length; i++) {
            if (Double.isNaN(white[i])) {
                break;
            }
            float y = (float) (top + h * (1 - white[i]));
            if (!open) {
                path.moveTo(xOf(i), top + h);
                open = true;
            }
            path.lineTo(xOf(i), y);
            lastDrawn = i;
        }
        if (open) {
            path.lineTo(xOf(lastDrawn), top + h);
            path.close();
            paint.setColor(WHITE);
            canvas.drawPath(path, paint);
        }
        paint.setColor(0x80808080);
        paint.setStrokeWidth(Math.max(1, h / 60));
        canvas.drawLine(getPaddingLeft(), mid, getWidth() - getPaddingRight(), mid, paint);
        for (int i = 0; i < kinds.length && i + 1 <= lastDrawn; i++) {
            if (kinds[i] == Review.Kind.MISTAKE || kinds[i] == Review.Kind.BLUNDER) {
                paint.setColor(ReviewMarks.color(kinds[i]));
                float y = (float) (top + h * (1 - white[i + 1]));
                canvas.drawCircle(xOf(i + 1), Math.max(top + h * 0.08f, Math.min(top + h * 0.92f, y)), h * 0.08f,
                        paint);
            }
        }
        if (shown >= 0 && shown < white.length) {
            paint.setColor(SHOWN);
            paint.setStrokeWidth(Math.max(2, h / 25));
            canvas.drawLine(xOf(shown), top, xOf(shown), top + h, paint);
        }
        paint.setStyle(Paint.Style.STROKE);
        paint.setColor(FRAME);
        float frame = Math.max(1, h / 48);
        paint.setStrokeWidth(frame);
        canvas.drawRect(getPaddingLeft() + frame / 2, top + frame / 2, getWidth() - getPaddingRight() - frame / 2,
                top + h - frame / 2, paint);
        paint.setStyle(Paint.Style.FILL);
    }

    @Override
    public boolean onTouchEvent(MotionEvent e) {
        if (white.length == 0 || listener == null) {
            return false;
        }
        int action = e.getActionMasked();
        if (action == MotionEvent.ACTION_DOWN || action == MotionEvent.ACTION_MOVE) {
            int ply = plyAt(e.getX());
            if (ply != shown) {
                listener.onPly(ply);
            }
            return true;
        }
        if (action == MotionEvent.ACTION_UP) {
            performClick();
            return true;
        }
        return action == MotionEvent.ACTION_CANCEL;
    }

    @Override
    public boolean performClick() {
        return super.performClick();
    }
}
