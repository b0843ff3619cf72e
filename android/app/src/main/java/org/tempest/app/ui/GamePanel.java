package org.tempest.app.ui;

import android.app.Activity;
import android.view.View;
import android.widget.Button;
import android.widget.ScrollView;
import android.widget.TextView;
import java.util.Collections;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.Evaluation;
import org.tempest.app.game.Features;
import org.tempest.app.game.MoveInput;
import org.tempest.app.game.Review;
import org.tempest.app.game.Snapshot;

/**
 * Everything of the game screen that is not the board, the bars or the
 * actions: the hands (card chess), the status, the last move or hint, the
 * piles or players line, the pieces off the board, the move list (with a
 * review's classes), the evaluation bar, and the Pass or Claim stalemate
 * button.
 */
final class GamePanel {
    private final Activity activity;
    private final CardHandView ownHand;
    private final CardHandView opponentHand;
    private final TextView status;
    private final TextView lastMove;
    private final TextView pileInfo;
    private final TextView moveList;
    private final TextView captured;
    private final View thinking;
    private final Button special;
    private final EvalBarView evalBar;
    private final ScrollView scroll;

    /** Touches go to the input (cards, Pass), the dialogs (card help, piles) and, for a move of the list, to plies. */
    GamePanel(Activity activity, final BoardInput input, final GameDialogs dialogs, GameTexts.PlyListener plies) {
        this.activity = activity;
        ownHand = activity.findViewById(R.id.own_hand);
        opponentHand = activity.findViewById(R.id.opponent_hand);
        status = activity.findViewById(R.id.status);
        lastMove = activity.findViewById(R.id.last_move);
        pileInfo = activity.findViewById(R.id.pile_info);
        moveList = activity.findViewById(R.id.move_list);
        captured = activity.findViewById(R.id.captured);
        thinking = activity.findViewById(R.id.thinking);
        special = activity.findViewById(R.id.btn_special);
        evalBar = activity.findViewById(R.id.eval_bar);
        scroll = activity.findViewById(R.id.move_scroll);
        moveList.setMovementMethod(android.text.method.LinkMovementMethod.getInstance());
        ownHand.setListener(new CardHandView.CardListener() {
            @Override
            public void onCard(String code) {
                input.onCard(code);
            }

            @Override
            public void onCardHelp(String code) {
                dialogs.showCardHelp(code, true);
            }
        });
        opponentHand.setListener(new CardHandView.CardListener() {
            @Override
            public void onCard(String code) {
                dialogs.opponentHand();
            }

            @Override
            public void onCardHelp(String code) {
                dialogs.opponentHand();
            }
        });
        pileInfo.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                dialogs.showDiscardPile();
            }
        });
        special.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                input.onToken((String) special.getTag());
            }
        });
        this.plyListener = plies;
    }

    private final GameTexts.PlyListener plyListener;
    /** The review whose classes the move list shows, or null. */
    private Review review;
    /** The analysis or the review is open: its panel takes the place of the last move's line. */
    private boolean panelOpen;

    /** What the review and the analysis change here, for the next show. */
    void setModes(Review r, boolean analysisOrReviewOpen) {
        review = r;
        panelOpen = analysisOrReviewOpen;
    }

    void status(String text) {
        status.setText(text);
    }

    void showThinking(boolean on) {
        thinking.setVisibility(on ? View.VISIBLE : View.INVISIBLE);
    }

    /**
     * Shows the position on the screen (shown) of the game: own is the side
     * of the person looking, covered whether the pass-and-play cover hides
     * the hands.
     */
    void show(Snapshot game, Snapshot shown, BoardModel m, String own, boolean engineThinking, MoveInput input,
            String chosenCard, String hintToken, String hintFacts, boolean covered, Evaluation e, boolean whiteAtBottom) {
        showCards(shown, m, own, input, chosenCard, covered);
        moveList.setText(GameTexts.moveList(game, shown, Themes.textColor(activity), plyListener, review));
        if (!shown.isPast()) {
            scroll.post(new Runnable() {
                @Override
                public void run() {
                    scroll.fullScroll(View.FOCUS_DOWN);
                }
            });
        }
        String off = GameTexts.captured(GameUi.of(shown.game.name).army, m);
        captured.setVisibility(off == null ? View.GONE : View.VISIBLE);
        captured.setText(off == null ? "" : off);
        evalBar.setVisibility(Features.evaluation(shown.game) && e != null && !shown.isPast() ? View.VISIBLE : View.GONE);
        evalBar.set(e, whiteAtBottom);
        status.setText(GameTexts.status(shown, engineThinking));
        boolean check = shown.state.check && !shown.state.over && !shown.isPast();
        status.setTextColor(check ? activity.getResources().getColor(R.color.check, null) : Themes.textColor(activity));
        String line = GameTexts.moveLine(shown, chosenCard, hintToken, hintFacts);
        lastMove.setText(line);
        // No blank line before the first move; none over the analysis or the review, which say more.
        lastMove.setVisibility(line.isEmpty() || panelOpen ? View.GONE : View.VISIBLE);
        String extra = null;
        for (String t : new String[] {"stalemate", "0000"}) {
            if (shown.humanToMove() && shown.legal.contains(t)) {
                extra = t;
            }
        }
        special.setVisibility(extra == null ? View.GONE : View.VISIBLE);
        special.setTag(extra);
        special.setText(extra != null && extra.equals("0000") ? R.string.pass : R.string.claim_stalemate);
    }

    /** Card chess: the person's hand face up under their bar, the opponent's face down in theirs, the piles. */
    private void showCards(Snapshot s, BoardModel m, String side, MoveInput input, String chosenCard, boolean covered) {
        boolean cards = s.game.cards && m.hands.size() == 2;
        ownHand.setVisibility(cards ? View.VISIBLE : View.GONE);
        opponentHand.setVisibility(cards ? View.VISIBLE : View.GONE);
        String info = GameUi.of(s.game.name).info(s.setup, m);
        pileInfo.setVisibility(cards || info != null ? View.VISIBLE : View.GONE);
        if (info != null) {
            pileInfo.setText(info);
        }
        if (cards) {
            int own = Math.max(0, s.game.sideIndex(side));
            ownHand.setCards(m.hands.get(own), covered);
            ownHand.setPlayable(s.humanToMove() ? input.playableCards() : Collections.<String>emptySet(), chosenCard);
            opponentHand.setCards(m.hands.get(1 - own), true);
            pileInfo.setText(GameTexts.piles(m));
        }
    }
}
