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
 * each engine level and variant. Kept in one properties file, written
 * atomically.
 */
public final class Profiles {
    public static final String DEFAULT = "Player";
    private static final int MAX_NAME = 24;

    private final File file;
    private final Properties p = new Properties();

    public Profiles(File dir) {
        this.file = new File(dir, "profiles.properties");
        if (file.isFile()) {
            InputStream in = null;
            try {
                in = new FileInputStream(file);
                p.load(in);
            } catch (IOException e) {
                p.clear(); // unreadable: start afresh rather than fail the app
            } finally {
                if (in != null) {
                    try {
                        in.close();
                    } catch (IOException ignored) {
                        // Already read.
                    }
                }
            }
        }
        if (names().isEmpty()) {
            p.setProperty("profile." + DEFAULT, "1");
        }
    }

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
     * Adds a profile and selects it. Names are 1 to 24 letters, digits,
     * spaces, '-' or '_'; returns an error message or null.
     */
    public String add(String name) throws IOException {
        String n = name.trim();
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
        p.setProperty("profile." + n, "1");
        p.setProperty("current", n);
        save();
        return null;
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
