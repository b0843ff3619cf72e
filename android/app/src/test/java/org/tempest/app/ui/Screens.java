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
     * view, lines below its bottom, an ellipsis, a view that reaches past
     * the sides of the window (a scrolling screen may run past the bottom),
     * or a scrolling view too short to show one whole line of the first text
     * in it (its text is there, but no scrolling brings a line into view).
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
        if (v instanceof android.widget.ScrollView || v instanceof android.widget.HorizontalScrollView) {
            TextView first = firstText(v);
            if (first != null && first.getLayout() != null) {
                int line = first.getLayout().getLineBottom(0) - first.getLayout().getLineTop(0);
                int viewport = v.getHeight() - v.getPaddingTop() - v.getPaddingBottom();
                assertTrue(name + " is " + viewport + " px tall, less than a line (" + line + " px) of "
                        + describe(first), viewport >= line);
            }
        }
        if (v instanceof ViewGroup) {
            ViewGroup g = (ViewGroup) v;
            for (int i = 0; i < g.getChildCount(); i++) {
                checkFits(g.getChildAt(i), left, right);
            }
        }
    }

    /** The first shown text view with text under v, in the tree's order, or null. */
    private static TextView firstText(View v) {
        if (!v.isShown()) {
            return null;
        }
        if (v instanceof TextView && ((TextView) v).getText().length() > 0) {
            return (TextView) v;
        }
        if (v instanceof ViewGroup) {
            for (int i = 0; i < ((ViewGroup) v).getChildCount(); i++) {
                TextView t = firstText(((ViewGroup) v).getChildAt(i));
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
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
        assertNoRawToken(visibleTexts(root), when);
    }

    /** The same for the activity's screen and its menu. */
    static void assertNoRawTokenOnScreen(android.app.Activity a, String when) {
        a.invalidateOptionsMenu();
        shadowOf(Looper.getMainLooper()).idle();
        assertNoRawToken(visibleTexts(a), when);
    }

    private static void assertNoRawToken(java.util.List<String> texts, String when) {
        for (String text : texts) {
            java.util.regex.Matcher m = BoardFirstTest.RAW_TOKEN.matcher(text);
            if (m.find()) {
                throw new AssertionError(when + ": \"" + m.group() + "\" in \"" + text + "\"");
            }
        }
    }

    /**
     * Fails when two texts shown under root overlap: the visible rectangles,
     * in window coordinates, of two shown text views with text (buttons,
     * check boxes and radio buttons are text views too) intersect by more
     * than a pixel both ways, wherever the two are in the tree. A view is
     * not compared with its own ancestors. Every overlap is named.
     */
    static void assertNoTextOverlap(View root) {
        java.util.List<TextView> texts = new java.util.ArrayList<TextView>();
        collectShownTexts(root, texts);
        java.util.List<android.graphics.Rect> rects = new java.util.ArrayList<android.graphics.Rect>();
        java.util.List<TextView> seen = new java.util.ArrayList<TextView>();
        for (TextView t : texts) {
            android.graphics.Rect r = new android.graphics.Rect();
            if (t.getGlobalVisibleRect(r)) { // clipped to its parents (a scrolled list), in window coordinates
                rects.add(r);
                seen.add(t);
            }
        }
        StringBuilder overlaps = new StringBuilder();
        for (int i = 0; i < seen.size(); i++) {
            for (int j = i + 1; j < seen.size(); j++) {
                android.graphics.Rect a = rects.get(i);
                android.graphics.Rect b = rects.get(j);
                int w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                int h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (w > 1 && h > 1 && !ancestor(seen.get(i), seen.get(j)) && !ancestor(seen.get(j), seen.get(i))) {
                    overlaps.append("\n  ").append(describe(seen.get(i))).append(' ').append(a.toShortString())
                            .append(" and ").append(describe(seen.get(j))).append(' ').append(b.toShortString())
                            .append(": ").append(w).append('x').append(h).append(" px");
                }
            }
        }
        if (overlaps.length() > 0) {
            throw new AssertionError("texts overlap:" + overlaps);
        }
    }

    private static void collectShownTexts(View v, java.util.List<TextView> out) {
        if (!v.isShown()) {
            return;
        }
        if (v instanceof TextView && ((TextView) v).getText().length() > 0) {
            out.add((TextView) v);
        }
        if (v instanceof ViewGroup) {
            for (int i = 0; i < ((ViewGroup) v).getChildCount(); i++) {
                collectShownTexts(((ViewGroup) v).getChildAt(i), out);
            }
        }
    }

    /** Whether a is v itself or one of its ancestors. */
    private static boolean ancestor(View a, View v) {
        for (Object p = v; p instanceof View; p = ((View) p).getParent()) {
            if (p == a) {
                return true;
            }
        }
        return false;
    }

    /**
     * What a player must never read: a developer's path (of the phone or of
     * the machine that built the app), or a trace of a crash, Java's or
     * Go's: an exception, "Error:" with a class name, a class name ending in
     * Error, a stack frame ("\tat ", "at org.", "at java."), "panic:",
     * "goroutine ".
     */
    static final java.util.regex.Pattern DEVELOPER_TEXT = java.util.regex.Pattern.compile(
            "/data/|/tmp/|/root(?![A-Za-z])|/home/|/work/|\\.cache|/usr/|\\bfile:"
            + "|Exception|Error:\\s*[A-Za-z_$][\\w$]*(?:\\.[\\w$]+)+|\\b(?:[a-z_][\\w$]*\\.)+[A-Z][\\w$]*Error\\b"
            + "|\\tat |\\bat (?:org|java)\\.|panic:|goroutine ");

    /** Fails when a text a player sees on the activity (views, descriptions, the menu) holds DEVELOPER_TEXT. */
    static void assertNoDeveloperTextOnScreen(android.app.Activity a, String when) {
        a.invalidateOptionsMenu(); // the menu as the action bar would show it now
        shadowOf(Looper.getMainLooper()).idle();
        assertNoDeveloperText(visibleTexts(a), when);
    }

    /** The same for a window of its own (a dialog's). */
    static void assertNoDeveloperText(View root, String when) {
        shadowOf(Looper.getMainLooper()).idle();
        assertNoDeveloperText(visibleTexts(root), when);
    }

    private static void assertNoDeveloperText(java.util.List<String> texts, String when) {
        for (String text : texts) {
            java.util.regex.Matcher m = DEVELOPER_TEXT.matcher(text);
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
