package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.graphics.Typeface;
import android.os.Bundle;
import android.util.TypedValue;
import android.view.View;
import android.widget.LinearLayout;
import android.widget.TextView;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.engine.Games;
import org.tempest.app.game.GameStore;

/**
 * The current player's saved games, newest first, each with its players,
 * result, date, game and opening (SavedGames). A touch opens one through the
 * engine's load checks, to play on from its end or replay it from its start;
 * a long touch shares or deletes it. "Open a file…" opens any document.
 */
public final class SavedGamesActivity extends Activity {
    private GameController controller;
    /** The games' declarations (sides, for the players' tags), or null until the engine told them. */
    private Games games;
    /** The last dialog shown (tests read it). */
    private AlertDialog dialog;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.showScreen(this, R.layout.activity_saved_games);
        setTitle(R.string.saved_games);
        findViewById(R.id.btn_open_file).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                Intent open = new Intent(Intent.ACTION_OPEN_DOCUMENT);
                open.addCategory(Intent.CATEGORY_OPENABLE);
                open.setType("*/*");
                startActivityForResult(open, RecordFiles.REQUEST_OPEN);
            }
        });
        controller.games(new GameController.Callback<Games>() {
            @Override
            public void done(Games declared, String problem) {
                games = declared; // without them the rows read the White and Black tags
                if (!isFinishing()) {
                    list();
                }
            }
        });
    }

    /** Lists the saved games, newest first. */
    void list() {
        LinearLayout box = findViewById(R.id.saved_list);
        box.removeAllViews();
        List<File> files = controller.store().savedGames();
        findViewById(R.id.saved_empty).setVisibility(files.isEmpty() ? View.VISIBLE : View.GONE);
        for (File f : files) {
            String record;
            try {
                record = GameStore.read(f);
            } catch (IOException e) {
                record = "";
            }
            String name = RecordTags.variant(record);
            SavedGames.Summary s = SavedGames.of(record, games == null ? null : games.get(name), f);
            box.addView(row(f, s));
        }
    }

    /** A game's row: the players in bold, then result, date and game, then the opening. */
    private View row(final File f, SavedGames.Summary s) {
        LinearLayout row = new LinearLayout(this);
        row.setOrientation(LinearLayout.VERTICAL);
        int pad = Math.round(8 * getResources().getDisplayMetrics().density);
        row.setPadding(0, pad, 0, pad);
        TypedValue bg = new TypedValue();
        getTheme().resolveAttribute(android.R.attr.selectableItemBackground, bg, true);
        row.setBackgroundResource(bg.resourceId);
        row.addView(text(s.players, 16, true));
        row.addView(text(s.facts(), 14, false));
        row.addView(text(s.opening, 14, false));
        row.setTag(f);
        row.setContentDescription(s.players + ", " + s.facts() + ", " + s.opening);
        row.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                open(f);
            }
        });
        row.setOnLongClickListener(new View.OnLongClickListener() {
            @Override
            public boolean onLongClick(View v) {
                actions(f);
                return true;
            }
        });
        return row;
    }

    private TextView text(String s, int sp, boolean bold) {
        TextView t = new TextView(this);
        t.setText(s);
        t.setTextSize(sp);
        if (bold) {
            t.setTypeface(Typeface.DEFAULT_BOLD);
        }
        t.setImportantForAccessibility(View.IMPORTANT_FOR_ACCESSIBILITY_NO); // the row reads them as one
        return t;
    }

    /** Opens a saved game through the engine's load checks; it asks whether to start at its end or its start. */
    void open(File f) {
        String record;
        try {
            record = GameStore.read(f);
        } catch (IOException e) {
            RecordFiles.problem(this, RecordFiles.CANNOT_LOAD, e.getMessage());
            return;
        }
        RecordFiles.load(this, record, showGame());
    }

    private Runnable showGame() {
        return new Runnable() {
            @Override
            public void run() {
                startActivity(new Intent(SavedGamesActivity.this, GameActivity.class));
                finish();
            }
        };
    }

    /** A long touch: open, share or delete the game. */
    void actions(final File f) {
        String[] items = {"Open", getString(R.string.share_game), "Delete"};
        dialog = new AlertDialog.Builder(this).setTitle(f.getName())
                .setItems(items, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        if (which == 0) {
                            open(f);
                        } else if (which == 1) {
                            share(f);
                        } else {
                            confirmDelete(f);
                        }
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    private void share(File f) {
        try {
            String name = f.getName().endsWith(".pgn") ? f.getName().substring(0, f.getName().length() - 4) : f.getName();
            Sharing.shareRecord(this, GameStore.read(f), name);
        } catch (IOException e) {
            RecordFiles.problem(this, Sharing.SHARE_FAILED, e.getMessage());
        }
    }

    private void confirmDelete(final File f) {
        dialog = new AlertDialog.Builder(this).setTitle("Delete this game?")
                .setMessage("The saved game is removed from this phone; a copy you shared stays where you sent it.")
                .setPositiveButton("Delete", new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        if (!controller.store().delete(f)) {
                            RecordFiles.problem(SavedGamesActivity.this, "The game could not be deleted", f.getName());
                        }
                        list();
                    }
                })
                .setNegativeButton(android.R.string.cancel, null).show();
    }

    AlertDialog dialog() {
        return dialog;
    }

    @Override
    protected void onActivityResult(int request, int result, Intent data) {
        super.onActivityResult(request, result, data);
        if (request == RecordFiles.REQUEST_OPEN && result == RESULT_OK && data != null && data.getData() != null) {
            RecordFiles.loadDocument(this, data.getData(), showGame());
        }
    }
}
