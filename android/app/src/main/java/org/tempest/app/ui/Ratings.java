package org.tempest.app.ui;

import java.io.IOException;
import java.util.List;
import org.tempest.app.engine.LevelInfo;
import org.tempest.app.game.RatedArchive;
import org.tempest.app.game.Rating;

/** How ratings and rated games read: a scale's name, a rating, a game's result, its opponents. */
final class Ratings {
    private Ratings() {
    }

    /** A scale as players read it: "Chess", "Chameleon Chess, 4 players". */
    static String scaleTitle(String scale) {
        int players = LevelInfo.playersOf(scale);
        return GameUi.of(LevelInfo.gameOf(scale)).howToTitle() + (players == 0 ? "" : ", " + players + " players");
    }

    /** A rating on the screen: "1024" and, while provisional, "1024?". */
    static String rating(double r, int games) {
        return Math.round(r) + (Rating.provisional(games) ? "?" : "");
    }

    /** "1024, provisional (3 of 20 games)" or "1187 after 25 games"; the archive's problem when it cannot be read. */
    static String ratingText(GameController c, String profile, String scale) {
        try {
            RatedArchive a = c.rated().archive(profile);
            return describe(a.rating(scale), a.games(scale));
        } catch (IOException e) {
            return "not known: " + e.getMessage();
        }
    }

    /** "1024, provisional (3 of 20 rated games)" or "1187 after 25 rated games". */
    static String describe(double rating, int games) {
        long r = Math.round(rating);
        return Rating.provisional(games) ? r + ", provisional (" + games + " of " + Rating.PROVISIONAL_GAMES
                + " rated games)" : r + " after " + games + " rated games";
    }

    /** What the graph of so many rated games shows: "3 rated games: provisional until 20 (hollow points)." */
    static String graphNote(int games) {
        String n = games + (games == 1 ? " rated game" : " rated games");
        return Rating.provisional(games) ? n + ": provisional until " + Rating.PROVISIONAL_GAMES + " (hollow points)."
                : n + "; the first " + Rating.PROVISIONAL_GAMES + ", hollow, were provisional.";
    }

    /** The last rated game's change: "Your rating in Chess: 1000 → 1024 (+24), provisional"; null when none. */
    static String lastChange(GameController c, String profile, String scale) {
        try {
            List<RatedArchive.Entry> list = c.rated().archive(profile).entries(scale);
            if (list.isEmpty()) {
                return null;
            }
            RatedArchive.Entry e = list.get(list.size() - 1);
            return "Your rating in " + scaleTitle(scale) + ": " + change(e)
                    + (Rating.provisional(list.size()) ? ", provisional" : "");
        } catch (IOException e) {
            return "Your rating could not be counted: " + e.getMessage();
        }
    }

    /** The day a rated game was played, "2025-03-01". */
    static String day(RatedArchive.Entry e) {
        return e.date.length() >= 10 ? e.date.substring(0, 10) : e.date;
    }

    /** "1000 → 1024 (+24)". */
    static String change(RatedArchive.Entry e) {
        long before = Math.round(e.before);
        long after = Math.round(e.after);
        long d = after - before;
        return before + " → " + after + " (" + (d > 0 ? "+" : d < 0 ? "−" : "±") + Math.abs(d) + ")";
    }

    /** A rated game's result for the person: "Won", "Drawn", "Lost", "Lost (left unfinished)", "2nd of 4". */
    static String result(RatedArchive.Entry e) {
        if (e.abandoned()) {
            return "Lost (left unfinished)";
        }
        if (e.points.length == 1) {
            return e.points[0] == 1 ? "Won" : e.points[0] == 0 ? "Lost" : "Drawn";
        }
        int place = e.place();
        String[] nth = {"1st", "2nd", "3rd"};
        return (place <= 3 ? nth[place - 1] : place + "th") + " of " + (e.points.length + 1);
    }

    /**
     * The engine players of a rated game with their levels and their Elo in
     * it: "Greedy (1000)", or "Blue: Greedy (1000), Yellow: Level 4 (1290)".
     */
    static String opponents(RatedArchive.Entry e, GameController c) {
        String[] pairs = e.opponents.split(",");
        int[] levels = e.levels();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < pairs.length; i++) {
            LevelInfo l = c.cachedLevel(levels[i]);
            String name = l == null ? LevelNames.unknown(levels[i]) : LevelNames.name(l);
            b.append(i == 0 ? "" : ", ");
            if (pairs.length > 1) {
                b.append(Players.name(e.game, pairs[i].substring(0, 1))).append(": ");
            }
            b.append(name).append(" (").append(Math.round(e.opponentElo[i])).append(")");
        }
        return b.toString();
    }
}
