package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.TextView;
import java.util.Collections;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;

/**
 * Stratego's setup: the engine proposes an arrangement of the person's 30
 * pieces (its "setup" command); the person swaps pieces within the home
 * rows by dragging one onto another or by touching two, asks for another
 * proposal, or starts. The engine arranges its own army when the game
 * starts, and the rules engine checks the whole start position.
 */
public final class StrategoSetupActivity extends Activity {
    static final String EXTRA_SIDE = "side";
    static final String EXTRA_LEVEL = "level";
    private static final String STATE_ROWS = "rows";

    private GameController controller;
    private BoardView board;
    private TextView status;
    private String side;
    private int level;
    /** The three home rows as the position string writes them: Volcandria rank3/rank2/rank1, Everwinter rank8/rank7/rank6. */
    private char[][] rows;
    private String picked;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.controller(this);
        setRequestedOrientation(controller.settings().requestedOrientation());
        setContentView(R.layout.activity_stratego_setup);
        EdgeToEdge.fit(this);
        side = getIntent().getStringExtra(EXTRA_SIDE);
        if (side == null) {
            side = "v";
        }
        level = getIntent().getIntExtra(EXTRA_LEVEL, controller.settings().lastLevel());
        board = findViewById(R.id.setup_board);
        status = findViewById(R.id.setup_status);
        board.setFlipped(side.equals("e"));
        board.setListener(new BoardView.SquareListener() {
            @Override
            public void onSquare(String square) {
                tap(square);
            }
        });
        board.setDragListener(new BoardView.DragListener() {
            @Override
            public void onDrag(String from, String to) {
                picked = null;
                swap(from, to);
            }
        });
        findViewById(R.id.btn_another).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                propose();
            }
        });
        findViewById(R.id.btn_begin).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                begin();
            }
        });
        if (saved != null && saved.getString(STATE_ROWS) != null) {
            setRows(saved.getString(STATE_ROWS));
        } else {
            propose();
        }
    }

    @Override
    protected void onSaveInstanceState(Bundle out) {
        super.onSaveInstanceState(out);
        if (rows != null) {
            out.putString(STATE_ROWS, rowsString());
        }
    }

    /** Asks the engine for an arrangement. */
    private void propose() {
        findViewById(R.id.btn_begin).setEnabled(false);
        status.setText("Tempest is arranging your army…");
        controller.strategoSetup(side, new GameController.Callback<String>() {
            @Override
            public void done(String value, String problem) {
                if (problem != null) {
                    status.setText("The engine gave no arrangement: " + problem);
                    return;
                }
                setRows(value);
            }
        });
    }

    private void setRows(String value) {
        String[] r = value.split("/");
        if (r.length != 3 || r[0].length() != 10 || r[1].length() != 10 || r[2].length() != 10) {
            status.setText("The engine's arrangement cannot be read: " + value);
            return;
        }
        rows = new char[][] {r[0].toCharArray(), r[1].toCharArray(), r[2].toCharArray()};
        picked = null;
        status.setText("Your army: " + (side.equals("v") ? "Volcandria, ranks 1–3, moves first." : "Everwinter, ranks 6–8."));
        findViewById(R.id.btn_begin).setEnabled(true);
        show();
    }

    /** The arrangement, as "setup" gives it and "position startpos setup" takes it. */
    String rowsString() {
        return new String(rows[0]) + "/" + new String(rows[1]) + "/" + new String(rows[2]);
    }

    /** Row and file of a home square, or null outside the home rows. */
    private int[] home(String square) {
        int file = square.charAt(0) - 'a';
        int rank = square.charAt(1) - '1' + 1;
        int row = side.equals("v") ? 3 - rank : 8 - rank;
        if (file < 0 || file >= 10 || row < 0 || row >= 3) {
            return null;
        }
        return new int[] {row, file};
    }

    private void tap(String square) {
        if (rows == null || home(square) == null) {
            return;
        }
        if (picked == null) {
            picked = square;
        } else {
            String from = picked;
            picked = null;
            swap(from, square);
            return;
        }
        show();
    }

    /** Swaps two pieces of the home rows. */
    void swap(String a, String b) {
        int[] x = home(a);
        int[] y = home(b);
        if (rows != null && x != null && y != null) {
            char t = rows[x[0]][x[1]];
            rows[x[0]][x[1]] = rows[y[0]][y[1]];
            rows[y[0]][y[1]] = t;
        }
        show();
    }

    private void show() {
        if (rows == null) {
            return;
        }
        String enemy = side.equals("v") ? "uuuuuuuuuu" : "UUUUUUUUUU";
        String own = rowsString();
        String placement = side.equals("v") ? enemy + "/" + enemy + "/" + enemy + "/10/10/" + own
                : own + "/10/10/" + enemy + "/" + enemy + "/" + enemy;
        board.setModel(BoardModel.parse("stratego", placement + " v 00 -,- - 0 0"));
        board.setMarks(Collections.<String>emptySet(),
                picked == null ? Collections.<String>emptySet() : Collections.singleton(picked),
                Collections.<String>emptySet(), null);
        board.requestLayout();
    }

    private void begin() {
        if (rows == null) {
            return;
        }
        controller.settings().setLastLevel(level);
        controller.newStratego(side, level, rowsString());
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }
}
