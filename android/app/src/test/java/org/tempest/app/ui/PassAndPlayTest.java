package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.os.Looper;
import android.view.View;
import android.widget.CheckBox;
import android.widget.RadioGroup;
import android.widget.TextView;
import java.util.Arrays;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * Two people at one phone, in chess and card chess, against the real engine
 * as referee: the board turns to the player to move, card hands are hidden
 * behind a "pass the phone" screen between turns, draws are agreed between
 * the people, and the result counts for no ranking against the engine.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class PassAndPlayTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameActivity open() {
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        return a;
    }

    private static Snapshot game() {
        return Screens.controller().snapshot();
    }

    @Test
    public void theNewGameScreenStartsAPassAndPlayGame() throws Exception {
        NewGameActivity a = Robolectric.buildActivity(NewGameActivity.class).setup().get();
        RadioGroup levels = a.findViewById(R.id.level_group);
        AppTest.waitFor("the levels", () -> levels.getChildCount() > 0);
        CheckBox together = a.findViewById(R.id.pass_and_play);
        ((RadioGroup) a.findViewById(R.id.variant_group)).check(R.id.rb_stratego);
        assertEquals(View.GONE, together.getVisibility());
        ((RadioGroup) a.findViewById(R.id.variant_group)).check(R.id.rb_chess);
        assertEquals(View.VISIBLE, together.getVisibility());
        together.setChecked(true);
        a.findViewById(R.id.btn_start).performClick();
        Screens.settle();
        assertEquals("wb", game().setup.humanPlayers);
        assertTrue(game().humanToMove());
    }

    @Test
    public void cardChessHidesEachHandBetweenTurns() throws Exception {
        Screens.controller().newGame(new GameSetup("chessmate", "wb", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
        GameActivity a = open();
        CardHandView own = a.findViewById(R.id.own_hand);
        BoardView board = a.findViewById(R.id.board);
        assertEquals(Arrays.asList("RV", "LC", "VU"), own.cards());
        assertFalse(own.faceDown());
        assertEquals(0, board.turns());

        float[] lc = own.centerOf(1);
        AppTest.tap(own, lc[0], lc[1]);
        AppTest.tapSquare(a, "a1");
        AppTest.tapSquare(a, "a8");
        Screens.settle();
        assertEquals(Arrays.asList("LC:a1a8"), game().moves);
        TextView cover = a.findViewById(R.id.pass_cover);
        assertEquals(View.VISIBLE, cover.getVisibility());
        assertTrue(cover.getText().toString().startsWith("Pass the phone to Black."));
        assertTrue("nothing of a hand shows under the cover", own.faceDown());
        String last = ((TextView) a.findViewById(R.id.last_move)).getText().toString();
        assertFalse("White's drawn card is not shown to Black: " + last, last.contains("drew"));
        AppTest.screenshot(a, "pass_and_play_cover");
        a.onConfigurationChanged(a.getResources().getConfiguration()); // a rotation rebuilds the views
        cover = a.findViewById(R.id.pass_cover);
        assertEquals("the cover survives a rotation", View.VISIBLE, cover.getVisibility());
        assertTrue(((CardHandView) a.findViewById(R.id.own_hand)).faceDown());
        own = a.findViewById(R.id.own_hand);
        board = a.findViewById(R.id.board);

        cover.performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(View.GONE, cover.getVisibility());
        assertFalse(own.faceDown());
        assertEquals("Black's own hand", Arrays.asList("HF", "DM", "CR"), own.cards());
        assertEquals("the board turns to Black", 2, board.turns());
        assertEquals("Black to move", ((TextView) a.findViewById(R.id.status)).getText().toString());

        AppTest.tapSquare(a, "e7");
        AppTest.tapSquare(a, "e5");
        Screens.settle();
        assertEquals(2, game().moves.size());
        assertEquals(View.VISIBLE, cover.getVisibility());
        assertTrue(cover.getText().toString().startsWith("Pass the phone to White."));
    }

    @Test
    public void chessTurnsTheBoardAndTheOtherPersonAgreesToADraw() throws Exception {
        Screens.controller().newGame(new GameSetup("chess", "wb", 1, "startpos", "Player"));
        GameActivity a = open();
        BoardView board = a.findViewById(R.id.board);
        AppTest.tapSquare(a, "e2");
        AppTest.tapSquare(a, "e4");
        Screens.settle();
        assertEquals(2, board.turns());
        assertTrue("no cover in chess: nothing is hidden", a.findViewById(R.id.pass_cover) == null
                || a.findViewById(R.id.pass_cover).getVisibility() != View.VISIBLE);
        AppTest.tapSquare(a, "e7");
        AppTest.tapSquare(a, "e5");
        Screens.settle();
        assertEquals(0, board.turns());
        assertEquals(2, game().moves.size());

        Screens.chooseMenu(a, R.id.menu_draw);
        AlertDialog ask = a.answerDialog();
        assertEquals("White offers a draw. Black, do you accept?", shadowOf(ask).getMessage().toString());
        ask.getButton(DialogInterface.BUTTON_POSITIVE).performClick();
        Screens.settle();
        Snapshot s = game();
        assertTrue(s.state.over);
        assertEquals("1/2-1/2", s.state.result);
        assertEquals(0, s.humanOutcome());
        assertEquals("Game over", shadowOf(a.endDialog()).getTitle().toString());
        assertTrue("people playing each other count for no ranking",
                Screens.controller().profiles().ranking("Player").isEmpty());
    }
}
