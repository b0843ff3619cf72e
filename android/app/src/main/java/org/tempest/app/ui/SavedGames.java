package org.tempest.app.ui;

import java.io.File;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tempest.app.engine.GameInfo;

/**
 * What the saved-games list says of a record, read from its tags and the
 * start of its movetext (RecordTags): the players, the result, the date,
 * the game and the opening. Nothing here judges the record: opening one
 * goes through the engine's load checks.
 */
final class SavedGames {
    /** The plies the list shows as a chess game's opening ("1. e4 c5 2. Nf3 d6 3. d4 cxd4"). */
    static final int OPENING_PLIES = 6;
    /** The name the app gives a game it saves (GameStore.saveGame): when the record has no date. */
    private static final Pattern STAMP = Pattern.compile("tempest_(\\d{4})-(\\d\\d)-(\\d\\d)_(\\d\\d)-(\\d\\d)-\\d\\d.*");

    /** One row of the list. */
    static final class Summary {
        final String players;
        final String result;
        final String date;
        final String kind;
        final String opening;

        Summary(String players, String result, String date, String kind, String opening) {
            this.players = players;
            this.result = result;
            this.date = date;
            this.kind = kind;
            this.opening = opening;
        }

        /** The second line of a row: "Black won (White resigns) · 2026.05.01 · Chess". */
        String facts() {
            return result + " · " + date + " · " + kind;
        }
    }

    private SavedGames() {
    }

    /**
     * The summary of a record; game is its declaration (null when the engine
     * declares no such game: the White and Black tags are read then), file the
     * saved file it came from (null for one not saved: the date is then the
     * record's alone).
     */
    static Summary of(String record, GameInfo game, File file) {
        Map<String, String> tags = RecordTags.tags(record);
        String name = RecordTags.variant(record);
        GameUi ui = GameUi.of(name);
        return new Summary(players(tags, game, ui), result(tags, game, ui), date(tags, file), ui.howToTitle(),
                opening(record, ui));
    }

    /** One line for a choice among the games of a file: "Anna – Ben · White won · 2026.05.01". */
    static String describe(String record, GameInfo game) {
        Summary s = of(record, game, null);
        return s.players + " · " + s.result + " · " + s.date;
    }

    /**
     * "Anna – Tempest (Greedy)" in a game of two sides (a name the record does
     * not know is the side's: "White"); "Red: Anna, Blue: Tempest (Greedy)"
     * in a game of more, one for each side the record names.
     */
    static String players(Map<String, String> tags, GameInfo game, GameUi ui) {
        if (game == null || game.sides.size() == 2) {
            String first = game == null ? "w" : game.sides.get(0);
            String second = game == null ? "b" : game.sides.get(1);
            return player(tags, "White", ui.sideName(first)) + " – " + player(tags, "Black", ui.sideName(second));
        }
        List<String> named = new ArrayList<String>();
        for (String side : game.sides) {
            String tag = RecordTags.playerTag(game, side);
            if (tags.containsKey(tag)) {
                String who = tags.get(tag);
                named.add(tag + ": " + (who.equals(RecordTags.UNKNOWN) ? "?" : who));
            }
        }
        return named.isEmpty() ? "Players not recorded" : join(named, ", ");
    }

    private static String player(Map<String, String> tags, String tag, String side) {
        String who = tags.get(tag);
        return who == null || who.isEmpty() || who.equals(RecordTags.UNKNOWN) ? side : who;
    }

    /**
     * "White won", "Draw", "Unfinished", with the record's reason when it has
     * one: "Black won (White resigns)". 1-0 is the first side's win, as the
     * engine writes results; a game of more sides names its winner.
     */
    static String result(Map<String, String> tags, GameInfo game, GameUi ui) {
        String r = tags.get("Result");
        String text;
        if (r == null || r.equals("*")) {
            text = "Unfinished";
        } else if (r.equals("1/2-1/2")) {
            text = "Draw";
        } else if (r.equals("1-0") || r.equals("0-1")) {
            String side = game == null ? (r.equals("1-0") ? "w" : "b") : game.sides.get(r.equals("1-0") ? 0 : 1);
            text = ui.sideName(side) + " won";
        } else if (game != null && game.sideIndex(r) >= 0) {
            text = ui.sideName(r) + " won";
        } else {
            text = "Result " + r;
        }
        String why = tags.get("Termination");
        if (why != null && !why.isEmpty() && !why.equals(RecordTags.UNKNOWN) && !why.equalsIgnoreCase("normal")) {
            text += " (" + why + ")";
        }
        return text;
    }

    /** The record's Date, else when the app saved the file (its name), else the file's time. */
    static String date(Map<String, String> tags, File file) {
        String d = tags.get("Date");
        if (d != null && !d.isEmpty() && !d.equals(RecordTags.UNKNOWN_DATE) && !d.equals(RecordTags.UNKNOWN)) {
            return d;
        }
        if (file != null) {
            Matcher m = STAMP.matcher(file.getName());
            if (m.matches()) {
                return m.group(1) + "." + m.group(2) + "." + m.group(3) + " " + m.group(4) + ":" + m.group(5);
            }
            return new SimpleDateFormat("yyyy.MM.dd HH:mm", Locale.US).format(new Date(file.lastModified()));
        }
        return "date unknown";
    }

    /**
     * Chess: the record's ECO and Opening tags when it has them, else its
     * first moves ("Opening: 1. e4 c5 2. Nf3"), since nothing in the app or
     * the engine names openings. The other games: how many moves.
     */
    static String opening(String record, GameUi ui) {
        int moves = RecordTags.moveCount(record);
        if (moves == 0) {
            return "No moves";
        }
        if (!ui.namesOpenings()) {
            return moves + (moves == 1 ? " move" : " moves");
        }
        Map<String, String> tags = RecordTags.tags(record);
        String eco = known(tags.get("ECO"));
        String name = known(tags.get("Opening"));
        if (eco != null || name != null) {
            return "Opening: " + (eco == null ? name : name == null ? eco : eco + " " + name);
        }
        return "Opening: " + RecordTags.firstMoves(record, OPENING_PLIES);
    }

    private static String known(String tag) {
        return tag == null || tag.isEmpty() || tag.equals(RecordTags.UNKNOWN) ? null : tag;
    }

    private static String join(List<String> parts, String sep) {
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            b.append(b.length() == 0 ? "" : sep).append(p);
        }
        return b.toString();
    }
}
