package org.tempest.app.ui;

import android.graphics.Canvas;
import android.graphics.Paint;
import android.graphics.Path;
import android.graphics.RectF;

/**
 * Draws chess pieces in one of two sets: vector shapes (laid out in a
 * 100 x 100 box, the same on every phone, no font or image), or the chess
 * symbols of the system font, filled and outlined.
 */
final class PieceDrawer {
    /** The piece sets, as the settings name them. */
    static final String[] SETS = {"Classic", "Symbols"};
    /** The solid chess symbols, king to pawn: the fill; the outline comes from a stroke. */
    private static final String SYMBOLS = "\u265A\u265B\u265C\u265D\u265E\u265F";
    private int set;
    private final Paint glyph = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint fill = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint outline = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Path path = new Path();
    private final RectF box = new RectF();

    PieceDrawer() {
        fill.setStyle(Paint.Style.FILL);
        outline.setStyle(Paint.Style.STROKE);
        outline.setStrokeJoin(Paint.Join.ROUND);
        outline.setStrokeCap(Paint.Cap.ROUND);
    }

    /** Chooses the set (an index of SETS). */
    void setSet(int index) {
        set = index >= 0 && index < SETS.length ? index : 0;
    }

    /** Draws a FEN piece letter in the square whose top left is (x, y) and side is size. */
    void draw(Canvas canvas, char piece, float x, float y, float size) {
        boolean white = Character.isUpperCase(piece);
        int fillColor = white ? 0xFFF8F8F0 : 0xFF303030;
        int outlineColor = white ? 0xFF202020 : 0xFFE8E8E0;
        if (set == 1) {
            symbol(canvas, piece, fillColor, outlineColor, x, y, size);
            return;
        }
        draw(canvas, piece, fillColor, outlineColor, x, y, size);
    }

    /** A chess symbol of the system font: the solid glyph in the fill colour, its outline stroked. */
    private void symbol(Canvas canvas, char piece, int fillColor, int outlineColor, float x, float y, float size) {
        int i = "kqrbnp".indexOf(Character.toLowerCase(piece));
        if (i < 0) {
            return;
        }
        String g = SYMBOLS.substring(i, i + 1);
        glyph.setTextAlign(Paint.Align.CENTER);
        glyph.setTextSize(size * 0.86f);
        float baseline = y + size * 0.80f;
        glyph.setStyle(Paint.Style.STROKE);
        glyph.setStrokeWidth(size * 0.05f);
        glyph.setStrokeJoin(Paint.Join.ROUND);
        glyph.setColor(outlineColor);
        canvas.drawText(g, x + size / 2, baseline, glyph);
        glyph.setStyle(Paint.Style.FILL);
        glyph.setColor(fillColor);
        canvas.drawText(g, x + size / 2, baseline, glyph);
    }

    /** Draws a piece shape (by its letter, either case) in the given colours (Chameleon Chess owners). */
    void draw(Canvas canvas, char piece, int fillColor, int outlineColor, float x, float y, float size) {
        fill.setColor(fillColor);
        outline.setColor(outlineColor);
        outline.setStrokeWidth(3.2f);
        canvas.save();
        canvas.translate(x, y);
        canvas.scale(size / 100f, size / 100f);
        switch (Character.toLowerCase(piece)) {
            case 'p':
                pawn(canvas);
                break;
            case 'n':
                knight(canvas);
                break;
            case 'b':
                bishop(canvas);
                break;
            case 'r':
                rook(canvas);
                break;
            case 'q':
                queen(canvas);
                break;
            case 'k':
                king(canvas);
                break;
            default:
                break;
        }
        canvas.restore();
    }

    private void shape(Canvas c) {
        c.drawPath(path, fill);
        c.drawPath(path, outline);
    }

    private void base(Canvas c, float left, float right) {
        path.reset();
        box.set(left, 78, right, 88);
        path.addRoundRect(box, 3, 3, Path.Direction.CW);
        shape(c);
    }

    private void circle(Canvas c, float cx, float cy, float r) {
        path.reset();
        path.addCircle(cx, cy, r, Path.Direction.CW);
        shape(c);
    }

    private void pawn(Canvas c) {
        path.reset();
        path.moveTo(33, 79);
        path.quadTo(36, 58, 45, 48);
        path.lineTo(55, 48);
        path.quadTo(64, 58, 67, 79);
        path.close();
        shape(c);
        circle(c, 50, 36, 13);
        base(c, 28, 72);
    }

    private void rook(Canvas c) {
        path.reset();
        path.moveTo(34, 78);
        path.lineTo(36, 42);
        path.lineTo(64, 42);
        path.lineTo(66, 78);
        path.close();
        shape(c);
        path.reset();
        path.moveTo(28, 42);
        path.lineTo(28, 20);
        path.lineTo(37, 20);
        path.lineTo(37, 28);
        path.lineTo(45, 28);
        path.lineTo(45, 20);
        path.lineTo(55, 20);
        path.lineTo(55, 28);
        path.lineTo(63, 28);
        path.lineTo(63, 20);
        path.lineTo(72, 20);
        path.lineTo(72, 42);
        path.close();
        shape(c);
        base(c, 25, 75);
    }

    private void bishop(Canvas c) {
        path.reset();
        path.moveTo(36, 78);
        path.quadTo(30, 55, 50, 24);
        path.quadTo(70, 55, 64, 78);
        path.close();
        shape(c);
        c.drawLine(45, 46, 57, 40, outline);
        circle(c, 50, 18, 6);
        base(c, 28, 72);
    }

    private void knight(Canvas c) {
        path.reset();
        path.moveTo(32, 78);
        path.quadTo(34, 58, 48, 48);
        path.quadTo(40, 50, 30, 56);
        path.lineTo(24, 48);
        path.quadTo(34, 30, 46, 22);
        path.lineTo(50, 14);
        path.lineTo(55, 21);
        path.quadTo(72, 30, 70, 78);
        path.close();
        shape(c);
        int body = fill.getColor();
        fill.setColor(outline.getColor());
        c.drawCircle(44, 32, 2.8f, fill);
        fill.setColor(body);
        base(c, 26, 74);
    }

    private void queen(Canvas c) {
        path.reset();
        path.moveTo(30, 78);
        path.lineTo(22, 30);
        path.lineTo(37, 50);
        path.lineTo(42, 24);
        path.lineTo(50, 48);
        path.lineTo(58, 24);
        path.lineTo(63, 50);
        path.lineTo(78, 30);
        path.lineTo(70, 78);
        path.close();
        shape(c);
        circle(c, 22, 27, 4.5f);
        circle(c, 42, 20, 4.5f);
        circle(c, 58, 20, 4.5f);
        circle(c, 78, 27, 4.5f);
        base(c, 26, 74);
    }

    private void king(Canvas c) {
        path.reset();
        path.moveTo(30, 78);
        path.quadTo(18, 44, 34, 38);
        path.quadTo(44, 36, 50, 46);
        path.quadTo(56, 36, 66, 38);
        path.quadTo(82, 44, 70, 78);
        path.close();
        shape(c);
        path.reset();
        path.moveTo(46, 44);
        path.lineTo(46, 26);
        path.lineTo(40, 26);
        path.lineTo(40, 19);
        path.lineTo(46, 19);
        path.lineTo(46, 12);
        path.lineTo(54, 12);
        path.lineTo(54, 19);
        path.lineTo(60, 19);
        path.lineTo(60, 26);
        path.lineTo(54, 26);
        path.lineTo(54, 44);
        path.close();
        shape(c);
        base(c, 26, 74);
    }
}
