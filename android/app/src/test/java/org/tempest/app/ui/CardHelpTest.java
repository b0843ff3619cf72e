package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.app.AlertDialog;
import android.content.DialogInterface;
import android.os.Looper;
import android.os.SystemClock;
import android.view.MotionEvent;
import android.view.View;
import android.view.ViewConfiguration;
import android.widget.TextView;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
import org.robolectric.shadows.ShadowDialog;
import org.tempest.app.R;
import org.tempest.app.game.GameSetup;
import org.tempest.app.game.Snapshot;

/**
 * Card help against the rules file and the real engine: every one of the 15
 * cards is read by a long press in the player's hand, its name and kind are
 * the specification's, and what it says about "now" is what the engine's
 * legal tokens allow.
 */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34, qualifiers = "w360dp-h720dp-xhdpi")
@GraphicsMode(GraphicsMode.Mode.NATIVE)
public class CardHelpTest {
    private static final List<String> DECK = Arrays.asList("RV", "LC", "VU", "HF", "DM", "CR", "DD", "DI", "CH",
            "RB", "LJ", "MS", "FC", "HQ", "CW");

    @After
    public void stopEngine() {
        Screens.forgetController();
    }

    private static GameController controller() {
        return Screens.controller();
    }

    private static void settle() {
        Screens.settle();
    }

    /** A card-chess game in which White, the person, is dealt the deck's first three cards. */
    private static GameActivity dealt(List<String> deck) {
        controller().newGame(new GameSetup("chessmate", "w", 1, "startpos deal " + String.join(",", deck), "Player"));
        GameActivity a = Robolectric.buildActivity(GameActivity.class).setup().get();
        settle();
        return a;
    }

    private static void longPress(View v, float x, float y) {
        long t = SystemClock.uptimeMillis();
        MotionEvent down = MotionEvent.obtain(t, t, MotionEvent.ACTION_DOWN, x, y, 0);
        v.dispatchTouchEvent(down);
        shadowOf(Looper.getMainLooper()).idleFor(Duration.ofMillis(ViewConfiguration.getLongPressTimeout() + 100));
        MotionEvent up = MotionEvent.obtain(t, SystemClock.uptimeMillis(), MotionEvent.ACTION_UP, x, y, 0);
        v.dispatchTouchEvent(up);
        down.recycle();
        up.recycle();
        shadowOf(Looper.getMainLooper()).idle();
    }

    private static String title(AlertDialog d) {
        return shadowOf(d).getTitle().toString();
    }

    private static String message(AlertDialog d) {
        return shadowOf(d).getMessage().toString();
    }

