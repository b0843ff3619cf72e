package org.tempest.app.ui;

import android.content.ContentProvider;
import android.content.ContentValues;
import android.database.Cursor;
import android.database.MatrixCursor;
import android.net.Uri;
import android.os.ParcelFileDescriptor;
import android.provider.OpenableColumns;
import java.io.File;
import java.io.FileNotFoundException;

/**
 * Hands a shared game record to the app the player shares it with, as a
 * file attachment: read-only, one folder of the app's cache (Sharing writes
 * there), reached only through a URI the share grants. The app links no
 * library, so this is its own small FileProvider.
 */
public final class RecordProvider extends ContentProvider {
    static final String AUTHORITY = "org.tempest.app.records";
    /** The folder of shared records, under the app's cache. */
    static final String FOLDER = "shared";

    /** The URI of a shared record file. */
    static Uri uriOf(File f) {
        return new Uri.Builder().scheme("content").authority(AUTHORITY).appendPath(f.getName()).build();
    }

    /** The shared file a URI names, or null: a plain name in the shared folder, nothing else. */
    private File fileOf(Uri uri) {
        if (getContext() == null || uri.getPathSegments().size() != 1) {
            return null;
        }
        String name = uri.getLastPathSegment();
        if (name == null || name.startsWith(".") || name.contains("/") || name.contains("\\")) {
            return null;
        }
        File f = new File(new File(getContext().getCacheDir(), FOLDER), name);
        return f.isFile() ? f : null;
    }

    @Override
    public boolean onCreate() {
        return true;
    }

    @Override
    public String getType(Uri uri) {
        String name = uri.getLastPathSegment();
        return name != null && name.endsWith(".pgn") ? RecordFiles.PGN_TYPE : "text/plain";
    }

    @Override
    public ParcelFileDescriptor openFile(Uri uri, String mode) throws FileNotFoundException {
        File f = fileOf(uri);
        if (f == null || !"r".equals(mode)) {
            throw new FileNotFoundException("no shared record " + uri);
        }
        return ParcelFileDescriptor.open(f, ParcelFileDescriptor.MODE_READ_ONLY);
    }

    /** The name and size of a shared record, which receiving apps show for the attachment. */
    @Override
    public Cursor query(Uri uri, String[] projection, String selection, String[] args, String order) {
        File f = fileOf(uri);
        String[] cols = projection != null ? projection : new String[] {OpenableColumns.DISPLAY_NAME, OpenableColumns.SIZE};
        MatrixCursor c = new MatrixCursor(cols, 1);
        if (f == null) {
            return c;
        }
        Object[] row = new Object[cols.length];
        for (int i = 0; i < cols.length; i++) {
            if (OpenableColumns.DISPLAY_NAME.equals(cols[i])) {
                row[i] = f.getName();
            } else if (OpenableColumns.SIZE.equals(cols[i])) {
                row[i] = f.length();
            }
        }
        c.addRow(row);
        return c;
    }

    @Override
    public Uri insert(Uri uri, ContentValues values) {
        throw new UnsupportedOperationException("shared records are read-only");
    }

    @Override
    public int delete(Uri uri, String selection, String[] args) {
        throw new UnsupportedOperationException("shared records are read-only");
    }

    @Override
    public int update(Uri uri, ContentValues values, String selection, String[] args) {
        throw new UnsupportedOperationException("shared records are read-only");
    }
}
