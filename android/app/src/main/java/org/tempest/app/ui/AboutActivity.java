package org.tempest.app.ui;

import android.app.Activity;
import android.content.pm.PackageInfo;
import android.content.pm.PackageManager;
import android.os.Bundle;
import android.view.View;
import android.widget.TextView;
import org.tempest.app.R;

/**
 * About and diagnostics: the app's and the engine's versions, where the
 * engine runs from, how often it had to be restarted, and the engines'
 * standard error (a crash trace is kept there) with a button to clear it.
 */
public final class AboutActivity extends Activity {
    private GameController controller;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        setContentView(R.layout.activity_about);
        EdgeToEdge.fit(this);
        controller = TempestApp.controller(this);
        findViewById(R.id.btn_clear_log).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                controller.engineLog().clear();
                show();
            }
        });
        show();
    }

    private void show() {
        String version = "?";
        try {
            PackageInfo info = getPackageManager().getPackageInfo(getPackageName(), 0);
            version = info.versionName;
        } catch (PackageManager.NameNotFoundException e) {
            version = "unknown";
        }
        ((TextView) findViewById(R.id.about_text)).setText("Tempest for Android " + version
                + "\nChess, card chess, Chameleon Chess and Stratego against the Tempest engine, offline."
                + "\nEngine: " + controller.enginePath()
                + "\nEngine restarts after a failure in this session: " + controller.engineRestarts());
        String log = controller.engineLog().text();
        ((TextView) findViewById(R.id.log_text)).setText(log.isEmpty() ? "(empty)" : log);
    }
}
