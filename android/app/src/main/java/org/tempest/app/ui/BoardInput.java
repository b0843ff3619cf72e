package org.tempest.app.ui;

import java.util.Collections;
import java.util.List;
import org.tempest.app.game.MoveInput;
import org.tempest.app.game.MoveToken;
import org.tempest.app.game.Snapshot;

/**
 * The person's input on the game screen: touches and drags on the board,
 * cards and the Pass or Claim button, built into one of the engine's legal
 * tokens (MoveInput) and played; a promotion or a card after Vulture is
 * asked in a dialog.
 */
final class BoardInput {
    /** What the input needs of the screen. */
    interface Screen {
        Snapshot shown();

        boolean engineThinking();

        /** The person's own cards on the screen. */
        List<String> ownCards();

        /** A token is on its way to the engine (the hint is gone). */
        void playing();

        void render();
    }

    private final GameController controller;
    private final Screen screen;
    private GameDialogs dialogs;
    private MoveInput input = new MoveInput(Collections.<String>emptyList());
    /** The person's last move was dropped by a drag: it is already where it goes, no animation. */
    private boolean dropped;

    BoardInput(GameController controller, Screen screen) {
        this.controller = controller;
        this.screen = screen;
    }

    void setDialogs(GameDialogs d) {
        dialogs = d;
    }

    MoveInput input() {
        return input;
    }

    /** A new position on the screen: its legal tokens, nothing chosen. */
    void reset(List<String> legal) {
        input = new MoveInput(legal);
    }

    /** Whether the move just reported was the person's drop (then it is not animated); asking clears it. */
    boolean takeDropped() {
        boolean d = dropped;
        dropped = false;
        return d;
    }

    /** The card chosen in the token under way, or "". */
    String chosenCard() {
        return MoveToken.parse(input.prefix()).chosenCard();
    }

    /** Touches, drags and long presses on the board. */
    void bind(BoardView board, final GameDialogs help) {
        board.setListener(new BoardView.SquareListener() {
            @Override
            public void onSquare(String square) {
                BoardInput.this.onSquare(square);
            }
        });
        board.setDragPieces(true);
        board.setDragListener(new BoardView.DragListener() {
            @Override
            public void onDrag(String from, String to) {
                BoardInput.this.onDrag(from, to);
            }
        });
        board.setLongPressListener(new BoardView.LongPressListener() {
            @Override
            public void onLongPress(String square) {
                help.explainSquare(square); // the card behind a mark there
            }
        });
    }

    void onSquare(String square) {
        onTapResult(input.tapSquare(square));
    }

    /** A card of the person's hand; one that cannot be played now opens its help instead of doing nothing. */
    void onCard(String code) {
        MoveInput.Result r = input.tapCard(code);
        if (r == MoveInput.Result.IGNORED) {
            dialogs.showCardHelp(code, true);
        } else {
            onTapResult(r);
        }
    }

    void onToken(String token) {
        onTapResult(input.tapToken(token));
    }

    /**
     * A piece dragged from one square to another: the same as touching the
     * two squares, starting afresh unless a card was chosen first (then the
     * drag gives the card's squares).
     */
    void onDrag(String from, String to) {
        Snapshot shown = screen.shown();
        if (shown == null || !shown.humanToMove() || screen.engineThinking()) {
            return;
        }
        if (chosenCard().isEmpty()) {
            input.clear();
        }
        MoveInput.Result first = input.tapSquare(from);
        if (first != MoveInput.Result.SELECTED) {
            onTapResult(first);
            return;
        }
        MoveInput.Result second = input.tapSquare(to);
        dropped = second == MoveInput.Result.COMPLETE; // a promotion still asks, then the piece is animated
        onTapResult(second);
    }

    void onTapResult(MoveInput.Result r) {
        switch (r) {
            case COMPLETE:
                String token = input.complete();
                input = new MoveInput(Collections.<String>emptyList());
                screen.playing();
                controller.play(token);
                break;
            case CHOOSE:
                dialogs.choose(input.choices());
                break;
            default:
                if (input.prefix().endsWith("+")) {
                    dialogs.chooseAfterPrefix(screen.shown() == null ? Collections.<String>emptyList()
                            : screen.ownCards());
                }
                break;
        }
        screen.render();
    }
}
