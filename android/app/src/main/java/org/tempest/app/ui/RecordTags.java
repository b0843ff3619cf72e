package org.tempest.app.ui;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads what the app needs from a record before the engine sees it: its variant. */
final class RecordTags {
    private static final Pattern VARIANT = Pattern.compile("^\\s*\\[Variant\\s+\"([^\"]*)\"\\s*\\]", Pattern.MULTILINE);

    private RecordTags() {
    }

    /** The record's variant for UCI_Variant: the Variant tag, plain chess without one. */
    static String variant(String record) {
        Matcher m = VARIANT.matcher(record);
        if (!m.find()) {
            return GameUi.PLAIN_RECORD_GAME;
        }
        String v = m.group(1).trim().toLowerCase(java.util.Locale.ROOT);
        if (v.isEmpty() || v.equals("standard") || v.equals("chess960")) {
            return GameUi.PLAIN_RECORD_GAME;
        }
        return v;
    }
}
