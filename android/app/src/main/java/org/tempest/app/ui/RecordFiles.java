package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.DialogInterface;
import android.content.Intent;
import android.net.Uri;
import android.widget.Toast;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.tempest.app.game.GameStore;

/**
 * Loading and saving game records, shared by the saved-games list and the
 * game screen: the app's own storage, or any document through Android's
 * document picker. Loading never touches the current game or the autosave
 * unless the engine accepted the record.
 */
final class RecordFiles {
    static final int REQUEST_OPEN = 41;
    static final int REQUEST_CREATE = 42;
    static final String PGN_TYPE = "application/x-chess-pgn";
    static final String CANNOT_LOAD = "This game cannot be loaded";
    static final String CANNOT_SAVE = "The game could not be saved";

    private RecordFiles() {
    }

    /**
     * Opens the document the picker returned as the clipboard's text is
     * opened (Imports): a record, one of a file's several games, or a
     * position.
     */
    static void loadDocument(Activity activity, Uri uri, final Runnable onLoaded) {
        String text;
        try {
            text = readDocument(activity, uri);
        } catch (IOException | SecurityException e) {
            problem(activity, CANNOT_LOAD, e.getMessage());
            return;
        }
        Imports.open(activity, text, new Imports.Done() {
            @Override
            public void opened() {
                onLoaded.run();
            }

            @Override
            public void refused() {
                // The player has read why; the game on the board goes on.
            }
        });
    }

    /** A document's text (the picker's, another app's), at most GameStore.MAX_RECORD_BYTES of it. */
    static String readDocument(android.content.Context c, Uri uri) throws IOException {
        InputStream in = c.getContentResolver().openInputStream(uri);
        if (in == null) {
            throw new IOException("the file cannot be opened");
        }
        try {
            return GameStore.readRecord(in);
        } finally {
            in.close();
        }
    }

    /**
     * Loads a record; a good one with moves asks whether to show it from its
     * start (to replay it) or at its end (to play on), then runs onLoaded.
     */
    static void load(final Activity activity, String text, final Runnable onLoaded) {
        load(activity, text, onLoaded, null);
    }

    /** The same; onRefused (may be null) runs once the player has read why the engine refused the record. */
    static void load(final Activity activity, final String text, final Runnable onLoaded, final Runnable onRefused) {
        leavingRated(activity, new Runnable() {
            @Override
            public void run() {
                loadNow(activity, text, onLoaded, onRefused);
            }
        }, onRefused);
    }

