package org.tempest.app.ui;

import android.app.Activity;
import android.graphics.Insets;
import android.os.Build;
import android.view.View;
import android.view.WindowInsets;

/**
 * An app targeting SDK 35 or later is drawn edge to edge on Android 15 and
 * later: its window reaches under the status bar, the navigation bar and a
 * display cutout. Each screen pads its content by what those cover, so no
 * button or square hides behind a bar. Older systems lay the window out
 * between the bars themselves, so nothing is added there.
 */
final class EdgeToEdge {
    /** Android 15, the first system that draws such an app edge to edge. */
    static final int FIRST_EDGE_TO_EDGE_SDK = 35;

    private EdgeToEdge() {
    }

    /** Pads the activity's content by the system bars and cutout it is drawn under; call after setContentView. */
    static void fit(Activity a) {
        if (Build.VERSION.SDK_INT < FIRST_EDGE_TO_EDGE_SDK) {
            return;
        }
        View content = a.findViewById(android.R.id.content);
        content.setOnApplyWindowInsetsListener(new View.OnApplyWindowInsetsListener() {
            @Override
            public WindowInsets onApplyWindowInsets(View v, WindowInsets insets) {
                Insets i = insets.getInsets(WindowInsets.Type.systemBars() | WindowInsets.Type.displayCutout());
                v.setPadding(i.left, i.top, i.right, i.bottom);
                return insets;
            }
        });
        content.requestApplyInsets();
    }
}
