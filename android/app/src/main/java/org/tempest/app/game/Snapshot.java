package org.tempest.app.game;

import java.util.Collections;
import java.util.List;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;

/** An immutable picture of the game for the UI thread. */
public final class Snapshot {
    public final GameSetup setup;
    /** What the game declares of itself (sides, board, hidden information, cards). */
    public final GameInfo game;
    public final GameState state;
    /** Legal tokens of the player to move (empty when the engine is to move or the game is over). */
    public final List<String> legal;
    /** Tokens played since the start. */
    public final List<String> moves;
    /** The last token played, or "" at the start. */
    public final String lastMove;
    /** The facts the engine reported for the last token ("san Nf3; captured e5"). */
    public final String lastFacts;
    /**
     * The position the people may see: in Stratego their own view, else the
     * engine's position string.
     */
    public final String display;
    /** Chameleon Chess: the engine's "board" lines (field colours, roles, bounds); empty otherwise. */
    public final List<String> board;
    /** The facts of every move of the game, as "movelist" gives them (parallel to the whole game's moves). */
    public final List<String> moveFacts;
    /**
     * The ply this picture shows: the game's length for the game itself, less
     * when the player steps back through it (then nothing can be played).
     */
    public final int ply;
    /** The whole game's number of moves (moves holds only those up to ply). */
    public final int plies;
    /**
     * The game's start as the engine writes positions (the whole position,
     * also what a player's view hides): "position fen <start> moves
     * <moves>" gives the engine this picture's position again.
     */
    public final String start;

    Snapshot(GameSetup setup, GameInfo game, GameState state, List<String> legal, List<String> moves,
            String lastMove, String lastFacts, String display, List<String> board, List<String> moveFacts, int ply,
            int plies, String start) {
        this.start = start;
        this.game = game;
        this.moveFacts = Collections.unmodifiableList(moveFacts);
        this.ply = ply;
        this.plies = plies;
        this.setup = setup;
        this.display = display;
        this.board = Collections.unmodifiableList(board);
        this.state = state;
        this.legal = Collections.unmodifiableList(legal);
        this.moves = Collections.unmodifiableList(moves);
        this.lastMove = lastMove;
        this.lastFacts = lastFacts;
    }

    /**
     * The finished game's outcome for the people at the phone: 'w' won,
     * 'd' drawn, 'l' lost; 0 while the game goes on or when people played
     * every side.
     */
    public char humanOutcome() {
        if (!state.over) {
            return 0;
        }
        String winner = winner();
        if (winner == null) {
            return everySideHuman() ? 0 : 'd';
        }
        if (everySideHuman()) {
            return 0; // people played each other: no result against the engine to count
        }
        return setup.isHuman(winner) ? 'w' : 'l';
    }

    /**
     * The side that won the finished game, or null (a draw, or not over):
     * 1-0 is the first declared side's win and 0-1 the second's, as PGN
     * writes two-player results; a game of more players names its winner.
     */
    public String winner() {
        if (!state.over) {
            return null;
        }
        String r = state.result;
        if (r.equals("1-0") || r.equals("0-1")) {
            return game.sides.get(r.equals("1-0") ? 0 : 1);
        }
        return game.sideIndex(r) >= 0 ? r : null;
    }

    /** Whether people play both sides of a two-player game (pass and play). */
    public boolean everySideHuman() {
        if (!game.twoPlayers()) {
            return false;
        }
        for (String side : game.sides) {
            if (!setup.isHuman(side)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The facts of the last move: as its play reported them, or for a loaded
     * game (whose moves were not played here) what "movelist" says of it.
     */
    public String factsOfLastMove() {
        if (lastFacts.isEmpty() && !moves.isEmpty() && moveFacts.size() >= moves.size()) {
            return moveFacts.get(moves.size() - 1);
        }
        return lastFacts;
    }

    /**
     * Whether the rules ended the game in this position (a mate, a draw by
     * rule): nothing can be played or searched here. A result the rules do
     * not decide (a resignation, an agreed draw, a loss on time) leaves the
     * position itself open.
     */
    public boolean endedByRules() {
        return state.over && !state.reason.startsWith("result from the record");
    }

    /** Whether a person is to move now (never in a past position the player steps through). */
    public boolean humanToMove() {
        return !state.over && setup.isHuman(state.toMove) && !isPast();
    }

    /** Whether this is an earlier position of the game, shown while stepping through it. */
    public boolean isPast() {
        return ply < plies;
    }
}
