package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Autosave, saved games and profiles on disk. */
public class StoreTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    @Test
    public void autosaveRoundTrip() throws Exception {
        GameStore s = new GameStore(tmp.getRoot());
        assertTrue(!s.hasAutosave());
        assertNull(s.autosavedSetup());
        GameSetup setup = new GameSetup("chessmate", "b", 3, "startpos seed 9", "Ann");
        s.autosave(setup, "[Event \"x\"]\n\n1. e4 *\n");
        assertTrue(s.hasAutosave());
        GameSetup back = s.autosavedSetup();
        assertEquals("chessmate", back.variant);
        assertEquals("b", back.humanPlayers);
        assertEquals(3, back.level);
        assertEquals("startpos seed 9", back.start);
        assertEquals("Ann", back.profile);
        assertEquals("[Event \"x\"]\n\n1. e4 *\n", s.autosavedRecord());
        assertEquals(0, tmp.getRoot().list((d, n) -> n.endsWith(".tmp")).length);
    }

    @Test
    public void perPlayerLevelsSurviveTheAutosave() throws Exception {
        GameStore s = new GameStore(tmp.getRoot());
        s.autosave(new GameSetup("chameleon", "r", 5, "startpos players rgyb", "Ann", "g3,y12"), "*\n");
        GameSetup back = s.autosavedSetup();
        assertEquals("g3,y12", back.playerLevels);
        assertEquals(3, back.levelOf("g"));
        assertEquals(12, back.levelOf("y"));
        assertEquals(5, back.levelOf("b")); // no entry: the common level
        assertEquals(5, new GameSetup("chess", "w", 5, "startpos", "P", "bx").levelOf("b")); // broken entry
    }

    @Test
    public void brokenAutosaveSetupIsNull() throws Exception {
        GameStore s = new GameStore(tmp.getRoot());
        Files.writeString(new File(tmp.getRoot(), "autosave.properties").toPath(), "variant=chess\nlevel=x\n");
        assertNull(s.autosavedSetup());
    }

    @Test
    public void savedGamesNewestFirstAndNeverOverwritten() throws Exception {
        GameStore s = new GameStore(tmp.getRoot());
        File a = s.saveGame("A");
        File b = s.saveGame("B");
        assertTrue(!a.equals(b));
        List<File> games = s.savedGames();
        assertEquals(2, games.size());
        assertEquals("B", GameStore.read(games.get(0)));
        assertEquals("A", GameStore.read(games.get(1)));
    }

    @Test
    public void hugeFileIsRefused() {
        byte[] big = new byte[GameStore.MAX_RECORD_BYTES + 10];
        IOException e = assertThrows(IOException.class, () -> GameStore.readRecord(new ByteArrayInputStream(big)));
        assertTrue(e.getMessage().contains("not a game record"));
    }

    @Test
    public void profilesRanking() throws Exception {
        Profiles p = new Profiles(tmp.getRoot());
        assertEquals(Profiles.DEFAULT, p.current());
        assertNotNull(p.add(""));
        assertNotNull(p.add("bad/name"));
        assertNull(p.add("Ann"));
        assertNotNull(p.add("Ann"));
        assertEquals("Ann", p.current());
        p.record("Ann", "chess", 3, 'w');
        p.record("Ann", "chess", 3, 'l');
        p.record("Ann", "chess", 3, 'w');
        p.record("Ann", "chessmate", 1, 'd');
        Profiles again = new Profiles(tmp.getRoot());
        List<Profiles.Row> rows = again.ranking("Ann");
        assertEquals(2, rows.size());
        assertEquals("chess", rows.get(0).variant);
        assertEquals(2, rows.get(0).wins);
        assertEquals(1, rows.get(0).losses);
        assertEquals(2.0 / 3, rows.get(0).score(), 1e-9);
        assertEquals(1, rows.get(1).draws);
        assertTrue(again.ranking(Profiles.DEFAULT).isEmpty());
    }
}
