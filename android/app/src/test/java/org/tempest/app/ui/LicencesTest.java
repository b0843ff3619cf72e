package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.os.Looper;
import android.widget.TextView;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;

/**
 * The About screen's licences against what the APK really holds: the notices
 * asset read out of android/build/tempest.apk, the build information Go wrote
 * into the two packaged engines (read back with `go version -m`), and the
 * repository's LICENSE.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class LicencesTest {
    private static final File APK = new File(System.getProperty("tempest.apk"));
    private static final String RULE = "========================================================================";

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static byte[] entry(ZipFile zip, String name) throws Exception {
        ZipEntry e = zip.getEntry(name);
        assertNotNull(APK + " has no " + name, e);
        try (InputStream in = zip.getInputStream(e)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }

    /** "Go standard library and runtime <release>" and "<module> <version>" for what either packaged engine links. */
    private static TreeSet<String> linked(ZipFile apk) throws Exception {
        TreeSet<String> names = new TreeSet<String>();
        for (String abi : Arrays.asList("arm64-v8a", "x86_64")) {
            File engine = File.createTempFile("libtempest-" + abi, ".so");
            try {
                Files.write(engine.toPath(), entry(apk, "lib/" + abi + "/libtempest.so"));
                Process p = new ProcessBuilder("go", "version", "-m", engine.getPath()).redirectErrorStream(true).start();
                String out = new String(readAll(p.getInputStream()), StandardCharsets.UTF_8);
                assertTrue("go version -m timed out", p.waitFor(60, TimeUnit.SECONDS));
                assertEquals(out, 0, p.exitValue());
                String[] lines = out.split("\n");
                names.add("Go standard library and runtime " + lines[0].substring(lines[0].lastIndexOf(": ") + 2).trim());
                String dep = null;
                for (String line : lines) {
                    String[] f = line.trim().split("\t");
                    if (f[0].equals("dep")) {
                        if (dep != null) {
                            names.add(dep);
                        }
                        dep = f[1] + " " + f[2];
                    } else if (f[0].equals("=>")) {
                        dep = dep.split(" ")[0] + " " + f[2]; // replaced: the replacement's version is linked
                    }
                }
                if (dep != null) {
                    names.add(dep);
                }
            } finally {
                engine.delete();
            }
        }
        return names;
    }

    private static byte[] readAll(InputStream in) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) > 0; ) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }

    /** Heading -> text of each section of a notices file, read line by line here (not with Notices). */
    private static Map<String, String> sections(String notices) {
        Map<String, String> out = new LinkedHashMap<String, String>();
        List<String> lines = Arrays.asList(notices.split("\n", -1));
        String heading = null;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals(RULE) && i + 3 < lines.size() && lines.get(i + 3).equals(RULE)) {
                if (heading != null) {
                    out.put(heading, text.toString());
                }
                heading = lines.get(i + 1);
                text.setLength(0);
                i += 3;
            } else if (heading != null) {
                text.append(lines.get(i)).append('\n');
            }
        }
        if (heading != null) {
            out.put(heading, text.toString());
        }
        return out;
    }

    /** Words and punctuation only: the screen reflows the files' line breaks. */
    private static String words(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }

    @Test
    public void aboutShowsTheMitLicenceAndEveryBundledComponent() throws Exception {
        String notices;
        TreeSet<String> linked;
        try (ZipFile apk = new ZipFile(APK)) {
            notices = new String(entry(apk, "assets/" + Notices.ASSET), StandardCharsets.UTF_8);
            linked = linked(apk);
        }
        String licence = new String(Files.readAllBytes(new File(System.getProperty("repo.dir"), "LICENSE").toPath()),
                StandardCharsets.UTF_8);
        assertTrue(licence, licence.startsWith("MIT License"));
        assertTrue("the engines link modules besides Go: " + linked, linked.size() > 1);

        // The asset: Tempest's licence first, then exactly what the engines link.
        Map<String, String> sections = sections(notices);
        List<String> headings = new ArrayList<String>(sections.keySet());
        assertEquals("Tempest", headings.get(0));
        assertTrue(sections.get("Tempest").trim().startsWith(licence.trim()));
        assertEquals(linked, new TreeSet<String>(headings.subList(1, headings.size())));

        AboutActivity a = Robolectric.buildActivity(AboutActivity.class).setup().get();
        String summary = ((TextView) a.findViewById(R.id.licence_text)).getText().toString();
        assertTrue(summary, summary.startsWith("Tempest is free software under the MIT licence."));
        for (String component : linked) {
            assertTrue(component + " in " + summary, summary.contains(component));
        }

        assertTrue(a.findViewById(R.id.btn_licences).isEnabled());
        a.findViewById(R.id.btn_licences).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        AlertDialog d = a.licencesDialog();
        assertTrue(d.isShowing());
        String shown = words(((TextView) d.findViewById(android.R.id.message)).getText().toString());
        assertTrue(shown, shown.startsWith("Tempest (MIT) " + words(licence)));
        for (Map.Entry<String, String> s : sections.entrySet()) {
            assertTrue(s.getKey() + " is shown in full", shown.contains(words(s.getValue())));
            assertTrue(s.getKey() + " is headed", shown.contains(s.getKey() + " ("));
        }
        AppTest.screenshotDialog(d, "about_licences");
    }

    @Test
    public void reflowJoinsWrappedLinesAndKeepsShortOnesAndItems() {
        String text = "Copyright (c) 2014-2022  Somebody\nAll rights reserved.\n\n"
                + "Redistribution and use in source and binary forms, with or without\n"
                + "modification, are permitted provided that the following conditions are met:\n\n"
                + "   * Redistributions of source code must retain the above copyright\n"
                + "notice, this list of conditions and the following disclaimer.\n"
                + "   * Redistributions in binary form must reproduce the above\n"
                + "copyright notice.";
        assertEquals("Copyright (c) 2014-2022  Somebody\nAll rights reserved.\n\n"
                + "Redistribution and use in source and binary forms, with or without modification, are permitted"
                + " provided that the following conditions are met:\n\n"
                + "* Redistributions of source code must retain the above copyright notice, this list of conditions"
                + " and the following disclaimer.\n"
                + "* Redistributions in binary form must reproduce the above copyright notice.",
                Notices.reflow(text));
        assertFalse(Notices.reflow("a\n\n\nb").contains(" "));
    }
}
