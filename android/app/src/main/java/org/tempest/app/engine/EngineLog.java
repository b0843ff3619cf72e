package org.tempest.app.engine;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.Locale;

/**
 * The engines' standard error and their exits, kept in a file so a crash
 * trace outlives the app's process; the diagnostics screen shows it. The
 * file is bounded: past maxBytes the older half is dropped. Thread-safe:
 * every engine process's drain thread writes here.
 */
public final class EngineLog {
    /** Where lines go: the log, or nowhere (tests that do not care). */
    public interface Sink {
        void line(String text);
    }

    public static final Sink NONE = new Sink() {
        @Override
        public void line(String text) {
        }
    };

    private final File file;
    private final long maxBytes;

    public EngineLog(File file, long maxBytes) {
        this.file = file;
        this.maxBytes = maxBytes;
    }

    /** A sink that adds each line to this log with the time and the process it came from. */
    public Sink sink(final String source) {
        return new Sink() {
            @Override
            public void line(String text) {
                add(source + ": " + text);
            }
        };
    }

    /** Adds a line with the time. Failures to write are dropped: the log must never stop an engine. */
    public synchronized void add(String text) {
        String stamp = new SimpleDateFormat("yyyy-MM-dd HH:mm:ss", Locale.ROOT).format(new Date());
        byte[] bytes = (stamp + " " + text + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            if (file.length() + bytes.length > maxBytes) {
                trim();
            }
            try (OutputStream out = new FileOutputStream(file, true)) {
                out.write(bytes);
            }
        } catch (IOException ignored) {
            // No storage: the line is lost, the engine goes on.
        }
    }

    /** Keeps the newer half of the file, from a line start. */
    private void trim() throws IOException {
        if (!file.isFile()) {
            return;
        }
        byte[] all = Files.readAllBytes(file.toPath());
        int from = all.length / 2;
        while (from < all.length && all[from - 1] != '\n') {
            from++;
        }
        File tmp = new File(file.getPath() + ".tmp");
        try (OutputStream out = new FileOutputStream(tmp)) {
            out.write(("[older lines dropped]\n").getBytes(StandardCharsets.UTF_8));
            out.write(all, from, all.length - from);
        }
        if (!tmp.renameTo(file)) {
            throw new IOException("cannot replace " + file);
        }
    }

    /** The whole log, or "" when there is none. */
    public synchronized String text() {
        try {
            return file.isFile() ? new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(the log cannot be read: " + e.getMessage() + ")";
        }
    }

    public synchronized void clear() {
        if (file.isFile() && !file.delete()) {
            add("(the log could not be cleared)");
        }
    }
}
