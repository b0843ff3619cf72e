package org.tempest.app.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.After;
import org.junit.Test;

/**
 * The UCI client against a scripted engine on pipes (for timing, partial
 * lines and death) and against the real engine binary.
 */
public class UciClientTest {
    /** A scripted engine: the test writes its output, and reads what the client sent. */
    static final class FakeEngine {
        final PipedOutputStream engineOut = new PipedOutputStream();
        final ByteArrayOutputStream engineIn = new ByteArrayOutputStream();
        final EngineProcess process;

        FakeEngine() throws IOException {
            PipedInputStream clientReads = new PipedInputStream(engineOut, 1 << 16);
            process = new EngineProcess(new IdleProcess(), clientReads, engineIn);
        }

        void say(String text) throws IOException {
            engineOut.write(text.getBytes(StandardCharsets.UTF_8));
            engineOut.flush();
        }

        /** Writes text a few bytes at a time, with pauses, from another thread. */
        void sayInPieces(final String text, final int piece, final long pauseMs) {
            Thread t = new Thread(() -> {
                try {
                    byte[] b = text.getBytes(StandardCharsets.UTF_8);
                    for (int i = 0; i < b.length; i += piece) {
                        engineOut.write(b, i, Math.min(piece, b.length - i));
                        engineOut.flush();
                        Thread.sleep(pauseMs);
                    }
                } catch (IOException | InterruptedException ignored) {
                    // The test ended.
                }
            });
            t.setDaemon(true);
            t.start();
        }

        String sent() {
            return engineIn.toString(StandardCharsets.UTF_8);
        }

        void die() throws IOException {
            engineOut.close();
        }
    }

    /** A stand-in Process that is "running" until the test ends. */
    static final class IdleProcess extends Process {
        @Override
        public OutputStream getOutputStream() {
            return OutputStream.nullOutputStream();
        }

        @Override
        public InputStream getInputStream() {
            return InputStream.nullInputStream();
        }

        @Override
        public InputStream getErrorStream() {
            return InputStream.nullInputStream();
        }

        @Override
        public int waitFor() {
            return 0;
        }

        @Override
        public int exitValue() {
            throw new IllegalThreadStateException("running");
        }

        @Override
        public void destroy() {
        }
    }

    private final List<UciClient> real = new ArrayList<>();

    @After
    public void closeEngines() {
        for (UciClient c : real) {
            c.close();
        }
    }

    @Test
    public void handshakeAssemblesLinesSentInPieces() throws Exception {
        FakeEngine e = new FakeEngine();
        UciClient c = new UciClient(e.process);
        e.sayInPieces("id name Fake 1.0\nid author X\noption name Hash type spin default 16 min 1 max 64\nuciok\n", 3, 2);
        assertEquals("Fake 1.0", c.handshake(5000));
        assertEquals(Collections.singletonList("Hash type spin default 16 min 1 max 64"), c.options());
        assertEquals("uci\n", e.sent());
    }

    @Test
    public void silentEngineTimesOut() throws Exception {
        FakeEngine e = new FakeEngine();
        UciClient c = new UciClient(e.process);
        e.say("id name Slow\n");
        EngineTimeoutException t = assertThrows(EngineTimeoutException.class, () -> c.handshake(200));
        assertTrue(t.getMessage(), t.getMessage().contains("200 ms"));
    }

    @Test
    public void engineDeathMidReplyIsReported() throws Exception {
        FakeEngine e = new FakeEngine();
        UciClient c = new UciClient(e.process);
        e.say("legalmoves e2e4 d2d4\n");
        e.die();
        EngineException x = assertThrows(EngineException.class, c::legalMoves);
        assertFalse(x instanceof EngineTimeoutException);
        assertTrue(x.getMessage(), x.getMessage().contains("stopped"));
        assertFalse(e.process.isAlive());
        // Later calls fail at once, they do not wait.
        assertThrows(EngineException.class, () -> c.request("state"));
    }

    @Test
    public void errorLineBecomesEngineError() throws Exception {
        FakeEngine e = new FakeEngine();
        UciClient c = new UciClient(e.process);
        e.say("info string error: move \"e2e5\": illegal\nreadyok\n");
        EngineError err = assertThrows(EngineError.class, () -> c.play("e2e5"));
        assertEquals("move \"e2e5\": illegal", err.getMessage());
        assertEquals("play e2e5\nisready\n", e.sent());
    }

    @Test
    public void searchPastItsTimeIsStopped() throws Exception {
        FakeEngine e = new FakeEngine();
        UciClient c = new UciClient(e.process);
        e.say("info depth 1 score cp 10 pv e2e4\n");
        Thread answer = new Thread(() -> {
            try {
                while (!e.sent().contains("stop\n")) {
                    Thread.sleep(5);
                }
                e.say("bestmove d2d4\n");
            } catch (IOException | InterruptedException ignored) {
                // The test ended.
            }
        });
        answer.start();
        List<String> infos = new ArrayList<>();
        assertEquals("d2d4", c.go("infinite", 100, infos::add));
        assertEquals(Collections.singletonList("info depth 1 score cp 10 pv e2e4"), infos);
        assertEquals("go infinite\nstop\n", e.sent());
    }

    private UciClient realEngine() throws Exception {
        String path = System.getProperty("tempest.engine");
        assertTrue("system property tempest.engine names the host engine build", path != null);
        UciClient c = new UciClient(EngineProcess.start(path));
        real.add(c);
        return c;
    }

    @Test
    public void realEngineRulesService() throws Exception {
        UciClient c = realEngine();
        assertTrue(c.handshake(UciClient.REPLY_TIMEOUT_MS).startsWith("Tempest"));
        c.position("startpos", Arrays.asList("e2e4", "e7e5"));
        List<String> legal = c.legalMoves();
        assertEquals(29, legal.size()); // python-chess agrees: 29 moves after 1.e4 e5
        PlayResult r = c.play("d1h5");
        assertEquals("san Qh5", r.facts);
        assertEquals("b", r.state.toMove);
        EngineError bad = assertThrows(EngineError.class, () -> c.play("e8e6"));
        assertTrue(bad.getMessage(), bad.getMessage().contains("e8e6"));
        assertEquals(3, c.history().moves.size()); // the bad move changed nothing
        assertTrue(c.pgn().contains("1. e4 e5 2. Qh5 *"));
        List<LevelInfo> levels = c.levels();
        assertEquals("random", levels.get(0).kind);
        assertEquals("greedy", levels.get(1).kind);
        assertEquals("full", levels.get(levels.size() - 1).kind);
        String best = c.go("depth 6", 30000, null);
        assertTrue(best, c.legalMoves().contains(best));
    }

    /**
     * Starting the engine and reaching uciok, as the app does it: the median
     * of ten runs is printed for docs/BENCHMARKS.md (the test only checks
     * that every handshake succeeded).
     */
    @Test
    public void handshakeTimeIsMeasured() throws Exception {
        long[] ms = new long[10];
        for (int i = 0; i < ms.length; i++) {
            long t0 = System.nanoTime();
            UciClient c = realEngine();
            c.handshake(UciClient.REPLY_TIMEOUT_MS);
            ms[i] = (System.nanoTime() - t0) / 1000;
            c.close();
        }
        Arrays.sort(ms);
        System.out.printf("HANDSHAKE start+uciok median %.1f ms, min %.1f ms, max %.1f ms (10 runs)%n",
                ms[5] / 1000.0, ms[0] / 1000.0, ms[9] / 1000.0);
    }
}
