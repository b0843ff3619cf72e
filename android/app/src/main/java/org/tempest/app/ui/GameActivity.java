package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.content.res.Configuration;
import android.os.Bundle;
import android.os.Handler;
import android.os.Looper;
import android.view.Menu;
import android.view.MenuItem;
import android.view.View;
import android.widget.Button;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.Clock;
import org.tempest.app.game.Features;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.MoveInput;
import org.tempest.app.game.Snapshot;

/**
 * The game screen. It draws what the engine reports and turns taps into the
 * engine's legal tokens; it knows no rules of its own.
 */
public final class GameActivity extends Activity implements GameController.Listener {
    static final String EXTRA_RESUME = "resume";
    private static final String STATE_TURNS = "turns";

    private GameController controller;
    private BoardView board;
    private CardHandView ownHand;
    private CardHandView opponentHand;
    private TextView status;
    private TextView lastMoveText;
    private TextView pileInfo;
    private View thinking;
    private Button special;
    /** The game as the controller last reported it. */
    private Snapshot game;
    /** What the screen shows: the game, or an earlier position of it while stepping through the moves. */
    private Snapshot shown;
    private TextView moveList;
    private TextView captured;
    /** A step through the moves is on its way (further taps wait for it). */
    private boolean stepping;
    /** Card chess pass and play: the screen that hides the hands between turns, and for whom it waits. */
    private TextView cover;
    /** The token of a move to animate once the board shows it, or null. */
    private String pendingAnimation;
    private String coveredFor;
    /** The person's last move was dropped by a drag: it is already where it goes, no animation. */
    private boolean dropped;
    private MoveInput input = new MoveInput(Collections.<String>emptyList());
    /** Quarter turns the player chose with Flip, or null for the person's own side at the bottom. */
    private Integer turnsOverride;
    private boolean engineThinking;
    private String hintToken;
    private int endShownAt = -1;
    private boolean badOutputShown;
    private AlertDialog endDialog;
    private AlertDialog helpDialog;
    private AlertDialog answerDialog;
    private View clockRow;
    private TextView clockOwn;
    private TextView clockOpponent;
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
    private static final long CLOCK_TICK_MS = 100;
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
        buildViews();
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
        ownHand = findViewById(R.id.own_hand);
        opponentHand = findViewById(R.id.opponent_hand);
        status = findViewById(R.id.status);
        lastMoveText = findViewById(R.id.last_move);
        pileInfo = findViewById(R.id.pile_info);
        thinking = findViewById(R.id.thinking);
        special = findViewById(R.id.btn_special);
        clockRow = findViewById(R.id.clock_row);
        moveList = findViewById(R.id.move_list);
        moveList.setMovementMethod(android.text.method.LinkMovementMethod.getInstance());
        captured = findViewById(R.id.captured);
        findViewById(R.id.btn_first).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                showPly(0);
            }
        });
        findViewById(R.id.btn_back).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                if (shown != null) {
                    showPly(shown.ply - 1);
                }
            }
        });
        findViewById(R.id.btn_forward).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                if (shown != null) {
                    showPly(shown.ply + 1);
                }
            }
        });
        findViewById(R.id.btn_last).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                if (game != null) {
                    showPly(game.plies);
                }
            }
        });
        clockOwn = findViewById(R.id.clock_own);
        clockOpponent = findViewById(R.id.clock_opponent);
        findViewById(R.id.btn_new_game).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                confirmNewGame();
            }
        });
        findViewById(R.id.btn_resign).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                confirmResign();
            }
        });
        findViewById(R.id.btn_draw).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                offerDraw();
            }
        });
        board.setColors(controller.settings().lightSquare(), controller.settings().darkSquare());
        board.setWood(controller.settings().woodBoard());
        board.setPieceSet(controller.settings().pieceSet());
        if (controller.settings().background() == 1) {
            android.util.TypedValue bg = new android.util.TypedValue();
            getTheme().resolveAttribute(android.R.attr.colorBackground, bg, true);
            findViewById(R.id.game_root).setBackground(BoardTextures.background(getResources(), bg.data));
        }
        board.setListener(new BoardView.SquareListener() {
            @Override
            public void onSquare(String square) {
                onTapResult(input.tapSquare(square));
            }
        });
        ownHand.setListener(new CardHandView.CardListener() {
            @Override
            public void onCard(String code) {
                MoveInput.Result r = input.tapCard(code);
                if (r == MoveInput.Result.IGNORED) {
                    showCardHelp(code, true); // not playable now: say what it does and why not
                } else {
                    onTapResult(r);
                }
            }

            @Override
            public void onCardHelp(String code) {
                showCardHelp(code, true);
            }
        });
        opponentHand.setListener(new CardHandView.CardListener() {
            @Override
            public void onCard(String code) {
                onCardHelp(code);
            }

            @Override
            public void onCardHelp(String code) {
                BoardModel m = board.model();
                int n = m == null || m.hands.size() < 2 ? 0 : m.hands.get(humanSide().equals("w") ? 1 : 0).size();
                helpDialog = new AlertDialog.Builder(GameActivity.this).setTitle("The opponent's hand")
                        .setMessage(n + " cards, face down: you see one of them only when it is played.")
                        .setPositiveButton(android.R.string.ok, null).show();
            }
        });
        pileInfo.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                showDiscardPile();
            }
        });
        board.setDragPieces(true);
        board.setDragListener(new BoardView.DragListener() {
            @Override
            public void onDrag(String from, String to) {
                onDragMove(from, to);
            }
        });
        board.setLongPressListener(new BoardView.LongPressListener() {
            @Override
            public void onLongPress(String square) {
                explainSquare(square);
            }
        });
        findViewById(R.id.btn_undo).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                hintToken = null;
                controller.undo();
            }
        });
        findViewById(R.id.btn_flip).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                turnsOverride = (board.turns() + 2) % 4;
                render();
            }
        });
        findViewById(R.id.btn_hint).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                if (shown != null && shown.humanToMove()) {
                    controller.hint();
                }
            }
        });
        findViewById(R.id.btn_save).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                RecordFiles.chooseAndSave(GameActivity.this);
            }
        });
        special.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                onTapResult(input.tapToken((String) special.getTag()));
            }
        });
        thinking.setVisibility(engineThinking ? View.VISIBLE : View.INVISIBLE);
        cover = null; // the old views are gone; a pass-and-play cover is put up again
        if (coveredFor != null && shown != null) {
            coverFor(coveredFor);
        }
        render();
    }

    @Override
    public boolean onCreateOptionsMenu(Menu menu) {
        menu.add(Menu.NONE, R.id.menu_how_to_play, Menu.NONE, R.string.how_to_play)
                .setShowAsAction(MenuItem.SHOW_AS_ACTION_IF_ROOM | MenuItem.SHOW_AS_ACTION_WITH_TEXT);
        return super.onCreateOptionsMenu(menu);
    }

    /** "How to play" opens the rules of the game on the screen. */
    @Override
    public boolean onOptionsItemSelected(MenuItem item) {
        if (item.getItemId() == R.id.menu_how_to_play) {
            Snapshot s = controller.snapshot();
            if (s != null) {
                startActivity(HowToPlayActivity.intent(this, s.game));
            }
            return true;
        }
        return super.onOptionsItemSelected(item);
    }

    @Override
    public void onConfigurationChanged(Configuration c) {
        super.onConfigurationChanged(c);
        buildViews();
    }

    private void resume() {
        if (!controller.store().hasAutosave()) {
            status.setText("No game to continue: start a new one.");
            return;
        }
        controller.resume(new GameController.Callback<Boolean>() {
            @Override
            public void done(Boolean ok, String problem) {
                if (problem != null) {
                    RecordFiles.problem(GameActivity.this, "The saved game cannot be continued", problem);
                }
            }
        });
    }

    @Override
    protected void onStart() {
        super.onStart();
        controller.addListener(this);
        if (controller.snapshot() != null) {
            onSnapshot(controller.snapshot());
        }
        ticks.post(clockTick);
        sounds.music(controller.settings().music());
    }

    @Override
    protected void onStop() {
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
        if (result != RESULT_OK || data == null || data.getData() == null) {
            return;
        }
        if (request == RecordFiles.REQUEST_CREATE) {
            RecordFiles.saveDocument(this, data.getData());
        } else if (request == RecordFiles.REQUEST_OPEN) {
            RecordFiles.loadDocument(this, data.getData(), new Runnable() {
                @Override
                public void run() {
                    // The new game has arrived through onSnapshot; the player may want its start.
                    if (controller.takeShowFromStart()) {
                        showPly(0);
                    }
                }
            });
        }
    }

    // GameController.Listener

    @Override
    public void onSnapshot(Snapshot s) {
        boolean moved = game != null && s.moves.size() != game.moves.size();
        boolean newGame = game == null || s.moves.size() < game.moves.size() || !s.setup.equals(game.setup);
        game = s;
        shown = s; // news of the game brings the screen back to it
        flagSent = false;
        input = new MoveInput(s.legal);
        if (moved || newGame) {
            hintToken = null;
        }
        if (newGame) {
            endShownAt = -1;
        }
        if (moved) {
            sounds.play(Sounds.kindFor(s), controller.settings());
        }
        if (moved && !newGame) {
            if (dropped) {
                dropped = false; // the person's own drop: the piece is already there
            } else {
                pendingAnimation = s.lastMove;
            }
        }
        if (moved && passAndPlay(s) && Features.coverBetweenTurns(s.game) && !s.state.over) {
            coverFor(s.state.toMove);
        } else if (s.state.over && cover != null) {
            coveredFor = null;
            cover.setVisibility(View.GONE);
        }
        render();
        if (controller.takeShowFromStart()) {
            showPly(0); // a loaded record the player chose to replay from its start
        }
        if (s.state.over && endShownAt != s.moves.size()) {
            endShownAt = s.moves.size();
            showGameOver(s);
        }
    }

    @Override
    public void onThinking(boolean on) {
        engineThinking = on;
        thinking.setVisibility(on ? View.VISIBLE : View.INVISIBLE);
        render();
    }

    @Override
    public void onProblem(String title, String message) {
        new AlertDialog.Builder(this).setTitle(title).setMessage(RecordFiles.capitalize(message))
                .setPositiveButton(android.R.string.ok, null).show();
    }

    @Override
    public void onHint(String token) {
        hintToken = token;
        render();
    }

    // Input

    /**
     * A piece dragged from one square to another: the same as touching the
     * two squares, starting afresh unless a card was chosen first (then the
     * drag gives the card's squares).
     */
    private void onDragMove(String from, String to) {
        if (shown == null || !shown.humanToMove() || engineThinking) {
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

    private void onTapResult(MoveInput.Result r) {
        switch (r) {
            case COMPLETE:
                String token = input.complete();
                input = new MoveInput(Collections.<String>emptyList());
                hintToken = null;
                controller.play(token);
                break;
            case CHOOSE:
                choose(input.choices());
                break;
            default:
                if (input.prefix().endsWith("+")) {
                    chooseAfterPrefix();
                }
                break;
        }
        render();
    }

    /** A promotion (or card-chess promotion) piece. */
    private void choose(final List<String> tokens) {
        String[] names = new String[tokens.size()];
        for (int i = 0; i < tokens.size(); i++) {
            names[i] = pieceName(tokens.get(i).charAt(tokens.get(i).length() - 1));
        }
        new AlertDialog.Builder(this).setTitle("Promote to")
                .setItems(names, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        onTapResult(input.choose(tokens.get(which)));
                    }
                })
                .setOnCancelListener(new DialogInterface.OnCancelListener() {
                    @Override
                    public void onCancel(DialogInterface d) {
                        input.clear();
                        render();
                    }
                })
                .show();
    }

    /**
     * After a card that lets another card follow (Vulture takes the
     * opponent's last card): choose which card, or a plain move.
     */
    private void chooseAfterPrefix() {
        final List<String> cards = new ArrayList<String>(input.playableCards());
        cards.removeAll(shown == null ? Collections.<String>emptyList() : ownCards());
        if (cards.isEmpty()) {
            return;
        }
        String[] names = new String[cards.size()];
        for (int i = 0; i < cards.size(); i++) {
            names[i] = "Play " + Cards.name(cards.get(i));
        }
        new AlertDialog.Builder(this).setTitle("Then")
                .setItems(names, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        onTapResult(input.tapCard(cards.get(which)));
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

    // Drawing

    /**
     * The side whose person looks at the screen: the one person against the
     * engine, or in pass and play the side to move (the board turns to it,
     * its hand is shown).
     */
    private String humanSide() {
        if (passAndPlay(shown) && shown.setup.isHuman(shown.state.toMove)) {
            return shown.state.toMove;
        }
        return shown.setup.firstHuman(shown.game);
    }

    /** A game for two people at the phone with people on both sides. */
    private static boolean passAndPlay(Snapshot s) {
        return Features.passAndPlay(s.game) && s.everySideHuman();
    }

    /**
     * Pass and play in a game with hidden hands: after each move a screen
     * covers the game until the next player touches it, so neither sees the
     * other's hand.
     */
    private void coverFor(String side) {
        if (cover == null) {
            cover = new TextView(this);
            cover.setId(R.id.pass_cover);
            cover.setBackgroundColor(0xFF2B3A55);
            cover.setTextColor(0xFFFFFFFF);
            cover.setTextSize(22);
            cover.setGravity(android.view.Gravity.CENTER);
            cover.setPadding(48, 48, 48, 48);
            cover.setOnClickListener(new View.OnClickListener() {
                @Override
                public void onClick(View v) {
                    coveredFor = null;
                    cover.setVisibility(View.GONE);
                    render();
                }
            });
            addContentView(cover, new android.view.ViewGroup.LayoutParams(android.view.ViewGroup.LayoutParams.MATCH_PARENT,
                    android.view.ViewGroup.LayoutParams.MATCH_PARENT));
        }
        coveredFor = side;
        cover.setText("Pass the phone to " + Players.name(shown.setup.variant, side)
                + ".\n\nTouch the screen when only " + Players.name(shown.setup.variant, side) + " is looking.");
        cover.setVisibility(View.VISIBLE);
        cover.bringToFront();
    }

    /**
     * The board turned so the person's side is at the bottom, the players
     * sitting round it in their turn order: of two, the second sees it turned
     * round; of four (Chameleon Chess) the second sits at the a-file, the
     * third opposite the first and the fourth at the last file.
     */
    private int defaultTurns() {
        int seat = Math.max(0, shown.game.sideIndex(humanSide()));
        return seat * 4 / shown.game.sides.size() % 4;
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

    private List<String> ownCards() {
        BoardModel m = board.model();
        if (m == null || m.hands.size() < 2) {
            return Collections.emptyList();
        }
        return m.hands.get(Math.max(0, shown.game.sideIndex(humanSide())));
    }

    private void render() {
        if (shown == null || board == null) {
            return;
        }
        Snapshot s = shown;
        BoardModel m = model(s);
        if (m == null) {
            return;
        }
        board.setModel(m);
        board.setTurns(turnsOverride != null ? turnsOverride : defaultTurns());
        findViewById(R.id.btn_undo).setVisibility(Features.undo(s.game) ? View.VISIBLE : View.GONE);
        boolean yourTurn = s.humanToMove() && !engineThinking;
        findViewById(R.id.btn_resign).setVisibility(Features.resign(s.game) ? View.VISIBLE : View.GONE);
        findViewById(R.id.btn_resign).setEnabled(yourTurn);
        findViewById(R.id.btn_draw).setVisibility(Features.drawOffers(s.game) ? View.VISIBLE : View.GONE);
        findViewById(R.id.btn_draw).setEnabled(yourTurn);
        showClocks();
        Set<String> last = squaresOf(s.lastMove);
        // Legal next squares once a piece or card is chosen (not every movable piece at rest).
        Set<String> targets = s.humanToMove() && !engineThinking && !input.prefix().isEmpty() ? input.targets()
                : Collections.<String>emptySet();
        board.setMarks(last, input.selectedSquares(), targets, s.state.check ? kingSquare(m, s.state.toMove) : null);
        board.setArrow(new ArrayList<String>(squaresOf(hintToken)));
        if (pendingAnimation != null && !s.isPast()) {
            List<String> path = new ArrayList<String>(squaresOf(pendingAnimation));
            if (path.size() >= 2) {
                board.animateMove(path.get(0), path.get(path.size() - 1));
            }
            pendingAnimation = null;
        }

        boolean cards = s.game.cards && m.hands.size() == 2;
        ownHand.setVisibility(cards ? View.VISIBLE : View.GONE);
        opponentHand.setVisibility(cards ? View.VISIBLE : View.GONE);
        String info = GameUi.of(s.game.name).info(s.setup, m);
        pileInfo.setVisibility(cards || info != null ? View.VISIBLE : View.GONE);
        if (info != null) {
            pileInfo.setText(info);
        }
        if (cards) {
            int own = Math.max(0, s.game.sideIndex(humanSide()));
            ownHand.setCards(m.hands.get(own), coveredFor != null);
            ownHand.setPlayable(s.humanToMove() ? input.playableCards() : Collections.<String>emptySet(),
                    chosenCard());
            opponentHand.setCards(m.hands.get(1 - own), true);
            String top = m.discard.isEmpty() ? "empty" : m.discard.size() + " (" + Cards.name(m.discard.get(m.discard.size() - 1))
                    + " on top)";
            pileInfo.setText("Draw pile: " + m.drawPile + " cards · Discard pile: " + top
                    + (m.forbidden.isEmpty() ? "" : " · Forbidden: " + join(m.forbidden))
                    + (m.champions.isEmpty() ? "" : " · Champions: " + join(m.champions)));
        }
        showMoveList();
        showCaptured(m);
        EvalBarView bar = findViewById(R.id.eval_bar);
        org.tempest.app.game.Evaluation e = controller.evaluation();
        bar.setVisibility(Features.evaluation(s.game) && e != null && !s.isPast() ? View.VISIBLE : View.GONE);
        bar.set(e, board.turns() != 2);
        status.setText(s.isPast() ? (s.ply == 0 ? "The start of the game" : "After move " + s.ply + " of " + s.plies)
                + ": ▶| returns to the game" : statusText(s));
        status.setTextColor(s.state.check && !s.state.over ? getResources().getColor(R.color.check, null)
                : Themes.textColor(this));
        String card = chosenCard();
        lastMoveText.setText(!card.isEmpty() ? Cards.name(card) + ": " + Cards.summary(card)
                + " Touch the marked squares; hold a card to read its rule."
                : hintToken != null ? "Hint: " + hintToken + " (the arrow)"
                : s.lastMove.isEmpty() ? "" : "Last move: " + lastMoveText(s));
        String extra = null;
        for (String t : new String[] {"stalemate", "0000"}) {
            if (s.humanToMove() && s.legal.contains(t)) {
                extra = t;
            }
        }
        special.setVisibility(extra == null ? View.GONE : View.VISIBLE);
        special.setTag(extra);
        special.setText(extra != null && extra.equals("0000") ? R.string.pass : R.string.claim_stalemate);
    }

    // The move list and stepping through the game

    /** Shows the game after its first ply moves: the game itself at its end, else a past position. */
    void showPly(int ply) {
        if (game == null || stepping || ply < 0 || ply > game.plies) {
            return;
        }
        if (ply == game.plies) {
            shown = game;
            input = new MoveInput(game.legal);
            render();
            return;
        }
        stepping = true;
        controller.positionAt(ply, new GameController.Callback<Snapshot>() {
            @Override
            public void done(Snapshot past, String problem) {
                stepping = false;
                if (problem != null) {
                    onProblem("Move list", problem);
                    return;
                }
                if (past != null && game != null && past.plies == game.plies) {
                    shown = past;
                    input = new MoveInput(past.legal);
                    hintToken = null;
                    render();
                }
            }
        });
    }

    /**
     * The moves of the game, numbered, each a link to its position; the
     * position shown is marked. A card an engine player drew is never named.
     */
    private void showMoveList() {
        if (game == null || moveList == null) {
            return;
        }
        String variant = game.setup.variant;
        final int moveColor = Themes.textColor(this);
        boolean pairs = Features.movePairs(game.game);
        android.text.SpannableStringBuilder b = new android.text.SpannableStringBuilder();
        boolean blackFirst = pairs && startsWithBlack(game);
        for (int i = 0; i < game.moves.size(); i++) {
            int number = blackFirst ? (i + 1) / 2 + 1 : i / 2 + 1;
            boolean whiteMove = blackFirst ? i % 2 == 1 : i % 2 == 0;
            if (pairs && (whiteMove || i == 0)) {
                b.append(b.length() == 0 ? "" : "  ").append(Integer.toString(number)).append(whiteMove ? ". " : "... ");
            } else if (!pairs) {
                b.append(b.length() == 0 ? "" : "  ").append(Integer.toString(i + 1)).append(". ");
            } else {
                b.append(' ');
            }
            String facts = i < game.moveFacts.size() ? game.moveFacts.get(i) : "";
            String text = MoveText.of(variant, game.moves.get(i), facts);
            int start = b.length();
            b.append(text);
            final int ply = i + 1;
            b.setSpan(new android.text.style.ClickableSpan() {
                @Override
                public void onClick(View widget) {
                    showPly(ply);
                }

                @Override
                public void updateDrawState(android.text.TextPaint ds) {
                    ds.setColor(moveColor);
                }
            }, start, b.length(), android.text.Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            if (ply == shown.ply) {
                b.setSpan(new android.text.style.BackgroundColorSpan(0x80FFC107), start, b.length(),
                        android.text.Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            }
        }
        moveList.setText(b.length() == 0 ? "No moves yet." : b);
        final View scroll = findViewById(R.id.move_scroll);
        if (!shown.isPast() && scroll != null) {
            scroll.post(new Runnable() {
                @Override
                public void run() {
                    ((android.widget.ScrollView) scroll).fullScroll(View.FOCUS_DOWN);
                }
            });
        }
        findViewById(R.id.btn_first).setEnabled(shown.ply > 0);
        findViewById(R.id.btn_back).setEnabled(shown.ply > 0);
        findViewById(R.id.btn_forward).setEnabled(shown.isPast());
        findViewById(R.id.btn_last).setEnabled(shown.isPast());
    }

    /** Whether the game's first move is Black's (a position set up with Black to move). */
    private static boolean startsWithBlack(Snapshot s) {
        String[] f = s.state.position.split(" ");
        // The side to move now, and how many moves were made since the start, give the first mover.
        boolean blackNow = f.length > 1 && f[1].equals("b");
        return blackNow != (s.moves.size() % 2 == 1);
    }

    /**
     * A game whose presentation counts its army (chess and card chess): each
     * side's pieces no longer on the board, counted from the pieces left
     * against a full set (a promoted pawn counts as gone, its new piece as
     * none missing).
     */
    private void showCaptured(BoardModel m) {
        String army = GameUi.of(shown.game.name).army;
        captured.setVisibility(army.isEmpty() ? View.GONE : View.VISIBLE);
        if (army.isEmpty()) {
            return;
        }
        String order = "qrbnp";
        int[] start = new int[order.length()];
        for (char p : army.toCharArray()) {
            start[order.indexOf(p)]++;
        }
        StringBuilder byWhite = new StringBuilder();
        StringBuilder byBlack = new StringBuilder();
        for (int k = 0; k < order.length(); k++) {
            char black = order.charAt(k);
            char white = Character.toUpperCase(black);
            int blackLeft = 0;
            int whiteLeft = 0;
            for (int r = 0; r < m.ranks; r++) {
                for (int f = 0; f < m.files; f++) {
                    char p = m.piece(f, r);
                    blackLeft += p == black ? 1 : 0;
                    whiteLeft += p == white ? 1 : 0;
                }
            }
            for (int i = blackLeft; i < start[k]; i++) {
                byWhite.append(PIECE_SYMBOLS.charAt(6 + k));
            }
            for (int i = whiteLeft; i < start[k]; i++) {
                byBlack.append(PIECE_SYMBOLS.charAt(k));
            }
        }
        captured.setText("Off the board: White " + (byBlack.length() == 0 ? "—" : byBlack) + " · Black "
                + (byWhite.length() == 0 ? "—" : byWhite));
    }

    /** White's queen, rook, bishop, knight, pawn, one unused, then Black's. */
    private static final String PIECE_SYMBOLS = "♕♖♗♘♙ ♛♜♝♞♟";

    // Clock, resignation, draw offers, new game

    /** The clocks under the board: the person's side first, the running one highlighted; a fallen flag is reported. */
    private void showClocks() {
        Clock c = controller.clock();
        boolean on = c != null && shown != null && shown.setup.hasClock(shown.game) && clockRow != null;
        if (clockRow != null) {
            clockRow.setVisibility(on ? View.VISIBLE : View.GONE);
        }
        if (!on) {
            return;
        }
        long now = controller.clockNow();
        String own = shown.game.sides.get(Math.max(0, shown.game.sideIndex(humanSide())));
        String other = shown.game.otherSide(own);
        showClock(clockOwn, c, own, now);
        showClock(clockOpponent, c, other, now);
        String flagged = c.flagged(now);
        if (flagged != null && !flagSent && !shown.state.over) {
            flagSent = true;
            controller.flag();
        }
    }

    private void showClock(TextView view, Clock c, String side, long now) {
        long left = c.remaining(side, now);
        view.setText(Players.name(shown.setup.variant, side) + " " + Clock.format(left));
        boolean running = side.equals(c.running());
        view.setBackgroundColor(running ? (left < 10000 ? 0xFFC62828 : 0xFF2B3A55) : 0x00000000);
        view.setTextColor(running ? 0xFFFFFFFF : Themes.textColor(this));
    }

    private void confirmNewGame() {
        if (shown == null || shown.state.over || shown.moves.isEmpty()) {
            openNewGame();
            return;
        }
        answerDialog = new AlertDialog.Builder(this).setTitle("Start a new game?")
                .setMessage("This game stays in the autosave only until the new one starts. Save it first if you "
                        + "want to keep it.")
                .setPositiveButton(R.string.new_game, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        openNewGame();
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    private void openNewGame() {
        startActivity(new Intent(this, NewGameActivity.class));
        finish();
    }

    private void confirmResign() {
        if (shown == null || !shown.humanToMove()) {
            return;
        }
        answerDialog = new AlertDialog.Builder(this).setTitle("Resign?")
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
    private void offerDraw() {
        if (shown == null || !shown.humanToMove()) {
            return;
        }
        final String offerer = shown.state.toMove;
        String other = shown.game.otherSide(offerer);
        if (shown.setup.isHuman(other)) {
            answerDialog = new AlertDialog.Builder(this).setTitle("Draw offered")
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
        thinking.setVisibility(View.VISIBLE);
        controller.offerDraw(false, drawAnswer(true));
    }

    private GameController.Callback<Boolean> drawAnswer(final boolean engine) {
        return new GameController.Callback<Boolean>() {
            @Override
            public void done(Boolean accepted, String problem) {
                thinking.setVisibility(engineThinking ? View.VISIBLE : View.INVISIBLE);
                if (problem != null) {
                    onProblem("Draw offer", problem);
                } else if (engine && !accepted) {
                    answerDialog = new AlertDialog.Builder(GameActivity.this).setTitle("Draw declined")
                            .setMessage("Tempest declines the draw and plays on.")
                            .setPositiveButton(android.R.string.ok, null).show();
                }
            }
        };
    }

    /** What the screen shows: the game, or a past position of it (tests read it). */
    Snapshot shownForTest() {
        return shown;
    }

    /** The sounds asked for so far (tests read them). */
    List<Sounds.Kind> soundsPlayed() {
        return sounds.played();
    }

    boolean musicOn() {
        return sounds.musicOn();
    }

    /** The last confirmation or answer dialog (tests read it). */
    AlertDialog answerDialog() {
        return answerDialog;
    }

    // Card help

    /**
     * A card's rule in a dialog; for a card in the person's hand also what it
     * can do now (from the engine's legal tokens), with "Play it" to choose it
     * so its squares are marked on the board.
     */
    private void showCardHelp(final String code, boolean inHand) {
        if (shown == null) {
            return;
        }
        StringBuilder msg = new StringBuilder(Cards.help(code));
        boolean canPlay = false;
        if (inHand) {
            int uses = Cards.uses(code, shown.legal);
            if (shown.state.over) {
                msg.append("\n\nNow: the game is over.");
            } else if (!shown.humanToMove() || engineThinking) {
                msg.append("\n\nNow: wait for your turn.");
            } else if (uses == 0) {
                msg.append("\n\nNow: it has no legal use in this position.");
            } else {
                canPlay = input.playableCards().contains(code);
                msg.append("\n\nNow: ").append(uses).append(uses == 1 ? " way" : " ways")
                        .append(" to play it. Touch the card, then the marked squares.");
            }
        }
        AlertDialog.Builder b = new AlertDialog.Builder(this).setTitle(Cards.name(code) + " (" + code + ")")
                .setMessage(msg.toString()).setPositiveButton(android.R.string.ok, null);
        if (canPlay && !code.equals(chosenCard())) {
            b.setNeutralButton("Play it", new DialogInterface.OnClickListener() {
                @Override
                public void onClick(DialogInterface d, int which) {
                    onTapResult(input.tapCard(code));
                }
            });
        }
        helpDialog = b.show();
    }

    /** The discard pile, top card first; touching one shows its rule. */
    private void showDiscardPile() {
        BoardModel m = board.model();
        if (m == null || !shown.game.cards || m.hands.size() != 2) {
            return;
        }
        if (m.discard.isEmpty()) {
            helpDialog = new AlertDialog.Builder(this).setTitle("Discard pile").setMessage("No card has been played yet.")
                    .setPositiveButton(android.R.string.ok, null).show();
            return;
        }
        final List<String> pile = new ArrayList<String>(m.discard);
        Collections.reverse(pile);
        String[] items = new String[pile.size()];
        for (int i = 0; i < pile.size(); i++) {
            items[i] = Cards.name(pile.get(i)) + " — " + Cards.summary(pile.get(i));
        }
        helpDialog = new AlertDialog.Builder(this).setTitle("Discard pile, top first")
                .setItems(items, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        showCardHelp(pile.get(which), false);
                    }
                })
                .setPositiveButton(android.R.string.ok, null).show();
    }

    /** A long press on the board: the card behind a mark there (forbidden square, Champion, shield). */
    private void explainSquare(String square) {
        BoardModel m = board.model();
        if (m == null || shown == null || !shown.game.cards) {
            return;
        }
        String code = m.forbidden.contains(square) ? "FC" : m.champions.contains(square) ? "CH"
                : m.shields.contains(square) ? "MS" : null;
        if (code != null) {
            showCardHelp(code, false);
        }
    }

    /** The card-help or discard-pile dialog last shown (tests read it). */
    AlertDialog helpDialog() {
        return helpDialog;
    }

    private String chosenCard() {
        String p = input.prefix();
        if (p.length() >= 3 && (p.charAt(2) == ':' || p.charAt(2) == '+')) {
            return p.substring(0, 2);
        }
        return "";
    }

    private String statusText(Snapshot s) {
        if (s.state.over) {
            return "Game over: " + resultText(s);
        }
        boolean several = Features.namesSideToMove(s.game);
        if (engineThinking || !s.humanToMove()) {
            return several ? Players.name(s.setup.variant, s.state.toMove) + ": Tempest is thinking…"
                    : "Tempest is thinking…";
        }
        String who = s.setup.humanPlayers.length() > 1 ? Players.name(s.setup.variant, s.state.toMove) + " to move"
                : several ? "Your move (" + Players.name(s.setup.variant, s.state.toMove) + ")" : "Your move";
        return s.state.check ? "Check! " + who : who;
    }

    /** "Checkmate: White wins", "Draw by threefold repetition", ... */
    static String resultText(Snapshot s) {
        String text = Players.result(s);
        // The players eliminated, from a game's own "board" lines (Chameleon Chess).
        BoardModel m = s.board.isEmpty() ? null : BoardModel.parse(s.game, s.display, s.board);
        if (m != null && !m.eliminated.isEmpty()) {
            text += ". " + Players.eliminated(s.setup, m);
        }
        return text;
    }

    private void showGameOver(Snapshot s) {
        char o = s.humanOutcome();
        String title = o == 'w' ? "You won" : o == 'l' ? "You lost" : o == 'd' ? "Draw" : "Game over";
        endDialog = new AlertDialog.Builder(this).setTitle(title).setMessage(resultText(s))
                .setPositiveButton(R.string.new_game, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        startActivity(new Intent(GameActivity.this, NewGameActivity.class));
                        finish();
                    }
                })
                .setNegativeButton(android.R.string.ok, null)
                .show();
    }

    /** The game-over dialog, if one is showing (tests read it). */
    AlertDialog endDialog() {
        return endDialog;
    }

    /**
     * The last move's facts that the person may see: the card the engine
     * drew stays hidden, as the opponent's hand is; in pass and play every
     * drawn card does, since the next player reads the screen.
     */
    /** Facts without the cards drawn. */
    private static String withoutDraws(String facts) {
        StringBuilder b = new StringBuilder();
        for (String fact : facts.split("; ")) {
            if (!fact.isEmpty() && !fact.startsWith("drew ")) {
                b.append(b.length() == 0 ? "" : "; ").append(fact);
            }
        }
        return b.toString();
    }

    private static String visibleFacts(Snapshot s) {
        if (!s.game.cards || s.lastFacts.isEmpty()) {
            return s.lastFacts;
        }
        String mover = s.game.otherSide(s.state.toMove);
        boolean seenByMoverOnly = mover != null && s.setup.isHuman(mover) && !s.everySideHuman();
        if (seenByMoverOnly) {
            return s.lastFacts;
        }
        return withoutDraws(s.lastFacts);
    }

    /**
     * The facts to show for the last move. After a load the engine reported
     * none; a battle of hidden pieces (Stratego) still names them in the
     * token's announcement (c7c8:Mw).
     */
    private static String lastFacts(Snapshot s) {
        String facts = visibleFacts(s);
        if (facts.isEmpty() && s.lastFacts.isEmpty()) {
            facts = s.factsOfLastMove(); // a loaded game: what "movelist" says of it
            if (s.game.cards) {
                facts = withoutDraws(facts);
            }
        }
        int colon = s.lastMove.indexOf(':');
        if (facts.isEmpty() && s.game.hidesPieces() && colon > 0
                && s.lastMove.length() >= colon + 3) {
            return "battle " + s.lastMove.substring(colon + 1, colon + 3);
        }
        return facts;
    }

    /**
     * A game written in SAN (chess, card chess): the move as the move list
     * writes it (SAN, cards by name) and the card effects it left; the other
     * games: the token and every fact in words.
     */
    private static String lastMoveText(Snapshot s) {
        String facts = lastFacts(s);
        String v = s.setup.variant;
        if (!GameUi.of(v).writesSan) {
            return s.lastMove + describeFacts(Players.facts(v, facts));
        }
        StringBuilder rest = new StringBuilder();
        for (String f : facts.isEmpty() ? new String[0] : facts.split("; ")) {
            if (!f.startsWith("san ") && !f.startsWith("captured ")) {
                rest.append(rest.length() == 0 ? "" : "; ").append(f);
            }
        }
        return MoveText.of(v, s.lastMove, facts) + describeFacts(Players.facts(v, rest.toString()));
    }

    private static String describeFacts(String facts) {
        return facts.isEmpty() ? "" : " (" + facts + ")";
    }

    private static String kingSquare(BoardModel m, String side) {
        char king = side.equals("w") ? 'K' : 'k';
        for (int r = 0; r < m.ranks; r++) {
            for (int f = 0; f < m.files; f++) {
                if (m.piece(f, r) == king) {
                    return BoardModel.squareName(f, r);
                }
            }
        }
        return null;
    }

    /**
     * Every square named in a token: e2 and e4 in "e2e4", "HF+e2e4" and
     * "c7c8:Mw"; a1, b2 and a3 in "CR:a1b2a3".
     */
    static Set<String> squaresOf(String token) {
        Set<String> out = new LinkedHashSet<String>();
        if (token == null) {
            return out;
        }
        String body = token.substring(token.lastIndexOf('+') + 1);
        if (body.length() > 3 && body.charAt(2) == ':' && Character.isUpperCase(body.charAt(0))) {
            body = body.substring(3); // a card code
        }
        if (body.indexOf(':') >= 0) {
            body = body.substring(0, body.indexOf(':')); // an announcement
        }
        for (int i = 0; i + 1 < body.length(); i += 2) {
            char f = body.charAt(i);
            char r = body.charAt(i + 1);
            if (f < 'a' || f > 'j' || r < '1' || r > '8') {
                break;
            }
            out.add("" + f + r);
        }
        return out;
    }

    private static String join(Set<String> squares) {
        List<String> l = new ArrayList<String>(new HashSet<String>(squares));
        Collections.sort(l);
        StringBuilder b = new StringBuilder();
        for (String s : l) {
            b.append(b.length() == 0 ? "" : ", ").append(s);
        }
        return b.toString();
    }
}
