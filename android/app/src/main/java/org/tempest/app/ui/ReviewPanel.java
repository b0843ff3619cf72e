package org.tempest.app.ui;

import android.app.Activity;
import android.os.Handler;
import android.os.Looper;
import android.view.View;
import android.widget.Button;
import android.widget.TextView;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.tempest.app.R;
import org.tempest.app.game.Analyst;
import org.tempest.app.game.Features;
import org.tempest.app.game.Review;
import org.tempest.app.game.Snapshot;

/**
 * The review of a game on the game screen (the game-over dialog's Review,
 * the menu's Review): the engine searches every position at its budget
 * (Review.nodesFor) on the analyst's thread, the bar showing its progress
 * with Cancel; then each move of the list carries its class (ReviewMarks),
 * the graph under the board shows White's expected score over the game and
 * a touch on it shows that position, the bar names the move shown with its
 * class and what it cost, and Play on from here starts a game against
 * Tempest from the position shown, the person taking the side to move.
 */
final class ReviewPanel {
    /** What the review needs of the screen. */
    interface Host {
        /** Shows the position after so many moves (the graph was touched). */
        void showPly(int ply);

        /** Draws the screen again (the move list takes the review's classes). */
        void render();
    }

    private final GameController controller;
    private final Host host;
    private final Handler ui = new Handler(Looper.getMainLooper());
    private Activity activity;
    /** The position on the screen, as the last picture showed it. */
    private Snapshot shown;
    private View bar;
    private TextView status;
    private Button action;
    private EvalGraphView graph;
    private TextView summary;
    private boolean open;
    /** The game under review: its game, start and moves. */
    private Snapshot reviewed;
    /** White's expected score in the positions searched so far, while the engine reviews. */
    private double[] soFar = new double[0];
    private int done;
    private int total;
    private boolean running;
    /** The finished review, or null. */
    private Review review;
    private String problem;
    /** Counts the reviews asked for: an older one's news is dropped. */
    private int asked;

    ReviewPanel(GameController controller, Host host) {
        this.controller = controller;
        this.host = host;
    }

