package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
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
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.GameSetup;

/**
 * Each game's levels have their own measured strength (docs/STRENGTH.md,
 * "The levels in each game"; the engine's "levels" gives a scale per game,
 * and per number of players where that varies): the game screen, the
 * new-game screen and the rating read a level's Elo on the scale of the game
 * on the screen, never chess's in another game, and none where a game of
 * that many players is unmeasured.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class LevelLabelsTest {
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

    private static Games games() {
        final Object[] got = new Object[1];
        Screens.controller().games((g, problem) -> got[0] = g);
        AppTest.waitFor("the games", () -> got[0] != null);
        return (Games) got[0];
    }

    /**
     * Every level once, with an Elo in every game the engine plays: chess's
     * (the levels' Elo UCI_Elo reads) first, then each variant's own, which
     * is not chess's copied; Chameleon Chess of two players has one, three
     * players none.
     */
    @Test
    public void theEngineGivesEachGameItsOwnScale() {
        List<LevelInfo> levels = levels();
        assertEquals(11, levels.size());
        assertEquals("random", levels.get(0).kind);
        assertEquals("greedy", levels.get(1).kind);
        assertEquals("full", levels.get(10).kind);
        assertEquals("chess", levels.get(0).scales().get(0));
        assertEquals(Integer.valueOf(1050), levels.get(1).eloIn("chess", 2));
        for (GameInfo g : games().all()) {
            boolean differs = false;
            for (LevelInfo l : levels) {
                assertNotNull(g.name + ": " + l, l.eloIn(g.name, 2));
                differs |= !l.eloIn(g.name, 2).equals(l.eloIn("chess", 2));
            }
            assertTrue(g.name + " has its own numbers", differs || g.name.equals("chess"));
        }
        assertNull("three players of Chameleon Chess are unmeasured", levels.get(1).eloIn("chameleon", 3));
        for (int i = 1; i < levels.size(); i++) {
            assertTrue("chess's levels grow", levels.get(i).eloIn("chess", 2) > levels.get(i - 1).eloIn("chess", 2));
        }
    }

    /** The opponent's bar in each game: the level's Elo in that game with that many players. */
    @Test
    public void theGameScreenShowsTheGamesOwnElo() throws Exception {
        LevelInfo greedy = levels().get(1);
        GameSetup[] setups = {
            new GameSetup("chess", "w", 1, "startpos", "Player"),
            new GameSetup("chessmate", "w", 1, "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"),
            new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y1,g1"),
            new GameSetup("chameleon", "r", 1, "startpos players ry", "Player", "y1"),
            new GameSetup("chameleon", "r", 1, "startpos players ryg", "Player", "y1,g1"),
            new GameSetup("stratego", "v", 1, "startpos", "Player"),
        };
        int[] players = {2, 2, 4, 2, 3, 2};
        for (int i = 0; i < setups.length; i++) {
            GameSetup g = setups[i];
            Screens.controller().newGame(g);
            GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
            Screens.settle();
            String top = ((TextView) a.findViewById(R.id.name_top)).getText().toString();
            Integer elo = greedy.eloIn(g.variant, players[i]);
            assertTrue(g.variant + ": " + top, top.contains("Greedy"));
            if (elo != null) {
                assertTrue(g.variant + " of " + players[i] + ": " + top, top.contains("Greedy · " + elo + " Elo"));
            } else {
                assertFalse(g.variant + " of " + players[i] + ": " + top, top.contains(" Elo"));
            }
            if (!g.variant.equals("chess") && elo != null) {
                assertFalse("not chess's number: " + top, top.contains("Greedy · " + greedy.eloIn("chess", 2) + " Elo")
                        && !elo.equals(greedy.eloIn("chess", 2)));
            }
            a.finish();
        }
    }

    /**
     * The new-game screen names each game's levels with their Elo in that
     * game, says whose scale the numbers are on, and gives Chameleon Chess's
     * seats, whose number of players is not chosen yet, none.
     */
    @Test
    public void theNewGameScreenShowsEachGamesOwnElo() throws Exception {
        NewGameActivity a = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        RadioGroup levels = a.findViewById(R.id.level_group);
        AppTest.waitFor("the levels", () -> levels.getChildCount() > 0);
        Screens.settle();
        List<LevelInfo> known = levels();
        RadioGroup variants = a.findViewById(R.id.variant_group);
        TextView note = a.findViewById(R.id.level_note);
        int[] choices = {R.id.rb_chess, R.id.rb_chessmate, R.id.rb_stratego};
        String[] names = {"chess", "chessmate", "stratego"};
        for (int c = 0; c < choices.length; c++) {
            variants.check(choices[c]);
            org.robolectric.Shadows.shadowOf(android.os.Looper.getMainLooper()).idle();
            boolean chess = choices[c] == R.id.rb_chess;
            for (int i = 0; i < levels.getChildCount(); i++) {
                String text = ((RadioButton) levels.getChildAt(i)).getText().toString();
                Integer elo = known.get(i).eloIn(names[c], 2);
                assertTrue(names[c] + ": " + text, text.endsWith(" (about " + elo + " Elo)"));
            }
            assertEquals(chess ? View.GONE : View.VISIBLE, note.getVisibility());
            if (!chess) {
                assertTrue(note.getText().toString(), note.getText().toString().contains("a scale of its own, not "
                        + "comparable with Elo in Chess"));
            }
            if (choices[c] == R.id.rb_chessmate) {
                AppTest.screenshot(a, "new_game_card_chess_levels");
                Screens.assertNoTextClipped(a.findViewById(android.R.id.content));
            }
        }
        variants.check(R.id.rb_chameleon);
        AppTest.waitFor("the seats", () -> a.seat("r") != null);
        Spinner red = a.seat("r");
        for (int i = 0; i < red.getAdapter().getCount(); i++) {
            String seat = red.getAdapter().getItem(i).toString();
            assertFalse(seat, seat.contains(" Elo"));
        }
        assertNotEquals("", note.getText().toString());
        assertTrue(note.getText().toString(), note.getText().toString().contains("Chameleon Chess games of 2"));
    }
}