    /** "### CW — Cowardice (action)" headings of the card-chess rules: code to {name, kind}. */
    static Map<String, String[]> rulesHeadings() throws Exception {
        File f = new File(System.getProperty("rules.dir", "../testdata/rules"), "chessmate.md");
        Pattern p = Pattern.compile("^### ([A-Z]{2}) \u2014 (.+) \\((.+)\\)$");
        Map<String, String[]> out = new LinkedHashMap<String, String[]>();
        for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
            Matcher m = p.matcher(line);
            if (m.matches()) {
                out.put(m.group(1), new String[] {m.group(2), m.group(3)});
            }
        }
        return out;
    }

    /** The engine's legal tokens that play a card, counted without the app's code. */
    private static int usesByEngine(Snapshot s, String code) {
        int n = 0;
        for (String t : s.legal) {
            if (Arrays.asList(t.replace(':', '+').split("\\+")).contains(code)) {
                n++;
            }
        }
        return n;
    }

    @Test
    public void theAppKnowsEveryCardOfTheRulesByItsNameAndKind() throws Exception {
        Map<String, String[]> rules = rulesHeadings();
        assertEquals("cards in the rules file", 15, rules.size());
        assertEquals(new HashSet<String>(rules.keySet()), new HashSet<String>(Cards.codes()));
        assertEquals(new HashSet<String>(DECK), new HashSet<String>(Cards.codes()));
        for (Map.Entry<String, String[]> e : rules.entrySet()) {
            String code = e.getKey();
            assertEquals(code, e.getValue()[0], Cards.name(code));
            assertEquals(code, e.getValue()[1], Cards.kind(code).heading);
            assertFalse(code, Cards.summary(code).isEmpty());
            assertTrue(code, Cards.rule(code).length() > Cards.summary(code).length());
        }
    }

    @Test
    public void everyCardIsReadByALongPressWithWhatItCanDoNow() throws Exception {
        Map<String, String[]> rules = rulesHeadings();
        Set<String> read = new HashSet<String>();
        for (int k = 0; k < 5; k++) {
            List<String> deck = new ArrayList<String>(DECK.subList(3 * k, 15));
            deck.addAll(DECK.subList(0, 3 * k));
            GameActivity a = dealt(deck);
            CardHandView own = a.findViewById(R.id.own_hand);
            Snapshot s = TempestApp.controller(a).snapshot();
            assertEquals(deck.subList(0, 3), own.cards());
            for (int i = 0; i < 3; i++) {
                String code = own.cards().get(i);
                float[] c = own.centerOf(i);
                longPress(own, c[0], c[1]);
                AlertDialog d = a.helpDialog();
                assertNotNull(code, d);
                assertTrue(code, d.isShowing());
                assertEquals(rules.get(code)[0] + " (" + code + ")", title(d));
                String text = message(d);
                assertTrue(text, text.contains(Cards.rule(code)));
                assertTrue(text, text.startsWith(Cards.kind(code).explained));
                int uses = usesByEngine(s, code);
                if (uses == 0) {
                    assertTrue(code + ": " + text, text.endsWith("Now: it has no legal use in this position."));
                    assertFalse(code, d.getButton(DialogInterface.BUTTON_NEUTRAL).getVisibility() == View.VISIBLE);
                } else {
                    assertTrue(code + ": " + text, text.contains("Now: " + uses + (uses == 1 ? " way" : " ways")));
                }
                assertTrue("a long press does not choose the card", ((TextView) a.findViewById(R.id.last_move))
                        .getText().toString().isEmpty());
                d.dismiss();
                read.add(code);
            }
            a.finish();
            TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
        }
        assertEquals("all 15 cards read", 15, read.size());
    }

    @Test
    public void playItMarksTheCardsSquaresAndAnUnplayableCardExplainsItself() throws Exception {
        GameActivity a = dealt(DECK); // White holds Revelation, Lost Castle, Vulture
        CardHandView own = a.findViewById(R.id.own_hand);
        BoardView board = a.findViewById(R.id.board);
        float[] lc = own.centerOf(1);
        longPress(own, lc[0], lc[1]);
        AlertDialog d = a.helpDialog();
        assertTrue(message(d), message(d).contains("Now: 4 ways to play it")); // rooks a1, h1 to a8, h8
        AppTest.screenshotDialog(d, "card_help");
        d.getButton(DialogInterface.BUTTON_NEUTRAL).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        assertEquals(new HashSet<String>(Arrays.asList("a1", "h1")), board.targets());
        String line = ((TextView) a.findViewById(R.id.last_move)).getText().toString();
        assertTrue(line, line.startsWith("Lost Castle: " + Cards.summary("LC")));

        // Vulture cannot be played before the opponent has played a card: a tap explains it.
        float[] vu = own.centerOf(2);
        AppTest.tap(own, vu[0], vu[1]);
        AlertDialog v = a.helpDialog();
        assertEquals("Vulture (VU)", title(v));
        assertTrue(message(v), message(v).endsWith("Now: it has no legal use in this position."));
        v.dismiss();

        // The opponent's hand stays hidden.
        CardHandView opp = a.findViewById(R.id.opponent_hand);
        float[] oc = opp.centerOf(0);
        AppTest.tap(opp, oc[0], oc[1]);
        AlertDialog o = a.helpDialog();
        assertEquals("The opponent's hand", title(o));
        assertTrue(message(o), message(o).startsWith("3 cards, face down"));
        for (String code : Arrays.asList("HF", "DM", "CR")) {
            assertFalse(message(o).contains(Cards.name(code)));
        }
    }

    @Test
    public void discardPileAndBoardMarksExplainTheirCards() throws Exception {
        // White holds Forbidden City, Mystic Shield and Cowardice; Black no Vulture to take a card back.
        GameActivity a = dealt(Arrays.asList("FC", "MS", "CW", "HF", "DM", "CR", "RV", "LC", "VU", "DD", "DI", "CH",
                "RB", "LJ", "HQ"));
        CardHandView own = a.findViewById(R.id.own_hand);
        float[] fc = own.centerOf(0);
        AppTest.tap(own, fc[0], fc[1]);
        AppTest.tapSquare(a, "e4");
        settle();
        Snapshot s = TempestApp.controller(a).snapshot();
        assertEquals("FC:e4", s.moves.get(0));

        AlertDialog before = ShadowDialog.getLatestDialog() instanceof AlertDialog
                ? (AlertDialog) ShadowDialog.getLatestDialog() : null;
        a.findViewById(R.id.pile_info).performClick();
        shadowOf(Looper.getMainLooper()).idle();
        AlertDialog pile = a.helpDialog();
        assertTrue(pile != before && pile.isShowing());
        assertEquals("Discard pile, top first", title(pile));
        int played = s.moves.size();
        assertTrue(pile.getListView().getCount() >= 1 && pile.getListView().getCount() <= played);
        String bottom = pile.getListView().getAdapter().getItem(pile.getListView().getCount() - 1).toString();
        assertEquals("Forbidden City \u2014 " + Cards.summary("FC"), bottom);
        shadowOf(pile.getListView()).performItemClick(pile.getListView().getCount() - 1);
        shadowOf(Looper.getMainLooper()).idle();
        AlertDialog help = a.helpDialog();
        assertEquals("Forbidden City (FC)", title(help));
        assertFalse("a card on the pile is not in the hand: no 'Now'", message(help).contains("Now:"));
        help.dismiss();

        BoardView board = a.findViewById(R.id.board);
        float[] e4 = board.centerOf("e4");
        longPress(board, e4[0], e4[1]);
        AlertDialog mark = a.helpDialog();
        assertEquals("Forbidden City (FC)", title(mark));
        assertEquals("a long press plays nothing", played, TempestApp.controller(a).snapshot().moves.size());
    }
}
