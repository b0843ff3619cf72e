package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.ArrayAdapter;
import android.widget.CheckBox;
import android.widget.LinearLayout;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import android.widget.Spinner;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.tempest.app.R;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.GameSetup;

/**
 * New game: the variant; for two-player games the colour and the engine
 * level from the engine's own list of levels; for Chameleon Chess each
 * colour's seat (not playing, a person, or Tempest at a level). Stratego
 * goes on to the setup screen.
 */
public final class NewGameActivity extends Activity {
    /** Chameleon Chess colours in turn order. */
    static final String SEAT_COLOURS = "rbyg";
    /** Seat choices before the engine's levels. */
    static final int SEAT_ABSENT = 0;
    static final int SEAT_PERSON = 1;

    private GameController controller;
    private RadioGroup levels;
    private final List<LevelInfo> levelList = new ArrayList<LevelInfo>();
    private final Spinner[] seats = new Spinner[SEAT_COLOURS.length()];

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.controller(this);
        setRequestedOrientation(controller.settings().requestedOrientation());
        setContentView(R.layout.activity_new_game);
        EdgeToEdge.fit(this);
        RadioGroup variants = findViewById(R.id.variant_group);
        variants.setOnCheckedChangeListener(new RadioGroup.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(RadioGroup g, int id) {
                showVariantOptions();
            }
        });
        variants.check(R.id.rb_chess);
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

    private String variant() {
        int id = ((RadioGroup) findViewById(R.id.variant_group)).getCheckedRadioButtonId();
        if (id == R.id.rb_chessmate) {
            return "chessmate";
        }
        if (id == R.id.rb_chameleon) {
            return GameSetup.CHAMELEON;
        }
        if (id == R.id.rb_stratego) {
            return GameSetup.STRATEGO;
        }
        return "chess";
    }

    /** Chameleon Chess shows its seats instead of colour and level; Stratego names its armies. */
    private void showVariantOptions() {
        String v = variant();
        boolean chameleon = v.equals(GameSetup.CHAMELEON);
        int twoPlayer = chameleon ? View.GONE : View.VISIBLE;
        findViewById(R.id.chameleon_seats).setVisibility(chameleon ? View.VISIBLE : View.GONE);
        findViewById(R.id.colour_heading).setVisibility(twoPlayer);
        findViewById(R.id.colour_group).setVisibility(twoPlayer);
        findViewById(R.id.level_heading).setVisibility(twoPlayer);
        findViewById(R.id.level_group).setVisibility(twoPlayer);
        int clocked = v.equals("chess") || v.equals("chessmate") ? View.VISIBLE : View.GONE;
        CheckBox together = findViewById(R.id.pass_and_play);
        together.setVisibility(clocked);
        if (clocked != View.VISIBLE) {
            together.setChecked(false);
        }
        findViewById(R.id.clock_heading).setVisibility(clocked);
        findViewById(R.id.clock_group).setVisibility(clocked);
        findViewById(R.id.setup_problem).setVisibility(View.GONE);
        boolean stratego = v.equals(GameSetup.STRATEGO);
        ((RadioButton) findViewById(R.id.rb_white)).setText(stratego ? "Volcandria" : getString(R.string.colour_white));
        ((RadioButton) findViewById(R.id.rb_black)).setText(stratego ? "Everwinter" : getString(R.string.colour_black));
    }

    private void showLevels(List<LevelInfo> list, String problem) {
        TextView status = findViewById(R.id.level_status);
        if (problem != null) {
            status.setText("The engine did not start: " + problem);
            return;
        }
        status.setVisibility(View.GONE);
        levelList.addAll(list);
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
        buildSeats(want);
        findViewById(R.id.btn_start).setEnabled(true);
    }

    /** One row per Chameleon Chess colour: not playing, a person, or Tempest at one of its levels. */
    private void buildSeats(int defaultLevel) {
        LinearLayout box = findViewById(R.id.chameleon_seats);
        List<String> choices = new ArrayList<String>();
        choices.add("Not playing");
        choices.add("Person");
        int engineChoice = SEAT_PERSON + 1;
        for (int i = 0; i < levelList.size(); i++) {
            choices.add("Tempest: " + describe(levelList.get(i)));
            if (levelList.get(i).skill == defaultLevel) {
                engineChoice = SEAT_PERSON + 1 + i;
            }
        }
        for (int i = 0; i < SEAT_COLOURS.length(); i++) {
            String colour = SEAT_COLOURS.substring(i, i + 1);
            LinearLayout row = new LinearLayout(this);
            row.setOrientation(LinearLayout.HORIZONTAL);
            TextView name = new TextView(this);
            name.setText(Players.name(GameSetup.CHAMELEON, colour));
            name.setTextColor(BoardView.playerColor(colour.charAt(0)));
            name.setTextSize(16);
            name.setMinWidth((int) (72 * getResources().getDisplayMetrics().density));
            row.addView(name);
            Spinner sp = new Spinner(this, Spinner.MODE_DROPDOWN);
            sp.setAdapter(new ArrayAdapter<String>(this, android.R.layout.simple_spinner_dropdown_item, choices));
            sp.setSelection(i == 0 ? SEAT_PERSON : engineChoice);
            sp.setTag(colour);
            row.addView(sp, new LinearLayout.LayoutParams(0, LinearLayout.LayoutParams.WRAP_CONTENT, 1));
            box.addView(row);
            seats[i] = sp;
        }
    }

    /** The seat spinner of a Chameleon Chess colour (tests choose with it). */
    Spinner seat(String colour) {
        return seats[SEAT_COLOURS.indexOf(colour)];
    }

    /** The seat choice that is Tempest at the given Skill Level. */
    int engineSeat(int skill) {
        for (int i = 0; i < levelList.size(); i++) {
            if (levelList.get(i).skill == skill) {
                return SEAT_PERSON + 1 + i;
            }
        }
        return SEAT_PERSON + 1;
    }

    private void start() {
        String variant = variant();
        if (variant.equals(GameSetup.CHAMELEON)) {
            startChameleon();
            return;
        }
        RadioButton level = findViewById(levels.getCheckedRadioButtonId());
        int skill = (Integer) level.getTag();
        controller.settings().setLastLevel(skill);
        int colourId = ((RadioGroup) findViewById(R.id.colour_group)).getCheckedRadioButtonId();
        boolean second = colourId == R.id.rb_black || colourId == R.id.rb_random && new Random().nextBoolean();
        if (variant.equals(GameSetup.STRATEGO)) {
            Intent i = new Intent(this, StrategoSetupActivity.class);
            i.putExtra(StrategoSetupActivity.EXTRA_SIDE, second ? "e" : "v");
            i.putExtra(StrategoSetupActivity.EXTRA_LEVEL, skill);
            startActivity(i);
            finish();
            return;
        }
        // Pass and play: the people take both sides; the level only serves hints' fallbacks.
        String human = ((CheckBox) findViewById(R.id.pass_and_play)).isChecked() ? "wb" : second ? "b" : "w";
        long[] clock = timeControl(((RadioGroup) findViewById(R.id.clock_group)).getCheckedRadioButtonId());
        controller.newGame(new GameSetup(variant, human, skill, "startpos", controller.profiles().current())
                .withClock(clock[0], clock[1]));
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }

    /** A clock choice as {base, increment} in milliseconds; {0, 0} is no clock. */
    static long[] timeControl(int radioId) {
        if (radioId == R.id.rb_clock_3_2) {
            return new long[] {3 * 60000, 2000};
        } else if (radioId == R.id.rb_clock_5_3) {
            return new long[] {5 * 60000, 3000};
        } else if (radioId == R.id.rb_clock_10_5) {
            return new long[] {10 * 60000, 5000};
        } else if (radioId == R.id.rb_clock_15_10) {
            return new long[] {15 * 60000, 10000};
        }
        return new long[] {0, 0};
    }

    /** Chameleon Chess: the colours that play, who of them are people, each engine player's level. */
    private void startChameleon() {
        StringBuilder playing = new StringBuilder();
        StringBuilder people = new StringBuilder();
        StringBuilder engineLevels = new StringBuilder();
        int firstLevel = -1;
        for (int i = 0; i < seats.length; i++) {
            if (seats[i] == null) {
                return;
            }
            String colour = SEAT_COLOURS.substring(i, i + 1);
            int choice = seats[i].getSelectedItemPosition();
            if (choice == SEAT_ABSENT) {
                continue;
            }
            playing.append(colour);
            if (choice == SEAT_PERSON) {
                people.append(colour);
            } else {
                int skill = levelList.get(choice - SEAT_PERSON - 1).skill;
                if (firstLevel < 0) {
                    firstLevel = skill;
                }
                engineLevels.append(engineLevels.length() == 0 ? "" : ",").append(colour).append(skill);
            }
        }
        TextView problem = findViewById(R.id.setup_problem);
        if (playing.length() < 2 || people.length() == 0) {
            problem.setText("Choose at least two colours that play, and at least one person.");
            problem.setVisibility(View.VISIBLE);
            return;
        }
        if (firstLevel < 0) {
            firstLevel = controller.settings().lastLevel();
        }
        controller.newGame(new GameSetup(GameSetup.CHAMELEON, people.toString(), firstLevel,
                "startpos players " + playing, controller.profiles().current(), engineLevels.toString()));
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }
}
