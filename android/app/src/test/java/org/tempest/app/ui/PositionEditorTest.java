package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.Intent;
import android.os.Looper;
import android.widget.CheckBox;
import android.widget.RadioGroup;
import android.widget.TextView;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.game.Snapshot;

/**
 * The chess position editor, driven by touches on its palette and board,
 * against the real engine: each illegal position is refused with the
 * engine's own reason and changes nothing; a legal one starts a game whose
 * position, as the engine writes it, is the editor's FEN.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class PositionEditorTest {
    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static PositionEditorActivity editor() {
        PositionEditorActivity e = Robolectric.buildActivity(PositionEditorActivity.class).setup().get();
        shadowOf(Looper.getMainLooper()).idle();
        return e;
    }

    private static void choose(PositionEditorActivity e, char piece) {
        PaletteView p = e.findViewById(R.id.editor_palette);
        float[] at = p.centerOf(piece);
        AppTest.tap(p, at[0], at[1]);
        assertEquals(piece, p.chosen());
    }

    private static void put(PositionEditorActivity e, char piece, String... squares) {
        choose(e, piece);
        BoardView b = e.findViewById(R.id.editor_board);
        for (String sq : squares) {
            float[] at = b.centerOf(sq);
            AppTest.tap(b, at[0], at[1]);
        }
    }

    private static String fenShown(PositionEditorActivity e) {
        return ((TextView) e.findViewById(R.id.editor_fen)).getText().toString();
    }

    /** Play or Analyse; returns the refusal's dialog, still shown, or null when the game started. */
    private static AlertDialog refusal(PositionEditorActivity e, int button) {
        AlertDialog before = e.dialog();
        e.findViewById(button).performClick();
        Screens.settle();
        AlertDialog d = e.dialog();
        return d == null || d == before || !d.isShowing() ? null : d;
    }

    /** Play or Analyse; returns the refusal's text (its dialog closed), or null when the game started. */
    private static String play(PositionEditorActivity e, int button) {
        AlertDialog d = refusal(e, button);
        if (d == null) {
            return null;
        }
        String text = shadowOf(d).getTitle() + ": " + shadowOf(d).getMessage();
        d.dismiss();
        return text;
    }

    @Test
    public void illegalPositionsAreRefusedWithTheEnginesReason() throws Exception {
        PositionEditorActivity e = editor();
        assertEquals("FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fenShown(e));
        e.findViewById(R.id.btn_editor_clear).performClick();
        assertEquals("8/8/8/8/8/8/8/8 w - - 0 1", e.fen());
        put(e, 'K', "e1", "d1");
        put(e, 'k', "e8");
        assertEquals("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", e.fen());
        String two = play(e, R.id.btn_editor_play);
        assertNotNull("two white kings are refused", two);
        assertTrue(two, two.startsWith(PositionEditorActivity.REFUSED + ": "));
        assertTrue(two, two.contains("white has 2 kings"));

        put(e, PaletteView.ERASER, "d1");
        put(e, 'P', "a1");
        String pawn = play(e, R.id.btn_editor_play);
        assertTrue(pawn, pawn.contains("pawn on a1"));
        put(e, 'P', "a1"); // the same piece again takes it off
        assertEquals("4k3/8/8/8/8/8/8/4K3 w - - 0 1", e.fen());

        put(e, 'R', "e5");
        String check = play(e, R.id.btn_editor_analyse);
        assertTrue(check, check.contains("black is not to move but its king on e8 is in check"));
        put(e, PaletteView.ERASER, "e5");

        ((CheckBox) e.findViewById(R.id.cb_white_short)).setChecked(true);
        AlertDialog castling = refusal(e, R.id.btn_editor_play);
        assertNotNull(castling);
        assertTrue(shadowOf(castling).getMessage().toString(),
                shadowOf(castling).getMessage().toString().contains("no rook on the king's h-side"));
        AppTest.screenshotDialog(castling, "editor_refused_dialog");
        castling.dismiss();

        assertEquals("nothing was started", null, Screens.controller().snapshot());
    }

    @Test
    public void aLegalPositionIsTheEnginesFenAndStarts() throws Exception {
        for (int dark = 0; dark < 2; dark++) {
            new Settings(RuntimeEnvironment.getApplication()).setAppTheme(dark == 1 ? 2 : 1);
            PositionEditorActivity e = editor();
            e.findViewById(R.id.btn_editor_clear).performClick();
            put(e, 'K', "e1");
            put(e, 'R', "h1", "a1");
            put(e, 'P', "d4", "e4");
            put(e, 'k', "e8");
            put(e, 'q', "d8");
            put(e, 'p', "c5");
            ((RadioGroup) e.findViewById(R.id.editor_side)).check(R.id.rb_editor_black);
            ((CheckBox) e.findViewById(R.id.cb_white_short)).setChecked(true);
            ((CheckBox) e.findViewById(R.id.cb_white_long)).setChecked(true);
            shadowOf(Looper.getMainLooper()).idle();
            String fen = e.fen();
            assertEquals("3qk3/8/8/2p5/3PP3/8/8/R3K2R b KQ - 0 1", fen);
            AppTest.screenshot(e, dark == 1 ? "position_editor_dark" : "position_editor");
            if (dark == 0) {
                android.widget.ScrollView root = e.findViewById(R.id.editor_root);
                root.scrollTo(0, root.getChildAt(0).getHeight());
                AppTest.screenshot(e, "position_editor_controls");
                root.scrollTo(0, 0);
            }
            Screens.assertNoTextClipped(e.findViewById(R.id.editor_root));
            Screens.assertNoRawToken(e.getWindow().getDecorView(), "the position editor");
            if (dark == 1) {
                assertEquals(null, play(e, R.id.btn_editor_analyse));
                Snapshot s = Screens.controller().snapshot();
                assertEquals("wb", s.setup.humanPlayers);
                assertEquals(fen, s.state.position);
                continue;
            }
            assertEquals(null, play(e, R.id.btn_editor_play));
            Intent started = shadowOf(e).getNextStartedActivity();
            assertEquals(GameActivity.class.getName(), started.getComponent().getClassName());
            Snapshot s = Screens.controller().snapshot();
            assertEquals("the engine's FEN is the editor's", fen, s.state.position);
            assertEquals("the person plays the side to move", "b", s.setup.humanPlayers);
            assertTrue(s.humanToMove());
            assertTrue(s.legal.contains("c5d4"));
            Screens.forgetController();
        }
    }

    @Test
    public void anEnPassantSquareIsTheEnginesToJudge() throws Exception {
        PositionEditorActivity e = editor();
        e.setFen("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1");
        android.widget.Spinner ep = e.findViewById(R.id.editor_ep);
        for (int i = 0; i < ep.getCount(); i++) {
            if ("d6".equals(ep.getItemAtPosition(i))) {
                ep.setSelection(i);
            }
        }
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", e.fen());
        assertEquals(null, play(e, R.id.btn_editor_play));
        assertEquals("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Screens.controller().snapshot().state.position);
        assertTrue(Screens.controller().snapshot().legal.contains("e5d6"));
    }
}
