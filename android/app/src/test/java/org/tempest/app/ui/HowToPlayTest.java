package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;
import static org.tempest.app.ui.AppTest.waitFor;

import android.app.Activity;
import android.app.AlertDialog;
import android.content.Intent;
import android.graphics.Bitmap;
import android.graphics.Canvas;
import android.os.Looper;
import android.view.MenuItem;
import android.view.View;
import android.widget.ListAdapter;
import android.widget.TextView;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.robolectric.Robolectric;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.RuntimeEnvironment;
import org.robolectric.annotation.Config;
import org.robolectric.annotation.GraphicsMode;
import org.tempest.app.R;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;
import org.tempest.app.engine.Games;
import org.tempest.app.engine.PlayResult;
import org.tempest.app.engine.UciClient;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSetup;

/**
 * "How to play" for every game the real engine declares: its sections and
 * diagrams, in both themes, with no text cut off; the diagrams' positions
 * and marked moves are the engine's; Stratego's chart of battles is the
 * engine's judgement of every battle and the rules file's; the screen is
 * reached from the start menu and from the game screen.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class HowToPlayTest {
    /** The section each game's screenshot shows at the top, in the light theme and the dark one. */
    private static final Map<String, Integer> SHOT_SECTION = new HashMap<String, Integer>();

    static {
        SHOT_SECTION.put("chess", 2);
        SHOT_SECTION.put("chessmate", 3);
        SHOT_SECTION.put("chameleon", 4);
        SHOT_SECTION.put("stratego", 4);
        SHOT_SECTION.put("chess_dark", 3);
        SHOT_SECTION.put("chessmate_dark", 1);
        SHOT_SECTION.put("chameleon_dark", 2);
        SHOT_SECTION.put("stratego_dark", 3);
    }

    private UciClient engine;

    @After
    public void stop() {
        if (engine != null) {
            engine.close();
        }
        Screens.forgetController();
    }

    private UciClient engine() throws Exception {
        if (engine == null) {
            engine = UciClient.launch(System.getProperty("tempest.engine"));
        }
        return engine;
    }

    private static HowToPlayActivity open(Intent i) {
        HowToPlayActivity a = Robolectric.buildActivity(HowToPlayActivity.class, i).setup().get();
        shadowOf(Looper.getMainLooper()).idle();
        return a;
    }

    private static HowToPlayActivity open(GameInfo g) {
        return open(HowToPlayActivity.intent(RuntimeEnvironment.getApplication(), g));
    }

    /** Every text view under a view, in order. */
    private static List<String> texts(View v) {
        List<String> out = new ArrayList<String>();
        if (v instanceof TextView) {
            out.add(((TextView) v).getText().toString());
        }
        if (v instanceof android.view.ViewGroup) {
            android.view.ViewGroup g = (android.view.ViewGroup) v;
            for (int i = 0; i < g.getChildCount(); i++) {
                out.addAll(texts(g.getChildAt(i)));
            }
        }
        return out;
    }

    private static String shotName(String game) {
        return "how_to_" + (game.equals("chessmate") ? "card_chess" : game);
    }

    /**
     * Each game the engine declares opens its own sections, every diagram
     * drawn and the size of its board, in the light theme and the dark one,
     * with no text cut off.
     */
    @Test
    public void everyDeclaredGameOpensItsSectionsAndDiagrams() throws Exception {
        Games games = engine().games();
        assertEquals(4, games.all().size());
        Settings settings = new Settings(RuntimeEnvironment.getApplication());
        for (String theme : new String[] {"", "_dark"}) {
            settings.setAppTheme(theme.isEmpty() ? 1 : 2);
            for (GameInfo g : games.all()) {
                HowTo howTo = GameUi.of(g.name).howTo;
                assertNotNull("no How to play for the declared " + g.name, howTo);
                HowToPlayActivity a = open(g);
                List<String> headings = new ArrayList<String>();
                for (TextView h : a.headings()) {
                    headings.add(h.getText().toString());
                }
                List<String> want = new ArrayList<String>();
                int withDiagram = 0;
                for (HowTo.Section s : howTo.sections) {
                    want.add(s.heading);
                    withDiagram += s.diagram != null ? 1 : 0;
                }
                assertEquals(g.name, want, headings);
                assertTrue(g.name + " has " + want.size() + " sections", want.size() >= 5);
                assertTrue(g.name + " has a diagram", withDiagram >= 1);
                assertEquals(g.name, withDiagram, a.diagrams().size());
                assertEquals("the title", "How to play: " + howTo.title, a.getTitle().toString());
                for (View d : a.diagrams()) {
                    assertTrue(g.name + ": a diagram drawn " + d.getWidth() + "x" + d.getHeight(),
                            d.getWidth() > 100 && d.getHeight() > 50);
                    if (d instanceof BoardView) {
                        BoardModel m = ((BoardView) d).model();
                        assertEquals("a board a square per file and rank", (float) d.getWidth() / m.files,
                                (float) d.getHeight() / m.ranks, 1f);
                        assertEquals("drawn in its game's look", GameUi.of(m.variant).look,
                                ((BoardView) d).look());
                    }
                }
                Screens.assertNoTextClipped(a.getWindow().getDecorView());
                a.scrollToSection(SHOT_SECTION.get(g.name + theme));
                AppTest.screenshot(a, shotName(g.name) + theme);
            }
        }
    }

    /** A game the app has no text for shows the engine's description of it, under the declared name. */
    @Test
    public void aGameWithoutItsHowToShowsItsDeclaredDescription() {
        assertNull(GameUi.of("minichess").howTo);
        Intent i = new Intent(RuntimeEnvironment.getApplication(), HowToPlayActivity.class)
                .putExtra(HowToPlayActivity.EXTRA_GAME, "minichess")
                .putExtra(HowToPlayActivity.EXTRA_DESCRIPTION, "minichess: Gardner's 5x5 chess");
        HowToPlayActivity a = open(i);
        List<String> shown = texts(a.findViewById(R.id.how_to_content));
        assertEquals("How to play: minichess", a.getTitle().toString());
        assertTrue(shown.toString(), shown.contains("minichess: Gardner's 5x5 chess"));
        assertEquals(1, a.headings().size());
        assertTrue(a.diagrams().isEmpty());
        Screens.assertNoTextClipped(a.getWindow().getDecorView());

        HowToPlayActivity none = open(new Intent(RuntimeEnvironment.getApplication(), HowToPlayActivity.class));
        assertTrue(texts(none.findViewById(R.id.how_to_content)).contains("The engine says nothing about this game."));
    }

    /**
     * The engine takes every diagram's position; the moves a diagram marks
     * are exactly the engine's legal destinations of that piece; a king
     * shown in check is in check there; Chameleon Chess's boards are the
     * engine's own "board" lines of the same position.
     */
    @Test
    public void theDiagramsAreTheEnginesPositionsAndMoves() throws Exception {
        UciClient e = engine();
        int checked = 0;
        for (GameInfo g : e.games().all()) {
            for (HowTo.Section s : GameUi.of(g.name).howTo.sections) {
                HowTo.Diagram d = s.diagram;
                if (d == null || d.kind != HowTo.Diagram.Kind.BOARD || d.position.isEmpty()) {
                    continue;
                }
                String where = g.name + ", " + s.heading + ": ";
                e.setOption("UCI_Variant", d.game);
                e.position("fen " + d.position, new ArrayList<String>());
                if (d.from != null) {
                    Set<String> destinations = new LinkedHashSet<String>();
                    for (String t : e.legalMoves()) {
                        if (t.matches("[a-j][1-8][a-j][1-8][qrbn]?") && t.startsWith(d.from)) {
                            destinations.add(t.substring(2, 4));
                        }
                    }
                    assertEquals(where + "the moves from " + d.from, destinations, d.targets);
                }
                if (d.check != null) {
                    GameState state = e.state();
                    assertTrue(where + "in check", state.check);
                    assertTrue(where + "checkmate: the game is over", state.over);
                }
                if (!d.boardLines.isEmpty()) {
                    List<String> ranks = new ArrayList<String>();
                    for (String line : e.board()) {
                        if (line.startsWith("rank ")) {
                            ranks.add(line);
                        }
                    }
                    assertEquals(where + "the board", ranks, d.boardLines.subList(0, 8));
                }
                checked++;
            }
        }
        assertTrue("diagrams given to the engine: " + checked, checked >= 10);
    }

    /** Chameleon Chess's chart of roles is the rules file's table (§3). */
    @Test
    public void theRoleChartIsTheRulesTable() throws Exception {
        File f = new File(System.getProperty("rules.dir", "../testdata/rules"), "chameleon.md");
        Pattern row = Pattern.compile("^\\| (red|green|yellow|blue) \\(`\\?([rgyb])`\\) *\\| *(\\w+) *\\| *(\\w+) *"
                + "\\| *(\\w+) *\\| *(\\w+) *\\|$");
        Map<Character, String[]> rules = new HashMap<Character, String[]>();
        for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
            Matcher m = row.matcher(line);
            if (m.matches()) {
                rules.put(m.group(2).charAt(0), new String[] {m.group(3), m.group(4), m.group(5), m.group(6)});
            }
        }
        assertEquals("rows of the rules' table", 4, rules.size());
        HowTo.Diagram chart = null;
        for (HowTo.Section s : GameUi.of("chameleon").howTo.sections) {
            if (s.diagram != null && s.diagram.files == 4) {
                chart = s.diagram;
            }
        }
        assertNotNull(chart);
        BoardModel m = chart.model();
        String fields = "RGYB";
        Map<String, Character> role = new HashMap<String, Character>();
        role.put("Knight", 'N');
        role.put("Queen", 'Q');
        role.put("Bishop", 'B');
        role.put("Rook", 'R');
        for (int r = 0; r < 4; r++) {
            int rank = 3 - r; // the first row at the top
            char knight = m.knightColour(0, rank);
            for (int file = 0; file < 4; file++) {
                assertEquals("the columns are the field colours", fields.charAt(file), m.field(file, rank));
                assertEquals("a row is one knight colour", knight, m.knightColour(file, rank));
                String want = rules.get(knight)[file];
                assertEquals(knight + " on " + fields.charAt(file), (char) role.get(want), m.role(file, rank));
            }
        }
    }

    /** "attacker wins", "defender wins" or "tie" in the facts of a battle the engine played. */
    private static StrategoPieces.Battle outcome(PlayResult r) {
        if (r.facts.contains("attacker wins")) {
            return StrategoPieces.Battle.ATTACKER;
        }
        if (r.facts.contains("defender wins")) {
            return StrategoPieces.Battle.DEFENDER;
        }
        assertTrue(r.facts, r.facts.contains("tie"));
        return StrategoPieces.Battle.BOTH_REMOVED;
    }

    /**
     * Every cell of "who beats whom", as the screen draws it, is the
     * battle the engine plays: Volcandria's piece on e5 attacks
     * Everwinter's on e6 (each army keeps a Flag and something that
     * moves, so the game is on before the battle).
     */
    @Test
    public void theStrategoChartIsTheEnginesBattles() throws Exception {
        UciClient e = engine();
        e.setOption("UCI_Variant", "stratego");
        GameInfo stratego = e.games().get("stratego");
        HowToPlayActivity a = open(stratego);
        BattleChartView chart = null;
        for (View v : a.diagrams()) {
            if (v instanceof BattleChartView) {
                chart = (BattleChartView) v;
            }
        }
        assertNotNull("the chart is on the screen", chart);
        Bitmap drawn = Bitmap.createBitmap(chart.getWidth(), chart.getHeight(), Bitmap.Config.ARGB_8888);
        chart.draw(new Canvas(drawn));
        float c = chart.getWidth() / (float) (BattleChartView.DEFENDERS.length() + 1);
        int battles = 0;
        for (int row = 0; row < BattleChartView.ATTACKERS.length(); row++) {
            char attacker = BattleChartView.ATTACKERS.charAt(row);
            for (int col = 0; col < BattleChartView.DEFENDERS.length(); col++) {
                char defender = BattleChartView.DEFENDERS.charAt(col);
                String top = defender == 'f' ? "c9" : "c8f";
                e.position("fen " + top + "/10/4" + defender + "5/4" + attacker + "5/10/10/10/F9 v 00 -,- - 0 0",
                        new ArrayList<String>());
                StrategoPieces.Battle engineSays = outcome(e.play("e5e6"));
                String battle = StrategoPieces.name(attacker) + " attacks " + StrategoPieces.name(defender);
                assertEquals(battle, engineSays, BattleChartView.cell(row, col));
                // What the screen shows in that cell: its colour, away from the mark in its middle.
                int pixel = drawn.getPixel((int) ((col + 1) * c + c * 0.15f), (int) ((row + 1) * c + c * 0.15f));
                int want = engineSays == StrategoPieces.Battle.ATTACKER ? BattleChartView.WIN
                        : engineSays == StrategoPieces.Battle.DEFENDER ? BattleChartView.LOSS : BattleChartView.BOTH;
                assertEquals(battle + " drawn", String.format("#%08X", want), String.format("#%08X", pixel));
                battles++;
            }
        }
        assertEquals(10 * 12, battles);
    }

    /**
     * The chart against the rules file itself: every piece's rank on its
     * tile is the rank of the pieces table (§2), and every battle of the
     * worked battle table (§11, example 3) reads the same in the chart.
     */
    @Test
    public void theStrategoChartIsTheRulesFiles() throws Exception {
        File f = new File(System.getProperty("rules.dir", "../testdata/rules"), "stratego.md");
        List<String> lines = Files.readAllLines(f.toPath(), StandardCharsets.UTF_8);
        // A row of the pieces table: "| `D` / `d` | Dragon | 10 | ...", "| `y` | Yeti (Everwinter only) | 5 | ...".
        Pattern piece = Pattern.compile(
                "^\\| `([A-Za-z])`(?: / `[a-z]`)? *\\| ([A-Za-z ]+?)(?: \\(.*\\))? *\\| (\\S+) *\\|.*");
        Map<String, Character> byName = new HashMap<String, Character>();
        int pieces = 0;
        for (String line : lines) {
            Matcher m = piece.matcher(line);
            if (!m.matches()) {
                continue;
            }
            char letter = m.group(1).charAt(0);
            String name = m.group(2);
            String rank = m.group(3);
            // The Trap has no rank ("\u2014") and the Flag 0: their tiles show T and F.
            String shown = rank.equals("\u2014") ? "T" : rank.equals("0") ? "F" : rank;
            assertEquals(name, shown, StrategoPieces.rankLabel(letter));
            assertEquals(name, StrategoPieces.name(letter));
            byName.put(name, letter);
            pieces++;
        }
        assertEquals("pieces in the rules' table", 13, pieces);
        // A row of the worked battle table: "| Dragon → Slayer | attacker wins |".
        Pattern battle = Pattern.compile("^\\| ([A-Za-z ]+) \u2192 ([A-Za-z ]+) \\| (attacker wins|defender wins|tie)"
                + ".*\\|$");
        int battles = 0;
        for (String line : lines) {
            Matcher m = battle.matcher(line);
            if (!m.matches()) {
                continue;
            }
            int row = BattleChartView.ATTACKERS.indexOf(byName.get(m.group(1)));
            int col = BattleChartView.DEFENDERS.indexOf(Character.toLowerCase(byName.get(m.group(2))));
            assertTrue(line, row >= 0 && col >= 0);
            StrategoPieces.Battle want = m.group(3).equals("attacker wins") ? StrategoPieces.Battle.ATTACKER
                    : m.group(3).equals("defender wins") ? StrategoPieces.Battle.DEFENDER
                    : StrategoPieces.Battle.BOTH_REMOVED;
            assertEquals(line, want, BattleChartView.cell(row, col));
            battles++;
        }
        assertEquals("battles in the rules' worked table", 10, battles);
    }

    /** The start menu's "How to play" offers the declared games by name and opens the one chosen. */
    @Test
    public void theStartMenuOpensTheChosenGame() throws Exception {
        MainActivity m = Robolectric.buildActivity(MainActivity.class).setup().get();
        Screens.assertNoTextClipped(m.getWindow().getDecorView());
        m.findViewById(R.id.btn_how_to_play).performClick();
        waitFor("the chooser", () -> m.howToChooser() != null);
        AlertDialog d = m.howToChooser();
        assertTrue(d.isShowing());
        ListAdapter items = d.getListView().getAdapter();
        List<String> titles = new ArrayList<String>();
        for (int i = 0; i < items.getCount(); i++) {
            titles.add(items.getItem(i).toString());
        }
        assertEquals(Arrays.asList("Chess", "Card chess", "Chameleon Chess", "Stratego"), titles);
        AppTest.screenshotDialog(d, "how_to_chooser");
        shadowOf(d).clickOnItem(3);
        Intent next = shadowOf(m).getNextStartedActivity();
        assertEquals(HowToPlayActivity.class.getName(), next.getComponent().getClassName());
        assertEquals("stratego", next.getStringExtra(HowToPlayActivity.EXTRA_GAME));
        assertEquals(engine().games().get("stratego").description,
                next.getStringExtra(HowToPlayActivity.EXTRA_DESCRIPTION));
        HowToPlayActivity a = open(next);
        assertEquals("The armies", a.headings().get(0).getText().toString());
    }

    /** The game screen's "How to play" opens the game on the screen. */
    @Test
    public void theGameScreenOpensItsOwnGame() throws Exception {
        Screens.controller().newGame(new GameSetup("chessmate", "w", 1, "startpos", "Player"));
        Activity g = Robolectric.buildActivity(GameActivity.class).setup().get();
        Screens.settle();
        g.invalidateOptionsMenu(); // as the system asks for the action bar's items
        shadowOf(Looper.getMainLooper()).idle();
        MenuItem item = shadowOf(g).getOptionsMenu().findItem(R.id.menu_how_to_play);
        assertNotNull("the action bar offers How to play", item);
        assertTrue(item.isVisible());
        assertEquals(g.getString(R.string.how_to_play), item.getTitle().toString());
        assertTrue(shadowOf(g).clickMenuItem(R.id.menu_how_to_play));
        Intent next = shadowOf(g).getNextStartedActivity();
        assertEquals(HowToPlayActivity.class.getName(), next.getComponent().getClassName());
        assertEquals("chessmate", next.getStringExtra(HowToPlayActivity.EXTRA_GAME));
        HowToPlayActivity a = open(next);
        assertEquals("How to play: Card chess", a.getTitle().toString());
        // The cards are the game's own card texts, every one of them.
        List<String> shown = texts(a.findViewById(R.id.how_to_content));
        for (String code : Cards.codes()) {
            String card = Cards.name(code) + " (" + Cards.kind(code).heading + "): " + Cards.rule(code);
            assertTrue(card, shown.contains(card));
        }
    }
}
