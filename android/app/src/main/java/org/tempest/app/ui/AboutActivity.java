package org.tempest.app.ui;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.pm.PackageInfo;
import android.content.pm.PackageManager;
import android.os.Bundle;
import android.view.View;
import android.widget.TextView;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.tempest.app.R;
import org.tempest.app.engine.EngineBuild;

/**
 * About and diagnostics: the app's version, the engine's name, version and
 * the processor it was built for (never its path: a player has no use for
 * it), how often it had to be restarted, and the engines' standard error (a
 * crash trace is kept there) with a button to clear it.
 * Also Tempest's licence, the components the engine includes, and a button
 * that shows every licence text (the asset THIRD_PARTY_NOTICES.txt).
 */
public final class AboutActivity extends Activity {
    private GameController controller;
    private Notices notices;
    private AlertDialog licencesDialog;
    /** The engine as the About text names it, once the engine has said (EngineBuild.describe). */
    private String engine = "asking the engine…";

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
        notices = readNotices();
        ((TextView) findViewById(R.id.licence_text)).setText(licenceSummary(notices));
        View licences = findViewById(R.id.btn_licences);
        licences.setEnabled(notices != null);
        licences.setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                licencesDialog = new AlertDialog.Builder(AboutActivity.this).setTitle(R.string.licences)
                        .setMessage(notices.formatted()).setPositiveButton(android.R.string.ok, null).show();
            }
        });
        show();
        controller.engineBuild(new GameController.Callback<EngineBuild>() {
            @Override
            public void done(EngineBuild build, String problem) {
                engine = build != null ? build.describe() : "it did not start (the engine log below says why)";
                if (!isDestroyed()) {
                    show();
                }
            }
        });
    }

    /** The licences dialog last shown (tests read it). */
    AlertDialog licencesDialog() {
        return licencesDialog;
    }

    private Notices readNotices() {
        try (InputStream in = getAssets().open(Notices.ASSET)) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                bytes.write(buf, 0, n);
            }
            return Notices.parse(bytes.toString("UTF-8"));
        } catch (IOException e) {
            return null; // a build without the asset: the summary says so, the button is off
        }
    }

    private static String licenceSummary(Notices notices) {
        String free = "Tempest is free software under the MIT licence.";
        if (notices == null) {
            return free + " The licence texts are missing from this build.";
        }
        if (notices.components().isEmpty()) {
            return free;
        }
        return free + " It includes the " + Notices.list(notices.components()) + ", each under its own licence.";
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
                + "\nEngine: " + engine
                + "\nEngine restarts after a failure in this session: " + controller.engineRestarts());
        String log = controller.engineLog().text();
        ((TextView) findViewById(R.id.log_text)).setText(log.isEmpty() ? "(empty)" : log);
    }
}
