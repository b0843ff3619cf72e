package org.tempest.app.engine;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;

/**
 * The real engine with lines of its output replaced: a game's declaration
 * made to say something else while the engine plays as it does, so a test
 * sees what the app does with what the declaration says.
 */
public final class EditedEngine {
    private EditedEngine() {
    }

    /**
     * The shell pipeline: the engine, then sed replacing the start of a line
     * by another for each pair (no '/' in either; the rest of the line stays).
     */
    static String pipeline(String... lineThenReplacement) {
        StringBuilder sed = new StringBuilder("sed -u");
        for (int i = 0; i + 1 < lineThenReplacement.length; i += 2) {
            sed.append(" -e 's/^").append(lineThenReplacement[i]).append("/").append(lineThenReplacement[i + 1])
                    .append("/'");
        }
        return "\"" + System.getProperty("tempest.engine") + "\" \"$@\" | " + sed;
    }

    /** The command that starts such an engine. */
    public static List<String> command(String... lineThenReplacement) {
        return Arrays.asList("sh", "-c", pipeline(lineThenReplacement));
    }

    /** An executable script that starts such an engine, for a screen that starts its engine by path. */
    public static String script(File dir, String... lineThenReplacement) throws IOException {
        File f = new File(dir, "edited-engine.sh");
        String text = "#!/bin/sh\n" + pipeline(lineThenReplacement) + "\n";
        Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
        if (!f.setExecutable(true)) {
            throw new IOException("cannot make " + f + " executable");
        }
        return f.getPath();
    }

    /** Starts such an engine and completes the handshake. */
    public static UciClient launch(String... lineThenReplacement) throws EngineException {
        return UciClient.launch(command(lineThenReplacement), EngineLog.NONE);
    }
}
