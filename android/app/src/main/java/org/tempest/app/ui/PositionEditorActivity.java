package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.AdapterView;
import android.widget.ArrayAdapter;
import android.widget.CheckBox;
import android.widget.CompoundButton;
import android.widget.RadioGroup;
import android.widget.Spinner;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSession;

/**
 * Sets up a chess position: pieces from a palette (both colours, every
 * kind, an eraser), the side to move, the castling rights and an optional
 * en-passant square, written as FEN. The editor checks nothing itself: Play
 * and Analyse give the FEN to the engine ("position fen"), which refuses an
 * illegal position with its reason (two kings of a colour, a pawn on the
 * first rank, the side not to move in check, a castling right without its
 * rook…), shown in a dialog, and otherwise the game starts from it.
 */
public final class PositionEditorActivity extends Activity {
    static final String EXTRA_FEN = "fen";
    private static final String STATE_FEN = "fen";
    private static final String STATE_PIECE = "piece";
    private static final String START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    static final String REFUSED = "This position is not legal";

    private GameController controller;
    private BoardView board;
    private PaletteView palette;
    /** The squares, a1 = 0 … h8 = 63, a FEN piece letter or 0. */
    private final char[] squares = new char[64];
    /** The last dialog shown (tests read it). */
    private AlertDialog dialog;
    /** Whether a change is the editor's own (setting the controls from a FEN), not the player's. */
    private boolean setting;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.showScreen(this, R.layout.activity_position_editor);
        board = findViewById(R.id.editor_board);
        palette = findViewById(R.id.editor_palette);
        Settings s = controller.settings();
        board.setColors(s.lightSquare(), s.darkSquare());
        board.setWood(s.woodBoard());
        board.setPieceSet(s.pieceSet());
        palette.setColors(s.lightSquare(), s.darkSquare(), s.pieceSet());
        board.setListener(new BoardView.SquareListener() {
            @Override
            public void onSquare(String square) {
                put(square);
            }
        });
        CompoundButton.OnCheckedChangeListener redraw = new CompoundButton.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(CompoundButton b, boolean on) {
                show();
            }
        };
        for (int id : new int[] {R.id.cb_white_short, R.id.cb_white_long, R.id.cb_black_short, R.id.cb_black_long}) {
            ((CheckBox) findViewById(id)).setOnCheckedChangeListener(redraw);
        }
        ((RadioGroup) findViewById(R.id.editor_side)).setOnCheckedChangeListener(new RadioGroup.OnCheckedChangeListener() {
            @Override
            public void onCheckedChanged(RadioGroup g, int id) {
                if (!setting) {
                    fillEnPassant("-");
                }
                show();
            }
        });
        ((Spinner) findViewById(R.id.editor_ep)).setOnItemSelectedListener(new AdapterView.OnItemSelectedListener() {
            @Override
            public void onItemSelected(AdapterView<?> parent, View view, int position, long id) {
                show();
            }

            @Override
            public void onNothingSelected(AdapterView<?> parent) {
                show();
            }
        });
        findViewById(R.id.btn_editor_clear).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                setFen("8/8/8/8/8/8/8/8 w - - 0 1");
            }
        });
        findViewById(R.id.btn_editor_start).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                setFen(START);
            }
        });
        findViewById(R.id.btn_editor_play).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                open(false);
            }
        });
        findViewById(R.id.btn_editor_analyse).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                open(true);
            }
        });
        String fen = saved != null ? saved.getString(STATE_FEN) : getIntent().getStringExtra(EXTRA_FEN);
        setFen(fen != null ? fen : START);
        if (saved != null) {
            palette.choose(saved.getChar(STATE_PIECE, 'K'));
        } else {
            palette.choose('K');
        }
    }

    @Override
    protected void onSaveInstanceState(Bundle out) {
        super.onSaveInstanceState(out);
        out.putString(STATE_FEN, fen());
        out.putChar(STATE_PIECE, palette.chosen());
    }

    /** A touch on a square: the chosen piece goes there (the same piece again takes it off), the eraser clears it. */
    private void put(String square) {
        int i = index(square);
        if (i < 0) {
            return;
        }
        char p = palette.chosen();
        squares[i] = p == PaletteView.ERASER || squares[i] == p ? 0 : p;
        show();
    }

    private static int index(String square) {
        if (square.length() != 2) {
            return -1;
        }
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1';
        return file < 0 || file > 7 || rank < 0 || rank > 7 ? -1 : rank * 8 + file;
    }

    /**
     * Sets the editor from a FEN's fields as written (placement, side,
     * castling, en passant); it is the engine that judges them.
     */
    void setFen(String fen) {
        String[] f = fen.trim().split("\\s+");
        Arrays.fill(squares, (char) 0);
        String[] rows = f[0].split("/");
        for (int r = 0; r < rows.length && r < 8; r++) {
            int file = 0;
            for (char c : rows[r].toCharArray()) {
                if (Character.isDigit(c)) {
                    file += c - '0';
                } else if (file < 8) {
                    squares[(7 - r) * 8 + file++] = c;
                }
            }
        }
        setting = true;
        ((RadioGroup) findViewById(R.id.editor_side)).check(f.length > 1 && f[1].equals("b") ? R.id.rb_editor_black
                : R.id.rb_editor_white);
        String castling = f.length > 2 ? f[2] : "-";
        ((CheckBox) findViewById(R.id.cb_white_short)).setChecked(castling.contains("K"));
        ((CheckBox) findViewById(R.id.cb_white_long)).setChecked(castling.contains("Q"));
        ((CheckBox) findViewById(R.id.cb_black_short)).setChecked(castling.contains("k"));
        ((CheckBox) findViewById(R.id.cb_black_long)).setChecked(castling.contains("q"));
        fillEnPassant(f.length > 3 ? f[3] : "-");
        setting = false;
        show();
    }

    /** The en-passant choices for the side to move (the squares behind a pawn the other side just moved two). */
    private void fillEnPassant(String want) {
        boolean white = whiteToMove();
        List<String> items = new ArrayList<String>();
        items.add("none");
        for (char file = 'a'; file <= 'h'; file++) {
            items.add("" + file + (white ? '6' : '3'));
        }
        Spinner ep = findViewById(R.id.editor_ep);
        ep.setAdapter(new ArrayAdapter<String>(this, android.R.layout.simple_spinner_dropdown_item, items));
        int at = items.indexOf(want);
        ep.setSelection(at < 0 ? 0 : at);
    }

    private boolean whiteToMove() {
        return ((RadioGroup) findViewById(R.id.editor_side)).getCheckedRadioButtonId() != R.id.rb_editor_black;
    }

    /** The position as FEN, from what the editor shows; the clocks start at 0 and 1. */
    String fen() {
        StringBuilder b = new StringBuilder();
        for (int rank = 7; rank >= 0; rank--) {
            int empty = 0;
            for (int file = 0; file < 8; file++) {
                char p = squares[rank * 8 + file];
                if (p == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    b.append(empty);
                    empty = 0;
                }
                b.append(p);
            }
            if (empty > 0) {
                b.append(empty);
            }
            if (rank > 0) {
                b.append('/');
            }
        }
        b.append(whiteToMove() ? " w " : " b ");
        StringBuilder castling = new StringBuilder();
        if (((CheckBox) findViewById(R.id.cb_white_short)).isChecked()) {
            castling.append('K');
        }
        if (((CheckBox) findViewById(R.id.cb_white_long)).isChecked()) {
            castling.append('Q');
        }
        if (((CheckBox) findViewById(R.id.cb_black_short)).isChecked()) {
            castling.append('k');
        }
        if (((CheckBox) findViewById(R.id.cb_black_long)).isChecked()) {
            castling.append('q');
        }
        b.append(castling.length() == 0 ? "-" : castling.toString());
        Spinner ep = findViewById(R.id.editor_ep);
        Object chosen = ep.getSelectedItem();
        b.append(' ').append(chosen == null || chosen.equals("none") ? "-" : chosen.toString());
        return b.append(" 0 1").toString();
    }

    /** Draws the board and writes the FEN under it. */
    private void show() {
        if (setting || board == null) {
            return;
        }
        String fen = fen();
        board.setModel(BoardModel.placement(GameUi.EDITOR_GAME, 8, 8, fen));
        ((TextView) findViewById(R.id.editor_fen)).setText("FEN: " + fen);
    }

    /**
     * The engine judges the FEN; a legal position starts a game with the
     * person at the side to move against Tempest (Play) or at both sides
     * (Analyse), an illegal one is refused with the engine's reason.
     */
    private void open(final boolean analyse) {
        final String fen = fen();
        controller.positionOf(fen, GameUi.EDITOR_GAME, new GameController.Callback<GameSession.PositionFound>() {
            @Override
            public void done(GameSession.PositionFound found, String problem) {
                if (isFinishing()) {
                    return;
                }
                if (problem == null && found.game == null) {
                    problem = found.refusals.get(GameUi.EDITOR_GAME);
                }
                if (problem != null) {
                    dialog = new AlertDialog.Builder(PositionEditorActivity.this).setTitle(REFUSED)
                            .setMessage(RecordFiles.capitalize(problem))
                            .setPositiveButton(android.R.string.ok, null).show();
                    return;
                }
                String humans = analyse ? Imports.allSides(found.game) : found.state.toMove;
                Imports.start(PositionEditorActivity.this, found.game, found.state.position, humans, new Imports.Done() {
                    @Override
                    public void opened() {
                        startActivity(new Intent(PositionEditorActivity.this, GameActivity.class));
                        finish();
                    }

                    @Override
                    public void refused() {
                        // The dialog said why; the position stays in the editor.
                    }
                });
            }
        });
    }

    AlertDialog dialog() {
        return dialog;
    }
}
