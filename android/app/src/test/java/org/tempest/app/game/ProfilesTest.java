package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** Profiles with their own folders, renamed and deleted, and the ranking across them. */
public class ProfilesTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    @Test
    public void eachNewProfileHasItsOwnFolderAndTheFirstKeepsTheAppsFiles() throws Exception {
        File files = tmp.getRoot();
        Profiles p = new Profiles(files);
        assertEquals(files, p.folder(files, "Player"));
        assertNull(p.add("Anna"));
        assertNull(p.add("Ben"));
        File anna = p.folder(files, "Anna");
        File ben = p.folder(files, "Ben");
        assertTrue(!anna.equals(ben) && !anna.equals(files) && anna.getParentFile().getParentFile().equals(files));
        assertEquals("the folders survive a restart", anna, new Profiles(files).folder(files, "Anna"));
    }

    @Test
    public void renameKeepsResultsFolderAndSelection() throws Exception {
        File files = tmp.getRoot();
        Profiles p = new Profiles(files);
        p.add("Anna");
        File folder = p.folder(files, "Anna");
        p.record("Anna", "chess", 3, 'w');
        p.record("Anna", "chess", 3, 'd');
        p.record("Anna B", "chess", 3, 'l'); // a longer name sharing the start is another profile
        assertEquals("There is already a profile named Player.", p.rename("Anna", "Player"));
        assertTrue(p.rename("Anna", "An/na").startsWith("A name may hold"));
        assertNull(p.rename("Anna", "Ann"));
        assertEquals(Arrays.asList("Ann", "Player"), p.names());
        assertEquals("Ann", p.current());
        assertEquals(folder, p.folder(files, "Ann"));
        assertEquals(1, p.ranking("Ann").get(0).wins);
        assertEquals(1, p.ranking("Ann").get(0).draws);
        assertTrue(p.ranking("Anna").isEmpty());
        assertEquals(1, p.ranking("Anna B").get(0).losses);
        assertEquals("Ann", new Profiles(files).current());
    }

    @Test
    public void deleteRemovesTheProfileButNeverTheLast() throws Exception {
        File files = tmp.getRoot();
        Profiles p = new Profiles(files);
        assertNull("the only profile stays", p.delete("Player"));
        p.add("Anna");
        p.record("Anna", "chessmate", 1, 'l');
        String dir = p.delete("Anna");
        assertTrue(dir, dir.startsWith("profiles/"));
        assertEquals(Arrays.asList("Player"), p.names());
        assertEquals("Player", p.current());
        assertTrue(p.ranking("Anna").isEmpty());
        assertNull("again the last profile stays", p.delete("Player"));
    }

    @Test
    public void theRankingAcrossProfilesPutsTheBestFirst() throws Exception {
        Profiles p = new Profiles(tmp.getRoot());
        p.add("Anna");
        p.add("Ben");
        p.record("Anna", "chess", 3, 'w');
        p.record("Anna", "chess", 5, 'l');
        p.record("Ben", "chess", 3, 'w');
        p.record("Ben", "stratego", 1, 'd');
        p.record("Ben", "stratego", 1, 'w');
        assertEquals("Ben", p.totals().get(0).profile); // 2.5 of 3
        assertEquals(3, p.totals().get(0).games());
        assertEquals("Anna", p.totals().get(1).profile); // 1 of 2
        assertEquals("Player", p.totals().get(2).profile); // no games
    }

    @Test
    public void aStoreWritesIntoItsProfilesFolder() throws Exception {
        File files = tmp.getRoot();
        Profiles p = new Profiles(files);
        p.add("Anna");
        GameStore anna = new GameStore(p.folder(files, "Anna"));
        anna.autosave(new GameSetup("chess", "w", 1, "startpos", "Anna"), "[Event \"x\"]\n\n*\n");
        assertTrue(new File(p.folder(files, "Anna"), "autosave.pgn").isFile());
        assertTrue("the first profile's autosave is elsewhere", !new GameStore(files).hasAutosave());
        File saved = anna.saveGame("[Event \"y\"]\n\n*\n");
        assertEquals(new File(p.folder(files, "Anna"), "games"), saved.getParentFile());
        assertEquals("[Event \"y\"]\n\n*\n", new String(Files.readAllBytes(saved.toPath()), StandardCharsets.UTF_8));
    }
}
