package org.tempest.app.ui;

import android.app.Activity;
import android.content.Context;
import android.content.Intent;
import android.content.res.TypedArray;
import android.graphics.Typeface;
import android.os.Bundle;
import android.text.SpannableStringBuilder;
import android.text.Spanned;
import android.text.style.StyleSpan;
import android.util.TypedValue;
import android.view.Gravity;
import android.view.View;
import android.widget.LinearLayout;
import android.widget.ScrollView;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.engine.GameInfo;

/**
 * How to play one game: its sections from the table of looks (GameUi's
 * HowTo), each a heading, plain words, terms explained and a diagram drawn
 * by the app's own views. A game without one shows the description the
 * engine declares for it. Opened from the start menu (a game chosen among
 * those the engine declares) and from the game screen (the game on it).
 */
public final class HowToPlayActivity extends Activity {
    /** The game's name, as the engine declares it. */
    static final String EXTRA_GAME = "game";
    /** Its declared description, shown when the app has no "How to play" for it. */
    static final String EXTRA_DESCRIPTION = "description";

    /** The largest square of a diagram, in dp: a board is no larger than a phone shows it in a game. */
    private static final int MAX_SQUARE_DP = 40;

    private final List<TextView> headings = new ArrayList<TextView>();
    private final List<View> diagrams = new ArrayList<View>();
    private LinearLayout content;
    private Settings settings;
    /** The theme's primary text colour: a plain TextView's default is its paler secondary one. */
    private int textColor;

    /** Opens the screen for a game the engine declares. */
    static Intent intent(Context c, GameInfo game) {
        return new Intent(c, HowToPlayActivity.class).putExtra(EXTRA_GAME, game.name)
                .putExtra(EXTRA_DESCRIPTION, game.description);
    }

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        settings = TempestApp.showScreen(this, R.layout.activity_how_to_play).settings();
        content = findViewById(R.id.how_to_content);
        String game = getIntent().getStringExtra(EXTRA_GAME);
        String description = getIntent().getStringExtra(EXTRA_DESCRIPTION);
        GameUi ui = GameUi.of(game == null ? "" : game);
        HowTo howTo = ui.howTo;
        setTitle(getString(R.string.how_to_play) + ": " + ui.howToTitle());
        textColor = Themes.textColor(this);
        if (howTo == null) {
            HowTo.Section s = new HowTo.Section("About this game", description == null || description.isEmpty()
                    ? "The engine says nothing about this game." : description);
            show(s);
            paragraph("This app has no guide to this game yet: the words above are the engine's own.", 0);
            return;
        }
        for (HowTo.Section s : howTo.sections) {
            show(s);
        }
    }

    /** The section headings, in order (tests read them). */
    List<TextView> headings() {
        return Collections.unmodifiableList(headings);
    }

    /** The diagrams drawn, in order: board, hand and chart views. */
    List<View> diagrams() {
        return Collections.unmodifiableList(diagrams);
    }

    /** Scrolls so that a section's heading is at the top (screenshots). */
    void scrollToSection(int i) {
        ScrollView scroll = findViewById(R.id.how_to_scroll);
        scroll.scrollTo(0, headings.get(i).getTop());
    }

    private int dp(float v) {
        return Math.round(TypedValue.applyDimension(TypedValue.COMPLEX_UNIT_DIP, v,
                getResources().getDisplayMetrics()));
    }

    private void show(HowTo.Section s) {
        TextView h = new TextView(this);
        h.setText(s.heading);
        h.setTextSize(18);
        h.setTypeface(Typeface.DEFAULT_BOLD);
        h.setTextColor(textColor);
        h.setPadding(0, dp(18), 0, 0);
        content.addView(h);
        headings.add(h);
        if (!s.text.isEmpty()) {
            paragraph(s.text, 6);
        }
        for (HowTo.Item item : s.items) {
            SpannableStringBuilder b = new SpannableStringBuilder(item.term);
            b.setSpan(new StyleSpan(Typeface.BOLD), 0, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            if (!item.text.isEmpty()) {
                b.append(": ").append(item.text);
            }
            TextView t = paragraph(b, 4);
            t.setPadding(dp(8), t.getPaddingTop(), 0, 0);
        }
        if (s.diagram != null) {
            diagram(s.diagram);
        }
    }

    private TextView paragraph(CharSequence text, int marginTopDp) {
        TextView t = new TextView(this);
        t.setText(text);
        t.setTextSize(15);
        t.setTextColor(textColor);
        t.setLineSpacing(dp(2), 1f);
        t.setPadding(0, dp(marginTopDp), 0, 0);
        content.addView(t);
        return t;
    }

    /** The width a diagram may take: the screen's, less the margins, and no larger than its squares allow. */
    private int diagramWidth(int columns, int maxSquareDp) {
        int available = getResources().getDisplayMetrics().widthPixels - dp(32);
        return Math.min(available, columns * dp(maxSquareDp));
    }

    private void diagram(HowTo.Diagram d) {
        View v;
        int width;
        if (d.kind == HowTo.Diagram.Kind.BATTLES) {
            v = new BattleChartView(this);
            width = diagramWidth(BattleChartView.DEFENDERS.length() + 1, MAX_SQUARE_DP);
        } else if (d.kind == HowTo.Diagram.Kind.HAND) {
            CardHandView hand = new CardHandView(this);
            hand.setCards(d.hand, false);
            hand.setPlayable(new HashSet<String>(d.hand), null);
            v = hand;
            width = diagramWidth(3, 100);
        } else {
            BoardView board = new BoardView(this);
            board.setColors(settings.lightSquare(), settings.darkSquare());
            board.setWood(settings.woodBoard());
            board.setPieceSet(settings.pieceSet());
            board.setModel(d.model());
            board.setMarks(d.lastMove, d.selected, d.targets, d.check);
            board.setCoordinates(d.coordinates);
            board.setContentDescription("diagram: " + d.caption);
            v = board;
            width = diagramWidth(d.files, MAX_SQUARE_DP);
        }
        LinearLayout.LayoutParams p = new LinearLayout.LayoutParams(width, LinearLayout.LayoutParams.WRAP_CONTENT);
        p.gravity = Gravity.CENTER_HORIZONTAL;
        p.topMargin = dp(10);
        content.addView(v, p);
        diagrams.add(v);
        if (!d.caption.isEmpty()) {
            TextView c = new TextView(this);
            c.setText(d.caption);
            c.setTextSize(13);
            c.setTypeface(Typeface.defaultFromStyle(Typeface.ITALIC));
            c.setTextColor(secondaryTextColor());
            c.setPadding(0, dp(4), 0, 0);
            content.addView(c);
        }
    }

    private int secondaryTextColor() {
        TypedArray t = obtainStyledAttributes(new int[] {android.R.attr.textColorSecondary});
        try {
            return t.getColor(0, 0xFF606060);
        } finally {
            t.recycle();
        }
    }
}
