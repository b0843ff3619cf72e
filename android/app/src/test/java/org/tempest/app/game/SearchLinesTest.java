package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.Test;

/** A search's lines by rank: the freshest report of each rank, and no move shown twice. */
public class SearchLinesTest {
    private static List<String> firstMoves(SearchLines s) {
        List<String> out = new ArrayList<String>();
        for (EngineLine l : s.byRank.values()) {
            out.add(l.rank + ":" + l.pv.get(0));
        }
        return out;
    }

    @Test
    public void aMoveThatChangedRankIsShownOnce() {
        SearchLines s = new SearchLines(3);
        assertTrue(s.take("info depth 5 multipv 1 score cp 30 nodes 900 pv e2e4 e7e5"));
        assertTrue(s.take("info depth 5 multipv 2 score cp 20 nodes 900 pv d2d4 d7d5"));
        assertTrue(s.take("info depth 5 multipv 3 score cp 10 nodes 900 pv g1f3 d7d5"));
        assertEquals(List.of("1:e2e4", "2:d2d4", "3:g1f3"), firstMoves(s));
        // Depth 6 puts d2d4 first: its old rank-2 line goes, rank 3 stays until replaced.
        assertTrue(s.take("info depth 6 multipv 1 score cp 35 nodes 2000 pv d2d4 g8f6"));
        assertEquals(List.of("1:d2d4", "3:g1f3"), firstMoves(s));
        assertTrue(s.take("info depth 6 multipv 2 score cp 25 nodes 2000 pv e2e4 c7c5"));
        assertTrue(s.take("info depth 6 multipv 3 score cp 15 nodes 2000 pv g1f3 g8f6"));
        assertEquals(List.of("1:d2d4", "2:e2e4", "3:g1f3"), firstMoves(s));
        // The same rank again replaces its line; ranks past MultiPV are dropped.
        assertTrue(s.take("info depth 7 multipv 1 score cp 33 nodes 5000 pv d2d4 d7d5 c2c4"));
        assertEquals(3, s.byRank.get(1).pv.size());
        assertEquals(false, s.take("info depth 7 multipv 4 score cp 5 nodes 5000 pv c2c4"));
        assertEquals(3, s.byRank.size());
    }
}
