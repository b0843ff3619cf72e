package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import org.junit.Test;

/** Building tokens from taps, against token lists the engine gives. */
public class MoveInputTest {
    @Test
    public void plainMoveAndReselection() {
        MoveInput in = new MoveInput(Arrays.asList("e2e3", "e2e4", "g1f3", "g1h3"));
        assertEquals(new LinkedHashSet<>(Arrays.asList("e2", "g1")), in.targets());
        assertEquals(MoveInput.Result.IGNORED, in.tapSquare("e5"));
        assertEquals(MoveInput.Result.SELECTED, in.tapSquare("e2"));
        assertEquals(new LinkedHashSet<>(Arrays.asList("e3", "e4")), in.targets());
        assertEquals(MoveInput.Result.SELECTED, in.tapSquare("g1")); // another piece
        assertEquals(MoveInput.Result.COMPLETE, in.tapSquare("f3"));
        assertEquals("g1f3", in.complete());
    }

    @Test
    public void tappingTheSelectedSquareAgainClears() {
        MoveInput in = new MoveInput(Arrays.asList("e2e4"));
        in.tapSquare("e2");
        assertEquals(MoveInput.Result.CLEARED, in.tapSquare("e2"));
        assertEquals("", in.prefix());
    }

    @Test
    public void promotionAsksForThePiece() {
        MoveInput in = new MoveInput(Arrays.asList("a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"));
        in.tapSquare("a7");
        assertEquals(MoveInput.Result.CHOOSE, in.tapSquare("a8"));
        assertEquals(4, in.choices().size());
        assertEquals(MoveInput.Result.COMPLETE, in.choose("a7a8n"));
        assertEquals("a7a8n", in.complete());
    }

    @Test
    public void cardsWithTargets() {
        MoveInput in = new MoveInput(Arrays.asList("e2e4", "FC:e4", "FC:e5", "CR:c1d2e3", "CR:c1d2c1", "HF+e2e4",
                "VU+FC:e4", "VU+e2e4", "stalemate"));
        assertEquals(new LinkedHashSet<>(Arrays.asList("FC", "CR", "HF", "VU")), in.playableCards());
        assertEquals(MoveInput.Result.SELECTED, in.tapCard("FC"));
        assertEquals("FC:", in.prefix());
        assertEquals(new LinkedHashSet<>(Arrays.asList("e4", "e5")), in.targets());
        assertEquals(MoveInput.Result.COMPLETE, in.tapSquare("e5"));
        assertEquals("FC:e5", in.complete());

        in.clear();
        in.tapCard("CR");
        in.tapSquare("c1");
        assertEquals(Collections.singleton("d2"), in.targets());
        in.tapSquare("d2");
        assertEquals(new LinkedHashSet<>(Arrays.asList("e3", "c1")), in.targets());
        assertEquals(MoveInput.Result.COMPLETE, in.tapSquare("c1"));
        assertEquals("CR:c1d2c1", in.complete());

        in.clear();
        assertEquals(MoveInput.Result.SELECTED, in.tapCard("VU"));
        assertEquals("VU+", in.prefix());
        assertEquals(Collections.singleton("FC"), in.playableCards());
        assertEquals(MoveInput.Result.SELECTED, in.tapCard("FC"));
        assertEquals(MoveInput.Result.COMPLETE, in.tapSquare("e4"));
        assertEquals("VU+FC:e4", in.complete());

        in.clear();
        in.tapCard("HF");
        in.tapSquare("e2");
        assertEquals(MoveInput.Result.COMPLETE, in.tapSquare("e4"));
        assertEquals("HF+e2e4", in.complete());

        in.clear();
        assertEquals(MoveInput.Result.COMPLETE, in.tapToken("stalemate"));
        assertEquals(MoveInput.Result.IGNORED, in.tapToken("0000"));
        assertTrue(in.complete().equals("stalemate"));
    }

    @Test
    public void deathDancePromotionChoice() {
        MoveInput in = new MoveInput(Arrays.asList("DD:g7h8q", "DD:g7h8r", "DD:g7h8b", "DD:g7h8n", "DD:g7f8"));
        in.tapCard("DD");
        in.tapSquare("g7");
        assertEquals(MoveInput.Result.CHOOSE, in.tapSquare("h8"));
        assertEquals(MoveInput.Result.COMPLETE, in.choose("DD:g7h8q"));
    }
}
