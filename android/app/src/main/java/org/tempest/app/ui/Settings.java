package org.tempest.app.ui;

import android.content.Context;
import android.content.SharedPreferences;
import android.content.pm.ActivityInfo;
import org.tempest.app.game.Analyst;

/** The player's settings: board theme, move sounds, orientation, thinking time, last level, analysis lines. */
public final class Settings {
    /** Board themes: name, light square, dark square. */
    static final String[] THEMES = {"Classic", "Green", "Blue", "Wood"};
    private static final int[][] THEME_COLORS = {
        {0xFFF0D9B5, 0xFFB58863},
        {0xFFEEEED2, 0xFF769656},
        {0xFFDEE3E6, 0xFF8CA2AD},
        {0xFFE8C894, 0xFFA86F3C},
    };
    /** The board theme painted with wood images (its colours are the wood's base). */
    static final int WOOD = 3;
    static final String[] BACKGROUNDS = {"Plain", "Woven"};
    static final String[] ORIENTATIONS = {"Automatic", "Portrait", "Landscape"};
    static final int[] THINK_MILLIS = {500, 1000, 2000, 5000};

    private final SharedPreferences prefs;

    public Settings(Context context) {
        prefs = context.getSharedPreferences("settings", Context.MODE_PRIVATE);
    }

    public int theme() {
        return clamp(prefs.getInt("theme", 0), THEMES.length);
    }

    public void setTheme(int theme) {
        prefs.edit().putInt("theme", clamp(theme, THEMES.length)).apply();
    }

    public int lightSquare() {
        return THEME_COLORS[theme()][0];
    }

    public int darkSquare() {
        return THEME_COLORS[theme()][1];
    }

    public boolean sounds() {
        return prefs.getBoolean("sounds", true);
    }

    public void setSounds(boolean on) {
        prefs.edit().putBoolean("sounds", on).apply();
    }

    /** Whether the sound of this kind plays: moves and captures share the "Move sounds" setting. */
    boolean soundOn(Sounds.Kind kind) {
        switch (kind) {
            case CHECK:
                return prefs.getBoolean("sound_check", true);
            case CARD:
                return prefs.getBoolean("sound_card", true);
            case GAME_END:
                return prefs.getBoolean("sound_end", true);
            default:
                return sounds();
        }
    }

    void setSoundOn(String key, boolean on) {
        prefs.edit().putBoolean(key, on).apply();
    }

    boolean flag(String key, boolean otherwise) {
        return prefs.getBoolean(key, otherwise);
    }

    /** Background music while a game is on screen; off unless the player turns it on. */
    public boolean music() {
        return prefs.getBoolean("music", false);
    }

    public void setMusic(boolean on) {
        prefs.edit().putBoolean("music", on).apply();
    }

    /** The app's theme: 0 as the system, 1 light, 2 dark (Themes.NAMES). */
    public int appTheme() {
        return clamp(prefs.getInt("appTheme", 0), Themes.NAMES.length);
    }

    public void setAppTheme(int theme) {
        prefs.edit().putInt("appTheme", clamp(theme, Themes.NAMES.length)).apply();
    }

    /** The piece set, an index of PieceDrawer.SETS. */
    public int pieceSet() {
        return clamp(prefs.getInt("pieceSet", 0), PieceDrawer.SETS.length);
    }

    public void setPieceSet(int set) {
        prefs.edit().putInt("pieceSet", clamp(set, PieceDrawer.SETS.length)).apply();
    }

    /** Whether the board's squares are wood images. */
    public boolean woodBoard() {
        return theme() == WOOD;
    }

    /** The game screen's background: 0 plain, 1 the woven image. */
    public int background() {
        return clamp(prefs.getInt("background", 0), BACKGROUNDS.length);
    }

    public void setBackground(int b) {
        prefs.edit().putInt("background", clamp(b, BACKGROUNDS.length)).apply();
    }

    public int orientation() {
        return clamp(prefs.getInt("orientation", 0), ORIENTATIONS.length);
    }

    public void setOrientation(int o) {
        prefs.edit().putInt("orientation", clamp(o, ORIENTATIONS.length)).apply();
    }

    /** The orientation for Activity.setRequestedOrientation. */
    public int requestedOrientation() {
        switch (orientation()) {
            case 1:
                return ActivityInfo.SCREEN_ORIENTATION_PORTRAIT;
            case 2:
                return ActivityInfo.SCREEN_ORIENTATION_LANDSCAPE;
            default:
                return ActivityInfo.SCREEN_ORIENTATION_UNSPECIFIED;
        }
    }

    /** Index into THINK_MILLIS. */
    public int thinkTime() {
        return clamp(prefs.getInt("think", 1), THINK_MILLIS.length);
    }

    public void setThinkTime(int i) {
        prefs.edit().putInt("think", clamp(i, THINK_MILLIS.length)).apply();
    }

    /** How long the engine thinks per move, in milliseconds. */
    public long thinkMillis() {
        return THINK_MILLIS[thinkTime()];
    }

    /** How many lines the analysis shows where the engine gives several (MultiPV), 1 to Analyst.MAX_LINES. */
    public int analysisLines() {
        int n = prefs.getInt("analysisLines", Analyst.MAX_LINES);
        return n < 1 || n > Analyst.MAX_LINES ? Analyst.MAX_LINES : n;
    }

    public void setAnalysisLines(int n) {
        prefs.edit().putInt("analysisLines", n).apply();
    }

    /** The level chosen last, offered first next time. */
    public int lastLevel() {
        return prefs.getInt("level", 4);
    }

    public void setLastLevel(int level) {
        prefs.edit().putInt("level", level).apply();
    }

    /** Whether a new game that can be rated is (the new-game screen's choice, kept for rematches too). */
    public boolean ratedGames() {
        return prefs.getBoolean("rated", true);
    }

    public void setRatedGames(boolean on) {
        prefs.edit().putBoolean("rated", on).apply();
    }

    private static int clamp(int v, int n) {
        return v < 0 || v >= n ? 0 : v;
    }
}
