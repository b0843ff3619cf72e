package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.util.AttributeSet;
import android.view.MotionEvent;
import android.view.View;

/**
 * The position editor's palette: White's six pieces above Black's, each a
 * square cell drawn with the board's pieces, and an eraser beside them as
 * tall as both rows. A touch chooses a cell; the chosen one is outlined.
 */
public final class PaletteView extends View {
    /** The pieces, as FEN writes them, in their cells: White's row, then Black's. */
    static final String PIECES = "KQRBNPkqrbnp";
    /** The eraser's letter (no piece's). */
    static final char ERASER = ' ';
    private static final int COLUMNS = 7;

    private final PieceDrawer pieces = new PieceDrawer();
    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private int light = 0xFFF0D9B5;
    private int dark = 0xFFB58863;
    private char chosen = 'K';

    public PaletteView(Context context) {
        super(context);
    }

    public PaletteView(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    void setColors(int lightSquare, int darkSquare, int pieceSet) {
        light = lightSquare;
        dark = darkSquare;
        pieces.setSet(pieceSet);
        invalidate();
    }

    /** The chosen piece, or ERASER. */
    char chosen() {
        return chosen;
    }

    void choose(char piece) {
        chosen = piece;
        setContentDescription("Palette: " + nameOf(piece) + " chosen");
        invalidate();
    }

    /** "White king", "Black pawn", "Eraser". */
    static String nameOf(char piece) {
        if (piece == ERASER) {
            return "Eraser";
        }
        String[] names = {"king", "queen", "rook", "bishop", "knight", "pawn"};
        int i = "kqrbnp".indexOf(Character.toLowerCase(piece));
        return (Character.isUpperCase(piece) ? "White " : "Black ") + (i < 0 ? "piece" : names[i]);
    }

    private float cell() {
        return getWidth() / (float) COLUMNS;
    }

    /** The centre of a piece's cell, or of the eraser (tests touch there). */
    float[] centerOf(char piece) {
        float c = cell();
        if (piece == ERASER) {
            return new float[] {(COLUMNS - 0.5f) * c, c};
        }
        int i = PIECES.indexOf(piece);
        return new float[] {(i % 6 + 0.5f) * c, (i / 6 + 0.5f) * c};
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        int w = MeasureSpec.getSize(widthSpec);
        int c = w / COLUMNS;
        setMeasuredDimension(c * COLUMNS, c * 2);
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float c = cell();
        for (int i = 0; i < PIECES.length(); i++) {
            float x = (i % 6) * c;
            float y = (i / 6) * c;
            paint.setStyle(Paint.Style.FILL);
            paint.setColor((i % 6 + i / 6) % 2 == 0 ? light : dark);
            canvas.drawRect(x, y, x + c, y + c, paint);
            pieces.draw(canvas, PIECES.charAt(i), x, y, c);
        }
        float x = 6 * c;
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(light);
        canvas.drawRect(x, 0, x + c, 2 * c, paint);
        // The eraser: a tilted block, half of it rubber.
        canvas.save();
        canvas.rotate(-35, x + c / 2, c);
        paint.setColor(0xFFD05050);
        canvas.drawRoundRect(x + c * 0.3f, c * 0.55f, x + c * 0.7f, c, c * 0.06f, c * 0.06f, paint);
        paint.setColor(0xFF4060B0);
        canvas.drawRoundRect(x + c * 0.3f, c, x + c * 0.7f, c * 1.45f, c * 0.06f, c * 0.06f, paint);
        paint.setStyle(Paint.Style.STROKE);
        paint.setStrokeWidth(c * 0.04f);
        paint.setColor(0xFF202020);
        canvas.drawRoundRect(x + c * 0.3f, c * 0.55f, x + c * 0.7f, c * 1.45f, c * 0.06f, c * 0.06f, paint);
        canvas.restore();
        // The chosen cell.
        paint.setStyle(Paint.Style.STROKE);
        paint.setStrokeWidth(c * 0.08f);
        paint.setColor(BoardView.SELECTED | 0xFF000000);
        float[] at = centerOf(chosen);
        float h = chosen == ERASER ? c : c / 2;
        canvas.drawRect(at[0] - c / 2 + c * 0.04f, at[1] - h + c * 0.04f, at[0] + c / 2 - c * 0.04f, at[1] + h - c * 0.04f,
                paint);
    }

    @Override
    public boolean onTouchEvent(MotionEvent e) {
        if (e.getAction() != MotionEvent.ACTION_UP) {
            return true;
        }
        float c = cell();
        int col = (int) (e.getX() / c);
        int row = (int) (e.getY() / c);
        if (col < 0 || col >= COLUMNS || row < 0 || row > 1) {
            return true;
        }
        char p = col == 6 ? ERASER : PIECES.charAt(row * 6 + col);
        choose(p); // the next touch on the board places it
        performClick();
        return true;
    }

    @Override
    public boolean performClick() {
        return super.performClick();
    }
}
