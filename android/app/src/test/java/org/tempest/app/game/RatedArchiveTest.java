package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * A player's archive of rated games: every game kept with its record and
 * facts, the ratings read from it, the pending game, and files it cannot
 * use refused with a clear message (a damaged one set aside, a newer one
 * left alone), never a crash.
 */
public class RatedArchiveTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private static final String RECORD = "[Event \"?\"]\n[Result \"0-1\"]\n\n1. e4 e5 0-1\n";

    @Test
    public void everyGameIsKeptAndTheRatingFollowsTheFormula() throws Exception {
        File dir = new File(tmp.getRoot(), "rated/1");
        RatedArchive a = RatedArchive.open(dir);
        assertEquals(Rating.START, a.rating("chess"), 0);
        assertEquals(0, a.games("chess"));
        RatedArchive.Entry e = a.add("chess", "chess", "w", "b1", new double[] {1050}, new double[] {0},
                "White resigns", RECORD);
        assertEquals(1000, e.before, 0);
        assertEquals(1000 - 40 * Rating.expected(1000, 1050), e.after, 1e-9);
        a.add("chessmate", "chessmate", "b", "w4", new double[] {1200}, new double[] {1}, "checkmate", RECORD);
        a.add("chess", "chess", "b", "w1", new double[] {1050}, new double[] {0.5}, "draw agreed", null);

        RatedArchive again = RatedArchive.open(dir);
        assertEquals(3, again.entries().size());
        assertEquals(2, again.games("chess"));
        assertEquals(java.util.Arrays.asList("chess", "chessmate"), again.scales());
        RatedArchive.Entry third = again.entries().get(2);
        assertEquals(e.after, third.before, 1e-9);
        assertEquals(third.after, again.rating("chess"), 0);
        assertEquals(RECORD, again.entries().get(0).record());
        assertFalse("a game kept without its record", third.hasRecord());
        assertEquals(4, again.entries().get(1).levels()[0]);
        assertNull(again.notice());
    }

    @Test
    public void thePendingGameIsKeptUntilItEnds() throws Exception {
        File dir = tmp.getRoot();
        RatedArchive a = RatedArchive.open(dir);
        assertNull(a.pending());
        a.setPending(new RatedArchive.Pending("chameleon/4", "chameleon", "r", "b1,y4,g7"));
        RatedArchive.Pending p = RatedArchive.open(dir).pending();
        assertEquals("b1,y4,g7", p.opponents);
        a.add("chameleon/4", "chameleon", "r", "b1,y4,g7", new double[] {1000, 1100, 1200}, new double[] {0, 0, 0},
                RatedArchive.ABANDONED, null);
        assertNull("a game added ends what was under way", RatedArchive.open(dir).pending());
        assertEquals(4, RatedArchive.open(dir).entries().get(0).place());
    }

    /** A damaged index is set aside under another name, kept, and a new archive begun with a notice. */
    @Test
    public void aDamagedArchiveIsSetAsideWithANotice() throws Exception {
        File dir = tmp.getRoot();
        RatedArchive a = RatedArchive.open(dir);
        a.add("chess", "chess", "w", "b1", new double[] {1050}, new double[] {1}, "checkmate", RECORD);
        File index = new File(dir, RatedArchive.INDEX);
        String good = new String(Files.readAllBytes(index.toPath()), StandardCharsets.UTF_8);
        for (String bad : new String[] {good.replace("game.1.after=", "game.1.after=lots"),
            good.replace("games=1", "games=2"), good.replace("version=1", "version=x"),
            good.replace("game.1.points=1.0", "game.1.points=2.0"), "version=1\ngames=1\ngame.1.scale=chess\n",
            "\\uZZZZ"}) {
            Files.write(index.toPath(), bad.getBytes(StandardCharsets.UTF_8));
            RatedArchive fresh = RatedArchive.open(dir);
            assertTrue(bad, fresh.entries().isEmpty());
            assertNotNull(bad, fresh.notice());
            assertTrue(fresh.notice(), fresh.notice().contains("could not be read") && fresh.notice().contains(
                    "archive.properties.damaged"));
            assertTrue("the damaged file is kept", new File(dir, "archive.properties.damaged").isFile());
            assertEquals("a new game is counted from the start", Rating.START, fresh.rating("chess"), 0);
            fresh.add("chess", "chess", "w", "b1", new double[] {1050}, new double[] {1}, "checkmate", RECORD);
            assertEquals("the old record stays", RECORD, GameStore.read(new File(dir, "1.pgn")));
            assertTrue(new File(dir, "1-2.pgn").isFile());
            new File(dir, "1-2.pgn").delete();
            for (File f : dir.listFiles()) {
                if (f.getName().startsWith("archive.properties.damaged")) {
                    f.delete();
                }
            }
        }
    }

    /** An archive a newer app wrote is refused and left as it is. */
    @Test
    public void aNewerArchiveIsRefusedAndLeftAlone() throws Exception {
        File dir = tmp.getRoot();
        File index = new File(dir, RatedArchive.INDEX);
        Files.write(index.toPath(), "version=7\ngames=0\n".getBytes(StandardCharsets.UTF_8));
        try {
            RatedArchive.open(dir);
            fail("a newer archive is refused");
        } catch (RatedArchive.Refused e) {
            assertTrue(e.getMessage(), e.getMessage().contains("newer Tempest") && e.getMessage().contains("version 7"));
        }
        assertEquals("version=7\ngames=0\n", new String(Files.readAllBytes(index.toPath()), StandardCharsets.UTF_8));
    }
}
