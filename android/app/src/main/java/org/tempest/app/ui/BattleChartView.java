package org.tempest.app.ui;

import android.content.Context;
import android.graphics.Canvas;
import android.graphics.Paint;
import android.view.View;

/**
 * Stratego's "who beats whom": a row for each piece that can attack
 * (Volcandria's tiles down the left), a column for each piece it can attack
 * (Everwinter's along the top, the Trap and the Flag too), and in each cell
 * who wins: W the attacker, L the attacker loses, = both leave the board.
 * The cells come from the pieces' ranks and the rules' exceptions
 * (StrategoPieces.battle).
 */
final class BattleChartView extends View {
    /** The attackers, strongest first: every piece that moves (the Lava Beast stands for the Yeti too). */
    static final String ATTACKERS = "DMKRSLEWCX";
    /** The pieces attacked, as Everwinter's letters: its Yeti is Volcandria's Lava Beast. */
    static final String DEFENDERS = "dmkrsyewcxtf";

    static final int WIN = 0xFFA5D6A7;
    static final int LOSS = 0xFFEF9A9A;
    static final int BOTH = 0xFFD0D0D0;

    private final Paint paint = new Paint(Paint.ANTI_ALIAS_FLAG);
    private final Paint text = new Paint(Paint.ANTI_ALIAS_FLAG);

    BattleChartView(Context context) {
        super(context);
        text.setTextAlign(Paint.Align.CENTER);
        setContentDescription("who beats whom: " + ATTACKERS.length() + " attackers by " + DEFENDERS.length()
                + " pieces attacked");
    }

    /** The mark in a cell: "W", "L" or "=". */
    static String mark(StrategoPieces.Battle b) {
        switch (b) {
            case ATTACKER:
                return "W";
            case DEFENDER:
                return "L";
            default:
                return "=";
        }
    }

    /** What the chart shows when the row's piece attacks the column's. */
    static StrategoPieces.Battle cell(int row, int column) {
        return StrategoPieces.battle(ATTACKERS.charAt(row), DEFENDERS.charAt(column));
    }

    /** The side of a cell: a header column and row, then the pieces. */
    private float cellSize() {
        return Math.min(getWidth() / (float) (DEFENDERS.length() + 1), getHeight() / (float) (ATTACKERS.length() + 1));
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        int w = MeasureSpec.getSize(widthSpec);
        int c = w / (DEFENDERS.length() + 1);
        setMeasuredDimension(c * (DEFENDERS.length() + 1), c * (ATTACKERS.length() + 1));
    }

    @Override
    protected void onDraw(Canvas canvas) {
        float c = cellSize();
        for (int col = 0; col < DEFENDERS.length(); col++) {
            StrategoPieces.drawTile(canvas, paint, text, DEFENDERS.charAt(col), false, false, (col + 1) * c, 0, c);
        }
        float gap = Math.max(1, c * 0.04f);
        for (int row = 0; row < ATTACKERS.length(); row++) {
            float y = (row + 1) * c;
            StrategoPieces.drawTile(canvas, paint, text, ATTACKERS.charAt(row), false, false, 0, y, c);
            for (int col = 0; col < DEFENDERS.length(); col++) {
                float x = (col + 1) * c;
                StrategoPieces.Battle b = cell(row, col);
                paint.setStyle(Paint.Style.FILL);
                paint.setColor(b == StrategoPieces.Battle.ATTACKER ? WIN
                        : b == StrategoPieces.Battle.DEFENDER ? LOSS : BOTH);
                canvas.drawRect(x + gap, y + gap, x + c - gap, y + c - gap, paint);
                text.setColor(0xFF202020);
                text.setTextSize(c * 0.45f);
                canvas.drawText(mark(b), x + c / 2, y + c * 0.66f, text);
            }
        }
    }
}
