package org.tempest.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tempest.app.engine.GameInfo;

/**
 * Reads and fills in a record's text as PGN lays it out — its tag pairs, the
 * games of a file of several, the first moves of its movetext — never its
 * rules: whether a record is a game, and what its moves do, is the engine's
 * word (loadpgn).
 */
final class RecordTags {
    private static final Pattern VARIANT = Pattern.compile("^\\s*\\[Variant\\s+\"([^\"]*)\"\\s*\\]", Pattern.MULTILINE);
    /** One tag pair: its name and its quoted value (with PGN's \" and \\ escapes). */
    private static final Pattern TAG = Pattern.compile("\\[\\s*([A-Za-z0-9_]+)\\s+\"((?:[^\"\\\\]|\\\\.)*)\"\\s*\\]");
    /** A line that opens with a tag pair. */
    private static final Pattern TAG_LINE = Pattern.compile("^\\s*\\[\\s*[A-Za-z0-9_]+\\s+\"");
    /** A move number as movetext writes it: "1.", "12...", or "1.e4" run together. */
    private static final Pattern MOVE_NUMBER = Pattern.compile("^(\\d+)(\\.+)(.*)$");
    /** A move number somewhere in a text. */
    private static final Pattern MOVE_NUMBER_IN_TEXT = Pattern.compile("(^|\\s)\\d+\\.");
    /** The values the engine writes for what it does not know. */
    static final String UNKNOWN = "?";
    static final String UNKNOWN_DATE = "????.??.??";

    private RecordTags() {
    }

    /** The record's variant for UCI_Variant: the Variant tag, plain chess without one. */
    static String variant(String record) {
        Matcher m = VARIANT.matcher(record);
        if (!m.find()) {
            return GameUi.PLAIN_RECORD_GAME;
        }
        String v = m.group(1).trim().toLowerCase(Locale.ROOT);
        if (v.isEmpty() || v.equals("standard") || v.equals("chess960")) {
            return GameUi.PLAIN_RECORD_GAME;
        }
        return v;
    }

    /**
     * Whether a text is laid out as a record rather than a one-line position:
     * it has a tag pair, several lines, or a move number ("1. e4").
     */
    static boolean looksLikeRecord(String text) {
        String t = text.trim();
        return t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0 || TAG_LINE.matcher(t).find() || hasMoveNumbers(t);
    }

    /** Whether the text has a move number as movetext writes one ("1.", "12..."). */
    static boolean hasMoveNumbers(String text) {
        return MOVE_NUMBER_IN_TEXT.matcher(text).find();
    }

