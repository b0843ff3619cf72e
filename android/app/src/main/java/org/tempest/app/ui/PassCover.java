package org.tempest.app.ui;

import android.app.Activity;
import android.view.Gravity;
import android.view.View;
import android.view.ViewGroup;
import android.widget.TextView;
import org.tempest.app.R;

/**
 * Pass and play in a game with hidden hands: after each move a screen
 * covers the game until the next player touches it, so neither sees the
 * other's hand. It is put up again after a rotation.
 */
final class PassCover {
    private final Activity activity;
    private final Runnable onLifted;
    private TextView cover;
    /** The side the cover waits for, or null when it is down. */
    private String waitingFor;

    PassCover(Activity activity, Runnable onLifted) {
        this.activity = activity;
        this.onLifted = onLifted;
    }

    /** The layout was made anew: the old cover is gone; one that was up is put up again. */
    void rebuilt(String variant) {
        cover = null;
        if (waitingFor != null) {
            show(variant, waitingFor);
        }
    }

    boolean up() {
        return waitingFor != null;
    }

    void show(String variant, String side) {
        if (cover == null) {
            cover = new TextView(activity);
            cover.setId(R.id.pass_cover);
            cover.setBackgroundColor(0xFF2B3A55);
            cover.setTextColor(0xFFFFFFFF);
            cover.setTextSize(22);
            cover.setGravity(Gravity.CENTER);
            cover.setPadding(48, 48, 48, 48);
            cover.setOnClickListener(new View.OnClickListener() {
                @Override
                public void onClick(View v) {
                    lift();
                    onLifted.run();
                }
            });
            activity.addContentView(cover, new ViewGroup.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT,
                    ViewGroup.LayoutParams.MATCH_PARENT));
        }
        waitingFor = side;
        cover.setText("Pass the phone to " + Players.name(variant, side) + ".\n\nTouch the screen when only "
                + Players.name(variant, side) + " is looking.");
        cover.setVisibility(View.VISIBLE);
        cover.bringToFront();
    }

    void lift() {
        waitingFor = null;
        if (cover != null) {
            cover.setVisibility(View.GONE);
        }
    }
}