    /**
     * Runs go at once; when the player has a rated game under way, which the
     * game about to open would count as lost, only after they agreed to leave
     * it (else cancelled runs, when there is one).
     */
    static void leavingRated(Activity activity, final Runnable go, final Runnable cancelled) {
        GameController c = TempestApp.controller(activity);
        if (!c.rated().pending(c.profiles().current())) {
            go.run();
            return;
        }
        new AlertDialog.Builder(activity).setTitle("Leave your rated game?")
                .setMessage(GameDialogs.LEAVING_RATED)
                .setPositiveButton("Leave it", new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        go.run();
                    }
                })
                .setNegativeButton(android.R.string.cancel, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        if (cancelled != null) {
                            cancelled.run();
                        }
                    }
                })
                .setCancelable(false)
                .show();
    }

    private static void loadNow(final Activity activity, String text, final Runnable onLoaded,
            final Runnable onRefused) {
        final GameController c = TempestApp.controller(activity);
        c.load(text, c.settings().lastLevel(), new GameController.Callback<Boolean>() {
            @Override
            public void done(Boolean ok, String problem) {
                if (problem != null) {
                    problem(activity, CANNOT_LOAD, problem, onRefused);
                    return;
                }
                int moves = c.snapshot() == null ? 0 : c.snapshot().moves.size();
                if (moves == 0) {
                    onLoaded.run();
                    return;
                }
                new AlertDialog.Builder(activity).setTitle("Game loaded: " + moves + (moves == 1 ? " move" : " moves"))
                        .setMessage("Show it from its start, to replay it move by move, or at its end, to play on?")
                        .setPositiveButton("At the end", new DialogInterface.OnClickListener() {
                            @Override
                            public void onClick(DialogInterface d, int which) {
                                onLoaded.run();
                            }
                        })
                        .setNeutralButton("From the start", new DialogInterface.OnClickListener() {
                            @Override
                            public void onClick(DialogInterface d, int which) {
                                c.showFromStartOnce();
                                onLoaded.run();
                            }
                        })
                        .setCancelable(false)
                        .show();
            }
        });
    }

    /** A document the picker chose: the game saved there, or loaded from it (then onLoaded runs). */
    static void onResult(Activity activity, int request, int result, Intent data, Runnable onLoaded) {
        if (result != Activity.RESULT_OK || data == null || data.getData() == null) {
            return;
        }
        if (request == REQUEST_CREATE) {
            saveDocument(activity, data.getData());
        } else if (request == REQUEST_OPEN) {
            loadDocument(activity, data.getData(), onLoaded);
        }
    }

    /** Continues the autosaved game; a record that cannot be continued is explained. */
    static void resume(final Activity activity) {
        TempestApp.controller(activity).resume(new GameController.Callback<Boolean>() {
            @Override
            public void done(Boolean ok, String problem) {
                if (problem != null) {
                    problem(activity, "The saved game cannot be continued", problem);
                }
            }
        });
    }

    /** Offers "Save in the app" and "Save to a file…". */
    static void chooseAndSave(final Activity activity) {
        String[] items = {activity.getString(org.tempest.app.R.string.save_in_app),
            activity.getString(org.tempest.app.R.string.save_to_file)};
        new AlertDialog.Builder(activity)
                .setTitle(org.tempest.app.R.string.save)
                .setItems(items, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        if (which == 0) {
                            saveInApp(activity);
                        } else {
                            Intent create = new Intent(Intent.ACTION_CREATE_DOCUMENT);
                            create.addCategory(Intent.CATEGORY_OPENABLE);
                            create.setType(PGN_TYPE);
                            create.putExtra(Intent.EXTRA_TITLE, "tempest.pgn");
                            activity.startActivityForResult(create, REQUEST_CREATE);
                        }
                    }
                })
                .show();
    }

    static void saveInApp(final Activity activity) {
        withRecord(activity, new RecordWriter() {
            @Override
            public String write(String record) throws IOException {
                File f = TempestApp.controller(activity).store().saveGame(record);
                return "Saved as " + f.getName();
            }
        });
    }

    /** Writes the record to the document the picker created. */
    static void saveDocument(final Activity activity, final Uri uri) {
        withRecord(activity, new RecordWriter() {
            @Override
            public String write(String record) throws IOException {
                OutputStream out = activity.getContentResolver().openOutputStream(uri, "wt");
                if (out == null) {
                    throw new IOException("the file cannot be written");
                }
                try {
                    out.write(record.getBytes(StandardCharsets.UTF_8));
                } finally {
                    out.close();
                }
                return "Game saved";
            }
        });
    }

    /** Stores a record somewhere; returns what to tell the player. */
    private interface RecordWriter {
        String write(String record) throws IOException;
    }

    /** Asks the engine for the record and hands it to the writer, reporting any failure. */
    private static void withRecord(final Activity activity, final RecordWriter writer) {
        record(activity, CANNOT_SAVE, new RecordUser() {
            @Override
            public void use(String record) {
                try {
                    Toast.makeText(activity, writer.write(record), Toast.LENGTH_SHORT).show();
                } catch (IOException | SecurityException e) {
                    problem(activity, CANNOT_SAVE, e.getMessage());
                }
            }
        });
    }

    /** Takes the game's record. */
    interface RecordUser {
        void use(String record);
    }

    /**
     * The game's record from the engine, as the app writes it out (saved,
     * shared, copied): the players' names and the date filled in where the
     * engine wrote "?" (Players.recordTags). A failure is reported under the
     * title.
     */
    static void record(final Activity activity, final String failure, final RecordUser user) {
        final GameController c = TempestApp.controller(activity);
        c.record(new GameController.Callback<String>() {
            @Override
            public void done(String record, String problem) {
                if (problem != null) {
                    problem(activity, failure, problem);
                    return;
                }
                org.tempest.app.game.Snapshot s = c.snapshot();
                user.use(s == null ? record
                        : RecordTags.fillIn(record, Players.recordTags(s, c, new java.util.Date())));
            }
        });
    }

    static void problem(Activity activity, String title, String message) {
        problem(activity, title, message, null);
    }

    /** A problem in a dialog; afterwards (may be null) runs once it is dismissed. */
    static void problem(Activity activity, String title, String message, final Runnable afterwards) {
        if (activity.isFinishing()) {
            if (afterwards != null) {
                afterwards.run();
            }
            return;
        }
        if (message != null && message.startsWith("loadpgn: ")) {
            message = message.substring("loadpgn: ".length());
        }
        AlertDialog.Builder b = new AlertDialog.Builder(activity)
                .setTitle(title)
                .setMessage(capitalize(message))
                .setPositiveButton(android.R.string.ok, null);
        if (afterwards != null) {
            b.setOnDismissListener(new DialogInterface.OnDismissListener() {
                @Override
                public void onDismiss(DialogInterface d) {
                    afterwards.run();
                }
            });
        }
        b.show();
    }

    static String capitalize(String s) {
        if (s == null || s.isEmpty()) {
            return "Unknown problem";
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
