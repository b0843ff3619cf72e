package org.tempest.app.ui;

import android.app.Activity;
import android.graphics.Typeface;
import android.graphics.drawable.GradientDrawable;
import android.text.SpannableStringBuilder;
import android.text.Spanned;
import android.text.style.ForegroundColorSpan;
import android.text.style.StyleSpan;
import android.view.View;
import android.widget.TextView;
import java.util.ArrayList;
import java.util.List;
import org.tempest.app.R;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.Clock;
import org.tempest.app.game.Snapshot;

/**
 * The players' bars: the opponent above the board, the person below, each
 * with their colour, name (the profile's, or Tempest with its level) and
 * clock; the bar of the player to move is highlighted. In a game of more
 * than two (Chameleon Chess) the top bar lists every other player. The
 * person's bar says whether the game is rated or casual.
 */
final class PlayerBars {
    /** The highlight of the bar whose player is to move. */
    private static final int TO_MOVE = 0x33E0A800;

    private final Activity activity;
    private final GameController controller;
    private final View top;
    private final View bottom;
    private final View swatchTop;
    private final View swatchBottom;
    private final TextView nameTop;
    private final TextView nameBottom;
    private final TextView clockOwn;
    private final TextView clockOpponent;
    private final TextView ratedMark;

    PlayerBars(Activity activity, GameController controller) {
        this.activity = activity;
        this.controller = controller;
        top = activity.findViewById(R.id.player_top);
        bottom = activity.findViewById(R.id.player_bottom);
        swatchTop = activity.findViewById(R.id.swatch_top);
        swatchBottom = activity.findViewById(R.id.swatch_bottom);
        nameTop = activity.findViewById(R.id.name_top);
        nameBottom = activity.findViewById(R.id.name_bottom);
        clockOwn = activity.findViewById(R.id.clock_own);
        clockOpponent = activity.findViewById(R.id.clock_opponent);
        ratedMark = activity.findViewById(R.id.rated_mark);
    }

    /**
     * Shows the players of the game, the one at the bottom being the side
     * whose person looks at the screen.
     */
    void show(Snapshot s, BoardModel m, String own) {
        List<String> others = new ArrayList<String>();
        for (String side : s.game.sides) {
            // Of several, only those seated in this game (Chameleon Chess's board says who plays) and not out.
            boolean seated = m == null || m.players.isEmpty() || m.players.contains(side);
            if (!side.equals(own) && seated && (m == null || !m.isEliminated(side) || s.game.sides.size() == 2)) {
                others.add(side);
            }
        }
        boolean live = !s.state.over && !s.isPast();
        String toMove = s.state.toMove;
        nameBottom.setText(player(s, own, false, false));
        swatch(swatchBottom, s, own);
        bottom.setBackgroundColor(live && own.equals(toMove) ? TO_MOVE : 0);
        SpannableStringBuilder b = new SpannableStringBuilder();
        for (String side : others) {
            if (b.length() > 0) {
                b.append("\n");
            }
            if (others.size() > 1) {
                int at = b.length();
                b.append("● ");
                b.setSpan(new ForegroundColorSpan(GameUi.of(s.game.name).sideColor(side)), at, at + 1,
                        Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            }
            b.append(player(s, side, others.size() > 1, others.size() > 1 && live && side.equals(toMove)));
        }
        if (m != null && !m.eliminated.isEmpty() && s.game.sides.size() > 2) {
            b.append("\n").append(Players.eliminated(s.setup, m));
        }
        nameTop.setText(b);
        ratedMark.setText(s.setup.isRated() ? "Rated" : "Casual");
        ratedMark.setTypeface(null, s.setup.isRated() ? Typeface.BOLD : Typeface.NORMAL);
        ratedMark.setContentDescription(s.setup.isRated() ? "Rated game: touch to read what counts"
                : "Casual game: it counts for no rating; touch to read why");
        swatchTop.setVisibility(others.size() == 1 ? View.VISIBLE : View.GONE);
        if (others.size() == 1) {
            swatch(swatchTop, s, others.get(0));
        }
        top.setBackgroundColor(live && others.size() == 1 && others.contains(toMove) ? TO_MOVE : 0);
    }

    /**
     * "Player  White", "Tempest  Level 4 · 1240 Elo" (the swatch gives its
     * colour; the Elo the level's in this game); one of several players:
     * "Blue  Tempest · Greedy · 1000 Elo".
     * The name in bold.
     */
    private CharSequence player(Snapshot s, String side, boolean several, boolean toMove) {
        SpannableStringBuilder b = new SpannableStringBuilder();
        String sideName = Players.name(s.setup.variant, side);
        String name;
        String detail;
        if (s.setup.isHuman(side)) {
            boolean onePerson = s.setup.humanPlayers.length() == 1;
            name = onePerson ? s.setup.profile : sideName;
            detail = onePerson ? sideName : "";
        } else {
            name = several ? sideName : "Tempest";
            detail = (several ? "Tempest · " : "") + levelText(s.setup.levelOf(side), s.game.name,
                    s.setup.seatedSides(s.game).size());
        }
        b.append(name);
        b.setSpan(new StyleSpan(Typeface.BOLD), 0, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
        if (!detail.isEmpty()) {
            b.append("  ").append(detail);
        }
        if (toMove) {
            b.append("  ◀");
        }
        return b;
    }

    /**
     * A level as the bar writes it: "Level 4 · 1240 Elo" with its Elo in this
     * game of so many players, "Level 4" where that is unmeasured (LevelNames).
     */
    private String levelText(int skill, String game, int players) {
        LevelInfo l = controller.cachedLevel(skill);
        return l == null ? LevelNames.unknown(skill) : LevelNames.bar(l, game, players);
    }

    private void swatch(View v, Snapshot s, String side) {
        GradientDrawable d = new GradientDrawable();
        d.setShape(GradientDrawable.OVAL);
        d.setColor(GameUi.of(s.game.name).sideColor(side));
        // A grey rim shows white on a light screen and black on a dark one, and keeps each filled.
        d.setStroke(Math.max(1, Math.round(activity.getResources().getDisplayMetrics().density)), 0xFF808080);
        v.setBackground(d);
        v.setContentDescription(Players.name(s.setup.variant, side));
    }

    /**
     * The clocks in the bars, the running one highlighted (red under ten
     * seconds); returns the side whose flag has fallen, or null.
     */
    String showClocks(Snapshot s, Clock c, long now, String own) {
        boolean on = c != null && s.setup.hasClock(s.game);
        clockOwn.setVisibility(on ? View.VISIBLE : View.GONE);
        clockOpponent.setVisibility(on ? View.VISIBLE : View.GONE);
        if (!on) {
            return null;
        }
        String other = s.game.otherSide(own);
        showClock(clockOwn, c, own, now, Players.name(s.setup.variant, own));
        showClock(clockOpponent, c, other, now, Players.name(s.setup.variant, other));
        return c.flagged(now);
    }

    private void showClock(TextView view, Clock c, String side, long now, String name) {
        long left = c.remaining(side, now);
        view.setText(Clock.format(left));
        view.setContentDescription(name + "'s clock: " + Clock.format(left));
        boolean running = side.equals(c.running());
        view.setBackgroundColor(running ? (left < 10000 ? 0xFFC62828 : 0xFF2B3A55) : 0x00000000);
        view.setTextColor(running ? 0xFFFFFFFF : Themes.textColor(activity));
    }
}
