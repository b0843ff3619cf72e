package org.tempest.app.game;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * One player's rated games, every one of them, never pruned: each game's
 * record as a PGN file of its own, and its facts in archive.properties (the
 * scale it counted for, the game, when, the person's side, the opponents'
 * levels and their ratings, the points against each, the person's rating
 * before and after, how it ended). Ratings and their history are read from
 * here, so the archive is the one place they are kept. It also holds the
 * pending game: a rated game in which the person has moved, which counts as
 * a loss if their next game starts before it ends.
 *
 * The index is versioned (VERSION). A file this app cannot read is never
 * used and never lost: a damaged one is set aside under another name and a
 * new archive begun, saying so (notice); one written by a newer app is
 * refused (Refused), and nothing is written over it.
 */
public final class RatedArchive {
    /** The version of archive.properties this app writes and reads. */
    static final int VERSION = 1;
    static final String INDEX = "archive.properties";
    /** How an abandoned game ended (it counts as a loss). */
    public static final String ABANDONED = "abandoned";

    /** An archive this app must not use. */
    public static final class Refused extends IOException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /** One rated game. */
    public static final class Entry {
        /** Its number in the archive, from 1, in the order played. */
        public final int number;
        /** The scale it counted for ("chess", "chameleon/4"). */
        public final String scale;
        /** The game's name (UCI_Variant). */
        public final String game;
        /** When it ended, "yyyy-MM-dd HH:mm". */
        public final String date;
        /** The person's side. */
        public final String side;
        /** The engine players, as side and level pairs ("b4" or "b4,y1,g7"). */
        public final String opponents;
        /** Each opponent level's rating on the scale, and the person's points against it (1, 1/2, 0). */
        public final double[] opponentElo;
        public final double[] points;
        public final double before;
        public final double after;
        /** How it ended: the engine's reason ("checkmate", "White resigns") or ABANDONED. */
        public final String end;
        /** The record's file in the archive, or null when it could not be kept. */
        private final File record;

        Entry(int number, String scale, String game, String date, String side, String opponents,
                double[] opponentElo, double[] points, double before, double after, String end, File record) {
            this.number = number;
            this.scale = scale;
            this.game = game;
            this.date = date;
            this.side = side;
            this.opponents = opponents;
            this.opponentElo = opponentElo;
            this.points = points;
            this.before = before;
            this.after = after;
            this.end = end;
            this.record = record;
        }

        public boolean abandoned() {
            return end.equals(ABANDONED);
        }

        /**
         * The place the person finished among points.length + 1 players (1
         * first), counting opponents ahead; shared places count as behind.
         */
        public int place() {
            int place = 1;
            for (double x : points) {
                if (x < 1) {
                    place++;
                }
            }
            return place;
        }

        /** Whether the game's record is kept. */
        public boolean hasRecord() {
            return record != null && record.isFile();
        }

        /** The game's record. */
        public String record() throws IOException {
            if (record == null) {
                throw new IOException("the record of this game was not kept");
            }
            return GameStore.read(record);
        }

        /** The engine players' levels, in the order of opponents. */
        public int[] levels() {
            String[] pairs = opponents.split(",");
            int[] out = new int[pairs.length];
            for (int i = 0; i < pairs.length; i++) {
                out[i] = Integer.parseInt(pairs[i].substring(1));
            }
            return out;
        }
    }

    /** A rated game under way in which the person has moved. */
    public static final class Pending {
        public final String scale;
        public final String game;
        public final String side;
        /** Side and level pairs, as Entry.opponents. */
        public final String opponents;

        public Pending(String scale, String game, String side, String opponents) {
            this.scale = scale;
            this.game = game;
            this.side = side;
            this.opponents = opponents;
        }
    }

    private final File dir;
    private final Properties p;
    private final List<Entry> entries = new ArrayList<Entry>();

    private RatedArchive(File dir, Properties p) {
        this.dir = dir;
        this.p = p;
    }

    /**
     * The archive in a folder (empty when it has none yet). A damaged index
     * is set aside and a new archive begun, with a notice saying so; an
     * index of a newer version is Refused.
     */
    public static RatedArchive open(File dir) throws Refused {
        File index = new File(dir, INDEX);
        if (!index.isFile()) {
            return fresh(dir, null);
        }
        Properties p = new Properties();
        RatedArchive a;
        try {
            InputStream in = new FileInputStream(index);
            try {
                p.load(in);
            } finally {
                in.close();
            }
            a = new RatedArchive(dir, p);
            a.read();
        } catch (Refused newer) {
            throw newer;
        } catch (IOException | IllegalArgumentException damaged) {
            return setAside(dir, index, damaged.getMessage());
        }
        return a;
    }

