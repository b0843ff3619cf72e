package org.tempest.app.ui;

import android.app.Activity;
import android.view.Menu;
import android.view.MenuItem;
import android.view.View;
import org.tempest.app.R;
import org.tempest.app.game.Features;
import org.tempest.app.game.Snapshot;

/**
 * The game screen's actions: the frequent ones as icons in the toolbar under
 * the board (through the moves, Undo, Hint, Flip), the others in the action
 * bar's menu (New game, Save, Share game, Copy game, Copy position,
 * Analysis, Review, Resign, Offer draw, Show the evaluation in a rated game,
 * How to play, Settings).
 * Each is disabled, not merely ignored, when it cannot act; one that the
 * game does not offer (Features) is not shown at all.
 */
final class GameActions {
    /** Hears an action chosen in the toolbar or the menu, by its id. */
    interface Handler {
        void onAction(int id);
    }

    static final int[] TOOLBAR = {R.id.btn_first, R.id.btn_back, R.id.btn_forward, R.id.btn_last, R.id.btn_undo,
        R.id.btn_hint, R.id.btn_flip};

    /** Which actions can act now, and which the game offers. */
    static final class State {
        boolean first;
        boolean back;
        boolean forward;
        boolean last;
        boolean undoOffered;
        boolean undo;
        boolean hint;
        boolean save;
        /** Copy position: a position is on the screen (the game's, or an earlier one while stepping). */
        boolean copyPosition;
        boolean resignOffered;
        boolean resign;
        boolean drawOffered;
        boolean draw;
        /** Show the evaluation: a rated game hides the bar until a person asks for it (a help). */
        boolean evaluationOffered;
        /** The engine's analysis of the position shown (every game; it waits where it may not search yet). */
        boolean analysis;
        /** The engine's review of the game: where the game has one (Features.review) and moves to judge. */
        boolean reviewOffered;
        boolean review;

        /**
         * The actions for the game and the position on the screen. While the
         * engine thinks, Save, Undo and New game still act (the search is
         * stopped first); stepping through the moves waits, since the rules
         * engine is busy. After the end there is nothing to hint, resign or
         * offer, but Undo takes a move back and Save keeps the game.
         */
        static State of(Snapshot game, Snapshot shown, boolean engineThinking, boolean stepping) {
            State st = new State();
            if (game == null || shown == null) {
                return st;
            }
            boolean yourTurn = !game.state.over && !shown.isPast() && shown.humanToMove() && !engineThinking;
            st.first = !stepping && !engineThinking && shown.ply > 0;
            st.back = st.first;
            st.forward = !stepping && shown.isPast();
            st.last = st.forward;
            st.undoOffered = Features.undo(game.game);
            st.undo = st.undoOffered && !stepping && somethingToUndo(game);
            st.hint = yourTurn;
            st.save = true;
            st.copyPosition = true;
            st.resignOffered = Features.resign(game.game);
            st.resign = st.resignOffered && yourTurn;
            st.drawOffered = Features.drawOffers(game.game);
            st.draw = st.drawOffered && yourTurn;
            st.evaluationOffered = Features.evaluation(game.game) && game.setup.isRated() && !game.state.over;
            st.analysis = true;
            st.reviewOffered = Features.review(game.game);
            st.review = st.reviewOffered && !game.moves.isEmpty() && !engineThinking && !stepping;
            return st;
        }

        /**
         * A person's move to take back: any move but the engine's first move
         * of a two-player game the person answers (undo would only ask it
         * again).
         */
        private static boolean somethingToUndo(Snapshot g) {
            if (g.moves.isEmpty()) {
                return false;
            }
            boolean onlyEngineMoved = g.game.sides.size() == 2 && g.setup.humanPlayers.length() == 1
                    && g.moves.size() == 1 && g.setup.isHuman(g.state.toMove);
            return !onlyEngineMoved;
        }
    }

    private final Activity activity;
    private final Handler handler;
    private Menu menu;
    private State state = new State();

    GameActions(Activity activity, Handler handler) {
        this.activity = activity;
        this.handler = handler;
    }

