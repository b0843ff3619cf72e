package org.tempest.app.game;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Game records in the app's storage: the autosave (record plus setup) and
 * games the player saved. Every write goes to a temporary file first and is
 * renamed over the old one, so a crash mid-write never loses what was saved.
 */
public final class GameStore {
    /** Records larger than this are not game records a person saved. */
    public static final int MAX_RECORD_BYTES = 1 << 20;

    private final File dir;
    private final File games;

    public GameStore(File dir) {
        this.dir = dir;
        this.games = new File(dir, "games");
    }

    /** Saves the game being played, for "continue" and for resuming after the app was killed. */
    public void autosave(GameSetup setup, String record) throws IOException {
        autosave(setup, record, null, 0);
    }

    /** The same, with the clock's times left at the moment of saving (a game on a clock). */
    public void autosave(GameSetup setup, String record, Clock clock, long now) throws IOException {
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        Properties p = setup.toProperties();
        if (clock != null) {
            p.setProperty("clockWhite", Long.toString(Math.max(0, clock.remaining("w", now))));
            p.setProperty("clockBlack", Long.toString(Math.max(0, clock.remaining("b", now))));
        }
        ByteArrayOutputStream meta = new ByteArrayOutputStream();
        p.store(meta, "Tempest autosave");
        // The record first: a setup never points at an older record than its own.
        writeAtomically(new File(dir, "autosave.pgn"), record.getBytes(StandardCharsets.UTF_8));
        writeAtomically(new File(dir, "autosave.properties"), meta.toByteArray());
    }

    /** Whether there is a game to continue. */
    public boolean hasAutosave() {
        return new File(dir, "autosave.pgn").isFile() && new File(dir, "autosave.properties").isFile();
    }

    /** The autosaved setup, or null when there is none or it is unreadable. */
    public GameSetup autosavedSetup() {
        Properties p = autosaveProperties();
        return p == null ? null : GameSetup.fromProperties(p);
    }

    /**
     * The clock's times left, White's and Black's, when the autosave was
     * made, or null for a game without a clock (or times that do not read).
     */
    public long[] autosavedClock() {
        Properties p = autosaveProperties();
        if (p == null || p.getProperty("clockWhite") == null || p.getProperty("clockBlack") == null) {
            return null;
        }
        try {
            long w = Long.parseLong(p.getProperty("clockWhite"));
            long b = Long.parseLong(p.getProperty("clockBlack"));
            return w < 0 || b < 0 ? null : new long[] {w, b};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Properties autosaveProperties() {
        File f = new File(dir, "autosave.properties");
        if (!f.isFile()) {
            return null;
        }
        Properties p = new Properties();
        InputStream in = null;
        try {
            in = new FileInputStream(f);
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            return null; // unreadable, or a malformed unicode escape
        } finally {
            closeQuietly(in);
        }
        return p;
    }

    public String autosavedRecord() throws IOException {
        return read(new File(dir, "autosave.pgn"));
    }

    /** Saves a record under a new name in the app's storage; returns the file. */
    public File saveGame(String record) throws IOException {
        if (!games.isDirectory() && !games.mkdirs()) {
            throw new IOException("cannot create " + games);
        }
        String stamp = new SimpleDateFormat("yyyy-MM-dd_HH-mm-ss", Locale.US).format(new Date());
        File f = new File(games, "tempest_" + stamp + ".pgn");
        for (int i = 2; f.exists(); i++) {
            f = new File(games, "tempest_" + stamp + "_" + i + ".pgn");
        }
        writeAtomically(f, record.getBytes(StandardCharsets.UTF_8));
        return f;
    }

    /** The saved games, newest first. */
    public List<File> savedGames() {
        File[] files = games.listFiles();
        List<File> out = new ArrayList<File>();
        if (files == null) {
            return out;
        }
        Arrays.sort(files);
        for (int i = files.length - 1; i >= 0; i--) {
            if (files[i].getName().endsWith(".pgn")) {
                out.add(files[i]);
            }
        }
        return out;
    }

    /** Deletes a saved game (only a file of this store's saved games); false when it is not one or stays. */
    public boolean delete(File saved) {
        File parent = saved.getAbsoluteFile().getParentFile();
        return parent != null && parent.equals(games.getAbsoluteFile()) && saved.getName().endsWith(".pgn")
                && saved.delete();
    }

    /** Reads a record file, refusing files too large to be one. */
    public static String read(File f) throws IOException {
        InputStream in = new FileInputStream(f);
        try {
            return readRecord(in);
        } finally {
            closeQuietly(in);
        }
    }

    /** Reads a record from a stream (a document the player picked). */
    public static String readRecord(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            out.write(buf, 0, n);
            if (out.size() > MAX_RECORD_BYTES) {
                throw new IOException("the file is larger than " + (MAX_RECORD_BYTES >> 10)
                        + " KB: not a game record");
            }
        }
        return new String(out.toByteArray(), StandardCharsets.UTF_8);
    }

    static void writeAtomically(File target, byte[] data) throws IOException {
        File tmp = new File(target.getPath() + ".tmp");
        OutputStream out = new FileOutputStream(tmp);
        try {
            out.write(data);
            out.flush();
            if (out instanceof FileOutputStream) {
                ((FileOutputStream) out).getFD().sync();
            }
        } finally {
            out.close();
        }
        if (!tmp.renameTo(target)) {
            tmp.delete();
            throw new IOException("cannot replace " + target);
        }
    }

    private static void closeQuietly(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // Nothing more to read.
            }
        }
    }
}