    private static RatedArchive fresh(File dir, String notice) {
        Properties p = new Properties();
        p.setProperty("version", Integer.toString(VERSION));
        p.setProperty("games", "0");
        if (notice != null) {
            p.setProperty("notice", notice);
        }
        return new RatedArchive(dir, p);
    }

    /** Renames a damaged index out of the way (nothing is deleted) and begins anew, saying what happened. */
    private static RatedArchive setAside(File dir, File index, String why) throws Refused {
        File kept = new File(dir, INDEX + ".damaged");
        for (int i = 2; kept.exists(); i++) {
            kept = new File(dir, INDEX + ".damaged-" + i);
        }
        if (!index.renameTo(kept)) {
            throw new Refused("the rated games cannot be read (" + why + ") and the file cannot be set aside");
        }
        String notice = "The rated games played before " + now() + " could not be read (" + why
                + "); their file is kept as " + kept.getName() + ", and the ratings begin again.";
        RatedArchive a = fresh(dir, notice);
        try {
            a.save();
        } catch (IOException e) {
            throw new Refused("the rated games cannot be read (" + why + ") nor begun again: " + e.getMessage());
        }
        return a;
    }

    /** Reads and checks the index; an IOException names what is wrong. */
    private void read() throws IOException {
        String v = p.getProperty("version");
        if (v == null) {
            throw new IOException("it has no version");
        }
        int version = number(v, "version");
        if (version > VERSION) {
            throw new Refused("the rated games were written by a newer Tempest (archive version " + version
                    + "; this app reads version " + VERSION + "): update the app to see them and play rated games");
        }
        if (version < 1) {
            throw new IOException("version " + version + " is no version of it");
        }
        int games = number(p.getProperty("games", ""), "games");
        if (games < 0) {
            throw new IOException("it counts " + games + " games");
        }
        for (int n = 1; n <= games; n++) {
            entries.add(entry(n));
        }
        if (p.getProperty("pending.scale") != null && pending() == null) {
            throw new IOException("its pending game is incomplete");
        }
    }

    private Entry entry(int n) throws IOException {
        String k = "game." + n + ".";
        String scale = required(k + "scale");
        String game = required(k + "game");
        String side = required(k + "side");
        String opponents = required(k + "opponents");
        double[] elo = numbers(required(k + "opponentElo"), k + "opponentElo");
        double[] points = numbers(required(k + "points"), k + "points");
        if (elo.length != points.length || elo.length != opponents.split(",").length) {
            throw new IOException("game " + n + " has " + opponents.split(",").length + " opponents, " + elo.length
                    + " ratings and " + points.length + " scores");
        }
        for (String pair : opponents.split(",")) {
            if (pair.length() < 2) {
                throw new IOException("game " + n + " names an opponent \"" + pair + "\"");
            }
            number(pair.substring(1), k + "opponents");
        }
        for (double x : points) {
            if (x != 0 && x != 0.5 && x != 1) {
                throw new IOException("game " + n + " scores " + x + " against an opponent");
            }
        }
        double before = numbers(required(k + "before"), k + "before")[0];
        double after = numbers(required(k + "after"), k + "after")[0];
        String record = p.getProperty(k + "record", "");
        return new Entry(n, scale, game, p.getProperty(k + "date", ""), side, opponents, elo, points, before, after,
                p.getProperty(k + "end", ""), record.isEmpty() ? null : new File(dir, new File(record).getName()));
    }

    private String required(String key) throws IOException {
        String v = p.getProperty(key);
        if (v == null || v.trim().isEmpty()) {
            throw new IOException(key + " is missing");
        }
        return v.trim();
    }

