package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.net.Uri;
import android.os.Bundle;
import java.io.IOException;
import org.tempest.app.R;

/**
 * A game another app hands to Tempest: a .pgn file it views, or text or a
 * file it sends (the manifest's intent filters). The text goes the way of a
 * pasted one (Imports): the engine's load checks, a choice among a file's
 * games, a position of whichever game takes it. A refusal is explained in a
 * dialog and the screen closes after it; the game on the board and the
 * autosave stay as they were.
 */
public final class OpenRecordActivity extends Activity {
    /** Whether the text has been read and handed on (a rotation does not read it again). */
    private static final String STATE_STARTED = "started";

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        setContentView(R.layout.activity_open_record);
        setTitle(R.string.open_record);
        EdgeToEdge.fit(this);
        if (saved != null && saved.getBoolean(STATE_STARTED)) {
            return;
        }
        String text;
        try {
            text = textOf(getIntent());
        } catch (IOException | SecurityException e) {
            RecordFiles.problem(this, RecordFiles.CANNOT_LOAD, e.getMessage(), closing());
            return;
        }
        Imports.open(this, text, new Imports.Done() {
            @Override
            public void opened() {
                // The game screen goes into Tempest's own task, not the task of the app that sent the game.
                startActivity(new Intent(OpenRecordActivity.this, GameActivity.class)
                        .addFlags(Intent.FLAG_ACTIVITY_NEW_TASK | Intent.FLAG_ACTIVITY_CLEAR_TOP));
                finish();
            }

            @Override
            public void refused() {
                finish();
            }
        });
    }

    @Override
    protected void onSaveInstanceState(Bundle out) {
        super.onSaveInstanceState(out);
        out.putBoolean(STATE_STARTED, true);
    }

    private Runnable closing() {
        return new Runnable() {
            @Override
            public void run() {
                finish();
            }
        };
    }

    /**
     * The text an intent carries: the document it views, the text it sends,
     * or the file it sends; at most GameStore.MAX_RECORD_BYTES of it.
     */
    @SuppressWarnings("deprecation") // getParcelableExtra(String, Class) is API 33; the app runs from 24
    String textOf(Intent intent) throws IOException {
        if (intent == null) {
            throw new IOException("nothing was sent to open");
        }
        if (Intent.ACTION_SEND.equals(intent.getAction())) {
            CharSequence sent = intent.getCharSequenceExtra(Intent.EXTRA_TEXT);
            if (sent != null && sent.length() > 0) {
                return sent.toString();
            }
            Uri stream = intent.getParcelableExtra(Intent.EXTRA_STREAM);
            if (stream != null) {
                return RecordFiles.readDocument(this, stream);
            }
            throw new IOException("the app sent neither text nor a file");
        }
        if (intent.getData() == null) {
            throw new IOException("no file was given to open");
        }
        return RecordFiles.readDocument(this, intent.getData());
    }
}
