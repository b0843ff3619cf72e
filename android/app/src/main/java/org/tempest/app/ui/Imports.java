package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.DialogInterface;
import java.util.List;
import java.util.Map;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.game.Features;
import org.tempest.app.game.GameSession;
import org.tempest.app.game.GameStore;

/**
 * Games into the app from text: the clipboard ("Paste game or position"), a
 * file or text another app sends (OpenRecordActivity), the position editor.
 * A record goes through the engine's load checks (loadpgn); a file of
 * several games lets the player pick one. A one-line text is given to the
 * engine as a position of each game in turn (GameSession.positionOf). What
 * the engine refuses is explained with its reasons, and the game on the
 * board and the autosave stay as they were.
 */
final class Imports {
    static final String CANNOT_OPEN = "This text cannot be opened";
    static final String POSITION_REFUSED = "This position cannot be played";

    /** What happens after a game was opened, or after its refusal was read. */
    interface Done {
        /** A game is open: show the game screen. */
        void opened();

        /** Nothing was opened, and the player has read why. */
        void refused();
    }

    private Imports() {
    }

    /** Opens the text: a record (one of several), else a position of whichever game the engine says. */
    static void open(final Activity activity, String text, final Done done) {
        if (text == null || text.trim().isEmpty()) {
            refuse(activity, CANNOT_OPEN, "There is no text to open: copy a game record or a position first.", done);
            return;
        }
        if (text.length() > GameStore.MAX_RECORD_BYTES) {
            refuse(activity, CANNOT_OPEN, "The text is larger than " + (GameStore.MAX_RECORD_BYTES >> 10)
                    + " KB: not a game record.", done);
            return;
        }
        if (RecordTags.looksLikeRecord(text)) {
            openRecords(activity, RecordTags.games(text), done);
            return;
        }
        openPosition(activity, text, done);
    }

