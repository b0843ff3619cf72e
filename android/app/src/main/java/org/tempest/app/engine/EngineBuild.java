package org.tempest.app.engine;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The engine as a player can name it on the About screen: its name and
 * version from the handshake's "id name" ("Tempest 1.2.0", a revision such
 * as "Tempest 85c7118a", or "Tempest dev" when the build recorded neither)
 * and the processor it was built for, read from the executable's ELF
 * header. Never its path: that is the phone's business, not the player's.
 */
public final class EngineBuild {
    /** The name the engine gave, "Tempest" when it gave none. */
    public final String name;
    /** Its version or revision, or "" when "id name" had none. */
    public final String version;
    /** The processor, "64-bit ARM" or "x86-64" and so on, or "" when the file does not say. */
    public final String machine;

    EngineBuild(String name, String version, String machine) {
        this.name = name;
        this.version = version;
        this.machine = machine;
    }

    /** The build of the engine whose handshake gave idName, run from the executable file. */
    public static EngineBuild of(String idName, File executable) {
        String id = idName == null ? "" : idName.trim();
        int space = id.lastIndexOf(' ');
        String name = space > 0 ? id.substring(0, space).trim() : id;
        String version = space > 0 ? id.substring(space + 1) : "";
        return new EngineBuild(name.isEmpty() ? "Tempest" : name, version, machine(executable));
    }

    /**
     * "Tempest, version 85c7118a, built for x86-64" ("a development build"
     * for a version "dev"), leaving out what is not known.
     */
    public String describe() {
        StringBuilder b = new StringBuilder(name);
        if (version.equals("dev")) {
            b.append(", a development build"); // built without a release number or a revision
        } else if (!version.isEmpty()) {
            b.append(", version ").append(version);
        }
        if (!machine.isEmpty()) {
            b.append(", built for ").append(machine);
        }
        return b.toString();
    }

    /** ELF identification and e_machine: the first 20 bytes of the header. */
    private static final int HEADER_BYTES = 20;

    /**
     * The processor an ELF executable was built for, or "" when the file is
     * not a regular file or not ELF. Reads its first 20 bytes and no more.
     */
    static String machine(File executable) {
        if (executable == null || !executable.isFile()) {
            return ""; // a FIFO or a device is never opened (a blocking open would hang)
        }
        byte[] h = new byte[HEADER_BYTES];
        try (InputStream in = new FileInputStream(executable)) {
            int n = 0;
            for (int r; n < h.length && (r = in.read(h, n, h.length - n)) > 0; ) {
                n += r;
            }
            if (n < h.length) {
                return "";
            }
        } catch (IOException e) {
            return "";
        }
        if (h[0] != 0x7f || h[1] != 'E' || h[2] != 'L' || h[3] != 'F') {
            return "";
        }
        boolean little = h[5] == 1; // EI_DATA: 1 little-endian, 2 big-endian
        int machine = little ? (h[18] & 0xff) | (h[19] & 0xff) << 8 : (h[19] & 0xff) | (h[18] & 0xff) << 8;
        switch (machine) {
            case 0xB7:
                return "64-bit ARM";
            case 0x28:
                return "32-bit ARM";
            case 0x3E:
                return "x86-64";
            case 0x03:
                return "32-bit x86";
            case 0xF3:
                return h[4] == 2 ? "64-bit RISC-V" : "RISC-V";
            default:
                return "";
        }
    }
}
