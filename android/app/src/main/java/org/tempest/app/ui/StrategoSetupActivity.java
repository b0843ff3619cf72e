package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.TextView;
import java.util.Collections;
import org.tempest.app.R;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.Features;

/**
 * The setup of a game whose start takes each side's arrangement (Stratego):
 * the engine proposes an arrangement of the person's pieces (its "setup"
 * command); the person swaps pieces within the home rows by dragging one
 * onto another or by touching two, asks for another proposal, or starts.
 * The engine arranges its own side when the game starts, and the rules
 * engine checks the whole start position. The board and the sides are the
 * game's declared ones; the first side's home rows are at the bottom.
 */
public final class StrategoSetupActivity extends Activity {
    static final String EXTRA_GAME = "game";
    static final String EXTRA_SIDE = "side";
    static final String EXTRA_LEVEL = "level";
    /** Whether the game is to be rated when it can be (the new-game screen's choice). */
    static final String EXTRA_RATED = "rated";
    private static final String STATE_ROWS = "rows";

    private GameController controller;
    private BoardView board;
    private TextView status;
    /** The game's declaration, null until the engine has told it. */
    private GameInfo game;
    private String side;
    private int level;
    /**
     * The home rows as the position string writes them, from the board's
     * top down: the first side's rank3/rank2/rank1, the second's
     * rank8/rank7/rank6 on Stratego's board.
     */
    private char[][] rows;
    private String picked;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.showScreen(this, R.layout.activity_stratego_setup);
        side = getIntent().getStringExtra(EXTRA_SIDE);
        level = getIntent().getIntExtra(EXTRA_LEVEL, controller.settings().lastLevel());
        board = findViewById(R.id.setup_board);
        status = findViewById(R.id.setup_status);
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
        findViewById(R.id.btn_begin).setEnabled(false);
        final String savedRows = saved == null ? null : saved.getString(STATE_ROWS);
        final String wanted = getIntent().getStringExtra(EXTRA_GAME);
        controller.games(new GameController.Callback<Games>() {
            @Override
            public void done(Games declared, String problem) {
                if (problem != null) {
                    status.setText("The engine did not start: " + problem);
                    return;
                }
                game = wanted != null ? declared.get(wanted) : null;
                for (GameInfo g : declared.all()) {
                    if (game == null && wanted == null && Features.arrangement(g)) {
                        game = g; // opened without a game: the first whose start takes arrangements
                    }
                }
                if (game == null || game.sides.size() != 2) {
                    status.setText("The engine has no two-sided game whose start takes arrangements.");
                    return;
                }
                if (game.sideIndex(side) < 0) {
                    side = game.sides.get(0);
                }
                board.setFlipped(game.sideIndex(side) == 1);
                if (savedRows != null) {
                    setRows(savedRows);
                } else {
                    propose();
                }
            }
        });
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
        controller.arrangement(game.name, side, new GameController.Callback<String>() {
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

    /** Whether the person arranges the first side, whose home rows are at the bottom. */
    private boolean first() {
        return game.sideIndex(side) == 0;
    }

    private void setRows(String value) {
        String[] r = value.split("/");
        boolean fits = r.length > 0 && 2 * r.length <= game.ranks;
        for (String row : r) {
            fits &= row.length() == game.files;
        }
        if (!fits) {
            status.setText("The engine's arrangement cannot be read: " + value);
            return;
        }
        rows = new char[r.length][];
        for (int i = 0; i < r.length; i++) {
            rows[i] = r[i].toCharArray();
        }
        picked = null;
        int k = rows.length;
        status.setText("Your army: " + GameUi.of(game.name).sideName(side) + ", ranks "
                + (first() ? "1–" + k + ", moves first." : (game.ranks - k + 1) + "–" + game.ranks + "."));
        findViewById(R.id.btn_begin).setEnabled(true);
        show();
    }

    /** The arrangement, as "setup" gives it and "position startpos setup" takes it. */
    String rowsString() {
        StringBuilder b = new StringBuilder();
        for (char[] row : rows) {
            b.append(b.length() == 0 ? "" : "/").append(row);
        }
        return b.toString();
    }

    /** Row and file of a home square, or null outside the home rows. */
    private int[] home(String square) {
        if (rows == null || square.length() < 2) {
            return null;
        }
        int file = square.charAt(0) - 'a';
        int rank;
        try {
            rank = Integer.parseInt(square.substring(1));
        } catch (NumberFormatException e) {
            return null;
        }
        int row = first() ? rows.length - rank : game.ranks - rank;
        if (file < 0 || file >= game.files || row < 0 || row >= rows.length) {
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
        // The other side's home rows face down: unknown pieces in its case (the first side's are upper case).
        char unknown = first() ? 'u' : 'U';
        StringBuilder enemy = new StringBuilder();
        StringBuilder middle = new StringBuilder();
        for (int i = 0; i < rows.length; i++) {
            StringBuilder row = new StringBuilder();
            for (int f = 0; f < game.files; f++) {
                row.append(unknown);
            }
            enemy.append(i == 0 ? "" : "/").append(row);
        }
        for (int i = 0; i < game.ranks - 2 * rows.length; i++) {
            middle.append('/').append(game.files);
        }
        String placement = first() ? enemy + middle.toString() + "/" + rowsString()
                : rowsString() + middle + "/" + enemy;
        board.setModel(BoardModel.parse(game, placement));
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
        controller.newArranged(game.name, side, level, rowsString(), getIntent().getBooleanExtra(EXTRA_RATED, false));
        startActivity(new Intent(this, GameActivity.class));
        finish();
    }
}
