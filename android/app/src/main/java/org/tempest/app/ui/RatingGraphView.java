package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.DashPathEffect;
import android.graphics.Paint;
import android.graphics.Path;
import android.util.AttributeSet;
import android.view.View;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.game.Rating;

/**
 * A rating over time, drawn by the app: one point per rated game, in the
 * order played, joined by a line from the starting rating; the rating on the
 * left, the first and last game's dates below. The games of the provisional
 * period are hollow points, later ones filled; a dashed line marks the start
 * (Rating.START).
 */
public final class RatingGraphView extends View {
    /** The line and the points. */
    static final int LINE = 0xFF2B6CB0;
    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint dashed = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Path path = new Path();
    private final List<Double> ratings = new ArrayList<Double>();
    private String first = "";
    private String last = "";
    private int textColor = 0xFF202020;

    public RatingGraphView(Context context) {
        super(context);
    }

    public RatingGraphView(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    /**
     * The rating after each rated game, oldest first, with the first and
     * last game's dates, and the colour of the text on the screen's theme.
     */
    public void set(List<Double> after, String firstDate, String lastDate, int text) {
        ratings.clear();
        ratings.addAll(after);
        first = firstDate;
        last = lastDate;
        textColor = text;
        setContentDescription(ratings.isEmpty() ? "no rated games yet"
                : "rating over " + ratings.size() + (ratings.size() == 1 ? " rated game" : " rated games") + ", from "
                        + Math.round(Rating.START) + " to " + Math.round(ratings.get(ratings.size() - 1)));
        invalidate();
    }

    /** The points drawn, one per rated game (tests count them). */
    public List<Double> points() {
        return Collections.unmodifiableList(ratings);
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float density = getResources().getDisplayMetrics().density;
        float textSize = 11 * density;
        paint.setTextSize(textSize);
        float left = paint.measureText("0000") + 6 * density;
        float right = getWidth() - 8 * density;
        float top = textSize;
        float bottom = getHeight() - textSize * 1.8f;
        if (right <= left || bottom <= top) {
            return;
        }
        double lo = Rating.START;
        double hi = Rating.START;
        for (double r : ratings) {
            lo = Math.min(lo, r);
            hi = Math.max(hi, r);
        }
        // Round the range out to hundreds, at least 100 wide, so the scale reads at a glance.
        lo = Math.floor(lo / 100) * 100;
        hi = Math.max(Math.ceil(hi / 100) * 100, lo + 100);
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(textColor);
        paint.setTextAlign(Paint.Align.RIGHT);
        paint.setStrokeWidth(density);
        int step = hi - lo > 400 ? 200 : 100;
        for (double v = lo; v <= hi + 0.5; v += step) {
            float y = y(v, lo, hi, top, bottom);
            canvas.drawText(Long.toString(Math.round(v)), left - 4 * density, y + textSize / 3, paint);
            paint.setColor(0x40808080);
            canvas.drawLine(left, y, right, y, paint);
            paint.setColor(textColor);
        }
        paint.setTextAlign(Paint.Align.LEFT);
        canvas.drawText(first, left, getHeight() - textSize * 0.4f, paint);
        paint.setTextAlign(Paint.Align.RIGHT);
        canvas.drawText(last, right, getHeight() - textSize * 0.4f, paint);
        // The start, dashed.
        dashed.setStyle(Paint.Style.STROKE);
        dashed.setStrokeWidth(density);
        dashed.setColor(0x80808080);
        dashed.setPathEffect(new DashPathEffect(new float[] {4 * density, 4 * density}, 0));
        float startY = y(Rating.START, lo, hi, top, bottom);
        path.reset();
        path.moveTo(left, startY);
        path.lineTo(right, startY);
        canvas.drawPath(path, dashed);
        if (ratings.isEmpty()) {
            return;
        }
        // One point per game, the first game a step right of the start.
        float dx = (right - left) / ratings.size();
        paint.setColor(LINE);
        paint.setStyle(Paint.Style.STROKE);
        paint.setStrokeWidth(2 * density);
        path.reset();
        path.moveTo(left, startY);
        for (int i = 0; i < ratings.size(); i++) {
            path.lineTo(left + dx * (i + 1), y(ratings.get(i), lo, hi, top, bottom));
        }
        canvas.drawPath(path, paint);
        float radius = Math.min(4 * density, Math.max(1.5f * density, dx / 3));
        for (int i = 0; i < ratings.size(); i++) {
            float x = left + dx * (i + 1);
            float y = y(ratings.get(i), lo, hi, top, bottom);
            boolean provisional = Rating.provisional(i);
            paint.setStyle(Paint.Style.FILL);
            paint.setColor(provisional ? backgroundOf() : LINE);
            canvas.drawCircle(x, y, radius, paint);
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(1.5f * density);
            paint.setColor(LINE);
            canvas.drawCircle(x, y, radius, paint);
        }
    }

    /** The screen's background, to draw a hollow point. */
    private int backgroundOf() {
        android.util.TypedValue bg = new android.util.TypedValue();
        getContext().getTheme().resolveAttribute(android.R.attr.colorBackground, bg, true);
        return bg.data;
    }

    private static float y(double v, double lo, double hi, float top, float bottom) {
        return (float) (bottom - (v - lo) / (hi - lo) * (bottom - top));
    }
}