    /** Connects the toolbar of the current layout. */
    void bindToolbar() {
        for (final int id : TOOLBAR) {
            activity.findViewById(id).setOnClickListener(new View.OnClickListener() {
                @Override
                public void onClick(View v) {
                    if (v.isEnabled()) { // a disabled button does nothing, however it is clicked
                        handler.onAction(id);
                    }
                }
            });
        }
        apply();
    }

    /** The menu's items, in the order they are listed. */
    void createMenu(Menu m) {
        menu = m;
        add(m, R.id.menu_new_game, R.string.new_game);
        add(m, R.id.menu_save, R.string.save);
        add(m, R.id.menu_share, R.string.share_game);
        add(m, R.id.menu_copy_game, R.string.copy_game);
        add(m, R.id.menu_copy_position, R.string.copy_position);
        add(m, R.id.menu_analysis, R.string.analysis);
        add(m, R.id.menu_review, R.string.review);
        add(m, R.id.menu_resign, R.string.resign);
        add(m, R.id.menu_draw, R.string.offer_draw);
        add(m, R.id.menu_evaluation, R.string.show_evaluation);
        add(m, R.id.menu_how_to_play, R.string.how_to_play);
        add(m, R.id.menu_settings, R.string.settings);
        apply();
    }

    private static void add(Menu m, int id, int title) {
        m.add(Menu.NONE, id, Menu.NONE, title).setShowAsAction(MenuItem.SHOW_AS_ACTION_NEVER);
    }

    /** Whether the menu's item was one of these actions (then it has been handled). */
    boolean onMenuItem(MenuItem item) {
        int id = item.getItemId();
        if (id == R.id.menu_new_game || id == R.id.menu_save || id == R.id.menu_share || id == R.id.menu_copy_game
                || id == R.id.menu_copy_position || id == R.id.menu_analysis || id == R.id.menu_review
                || id == R.id.menu_resign || id == R.id.menu_draw
                || id == R.id.menu_evaluation || id == R.id.menu_how_to_play || id == R.id.menu_settings) {
            if (item.isEnabled()) {
                handler.onAction(id);
            }
            return true;
        }
        return false;
    }

    /** Enables, disables, shows and hides every action for the state. */
    void update(State st) {
        state = st;
        apply();
    }

    State state() {
        return state;
    }

    private void apply() {
        State st = state;
        tool(R.id.btn_first, true, st.first);
        tool(R.id.btn_back, true, st.back);
        tool(R.id.btn_forward, true, st.forward);
        tool(R.id.btn_last, true, st.last);
        tool(R.id.btn_undo, st.undoOffered, st.undo);
        tool(R.id.btn_hint, true, st.hint);
        tool(R.id.btn_flip, true, true);
        if (menu != null) {
            item(R.id.menu_new_game, true, true);
            item(R.id.menu_save, true, st.save);
            item(R.id.menu_share, true, st.save);
            item(R.id.menu_copy_game, true, st.save);
            item(R.id.menu_copy_position, true, st.copyPosition);
            item(R.id.menu_analysis, true, st.analysis);
            item(R.id.menu_review, st.reviewOffered, st.review);
            item(R.id.menu_resign, st.resignOffered, st.resign);
            item(R.id.menu_draw, st.drawOffered, st.draw);
            item(R.id.menu_evaluation, st.evaluationOffered, st.evaluationOffered);
            item(R.id.menu_how_to_play, true, true);
            item(R.id.menu_settings, true, true);
        }
    }

    private void tool(int id, boolean shown, boolean enabled) {
        View v = activity.findViewById(id);
        if (v != null) {
            v.setVisibility(shown ? View.VISIBLE : View.GONE);
            v.setEnabled(enabled);
            v.setAlpha(enabled ? 1f : 0.3f);
        }
    }

    private void item(int id, boolean shown, boolean enabled) {
        MenuItem i = menu.findItem(id);
        if (i != null) {
            i.setVisible(shown);
            i.setEnabled(enabled);
        }
    }
}
