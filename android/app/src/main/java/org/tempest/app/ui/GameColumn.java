package org.tempest.app.ui;

import android.content.Context;
import android.util.AttributeSet;
import android.view.View;
import android.widget.LinearLayout;
import android.widget.TextView;
import org.tempest.app.R;

/**
 * The portrait game screen's column: the board takes the full width, and
 * what is under it shares the rest. Only when the window is too short for
 * that (split screen, a small phone) is the board made smaller, just enough
 * that the players' bars, the status, the open analysis and review panels,
 * a line of the moves and the toolbar stay on screen.
 */
public final class GameColumn extends LinearLayout {
    public GameColumn(Context context) {
        super(context);
    }

    public GameColumn(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    /**
     * The height the game's text needs under the board, measured at this
     * width: the status and the last move as they wrap, the open analysis
     * and review panels (they stand in the text's part, and what they say
     * must not be squeezed), the forced pass's button when it is shown, and
     * one line of what scrolls (the piles, the pieces off the board, the
     * moves), so some of it is always in view.
     */
    private int textHeight(int width) {
        View status = findViewById(R.id.status);
        View[] fixed = {status == null ? null : (View) status.getParent(), findViewById(R.id.last_move),
            findViewById(R.id.review_bar), findViewById(R.id.analysis_panel), findViewById(R.id.btn_special)};
        int h = 0;
        for (View v : fixed) {
            if (v != null && v.getVisibility() != GONE) {
                // As wide as it will be: the column's width less its padding and its parent's.
                View parent = (View) v.getParent();
                int w = width - getPaddingLeft() - getPaddingRight() - parent.getPaddingLeft()
                        - parent.getPaddingRight();
                v.measure(MeasureSpec.makeMeasureSpec(Math.max(0, w), MeasureSpec.EXACTLY),
                        MeasureSpec.makeMeasureSpec(0, MeasureSpec.UNSPECIFIED));
                h += v.getMeasuredHeight();
            }
        }
        TextView moves = findViewById(R.id.move_list);
        if (moves != null) {
            h += moves.getLineHeight() + moves.getPaddingTop() + moves.getPaddingBottom();
        }
        return h;
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        View board = findViewById(R.id.board);
        LayoutParams lp = board == null ? null : (LayoutParams) board.getLayoutParams();
        if (lp == null || MeasureSpec.getMode(heightSpec) == MeasureSpec.UNSPECIFIED) {
            super.onMeasure(widthSpec, heightSpec);
            return;
        }
        lp.height = LayoutParams.WRAP_CONTENT;
        int text = textHeight(MeasureSpec.getSize(widthSpec)); // measured before the column measures them
        // Every part at the height it wants, the board as wide as the column: measured within the
        // window's height, a board too tall would leave the parts under it measured at nothing.
        super.onMeasure(widthSpec, MeasureSpec.makeMeasureSpec(0, MeasureSpec.UNSPECIFIED));
        int used = getPaddingTop() + getPaddingBottom();
        for (int i = 0; i < getChildCount(); i++) {
            View c = getChildAt(i);
            if (c.getVisibility() != GONE && ((LayoutParams) c.getLayoutParams()).weight == 0) {
                used += c.getMeasuredHeight();
            }
        }
        int over = used + text - MeasureSpec.getSize(heightSpec);
        if (over > 0) {
            lp.height = Math.max(board.getMeasuredHeight() / 3, board.getMeasuredHeight() - over);
        }
        super.onMeasure(widthSpec, heightSpec);
    }
}