    /**
     * The games of a file that holds several, each its own text: a game starts
     * at a tag pair that follows movetext (as PGN files list their games). One
     * game, or text of another kind, comes back whole.
     */
    static List<String> games(String text) {
        List<String> out = new ArrayList<String>();
        StringBuilder game = new StringBuilder();
        boolean moves = false;
        int depth = 0; // inside a {comment}: a "[" there opens no tag pair
        for (String line : text.split("\r\n|\r|\n", -1)) {
            boolean tagLine = depth == 0 && TAG_LINE.matcher(line).find();
            if (tagLine && moves) {
                out.add(game.toString());
                game.setLength(0);
                moves = false;
            }
            game.append(line).append('\n');
            // What the line holds outside comments: movetext, unless it is a tag pair or an escape line.
            StringBuilder outside = new StringBuilder();
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c == '{') {
                    depth++;
                } else if (c == '}' && depth > 0) {
                    depth--;
                } else if (c == ';' && depth == 0) {
                    break; // the rest of the line is a comment
                } else if (depth == 0) {
                    outside.append(c);
                }
            }
            String bare = outside.toString().trim();
            if (!tagLine && !bare.isEmpty() && !line.startsWith("%")) {
                moves = true;
            }
        }
        if (game.toString().trim().length() > 0 || out.isEmpty()) {
            out.add(game.toString());
        }
        return out;
    }

    /** The tag pairs before the movetext, in their order, values unescaped. */
    static Map<String, String> tags(String record) {
        Map<String, String> out = new LinkedHashMap<String, String>();
        for (String line : record.split("\r\n|\r|\n")) {
            String bare = line.trim();
            if (bare.isEmpty() || bare.startsWith("%") || bare.startsWith(";")
                    || bare.startsWith("{") && bare.endsWith("}")) {
                continue; // an escape line or a comment among the tags
            }
            if (!bare.startsWith("[")) {
                break; // the movetext
            }
            Matcher m = TAG.matcher(bare);
            while (m.find()) {
                if (!out.containsKey(m.group(1))) {
                    out.put(m.group(1), m.group(2).replace("\\\"", "\"").replace("\\\\", "\\"));
                }
            }
        }
        return out;
    }

    /**
     * The record with the given tags' values filled in where the record has
     * the tag and does not know its value ("?", "????.??.??"): a loaded
     * game's own names and date stay.
     */
    static String fillIn(String record, Map<String, String> values) {
        StringBuilder out = new StringBuilder();
        boolean head = true;
        for (String line : record.split("\n", -1)) {
            String bare = line.trim();
            if (head && !bare.isEmpty() && !bare.startsWith("[")) {
                head = false;
            }
            Matcher m = head ? TAG.matcher(bare) : null;
            if (m != null && m.matches() && values.containsKey(m.group(1))
                    && (m.group(2).equals(UNKNOWN) || m.group(2).equals(UNKNOWN_DATE))) {
                line = "[" + m.group(1) + " \"" + escape(values.get(m.group(1))) + "\"]";
            }
            out.append(line).append('\n');
        }
        out.setLength(out.length() - 1); // the split kept what followed the last line end
        return out.toString();
    }

    /** A tag value as PGN quotes it. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace('\n', ' ').replace('\r', ' ');
    }

    /**
     * The tag that names a side's player, as the engine writes records: PGN's
     * White and Black in a game of two sides, the side's own name ("Red")
     * in a game of more.
     */
    static String playerTag(GameInfo g, String side) {
        if (g.sides.size() == 2) {
            return g.sideIndex(side) == 0 ? "White" : "Black";
        }
        return GameUi.of(g.name).sideName(side);
    }

    /**
     * The movetext's moves, as written (SAN in chess), with their numbers:
     * comments, variations, annotations and the result left out.
     */
    static List<String> movetext(String record) {
        List<String> out = new ArrayList<String>();
        StringBuilder text = new StringBuilder();
        boolean head = true;
        for (String line : record.split("\r\n|\r|\n")) {
            String bare = line.trim();
            if (head && (bare.isEmpty() || bare.startsWith("[") || bare.startsWith("%"))) {
                continue;
            }
            head = false;
            if (bare.startsWith("%")) {
                continue;
            }
            text.append(line).append('\n');
        }
        int braces = 0;
        int parens = 0;
        StringBuilder plain = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (braces > 0) {
                braces += c == '}' ? -1 : 0;
                continue;
            }
            if (c == '{') {
                braces++;
            } else if (c == ';') {
                while (i < text.length() && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '(') {
                parens++;
            } else if (c == ')') {
                parens = Math.max(0, parens - 1);
            } else if (parens == 0) {
                plain.append(c);
            }
        }
        for (String word : plain.toString().trim().split("\\s+")) {
            Matcher n = MOVE_NUMBER.matcher(word);
            String rest = word;
            if (n.matches()) {
                out.add(n.group(1) + n.group(2));
                rest = n.group(3);
            }
            if (rest.isEmpty() || rest.startsWith("$") || rest.equals("1-0") || rest.equals("0-1")
                    || rest.equals("1/2-1/2") || rest.equals("*")) {
                continue;
            }
            out.add(rest);
        }
        return out;
    }

    /** The first plies of the movetext with their numbers ("1. e4 c5 2. Nf3"). */
    static String firstMoves(String record, int plies) {
        StringBuilder b = new StringBuilder();
        int n = 0;
        String number = null;
        for (String w : movetext(record)) {
            if (MOVE_NUMBER.matcher(w).matches()) {
                number = w;
                continue;
            }
            if (n == plies) {
                break;
            }
            if (number != null) {
                b.append(b.length() == 0 ? "" : " ").append(number);
                number = null;
            }
            b.append(b.length() == 0 ? "" : " ").append(w);
            n++;
        }
        return b.toString();
    }

    /** How many moves (plies) the movetext holds. */
    static int moveCount(String record) {
        int n = 0;
        for (String w : movetext(record)) {
            if (!MOVE_NUMBER.matcher(w).matches()) {
                n++;
            }
        }
        return n;
    }
}
