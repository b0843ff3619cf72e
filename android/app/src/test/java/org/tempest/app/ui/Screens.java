package org.tempest.app.ui;

import static org.robolectric.Shadows.shadowOf;

import android.os.Looper;
import org.robolectric.RuntimeEnvironment;

/** What the screen tests share: the app's controller and waiting for the engine. */
final class Screens {
    private Screens() {
    }

    static GameController controller() {
        return TempestApp.controller(RuntimeEnvironment.getApplication());
    }

    /** Waits until the engine has answered everything asked, then runs the UI thread's queue. */
    static void settle() {
        AppTest.waitFor("the engine to finish", () -> controller().idle());
        shadowOf(Looper.getMainLooper()).idle();
    }

    /** Ends the app's engine and forgets its controller (after each test). */
    static void forgetController() {
        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
    }
}
