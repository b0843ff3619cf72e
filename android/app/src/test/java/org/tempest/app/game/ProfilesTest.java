package org.tempest.app.game;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
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

    /**
     * The files of the app before rated games (profiles.properties without a
     * version, an autosave without "rated") are read as they are: the file
     * is brought to version 2 with its players, folders and results, the
     * autosaved game is casual, and nobody has a rating yet.
     */
    @Test
    public void theFilesOfBeforeRatedGamesAreMigrated() throws Exception {
        File files = tmp.getRoot();
        String old = "#Tempest profiles\ncurrent=Anna\nprofile.Player=1\nprofile.Anna=1\ndir.Anna=profiles/1\n"
                + "nextFolder=1\nscore.Anna.chess.3.w=2\nscore.Anna.chess.3.l=1\nscore.Player.stratego.1.d=1\n";
        Files.write(new File(files, "profiles.properties").toPath(), old.getBytes(StandardCharsets.UTF_8));
        File annas = new File(files, "profiles/1");
        annas.mkdirs();
        Files.write(new File(annas, "autosave.properties").toPath(), ("variant=chess\nhuman=w\nlevel=3\nstart=startpos\n"
                + "profile=Anna\nplayerLevels=\nclockBase=0\nclockIncrement=0\n").getBytes(StandardCharsets.UTF_8));
        Files.write(new File(annas, "autosave.pgn").toPath(), "[Event \"x\"]\n\n1. e4 *\n".getBytes(StandardCharsets.UTF_8));

        Profiles p = new Profiles(files);
        assertNull(p.notice());
        String now = new String(Files.readAllBytes(new File(files, "profiles.properties").toPath()), StandardCharsets.UTF_8);
        assertTrue(now, now.contains("version=2"));
        new Profiles(files);
        assertEquals("read again, a version 2 file is left as it is", now,
                new String(Files.readAllBytes(new File(files, "profiles.properties").toPath()), StandardCharsets.UTF_8));
        assertEquals(Arrays.asList("Anna", "Player"), p.names());
        assertEquals("Anna", p.current());
        assertEquals(annas, p.folder(files, "Anna"));
        assertEquals(2, p.ranking("Anna").get(0).wins);
        assertEquals(1, p.ranking("Anna").get(0).losses);
        assertEquals(1, p.ranking("Player").get(0).draws);
        GameSetup saved = new GameStore(annas).autosavedSetup();
        assertFalse("an old game is casual", saved.isRated());
        RatedGames rated = new RatedGames(p);
        assertTrue(rated.archive("Anna").entries().isEmpty());
        assertEquals(Rating.START, rated.archive("Anna").rating("chess"), 0);
        assertFalse(rated.pending("Anna"));
    }

    /**
     * A players' file that cannot be read (a broken escape, a version that is
     * no number, one a newer app wrote) is set aside, kept under another
     * name, and the players begin afresh with a notice: never a crash.
     */
    @Test
    public void aPlayersFileThatCannotBeReadIsSetAside() throws Exception {
        File files = tmp.getRoot();
        File f = new File(files, "profiles.properties");
        String[] bad = {"profile.Anna=1\nscore.Anna.chess.1.w=\\uZZZZ\n", "version=two\nprofile.Anna=1\n",
            "version=9\nprofile.Anna=1\n"};
        for (int i = 0; i < bad.length; i++) {
            Files.write(f.toPath(), bad[i].getBytes(StandardCharsets.UTF_8));
            Profiles p = new Profiles(files);
            assertNotNull(bad[i], p.notice());
            assertTrue(p.notice(), p.notice().startsWith("The players' file could not be read"));
            assertEquals(Arrays.asList("Player"), p.names());
            String kept = i == 0 ? "profiles.properties.damaged" : "profiles.properties.damaged-" + (i + 1);
            assertTrue(p.notice(), p.notice().contains(kept));
            assertEquals(bad[i], new String(Files.readAllBytes(new File(files, kept).toPath()), StandardCharsets.UTF_8));
            assertEquals("shown once", p.notice(), p.takeNotice());
            assertNull(p.takeNotice());
        }
        assertTrue(new Profiles(files).notice() == null);
    }

    /** A profile's rated games go with it: kept through a rename, deleted with it. */
    @Test
    public void ratedGamesFollowTheirProfile() throws Exception {
        File files = tmp.getRoot();
        Profiles p = new Profiles(files);
        p.add("Anna");
        RatedGames rated = new RatedGames(p);
        rated.archive("Anna").add("chess", "chess", "w", "b1", new double[] {1050}, new double[] {1}, "checkmate",
                "[Event \"x\"]\n\n1. e4 1-0\n");
        File folder = p.archiveFolder("Anna");
        assertNull(p.rename("Anna", "Ann"));
        assertEquals(folder, new Profiles(files).archiveFolder("Ann"));
        assertEquals(1, new RatedGames(new Profiles(files)).archive("Ann").games("chess"));
        assertTrue(folder.isDirectory());
        p.delete("Ann");
        assertFalse("deleted with the profile", folder.exists());
        assertFalse(p.archiveFolder("Player").equals(folder));
    }
}
