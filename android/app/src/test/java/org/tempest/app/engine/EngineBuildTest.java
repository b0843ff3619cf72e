package org.tempest.app.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.file.Files;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * What the About screen says of the engine: its name and version from the
 * real engine's handshake and the processor read from the executable's ELF
 * header, and nothing for a file that is not an ELF executable.
 */
public class EngineBuildTest {
    @Rule
    public TemporaryFolder tmp = new TemporaryFolder();

    /** The processor this JVM runs on, as EngineBuild names it (the host engine is built for it). */
    private static String hostMachine() {
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64") || arch.equals("x86_64")) {
            return "x86-64";
        }
        if (arch.equals("aarch64") || arch.equals("arm64")) {
            return "64-bit ARM";
        }
        throw new AssertionError("no expectation for the host's processor " + arch);
    }

    @Test
    public void theRealEngineNamesItsVersionAndProcessor() throws Exception {
        File engine = new File(System.getProperty("tempest.engine"));
        UciClient c = UciClient.launch(engine.getPath());
        String id;
        try {
            id = c.name();
        } finally {
            c.close();
        }
        assertTrue(id, id.startsWith("Tempest "));
        EngineBuild b = EngineBuild.of(id, engine);
        assertEquals("Tempest", b.name);
        assertEquals(id.substring("Tempest ".length()), b.version);
        assertEquals(hostMachine(), b.machine);
        String version = b.version.equals("dev") ? "a development build" : "version " + b.version;
        assertEquals("Tempest, " + version + ", built for " + hostMachine(), b.describe());
        assertTrue("no path: " + b.describe(), !b.describe().contains("/"));
    }

    @Test
    public void theHeaderGivesTheProcessor() throws Exception {
        assertEquals("64-bit ARM", EngineBuild.machine(elf(2, 1, 0xB7, 0x00)));
        assertEquals("x86-64", EngineBuild.machine(elf(2, 1, 0x3E, 0x00)));
        assertEquals("32-bit ARM", EngineBuild.machine(elf(1, 1, 0x28, 0x00)));
        assertEquals("big-endian e_machine", "64-bit ARM", EngineBuild.machine(elf(2, 2, 0x00, 0xB7)));
        assertEquals("an unknown machine", "", EngineBuild.machine(elf(2, 1, 0x99, 0x99)));
    }

    @Test
    public void anythingElseGivesNoProcessor() throws Exception {
        File text = tmp.newFile("text");
        Files.write(text.toPath(), "#!/bin/sh\necho hello world\n".getBytes("UTF-8"));
        assertEquals("", EngineBuild.machine(text));
        File truncated = tmp.newFile("short");
        Files.write(truncated.toPath(), new byte[] {0x7f, 'E', 'L', 'F', 2, 1});
        assertEquals("", EngineBuild.machine(truncated));
        assertEquals("a folder", "", EngineBuild.machine(tmp.getRoot()));
        assertEquals("missing", "", EngineBuild.machine(new File(tmp.getRoot(), "nothing")));
        assertEquals("not a regular file", "", EngineBuild.machine(new File("/dev/zero")));
        EngineBuild none = EngineBuild.of("", text);
        assertEquals("Tempest", none.describe());
        assertEquals("Other, version 2.0", EngineBuild.of("Other 2.0", text).describe());
        assertEquals("Tempest, a development build", EngineBuild.of("Tempest dev", text).describe());
    }

    /** An ELF header of 20 bytes: class (1 = 32, 2 = 64 bits), data (1 little, 2 big-endian), e_machine's bytes. */
    private File elf(int elfClass, int data, int machine0, int machine1) throws Exception {
        byte[] h = new byte[64];
        h[0] = 0x7f;
        h[1] = 'E';
        h[2] = 'L';
        h[3] = 'F';
        h[4] = (byte) elfClass;
        h[5] = (byte) data;
        h[18] = (byte) machine0;
        h[19] = (byte) machine1;
        File f = tmp.newFile();
        Files.write(f.toPath(), h);
        return f;
    }
}
