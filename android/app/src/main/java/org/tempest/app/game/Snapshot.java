package org.tempest.app.game;

import java.util.Collections;
import java.util.List;
import org.tempest.app.engine.GameState;

/** An immutable picture of the game for the UI thread. */
public final class Snapshot {
    public final GameSetup setup;
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

    Snapshot(GameSetup setup, GameState state, List<String> legal, List<String> moves, String lastMove,
            String lastFacts, String display, List<String> board) {
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
        String winner;
        boolean stratego = setup.variant.equals(GameSetup.STRATEGO);
        if (state.result.equals("1-0")) {
            winner = stratego ? "v" : "w";
        } else if (state.result.equals("0-1")) {
            winner = stratego ? "e" : "b";
        } else if (state.result.length() == 1) {
            winner = state.result; // multi-player games name the winner
        } else {
            return 'd';
        }
        return setup.isHuman(winner) ? 'w' : 'l';
    }

    /** Whether a person is to move now. */
    public boolean humanToMove() {
        return !state.over && setup.isHuman(state.toMove);
    }
}
