package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.graphics.Path;
import android.util.AttributeSet;
import android.view.MotionEvent;
import android.view.View;
import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import org.tempest.app.game.BoardModel;

/**
 * The board: squares in the chosen theme, the pieces, and the marks a player
 * needs — last move, selected squares, legal targets, check, and in card
 * chess forbidden squares, Champions and shields. It keeps itself square and
 * as large as its space allows, so it fills the screen in any orientation.
 */
public final class BoardView extends View {
    /** Hears taps on squares. */
    public interface SquareListener {
        void onSquare(String square);
    }

    private final PieceDrawer pieces = new PieceDrawer();
    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint text = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Path path = new Path();
    private BoardModel model;
    private boolean flipped;
    private int light = 0xFFF0D9B5;
    private int dark = 0xFFB58863;
    private Set<String> lastMove = Collections.emptySet();
    private Set<String> selected = Collections.emptySet();
    private Set<String> targets = Collections.emptySet();
    private String checkSquare;
    private SquareListener listener;

    public BoardView(Context context) {
        super(context);
        init();
    }

    public BoardView(Context context, AttributeSet attrs) {
        super(context, attrs);
        init();
    }

    private void init() {
        text.setTextAlign(Paint.Align.CENTER);
        setContentDescription("board");
    }

    public void setListener(SquareListener l) {
        listener = l;
    }

    public void setColors(int lightSquare, int darkSquare) {
        light = lightSquare;
        dark = darkSquare;
        invalidate();
    }

    public void setModel(BoardModel m) {
        model = m;
        invalidate();
    }

    public BoardModel model() {
        return model;
    }

    public void setFlipped(boolean f) {
        flipped = f;
        invalidate();
    }

    public boolean flipped() {
        return flipped;
    }

    /** Marks: the last move's squares, the squares picked so far, the legal next squares, a king in check. */
    public void setMarks(Set<String> last, Set<String> picked, Set<String> next, String check) {
        lastMove = new HashSet<String>(last);
        selected = new HashSet<String>(picked);
        targets = new HashSet<String>(next);
        checkSquare = check;
        invalidate();
    }

    public Set<String> targets() {
        return Collections.unmodifiableSet(targets);
    }

    public Set<String> selected() {
        return Collections.unmodifiableSet(selected);
    }

    public String checkSquare() {
        return checkSquare;
    }

    private int files() {
        return model == null ? 8 : model.files;
    }

    private int ranks() {
        return model == null ? 8 : model.ranks;
    }

    private float cell() {
        return Math.min(getWidth() / (float) files(), getHeight() / (float) ranks());
    }

