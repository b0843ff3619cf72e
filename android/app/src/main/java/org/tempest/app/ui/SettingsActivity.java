package org.tempest.app.ui;

import android.app.Activity;
import android.os.Bundle;
import android.view.View;
import android.widget.CheckBox;
import android.widget.CompoundButton;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import org.tempest.app.R;

/** Settings: board theme (with a preview), sounds and music, orientation, engine thinking time. */
public final class SettingsActivity extends Activity {
    private Settings settings;

    /** Changes one setting from a radio group's index. */
    private interface Choice {
        void set(int index);
    }

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        settings = TempestApp.showScreen(this, R.layout.activity_settings).settings();
        final BoardView preview = findViewById(R.id.theme_preview);
        preview.setModel(GameUi.lookPreview());
        preview.setColors(settings.lightSquare(), settings.darkSquare());
        preview.setWood(settings.woodBoard());
        preview.setPieceSet(settings.pieceSet());
        fill(R.id.theme_group, Settings.THEMES, settings.theme(), new Choice() {
            @Override
            public void set(int i) {
                settings.setTheme(i);
                preview.setColors(settings.lightSquare(), settings.darkSquare());
                preview.setWood(settings.woodBoard());
            }
        });
        fill(R.id.piece_group, PieceDrawer.SETS, settings.pieceSet(), new Choice() {
            @Override
            public void set(int i) {
                settings.setPieceSet(i);
                preview.setPieceSet(i);
            }
        });
        fill(R.id.background_group, Settings.BACKGROUNDS, settings.background(), new Choice() {
            @Override
            public void set(int i) {
                settings.setBackground(i);
            }
        });
        fill(R.id.app_theme_group, Themes.NAMES, settings.appTheme(), new Choice() {
            @Override
            public void set(int i) {
                if (i != settings.appTheme()) {
                    settings.setAppTheme(i);
                    recreate(); // the screen takes the new theme at once
                }
            }
        });
        fill(R.id.orientation_group, Settings.ORIENTATIONS, settings.orientation(), new Choice() {
            @Override
            public void set(int i) {
                settings.setOrientation(i);
                setRequestedOrientation(settings.requestedOrientation());
            }
        });
        String[] times = new String[Settings.THINK_MILLIS.length];
        for (int i = 0; i < times.length; i++) {
            times[i] = Settings.THINK_MILLIS[i] < 1000 ? Settings.THINK_MILLIS[i] + " ms"
                    : Settings.THINK_MILLIS[i] / 1000 + " s";
        }
        fill(R.id.think_group, times, settings.thinkTime(), new Choice() {
            @Override
            public void set(int i) {
                settings.setThinkTime(i);
            }
        });
        CheckBox sounds = findViewById(R.id.sounds);
        sounds.setChecked(settings.sounds());
        sounds.setOnCheckedChangeListener(new CompoundButton.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(CompoundButton b, boolean on) {
                settings.setSounds(on);
            }
        });
        bind(R.id.sound_check, "sound_check", true);
        bind(R.id.sound_card, "sound_card", true);
        bind(R.id.sound_end, "sound_end", true);
        bind(R.id.music, "music", false);
    }

    /** A check box kept in the setting of that key. */
    private void bind(int id, final String key, boolean otherwise) {
        CheckBox box = findViewById(id);
        box.setChecked(settings.flag(key, otherwise));
        box.setOnCheckedChangeListener(new CompoundButton.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(CompoundButton b, boolean on) {
                settings.setSoundOn(key, on);
            }
        });
    }

    private void fill(int groupId, String[] labels, int checked, final Choice choice) {
        RadioGroup group = findViewById(groupId);
        for (int i = 0; i < labels.length; i++) {
            RadioButton b = new RadioButton(this);
            b.setId(View.generateViewId());
            b.setText(labels[i]);
            b.setTag(i);
            group.addView(b);
            if (i == checked) {
                group.check(b.getId());
            }
        }
        group.setOnCheckedChangeListener(new RadioGroup.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(RadioGroup g, int id) {
                View b = g.findViewById(id);
                if (b != null) {
                    choice.set((Integer) b.getTag());
                }
            }
        });
    }
}
