package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.util.AttributeSet;
import android.view.View;
import org.tempest.app.game.Evaluation;

/**
 * The evaluation bar: White's share of a horizontal bar from the engine's
 * latest score (a logistic curve, even in the middle, a mate fills it), with
 * the score written on it.
 */
public final class EvalBarView extends View {
    static final int WHITE = 0xFFF5F5F5;
    static final int BLACK = 0xFF303030;
    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private Evaluation evaluation;
    private boolean whiteOnLeft = true;

    public EvalBarView(Context context) {
        super(context);
    }

    public EvalBarView(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    /** The score to show, and whether White's part starts at the left (the board not turned round). */
    public void set(Evaluation e, boolean whiteLeft) {
        evaluation = e;
        whiteOnLeft = whiteLeft;
        setContentDescription(e == null ? "no evaluation yet" : "evaluation " + e.text());
        invalidate();
    }

    public Evaluation evaluation() {
        return evaluation;
    }

    @Override
    protected void onDraw(Canvas canvas) {
        if (evaluation == null) {
            return;
        }
        float w = getWidth();
        float h = getHeight();
        float white = (float) (evaluation.whiteShare() * w);
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(BLACK);
        canvas.drawRect(0, 0, w, h, paint);
        paint.setColor(WHITE);
        if (whiteOnLeft) {
            canvas.drawRect(0, 0, white, h, paint);
        } else {
            canvas.drawRect(w - white, 0, w, h, paint);
        }
        paint.setTextSize(h * 0.75f);
        paint.setTextAlign(Paint.Align.CENTER);
        String text = evaluation.text();
        float textWidth = paint.measureText(text) + h;
        // The score stands in the middle, in whichever colour contrasts with the bar under it.
        float mid = w / 2;
        boolean onWhite = whiteOnLeft ? mid < white : mid > w - white;
        paint.setColor(0x60808080);
        canvas.drawRect(mid - textWidth / 2, 0, mid + textWidth / 2, h, paint);
        paint.setColor(onWhite ? BLACK : WHITE);
        canvas.drawText(text, mid, h * 0.78f, paint);
    }
}