    /** The centre of a square in view coordinates (tests tap there). */
    public float[] centerOf(String square) {
        int[] fr = model.square(square);
        float c = cell();
        int col = flipped ? files() - 1 - fr[0] : fr[0];
        int row = flipped ? fr[1] : ranks() - 1 - fr[1];
        return new float[] {(col + 0.5f) * c, (row + 0.5f) * c};
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        int w = MeasureSpec.getSize(widthSpec);
        int h = MeasureSpec.getSize(heightSpec);
        if (MeasureSpec.getMode(widthSpec) == MeasureSpec.UNSPECIFIED) {
            w = h;
        }
        if (MeasureSpec.getMode(heightSpec) == MeasureSpec.UNSPECIFIED) {
            h = w;
        }
        int c = Math.min(w / files(), h / ranks());
        setMeasuredDimension(c * files(), c * ranks());
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float c = cell();
        text.setTextSize(c * 0.18f);
        for (int row = 0; row < ranks(); row++) {
            for (int col = 0; col < files(); col++) {
                int file = flipped ? files() - 1 - col : col;
                int rank = flipped ? row : ranks() - 1 - row;
                String sq = BoardModel.squareName(file, rank);
                float x = col * c;
                float y = row * c;
                paint.setStyle(Paint.Style.FILL);
                paint.setColor((file + rank) % 2 == 0 ? dark : light);
                canvas.drawRect(x, y, x + c, y + c, paint);
                if (lastMove.contains(sq)) {
                    paint.setColor(0x70F5E050);
                    canvas.drawRect(x, y, x + c, y + c, paint);
                }
                if (selected.contains(sq)) {
                    paint.setColor(0x8050A0F0);
                    canvas.drawRect(x, y, x + c, y + c, paint);
                }
                if (sq.equals(checkSquare)) {
                    paint.setColor(0xC0E02020);
                    canvas.drawCircle(x + c / 2, y + c / 2, c * 0.48f, paint);
                }
                drawMarkers(canvas, sq, x, y, c);
                if (model != null && model.piece(file, rank) != 0) {
                    pieces.draw(canvas, model.piece(file, rank), x, y, c);
                }
                if (targets.contains(sq)) {
                    paint.setStyle(Paint.Style.FILL);
                    paint.setColor(0x90206020);
                    boolean occupied = model != null && model.piece(file, rank) != 0;
                    if (occupied) {
                        paint.setStyle(Paint.Style.STROKE);
                        paint.setStrokeWidth(c * 0.07f);
                        canvas.drawCircle(x + c / 2, y + c / 2, c * 0.44f, paint);
                    } else {
                        canvas.drawCircle(x + c / 2, y + c / 2, c * 0.16f, paint);
                    }
                }
                text.setColor((file + rank) % 2 == 0 ? light : dark);
                if (col == 0) {
                    canvas.drawText(Integer.toString(rank + 1), x + c * 0.1f, y + c * 0.2f, text);
                }
                if (row == ranks() - 1) {
                    canvas.drawText(String.valueOf((char) ('a' + file)), x + c * 0.9f, y + c * 0.95f, text);
                }
            }
        }
    }

    /** Card chess markers under the pieces. */
    private void drawMarkers(Canvas canvas, String sq, float x, float y, float c) {
        if (model == null) {
            return;
        }
        if (model.forbidden.contains(sq)) {
            paint.setStyle(Paint.Style.FILL);
            paint.setColor(0x60C00000);
            canvas.drawRect(x, y, x + c, y + c, paint);
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(c * 0.06f);
            paint.setColor(0xC0A00000);
            canvas.drawLine(x + c * 0.15f, y + c * 0.15f, x + c * 0.85f, y + c * 0.85f, paint);
            canvas.drawLine(x + c * 0.85f, y + c * 0.15f, x + c * 0.15f, y + c * 0.85f, paint);
        }
        if (model.shields.contains(sq)) {
            paint.setStyle(Paint.Style.STROKE);
            paint.setStrokeWidth(c * 0.08f);
            paint.setColor(0xD02060E0);
            canvas.drawCircle(x + c / 2, y + c / 2, c * 0.45f, paint);
        }
        if (model.champions.contains(sq)) {
            star(canvas, x + c * 0.8f, y + c * 0.2f, c * 0.16f);
        }
    }

    private void star(Canvas canvas, float cx, float cy, float r) {
        path.reset();
        for (int i = 0; i < 10; i++) {
            double a = Math.PI / 2 + i * Math.PI / 5;
            float rr = i % 2 == 0 ? r : r * 0.45f;
            float px = cx + (float) (rr * Math.cos(a));
            float py = cy - (float) (rr * Math.sin(a));
            if (i == 0) {
                path.moveTo(px, py);
            } else {
                path.lineTo(px, py);
            }
        }
        path.close();
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(0xFFE0A800);
        canvas.drawPath(path, paint);
    }

    @Override
    public boolean onTouchEvent(MotionEvent e) {
        if (e.getAction() != MotionEvent.ACTION_UP) {
            return true;
        }
        float c = cell();
        int col = (int) (e.getX() / c);
        int row = (int) (e.getY() / c);
        if (col < 0 || col >= files() || row < 0 || row >= ranks()) {
            return true;
        }
        int file = flipped ? files() - 1 - col : col;
        int rank = flipped ? row : ranks() - 1 - row;
        if (listener != null) {
            listener.onSquare(BoardModel.squareName(file, rank));
        }
        performClick();
        return true;
    }

    @Override
    public boolean performClick() {
        return super.performClick();
    }
}
