package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.util.List;
import java.util.Random;
import org.tempest.app.R;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.GameSetup;

/** New game: variant, colour and the engine level, from the engine's own list of levels. */
public final class NewGameActivity extends Activity {
    private GameController controller;
    private RadioGroup levels;

    @Override
    protected void onCreate(Bundle saved) {
        super.onCreate(saved);
        controller = TempestApp.controller(this);
        setRequestedOrientation(controller.settings().requestedOrientation());
        setContentView(R.layout.activity_new_game);
        ((RadioGroup) findViewById(R.id.variant_group)).check(R.id.rb_chess);
        ((RadioGroup) findViewById(R.id.colour_group)).check(R.id.rb_white);
        levels = findViewById(R.id.level_group);
        findViewById(R.id.btn_start).setEnabled(false);
        findViewById(R.id.btn_start).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                start();
            }
        });
        controller.levels(new GameController.Callback<List<LevelInfo>>() {
            @Override
            public void done(List<LevelInfo> list, String problem) {
                showLevels(list, problem);
            }
        });
    }

    /** A level as players read it. */
    static String describe(LevelInfo l) {
        String what;
        if (l.kind.equals("random")) {
            what = "Random moves";
        } else if (l.kind.equals("greedy")) {
            what = "Greedy: grabs material";
        } else if (l.kind.equals("full")) {
            what = "Full strength";
        } else {
            what = "Level " + l.skill;
        }
        return what + " (about " + l.elo + " Elo)";
    }

    private void showLevels(List<LevelInfo> list, String problem) {
        TextView status = findViewById(R.id.level_status);
        if (problem != null) {
            status.setText("The engine did not start: " + problem);
            return;
        }
        status.setVisibility(View.GONE);
        int want = controller.settings().lastLevel();
        for (LevelInfo l : list) {
            RadioButton b = new RadioButton(this);
            b.setId(View.generateViewId());
            b.setTag(l.skill);
            b.setText(describe(l));
            levels.addView(b);
            if (l.skill == want) {
                levels.check(b.getId());
            }
        }
        if (levels.getCheckedRadioButtonId() == -1 && levels.getChildCount() > 0) {
            levels.check(levels.getChildAt(0).getId());
        }
        findViewById(R.id.btn_start).setEnabled(true);
    }

    private void start() {
        RadioButton level = findViewById(levels.getCheckedRadioButtonId());
        int skill = (Integer) level.getTag();
        controller.settings().setLastLevel(skill);
        int variantId = ((RadioGroup) findViewById(R.id.variant_group)).getCheckedRadioButtonId();
        String variant = variantId == R.id.rb_chessmate ? "chessmate" : "chess";
        int colourId = ((RadioGroup) findViewById(R.id.colour_group)).getCheckedRadioButtonId();
        String human = colourId == R.id.rb_black ? "b" : "w";
        if (colourId == R.id.rb_random) {
            human = new Random().nextBoolean() ? "w" : "b";
        }
        controller.newGame(new GameSetup(variant, human, skill, "startpos", controller.profiles().current()));
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }
}
