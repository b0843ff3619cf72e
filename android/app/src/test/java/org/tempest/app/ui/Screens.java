package org.tempest.app.ui;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.robolectric.Shadows.shadowOf;

import android.os.Looper;
import android.text.Layout;
import android.view.View;
import android.view.ViewGroup;
import android.widget.TextView;
import org.robolectric.RuntimeEnvironment;

/** What the screen tests share: the app's controller, waiting for the engine, and text that fits. */
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

    /** An item of the game screen's menu, as the action bar has it now. */
    static android.view.MenuItem menuItem(android.app.Activity a, int id) {
        a.invalidateOptionsMenu(); // as the system asks for the action bar's items
        shadowOf(Looper.getMainLooper()).idle();
        android.view.MenuItem item = shadowOf(a).getOptionsMenu().findItem(id);
        assertNotNull("the menu has item " + id, item);
        return item;
    }

    /** Chooses an item of the menu, which must be shown and enabled, as a person can only choose those. */
    static void chooseMenu(android.app.Activity a, int id) {
        android.view.MenuItem item = menuItem(a, id);
        assertTrue(item.getTitle() + " is shown", item.isVisible());
        assertTrue(item.getTitle() + " is enabled", item.isEnabled());
        assertTrue(a.onOptionsItemSelected(item));
        shadowOf(Looper.getMainLooper()).idle();
    }

    /** Ends the app's engine and forgets its controller (after each test). */
    static void forgetController() {
        TempestApp.forgetControllerForTest(RuntimeEnvironment.getApplication());
    }

    /**
     * Fails when any text shown under root is cut off: a line wider than its
     * view, lines below its bottom, an ellipsis, or a view that reaches past
     * the sides of the window (a scrolling screen may run past the bottom).
     * Needs native graphics, which measure text as a phone does.
     */
    static void assertNoTextClipped(View root) {
        int[] at = new int[2];
        root.getLocationInWindow(at);
        checkFits(root, at[0], at[0] + root.getWidth());
    }

    private static void checkFits(View v, int left, int right) {
        if (!v.isShown()) {
            return;
        }
        int[] at = new int[2];
        v.getLocationInWindow(at);
        String name = describe(v);
        assertTrue(name + " starts left of the window", at[0] >= left - 1);
        assertTrue(name + " ends right of the window: " + (at[0] + v.getWidth()) + " > " + right,
                at[0] + v.getWidth() <= right + 1);
        if (v instanceof TextView && ((TextView) v).getText().length() > 0) {
            TextView t = (TextView) v;
            Layout l = t.getLayout();
            assertNotNull(name + " has no layout", l);
            int width = t.getWidth() - t.getCompoundPaddingLeft() - t.getCompoundPaddingRight();
            int height = t.getHeight() - t.getCompoundPaddingTop() - t.getCompoundPaddingBottom();
            for (int i = 0; i < l.getLineCount(); i++) {
                assertEquals(name + " line " + i + " ellipsized", 0, l.getEllipsisCount(i));
                float drawn = visibleWidth(t.getText(), l, i);
                assertTrue(name + " line " + i + " is " + drawn + " px wide in " + width, drawn <= width + 1);
            }
            assertTrue(name + ": " + l.getHeight() + " px of text in " + height, l.getHeight() <= height + 1);
        }
        if (v instanceof ViewGroup) {
            ViewGroup g = (ViewGroup) v;
            for (int i = 0; i < g.getChildCount(); i++) {
                checkFits(g.getChildAt(i), left, right);
            }
        }
    }

    /**
     * How wide a line's text is drawn: a line broken at a space keeps the
     * space at its end, where it may hang past the edge unseen.
     */
    private static float visibleWidth(CharSequence text, Layout l, int line) {
        int start = l.getLineStart(line);
        int end = l.getLineEnd(line);
        int visible = end;
        while (visible > start && Character.isWhitespace(text.charAt(visible - 1))) {
            visible--;
        }
        if (visible == end) {
            return l.getLineWidth(line);
        }
        return l.getPrimaryHorizontal(visible) - l.getLineLeft(line);
    }

    /** Every text a player can see on the activity: its views, their descriptions, the menu's items. */
    static java.util.List<String> visibleTexts(android.app.Activity a) {
        java.util.List<String> out = new java.util.ArrayList<String>();
        collectTexts(a.getWindow().getDecorView(), out);
        android.view.Menu menu = shadowOf(a).getOptionsMenu();
        for (int i = 0; menu != null && i < menu.size(); i++) {
            if (menu.getItem(i).isVisible()) {
                out.add(menu.getItem(i).getTitle().toString());
            }
        }
        return out;
    }

    /** Every text shown under a view (a dialog's window, a screen's root), descriptions too. */
    static java.util.List<String> visibleTexts(View root) {
        java.util.List<String> out = new java.util.ArrayList<String>();
        collectTexts(root, out);
        return out;
    }

    private static void collectTexts(View v, java.util.List<String> out) {
        if (!v.isShown()) {
            return;
        }
        if (v instanceof TextView) {
            out.add(((TextView) v).getText().toString());
        }
        if (v.getContentDescription() != null) {
            out.add(v.getContentDescription().toString());
        }
        if (v instanceof ViewGroup) {
            for (int i = 0; i < ((ViewGroup) v).getChildCount(); i++) {
                collectTexts(((ViewGroup) v).getChildAt(i), out);
            }
        }
    }

    /** Fails when a text a player sees under root holds an engine token (BoardFirstTest.RAW_TOKEN). */
    static void assertNoRawToken(View root, String when) {
        shadowOf(Looper.getMainLooper()).idle();
        for (String text : visibleTexts(root)) {
            java.util.regex.Matcher m = BoardFirstTest.RAW_TOKEN.matcher(text);
            if (m.find()) {
                throw new AssertionError(when + ": \"" + m.group() + "\" in \"" + text + "\"");
            }
        }
    }

    private static String describe(View v) {
        String text = v instanceof TextView ? " \"" + ((TextView) v).getText() + "\"" : "";
        return v.getClass().getSimpleName() + text;
    }
}
