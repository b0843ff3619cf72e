package org.tempest.app.game;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/**
 * Local player profiles and their rankings: wins, draws and losses against
 * each engine level and variant, casual and rated games alike. Kept in one
 * properties file, written atomically and versioned (VERSION): version 1,
 * the files of the app before rated games, had no version and is read as
 * it is (its games were all casual: they stay in the ranking and move no
 * rating); a file that cannot be read, or that a newer app wrote, is set
 * aside under another name, never used or lost, and the players begin
 * afresh with a notice saying so. Each profile's rated games are in an
 * archive of its own (RatedArchive, archiveFolder).
 */
public final class Profiles {
    public static final String DEFAULT = "Player";
    private static final int MAX_NAME = 24;
    /** The version of profiles.properties this app writes and reads. */
    static final int VERSION = 2;
    static final String FILE = "profiles.properties";

    private final File filesDir;
    private final File file;
    private final Properties p = new Properties();
    /** What happened to a file that could not be read, or null. */
    private String notice;

    public Profiles(File dir) {
        this.filesDir = dir;
        this.file = new File(dir, FILE);
        if (file.isFile()) {
            try {
                InputStream in = new FileInputStream(file);
                try {
                    p.load(in);
                } finally {
                    in.close();
                }
                check();
            } catch (IOException | IllegalArgumentException e) {
                setAside(e.getMessage());
            }
        }
        boolean migrate = !p.isEmpty() && p.getProperty("version") == null;
        p.setProperty("version", Integer.toString(VERSION));
        if (names().isEmpty()) {
            p.setProperty("profile." + DEFAULT, "1");
        }
        if (migrate) {
            try {
                save(); // version 1 becomes 2: nothing else changes, its games stay casual
            } catch (IOException e) {
                notice = "The players could not be brought up to date: " + e.getMessage();
            }
        }
    }

    /** A file this app cannot take: a version that is no number, or one newer than VERSION. */
    private void check() throws IOException {
        String v = p.getProperty("version");
        if (v == null) {
            return; // version 1
        }
        int version;
        try {
            version = Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IOException("its version is \"" + v + "\"");
        }
        if (version > VERSION) {
            throw new IOException("a newer Tempest wrote it (version " + version + "; this app reads version "
                    + VERSION + ")");
        }
        if (version < 1) {
            throw new IOException("version " + version + " is no version of it");
        }
    }

    /** Renames the file out of the way (nothing is deleted) and begins with no players' data. */
    private void setAside(String why) {
        p.clear();
        File kept = new File(file.getPath() + ".damaged");
        for (int i = 2; kept.exists(); i++) {
            kept = new File(file.getPath() + ".damaged-" + i);
        }
        if (file.renameTo(kept)) {
            notice = "The players' file could not be read (" + why + "). It is kept as " + kept.getName()
                    + "; the players begin afresh.";
        } else {
            notice = "The players' file could not be read (" + why + ") nor set aside; the players begin afresh "
                    + "for now.";
        }
    }

    /** Why the players' file was set aside when the app started, or null. */
    public String notice() {
        return notice;
    }

    /** The notice the first time it is asked for (the start menu shows it once), then null. */
    public synchronized String takeNotice() {
        String n = noticeShown ? null : notice;
        noticeShown = true;
        return n;
    }

    private boolean noticeShown;

