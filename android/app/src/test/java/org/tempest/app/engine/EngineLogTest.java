package org.tempest.app.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.Arrays;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The engines' standard error: drained so a chatty engine never blocks,
 * kept in a bounded log with the exit code, so a crash trace is never lost.
 */
public class EngineLogTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    private static final String ENGINE = System.getProperty("tempest.engine");

    private static List<String> shell(String script) {
        return Arrays.asList("/bin/sh", "-c", script);
    }

    private static void waitForLog(EngineLog log, String text) throws InterruptedException {
        for (int i = 0; i < 500 && !log.text().contains(text); i++) {
            Thread.sleep(10);
        }
        assertTrue("the log should contain \"" + text + "\":\n" + log.text(), log.text().contains(text));
    }

    @Test
    public void aChattyEngineIsDrainedAndTheLogStaysBounded() throws Exception {
        EngineLog log = new EngineLog(new File(tmp.getRoot(), "engine.log"), 64 * 1024);
        // 400 KB on standard error before the engine starts: far more than a pipe holds, so an
        // undrained stream would stop the script before the engine ever answers "uci".
        UciClient c = UciClient.launch(shell("i=0; while [ $i -lt 4000 ]; do echo \"noise line $i "
                + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\" >&2; i=$((i+1)); done; "
                + "exec " + ENGINE), log.sink("engine"));
        try {
            assertTrue(c.name(), c.name().startsWith("Tempest"));
            waitForLog(log, "noise line 3999");
            String text = log.text();
            assertTrue("bounded: " + text.length(), text.length() <= 64 * 1024);
            assertTrue(text.startsWith("[older lines dropped]\n"));
            assertTrue(text.contains("engine: noise line 3999 xxx"));
        } finally {
            c.close();
        }
        waitForLog(log, "engine: exited with code ");
    }

    @Test
    public void aCrashTraceAndTheExitCodeAreKept() throws Exception {
        EngineLog log = new EngineLog(new File(tmp.getRoot(), "engine.log"), 64 * 1024);
        EngineException e = assertThrows(EngineException.class, () -> UciClient.launch(
                shell("echo 'panic: runtime error: index out of range' >&2; echo 'goroutine 1 [running]:' >&2; exit 2"),
                log.sink("engine")));
        assertTrue(e.getMessage(), e.getMessage().contains("stopped"));
        waitForLog(log, "engine: exited with code 2");
        String text = log.text();
        assertTrue(text, text.contains("engine: panic: runtime error: index out of range\n"));
        assertTrue(text, text.indexOf("goroutine 1") < text.indexOf("exited with code 2"));

        // A killed engine's exit is logged too; clearing empties the log.
        UciClient c = UciClient.launch(Arrays.asList(ENGINE), log.sink("engine"));
        c.process().kill();
        for (int i = 0; i < 500 && log.text().split("exited with code", -1).length < 3; i++) {
            Thread.sleep(10);
        }
        assertEquals(3, log.text().split("exited with code", -1).length);
        log.clear();
        assertEquals("", log.text());
    }
}
