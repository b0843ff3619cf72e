package org.tempest.app.ui;

import android.graphics.Canvas;
import android.graphics.Paint;

/** Stratego's piece letters: their names and ranks, how a tile is drawn, and the battle chart's rule. */
final class StrategoPieces {
    private StrategoPieces() {
    }

    /** The piece's name ("Dragon"); "unknown piece" for U/u. */
    static String name(char p) {
        switch (Character.toUpperCase(p)) {
            case 'D':
                return "Dragon";
            case 'M':
                return "Mage";
            case 'K':
                return "Knight";
            case 'R':
                return "Beast Rider";
            case 'S':
                return "Sorceress";
            case 'L':
                return "Lava Beast";
            case 'Y':
                return "Yeti";
            case 'E':
                return "Elf";
            case 'W':
                return "Dwarf";
            case 'C':
                return "Scout";
            case 'X':
                return "Slayer";
            case 'T':
                return "Trap";
            case 'F':
                return "Flag";
            case 'U':
                return "unknown piece";
            default:
                return String.valueOf(p);
        }
    }

    /** A piece's rank (Dragon 10 to Slayer 1), 0 for the Flag and the Trap, which never attack. */
    static int rank(char p) {
        switch (Character.toUpperCase(p)) {
            case 'D':
                return 10;
            case 'M':
                return 9;
            case 'K':
                return 8;
            case 'R':
                return 7;
            case 'S':
                return 6;
            case 'L':
            case 'Y':
                return 5;
            case 'E':
                return 4;
            case 'W':
                return 3;
            case 'C':
                return 2;
            case 'X':
                return 1;
            default:
                return 0;
        }
    }

    /** What the tile shows large: the rank, or a sign for the Trap and the Flag. */
    static String rankLabel(char p) {
        char u = Character.toUpperCase(p);
        if (u == 'T' || u == 'F') {
            return String.valueOf(u);
        }
        int r = rank(p);
        return r > 0 ? Integer.toString(r) : "?";
    }

    /** Who wins a battle. */
    enum Battle {
        ATTACKER, DEFENDER, BOTH_REMOVED
    }

    /**
     * The battle when one piece attacks another, as the rules tell it: the
     * Flag is taken by anyone; a Trap defeats every attacker but a Dwarf;
     * a Slayer that attacks the Dragon defeats it; otherwise the higher
     * rank wins, and equal ranks both leave the board. For the how-to
     * screen's chart: in a game the engine judges every battle.
     */
    static Battle battle(char attacker, char defender) {
        char a = Character.toUpperCase(attacker);
        char d = Character.toUpperCase(defender);
        if (d == 'F') {
            return Battle.ATTACKER;
        }
        if (d == 'T') {
            return a == 'W' ? Battle.ATTACKER : Battle.DEFENDER;
        }
        if (a == 'X' && d == 'D') {
            return Battle.ATTACKER;
        }
        int ra = rank(a);
        int rd = rank(d);
        return ra > rd ? Battle.ATTACKER : ra < rd ? Battle.DEFENDER : Battle.BOTH_REMOVED;
    }

    /**
     * Draws a piece as a tile in its army's colour with its rank, and its
     * short name when asked, in the square whose top left is (x, y) and
     * side is c; face down ("?") for an unknown piece, a gold edge when it
     * was shown in a battle. The text paint is centred; both paints are left
     * as they were found.
     */
    static void drawTile(Canvas canvas, Paint paint, Paint text, char p, boolean shown, boolean named, float x,
            float y, float c) {
        boolean volcandria = Character.isUpperCase(p);
        float m = c * 0.08f;
        Paint.Style style = paint.getStyle();
        int paintColor = paint.getColor();
        float stroke = paint.getStrokeWidth();
        paint.setStyle(Paint.Style.FILL);
        paint.setColor(BoardView.playerColor(volcandria ? 'v' : 'e'));
        canvas.drawRoundRect(x + m, y + m, x + c - m, y + c - m, c * 0.12f, c * 0.12f, paint);
        paint.setStyle(Paint.Style.STROKE);
        paint.setStrokeWidth(c * 0.04f);
        paint.setColor(shown ? 0xFFFFE070 : 0xFF202020);
        canvas.drawRoundRect(x + m, y + m, x + c - m, y + c - m, c * 0.12f, c * 0.12f, paint);
        paint.setStyle(style);
        paint.setColor(paintColor);
        paint.setStrokeWidth(stroke);
        float size = text.getTextSize();
        int color = text.getColor();
        text.setColor(0xFFFFFFFF);
        if (p == 'U' || p == 'u') {
            text.setTextSize(c * 0.45f);
            canvas.drawText("?", x + c / 2, y + c * 0.66f, text);
        } else if (named) {
            text.setTextSize(c * 0.4f);
            canvas.drawText(rankLabel(p), x + c / 2, y + c * 0.56f, text);
            text.setTextSize(c * 0.2f);
            canvas.drawText(shortName(p), x + c / 2, y + c * 0.82f, text);
        } else {
            text.setTextSize(c * 0.42f);
            canvas.drawText(rankLabel(p), x + c / 2, y + c * 0.65f, text);
        }
        text.setTextSize(size);
        text.setColor(color);
    }

    /** A short name that fits under the rank. */
    static String shortName(char p) {
        switch (Character.toUpperCase(p)) {
            case 'R':
                return "Rider";
            case 'L':
                return "Lava";
            case 'S':
                return "Sorc.";
            default:
                return name(p);
        }
    }

    /** The army of a piece letter: Volcandria for upper case. */
    static String army(char p) {
        return Character.isUpperCase(p) ? "Volcandria" : "Everwinter";
    }
}
