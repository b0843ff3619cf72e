package org.tempest.app.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every game's declaration, read from the engine's answer to "games"
 * (docs/PROTOCOL.md), in the engine's order. Asked once per app process:
 * the engine binary does not change while the app runs.
 */
public final class Games {
    private static final Pattern SIDES = Pattern.compile("[a-z](,[a-z])*");
    private static final Pattern PLAYERS = Pattern.compile("(\\d+)-(\\d+)");
    private static final Pattern BOARD = Pattern.compile("(\\d+)x(\\d+)");
    /** The keys of a game's first line. */
    private static final List<String> KEYS = Arrays.asList("sides", "players", "board", "hidden", "cards", "uses",
            "perft", "bench");

    private final Map<String, GameInfo> byName;

    private Games(Map<String, GameInfo> byName) {
        this.byName = Collections.unmodifiableMap(byName);
    }

    /** The declaration of a game, or null when the engine has no such game. */
    public GameInfo get(String name) {
        return byName.get(name);
    }

    /** Every declared game, in the engine's order. */
    public List<GameInfo> all() {
        return Collections.unmodifiableList(new ArrayList<GameInfo>(byName.values()));
    }

    /**
     * Reads the lines of a "games" answer up to "games end". Other engine
     * chatter ("info ...") is skipped; a game line that does not say what the
     * protocol says, a game without its first line or description, and an
     * answer without its end are refused, naming the line.
     */
    public static Games parse(List<String> reply) throws EngineException {
        Map<String, Builder> games = new LinkedHashMap<String, Builder>();
        boolean ended = false;
        for (String raw : reply) {
            String line = raw.trim();
            if (line.isEmpty() || line.startsWith("info ")) {
                continue;
            }
            if (ended) {
                throw malformed(line, "it follows \"games end\"");
            }
            if (line.equals("games end")) {
                ended = true;
                continue;
            }
            String[] f = line.split("\\s+", 4);
            if (!f[0].equals("game") || f.length < 4) {
                throw malformed(line, "not \"game <name> <what> ...\" nor \"games end\"");
            }
            String name = f[1];
            String what = f[2];
            String rest = f[3];
            Builder g = games.get(name);
            if (what.equals("sides")) {
                if (g != null) {
                    throw malformed(line, "a second declaration of " + name);
                }
                games.put(name, properties(name, line, "sides " + rest));
                continue;
            }
            if (g == null) {
                throw malformed(line, "it comes before the line that declares " + name + "'s sides");
            }
            if (what.equals("description")) {
                g.description = rest;
            } else if (what.equals("go")) {
                g.goWords.add(word(line, rest));
            } else if (what.equals("startpos")) {
                g.startWords.add(word(line, rest));
            } else if (what.equals("command")) {
                g.commands.add(command(line, rest));
            }
            // Another kind of line is something a newer engine declares: this app has no use for it.
        }
        if (!ended) {
            throw new EngineException("the engine's games answer has no \"games end\"");
        }
        Map<String, GameInfo> out = new LinkedHashMap<String, GameInfo>();
        for (Builder b : games.values()) {
            if (b.description == null) {
                throw new EngineException("the engine's games answer has no description of " + b.name);
            }
            out.put(b.name, b.build());
        }
        if (out.isEmpty()) {
            throw new EngineException("the engine's games answer declares no game");
        }
        return new Games(out);
    }

