package org.tempest.app.ui;

import android.content.Context;
import android.util.AttributeSet;
import android.view.View;
import android.widget.LinearLayout;
import org.tempest.app.R;

/**
 * The portrait game screen's column: the board takes the full width, and
 * what is under it shares the rest. Only when the window is too short for
 * that (split screen, a small phone) is the board made smaller, just enough
 * that the players' bars, the status, the open analysis and review panels
 * and the toolbar stay on screen.
 */
public final class GameColumn extends LinearLayout {
    /** Height kept for the game's text (status, last move, a few moves) when the board must shrink. */
    private static final int TEXT_DP = 64;

    public GameColumn(Context context) {
        super(context);
    }

    public GameColumn(Context context, AttributeSet attrs) {
        super(context, attrs);
    }

    /**
     * The height the open analysis and review panels need, on top of the
     * game's text: they stand in the text's part, and what they say must
     * not be squeezed.
     */
    private int panelsHeight(int width) {
        int h = 0;
        for (int id : new int[] {R.id.analysis_panel, R.id.review_bar}) {
            View v = findViewById(id);
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
        return h;
    }

    @Override
    protected void onMeasure(int widthSpec, int heightSpec) {
        View board = findViewById(R.id.board);
        LayoutParams lp = board == null ? null : (LayoutParams) board.getLayoutParams();
        if (lp != null) {
            lp.height = LayoutParams.WRAP_CONTENT;
        }
        int panels = panelsHeight(MeasureSpec.getSize(widthSpec)); // measured before the column measures them
        super.onMeasure(widthSpec, heightSpec);
        if (lp == null || MeasureSpec.getMode(heightSpec) == MeasureSpec.UNSPECIFIED) {
            return;
        }
        int used = getPaddingTop() + getPaddingBottom();
        for (int i = 0; i < getChildCount(); i++) {
            View c = getChildAt(i);
            if (c.getVisibility() != GONE && ((LayoutParams) c.getLayoutParams()).weight == 0) {
                used += c.getMeasuredHeight();
            }
        }
        int text = (int) (TEXT_DP * getResources().getDisplayMetrics().density) + panels;
        int over = used + text - MeasureSpec.getSize(heightSpec);
        if (over > 0) {
            lp.height = Math.max(board.getMeasuredHeight() / 3, board.getMeasuredHeight() - over);
            super.onMeasure(widthSpec, heightSpec);
        }
    }
}
