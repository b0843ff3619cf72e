package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.tempest.app.ui.AppTest.waitFor;

import android.view.View;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.util.Arrays;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.tempest.app.R;
import org.tempest.app.engine.EditedEngine;
import org.tempest.app.game.Snapshot;

/**
 * The new-game screen offers what each game declares: the real engine with
 * one declaration edited (VariantScreensTest and PassAndPlayTest show the
 * same screen with the declarations as they are).
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
public class DeclaredScreensTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();
    private String engine;

    @Before
    public void keepEngine() {
        engine = System.getProperty("tempest.engine");
    }

    @After
    public void restoreEngine() {
        Screens.forgetController();
        System.setProperty("tempest.engine", engine);
    }

    private NewGameActivity newGameScreen(String... lineThenReplacement) throws Exception {
        System.setProperty("tempest.engine", EditedEngine.script(tmp.getRoot(), lineThenReplacement));
        Screens.forgetController();
        NewGameActivity n = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        waitFor("the games and levels", () -> n.findViewById(R.id.btn_start).isEnabled());
        return n;
    }

    /** Chameleon Chess declared for three sides: three seats in that order, and the game starts with them. */
    @Test
    public void theSeatsAreTheDeclaredSides() throws Exception {
        NewGameActivity n = newGameScreen("game chameleon sides r,b,y,g players 2-4 ",
                "game chameleon sides r,b,y players 2-3 ");
        ((RadioGroup) n.findViewById(R.id.variant_group)).check(R.id.rb_chameleon);
        assertNotNull(n.seat("y"));
        assertNull("green is not declared", n.seat("g"));
        String help = ((TextView) n.findViewById(R.id.seats_help)).getText().toString();
        assertTrue(help, help.startsWith("2 to 3 players, in the order Red, Blue, Yellow."));
        n.seat("r").setSelection(NewGameActivity.SEAT_PERSON);
        n.seat("b").setSelection(n.engineSeat(1));
        n.seat("y").setSelection(NewGameActivity.SEAT_ABSENT);
        n.findViewById(R.id.btn_start).performClick();
        Screens.settle();
        Snapshot s = Screens.controller().snapshot();
        assertEquals("startpos players rb", s.setup.start);
        assertEquals(Arrays.asList("r", "b", "y"), s.game.sides);
        assertEquals("r", s.state.toMove);
    }

    /**
     * Stratego declared without hidden information: two people may share
     * the phone, as in chess; as declared, they may not.
     */
    @Test
    public void passAndPlayIsOfferedWhereTheBoardHidesNothing() throws Exception {
        NewGameActivity n = newGameScreen("game stratego sides v,e players 2-2 board 10x8 hidden pieces ",
                "game stratego sides v,e players 2-2 board 10x8 hidden - ");
        ((RadioGroup) n.findViewById(R.id.variant_group)).check(R.id.rb_stratego);
        assertEquals(View.VISIBLE, n.findViewById(R.id.pass_and_play).getVisibility());
        assertEquals("its sides are not White and Black: no clock", View.GONE,
                n.findViewById(R.id.clock_group).getVisibility());
        assertEquals("Volcandria", ((TextView) n.findViewById(R.id.rb_white)).getText().toString());
    }
}
