package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import android.text.Spanned;
import android.text.style.ClickableSpan;
import android.widget.TextView;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * The move list and stepping through a game, against the real engine: SAN
 * from the engine for chess and card chess, card actions by name, each move
 * a link to its position, start / back / forward / end, a loaded record
 * listed from its start, and the formats of the other games.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class MoveListTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static String text(GameActivity a, int id) {
        return ((TextView) a.findViewById(id)).getText().toString();
    }

    private static GameActivity open() {
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        return a;
    }

    private static char pieceOn(GameActivity a, String square) {
        BoardModel m = ((BoardView) a.findViewById(R.id.board)).model();
        int[] fr = m.square(square);
        return m.piece(fr[0], fr[1]);
    }

    @Test
    public void aLoadedGameIsListedInSANAndSteppedThrough() throws Exception {
        Screens.controller().load("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O *\n", 1,
                (ok, problem) -> assertTrue(problem, ok));
        GameActivity a = open();
        assertEquals("1. e4 e5  2. Nf3 Nc6  3. Bb5 a6  4. Bxc6 dxc6  5. O-O", text(a, R.id.move_list));
        assertEquals("Off the board: White ♗ · Black ♞", text(a, R.id.captured));
        assertFalse(a.findViewById(R.id.btn_forward).isEnabled());

        a.findViewById(R.id.btn_back).performClick();
        Screens.settle();
        Snapshot s = shownOf(a);
        assertEquals(8, s.ply);
        assertTrue(s.isPast());
        assertEquals('K', pieceOn(a, "e1"));
        assertEquals("After move 8 of 9: ▶| returns to the game", text(a, R.id.status));
        assertTrue("nothing can be played in the past", s.legal.isEmpty());

        a.findViewById(R.id.btn_first).performClick();
        Screens.settle();
        assertEquals(0, shownOf(a).ply);
        assertEquals('N', pieceOn(a, "g1"));
        assertEquals("The start of the game: ▶| returns to the game", text(a, R.id.status));

        // A tap on "Bxc6" shows the position after it: White's bishop on c6.
        clickMove(a, "Bxc6");
        Screens.settle();
        assertEquals(7, shownOf(a).ply);
        assertEquals('B', pieceOn(a, "c6"));

        a.findViewById(R.id.btn_forward).performClick();
        Screens.settle();
        assertEquals(8, shownOf(a).ply);
        assertEquals('p', pieceOn(a, "c6"));

        a.findViewById(R.id.btn_last).performClick();
        Screens.settle();
        assertFalse(shownOf(a).isPast());
        assertEquals('K', pieceOn(a, "g1"));
        assertTrue("the game goes on where it was", shownOf(a).humanToMove());
        AppTest.screenshot(a, "game_move_list");
    }

    @Test
    public void cardActionsAreNamedAndEngineMovesAppendToTheList() throws Exception {
        Screens.controller().newGame(new GameSetup("chessmate", "w", 1,
                "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
        GameActivity a = open();
        CardHandView own = a.findViewById(R.id.own_hand);
        float[] lc = own.centerOf(1);
        AppTest.tap(own, lc[0], lc[1]);
        AppTest.tapSquare(a, "a1");
        AppTest.tapSquare(a, "a8");
        Screens.settle();
        String list = text(a, R.id.move_list);
        assertTrue(list, list.startsWith("1. Lost Castle a1↔a8 "));
        Snapshot s = shownOf(a);
        assertEquals(2, s.moves.size());
        assertFalse("the engine's drawn card is not named: " + list, list.contains("drew"));
    }

    private static Snapshot shownOf(GameActivity a) {
        return a.shownForTest();
    }

    private static void clickMove(GameActivity a, String move) {
        TextView list = a.findViewById(R.id.move_list);
        Spanned text = (Spanned) list.getText();
        int at = text.toString().indexOf(move);
        assertTrue(move + " in " + text, at >= 0);
        ClickableSpan[] spans = text.getSpans(at, at + 1, ClickableSpan.class);
        assertEquals(1, spans.length);
        spans[0].onClick(list);
    }

    @Test
    public void theOtherGamesNotation() {
        assertEquals("Nf3", MoveText.of("chess", "g1f3", "san Nf3"));
        assertEquals("Bxc6", MoveText.of("chess", "b5c6", "captured c6; san Bxc6"));
        assertEquals("Vulture, Hand of Fate: e4", MoveText.of("chessmate", "VU+HF+e2e4", "san e4; hands exchanged"));
        assertEquals("Crusade c1→e3→g5", MoveText.of("chessmate", "CR:c1e3g5@?", "drew MS"));
        assertEquals("Death Dance e7↔d8=Q", MoveText.of("chessmate", "DD:e7d8q", ""));
        assertEquals("Forbidden City e4", MoveText.of("chessmate", "FC:e4", "drew DD; forbidden e4"));
        assertEquals("stalemate claimed", MoveText.of("chessmate", "stalemate", "claimed stalemate"));
        // Chameleon Chess and Stratego in long algebraic notation, never as the engine's token.
        assertEquals("a1–b3", MoveText.of("chameleon", "a1b3", "bounds b1h8; next y"));
        assertEquals("a1×b3 (Blue out)", MoveText.of("chameleon", "a1b3",
                "captured b3; bounds b1h4; eliminated b; next g"));
        assertEquals("pass", MoveText.of("chameleon", "0000", "bounds e3g5; next g"));
        assertEquals("a3–a4", MoveText.of("stratego", "a3a4", ""));
        assertEquals("i6–i3", MoveText.of("stratego", "i6i3", ""));
        assertEquals("i6×i3 (" + StrategoPieces.name('c') + " attacks " + StrategoPieces.name('E') + ")",
                MoveText.of("stratego", "i6i3:cE", "")); // a loaded battle: the token's announcement
        assertEquals("e2–e4", MoveText.of("chess", "e2e4", "")); // a move the engine gave no SAN for
        String battle = MoveText.of("stratego", "a4a5:Dx", "battle Dx; attacker wins; removed x a5");
        assertEquals("a4×a5 (" + StrategoPieces.name('D') + " attacks " + StrategoPieces.name('x') + ": "
                + StrategoPieces.name('D') + " wins)", battle);
    }
}
