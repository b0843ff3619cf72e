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
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.Features;
import org.tempest.app.game.GameSetup;

/**
 * New game: the game, among those the engine declares; for two-player
 * games the side and the engine level from the engine's own list of
 * levels; for a game of more players a seat per side (not playing, a
 * person, or Tempest at a level). A game whose start takes arrangements
 * goes on to the setup screen. What is offered follows each game's
 * declaration (game/Features).
 */
public final class NewGameActivity extends Activity {
    /** Seat choices before the engine's levels. */
    static final int SEAT_ABSENT = 0;
    static final int SEAT_PERSON = 1;

    private GameController controller;
    private RadioGroup levels;
    private final List<LevelInfo> levelList = new ArrayList<LevelInfo>();
    /** The games' declarations, null until the engine has told them. */
    private Games games;
    /** The seat spinners of the game shown, in its sides' turn order. */
    private final List<Spinner> seats = new ArrayList<Spinner>();
    /** The game the seats were built for. */
    private String seatsFor;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.showScreen(this, R.layout.activity_new_game);
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
        controller.games(new GameController.Callback<Games>() {
            @Override
            public void done(Games declared, String problem) {
                showGames(declared, problem);
            }
        });
        controller.levels(new GameController.Callback<List<LevelInfo>>() {
            @Override
            public void done(List<LevelInfo> list, String problem) {
                showLevels(list, problem);
            }
        });
    }

    /** Offers the games the engine declares and this app can show; the options follow the chosen one. */
    private void showGames(Games declared, String problem) {
        if (problem != null) {
            TextView status = findViewById(R.id.level_status);
            status.setText("The engine did not start: " + problem);
            return;
        }
        games = declared;
        for (GameUi ui : GameUi.offered()) {
            findViewById(ui.choiceId).setVisibility(declared.get(ui.name) != null ? View.VISIBLE : View.GONE);
        }
        showVariantOptions();
        enableStart();
    }

    private void enableStart() {
        findViewById(R.id.btn_start).setEnabled(games != null && !levelList.isEmpty());
    }

    /** The chosen game's name. */
    private String variant() {
        GameUi ui = GameUi.byChoice(((RadioGroup) findViewById(R.id.variant_group)).getCheckedRadioButtonId());
        return ui != null ? ui.name : GameUi.offered().get(0).name;
    }

    /** The chosen game's declaration, or null before the engine has told it. */
    private GameInfo declared() {
        return games == null ? null : games.get(variant());
    }

    /**
     * A game of more than two players shows a seat per side instead of a
     * side and a level; the sides are named as the game names them; a clock
     * and two people at the phone are offered where the game allows them.
     */
    private void showVariantOptions() {
        GameInfo g = declared();
        if (g == null) {
            return;
        }
        GameUi ui = GameUi.of(g.name);
        boolean seated = Features.seats(g);
        int twoPlayer = seated ? View.GONE : View.VISIBLE;
        findViewById(R.id.chameleon_seats).setVisibility(seated ? View.VISIBLE : View.GONE);
        findViewById(R.id.colour_heading).setVisibility(twoPlayer);
        findViewById(R.id.colour_group).setVisibility(twoPlayer);
        findViewById(R.id.level_heading).setVisibility(twoPlayer);
        findViewById(R.id.level_group).setVisibility(twoPlayer);
        CheckBox together = findViewById(R.id.pass_and_play);
        together.setVisibility(Features.passAndPlay(g) ? View.VISIBLE : View.GONE);
        if (!Features.passAndPlay(g)) {
            together.setChecked(false);
        }
        int clocked = Features.clock(g) ? View.VISIBLE : View.GONE;
        findViewById(R.id.clock_heading).setVisibility(clocked);
        findViewById(R.id.clock_group).setVisibility(clocked);
        findViewById(R.id.setup_problem).setVisibility(View.GONE);
        if (!seated) {
            ((RadioButton) findViewById(R.id.rb_white)).setText(ui.sideName(g.sides.get(0)));
            ((RadioButton) findViewById(R.id.rb_black)).setText(ui.sideName(g.sides.get(1)));
        } else if (!levelList.isEmpty()) {
            buildSeats(g, controller.settings().lastLevel());
        }
        nameLevels(g);
    }

    /**
     * The levels as they read in the chosen game: with their Elo in the game
     * it was measured in, without it elsewhere, and a note saying why.
     */
    private void nameLevels(GameInfo g) {
        for (int i = 0; i < levels.getChildCount(); i++) {
            RadioButton b = (RadioButton) levels.getChildAt(i);
            for (LevelInfo l : levelList) {
                if (l.skill == (Integer) b.getTag()) {
                    b.setText(LevelNames.choice(l, g.name));
                }
            }
        }
        TextView note = findViewById(R.id.level_note);
        String text = levelList.isEmpty() ? "" : LevelNames.unmeasuredNote(levelList, g.name);
        note.setText(text);
        note.setVisibility(text.isEmpty() ? View.GONE : View.VISIBLE);
    }

    private void showLevels(List<LevelInfo> list, String problem) {
        TextView status = findViewById(R.id.level_status);
        if (problem != null) {
            status.setText("The engine did not start: " + problem);
            return;
        }
        if (list.isEmpty()) {
            status.setText("The engine named no playing levels.");
            return;
        }
        status.setVisibility(View.GONE);
        levelList.addAll(list);
        int want = controller.settings().lastLevel();
        for (LevelInfo l : list) {
            RadioButton b = new RadioButton(this);
            b.setId(View.generateViewId());
            b.setTag(l.skill);
            b.setText(LevelNames.choice(l, variant()));
            levels.addView(b);
            if (l.skill == want) {
                levels.check(b.getId());
            }
        }
        if (levels.getCheckedRadioButtonId() == -1 && levels.getChildCount() > 0) {
            levels.check(levels.getChildAt(0).getId());
        }
        showVariantOptions();
        enableStart();
    }

    /**
     * One row per side of the game, in turn order: not playing (when the
     * start names who plays), a person, or Tempest at one of its levels.
     */
    private void buildSeats(GameInfo g, int defaultLevel) {
        if (g.name.equals(seatsFor)) {
            return;
        }
        seatsFor = g.name;
        GameUi ui = GameUi.of(g.name);
        LinearLayout box = findViewById(R.id.chameleon_seats);
        for (Spinner old : seats) {
            box.removeView((View) old.getParent());
        }
        seats.clear();
        StringBuilder order = new StringBuilder();
        for (String side : g.sides) {
            order.append(order.length() == 0 ? "" : ", ").append(ui.sideName(side));
        }
        TextView help = findViewById(R.id.seats_help);
        help.setText((g.minPlayers == g.maxPlayers ? g.maxPlayers + " players" : g.minPlayers + " to " + g.maxPlayers
                        + " players") + ", in the order " + order
                        + ". Each is a person at this phone or Tempest at a level.");
        List<String> choices = new ArrayList<String>();
        choices.add("Not playing");
        choices.add("Person");
        int engineChoice = SEAT_PERSON + 1;
        for (int i = 0; i < levelList.size(); i++) {
            choices.add("Tempest: " + LevelNames.choice(levelList.get(i), g.name));
            if (levelList.get(i).skill == defaultLevel) {
                engineChoice = SEAT_PERSON + 1 + i;
            }
        }
        for (int i = 0; i < g.sides.size(); i++) {
            String colour = g.sides.get(i);
            LinearLayout row = new LinearLayout(this);
            row.setOrientation(LinearLayout.HORIZONTAL);
            TextView name = new TextView(this);
            name.setText(ui.sideName(colour));
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
            seats.add(sp);
        }
    }

    /** The seat spinner of a side, or null when the game shown has none (tests choose with it). */
    Spinner seat(String side) {
        for (Spinner sp : seats) {
            if (side.equals(sp.getTag())) {
                return sp;
            }
        }
        return null;
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
        GameInfo g = declared();
        if (g == null) {
            return;
        }
        if (Features.seats(g)) {
            startSeated(g);
            return;
        }
        RadioButton level = findViewById(levels.getCheckedRadioButtonId());
        int skill = (Integer) level.getTag();
        controller.settings().setLastLevel(skill);
        int colourId = ((RadioGroup) findViewById(R.id.colour_group)).getCheckedRadioButtonId();
        boolean second = colourId == R.id.rb_black || colourId == R.id.rb_random && new Random().nextBoolean();
        String side = g.sides.get(second ? 1 : 0);
        if (Features.arrangement(g)) {
            Intent i = new Intent(this, StrategoSetupActivity.class);
            i.putExtra(StrategoSetupActivity.EXTRA_GAME, variant);
            i.putExtra(StrategoSetupActivity.EXTRA_SIDE, side);
            i.putExtra(StrategoSetupActivity.EXTRA_LEVEL, skill);
            startActivity(i);
            finish();
            return;
        }
        // Pass and play: the people take both sides; the level only serves hints' fallbacks.
        String human = ((CheckBox) findViewById(R.id.pass_and_play)).isChecked() ? g.sides.get(0) + g.sides.get(1)
                : side;
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

    /** A game of seats: the sides that play, who of them are people, each engine player's level. */
    private void startSeated(GameInfo g) {
        StringBuilder playing = new StringBuilder();
        StringBuilder people = new StringBuilder();
        StringBuilder engineLevels = new StringBuilder();
        int firstLevel = -1;
        if (seats.size() != g.sides.size()) {
            return;
        }
        for (int i = 0; i < seats.size(); i++) {
            String colour = g.sides.get(i);
            int choice = seats.get(i).getSelectedItemPosition();
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
        boolean named = g.takesStartWord("players");
        if (playing.length() < g.minPlayers || people.length() == 0 || !named && playing.length() < g.maxPlayers) {
            problem.setText(named ? "Choose at least " + g.minPlayers + " colours that play, and at least one person."
                    : "Every colour plays here: choose a person or Tempest for each, and at least one person.");
            problem.setVisibility(View.VISIBLE);
            return;
        }
        if (firstLevel < 0) {
            firstLevel = controller.settings().lastLevel();
        }
        controller.newGame(new GameSetup(g.name, people.toString(), firstLevel,
                named ? "startpos players " + playing : "startpos", controller.profiles().current(),
                engineLevels.toString()));
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }
}
