package org.tempest.app.ui;

import android.app.Activity;
import android.app.Application;
import android.content.Context;
import java.io.File;

/**
 * Holds the game controller for the whole process, so a game survives
 * rotation and activity restarts. The engine is the native library
 * libtempest.so: Android installs it executable in the app's native
 * library directory, the one place an app targeting SDK 29+ may execute
 * files from. Tests point "tempest.engine" at a host build instead.
 */
public final class TempestApp extends Application {
    private GameController controller;

    /** The controller of the running app. */
    public static GameController controller(Context context) {
        TempestApp app = (TempestApp) context.getApplicationContext();
        synchronized (app) {
            if (app.controller == null) {
                app.controller = new GameController(enginePath(app), app.getFilesDir(), new Settings(app));
            }
            return app.controller;
        }
    }

    /**
     * Shows a screen's layout the way every screen does (after its theme and
     * super.onCreate): in the orientation the settings ask for, padded clear
     * of the system bars. Returns the controller.
     */
    static GameController showScreen(Activity a, int layout) {
        GameController controller = controller(a);
        a.setRequestedOrientation(controller.settings().requestedOrientation());
        a.setContentView(layout);
        EdgeToEdge.fit(a);
        return controller;
    }

    /**
     * Drops the controller as if the process had been killed: the next
     * screen starts a new one, which finds the game in the autosave.
     */
    static void forgetControllerForTest(Context context) {
        TempestApp app = (TempestApp) context.getApplicationContext();
        synchronized (app) {
            if (app.controller != null) {
                app.controller.shutdown();
                app.controller = null;
            }
        }
    }

    static String enginePath(Context context) {
        String override = System.getProperty("tempest.engine");
        if (override != null && !override.isEmpty()) {
            return override;
        }
        return new File(context.getApplicationInfo().nativeLibraryDir, "libtempest.so").getPath();
    }
}
