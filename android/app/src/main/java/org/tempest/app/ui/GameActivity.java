package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.Intent;
import android.content.res.Configuration;
import android.os.Bundle;
import android.os.Handler;
import android.os.Looper;
import android.view.Menu;
import android.view.MenuItem;
import android.view.View;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.Features;
import org.tempest.app.game.MoveInput;
import org.tempest.app.game.MoveToken;
import org.tempest.app.game.Snapshot;

/**
 * The game screen, board first. It draws what the engine reports and turns
 * taps into the engine's legal tokens; it knows no rules of its own. Its
 * parts: PlayerBars (names, levels, clocks), GameActions (toolbar and menu,
 * enabled by what can act), GameDialogs, GameTexts (every line of text, in
 * the game's notation).
 */
public final class GameActivity extends Activity
        implements GameController.Listener, GameDialogs.Host, BoardInput.Screen, GameActions.Handler {
    static final String EXTRA_RESUME = "resume";
    private static final String STATE_TURNS = "turns";
    private static final long CLOCK_TICK_MS = 100;

    private GameController controller;
    private BoardView board;
    private GamePanel panel;
    private PlayerBars bars;
    private GameActions actions;
    private GameDialogs dialogs;
    /** The engine's analysis of the position shown, and its review of the game (each a panel, closed at first). */
    private AnalysisPanel analysis;
    private ReviewPanel review;
    /** The game as the controller last reported it. */
    private Snapshot game;
    /** What the screen shows: the game, or an earlier position of it while stepping through the moves. */
    private Snapshot shown;
    /** A step through the moves is on its way (further taps wait for it). */
    private boolean stepping;
    /** Card chess pass and play: the screen that hides the hands between turns. */
    private PassCover cover;
    /** The token of a move to animate once the board shows it, or null. */
    private String pendingAnimation;
    private BoardInput input;
    /** Quarter turns the player chose with Flip, or null for the person's own side at the bottom. */
    private Integer turnsOverride;
    private boolean engineThinking;
    private String hintToken;
    private String hintFacts = "";
    private int endShownAt = -1;
    private boolean badOutputShown;
    /** A flag fell and the controller was told; reset by the next picture of the game. */
    private boolean flagSent;
    private final Handler ticks = new Handler(Looper.getMainLooper());
    private final Runnable clockTick = new Runnable() {
        @Override
        public void run() {
            showClocks();
            ticks.postDelayed(this, CLOCK_TICK_MS);
        }
    };
    private final Sounds sounds = new Sounds();

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.controller(this);
        setRequestedOrientation(controller.settings().requestedOrientation());
        if (saved != null && saved.containsKey(STATE_TURNS)) {
            turnsOverride = saved.getInt(STATE_TURNS);
        }
        actions = new GameActions(this, this);
        input = new BoardInput(controller, this);
        dialogs = new GameDialogs(this, this, controller);
        input.setDialogs(dialogs);
        Runnable rerender = new Runnable() {
            @Override
            public void run() {
                render();
            }
        };
        cover = new PassCover(this, rerender);
        analysis = new AnalysisPanel(controller, rerender);
        review = new ReviewPanel(controller, new ReviewPanel.Host() {
            @Override
            public void showPly(int ply) {
                GameActivity.this.showPly(ply);
            }

            @Override
            public void render() {
                GameActivity.this.render();
            }
        });
        buildViews();
        controller.levels(new GameController.Callback<List<org.tempest.app.engine.LevelInfo>>() {
            @Override
            public void done(List<org.tempest.app.engine.LevelInfo> levels, String problem) {
                render(); // the bars name the engine's level
            }
        });
        // Resume the autosave when asked to, or when the process was killed
        // and restarted on this screen (no game and nothing on its way).
        if (getIntent().getBooleanExtra(EXTRA_RESUME, false) || (controller.snapshot() == null && controller.idle())) {
            resume();
        }
    }

    /** Sets up the layout for the current configuration (portrait or landscape, split screen too). */
    private void buildViews() {
        setContentView(R.layout.activity_game);
        EdgeToEdge.fit(this);
        board = findViewById(R.id.board);
        panel = new GamePanel(this, input, dialogs, new GameTexts.PlyListener() {
            @Override
            public void onPly(int ply) {
                showPly(ply);
            }
        });
        bars = new PlayerBars(this, controller);
        findViewById(R.id.rated_mark).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                dialogs.explainRating();
            }
        });
        actions.bindToolbar();
        applyLook();
        input.bind(board, dialogs);
        analysis.bind(this, board);
        review.bind(this);
        panel.showThinking(engineThinking);
        if (shown != null) {
            cover.rebuilt(shown.setup.variant); // the old views are gone; a pass-and-play cover is put up again
        }
        render();
    }

    /** The board's colours, wood, pieces and the background, as the settings say (again after Settings). */
    private void applyLook() {
        board.setColors(controller.settings().lightSquare(), controller.settings().darkSquare());
        board.setWood(controller.settings().woodBoard());
        board.setPieceSet(controller.settings().pieceSet());
        if (controller.settings().background() == 1) {
            android.util.TypedValue bg = new android.util.TypedValue();
            getTheme().resolveAttribute(android.R.attr.colorBackground, bg, true);
            findViewById(R.id.game_root).setBackground(BoardTextures.background(getResources(), bg.data));
        }
    }

    @Override
    public boolean onCreateOptionsMenu(Menu menu) {
        actions.createMenu(menu);
        return super.onCreateOptionsMenu(menu);
    }

    @Override
    public boolean onOptionsItemSelected(MenuItem item) {
        return actions.onMenuItem(item) || super.onOptionsItemSelected(item);
    }

    /**
     * An action of the toolbar or the menu; GameActions has let only those
     * through that can act. A game action stops the analysis's search first
     * (the next picture of the screen asks for it again).
     */
    @Override
    public void onAction(int id) {
        if (id == R.id.btn_undo || id == R.id.btn_hint) {
            analysis.hold(); // news comes: a new picture of the game, the hint
        } else if (id == R.id.menu_resign || id == R.id.menu_draw || id == R.id.menu_new_game) {
            analysis.pause(); // a dialog asks first
        }
        if (id == R.id.menu_analysis) {
            if (analysis.isOpen()) {
                analysis.close();
            } else {
                dialogs.helpThen("The analysis", new Runnable() {
                    @Override
                    public void run() {
                        analysis.open();
                    }
                });
            }
        } else if (id == R.id.menu_review && game != null) {
            final Snapshot reviewed = game;
            dialogs.helpThen("A review", new Runnable() {
                @Override
                public void run() {
                    review.open(reviewed);
                }
            });
        } else if (id == R.id.btn_first) {
            showPly(0);
        } else if (id == R.id.btn_back && shown != null) {
            showPly(shown.ply - 1);
        } else if (id == R.id.btn_forward && shown != null) {
            showPly(shown.ply + 1);
        } else if (id == R.id.btn_last && game != null) {
            showPly(game.plies);
        } else if (id == R.id.btn_undo) {
            dialogs.helpThen("Undo", new Runnable() {
                @Override
                public void run() {
                    hintToken = null;
                    controller.undo(); // a search under way is stopped first
                }
            });
        } else if (id == R.id.btn_hint && shown != null && shown.humanToMove()) {
            dialogs.helpThen("A hint", new Runnable() {
                @Override
                public void run() {
                    controller.hint();
                }
            });
        } else if (id == R.id.menu_evaluation) {
            dialogs.helpThen("The evaluation bar", new Runnable() {
                @Override
                public void run() {
                    render(); // the bar shows once the game is casual
                }
            });
        } else if (id == R.id.btn_flip) {
            turnsOverride = (board.turns() + 2) % 4;
            render();
        } else if (id == R.id.menu_new_game) {
            dialogs.confirmNewGame();
        } else if (id == R.id.menu_save) {
            dialogs.save();
        } else if (id == R.id.menu_share) {
            dialogs.share();
        } else if (id == R.id.menu_copy_game) {
            dialogs.copyGame();
        } else if (id == R.id.menu_copy_position && shown != null) {
            dialogs.copyPosition(shown);
        } else if (id == R.id.menu_resign) {
            dialogs.confirmResign();
        } else if (id == R.id.menu_draw) {
            dialogs.offerDraw();
        } else if (id == R.id.menu_how_to_play && controller.snapshot() != null) {
            startActivity(HowToPlayActivity.intent(this, controller.snapshot().game));
        } else if (id == R.id.menu_settings) {
            startActivity(new Intent(this, SettingsActivity.class));
        }
    }

    @Override
    public void onConfigurationChanged(Configuration c) {
        super.onConfigurationChanged(c);
        buildViews();
    }

    private void resume() {
        if (!controller.store().hasAutosave()) {
            panel.status("No game to continue: start a new one.");
            return;
        }
        RecordFiles.resume(this);
    }

    @Override
    protected void onStart() {
        super.onStart();
        applyLook();
        controller.addListener(this);
        if (controller.snapshot() != null) {
            onSnapshot(controller.snapshot());
        }
        ticks.post(clockTick);
        sounds.music(controller.settings().music());
    }

    @Override
    protected void onStop() {
        analysis.pause(); // no engine searches for a screen nobody sees; the next picture asks again
        controller.analyst().quitWhenIdle(); // nor waits for one: the next analysis starts it again
        ticks.removeCallbacks(clockTick);
        sounds.music(false);
        controller.removeListener(this);
        super.onStop();
    }

    @Override
    protected void onDestroy() {
        sounds.release();
        super.onDestroy();
    }

    @Override
    protected void onSaveInstanceState(Bundle out) {
        super.onSaveInstanceState(out);
        if (turnsOverride != null) {
            out.putInt(STATE_TURNS, turnsOverride);
        }
    }

    @Override
    protected void onActivityResult(int request, int result, Intent data) {
        super.onActivityResult(request, result, data);
        RecordFiles.onResult(this, request, result, data, new Runnable() {
            @Override
            public void run() {
                // A loaded game has arrived through onSnapshot; the player may want its start.
                if (controller.takeShowFromStart()) {
                    showPly(0);
                }
            }
        });
    }

    // GameController.Listener

    @Override
    public void onSnapshot(Snapshot s) {
        analysis.release();
        boolean moved = game != null && s.moves.size() != game.moves.size();
        boolean newGame = game == null || s.moves.size() < game.moves.size() || !s.setup.equals(game.setup);
        game = s;
        shown = s; // news of the game brings the screen back to it
        flagSent = false;
        input.reset(s.legal);
        if (moved || newGame) {
            hintToken = null;
        }
        if (newGame) {
            endShownAt = -1;
            review.close(); // the review was of the game before
        }
        if (moved) {
            sounds.play(Sounds.kindFor(s), controller.settings());
        }
        if (moved && !newGame) {
            if (!input.takeDropped()) { // the person's own drop is already there
                pendingAnimation = s.lastMove;
            }
        }
        if (moved && Seats.passAndPlay(s) && Features.coverBetweenTurns(s.game) && !s.state.over) {
            cover.show(s.setup.variant, s.state.toMove);
        } else if (s.state.over) {
            cover.lift();
        }
        render();
        if (controller.takeShowFromStart()) {
            showPly(0); // a loaded record the player chose to replay from its start
        }
        if (s.state.over && endShownAt != s.moves.size()) {
            endShownAt = s.moves.size();
            dialogs.showGameOver(s);
        }
    }

    @Override
    public void onThinking(boolean on) {
        if (!on) {
            analysis.release();
        }
        engineThinking = on;
        showThinking(on);
        render();
    }

    @Override
    public void onProblem(String title, String message) {
        analysis.release();
        new AlertDialog.Builder(this).setTitle(title).setMessage(RecordFiles.capitalize(message))
                .setPositiveButton(android.R.string.ok, null).show();
    }

    @Override
    public void onHint(String token, String facts) {
        analysis.release();
        hintToken = token;
        hintFacts = facts;
        render();
    }

    // GameDialogs.Host

    @Override
    public void startReview() {
        showPly(0);
        review.open(game);
    }

    /**
     * The game-over dialog's Analyse: the analysis of the game's last
     * position, or of the one before its last move when the rules ended the
     * game there (a mate has nothing left to analyse); the moves stay a
     * step away.
     */
    @Override
    public void startAnalysis() {
        if (game != null && game.endedByRules() && game.plies > 0) {
            showPly(game.plies - 1);
        }
        analysis.open();
    }

    @Override
    public void clearTurns() {
        turnsOverride = null;
    }

    @Override
    public Snapshot shown() {
        return shown;
    }

    @Override
    public MoveInput input() {
        return input.input();
    }

    @Override
    public void onTapResult(MoveInput.Result r) {
        input.onTapResult(r);
    }

    // BoardInput.Screen

    @Override
    public void playing() {
        hintToken = null;
        analysis.hold(); // the move goes to the engine with no search of the analysis running
    }

    @Override
    public boolean engineThinking() {
        return engineThinking;
    }

    @Override
    public BoardModel board() {
        return board.model();
    }

    @Override
    public void showThinking(boolean on) {
        panel.showThinking(on);
    }

    // Drawing

    /** The side whose person looks at the screen (Seats). */
    @Override
    public String humanSide() {
        return Seats.humanSide(shown);
    }

    /** The picture to draw, or null (after a message) when the engine's output cannot be read. */
    private BoardModel model(Snapshot s) {
        try {
            return BoardModel.parse(s.game, s.display, s.board);
        } catch (RuntimeException e) {
            if (!badOutputShown) {
                badOutputShown = true;
                onProblem("Engine problem", "the engine's position could not be read: " + s.display);
            }
            return null;
        }
    }

    @Override
    public List<String> ownCards() {
        BoardModel m = board.model();
        if (m == null || m.hands.size() < 2) {
            return Collections.emptyList();
        }
        return m.hands.get(Math.max(0, shown.game.sideIndex(humanSide())));
    }

    @Override
    public void render() {
        if (shown == null || board == null) {
            actions.update(GameActions.State.of(game, shown, engineThinking, stepping));
            return;
        }
        Snapshot s = shown;
        BoardModel m = model(s);
        if (m == null) {
            return;
        }
        board.setModel(m);
        board.setTurns(turnsOverride != null ? turnsOverride : Seats.defaultTurns(shown));
        // Legal next squares once a piece or card is chosen (not every movable piece at rest).
        MoveInput in = input.input();
        boolean choosing = s.humanToMove() && !engineThinking && !in.prefix().isEmpty();
        board.setMarks(new java.util.LinkedHashSet<String>(GameTexts.squaresOf(s.lastMove)), in.selectedSquares(),
                choosing ? in.targets() : Collections.<String>emptySet(),
                s.state.check ? GameTexts.kingSquare(m, s.state.toMove) : null);
        board.setArrow(new ArrayList<String>(GameTexts.squaresOf(hintToken)));
        if (pendingAnimation != null && !s.isPast()) {
            List<String> path = MoveToken.parse(pendingAnimation).fromTo();
            if (!path.isEmpty()) {
                board.animateMove(path.get(0), path.get(1));
            }
            pendingAnimation = null;
        }
        bars.show(s, m, humanSide());
        showClocks();
        panel.setModes(review.review(), analysis.isOpen() || review.isOpen());
        // A rated game keeps the engine's evaluation to itself: showing it is a help (Show the evaluation).
        panel.show(game, s, m, humanSide(), engineThinking, in, chosenCard(), hintToken, hintFacts, cover.up(),
                game.setup.isRated() ? null : controller.evaluation(), board.turns() != 2);
        review.show(s);
        // After the hint's arrow: the analysis draws its own. Under the pass-and-play cover nothing is searched:
        // the lines would be for the hand of the player who is not looking yet.
        analysis.show(game, s, engineThinking, stepping || cover.up());
        actions.update(GameActions.State.of(game, shown, engineThinking, stepping));
    }

    /** The clocks in the players' bars; a fallen flag is reported to the controller once. */
    private void showClocks() {
        if (shown == null || bars == null) {
            return;
        }
        String flagged = bars.showClocks(shown, controller.clock(), controller.clockNow(), humanSide());
        if (flagged != null && !flagSent && !shown.state.over) {
            flagSent = true;
            controller.flag();
        }
    }

    // The move list and stepping through the game

    /** Shows the game after its first ply moves: the game itself at its end, else a past position. */
    void showPly(int ply) {
        if (game == null || stepping || ply < 0 || ply > game.plies) {
            return;
        }
        if (ply == game.plies) {
            shown = game;
            input.reset(game.legal);
            render();
            return;
        }
        stepping = true;
        analysis.pause(); // the position changes: the search stops first, the new one is analysed next
        render();
        controller.positionAt(ply, new GameController.Callback<Snapshot>() {
            @Override
            public void done(Snapshot past, String problem) {
                stepping = false;
                if (problem != null) {
                    onProblem("Move list", problem);
                    render();
                    return;
                }
                if (past != null && game != null && past.plies == game.plies) {
                    shown = past;
                    input.reset(past.legal);
                    hintToken = null;
                }
                render();
            }
        });
    }

    @Override
    public String chosenCard() {
        return input.chosenCard();
    }

    // What tests read

    /** What the screen shows: the game, or a past position of it. */
    Snapshot shownForTest() {
        return shown;
    }

    /** The hint's token on the board (the arrow), or null. */
    String hintForTest() {
        return hintToken;
    }

    /** The toolbar's and menu's state. */
    GameActions.State actionsForTest() {
        return actions.state();
    }

    /** The sounds asked for so far. */
    List<Sounds.Kind> soundsPlayed() {
        return sounds.played();
    }

    boolean musicOn() {
        return sounds.musicOn();
    }

    /** The last confirmation or answer dialog. */
    AlertDialog answerDialog() {
        return dialogs.answerDialog();
    }

    /** The card-help or discard-pile dialog last shown. */
    AlertDialog helpDialog() {
        return dialogs.helpDialog();
    }

    /** The game-over dialog, if one was shown. */
    AlertDialog endDialog() {
        return dialogs.endDialog();
    }

    AnalysisPanel analysisForTest() {
        return analysis;
    }

    ReviewPanel reviewForTest() {
        return review;
    }
}
