package org.tempest.app.ui;

import android.app.Activity;
import android.content.Context;
import android.content.Intent;
import android.graphics.Typeface;
import android.os.Bundle;
import android.util.TypedValue;
import android.view.View;
import android.widget.LinearLayout;
import android.widget.TextView;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.RatedArchive;

/**
 * A player's rated games of one kind (a scale: "chess", "chameleon/4"): the
 * rating and its graph, then every game, newest first, each with its result,
 * the engine players and their Elo, the rating before and after, the date
 * and how it ended. A touch opens the game's record as a saved game opens
 * (RecordFiles.load: to replay it from its start or play on from its end).
 */
public final class RatedGamesActivity extends Activity {
    static final String EXTRA_PROFILE = "profile";
    static final String EXTRA_SCALE = "scale";

    private GameController controller;
    private String profile;
    private String scale;

    /** The screen of a player's rated games of a scale. */
    static Intent intent(Context c, String profile, String scale) {
        Intent i = new Intent(c, RatedGamesActivity.class);
        i.putExtra(EXTRA_PROFILE, profile);
        i.putExtra(EXTRA_SCALE, scale);
        return i;
    }

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.showScreen(this, R.layout.activity_rated_games);
        profile = getIntent().getStringExtra(EXTRA_PROFILE);
        scale = getIntent().getStringExtra(EXTRA_SCALE);
        if (profile == null || scale == null) {
            finish();
            return;
        }
        setTitle(Ratings.scaleTitle(scale) + ": rated games");
        list();
        controller.levels(new GameController.Callback<List<LevelInfo>>() {
            @Override
            public void done(List<LevelInfo> levels, String problem) {
                if (!isFinishing()) {
                    list(); // the rows name the levels once the engine has described them
                }
            }
        });
    }

    /** The rating, its graph and the games, newest first. */
    void list() {
        ((TextView) findViewById(R.id.rated_title)).setText(profile + " in " + Ratings.scaleTitle(scale));
        LinearLayout box = findViewById(R.id.rated_list);
        box.removeAllViews();
        TextView rating = findViewById(R.id.rated_rating);
        List<RatedArchive.Entry> games;
        try {
            RatedArchive a = controller.rated().archive(profile);
            games = a.entries(scale);
            rating.setText("Rating " + Ratings.describe(a.rating(scale), games.size()) + ".");
        } catch (IOException e) {
            rating.setText("The rated games cannot be read: " + e.getMessage());
            games = new ArrayList<RatedArchive.Entry>();
        }
        List<Double> after = new ArrayList<Double>();
        for (RatedArchive.Entry e : games) {
            after.add(e.after);
        }
        ((RatingGraphView) findViewById(R.id.rated_graph)).set(after, games.isEmpty() ? "" : Ratings.day(games.get(0)),
                games.isEmpty() ? "" : Ratings.day(games.get(games.size() - 1)), Themes.textColor(this));
        findViewById(R.id.rated_empty).setVisibility(games.isEmpty() ? View.VISIBLE : View.GONE);
        for (int i = games.size() - 1; i >= 0; i--) {
            box.addView(row(games.get(i)));
        }
    }

    /** A game's row: "12. Won · Greedy (1000)", then "1000 → 1024 (+24) · date · how it ended". */
    private View row(final RatedArchive.Entry e) {
        LinearLayout row = new LinearLayout(this);
        row.setOrientation(LinearLayout.VERTICAL);
        int pad = Math.round(8 * getResources().getDisplayMetrics().density);
        row.setPadding(0, pad, 0, pad);
        TypedValue bg = new TypedValue();
        getTheme().resolveAttribute(android.R.attr.selectableItemBackground, bg, true);
        row.setBackgroundResource(bg.resourceId);
        String head = e.number + ". " + Ratings.result(e) + " · " + Ratings.opponents(e, controller);
        String facts = Ratings.change(e) + " · " + e.date + (e.abandoned() ? "" : " · " + e.end)
                + (e.hasRecord() ? "" : " · record not kept");
        row.addView(text(head, 16, true));
        row.addView(text(facts, 14, false));
        row.setContentDescription(head + ", " + facts);
        row.setTag(e.number);
        if (e.hasRecord()) {
            row.setOnClickListener(new View.OnClickListener() {
                @Override
                public void onClick(View v) {
                    open(e);
                }
            });
        }
        return row;
    }

    private TextView text(String s, int sp, boolean bold) {
        TextView t = new TextView(this);
        t.setText(s);
        t.setTextSize(sp);
        if (bold) {
            t.setTypeface(Typeface.DEFAULT_BOLD);
        }
        t.setImportantForAccessibility(View.IMPORTANT_FOR_ACCESSIBILITY_NO); // the row reads them as one
        return t;
    }

    /** Opens a rated game's record as a saved game opens: through the engine's load checks, as a casual game. */
    void open(RatedArchive.Entry e) {
        String record;
        try {
            record = e.record();
        } catch (IOException x) {
            RecordFiles.problem(this, RecordFiles.CANNOT_LOAD, x.getMessage());
            return;
        }
        RecordFiles.load(this, record, new Runnable() {
            @Override
            public void run() {
                startActivity(new Intent(RatedGamesActivity.this, GameActivity.class));
                finish();
            }
        });
    }
}
