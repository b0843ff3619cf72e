package org.tempest.app.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The engine as a child process: lines are written to its standard input and
 * read from its standard output by a reader thread, so a slow or dead engine
 * never blocks the caller beyond the time-out it chooses. A second thread
 * drains its standard error into a log, so a crash trace is kept and a full
 * pipe can never stop the engine; its exit is logged with its code.
 */
public final class EngineProcess {
    /** Marks the end of the engine's output in the line queue. */
    private static final String EOF = new String("<eof>");

    private final Process process;
    private final Writer in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<String>();
    private volatile boolean ended;
    private volatile java.util.List<String> inputLog;
    /** The thread draining standard error, or null (a process without one). */
    private Thread errorDrain;

    /** Starts the engine executable at path; its standard error is drained and dropped. */
    public static EngineProcess start(String path) throws IOException {
        return start(java.util.Collections.singletonList(path), EngineLog.NONE);
    }

    /** Starts the engine command; its standard error and its exit go to the log. */
    public static EngineProcess start(java.util.List<String> command, EngineLog.Sink log) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectErrorStream(false);
        Process p = pb.start();
        EngineProcess e = new EngineProcess(p);
        e.drainErrors(p, log);
        return e;
    }

    /** Reads the process's standard error line by line into the log until it closes, then logs the exit. */
    private void drainErrors(final Process p, final EngineLog.Sink log) {
        final BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        Thread t = new Thread(new Runnable() {
            @Override
            public void run() {
                try {
                    String line;
                    while ((line = err.readLine()) != null) {
                        log.line(line);
                    }
                } catch (IOException ignored) {
                    // The stream broke: the engine is gone.
                }
                try {
                    log.line("exited with code " + p.waitFor());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "engine-stderr");
        t.setDaemon(true);
        t.start();
        errorDrain = t;
    }

    /**
     * Lets the drain read what an exited process left in its standard error
     * (a crash trace) before destroy closes the stream under it.
     */
    private void awaitDrain() {
        Thread t = errorDrain;
        if (t == null || isRunning()) {
            return;
        }
        try {
            t.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Wraps an already started process (tests use a fake one). */
    public EngineProcess(Process process) {
        this(process, process.getInputStream(), process.getOutputStream());
    }

    EngineProcess(Process process, InputStream out, OutputStream in) {
        this.process = process;
        this.in = new OutputStreamWriter(in, StandardCharsets.UTF_8);
        final BufferedReader reader = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8));
        Thread t = new Thread(new Runnable() {
            @Override
            public void run() {
                try {
                    String line;
                    while ((line = reader.readLine()) != null) {
                        lines.add(line);
                    }
                } catch (IOException ignored) {
                    // The stream broke: the engine is gone, as at end of output.
                }
                ended = true;
                lines.add(EOF);
            }
        }, "engine-reader");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Keeps a copy of every line sent from now on (tests check what an
     * engine player was told).
     */
    public void logInput(java.util.List<String> log) {
        inputLog = log;
    }

    /** Sends one command line. */
    public synchronized void send(String line) throws EngineException {
        java.util.List<String> log = inputLog;
        if (log != null) {
            log.add(line);
        }
        if (ended) {
            throw new EngineException("the engine has stopped");
        }
        try {
            in.write(line);
            in.write('\n');
            in.flush();
        } catch (IOException e) {
            ended = true;
            throw new EngineException("the engine has stopped: " + e.getMessage());
        }
    }

    /**
     * Returns the next output line, waiting at most timeoutMs.
     *
     * @throws EngineException when the engine's output has ended or the time ran out
     */
    public String next(long timeoutMs) throws EngineException {
        String line;
        try {
            line = lines.poll(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while waiting for the engine");
        }
        if (line == null) {
            throw new EngineTimeoutException("the engine did not answer within " + timeoutMs + " ms");
        }
        if (line == EOF) {
            lines.add(EOF); // stay at the end for later readers
            throw new EngineException("the engine has stopped");
        }
        return line;
    }

    /**
     * The next output line, or null when none comes within timeoutMs: for a
     * reader that watches other things between lines (the analysis, which
     * must notice a stop within a few milliseconds).
     *
     * @throws EngineException when the engine's output has ended
     */
    public String poll(long timeoutMs) throws EngineException {
        try {
            return next(timeoutMs);
        } catch (EngineTimeoutException quiet) {
            return null;
        }
    }

    /** Reports whether the engine is still running and its output open. */
    public boolean isAlive() {
        if (ended) {
            return false;
        }
        try {
            process.exitValue();
            return false;
        } catch (IllegalThreadStateException running) {
            return true;
        }
    }

    /** Ends the engine: "quit", then a kill if it does not exit promptly. */
    public void stop() {
        try {
            send("quit");
        } catch (EngineException ignored) {
            // Already gone.
        }
        try {
            for (int i = 0; i < 50 && isRunning(); i++) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        awaitDrain();
        process.destroy();
    }

    /** Kills the engine at once (tests simulate a crash with it). */
    public void kill() {
        awaitDrain();
        process.destroy();
    }

    private boolean isRunning() {
        try {
            process.exitValue();
            return false;
        } catch (IllegalThreadStateException running) {
            return true;
        }
    }
}