    /** The profile names, sorted. */
    public List<String> names() {
        TreeSet<String> out = new TreeSet<String>();
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith("profile.")) {
                out.add(k.substring("profile.".length()));
            }
        }
        return new ArrayList<String>(out);
    }

    public String current() {
        String c = p.getProperty("current", DEFAULT);
        return names().contains(c) ? c : names().get(0);
    }

    public void select(String name) throws IOException {
        if (!names().contains(name)) {
            throw new IllegalArgumentException("no profile named " + name);
        }
        p.setProperty("current", name);
        save();
    }

    /**
     * Adds a profile with its own folder for saved games and autosave, and
     * selects it. Names are 1 to 24 letters, digits, spaces, '-' or '_';
     * returns an error message or null.
     */
    public String add(String name) throws IOException {
        String n = name.trim();
        String problem = badName(n);
        if (problem != null) {
            return problem;
        }
        p.setProperty("profile." + n, "1");
        p.setProperty("dir." + n, "profiles/" + nextFolder());
        p.setProperty("current", n);
        save();
        return null;
    }

    private String badName(String n) {
        if (n.isEmpty() || n.length() > MAX_NAME) {
            return "A name has 1 to " + MAX_NAME + " characters.";
        }
        for (int i = 0; i < n.length(); i++) {
            char c = n.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != ' ' && c != '-' && c != '_') {
                return "A name may hold letters, digits, spaces, '-' and '_', not '" + c + "'.";
            }
        }
        if (names().contains(n)) {
            return "There is already a profile named " + n + ".";
        }
        return null;
    }

    /** A folder number no profile has used (numbers, not names: a rename moves no file). */
    private int nextFolder() {
        int next = count("nextFolder") + 1;
        p.setProperty("nextFolder", Integer.toString(next));
        return next;
    }

    /**
     * The folder of a profile's autosave and saved games, under the app's
     * files: its own for profiles made since profiles had folders, the app's
     * files themselves for the first ones (where their games always were).
     */
    public File folder(File filesDir, String profile) {
        String d = p.getProperty("dir." + profile, "");
        return d.isEmpty() ? filesDir : new File(filesDir, d);
    }

    /** Renames a profile, keeping its results, games and selection; returns an error message or null. */
    public String rename(String from, String to) throws IOException {
        if (!names().contains(from)) {
            return "There is no profile named " + from + ".";
        }
        String n = to.trim();
        if (n.equals(from)) {
            return null;
        }
        String problem = badName(n);
        if (problem != null) {
            return problem;
        }
        for (String k : p.stringPropertyNames()) {
            String rest = null;
            for (String prefix : new String[] {"profile.", "dir.", "archive.", "score."}) {
                if (k.equals(prefix + from) || k.startsWith(prefix + from + ".") && prefix.equals("score.")) {
                    rest = prefix + n + k.substring(prefix.length() + from.length());
                }
            }
            if (rest != null) {
                p.setProperty(rest, p.getProperty(k));
                p.remove(k);
            }
        }
        if (p.getProperty("current", DEFAULT).equals(from)) {
            p.setProperty("current", n);
        }
        save();
        return null;
    }

    /**
     * Deletes a profile, its results and its rated games; returns its folder
     * for the caller to empty, or null when it was refused (the last profile
     * stays).
     */
    public String delete(String name) throws IOException {
        if (!names().contains(name) || names().size() == 1) {
            return null;
        }
        String dir = p.getProperty("dir." + name, "");
        String archive = p.getProperty("archive." + name, "");
        for (String k : p.stringPropertyNames()) {
            if (k.equals("profile." + name) || k.equals("dir." + name) || k.equals("archive." + name)
                    || k.startsWith("score." + name + ".")) {
                p.remove(k);
            }
        }
        if (p.getProperty("current", "").equals(name)) {
            p.setProperty("current", names().get(0));
        }
        save();
        if (!archive.isEmpty()) {
            deleteTree(new File(filesDir, archive));
        }
        return dir;
    }

    /**
     * Deletes a profile with its results, saved games and autosave, its
     * folder under filesDir (a profile of the first kind, whose games are
     * the app's own files, leaves them to the profiles that share them).
     * False when refused: the last profile stays.
     */
    public boolean deleteWithGames(File filesDir, String name) throws IOException {
        String dir = delete(name);
        if (dir == null) {
            return false;
        }
        if (!dir.isEmpty()) {
            deleteTree(new File(filesDir, dir));
        }
        return true;
    }

    private static void deleteTree(File f) {
        File[] children = f.listFiles();
        if (children != null) {
            for (File c : children) {
                deleteTree(c);
            }
        }
        f.delete();
    }

    /**
     * The folder of a profile's rated games (RatedArchive), numbered like the
     * profiles' own folders so a rename moves nothing; given to the profile
     * the first time it is asked for.
     */
    public synchronized File archiveFolder(String profile) throws IOException {
        String d = p.getProperty("archive." + profile, "");
        if (d.isEmpty()) {
            if (!names().contains(profile)) {
                throw new IOException("there is no player named " + profile);
            }
            int next = count("nextArchive") + 1;
            p.setProperty("nextArchive", Integer.toString(next));
            d = "rated/" + next;
            p.setProperty("archive." + profile, d);
            save();
        }
        return new File(filesDir, d);
    }

    /** One line of the ranking across profiles: all of a profile's games against the engine. */
    public static final class Total {
        public final String profile;
        public final int wins, draws, losses;

        Total(String profile, int wins, int draws, int losses) {
            this.profile = profile;
            this.wins = wins;
            this.draws = draws;
            this.losses = losses;
        }

        public int games() {
            return wins + draws + losses;
        }

        /** Points per game, 0 to 1. */
        public double score() {
            return games() == 0 ? 0 : (wins + 0.5 * draws) / games();
        }
    }

    /** Every profile's totals, best score first (more games first among equals, then by name). */
    public List<Total> totals() {
        List<Total> out = new ArrayList<Total>();
        for (String n : names()) {
            int w = 0;
            int d = 0;
            int l = 0;
            for (Row r : ranking(n)) {
                w += r.wins;
                d += r.draws;
                l += r.losses;
            }
            out.add(new Total(n, w, d, l));
        }
        Collections.sort(out, new java.util.Comparator<Total>() {
            @Override
            public int compare(Total a, Total b) {
                int c = Double.compare(b.score(), a.score());
                if (c == 0) {
                    c = Integer.compare(b.games(), a.games());
                }
                return c != 0 ? c : a.profile.compareTo(b.profile);
            }
        });
        return out;
    }

    /** Counts a finished game: outcome is 'w', 'd' or 'l' from the person's side. */
    public void record(String profile, String variant, int level, char outcome) throws IOException {
        String key = "score." + profile + "." + variant + "." + level + "." + outcome;
        p.setProperty(key, Integer.toString(count(key) + 1));
        save();
    }

    /** One ranking row: a variant and level with the person's results. */
    public static final class Row {
        public final String variant;
        public final int level;
        public final int wins, draws, losses;

        Row(String variant, int level, int wins, int draws, int losses) {
            this.variant = variant;
            this.level = level;
            this.wins = wins;
            this.draws = draws;
            this.losses = losses;
        }

        /** Points per game, 0 to 1. */
        public double score() {
            int games = wins + draws + losses;
            return games == 0 ? 0 : (wins + 0.5 * draws) / games;
        }
    }

    /** The profile's results per variant and level, by variant then level. */
    public List<Row> ranking(String profile) {
        TreeSet<String> keys = new TreeSet<String>();
        String prefix = "score." + profile + ".";
        for (String k : p.stringPropertyNames()) {
            if (k.startsWith(prefix)) {
                keys.add(k.substring(prefix.length(), k.length() - 2));
            }
        }
        List<Row> rows = new ArrayList<Row>();
        for (String vl : keys) {
            int dot = vl.lastIndexOf('.');
            try {
                int level = Integer.parseInt(vl.substring(dot + 1));
                rows.add(new Row(vl.substring(0, dot), level, count(prefix + vl + ".w"), count(prefix + vl + ".d"),
                        count(prefix + vl + ".l")));
            } catch (NumberFormatException ignored) {
                // A key someone edited by hand; skip it.
            }
        }
        Collections.sort(rows, new java.util.Comparator<Row>() {
            @Override
            public int compare(Row a, Row b) {
                int c = a.variant.compareTo(b.variant);
                return c != 0 ? c : Integer.compare(a.level, b.level);
            }
        });
        return rows;
    }

    private int count(String key) {
        try {
            return Integer.parseInt(p.getProperty(key, "0"));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private void save() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.store(out, "Tempest profiles");
        GameStore.writeAtomically(file, out.toByteArray());
    }
}
