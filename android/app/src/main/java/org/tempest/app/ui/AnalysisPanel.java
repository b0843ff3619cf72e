package org.tempest.app.ui;

import android.app.Activity;
import android.os.Handler;
import android.os.Looper;
import android.view.View;
import android.widget.Button;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tempest.app.R;
import org.tempest.app.game.Analyst;
import org.tempest.app.game.EngineLine;
import org.tempest.app.game.Features;
import org.tempest.app.game.Snapshot;

/**
 * The analysis on the game screen (the menu's Analysis): the engine's lines
 * for the position shown, live while it searches (Analyst, its own engine
 * and thread), with the depth, each line's score in the game's terms, the
 * win/draw/loss chances where the engine gives them and the moves in the
 * game's notation, and the best line's first moves as arrows on the board.
 * Stop and Start; another position shown (stepping through the game, a move
 * played) is analysed in turn; while Tempest thinks on its move, and where
 * hidden pieces or cards would show in the engine's choice, it waits. The
 * screen never waits for the engine: the analyst hears every request at
 * once and its pictures come back through the UI thread's queue.
 */
final class AnalysisPanel {
    /** The most arrows drawn for the best line: the move, the reply, the move after. */
    static final int ARROWS = 3;
    private static final int[] LINE_IDS = {R.id.analysis_line1, R.id.analysis_line2, R.id.analysis_line3};

    private final GameController controller;
    /** Draws the whole screen again (the game screen's render), which shows this panel in turn. */
    private final Runnable rerender;
    private final Handler ui = new Handler(Looper.getMainLooper());
    private final Analyst.Listener listener = new Analyst.Listener() {
        @Override
        public void onAnalysis(final Analyst.Analysis a) {
            ui.post(new Runnable() {
                @Override
                public void run() {
                    take(a);
                }
            });
        }
    };
    private View panel;
    private TextView status;
    private Button lines;
    private Button toggle;
    private final TextView[] lineViews = new TextView[LINE_IDS.length];
    private BoardView board;
    /** Whether the panel is open, and whether the person wants the engine to search (Start) or not (Stop). */
    private boolean open;
    private boolean running;
    /** The analysis asked of the analyst now, or null; only its pictures are shown. */
    private Analyst.Target target;
    /** The latest picture of the position shown, or null. */
    private Analyst.Analysis latest;
    /** The position the panel describes. */
    private Snapshot shown;
    /** Why nothing is searched now, or null. */
    private String waiting;
    /** A game action is on its way: nothing is searched until its news arrives (release). */
    private boolean held;
    /** By game: whether the engine gave several lines there, once it was asked. */
    private final Map<String, Boolean> severalLines = new HashMap<String, Boolean>();

    AnalysisPanel(GameController controller, Runnable rerender) {
        this.controller = controller;
        this.rerender = rerender;
    }

