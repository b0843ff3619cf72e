package org.tempest.app.ui;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.view.Gravity;
import android.view.View;
import android.view.ViewGroup;
import android.widget.Button;
import android.widget.FrameLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.MoveInput;
import org.tempest.app.game.Snapshot;

/**
 * The game screen's dialogs: confirmations (new game, resign, a help in a
 * rated game), the draw offer and its answer, the end of the game (Rematch,
 * Save, Review), what "Rated" and "Casual" mean, the promotion and Vulture
 * choices, and the card help.
 */
final class GameDialogs {
    /** What the dialogs need of the screen. */
    interface Host {
        Snapshot shown();

        MoveInput input();

        boolean engineThinking();

        /** The card chosen in the input under way, or "". */
        String chosenCard();

        /** The person's side on the screen (their hand, their seat). */
        String humanSide();

        /** The board's picture now, or null. */
        BoardModel board();

        void onTapResult(MoveInput.Result r);

        void render();

        /** Review: the game from its start, and the engine's review where the game has one. */
        void startReview();

        /** The analysis opened on the last position of the game in which a move could be played. */
        void startAnalysis();

        /** The board turns to the person's side again (a rematch with colours swapped). */
        void clearTurns();

        void showThinking(boolean on);

        void onProblem(String title, String message);
    }

    private final GameActivity activity;
    private final Host host;
    private final GameController controller;
    private AlertDialog endDialog;
    private AlertDialog helpDialog;
    private AlertDialog answerDialog;

    GameDialogs(GameActivity activity, Host host, GameController controller) {
        this.activity = activity;
        this.host = host;
        this.controller = controller;
    }

    AlertDialog endDialog() {
        return endDialog;
    }

    AlertDialog helpDialog() {
        return helpDialog;
    }

    AlertDialog answerDialog() {
        return answerDialog;
    }

