package org.tempest.app.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.Arrays;
import java.util.List;
import org.junit.Test;

/** The "levels" answer read into one level per Skill Level with its Elo on every game's scale. */
public class LevelInfoTest {
    private static final List<String> ANSWER = Arrays.asList(
            "level 0 random elo 260 measured chess",
            "level 1 greedy elo 1050 measured chess",
            "info string a line the reader skips",
            "level 0 random elo 400 measured chameleon players 2",
            "level 1 greedy elo 1000 measured chameleon players 2",
            "level 0 random elo 610 measured chameleon players 4 interval 500-700",
            "level 1 greedy elo 1000 measured chameleon players 4",
            "level 1 greedy elo 1000 measured stratego",
            "level x greedy elo 1 measured stratego",
            "level 2 search elo 1080",
            "level 3 search elo 9 measured",
            "readyok");

    @Test
    public void eachLevelHasItsEloOnEveryScale() {
        List<LevelInfo> levels = LevelInfo.read(ANSWER);
        assertEquals(3, levels.size());
        LevelInfo random = levels.get(0);
        assertEquals(0, random.skill);
        assertEquals("random", random.kind);
        assertEquals(Integer.valueOf(260), random.eloIn("chess", 2));
        assertEquals("a scale for any number of players", "chess", random.scaleFor("chess", 2));
        assertEquals(Integer.valueOf(400), random.eloIn("chameleon", 2));
        assertEquals("a key the reader does not know is skipped", Integer.valueOf(610), random.eloIn("chameleon", 4));
        assertNull("three players were never measured", random.eloIn("chameleon", 3));
        assertNull(random.scaleFor("chameleon", 3));
        assertEquals("chameleon/4", random.scaleFor("chameleon", 4));
        assertNull("the random level was not measured in Stratego", random.eloIn("stratego", 2));
        assertEquals(Integer.valueOf(1000), levels.get(1).eloIn("stratego", 2));
        assertEquals(Arrays.asList("chess", "chameleon/2", "chameleon/4"), random.scales());
        assertEquals(Arrays.asList("chess", "chameleon/2", "chameleon/4", "stratego"), levels.get(1).scales());
        assertEquals("an older engine's line without a game counts for none", 2, levels.get(2).skill);
        assertEquals("search", levels.get(2).kind);
        assertEquals(0, levels.get(2).scales().size());
    }
}
