package org.tempest.app.ui;

import android.graphics.Typeface;
import android.text.SpannableStringBuilder;
import android.text.Spanned;
import android.text.style.StyleSpan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The licence notices that android/build.sh packs as the asset
 * THIRD_PARTY_NOTICES.txt (written by testdata/tools/notices.sh, the file
 * the desktop releases ship too): Tempest's licence, then one section per
 * component the engine links. Each section is headed by a rule of '=', the
 * component's name and version, "Licence: kind", and another rule.
 */
final class Notices {
    static final String ASSET = "THIRD_PARTY_NOTICES.txt";

    /** One component: its name with version, the kind of its licence, and the licence text. */
    static final class Section {
        final String name;
        final String licence;
        final String text;

        Section(String name, String licence, String text) {
            this.name = name;
            this.licence = licence;
            this.text = text;
        }
    }

    final List<Section> sections;

    private Notices(List<Section> sections) {
        this.sections = Collections.unmodifiableList(sections);
    }

    static Notices parse(String text) {
        String[] lines = text.split("\n", -1);
        List<Section> out = new ArrayList<Section>();
        int i = 0;
        while (i < lines.length) {
            if (!isHeading(lines, i)) {
                i++;
                continue;
            }
            int end = i + 4;
            while (end < lines.length && !isHeading(lines, end)) {
                end++;
            }
            StringBuilder body = new StringBuilder();
            for (int j = i + 4; j < end; j++) {
                body.append(lines[j]).append('\n');
            }
            out.add(new Section(lines[i + 1], lines[i + 2].substring("Licence: ".length()), body.toString().trim()));
            i = end;
        }
        return new Notices(out);
    }

    private static boolean isHeading(String[] lines, int i) {
        return i + 3 < lines.length && isRule(lines[i]) && lines[i + 2].startsWith("Licence: ") && isRule(lines[i + 3]);
    }

    private static boolean isRule(String line) {
        return line.length() >= 20 && line.replace("=", "").isEmpty();
    }

    /** The components besides Tempest itself, as "name version". */
    List<String> components() {
        List<String> names = new ArrayList<String>();
        for (Section s : sections) {
            if (!s.name.equals("Tempest")) {
                names.add(s.name);
            }
        }
        return names;
    }

    /** "a, b and c". */
    static String list(List<String> items) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(i == items.size() - 1 ? " and " : ", ");
            }
            b.append(items.get(i));
        }
        return b.toString();
    }

    /** Every section for the screen: its heading in bold, then its text reflowed. */
    CharSequence formatted() {
        SpannableStringBuilder b = new SpannableStringBuilder();
        for (Section s : sections) {
            if (b.length() > 0) {
                b.append("\n\n");
            }
            int start = b.length();
            b.append(s.name).append(" (").append(s.licence).append(')');
            b.setSpan(new StyleSpan(Typeface.BOLD), start, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            b.append("\n\n").append(reflow(s.text));
        }
        return b;
    }

    /**
     * Licence files are wrapped at about 72 to 80 columns, which a phone
     * breaks again into ragged halves; joining the wrapped lines lets the
     * screen wrap them. A line joins the one before it when that one is long
     * (so it was wrapped, not ended: "Copyright ..." then "All rights
     * reserved." stay two lines) and it starts no list item.
     */
    static String reflow(String text) {
        StringBuilder b = new StringBuilder();
        String previous = "";
        for (String raw : text.split("\n", -1)) {
            String line = raw.trim();
            boolean join = !line.isEmpty() && previous.length() >= 50 && !startsItem(line);
            if (b.length() > 0) {
                b.append(join ? " " : "\n");
            }
            b.append(line);
            previous = line;
        }
        return b.toString();
    }

    private static boolean startsItem(String line) {
        return line.startsWith("* ") || line.startsWith("- ") || line.matches("^(\\d+|[a-z])[.)] .*")
                || line.matches("^\\(\\w+\\) .*");
    }
}
