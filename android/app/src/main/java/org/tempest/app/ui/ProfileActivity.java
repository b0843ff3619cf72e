package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.os.Bundle;
import android.view.View;
import android.widget.EditText;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import android.widget.TableLayout;
import android.widget.TableRow;
import android.widget.TextView;
import java.io.IOException;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Profiles;

/** Local player profiles and the ranking list: wins, draws and losses per opponent level. */
public final class ProfileActivity extends Activity {
    private Profiles profiles;

    @Override
    protected void onCreate(Bundle saved) {
        super.onCreate(saved);
        profiles = TempestApp.controller(this).profiles();
        setRequestedOrientation(TempestApp.controller(this).settings().requestedOrientation());
        setContentView(R.layout.activity_profile);
        EdgeToEdge.fit(this);
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
        show();
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
        if (variant.equals("chessmate")) {
            return "Card chess";
        }
        if (variant.equals(GameSetup.CHAMELEON)) {
            return "Chameleon";
        }
        if (variant.equals(GameSetup.STRATEGO)) {
            return "Stratego";
        }
        return "Chess";
    }
}