    /**
     * New game asks first while a game is under way (a rated one the person
     * has moved in counts as a loss once the next game starts); the engine's
     * search is stopped before the screen opens.
     */
    void confirmNewGame() {
        Snapshot shown = host.shown();
        if (shown == null || shown.state.over || shown.moves.isEmpty()) {
            openNewGame();
            return;
        }
        boolean losing = shown.setup.isRated() && controller.rated().pending(shown.setup.profile);
        answerDialog = new AlertDialog.Builder(activity)
                .setTitle(losing ? "Leave this rated game?" : "Start a new game?")
                .setMessage(losing ? LEAVING_RATED
                        : "This game stays in the autosave only until the new one starts. Save it first if you "
                        + "want to keep it.")
                .setPositiveButton(R.string.new_game, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        openNewGame();
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    /** What leaving a rated game under way means, said before the person leaves it. */
    static final String LEAVING_RATED = "A rated game left unfinished counts as a loss when your next game starts, "
            + "as on game sites. To keep it, play it to its end: Continue on the start menu takes you back to it.";

    /**
     * A help (Undo, Hint, the evaluation bar) in a rated game under way asks
     * once whether the game may become casual: on yes it is casual for good
     * and the help runs, on no nothing happens. In a casual game the help
     * runs at once; in a rated game over, whose rating has been counted
     * already, the game becomes casual without asking, so its continuation
     * can never count again.
     */
    void helpThen(String help, final Runnable then) {
        Snapshot g = controller.snapshot();
        if (g == null || !g.setup.isRated()) {
            then.run();
            return;
        }
        if (g.state.over) {
            controller.makeCasual();
            then.run();
            return;
        }
        answerDialog = new AlertDialog.Builder(activity).setTitle("This game becomes casual")
                .setMessage(help + " is a help. A rated game in which a help is used becomes casual for good: it "
                        + "changes no rating (it still counts in the results by level).")
                .setPositiveButton("Make it casual", new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        controller.makeCasual();
                        then.run();
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    /** What the "Rated" or "Casual" mark means for this game. */
    void explainRating() {
        Snapshot g = controller.snapshot();
        if (g == null) {
            return;
        }
        String text;
        if (g.setup.isRated()) {
            text = "This game counts for your rating in " + Ratings.scaleTitle(g.setup.rated) + ": "
                    + Ratings.ratingText(controller, g.setup.profile, g.setup.rated) + ".\n\n"
                    + "Undo, a hint, the evaluation bar, the analysis or a review make it casual, after asking. " + LEAVING_RATED;
        } else {
            text = "This game counts for no rating; it counts in the results by level. A game is rated when one "
                    + "person plays Tempest at fixed levels from the game's start, without undo, hints, the "
                    + "evaluation bar or analysis, in a game whose levels the engine has measured.";
        }
        answerDialog = new AlertDialog.Builder(activity).setTitle(g.setup.isRated() ? "Rated game" : "Casual game")
                .setMessage(text).setPositiveButton(android.R.string.ok, null).show();
    }

    void confirmResign() {
        final Snapshot shown = host.shown();
        if (shown == null || !shown.humanToMove()) {
            return;
        }
        answerDialog = new AlertDialog.Builder(activity).setTitle("Resign?")
                .setMessage(Players.name(shown.setup.variant, shown.state.toMove) + " resigns and loses this game.")
                .setPositiveButton(R.string.resign, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        controller.resign();
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    /**
     * Against the engine it decides (it accepts when its score is drawish or
     * worse for it); between two people the other one is asked.
     */
    void offerDraw() {
        Snapshot shown = host.shown();
        if (shown == null || !shown.humanToMove()) {
            return;
        }
        final String offerer = shown.state.toMove;
        String other = shown.game.otherSide(offerer);
        if (shown.setup.isHuman(other)) {
            answerDialog = new AlertDialog.Builder(activity).setTitle("Draw offered")
                    .setMessage(Players.name(shown.setup.variant, offerer) + " offers a draw. "
                            + Players.name(shown.setup.variant, other) + ", do you accept?")
                    .setPositiveButton("Accept", new DialogInterface.OnClickListener() {
                        @Override
                        public void onClick(DialogInterface d, int which) {
                            controller.offerDraw(true, drawAnswer(false));
                        }
                    })
                    .setNegativeButton("Decline", null).show();
            return;
        }
        host.showThinking(true);
        controller.offerDraw(false, drawAnswer(true));
    }

    private GameController.Callback<Boolean> drawAnswer(final boolean engine) {
        return new GameController.Callback<Boolean>() {
            @Override
            public void done(Boolean accepted, String problem) {
                host.showThinking(host.engineThinking());
                if (problem != null) {
                    host.onProblem("Draw offer", problem);
                } else if (engine && !accepted) {
                    answerDialog = new AlertDialog.Builder(activity).setTitle("Draw declined")
                            .setMessage("Tempest declines the draw and plays on.")
                            .setPositiveButton(android.R.string.ok, null).show();
                }
            }
        };
    }

    /**
     * The end of the game and why, with Rematch (the same players, colours
     * swapped), Save, Review (the game from its start, to step through, with
     * the engine's review where the game has one), and under the message
     * Analyse the game (the engine's lines for its last position).
     */
    void showGameOver(Snapshot s) {
        char o = s.humanOutcome();
        String title = o == 'w' ? "You won" : o == 'l' ? "You lost" : o == 'd' ? "Draw" : "Game over";
        String rating = s.setup.isRated() ? Ratings.lastChange(controller, s.setup.profile, s.setup.rated) : null;
        float dp = activity.getResources().getDisplayMetrics().density;
        Button analyse = new Button(activity, null, 0, R.style.PanelButton);
        analyse.setText(R.string.analyse_game);
        analyse.setGravity(Gravity.CENTER);
        analyse.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                endDialog.dismiss();
                host.startAnalysis();
            }
        });
        FrameLayout box = new FrameLayout(activity);
        box.setPadding((int) (24 * dp), (int) (4 * dp), (int) (24 * dp), 0); // under the message, aligned with it
        box.addView(analyse, new FrameLayout.LayoutParams(ViewGroup.LayoutParams.WRAP_CONTENT, (int) (36 * dp)));
        endDialog = new AlertDialog.Builder(activity).setTitle(title)
                .setMessage(GameTexts.resultText(s) + (rating == null ? "" : "\n\n" + rating)).setView(box)
                .setPositiveButton(R.string.rematch, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        rematch();
                    }
                })
                .setNeutralButton(R.string.save, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        save();
                    }
                })
                .setNegativeButton(R.string.review, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        review();
                    }
                })
                .show();
    }

    /** A promotion (or card-chess promotion) piece. */
    void choose(final List<String> tokens) {
        String[] names = new String[tokens.size()];
        for (int i = 0; i < tokens.size(); i++) {
            names[i] = pieceName(tokens.get(i).charAt(tokens.get(i).length() - 1));
        }
        new AlertDialog.Builder(activity).setTitle("Promote to")
                .setItems(names, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        host.onTapResult(host.input().choose(tokens.get(which)));
                    }
                })
                .setOnCancelListener(new DialogInterface.OnCancelListener() {
                    @Override
                    public void onCancel(DialogInterface d) {
                        host.input().clear();
                        host.render();
                    }
                })
                .show();
    }

    /**
     * After a card that lets another card follow (Vulture takes the
     * opponent's last card): choose which card, or a plain move.
     */
    void chooseAfterPrefix(List<String> ownCards) {
        final List<String> cards = new ArrayList<String>(host.input().playableCards());
        cards.removeAll(ownCards);
        if (cards.isEmpty()) {
            return;
        }
        String[] names = new String[cards.size()];
        for (int i = 0; i < cards.size(); i++) {
            names[i] = "Play " + Cards.name(cards.get(i));
        }
        new AlertDialog.Builder(activity).setTitle("Then")
                .setItems(names, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        host.onTapResult(host.input().tapCard(cards.get(which)));
                    }
                })
                .setNegativeButton("Use my hand", null)
                .show();
    }

    private static String pieceName(char c) {
        switch (Character.toLowerCase(c)) {
            case 'q':
                return "Queen";
            case 'r':
                return "Rook";
            case 'b':
                return "Bishop";
            case 'n':
                return "Knight";
            default:
                return String.valueOf(c);
        }
    }

    /** A new game: the engine's search stops at once (the game stays in the autosave), then the new-game screen. */
    void openNewGame() {
        controller.stopThinking();
        activity.startActivity(new Intent(activity, NewGameActivity.class));
        activity.finish();
    }

    /** The same players again, colours swapped; Stratego goes through its arrangement screen first. */
    void rematch() {
        controller.stopThinking();
        GameSetup again = controller.rematchSetup();
        host.clearTurns();
        if (again != null) {
            controller.newGame(again);
            return;
        }
        Snapshot s = controller.snapshot();
        if (s != null) {
            String side = s.game.otherSide(s.setup.firstHuman(s.game));
            Intent i = new Intent(activity, StrategoSetupActivity.class);
            i.putExtra(StrategoSetupActivity.EXTRA_GAME, s.game.name);
            i.putExtra(StrategoSetupActivity.EXTRA_SIDE, side != null ? side : s.setup.firstHuman(s.game));
            i.putExtra(StrategoSetupActivity.EXTRA_LEVEL, s.setup.level);
            i.putExtra(StrategoSetupActivity.EXTRA_RATED, controller.settings().ratedGames());
            activity.startActivity(i);
            activity.finish();
        }
    }

    /**
     * Review: the dialog closes and the screen shows the game from its start,
     * to step through it with the toolbar, by touching a move of the list
     * (▶| goes back to the end) or, where the engine reviews the game, its
     * graph.
     */
    void review() {
        host.startReview();
    }

    /** Save: in the app or to a file; the controller stops a search before it asks for the record. */
    void save() {
        RecordFiles.chooseAndSave(activity);
    }

    /**
     * Share game: the record (players and date filled in) sent to another
     * app, as text and as a .pgn file; the search under way is stopped first,
     * as for Save.
     */
    void share() {
        RecordFiles.record(activity, Sharing.SHARE_FAILED, new RecordFiles.RecordUser() {
            @Override
            public void use(String record) {
                Snapshot s = controller.snapshot();
                String game = s == null ? "game" : s.game.name;
                Sharing.shareRecord(activity, record, "tempest-" + game + "-"
                        + new java.text.SimpleDateFormat("yyyy-MM-dd-HHmm", java.util.Locale.US).format(new java.util.Date()));
            }
        });
    }

    /** Copy game: the record, as Share game sends it, on the clipboard. */
    void copyGame() {
        RecordFiles.record(activity, "The game could not be copied", new RecordFiles.RecordUser() {
            @Override
            public void use(String record) {
                Sharing.copy(activity, "Tempest game", record, "Game copied");
            }
        });
    }

    /**
     * Copy position: the position on the screen as the engine writes it (FEN
     * in chess, the game's own position string in the others), on the
     * clipboard; "Paste game or position" reads it back.
     */
    void copyPosition(Snapshot shown) {
        Sharing.copy(activity, "Tempest position", shown.state.position, "Position copied");
    }

    /** The opponent's face-down hand: only how many cards it holds. */
    void opponentHand() {
        BoardModel m = host.board();
        int n = m == null || m.hands.size() < 2 ? 0 : m.hands.get(host.humanSide().equals("w") ? 1 : 0).size();
        helpDialog = new AlertDialog.Builder(activity).setTitle("The opponent's hand")
                .setMessage(n + " cards, face down: you see one of them only when it is played.")
                .setPositiveButton(android.R.string.ok, null).show();
    }

    /**
     * A card's rule in a dialog; for a card in the person's hand also what it
     * can do now (from the engine's legal tokens), with "Play it" to choose it
     * so its squares are marked on the board.
     */
    void showCardHelp(final String code, boolean inHand) {
        Snapshot shown = host.shown();
        if (shown == null) {
            return;
        }
        StringBuilder msg = new StringBuilder(Cards.help(code));
        boolean canPlay = false;
        if (inHand) {
            int uses = Cards.uses(code, shown.legal);
            if (shown.state.over) {
                msg.append("\n\nNow: the game is over.");
            } else if (!shown.humanToMove() || host.engineThinking()) {
                msg.append("\n\nNow: wait for your turn.");
            } else if (uses == 0) {
                msg.append("\n\nNow: it has no legal use in this position.");
            } else {
                canPlay = host.input().playableCards().contains(code);
                msg.append("\n\nNow: ").append(uses).append(uses == 1 ? " way" : " ways")
                        .append(" to play it. Touch the card, then the marked squares.");
            }
        }
        AlertDialog.Builder b = new AlertDialog.Builder(activity).setTitle(Cards.name(code) + " (" + code + ")")
                .setMessage(msg.toString()).setPositiveButton(android.R.string.ok, null);
        if (canPlay && !code.equals(host.chosenCard())) {
            b.setNeutralButton("Play it", new DialogInterface.OnClickListener() {
                @Override
                public void onClick(DialogInterface d, int which) {
                    host.onTapResult(host.input().tapCard(code));
                }
            });
        }
        helpDialog = b.show();
    }

    /** The discard pile, top card first; touching one shows its rule. */
    void showDiscardPile() {
        BoardModel m = host.board();
        Snapshot shown = host.shown();
        if (m == null || shown == null || !shown.game.cards || m.hands.size() != 2) {
            return;
        }
        if (m.discard.isEmpty()) {
            helpDialog = new AlertDialog.Builder(activity).setTitle("Discard pile").setMessage("No card has been played yet.")
                    .setPositiveButton(android.R.string.ok, null).show();
            return;
        }
        final List<String> pile = new ArrayList<String>(m.discard);
        Collections.reverse(pile);
        String[] items = new String[pile.size()];
        for (int i = 0; i < pile.size(); i++) {
            items[i] = Cards.name(pile.get(i)) + " — " + Cards.summary(pile.get(i));
        }
        helpDialog = new AlertDialog.Builder(activity).setTitle("Discard pile, top first")
                .setItems(items, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        showCardHelp(pile.get(which), false);
                    }
                })
                .setPositiveButton(android.R.string.ok, null).show();
    }

    /** A long press on the board: the card behind a mark there (forbidden square, Champion, shield). */
    void explainSquare(String square) {
        BoardModel m = host.board();
        Snapshot shown = host.shown();
        if (m == null || shown == null || !shown.game.cards) {
            return;
        }
        String code = m.forbidden.contains(square) ? "FC" : m.champions.contains(square) ? "CH"
                : m.shields.contains(square) ? "MS" : null;
        if (code != null) {
            showCardHelp(code, false);
        }
    }
}
