package org.tempest.app.ui;

import android.app.Activity;
import android.content.Context;
import android.content.res.Configuration;
import android.content.res.TypedArray;
import org.tempest.app.R;

/** The app's light and dark themes, chosen in the settings or following the system. */
final class Themes {
    static final String[] NAMES = {"As the system", "Light", "Dark"};

    private Themes() {
    }

    /** Sets the activity's theme; call before super.onCreate. */
    static void apply(Activity a) {
        a.setTheme(dark(a) ? R.style.AppTheme_Dark : R.style.AppTheme);
    }

    /** Whether the dark theme is in force: chosen, or the system's night mode when following it. */
    static boolean dark(Context c) {
        int choice = TempestApp.controller(c).settings().appTheme();
        if (choice == 0) {
            int night = c.getResources().getConfiguration().uiMode & Configuration.UI_MODE_NIGHT_MASK;
            return night == Configuration.UI_MODE_NIGHT_YES;
        }
        return choice == 2;
    }

    /** The theme's colour for primary text. */
    static int textColor(Context c) {
        TypedArray t = c.obtainStyledAttributes(new int[] {android.R.attr.textColorPrimary});
        try {
            return t.getColor(0, 0xFF202020);
        } finally {
            t.recycle();
        }
    }
}
