package org.tempest.app.ui;

import android.app.Activity;
import android.content.ClipData;
import android.content.ClipboardManager;
import android.content.Context;
import android.content.Intent;
import android.net.Uri;
import android.widget.Toast;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Games out of the app: a record shared with another app (its text, and a
 * .pgn attachment through RecordProvider), or a record or a position copied
 * to the clipboard. Every game's record is PGN (the engine writes tags and
 * movetext for all four; a variant's carries its Variant tag).
 */
final class Sharing {
    static final String SHARE_FAILED = "The game could not be shared";

    private Sharing() {
    }

    /**
     * The chooser for sending the record: the text itself (for a message) and
     * the file "name.pgn" (for mail or a chess app), readable through the
     * grant alone.
     */
    static void shareRecord(Activity activity, String record, String name) {
        Uri file;
        try {
            file = RecordProvider.uriOf(writeShared(activity, name + ".pgn", record));
        } catch (IOException e) {
            RecordFiles.problem(activity, SHARE_FAILED, e.getMessage());
            return;
        }
        Intent send = new Intent(Intent.ACTION_SEND);
        send.setType("text/plain");
        send.putExtra(Intent.EXTRA_SUBJECT, subject(record));
        send.putExtra(Intent.EXTRA_TEXT, record);
        send.putExtra(Intent.EXTRA_STREAM, file);
        send.setClipData(ClipData.newUri(activity.getContentResolver(), name + ".pgn", file));
        send.addFlags(Intent.FLAG_GRANT_READ_URI_PERMISSION);
        Intent chooser = Intent.createChooser(send, activity.getString(org.tempest.app.R.string.share_game));
        // Tempest takes shared games too; it is not offered its own.
        chooser.putExtra(Intent.EXTRA_EXCLUDE_COMPONENTS,
                new android.content.ComponentName[] {new android.content.ComponentName(activity, OpenRecordActivity.class)});
        activity.startActivity(chooser);
    }

    /** "Player – Tempest (Greedy), 2026.05.01": the record's players and date, for a mail's subject. */
    static String subject(String record) {
        java.util.Map<String, String> tags = RecordTags.tags(record);
        String white = tags.get("White");
        String black = tags.get("Black");
        String date = tags.get("Date");
        StringBuilder b = new StringBuilder("Tempest game");
        if (white != null && black != null) {
            b.append(": ").append(white).append(" – ").append(black);
        }
        if (date != null && !date.equals(RecordTags.UNKNOWN_DATE)) {
            b.append(", ").append(date);
        }
        return b.toString();
    }

    /** Writes a file into the shared folder, replacing the one shared before (one at a time is kept). */
    private static File writeShared(Context c, String name, String text) throws IOException {
        File dir = new File(c.getCacheDir(), RecordProvider.FOLDER);
        File[] old = dir.listFiles();
        if (old != null) {
            for (File f : old) {
                f.delete();
            }
        }
        if (!dir.isDirectory() && !dir.mkdirs()) {
            throw new IOException("cannot create " + dir);
        }
        File f = new File(dir, name);
        OutputStream out = new FileOutputStream(f);
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        } finally {
            out.close();
        }
        return f;
    }

    /** Puts text on the clipboard and says so. */
    static void copy(Activity activity, String label, String text, String said) {
        ClipboardManager cb = (ClipboardManager) activity.getSystemService(Context.CLIPBOARD_SERVICE);
        cb.setPrimaryClip(ClipData.newPlainText(label, text));
        Toast.makeText(activity, said, Toast.LENGTH_SHORT).show();
    }

    /** The clipboard's text, or null when it holds none. */
    static String clipboardText(Activity activity) {
        ClipboardManager cb = (ClipboardManager) activity.getSystemService(Context.CLIPBOARD_SERVICE);
        ClipData clip = cb.getPrimaryClip();
        if (clip == null || clip.getItemCount() == 0) {
            return null;
        }
        CharSequence t = clip.getItemAt(0).coerceToText(activity);
        return t == null ? null : t.toString();
    }
}
