package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.os.Bundle;
import android.view.View;
import android.widget.EditText;
import android.widget.LinearLayout;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import android.widget.TableLayout;
import android.widget.TableRow;
import android.widget.TextView;
import java.io.IOException;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.game.Profiles;

/**
 * Local player profiles, each one's ratings (per kind of game: the current
 * rating, how many rated games, whether it is still provisional, a graph of
 * it over the games, and the list of every rated game) and the ranking
 * lists: wins, draws and losses per opponent level, and all players'.
 */
public final class ProfileActivity extends Activity {
    private Profiles profiles;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        profiles = TempestApp.showScreen(this, R.layout.activity_profile).profiles();
        findViewById(R.id.btn_add_profile).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                EditText name = findViewById(R.id.new_profile);
                try {
                    String problem = profiles.add(name.getText().toString());
                    if (problem != null) {
                        name.setError(problem);
                        return;
                    }
                } catch (IOException e) {
                    failed(e);
                    return;
                }
                name.setText("");
                show();
            }
        });
        findViewById(R.id.btn_rename_profile).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                askRename();
            }
        });
        findViewById(R.id.btn_delete_profile).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                askDelete();
            }
        });
        show();
    }

    @Override
    protected void onResume() {
        super.onResume();
        showRanking(); // a game may have ended since, or ratings changed
    }

    private AlertDialog lastDialog;

    /** The last rename or delete dialog (tests read it). */
    AlertDialog lastDialog() {
        return lastDialog;
    }

    private void askRename() {
        final String old = profiles.current();
        final EditText name = new EditText(this);
        name.setText(old);
        name.setSingleLine(true);
        lastDialog = new AlertDialog.Builder(this).setTitle("Rename " + old).setView(name)
                .setPositiveButton(R.string.rename_profile, null)
                .setNegativeButton(android.R.string.cancel, null).create();
        lastDialog.show();
        // The dialog stays open on a bad name, with the reason on the field.
        lastDialog.getButton(AlertDialog.BUTTON_POSITIVE).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                try {
                    String problem = profiles.rename(old, name.getText().toString());
                    if (problem != null) {
                        name.setError(problem);
                        return;
                    }
                } catch (IOException e) {
                    failed(e);
                }
                lastDialog.dismiss();
                show();
            }
        });
    }

    private void askDelete() {
        final String name = profiles.current();
        if (profiles.names().size() == 1) {
            lastDialog = new AlertDialog.Builder(this).setTitle("Delete " + name)
                    .setMessage("The last player cannot be deleted: add another one first.")
                    .setPositiveButton(android.R.string.ok, null).show();
            return;
        }
        lastDialog = new AlertDialog.Builder(this).setTitle("Delete " + name + "?")
                .setMessage(name + "'s results, saved games and unfinished game are deleted for good.")
                .setPositiveButton(R.string.delete_profile, new android.content.DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(android.content.DialogInterface d, int which) {
                        try {
                            TempestApp.controller(ProfileActivity.this).deleteProfile(name);
                        } catch (IOException e) {
                            failed(e);
                        }
                        show();
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    private void show() {
        RadioGroup group = findViewById(R.id.profile_group);
        group.setOnCheckedChangeListener(null);
        group.removeAllViews();
        for (String n : profiles.names()) {
            RadioButton b = new RadioButton(this);
            b.setId(View.generateViewId());
            b.setText(n);
            b.setTag(n);
            group.addView(b);
            if (n.equals(profiles.current())) {
                group.check(b.getId());
            }
        }
        group.setOnCheckedChangeListener(new RadioGroup.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(RadioGroup g, int id) {
                View b = g.findViewById(id);
                if (b == null) {
                    return;
                }
                try {
                    profiles.select((String) b.getTag());
                } catch (IOException e) {
                    failed(e);
                }
                showRanking();
            }
        });
        showRanking();
    }

    private void showRanking() {
        showRatings();
        showAllPlayers();
        TableLayout table = findViewById(R.id.ranking);
        table.removeAllViews();
        table.addView(row(true, "Opponent", "Won", "Drawn", "Lost", "Score"));
        List<Profiles.Row> rows = profiles.ranking(profiles.current());
        if (rows.isEmpty()) {
            table.addView(row(false, "No finished games yet", "", "", "", ""));
        }
        for (Profiles.Row r : rows) {
            String variant = variantName(r.variant);
            table.addView(row(false, variant + ", level " + r.level, Integer.toString(r.wins),
                    Integer.toString(r.draws), Integer.toString(r.losses),
                    Math.round(r.score() * 100) + "%"));
        }
    }

    /**
     * The current player's ratings, one block per kind of game they played
     * rated: "Chess: 1024?" with the count of rated games, the graph, and a
     * button to the games. A file that could not be read says so here.
     */
    private void showRatings() {
        LinearLayout box = findViewById(R.id.ratings);
        box.removeAllViews();
        String who = profiles.current();
        GameController c = TempestApp.controller(this);
        org.tempest.app.game.RatedArchive a;
        try {
            a = c.rated().archive(who);
        } catch (IOException e) {
            box.addView(note(RecordFiles.capitalize(e.getMessage()) + "."));
            return;
        }
        if (profiles.notice() != null) {
            box.addView(note(profiles.notice()));
        }
        if (a.notice() != null) {
            box.addView(note(a.notice()));
        }
        if (a.scales().isEmpty()) {
            box.addView(note("No rated games yet. A game is rated when you play Tempest at fixed levels from the "
                    + "game's start, without undo, hints, the evaluation bar or analysis; the new-game screen says "
                    + "whether it will be."));
        }
        for (final String scale : a.scales()) {
            List<org.tempest.app.game.RatedArchive.Entry> games = a.entries(scale);
            TextView head = new TextView(this);
            head.setText(Ratings.scaleTitle(scale) + ": " + Ratings.rating(a.rating(scale), games.size()));
            head.setTextSize(16);
            head.setTypeface(null, android.graphics.Typeface.BOLD);
            head.setPadding(0, Math.round(8 * getResources().getDisplayMetrics().density), 0, 0);
            box.addView(head);
            box.addView(note(Ratings.graphNote(games.size())));
            RatingGraphView graph = new RatingGraphView(this);
            java.util.List<Double> after = new java.util.ArrayList<Double>();
            for (org.tempest.app.game.RatedArchive.Entry e : games) {
                after.add(e.after);
            }
            graph.set(after, Ratings.day(games.get(0)), Ratings.day(games.get(games.size() - 1)),
                    Themes.textColor(this));
            graph.setTag(scale);
            box.addView(graph, new LinearLayout.LayoutParams(LinearLayout.LayoutParams.MATCH_PARENT,
                    Math.round(120 * getResources().getDisplayMetrics().density)));
            android.widget.Button open = new android.widget.Button(this);
            open.setText(getString(R.string.rated_games) + " (" + games.size() + ")");
            open.setTag(scale);
            open.setOnClickListener(new View.OnClickListener() {
                @Override
                public void onClick(View v) {
                    startActivity(RatedGamesActivity.intent(ProfileActivity.this, profiles.current(), scale));
                }
            });
            box.addView(open, new LinearLayout.LayoutParams(LinearLayout.LayoutParams.WRAP_CONTENT,
                    LinearLayout.LayoutParams.WRAP_CONTENT));
        }
    }

    private TextView note(String text) {
        TextView t = new TextView(this);
        t.setText(text);
        t.setTextSize(13);
        return t;
    }

    /** Every profile's results against the engine, best score first. */
    private void showAllPlayers() {
        TableLayout table = findViewById(R.id.ranking_all);
        table.removeAllViews();
        table.addView(row(true, "Player", "Games", "Won", "Drawn", "Lost", "Score"));
        int place = 1;
        for (Profiles.Total t : profiles.totals()) {
            table.addView(row(false, place++ + ". " + t.profile, Integer.toString(t.games()), Integer.toString(t.wins),
                    Integer.toString(t.draws), Integer.toString(t.losses),
                    t.games() == 0 ? "—" : Math.round(t.score() * 100) + "%"));
        }
    }

    private TableRow row(boolean head, String... cells) {
        TableRow tr = new TableRow(this);
        for (String c : cells) {
            TextView t = new TextView(this);
            t.setText(c);
            t.setPadding(8, 6, 8, 6);
            if (head) {
                t.setTypeface(null, android.graphics.Typeface.BOLD);
            }
            tr.addView(t);
        }
        return tr;
    }

    private void failed(IOException e) {
        new AlertDialog.Builder(this).setTitle("Profile").setMessage("Could not save: " + e.getMessage())
                .setPositiveButton(android.R.string.ok, null).show();
    }

    /** A variant as players read it. */
    static String variantName(String variant) {
        return GameUi.of(variant).title;
    }
}
