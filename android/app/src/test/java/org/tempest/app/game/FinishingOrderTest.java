package org.tempest.app.game;

import static org.junit.Assert.assertArrayEquals;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.Test;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;

/**
 * A rated game of several players scores the person against each engine
 * player by the finishing order (docs/ANDROID.md, "Rated and casual
 * games"): ahead 1, level 1/2, behind 0; the winner first, those still in
 * at a draw level, the eliminated in the reverse of the order they went out
 * (Chameleon Chess's board line "eliminated g@12,y@30").
 */
public class FinishingOrderTest {
    private static final GameInfo CHAMELEON = new GameInfo("chameleon", "", Arrays.asList("r", "b", "y", "g"), 2, 8, 8,
            "-", false, Collections.<String>emptyList(), 10, 5, Collections.<GameInfo.Word>emptyList(),
            Collections.<GameInfo.Word>emptyList(), Collections.<GameInfo.Word>emptyList());

    private static double[] points(String result, String eliminated, String person) {
        GameSetup setup = new GameSetup("chameleon", person, 1, "startpos players rbyg", "P", "b1,y1,g1");
        GameState state = new GameState("chameleon", "r", false, true, result, "test", "");
        List<String> board = Arrays.asList("bounds a1h8 tomove r players rbyg eliminated " + eliminated);
        Snapshot s = new Snapshot(setup, CHAMELEON, state, Collections.<String>emptyList(),
                Collections.<String>emptyList(), "", "", "", board, Collections.<String>emptyList(), 0, 0, "");
        List<String> others = new java.util.ArrayList<String>(Arrays.asList("r", "b", "y", "g"));
        others.remove(person);
        return RatedGames.points(s, person, others);
    }

    @Test
    public void theFinishingOrderGivesThePointsAgainstEachPlayer() {
        // Blue won; Green went out first, Red second, Yellow third: Red beat Green only.
        assertArrayEquals(new double[] {0, 0, 1}, points("b", "g@12,r@30,y@41", "r"), 0);
        // Red won.
        assertArrayEquals(new double[] {1, 1, 1}, points("r", "g@12,y@30,b@41", "r"), 0);
        // A draw among Red and Blue, still in; Yellow and Green went out.
        assertArrayEquals(new double[] {0.5, 1, 1}, points("1/2-1/2", "y@20,g@25", "r"), 0);
        // Red went out first in a draw between the others.
        assertArrayEquals(new double[] {0, 0, 0}, points("1/2-1/2", "r@9", "r"), 0);
    }
}