    /** Connects the views of the current layout (again after a rotation). */
    void bind(Activity a) {
        activity = a;
        bar = a.findViewById(R.id.review_bar);
        status = a.findViewById(R.id.review_status);
        action = a.findViewById(R.id.review_action);
        graph = a.findViewById(R.id.eval_graph);
        summary = a.findViewById(R.id.review_summary);
        graph.setListener(new EvalGraphView.PlyListener() {
            @Override
            public void onPly(int ply) {
                host.showPly(ply);
            }
        });
        action.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                if (running) {
                    controller.analyst().cancelReview();
                } else {
                    playOn();
                }
            }
        });
        a.findViewById(R.id.review_close).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                close();
            }
        });
    }

    boolean isOpen() {
        return open;
    }

    /** The review whose classes the move list shows, or null. */
    Review review() {
        return open ? review : null;
    }

    /**
     * Reviews the game (in games the review is for): a review of exactly
     * this game already made is shown again, else the engine starts one.
     */
    void open(Snapshot game) {
        if (game == null || !Features.review(game.game) || game.moves.isEmpty()) {
            return;
        }
        if (open && running && reviewed.start.equals(game.start) && reviewed.moves.equals(game.moves)) {
            return; // this review is under way
        }
        open = true;
        reviewed = game;
        problem = null;
        Review last = controller.analyst().lastReview();
        if (last != null && last.of(game.setup.variant, game.start, game.moves)) {
            review = last;
            running = false;
            host.render();
            return;
        }
        review = null;
        running = true;
        done = 0;
        total = game.moves.size() + 1;
        soFar = new double[0];
        final int mine = ++asked;
        controller.analyst().review(game.game, game.start, game.moves, new Analyst.ReviewListener() {
            @Override
            public void onProgress(final int positions, final int of, final double white) {
                ui.post(new Runnable() {
                    @Override
                    public void run() {
                        if (mine == asked) {
                            progress(positions, of, white);
                        }
                    }
                });
            }

            @Override
            public void onReview(final Review r, final String failed) {
                ui.post(new Runnable() {
                    @Override
                    public void run() {
                        if (mine == asked) {
                            finished(r, failed);
                        }
                    }
                });
            }
        });
        host.render();
    }

    /** Closes the review: one under way is cancelled; the move list loses its classes. */
    void close() {
        if (!open) {
            return;
        }
        open = false;
        asked++;
        if (running) {
            controller.analyst().cancelReview();
            running = false;
        }
        host.render();
    }

    private void progress(int positions, int of, double white) {
        done = positions;
        total = of;
        soFar = Arrays.copyOf(soFar, positions);
        soFar[positions - 1] = white;
        host.render();
    }

    private void finished(Review r, String failed) {
        running = false;
        review = r;
        problem = failed;
        if (r == null && failed == null) {
            open = false; // cancelled
        }
        host.render();
    }

    /** The screen's new picture: the bar, the graph and the count of each side's moves for the position shown. */
    void show(Snapshot shown) {
        this.shown = shown;
        if (bar == null) {
            return;
        }
        bar.setVisibility(open ? View.VISIBLE : View.GONE);
        graph.setVisibility(open ? View.VISIBLE : View.GONE);
        summary.setVisibility(open && review != null ? View.VISIBLE : View.GONE);
        if (!open) {
            return;
        }
        if (review != null) {
            graph.setReview(review);
        } else {
            graph.setProgress(reviewed.moves.size(), soFar);
        }
        graph.setShown(shown == null ? -1 : shown.ply);
        if (running) {
            status.setText("Reviewing: " + done + " of " + total + " positions");
            action.setText(android.R.string.cancel);
            action.setVisibility(View.VISIBLE);
            action.setEnabled(true);
        } else if (problem != null) {
            status.setText(RecordFiles.capitalize(problem));
            action.setVisibility(View.GONE);
        } else {
            status.setText(moveText(shown));
            status.setContentDescription(spokenMoveText(shown));
            action.setText(R.string.play_on);
            action.setVisibility(View.VISIBLE);
            action.setEnabled(shown != null && canPlayOn(shown));
        }
        if (review != null) {
            summary.setText(summaryText());
        }
    }

    /** "3... Nf6: blunder, 46% → 0%" (the mover's expected score) for the move that led to the position shown. */
    private String moveText(Snapshot shown) {
        if (shown == null || review == null) {
            return "";
        }
        int move = shown.ply - 1;
        if (move < 0) {
            return "The start: touch the graph or a move.";
        }
        if (move >= review.judged(reviewed.setup.variant, reviewed.start, reviewed.moves)) {
            return "";
        }
        double[] s = review.moverScores(move);
        return GameTexts.numberedMove(reviewed, move) + ": " + ReviewMarks.words(review.kind(move)) + ", "
                + percent(s[0]) + " → " + percent(s[1]);
    }

    /** The same in words for a screen reader: whose expected score it was. */
    private String spokenMoveText(Snapshot shown) {
        if (shown == null || review == null || shown.ply < 1
                || shown.ply > review.judged(reviewed.setup.variant, reviewed.start, reviewed.moves)) {
            return null;
        }
        int move = shown.ply - 1;
        double[] s = review.moverScores(move);
        return GameTexts.numberedMove(reviewed, move) + ", " + ReviewMarks.words(review.kind(move)) + ": "
                + GameUi.of(reviewed.setup.variant).sideName(review.mover(move)) + "'s expected score from "
                + percent(s[0]) + " to " + percent(s[1]);
    }

    private static String percent(double score) {
        return String.format(Locale.ROOT, "%d%%", Math.round(score * 100));
    }

    /** "White: 12 best moves, 3 good moves, 1 inaccuracy. Black: …", each side's moves by class. */
    private String summaryText() {
        StringBuilder b = new StringBuilder();
        for (String side : reviewed.game.sides) {
            Map<Review.Kind, Integer> count = new EnumMap<Review.Kind, Integer>(Review.Kind.class);
            for (int i = 0; i < review.moves.size(); i++) {
                if (review.mover(i).equals(side)) {
                    Review.Kind k = review.kind(i);
                    count.put(k, count.containsKey(k) ? count.get(k) + 1 : 1);
                }
            }
            b.append(b.length() == 0 ? "" : " ").append(GameUi.of(reviewed.setup.variant).sideName(side)).append(": ");
            if (count.isEmpty()) {
                b.append("no moves.");
                continue;
            }
            int n = 0;
            for (Map.Entry<Review.Kind, Integer> e : count.entrySet()) {
                b.append(n++ == 0 ? "" : ", ").append(e.getValue()).append(' ')
                        .append(e.getValue() == 1 ? ReviewMarks.words(e.getKey()) : ReviewMarks.plural(e.getKey()));
            }
            b.append('.');
        }
        return b.toString();
    }

    /** A game can go on from the position: the rules have not ended it there. */
    private static boolean canPlayOn(Snapshot s) {
        return !s.endedByRules();
    }

    /**
     * Play on from here: a game against Tempest (at the game's level) from
     * the position shown, through the app's way of opening a position, the
     * person taking the side to move; the moves that led there stay in its
     * record.
     */
    private void playOn() {
        Snapshot s = shown;
        if (s == null || !canPlayOn(s)) {
            return;
        }
        StringBuilder position = new StringBuilder(s.start);
        if (!s.moves.isEmpty()) {
            position.append(" moves");
            for (String m : s.moves) {
                position.append(' ').append(m);
            }
        }
        controller.stopThinking();
        close();
        controller.openPosition(s.setup.variant, position.toString(), s.state.toMove, s.setup.level,
                new GameController.Callback<Boolean>() {
                    @Override
                    public void done(Boolean ok, String why) {
                        if (why != null) {
                            new android.app.AlertDialog.Builder(activity).setTitle(R.string.play_on)
                                    .setMessage(RecordFiles.capitalize(why))
                                    .setPositiveButton(android.R.string.ok, null).show();
                        }
                    }
                });
    }
}
