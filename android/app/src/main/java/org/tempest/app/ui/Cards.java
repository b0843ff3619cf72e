package org.tempest.app.ui;

import java.util.HashMap;
import java.util.Map;

/** Names and one-line summaries of the card-chess cards, for display. */
final class Cards {
    private static final Map<String, String[]> CARDS = new HashMap<String, String[]>();

    static {
        put("CW", "Cowardice", "Move an enemy pawn one or two squares back.");
        put("DM", "Dark Mirror", "Your pawn captures diagonally backwards.");
        put("DD", "Death Dance", "Swap your piece with an enemy piece next to it.");
        put("DI", "Disintegration", "Remove one of your own pawns.");
        put("CH", "Champion", "A knight leaps (3,4) from now on.");
        put("RB", "Rebirth", "Send an enemy piece back to a starting square.");
        put("RV", "Revelation", "Swap a knight and a bishop of one owner.");
        put("LJ", "Long Jump", "Your knight jumps to any free square of the other colour.");
        put("LC", "Lost Castle", "Swap your rook with an enemy rook.");
        put("MS", "Mystic Shield", "Your piece cannot be captured next turn.");
        put("FC", "Forbidden City", "An empty square is closed for the rest of the game.");
        put("HQ", "Holy Quest", "Swap your bishop with an enemy knight.");
        put("HF", "Hand of Fate", "Swap hands with the opponent, then move.");
        put("VU", "Vulture", "Take the card the opponent just played.");
        put("CR", "Crusade", "Your bishop moves twice, the first time without capturing.");
    }

    private static void put(String code, String name, String summary) {
        CARDS.put(code, new String[] {name, summary});
    }

    private Cards() {
    }

    static String name(String code) {
        String[] c = CARDS.get(code);
        return c == null ? code : c[0];
    }

    static String summary(String code) {
        String[] c = CARDS.get(code);
        return c == null ? "" : c[1];
    }
}
