package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.Button;
import android.widget.TextView;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;

/**
 * The start menu: new game, continue, saved games, paste a game or a
 * position, set up a position, settings, profile, how to play, about.
 */
public final class MainActivity extends Activity {
    private GameController controller;
    /** The last "How to play" chooser shown (tests pick from it). */
    private AlertDialog howToChooser;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.showScreen(this, R.layout.activity_main);
        findViewById(R.id.btn_new).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, NewGameActivity.class));
            }
        });
        findViewById(R.id.btn_continue).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                openGame(true);
            }
        });
        findViewById(R.id.btn_load).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, SavedGamesActivity.class));
            }
        });
        findViewById(R.id.btn_paste).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                paste();
            }
        });
        findViewById(R.id.btn_edit_position).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, PositionEditorActivity.class));
            }
        });
        findViewById(R.id.btn_settings).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, SettingsActivity.class));
            }
        });
        findViewById(R.id.btn_profile).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, ProfileActivity.class));
            }
        });
        findViewById(R.id.btn_how_to_play).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                chooseHowToPlay();
            }
        });
        offerEditor();
        String notice = controller.profiles().takeNotice();
        if (notice != null) {
            RecordFiles.problem(this, "Players", notice);
        }
        findViewById(R.id.btn_about).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, AboutActivity.class));
            }
        });
    }

    /** The position editor is offered when the engine declares the game it sets up. */
    private void offerEditor() {
        controller.games(new GameController.Callback<Games>() {
            @Override
            public void done(Games declared, String problem) {
                boolean on = declared != null && declared.get(GameUi.EDITOR_GAME) != null;
                findViewById(R.id.btn_edit_position).setVisibility(on ? View.VISIBLE : View.GONE);
            }
        });
    }

    @Override
    protected void onResume() {
        super.onResume();
        setRequestedOrientation(controller.settings().requestedOrientation());
        Button cont = findViewById(R.id.btn_continue);
        cont.setEnabled(ownGameOn() || controller.store().hasAutosave());
        ((TextView) findViewById(R.id.current_profile)).setText("Playing as " + controller.profiles().current());
    }

    /** Asks which game to explain, among those the engine declares, and opens its "How to play". */
    private void chooseHowToPlay() {
        controller.games(new GameController.Callback<Games>() {
            @Override
            public void done(Games declared, String problem) {
                if (isFinishing() || isDestroyed()) {
                    return;
                }
                if (problem != null) {
                    RecordFiles.problem(MainActivity.this, getString(R.string.how_to_play),
                            "The engine did not start: " + problem);
                    return;
                }
                final List<GameInfo> games = declared.all();
                String[] titles = new String[games.size()];
                for (int i = 0; i < titles.length; i++) {
                    titles[i] = GameUi.of(games.get(i).name).howToTitle();
                }
                howToChooser = new AlertDialog.Builder(MainActivity.this).setTitle(R.string.how_to_play)
                        .setItems(titles, new DialogInterface.OnClickListener() {
                            @Override
                            public void onClick(DialogInterface d, int which) {
                                startActivity(HowToPlayActivity.intent(MainActivity.this, games.get(which)));
                            }
                        }).setNegativeButton(android.R.string.cancel, null).show();
            }
        });
    }

    /**
     * Paste game or position: the clipboard's text opened as a record (one of
     * several), or as a position of the game the engine takes it for; a
     * refusal names the engine's reasons and changes nothing.
     */
    private void paste() {
        Imports.open(this, Sharing.clipboardText(this), new Imports.Done() {
            @Override
            public void opened() {
                openGame(false);
            }

            @Override
            public void refused() {
                // The player has read why; nothing changed.
            }
        });
    }

    AlertDialog howToChooser() {
        return howToChooser;
    }

    private Runnable showGame() {
        return new Runnable() {
            @Override
            public void run() {
                openGame(false);
            }
        };
    }

    /** Whether the game in memory is the current profile's (another profile's is not continued for it). */
    private boolean ownGameOn() {
        return controller.snapshot() != null
                && controller.snapshot().setup.profile.equals(controller.profiles().current());
    }

    private void openGame(boolean resume) {
        Intent i = new Intent(this, GameActivity.class);
        i.putExtra(GameActivity.EXTRA_RESUME, resume && !ownGameOn());
        startActivity(i);
    }

    @Override
    protected void onActivityResult(int request, int result, Intent data) {
        super.onActivityResult(request, result, data);
        if (request == RecordFiles.REQUEST_OPEN && result == RESULT_OK && data != null && data.getData() != null) {
            RecordFiles.loadDocument(this, data.getData(), showGame());
        }
    }
}
