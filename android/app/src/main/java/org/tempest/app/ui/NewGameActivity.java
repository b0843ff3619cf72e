package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.AdapterView;
import android.widget.ArrayAdapter;
import android.widget.CheckBox;
import android.widget.CompoundButton;
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
import org.tempest.app.game.RatedGames;

/**
 * New game: the game, among those the engine declares; for two-player
 * games the side and the engine level from the engine's own list of
 * levels; for a game of more players a seat per side (not playing, a
 * person, or Tempest at a level). A game whose start takes arrangements
 * goes on to the setup screen. What is offered follows each game's
 * declaration (game/Features). Whether the game will be rated is shown
 * and, where it can be, chosen (RatedGames.whyCasual), with the person's
 * rating in it.
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
        levels.setOnCheckedChangeListener(new RadioGroup.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(RadioGroup g, int id) {
                showRated();
            }
        });
        CompoundButton.OnCheckedChangeListener rated = new CompoundButton.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(CompoundButton b, boolean on) {
                showRated();
            }
        };
        ((CheckBox) findViewById(R.id.pass_and_play)).setOnCheckedChangeListener(rated);
        ratedBox().setChecked(controller.settings().ratedGames());
        ratedBox().setOnCheckedChangeListener(new CompoundButton.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(CompoundButton b, boolean on) {
                if (b.isEnabled()) {
                    controller.settings().setRatedGames(on); // the person's choice, for the next game and rematches
                }
                showRated();
            }
        });
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
        showRated();
    }

    private CheckBox ratedBox() {
        return findViewById(R.id.rated);
    }

    /**
     * The setup the screen's choices make now, for the rating's sake: who
     * plays and at which levels, from the game's start (a random colour is
     * taken as the first side: it does not change the rating). Null before
     * the engine has told its games and levels.
     */
    private GameSetup chosen() {
        GameInfo g = declared();
        if (g == null || levelList.isEmpty()) {
            return null;
        }
        String profile = controller.profiles().current();
        if (Features.seats(g)) {
            String[] s = seated(g);
            return s == null ? null : new GameSetup(g.name, s[1], s[3].isEmpty() ? 0 : Integer.parseInt(s[3]),
                    g.takesStartWord("players") ? "startpos players " + s[0] : "startpos", profile, s[2]);
        }
        RadioButton level = findViewById(levels.getCheckedRadioButtonId());
        if (level == null) {
            return null;
        }
        boolean second = ((RadioGroup) findViewById(R.id.colour_group)).getCheckedRadioButtonId() == R.id.rb_black;
        String side = g.sides.get(second ? 1 : 0);
        String human = ((CheckBox) findViewById(R.id.pass_and_play)).isChecked() ? g.sides.get(0) + g.sides.get(1)
                : side;
        return new GameSetup(g.name, human, (Integer) level.getTag(), "startpos", profile);
    }

    /**
     * Whether the game will be rated, and the person's rating in it; where it
     * cannot be, why (the check box is then off and disabled). A rated game
     * under way that starting this one would lose is named first.
     */
    private void showRated() {
        TextView status = findViewById(R.id.rated_status);
        GameInfo g = declared();
        GameSetup s = chosen();
        CheckBox box = ratedBox();
        if (g == null || s == null) {
            status.setText("");
            box.setEnabled(false);
            return;
        }
        String why = controller.rated().whyCasualFor(g, s, levelList);
        box.setEnabled(why == null);
        if (box.isChecked() != (why == null && controller.settings().ratedGames())) {
            box.setChecked(why == null && controller.settings().ratedGames()); // calls back here once
            return;
        }
        StringBuilder text = new StringBuilder();
        if (controller.rated().pending(s.profile)) {
            text.append("Your rated game under way counts as a loss once this one starts (Continue, on the start "
                    + "menu, goes back to it).\n");
        }
        if (why != null) {
            text.append("Casual: ").append(why).append(".");
        } else if (!box.isChecked()) {
            text.append("Casual, as you chose: it counts for no rating.");
        } else {
            String scale = RatedGames.scaleOf(g, s, levelList);
            text.append("Rated: your rating in ").append(Ratings.scaleTitle(scale)).append(" is ")
                    .append(Ratings.ratingText(controller, s.profile, scale))
                    .append(". Undo, hints, the evaluation bar and analysis make a game casual.");
        }
        status.setText(text.toString());
    }

    /** Whether the game started now is rated: chosen, and it can be. */
    private GameSetup rated(GameInfo g, GameSetup s) {
        return ratedBox().isChecked() ? controller.rated().ratedIfItCan(g, s, levelList) : s;
    }

    /**
     * The levels as they read in the chosen game: with their Elo on its own
     * scale, and a note saying whose scale it is (none where unmeasured).
     */
    private void nameLevels(GameInfo g) {
        for (int i = 0; i < levels.getChildCount(); i++) {
            RadioButton b = (RadioButton) levels.getChildAt(i);
            for (LevelInfo l : levelList) {
                if (l.skill == (Integer) b.getTag()) {
                    b.setText(LevelNames.choice(l, g.name, g.sides.size()));
                }
            }
        }
        TextView note = findViewById(R.id.level_note);
        String text = levelList.isEmpty() ? ""
                : LevelNames.scaleNote(levelList, g.name, GameUi.of(g.name).howToTitle());
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
            GameInfo g = declared();
            b.setText(LevelNames.choice(l, variant(), g == null ? 0 : g.sides.size()));
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
            choices.add("Tempest: " + LevelNames.choice(levelList.get(i), g.name, 0));
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
            sp.setOnItemSelectedListener(new AdapterView.OnItemSelectedListener() {
                @Override
                public void onItemSelected(AdapterView<?> parent, View view, int position, long id) {
                    showRated();
                }

                @Override
                public void onNothingSelected(AdapterView<?> parent) {
                    showRated();
                }
            });
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
            i.putExtra(StrategoSetupActivity.EXTRA_RATED, rated(g, new GameSetup(variant, side, skill, "startpos",
                    controller.profiles().current())).isRated());
            startActivity(i);
            finish();
            return;
        }
        // Pass and play: the people take both sides; the level only serves hints' fallbacks.
        String human = ((CheckBox) findViewById(R.id.pass_and_play)).isChecked() ? g.sides.get(0) + g.sides.get(1)
                : side;
        long[] clock = timeControl(((RadioGroup) findViewById(R.id.clock_group)).getCheckedRadioButtonId());
        controller.newGame(rated(g, new GameSetup(variant, human, skill, "startpos", controller.profiles().current())
                .withClock(clock[0], clock[1])));
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

    /**
     * The seats as chosen: the colours that play, those of them people
     * play, the engine players' levels ("b1,y0") and the first engine
     * player's level ("" for none); null while the seats are not built.
     */
    private String[] seated(GameInfo g) {
        if (seats.size() != g.sides.size()) {
            return null;
        }
        StringBuilder playing = new StringBuilder();
        StringBuilder people = new StringBuilder();
        StringBuilder engineLevels = new StringBuilder();
        String firstLevel = "";
        for (int i = 0; i < seats.size(); i++) {
            String colour = g.sides.get(i);
            int choice = seats.get(i).getSelectedItemPosition();
            if (choice == SEAT_ABSENT || choice < 0) {
                continue;
            }
            playing.append(colour);
            if (choice == SEAT_PERSON) {
                people.append(colour);
            } else {
                int skill = levelList.get(choice - SEAT_PERSON - 1).skill;
                if (firstLevel.isEmpty()) {
                    firstLevel = Integer.toString(skill);
                }
                engineLevels.append(engineLevels.length() == 0 ? "" : ",").append(colour).append(skill);
            }
        }
        return new String[] {playing.toString(), people.toString(), engineLevels.toString(), firstLevel};
    }

    /** A game of seats: the sides that play, who of them are people, each engine player's level. */
    private void startSeated(GameInfo g) {
        String[] chosen = seated(g);
        if (chosen == null) {
            return;
        }
        String playing = chosen[0];
        String people = chosen[1];
        TextView problem = findViewById(R.id.setup_problem);
        boolean named = g.takesStartWord("players");
        if (playing.length() < g.minPlayers || people.length() == 0 || !named && playing.length() < g.maxPlayers) {
            problem.setText(named ? "Choose at least " + g.minPlayers + " colours that play, and at least one person."
                    : "Every colour plays here: choose a person or Tempest for each, and at least one person.");
            problem.setVisibility(View.VISIBLE);
            return;
        }
        int firstLevel = chosen[3].isEmpty() ? controller.settings().lastLevel() : Integer.parseInt(chosen[3]);
        controller.newGame(rated(g, new GameSetup(g.name, people, firstLevel,
                named ? "startpos players " + playing : "startpos", controller.profiles().current(), chosen[2])));
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }
}
