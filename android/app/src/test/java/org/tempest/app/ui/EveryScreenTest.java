package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.Intent;
import android.os.Looper;
import android.view.View;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.android.controller.ActivityController;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.robolectric.shadows.ShadowAlertDialog;
import org.robolectric.shadows.ShadowDialog;
import org.tempest.app.R;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.Games;
import org.tempest.app.game.Clock;
import org.tempest.app.game.GameSession;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Every screen the manifest declares, each with something on it (a game
 * under way in each of the four games, a profile with results and
 * ratings, a saved game, a rated game, a real PGN opened from another app,
 * How to play of each game), in four looks: light and dark, portrait and
 * landscape. Each is drawn into screenshots/screens/ as
 * {@code <screen>[_<game>]_<light|dark>[_landscape].png} and held to the
 * same checks: no text cut off, no two texts overlapping, no engine token,
 * no developer's path or crash trace, the menu included. A screen is
 * opened through this class's table, which must name every activity of
 * AndroidManifest.xml: a new screen cannot be forgotten.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = EveryScreenTest.PORTRAIT)
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class EveryScreenTest {
    static final String PORTRAIT = "w360dp-h720dp-xhdpi";
    static final String LANDSCAPE = "w720dp-h360dp-land-xhdpi"; // orientation before density, as Android orders them

    /** A famous game (Morphy against the Duke of Brunswick and Count Isouard, Paris 1858), as a PGN file has it. */
    static final String OPERA_GAME = "[Event \"Paris\"]\n[Site \"Paris FRA\"]\n[Date \"1858.??.??\"]\n[Round \"?\"]\n"
            + "[White \"Paul Morphy\"]\n[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n[ECO \"C41\"]\n\n"
            + "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5\n"
            + "10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7\n"
            + "16. Qb8+ Nxb8 17. Rd8# 1-0\n";

    /** The same game to Black's ninth move, unfinished: White, the person, to move. */
    private static final String OPERA_UNDER_WAY = "[Event \"Paris\"]\n[White \"Paul Morphy\"]\n"
            + "[Black \"Duke Karl / Count Isouard\"]\n[Result \"*\"]\n\n"
            + "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 *\n";

    /** Scholar's mate one move away, for the position editor. */
    private static final String EDITOR_FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

    /** A screen as opened: its activity, and the dialog it shows over itself if any. */
    private static final class Shown {
        final ActivityController<? extends Activity> activity;
        final AlertDialog dialog;

        Shown(ActivityController<? extends Activity> activity, AlertDialog dialog) {
            this.activity = activity;
            this.dialog = dialog;
        }
    }

    /** How a screen is opened with its content. */
    private interface Opener {
        Shown open() throws Exception;
    }

    /** One row of the table: a screen, the game it shows (or null), its activity and how to open it. */
    private static final class Screen {
        final String name;
        final String game;
        final Class<? extends Activity> activity;
        final Opener opener;

        Screen(String name, String game, Class<? extends Activity> activity, Opener opener) {
            this.name = name;
            this.game = game;
            this.activity = activity;
            this.opener = opener;
        }

        /** {@code <screen>[_<game>]_<light|dark>[_landscape]}. */
        String shot(boolean dark, boolean landscape) {
            return name + (game == null ? "" : "_" + shotGame(game)) + (dark ? "_dark" : "_light")
                    + (landscape ? "_landscape" : "");
        }
    }

    /** The games by the names the screenshots use. */
    private static String shotGame(String variant) {
        return variant.equals("chessmate") ? "card_chess" : variant;
    }

    private static final String[] GAMES = {"chess", "chessmate", "chameleon", "stratego"};

    /** Every screen of the app: the table the manifest is held to. */
    private static List<Screen> screens() {
        final android.content.Context app = RuntimeEnvironment.getApplication();
        List<Screen> s = new ArrayList<Screen>();
        s.add(new Screen("main", null, MainActivity.class, () -> shown(open(MainActivity.class, null))));
        s.add(new Screen("new_game", null, NewGameActivity.class, EveryScreenTest::newGame));
        s.add(new Screen("stratego_setup", null, StrategoSetupActivity.class, EveryScreenTest::strategoSetup));
        for (final String g : GAMES) {
            s.add(new Screen("game", g, GameActivity.class, () -> gameUnderWay(g)));
        }
        s.add(new Screen("settings", null, SettingsActivity.class, () -> shown(open(SettingsActivity.class, null))));
        s.add(new Screen("profile", null, ProfileActivity.class, () -> shown(open(ProfileActivity.class, null))));
        s.add(new Screen("rated_games", null, RatedGamesActivity.class, () -> shown(open(RatedGamesActivity.class,
                RatedGamesActivity.intent(app, "Player", "chess")))));
        s.add(new Screen("about", null, AboutActivity.class, () -> shown(open(AboutActivity.class, null))));
        for (final String g : GAMES) {
            s.add(new Screen("how_to_play", g, HowToPlayActivity.class, () -> shown(open(HowToPlayActivity.class,
                    HowToPlayActivity.intent(app, declared(g))))));
        }
        s.add(new Screen("saved_games", null, SavedGamesActivity.class,
                () -> shown(open(SavedGamesActivity.class, null))));
        s.add(new Screen("position_editor", null, PositionEditorActivity.class, () -> shown(open(
                PositionEditorActivity.class, new Intent(app, PositionEditorActivity.class)
                        .putExtra(PositionEditorActivity.EXTRA_FEN, EDITOR_FEN)))));
        s.add(new Screen("open_record", null, OpenRecordActivity.class, EveryScreenTest::openRecord));
        return s;
    }

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    /** Builds the activity (with the intent, or a plain one), and waits for the engine's answers. */
    private static <A extends Activity> ActivityController<A> open(Class<A> activity, Intent intent) {
        ActivityController<A> c = (intent == null ? Robolectric.buildActivity(activity)
                : Robolectric.buildActivity(activity, intent)).setup();
        Screens.settle();
        return c;
    }

    private static Shown shown(ActivityController<? extends Activity> c) {
        return new Shown(c, null);
    }

    /** The new-game screen once the engine's games and levels are in. */
    private static Shown newGame() {
        ActivityController<NewGameActivity> c = open(NewGameActivity.class, null);
        AppTest.waitFor("the games and levels", () -> c.get().findViewById(R.id.btn_start).isEnabled());
        Screens.settle();
        return shown(c);
    }

    /** Stratego's setup as the new-game screen opens it, with the engine's proposed arrangement. */
    private static Shown strategoSetup() {
        Intent i = new Intent(RuntimeEnvironment.getApplication(), StrategoSetupActivity.class)
                .putExtra(StrategoSetupActivity.EXTRA_GAME, "stratego").putExtra(StrategoSetupActivity.EXTRA_LEVEL, 1);
        ActivityController<StrategoSetupActivity> c = open(StrategoSetupActivity.class, i);
        AppTest.waitFor("the proposed arrangement", () -> c.get().findViewById(R.id.btn_begin).isEnabled());
        return shown(c);
    }

    /** A real PGN sent from another app: the screen asks from where to show the game it loaded. */
    private static Shown openRecord() {
        ShadowDialog.reset();
        Intent send = new Intent(Intent.ACTION_SEND).setType("text/plain").putExtra(Intent.EXTRA_TEXT, OPERA_GAME);
        ActivityController<OpenRecordActivity> c = open(OpenRecordActivity.class, send);
        AlertDialog where = ShadowAlertDialog.getLatestAlertDialog();
        assertNotNull("a dialog over the screen", where);
        assertEquals("Game loaded: 33 moves", shadowOf(where).getTitle().toString());
        return new Shown(c, where);
    }

    /** What the engine declares of a game (How to play opens with it). */
    private static GameInfo declared(String game) {
        final Games[] got = new Games[1];
        controller().games((g, problem) -> got[0] = g);
        AppTest.waitFor("the declared games", () -> got[0] != null);
        GameInfo g = got[0].get(game);
        assertNotNull("the engine declares " + game, g);
        return g;
    }

    /** Plays the first of the wanted moves that is legal (else the first legal one), and the engine's answer. */
    private static void play(String... wanted) {
        Snapshot s = controller().snapshot();
        String move = s.legal.get(0);
        for (String w : wanted) {
            if (s.legal.contains(w)) {
                move = w;
                break;
            }
        }
        controller().play(move);
        Screens.settle();
    }

    /** A card of the hand played, if any is playable now; else a move. */
    private static void playACard() {
        Snapshot s = controller().snapshot();
        for (String token : s.legal) {
            if (token.contains(":")) {
                controller().play(token);
                Screens.settle();
                return;
            }
        }
        play();
    }

    /**
     * The game screen of a game under way, the engine at its quick greedy
     * level: chess from a loaded record, the other three played a few moves
     * from their start.
     */
    private static Shown gameUnderWay(String game) {
        switch (game) {
            case "chess":
                controller().load(OPERA_UNDER_WAY, 1, (ok, problem) -> assertTrue(problem, ok));
                Screens.settle();
                play("c3b5"); // 10. Nxb5, as Morphy played
                break;
            case "chessmate":
                controller().newGame(new GameSetup("chessmate", "w", 1,
                        "startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW", "Player"));
                Screens.settle();
                play("e2e4");
                playACard();
                play("g1f3", "d2d4");
                break;
            case "chameleon":
                controller().newGame(new GameSetup("chameleon", "r", 1, "startpos players rbyg", "Player", "b1,y1,g0"));
                Screens.settle();
                for (int i = 0; i < 3; i++) {
                    play();
                }
                break;
            case "stratego":
                controller().newGame(new GameSetup("stratego", "v", 1, "startpos", "Player"));
                Screens.settle();
                for (int i = 0; i < 3; i++) {
                    play();
                }
                break;
            default:
                throw new AssertionError("no game under way for " + game);
        }
        Snapshot s = controller().snapshot();
        assertFalse(game + " is under way", s.state.over);
        assertTrue(game + ": the person to move", s.humanToMove());
        return shown(open(GameActivity.class, null));
    }

    /**
     * What the screens show, made the way a player makes it: results in the
     * profile, a rated chess game lost by resigning and one won on time
     * (the test's clock runs ten minutes while the engine thinks), and a
     * saved game, saved from the game screen's menu.
     */
    private static void prepare() throws Exception {
        GameController c = controller();
        c.profiles().record("Player", "chess", 1, 'w');
        c.profiles().record("Player", "chess", 3, 'd');
        c.profiles().record("Player", "chessmate", 1, 'l');
        c.profiles().record("Player", "stratego", 2, 'w');

        c.newGame(new GameSetup("chess", "w", 1, "startpos", "Player").ratedOn("chess"));
        Screens.settle();
        play("e2e4");
        c.resign();
        Screens.settle();
        final GameSession session = c.sessionForTest();
        final AtomicLong base = new AtomicLong(1_000_000);
        session.setTickerForTest(() -> {
            Clock clock = session.clock();
            return clock != null && "b".equals(clock.running()) ? base.get() + 600_000 : base.get();
        });
        c.newGame(new GameSetup("chess", "w", 1, "startpos", "Player").ratedOn("chess").withClock(60_000, 0));
        Screens.settle();
        play("d2d4");
        assertTrue("won on time", c.snapshot().state.over);
        session.setTickerForTest(() -> System.nanoTime() / 1_000_000);
        assertEquals(2, c.rated().archive("Player").games("chess"));

        c.load(OPERA_UNDER_WAY, 1, (ok, problem) -> assertTrue(problem, ok));
        Screens.settle();
        ActivityController<GameActivity> g = open(GameActivity.class, null);
        Screens.chooseMenu(g.get(), R.id.menu_save);
        shadowOf(ShadowAlertDialog.getLatestAlertDialog()).clickOnItem(0); // in the app
        Screens.settle();
        assertEquals(1, c.store().savedGames().size());
        close(new Shown(g, null));
    }

    private static void close(Shown s) {
        if (s == null) {
            return;
        }
        if (s.dialog != null && s.dialog.isShowing()) {
            s.dialog.dismiss();
        }
        s.activity.pause().stop().destroy();
        shadowOf(Looper.getMainLooper()).idle();
    }

    /** Draws the screen (with its dialog) and holds its windows and its menu to every check. */
    private static void check(Shown shown, String shot) throws Exception {
        Activity a = shown.activity.get();
        Screens.settle();
        if (shown.dialog == null) {
            AppTest.screenshot(a, "screens/" + shot);
        } else {
            AppTest.screenshot(a, shown.dialog, "screens/" + shot);
        }
        List<View> windows = new ArrayList<View>();
        windows.add(a.getWindow().getDecorView());
        if (shown.dialog != null) {
            windows.add(shown.dialog.getWindow().getDecorView());
        }
        for (View w : windows) {
            Screens.assertNoTextClipped(w);
            Screens.assertNoTextOverlap(w);
            Screens.assertNoRawToken(w, shot);
            Screens.assertNoDeveloperText(w, shot);
        }
        Screens.assertNoRawTokenOnScreen(a, shot + " (the menu)");
        Screens.assertNoDeveloperTextOnScreen(a, shot + " (the menu)");
    }

    /** Opens every screen of the table in one look, draws and checks it; fails with every screen that failed. */
    private static void everyScreen(boolean dark, boolean landscape) throws Exception {
        new Settings(RuntimeEnvironment.getApplication()).setAppTheme(dark ? 2 : 1);
        prepare();
        List<Screen> table = screens();
        List<String> failed = new ArrayList<String>();
        for (Screen screen : table) {
            String shot = screen.shot(dark, landscape);
            Shown shown = null;
            try {
                shown = screen.opener.open();
                assertEquals(shot, screen.activity, shown.activity.get().getClass());
                check(shown, shot);
            } catch (AssertionError | Exception e) {
                failed.add(shot + ": " + e + where(e));
            } finally {
                close(shown);
            }
        }
        if (!failed.isEmpty()) {
            throw new AssertionError(failed.size() + " of " + table.size() + " screens failed:\n"
                    + String.join("\n", failed));
        }
    }

    /** Where a failure happened: its first frame in the app's or the tests' code. */
    private static String where(Throwable e) {
        for (StackTraceElement f : e.getStackTrace()) {
            if (f.getClassName().startsWith("org.tempest.")) {
                return " (at " + f.getFileName() + ":" + f.getLineNumber() + ")";
            }
        }
        return "";
    }

    @Test
    public void lightPortrait() throws Exception {
        everyScreen(false, false);
    }

    @Test
    public void darkPortrait() throws Exception {
        everyScreen(true, false);
    }

    @Test
    @Config(qualifiers = LANDSCAPE)
    public void lightLandscape() throws Exception {
        everyScreen(false, true);
    }

    @Test
    @Config(qualifiers = LANDSCAPE)
    public void darkLandscape() throws Exception {
        everyScreen(true, true);
    }

    /** The activities AndroidManifest.xml declares, by class name. */
    private static Set<String> declaredActivities() throws Exception {
        File manifest = new File(System.getProperty("repo.dir"), "android/app/src/main/AndroidManifest.xml");
        Element root = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(manifest).getDocumentElement();
        String pkg = root.getAttribute("package");
        Set<String> out = new TreeSet<String>();
        for (String tag : new String[] {"activity", "activity-alias"}) {
            NodeList nodes = root.getElementsByTagName(tag);
            for (int i = 0; i < nodes.getLength(); i++) {
                String name = ((Element) nodes.item(i)).getAttribute("android:name");
                out.add(name.startsWith(".") ? pkg + name : name.contains(".") ? name : pkg + "." + name);
            }
        }
        return out;
    }

    /** Every activity of the manifest has a row in the table, and the table has no activity the manifest lacks. */
    @Test
    public void theTableHasEveryActivityOfTheManifest() throws Exception {
        Set<String> declared = declaredActivities();
        assertTrue("the manifest declares the screens: " + declared, declared.size() >= 12);
        Set<String> opened = new TreeSet<String>();
        for (Screen s : screens()) {
            opened.add(s.activity.getName());
        }
        Set<String> missing = new TreeSet<String>(declared);
        missing.removeAll(opened);
        assertTrue("activities the table does not open (add a row to EveryScreenTest.screens()): " + missing,
                missing.isEmpty());
        Set<String> extra = new TreeSet<String>(opened);
        extra.removeAll(declared);
        assertTrue("rows for activities the manifest does not declare: " + extra, extra.isEmpty());
    }

    /**
     * The overlap check finds two texts over each other, and passes texts
     * that touch, share a single pixel, are empty or are not shown.
     */
    @Test
    public void theOverlapCheckFindsTextsOverEachOther() {
        Activity a = Robolectric.buildActivity(Activity.class).setup().get();
        android.widget.FrameLayout frame = new android.widget.FrameLayout(a);
        android.widget.TextView one = new android.widget.TextView(a);
        android.widget.TextView two = new android.widget.TextView(a);
        one.setText("one");
        two.setText("two");
        frame.addView(one, new android.widget.FrameLayout.LayoutParams(200, 50));
        android.widget.FrameLayout.LayoutParams at = new android.widget.FrameLayout.LayoutParams(200, 50);
        frame.addView(two, at);
        a.setContentView(frame);
        View root = a.getWindow().getDecorView();
        int[][] cases = {{150, 40, 1}, {200, 0, 0}, {199, 0, 0}, {0, 48, 1}, {0, 49, 0}};
        for (int[] c : cases) {
            at.leftMargin = c[0];
            at.topMargin = c[1];
            two.setLayoutParams(at);
            shadowOf(Looper.getMainLooper()).idle();
            boolean found;
            try {
                Screens.assertNoTextOverlap(root);
                found = false;
            } catch (AssertionError e) {
                found = true;
                assertTrue(e.getMessage(), e.getMessage().contains("\"one\"") && e.getMessage().contains("\"two\""));
            }
            assertEquals("two at " + c[0] + "," + c[1], c[2] == 1, found);
        }
        at.leftMargin = 100;
        at.topMargin = 10;
        two.setLayoutParams(at);
        two.setText("");
        shadowOf(Looper.getMainLooper()).idle();
        Screens.assertNoTextOverlap(root);
        two.setText("two");
        two.setVisibility(View.INVISIBLE);
        shadowOf(Looper.getMainLooper()).idle();
        Screens.assertNoTextOverlap(root);
    }

    /** The pattern of developers' text finds paths and traces, and nothing a player is meant to read. */
    @Test
    public void theDeveloperPatternFindsPathsAndTracesOnly() {
        for (String text : new String[] {"Engine: /data/app/~~x==/org.tempest.app/lib/arm64/libtempest.so",
            "/work/main/android/build/host/tempest", "/tmp/junit123/files", "/root/.cache/tempest", "/home/ann",
            "/usr/lib/jvm", "file:///sdcard/Download/game.pgn", "java.io.FileNotFoundException: game.pgn",
            "Error: org.tempest.app.ui.GameController", "java.lang.OutOfMemoryError", "\tat org.tempest.app.Main",
            "at java.base/java.lang.Thread.run", "panic: runtime error: index out of range",
            "goroutine 1 [running]:", "~/.cache/tempest"}) {
            assertTrue(text, Screens.DEVELOPER_TEXT.matcher(text).find());
        }
        for (String text : new String[] {"Engine: Tempest, version 85c7118a, built for x86-64",
            "Move 3 (Ke3) is illegal: move \"Ke3\": illegal in this position", "Open a file…",
            "This file holds 2 games", "Playing as Player", "Error", "The engine failed: it stopped answering",
            "Profile: Player", "Stratego's Scout attacks at once", "Red: Player, Blue: Tempest (Greedy)",
            "Root of the problem", "Discard pile: 1 (Lost Castle on top)"}) {
            assertFalse(text, Screens.DEVELOPER_TEXT.matcher(text).find());
        }
    }
}
