package org.tempest.app.ui;

import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.view.View;
import android.widget.Button;
import android.widget.TextView;
import org.tempest.app.R;

/** The start menu: new game, continue, load, settings, profile. */
public final class MainActivity extends Activity {
    private GameController controller;

    @Override
    protected void onCreate(Bundle saved) {
        Themes.apply(this);
        super.onCreate(saved);
        controller = TempestApp.controller(this);
        setRequestedOrientation(controller.settings().requestedOrientation());
        setContentView(R.layout.activity_main);
        EdgeToEdge.fit(this);
        findViewById(R.id.btn_new).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, NewGameActivity.class));
            }
        });
        findViewById(R.id.btn_continue).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                openGame(true);
            }
        });
        findViewById(R.id.btn_load).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                RecordFiles.chooseAndLoad(MainActivity.this, showGame());
            }
        });
        findViewById(R.id.btn_settings).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, SettingsActivity.class));
            }
        });
        findViewById(R.id.btn_profile).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, ProfileActivity.class));
            }
        });
        findViewById(R.id.btn_about).setOnClickListener(new View.OnClickListener() {
            @Override
            public void onClick(View v) {
                startActivity(new Intent(MainActivity.this, AboutActivity.class));
            }
        });
    }

    @Override
    protected void onResume() {
        super.onResume();
        setRequestedOrientation(controller.settings().requestedOrientation());
        Button cont = findViewById(R.id.btn_continue);
        cont.setEnabled(ownGameOn() || controller.store().hasAutosave());
        ((TextView) findViewById(R.id.current_profile)).setText("Playing as " + controller.profiles().current());
    }

    private Runnable showGame() {
        return new Runnable() {
            @Override
            public void run() {
                openGame(false);
            }
        };
    }

    /** Whether the game in memory is the current profile's (another profile's is not continued for it). */
    private boolean ownGameOn() {
        return controller.snapshot() != null
                && controller.snapshot().setup.profile.equals(controller.profiles().current());
    }

    private void openGame(boolean resume) {
        Intent i = new Intent(this, GameActivity.class);
        i.putExtra(GameActivity.EXTRA_RESUME, resume && !ownGameOn());
        startActivity(i);
    }

    @Override
    protected void onActivityResult(int request, int result, Intent data) {
        super.onActivityResult(request, result, data);
        if (request == RecordFiles.REQUEST_OPEN && result == RESULT_OK && data != null && data.getData() != null) {
            RecordFiles.loadDocument(this, data.getData(), showGame());
        }
    }
}
