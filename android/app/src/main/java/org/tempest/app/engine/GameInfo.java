package org.tempest.app.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one game declares of itself in the engine's "games" answer: its
 * sides in turn order, how many may play, the board, whether information is
 * hidden and cards are held, the words its "go" and "position startpos"
 * take, and its own commands. The app reads these instead of asking a game's name.
 */
public final class GameInfo {
    /** The UCI_Variant value. */
    public final String name;
    public final String description;
    /** The letters the engine names the players by, in turn order ("w", "b"). */
    public final List<String> sides;
    public final int minPlayers;
    public final int maxPlayers;
    public final int files;
    public final int ranks;
    /** A player sees less than the whole position (the engine's "view"). */
    public final boolean hidden;
    /** What is hidden is on the board: the other player's pieces (Stratego). */
    private final boolean piecesHidden;
    /** The players hold cards. */
    public final boolean cards;
    /** Which of chess's resources apply: "net", "book", "tables". */
    public final List<String> uses;
    public final int perftDepth;
    public final int benchDepth;
    /** The game's own words of "go", beyond UCI's. */
    public final List<Word> goWords;
    /** The words "position startpos" takes. */
    public final List<Word> startWords;
    /** The game's own commands (Chameleon Chess's "board"), with their arguments. */
    public final List<Word> commands;

    /** A word a game adds to a command: its name, its argument's values or form, and a help text. */
    public static final class Word {
        public final String name;
        public final String arg;
        public final String help;

        public Word(String name, String arg, String help) {
            this.name = name;
            this.arg = arg;
            this.help = help;
        }
    }

    public GameInfo(String name, String description, List<String> sides, int minPlayers, int files, int ranks,
            String hidden, boolean cards, List<String> uses, int perftDepth, int benchDepth, List<Word> goWords,
            List<Word> startWords, List<Word> commands) {
        this.name = name;
        this.description = description;
        this.sides = Collections.unmodifiableList(new ArrayList<String>(sides));
        this.minPlayers = minPlayers;
        this.maxPlayers = sides.size();
        this.files = files;
        this.ranks = ranks;
        this.hidden = !hidden.equals(NOTHING_HIDDEN);
        this.piecesHidden = hidden.equals(PIECES_HIDDEN);
        this.cards = cards;
        this.uses = Collections.unmodifiableList(new ArrayList<String>(uses));
        this.perftDepth = perftDepth;
        this.benchDepth = benchDepth;
        this.goWords = Collections.unmodifiableList(new ArrayList<Word>(goWords));
        this.startWords = Collections.unmodifiableList(new ArrayList<Word>(startWords));
        this.commands = Collections.unmodifiableList(new ArrayList<Word>(commands));
    }

    /** The values of "hidden": nothing, the other players' hands, the other player's pieces. */
    public static final String NOTHING_HIDDEN = "-";
    public static final String HANDS_HIDDEN = "hands";
    public static final String PIECES_HIDDEN = "pieces";

    /** Exactly two players, one per side. */
    public boolean twoPlayers() {
        return minPlayers == 2 && maxPlayers == 2;
    }

    /**
     * The sides are White and Black: UCI's clock words (wtime, btime) and
     * its scores from White's side fit the game as they are.
     */
    public boolean whiteAndBlack() {
        return sides.size() == 2 && sides.get(0).equals("w") && sides.get(1).equals("b");
    }

    /**
     * The board itself hides pieces, so every player must be shown and told
     * only their own view ("hidden pieces" in the declaration).
     */
    public boolean hidesPieces() {
        return piecesHidden;
    }

    /** Whether the game has the command of its own ("board"). */
    public boolean hasCommand(String command) {
        return find(commands, command) != null;
    }

    /** Whether "position startpos" takes the word ("seed", "players", "setup"). */
    public boolean takesStartWord(String word) {
        return find(startWords, word) != null;
    }

    /** Whether "go" takes the game's own word. */
    public boolean takesGoWord(String word) {
        return find(goWords, word) != null;
    }

    /** A side's place in the turn order, -1 for a letter that is not a side. */
    public int sideIndex(String side) {
        return sides.indexOf(side);
    }

    /** The other side of a two-player game, null for anything else. */
    public String otherSide(String side) {
        if (sides.size() != 2 || sideIndex(side) < 0) {
            return null;
        }
        return sides.get(1 - sideIndex(side));
    }

    private static Word find(List<Word> words, String name) {
        for (Word w : words) {
            if (w.name.equals(name)) {
                return w;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name + " (" + sides + ", " + files + "x" + ranks + ")";
    }
}