    /** One record, or a choice among several (each named by its players, result and date). */
    private static void openRecords(final Activity activity, final List<String> games, final Done done) {
        if (games.size() == 1) {
            loadRecord(activity, games.get(0), done);
            return;
        }
        String[] items = new String[games.size()];
        for (int i = 0; i < items.length; i++) {
            items[i] = (i + 1) + ". " + SavedGames.describe(games.get(i), null);
        }
        AlertDialog pick = new AlertDialog.Builder(activity).setTitle("This file holds " + games.size() + " games")
                .setItems(items, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        loadRecord(activity, games.get(which), done);
                    }
                })
                .setNegativeButton(android.R.string.cancel, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        done.refused();
                    }
                })
                .setCancelable(false)
                .create();
        pick.show();
    }

    /**
     * The engine's load checks, then "from the start or at the end?"
     * (RecordFiles.load). Movetext alone ("1. e4 c5 2. Nf3", as web pages
     * and other apps copy a game) gets an empty tag section first, which PGN
     * files have and the engine asks for; its moves are the engine's to judge.
     */
    private static void loadRecord(final Activity activity, String record, final Done done) {
        if (RecordTags.tags(record).isEmpty() && RecordTags.hasMoveNumbers(record)) {
            record = "[Event \"?\"]\n\n" + record.trim() + "\n";
        }
        RecordFiles.load(activity, record, new Runnable() {
            @Override
            public void run() {
                done.opened();
            }
        }, new Runnable() {
            @Override
            public void run() {
                done.refused();
            }
        });
    }

    /**
     * A one-line text: the engine is asked which game takes it as a position;
     * none does, it is tried as a record (movetext without numbers), and if
     * that fails too every reason is shown.
     */
    private static void openPosition(final Activity activity, final String text, final Done done) {
        final GameController c = TempestApp.controller(activity);
        c.positionOf(text, new GameController.Callback<GameSession.PositionFound>() {
            @Override
            public void done(final GameSession.PositionFound found, String problem) {
                if (problem != null) {
                    refuse(activity, CANNOT_OPEN, problem, done);
                    return;
                }
                if (found.game != null) {
                    choosePlayers(activity, found.game, found.state.position, found.state.toMove, done);
                    return;
                }
                c.load(text, c.settings().lastLevel(), new GameController.Callback<Boolean>() {
                    @Override
                    public void done(Boolean ok, String recordProblem) {
                        if (recordProblem == null) {
                            done.opened();
                            return;
                        }
                        refuse(activity, CANNOT_OPEN, reasons(found.refusals, recordProblem), done);
                    }
                });
            }
        });
    }

    /**
     * Why no game took the text, in the engine's words: as a record, and as a
     * position of each game.
     */
    static String reasons(Map<String, String> refusals, String asRecord) {
        StringBuilder b = new StringBuilder("It is neither a game record nor a position the engine accepts.\n\n");
        b.append("As a game record: ").append(strip(asRecord));
        for (Map.Entry<String, String> e : refusals.entrySet()) {
            b.append("\n\nAs a ").append(GameUi.of(e.getKey()).howToTitle()).append(" position: ").append(e.getValue());
        }
        return b.toString();
    }

    private static String strip(String loadProblem) {
        return loadProblem.startsWith("loadpgn: ") ? loadProblem.substring("loadpgn: ".length()) : loadProblem;
    }

    /**
     * A position the engine took: the person plays the side to move against
     * Tempest, or (where nothing hides pieces) studies it playing every side.
     */
    static void choosePlayers(final Activity activity, final GameInfo game, final String position,
            final String toMove, final Done done) {
        final GameUi ui = GameUi.of(game.name);
        AlertDialog.Builder b = new AlertDialog.Builder(activity)
                .setTitle("A " + ui.howToTitle() + " position")
                .setMessage(ui.sideName(toMove) + " to move. Play " + ui.sideName(toMove)
                        + " against Tempest from here"
                        + (Features.analysis(game) ? ", or analyse it: you play every side, Hint and the evaluation "
                        + "tell what Tempest thinks." : "."))
                .setPositiveButton("Play " + ui.sideName(toMove), new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        start(activity, game, position, toMove, done);
                    }
                })
                .setNegativeButton(android.R.string.cancel, new DialogInterface.OnClickListener() {
                    @Override
                    public void onClick(DialogInterface d, int which) {
                        done.refused();
                    }
                })
                .setCancelable(false);
        if (Features.analysis(game)) {
            b.setNeutralButton("Analyse", new DialogInterface.OnClickListener() {
                @Override
                public void onClick(DialogInterface d, int which) {
                    start(activity, game, position, allSides(game), done);
                }
            });
        }
        b.show();
    }

    /** Every side of the game, for the people to play them all. */
    static String allSides(GameInfo game) {
        StringBuilder b = new StringBuilder();
        for (String side : game.sides) {
            b.append(side);
        }
        return b.toString();
    }

    /** Starts the position with the people at the given sides, Tempest at the last level chosen; a refusal is explained. */
    static void start(final Activity activity, final GameInfo game, final String position, final String humans,
            final Done done) {
        final GameController c = TempestApp.controller(activity);
        RecordFiles.leavingRated(activity, new Runnable() {
            @Override
            public void run() {
                c.openPosition(game.name, position, humans, c.settings().lastLevel(),
                        new GameController.Callback<Boolean>() {
                            @Override
                            public void done(Boolean ok, String problem) {
                                if (problem != null) {
                                    refuse(activity, POSITION_REFUSED, problem, done);
                                    return;
                                }
                                done.opened();
                            }
                        });
            }
        }, new Runnable() {
            @Override
            public void run() {
                done.refused();
            }
        });
    }

    private static void refuse(Activity activity, String title, String message, final Done done) {
        if (activity.isFinishing()) {
            done.refused();
            return;
        }
        new AlertDialog.Builder(activity).setTitle(title).setMessage(RecordFiles.capitalize(message))
                .setPositiveButton(android.R.string.ok, null)
                .setOnDismissListener(new DialogInterface.OnDismissListener() {
                    @Override
                    public void onDismiss(DialogInterface d) {
                        done.refused();
                    }
                })
                .show();
    }
}