    /**
     * "sides w,b players 2-2 board 8x8 hidden - cards false uses - perft
     * 20 bench 12": key-value pairs, each key once; a key this app does not
     * know is a newer engine's and is skipped.
     */
    private static Builder properties(String name, String line, String text) throws EngineException {
        String[] t = text.split("\\s+");
        if (t.length % 2 != 0) {
            throw malformed(line, "a key without its value");
        }
        Map<String, String> v = new HashMap<String, String>();
        for (int i = 0; i < t.length; i += 2) {
            if (v.put(t[i], t[i + 1]) != null) {
                throw malformed(line, "\"" + t[i] + "\" given twice");
            }
        }
        for (String key : KEYS) {
            if (!v.containsKey(key)) {
                throw malformed(line, "no " + key);
            }
        }
        Builder b = new Builder(name);
        if (!SIDES.matcher(v.get("sides")).matches()) {
            throw malformed(line, "sides \"" + v.get("sides") + "\" are not letters separated by commas");
        }
        b.sides = Arrays.asList(v.get("sides").split(","));
        if (b.sides.size() < 2 || b.sides.size() != new java.util.HashSet<String>(b.sides).size()) {
            throw malformed(line, "a game needs at least two different sides");
        }
        Matcher p = PLAYERS.matcher(v.get("players"));
        if (!p.matches()) {
            throw malformed(line, "players \"" + v.get("players") + "\" is not <min>-<max>");
        }
        b.minPlayers = number(line, "players", p.group(1));
        int max = number(line, "players", p.group(2));
        if (max != b.sides.size() || b.minPlayers < 2 || b.minPlayers > max) {
            throw malformed(line, "players " + v.get("players") + " does not fit " + b.sides.size() + " sides");
        }
        Matcher board = BOARD.matcher(v.get("board"));
        if (!board.matches()) {
            throw malformed(line, "board \"" + v.get("board") + "\" is not <files>x<ranks>");
        }
        b.files = number(line, "board", board.group(1));
        b.ranks = number(line, "board", board.group(2));
        // Squares are named a1 to z99.
        if (b.files < 1 || b.files > 26 || b.ranks < 1 || b.ranks > 99) {
            throw malformed(line, "a board of " + v.get("board") + " has squares no name can give");
        }
        b.hidden = v.get("hidden");
        if (!Arrays.asList(GameInfo.NOTHING_HIDDEN, GameInfo.HANDS_HIDDEN, GameInfo.PIECES_HIDDEN).contains(b.hidden)) {
            throw malformed(line, "hidden \"" + b.hidden + "\" is not -, hands or pieces");
        }
        b.cards = bool(line, "cards", v.get("cards"));
        b.uses = v.get("uses").equals("-") ? Collections.<String>emptyList() : Arrays.asList(v.get("uses").split(","));
        b.perft = number(line, "perft", v.get("perft"));
        b.bench = number(line, "bench", v.get("bench"));
        return b;
    }

    /** "<word> <argument>: <help>"; the help may hold colons of its own. */
    private static GameInfo.Word word(String line, String text) throws EngineException {
        int colon = text.indexOf(": ");
        String head = colon < 0 ? "" : text.substring(0, colon).trim();
        int space = head.indexOf(' ');
        if (space <= 0) {
            throw malformed(line, "not \"<word> <argument>: <help>\"");
        }
        return new GameInfo.Word(head.substring(0, space), head.substring(space + 1).trim(),
                text.substring(colon + 2).trim());
    }

    /** "<command> [<arguments>]: <help>": a command may take no argument. */
    private static GameInfo.Word command(String line, String text) throws EngineException {
        int colon = text.indexOf(": ");
        String head = colon < 0 ? "" : text.substring(0, colon).trim();
        if (head.isEmpty()) {
            throw malformed(line, "not \"<command> [<arguments>]: <help>\"");
        }
        int space = head.indexOf(' ');
        String name = space < 0 ? head : head.substring(0, space);
        String arg = space < 0 ? "" : head.substring(space + 1).trim();
        return new GameInfo.Word(name, arg, text.substring(colon + 2).trim());
    }

    private static int number(String line, String key, String text) throws EngineException {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw malformed(line, key + " \"" + text + "\" is not a number");
        }
    }

    private static boolean bool(String line, String key, String text) throws EngineException {
        if (!text.equals("true") && !text.equals("false")) {
            throw malformed(line, key + " \"" + text + "\" is not true or false");
        }
        return text.equals("true");
    }

    private static EngineException malformed(String line, String why) {
        return new EngineException("the engine's games line \"" + line + "\" is malformed: " + why);
    }

    private static final class Builder {
        final String name;
        String description;
        List<String> sides;
        int minPlayers;
        int files;
        int ranks;
        String hidden;
        boolean cards;
        List<String> uses;
        int perft;
        int bench;
        final List<GameInfo.Word> goWords = new ArrayList<GameInfo.Word>();
        final List<GameInfo.Word> startWords = new ArrayList<GameInfo.Word>();
        final List<GameInfo.Word> commands = new ArrayList<GameInfo.Word>();

        Builder(String name) {
            this.name = name;
        }

        GameInfo build() {
            return new GameInfo(name, description, sides, minPlayers, files, ranks, hidden, cards, uses, perft, bench,
                    goWords, startWords, commands);
        }
    }
}