    private static int number(String v, String key) throws IOException {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IOException(key + " is \"" + v + "\", not a number");
        }
    }

    private static double[] numbers(String v, String key) throws IOException {
        String[] f = v.split(",");
        double[] out = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            try {
                out[i] = Double.parseDouble(f[i].trim());
            } catch (NumberFormatException e) {
                throw new IOException(key + " is \"" + v + "\", not numbers");
            }
            if (Double.isNaN(out[i]) || Double.isInfinite(out[i])) {
                throw new IOException(key + " is \"" + v + "\", not numbers");
            }
        }
        return out;
    }

    /** What happened to an archive that could not be read, or null. */
    public String notice() {
        return p.getProperty("notice");
    }

    /** Every rated game, in the order played. */
    public List<Entry> entries() {
        return Collections.unmodifiableList(entries);
    }

    /** The rated games of one scale, in the order played. */
    public List<Entry> entries(String scale) {
        List<Entry> out = new ArrayList<Entry>();
        for (Entry e : entries) {
            if (e.scale.equals(scale)) {
                out.add(e);
            }
        }
        return out;
    }

    /** The scales with rated games, in the order first played. */
    public List<String> scales() {
        List<String> out = new ArrayList<String>();
        for (Entry e : entries) {
            if (!out.contains(e.scale)) {
                out.add(e.scale);
            }
        }
        return out;
    }

    /** The rating on a scale: after its last rated game, or Rating.START. */
    public double rating(String scale) {
        List<Entry> list = entries(scale);
        return list.isEmpty() ? Rating.START : list.get(list.size() - 1).after;
    }

    /** How many rated games of a scale were played. */
    public int games(String scale) {
        return entries(scale).size();
    }

    /**
     * Adds a rated game: the rating moves by Rating.after from the scale's
     * current one. The record is written first, then the index, each
     * atomically, so a crash leaves at worst a record no entry names. A null
     * record keeps the facts alone.
     */
    public Entry add(String scale, String game, String side, String opponents, double[] opponentElo,
            double[] points, String end, String record) throws IOException {
        int n = entries.size() + 1;
        double before = rating(scale);
        double after = Rating.after(before, games(scale), points, opponentElo);
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        File file = null;
        if (record != null) {
            file = new File(dir, n + ".pgn");
            for (int i = 2; file.exists(); i++) { // a record a damaged archive left behind stays
                file = new File(dir, n + "-" + i + ".pgn");
            }
            GameStore.writeAtomically(file, record.getBytes(StandardCharsets.UTF_8));
        }
        String k = "game." + n + ".";
        p.setProperty(k + "scale", scale);
        p.setProperty(k + "game", game);
        p.setProperty(k + "date", now());
        p.setProperty(k + "side", side);
        p.setProperty(k + "opponents", opponents);
        p.setProperty(k + "opponentElo", join(opponentElo));
        p.setProperty(k + "points", join(points));
        p.setProperty(k + "before", Double.toString(before));
        p.setProperty(k + "after", Double.toString(after));
        p.setProperty(k + "end", end);
        p.setProperty(k + "record", file == null ? "" : file.getName());
        p.setProperty("games", Integer.toString(n));
        clearPendingKeys();
        try {
            save();
        } catch (IOException e) {
            for (String key : p.stringPropertyNames()) {
                if (key.startsWith(k)) {
                    p.remove(key);
                }
            }
            p.setProperty("games", Integer.toString(n - 1));
            throw e;
        }
        Entry added = entry(n);
        entries.add(added);
        return added;
    }

    /** The rated game under way in which the person has moved, or null. */
    public Pending pending() {
        String scale = p.getProperty("pending.scale");
        String game = p.getProperty("pending.game");
        String side = p.getProperty("pending.side");
        String opponents = p.getProperty("pending.opponents");
        if (scale == null || game == null || side == null || opponents == null || opponents.isEmpty()) {
            return null;
        }
        return new Pending(scale, game, side, opponents);
    }

    /** Marks a rated game as under way (the person has moved in it). */
    public void setPending(Pending g) throws IOException {
        p.setProperty("pending.scale", g.scale);
        p.setProperty("pending.game", g.game);
        p.setProperty("pending.side", g.side);
        p.setProperty("pending.opponents", g.opponents);
        save();
    }

    /** No rated game is under way any more (it ended, or became casual). */
    public void clearPending() throws IOException {
        if (p.getProperty("pending.scale") != null) {
            clearPendingKeys();
            save();
        }
    }

    private void clearPendingKeys() {
        for (String key : new String[] {"pending.scale", "pending.game", "pending.side", "pending.opponents"}) {
            p.remove(key);
        }
    }

    private void save() throws IOException {
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.store(out, "Tempest rated games");
        GameStore.writeAtomically(new File(dir, INDEX), out.toByteArray());
    }

    private static String join(double[] values) {
        StringBuilder b = new StringBuilder();
        for (double v : values) {
            b.append(b.length() == 0 ? "" : ",").append(v);
        }
        return b.toString();
    }

    private static String now() {
        return new SimpleDateFormat("yyyy-MM-dd HH:mm", Locale.US).format(new Date());
    }
}
