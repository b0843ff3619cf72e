package org.tempest.app.game;

/**
 * A chess clock for two sides, "w" and "b": each side's time left, an
 * increment added after each of its moves, and the side whose time runs.
 * Times are in milliseconds of a monotonic clock the caller passes in, so
 * tests can drive it. Thread-safe: the game's worker thread moves it, the
 * screen reads it.
 */
public final class Clock {
    public final long baseMs;
    public final long incrementMs;
    private long white;
    private long black;
    /** The side whose time runs, or null. */
    private String running;
    private long since;

    public Clock(long baseMs, long incrementMs) {
        this(baseMs, incrementMs, baseMs, baseMs);
    }

    /** A clock with the times left given (a resumed game). */
    public Clock(long baseMs, long incrementMs, long whiteMs, long blackMs) {
        this.baseMs = baseMs;
        this.incrementMs = incrementMs;
        this.white = whiteMs;
        this.black = blackMs;
    }

    /** Starts the side's time (stopping any other without an increment). */
    public synchronized void start(String side, long now) {
        if (running != null && !running.equals(side)) {
            charge(now);
        }
        if (running == null || !running.equals(side)) {
            running = side;
            since = now;
        }
    }

    /**
     * Ends the running side's move: its time used is taken off and the
     * increment added, unless its time had run out. Returns the side's time
     * left, negative when it ran out.
     */
    public synchronized long moved(long now) {
        if (running == null) {
            return Long.MAX_VALUE;
        }
        String side = running;
        charge(now);
        running = null;
        long left = left(side);
        if (left > 0) {
            set(side, left + incrementMs);
        }
        return left;
    }

    /** Stops the running time (the game ended, or is put away). */
    public synchronized void pause(long now) {
        if (running != null) {
            charge(now);
            running = null;
        }
    }

    /** The side's time left now, negative after its flag fell. */
    public synchronized long remaining(String side, long now) {
        long t = left(side);
        return side.equals(running) ? t - (now - since) : t;
    }

    /** The side whose time runs, or null. */
    public synchronized String running() {
        return running;
    }

    /** The side whose time has run out now, or null. */
    public synchronized String flagged(long now) {
        return running != null && remaining(running, now) <= 0 ? running : null;
    }

    private void charge(long now) {
        set(running, left(running) - (now - since));
        since = now;
    }

    private long left(String side) {
        return side.equals("w") ? white : black;
    }

    private void set(String side, long ms) {
        if (side.equals("w")) {
            white = ms;
        } else {
            black = ms;
        }
    }

    /** "4:05", "0:09.3" under ten seconds, "0:00" once the flag fell; hours as "1:02:03". */
    public static String format(long ms) {
        if (ms <= 0) {
            return "0:00";
        }
        if (ms < 10000) {
            return String.format(java.util.Locale.ROOT, "0:%02d.%d", ms / 1000, (ms % 1000) / 100);
        }
        long s = (ms + 999) / 1000;
        if (s >= 3600) {
            return String.format(java.util.Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
        }
        return String.format(java.util.Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
