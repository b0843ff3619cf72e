package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import android.view.View;
import android.widget.RadioButton;
import android.widget.RadioGroup;
import android.widget.Spinner;
import android.widget.TextView;
import java.util.List;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.GameSetup;

/**
 * The levels' Elo was measured in chess games alone (docs/STRENGTH.md,
 * "Playing levels"; the engine's "levels" says "measured chess"): the game
 * screen, the new-game screen and its seats show it in chess and in no other
 * game, where a level is named without a number.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class LevelLabelsTest {
    /** A number of Elo, as a level's label writes it ("1050 Elo"). */
    private static final java.util.regex.Pattern AN_ELO = java.util.regex.Pattern.compile("\\d+ Elo");

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static List<LevelInfo> levels() {
        final Object[] got = new Object[1];
        Screens.controller().levels((l, problem) -> got[0] = l);
        AppTest.waitFor("the levels", () -> got[0] != null);
        @SuppressWarnings("unchecked")
        List<LevelInfo> l = (List<LevelInfo>) got[0];
        return l;
    }

    @Test
    public void theEngineSaysWhereTheEloWasMeasured() {
        for (LevelInfo l : levels()) {
            assertEquals(l.toString(), "chess", l.measuredIn);
            assertTrue(l.eloHoldsIn("chess"));
            assertFalse(l.eloHoldsIn("chessmate"));
        }
    }

    /** The opponent's bar in each game, and every text on its screen: an Elo in chess alone. */
    @Test
    public void onlyTheChessScreenShowsAnElo() throws Exception {
        LevelInfo greedy = levels().get(1);
        GameSetup[] games = {
            new GameSetup("chess", "w", 1, "startpos", "Player"),
            new GameSetup("chessmate", "w", 1, "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"),
            new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y1,g1"),
            new GameSetup("stratego", "v", 1, "startpos", "Player"),
        };
        for (GameSetup g : games) {
            Screens.controller().newGame(g);
            GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
            Screens.settle();
            String top = ((TextView) a.findViewById(R.id.name_top)).getText().toString();
            assertTrue(g.variant + ": " + top, top.contains("Greedy"));
            boolean chess = g.variant.equals("chess");
            assertEquals(g.variant + ": " + top, chess, top.contains("Greedy · " + greedy.elo + " Elo"));
            for (String text : Screens.visibleTexts(a)) {
                assertTrue(g.variant + " shows \"" + text + "\"", chess || !AN_ELO.matcher(text).find());
            }
            a.finish();
        }
    }

    /** The new-game screen names the levels with their Elo for chess, without it (and says why) elsewhere. */
    @Test
    public void theNewGameScreenShowsTheEloForChessAlone() throws Exception {
        NewGameActivity a = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        RadioGroup levels = a.findViewById(R.id.level_group);
        AppTest.waitFor("the levels", () -> levels.getChildCount() > 0);
        Screens.settle();
        RadioGroup variants = a.findViewById(R.id.variant_group);
        TextView note = a.findViewById(R.id.level_note);
        int[] choices = {R.id.rb_chess, R.id.rb_chessmate, R.id.rb_stratego, R.id.rb_chameleon};
        for (int id : choices) {
            variants.check(id);
            org.robolectric.Shadows.shadowOf(android.os.Looper.getMainLooper()).idle();
            boolean chess = id == R.id.rb_chess;
            for (int i = 0; i < levels.getChildCount(); i++) {
                String text = ((RadioButton) levels.getChildAt(i)).getText().toString();
                assertEquals(text, chess, text.contains(" Elo)"));
            }
            assertEquals(chess ? View.GONE : View.VISIBLE, note.getVisibility());
            if (id == R.id.rb_chessmate) {
                assertTrue(note.getText().toString(), note.getText().toString().contains("measured in chess games only"));
                AppTest.screenshot(a, "new_game_card_chess_levels");
                Screens.assertNoTextClipped(a.findViewById(android.R.id.content));
            }
        }
        Spinner red = a.seat("r");
        for (int i = 0; i < red.getAdapter().getCount(); i++) {
            String seat = red.getAdapter().getItem(i).toString();
            assertFalse(seat, AN_ELO.matcher(seat).find());
        }
        for (String text : Screens.visibleTexts(a)) {
            assertFalse("Chameleon Chess's new-game screen: " + text, AN_ELO.matcher(text).find());
        }
    }
}