    /** Connects the views of the current layout (again after a rotation). */
    void bind(Activity a, BoardView boardView) {
        board = boardView;
        panel = a.findViewById(R.id.analysis_panel);
        status = a.findViewById(R.id.analysis_status);
        lines = a.findViewById(R.id.analysis_lines);
        toggle = a.findViewById(R.id.analysis_toggle);
        for (int i = 0; i < LINE_IDS.length; i++) {
            lineViews[i] = a.findViewById(LINE_IDS[i]);
            lineViews[i].addOnLayoutChangeListener(new View.OnLayoutChangeListener() {
                @Override
                public void onLayoutChange(View v, int l, int t, int r, int b, int ol, int ot, int or, int ob) {
                    if (r - l != or - ol) {
                        v.post(new Runnable() {
                            @Override
                            public void run() {
                                showLines(); // as many moves as the new width holds
                            }
                        });
                    }
                }
            });
        }
        toggle.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                if (running) {
                    stop();
                } else {
                    start();
                }
            }
        });
        lines.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                Settings s = controller.settings();
                s.setAnalysisLines(s.analysisLines() % Analyst.MAX_LINES + 1);
                rerender.run();
            }
        });
        a.findViewById(R.id.analysis_close).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                close();
            }
        });
        refresh();
    }

    boolean isOpen() {
        return open;
    }

    boolean isRunning() {
        return running;
    }

    /** Opens the panel and starts the engine on the position shown. */
    void open() {
        open = true;
        running = true;
        rerender.run();
    }

    /** Closes the panel: the search is stopped and its arrows go. */
    void close() {
        open = false;
        running = false;
        pause();
        latest = null;
        if (board != null) {
            board.setArrows(Collections.<List<String>>emptyList());
        }
        rerender.run();
    }

    /** Stop: the search ends; the lines stay as they were, and nothing more of them arrives. */
    void stop() {
        running = false;
        pause();
        rerender.run();
    }

    /** Start: the engine searches the position shown again. */
    void start() {
        running = true;
        rerender.run();
    }

    /**
     * Stops the search before another action (a move, a step through the
     * game, Undo, a new game): its bestmove is read and dropped by the
     * analyst, and the next picture of the screen asks again where it may.
     */
    void pause() {
        if (target != null) {
            controller.analyst().stop();
            target = null;
        }
    }

    /** A game action goes to the engine: the search stops first, and waits for the action's news. */
    void hold() {
        held = true;
        pause();
    }

    /** The news of the action has come (a new picture of the game, the hint, a problem): search again. */
    void release() {
        held = false;
    }

    /**
     * The screen's new picture: the position shown is analysed when the
     * panel is open and running, nobody's engine is thinking, nothing holds
     * it back (a step through the game on its way, the pass-and-play cover
     * up, an action whose news has not come) and the game lets the engine
     * search it now.
     */
    void show(Snapshot game, Snapshot s, boolean engineThinking, boolean holdBack) {
        shown = s;
        if (!open || s == null) {
            pause();
            refresh();
            return;
        }
        Analyst.Target t = Analyst.Target.of(s, controller.settings().analysisLines());
        if (latest != null && !latest.target.samePosition(t)) {
            latest = null; // another position: the old lines and arrows go
        }
        waiting = reasonToWait(s, game != null && game.state.over, engineThinking);
        if (waiting != null || !running || holdBack || held) {
            pause();
        } else if (!t.same(target)) {
            target = t;
            controller.analyst().analyse(t, listener);
        }
        refresh();
    }

    /** Why the position shown (of a game that may be over) is not searched now, in words, or null. */
    private static String reasonToWait(Snapshot s, boolean gameOver, boolean engineThinking) {
        if (s.endedByRules()) {
            return "The game is over in this position: nothing to analyse.";
        }
        if (engineThinking || !s.isPast() && !s.state.over && !s.setup.isHuman(s.state.toMove)) {
            return "Waiting while Tempest thinks…"; // on its move now, or about to
        }
        if (!Features.analysesAnyTurn(s.game, gameOver) && !s.setup.isHuman(s.state.toMove)) {
            return (s.game.hidesPieces() ? "Tempest's pieces are" : "Tempest's hand is")
                    + " hidden from you: the analysis waits for your turn.";
        }
        return null;
    }

    /** A picture from the analyst: shown when it is of the analysis asked for now. */
    private void take(Analyst.Analysis a) {
        if (a.target != target || !open) {
            return; // an older request's, or the panel has closed
        }
        latest = a;
        severalLines.put(a.target.game.name, a.severalLines);
        refresh();
    }

    /** The texts, the buttons and the arrows for the state now. */
    private void refresh() {
        if (panel == null) {
            return;
        }
        panel.setVisibility(open ? View.VISIBLE : View.GONE);
        if (!open) {
            return; // the board's arrows are the hint's (GameActivity.render)
        }
        if (board != null) {
            board.setArrows(arrows());
        }
        status.setText(statusText());
        boolean possible = waiting == null;
        toggle.setText(running ? R.string.stop_analysis : R.string.start_analysis);
        toggle.setEnabled(possible || running);
        Boolean several = shown == null ? null : severalLines.get(shown.game.name);
        lines.setVisibility(several != null && several ? View.VISIBLE : View.GONE);
        lines.setText("Lines: " + controller.settings().analysisLines());
        showLines();
    }

    private String statusText() {
        if (waiting != null) {
            return waiting;
        }
        EngineLine best = latest == null || latest.lines.isEmpty() ? null : latest.lines.get(0).info;
        if (latest != null && latest.problem != null) {
            return "The engine cannot analyse this position.";
        }
        if (!running) {
            return best == null ? "Stopped." : "Stopped at depth " + best.depth + ".";
        }
        if (best == null) {
            return controller.analyst().reviewing() ? "Waiting for the review…" : "Analysing…";
        }
        return "Depth " + best.depth + " · " + nodes(best.nodes);
    }

    /** "850 nodes", "85 k nodes", "12.4 M nodes". */
    private static String nodes(long n) {
        if (n < 10000) {
            return n + (n == 1 ? " node" : " nodes");
        }
        if (n < 1000000) {
            return (n / 1000) + " k nodes";
        }
        return String.format(Locale.ROOT, "%.1f M nodes", n / 1e6);
    }

    /** Each line in its text view, with as many of its moves as one line of text holds. */
    private void showLines() {
        if (panel == null || !open) {
            return;
        }
        List<Analyst.Line> shownLines = latest == null || shown == null ? Collections.<Analyst.Line>emptyList()
                : latest.lines;
        for (int i = 0; i < lineViews.length; i++) {
            TextView v = lineViews[i];
            if (i == 0 && latest != null && latest.problem != null) {
                v.setVisibility(View.VISIBLE);
                v.setText(RecordFiles.capitalize(latest.problem));
                v.setContentDescription(null);
                continue;
            }
            if (i >= shownLines.size()) {
                v.setVisibility(View.GONE);
                continue;
            }
            Analyst.Line l = shownLines.get(i);
            String head = score(shown, l.info) + chances(shown, l.info) + "  ";
            v.setVisibility(View.VISIBLE);
            v.setText(fit(v, head, l));
            v.setContentDescription("Line " + (i + 1) + ": " + score(shown, l.info) + spokenChances(shown, l.info)
                    + ". " + GameTexts.line(shown, l.tokens, l.facts));
        }
    }

    /** The line's text with as many of its moves as fit the view's width on one line (all before it is laid out). */
    private String fit(TextView v, String head, Analyst.Line l) {
        int width = v.getWidth() - v.getTotalPaddingLeft() - v.getTotalPaddingRight();
        int n = l.tokens.size();
        String text = head + GameTexts.line(shown, l.tokens, l.facts);
        while (width > 0 && n > 1 && v.getPaint().measureText(text) > width) {
            n--;
            text = head + GameTexts.line(shown, l.tokens.subList(0, n), l.facts.subList(0, n));
        }
        return text;
    }

    /** The best line's first moves as arrows, or none. */
    List<List<String>> arrows() {
        List<List<String>> out = new ArrayList<List<String>>();
        if (latest == null || latest.lines.isEmpty()) {
            return out;
        }
        Analyst.Line best = latest.lines.get(0);
        for (int i = 0; i < best.tokens.size() && i < ARROWS; i++) {
            out.add(GameTexts.squaresOf(best.tokens.get(i)));
        }
        return out;
    }

    /**
     * The score in the game's terms: from White's side in pawns where the
     * evaluation bar reads it so ("+0.35", "M3" when White mates, "−M2"),
     * else the side to move's, named ("Red +1.20").
     */
    static String score(Snapshot s, EngineLine l) {
        if (Features.evaluation(s.game)) {
            return l.evaluation(s.state.toMove.equals(s.game.sides.get(0))).text();
        }
        return GameUi.of(s.setup.variant).sideName(s.state.toMove) + " " + l.evaluation(true).text();
    }

    /** The win, draw and loss chances from the same side as the score ("  W23 D60 L17"), or "" without them. */
    static String chances(Snapshot s, EngineLine l) {
        int[] c = sideChances(s, l);
        return c == null ? "" : String.format(Locale.ROOT, "  W%d D%d L%d", c[0], c[1], c[2]);
    }

    private static String spokenChances(Snapshot s, EngineLine l) {
        int[] c = sideChances(s, l);
        if (c == null) {
            return "";
        }
        String side = Features.evaluation(s.game) ? GameUi.of(s.setup.variant).sideName(s.game.sides.get(0))
                : GameUi.of(s.setup.variant).sideName(s.state.toMove);
        return ", " + side + " wins " + c[0] + "%, draws " + c[1] + "%, loses " + c[2] + "%";
    }

    /** The chances in percent, from White's side where the score is (its win first), else the mover's. */
    private static int[] sideChances(Snapshot s, EngineLine l) {
        int[] wdl = l.wdl();
        if (wdl == null) {
            return null;
        }
        boolean flip = Features.evaluation(s.game) && !s.state.toMove.equals(s.game.sides.get(0));
        int win = flip ? wdl[2] : wdl[0];
        int loss = flip ? wdl[0] : wdl[2];
        int w = Math.round(win / 10f);
        int l2 = Math.round(loss / 10f);
        return new int[] {w, 100 - w - l2, l2};
    }

    // What tests read

    Analyst.Analysis latestForTest() {
        return latest;
    }

    String waitingForTest() {
        return waiting;
    }
}
