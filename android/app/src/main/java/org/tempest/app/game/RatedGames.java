package org.tempest.app.game;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.LevelInfo;

/**
 * Rated and casual games (docs/ANDROID.md, "Rated and casual games"). A game
 * is rated when one person plays the engine at fixed levels from the game's
 * normal start and the engine measured its levels in that game (a scale of
 * "levels"); it stays rated until a help is used in it (undo, a hint, the
 * evaluation bar, analysis), and played to its end it moves the person's
 * rating on that scale (Rating) and joins their archive (RatedArchive).
 * A rated game left unfinished after the person has moved counts as a loss
 * when their next game starts, as on game sites.
 */
public final class RatedGames {
    private final Profiles profiles;
    /** The archives opened, by folder. */
    private final Map<File, RatedArchive> open = new HashMap<File, RatedArchive>();

    public RatedGames(Profiles profiles) {
        this.profiles = profiles;
    }

    /**
     * Why a new game with this setup would be casual, or null when it can be
     * rated (scaleOf then names its scale): more than one person plays, it
     * starts from a position of its own, or the levels' strength is
     * unmeasured in that game with that many players.
     */
    public static String whyCasual(GameInfo g, GameSetup s, List<LevelInfo> levels) {
        if (s.humanPlayers.length() != 1) {
            return s.humanPlayers.isEmpty() ? "nobody plays Tempest" : "more than one person plays";
        }
        String start = s.start.trim();
        boolean normal = start.equals("startpos") || start.startsWith("startpos players ")
                || start.startsWith("startpos setup ");
        if (!normal) {
            return "it starts from a position of its own";
        }
        if (scaleOf(g, s, levels) == null) {
            int n = s.seatedSides(g).size();
            return "the levels' strength in this game" + (g.minPlayers == g.maxPlayers ? "" : " of " + n + " players")
                    + " is unmeasured";
        }
        return null;
    }

    /**
     * The scale a game with this setup is rated on: the engine's scale of
     * the game with as many players as are seated (LevelInfo.scaleFor), or
     * null when there is none.
     */
    public static String scaleOf(GameInfo g, GameSetup s, List<LevelInfo> levels) {
        if (levels.isEmpty()) {
            return null;
        }
        return levels.get(0).scaleFor(g.name, s.seatedSides(g).size());
    }

    /** The engine players as side and level pairs ("b4", "b4,y1,g7"), in turn order. */
    static String opponents(GameInfo g, GameSetup s) {
        StringBuilder b = new StringBuilder();
        for (String side : s.seatedSides(g)) {
            if (!s.isHuman(side)) {
                b.append(b.length() == 0 ? "" : ",").append(side).append(s.levelOf(side));
            }
        }
        return b.toString();
    }

    /** A profile's archive, opened once; an archive this app must not use is Refused. */
    public synchronized RatedArchive archive(String profile) throws IOException {
        File dir = profiles.archiveFolder(profile);
        RatedArchive a = open.get(dir);
        if (a == null) {
            a = RatedArchive.open(dir);
            open.put(dir, a);
        }
        return a;
    }

    /**
     * Why the profile's games cannot be rated now, or null: its archive
     * cannot be used (RatedArchive.Refused: a newer app wrote it).
     */
    public String archiveProblem(String profile) {
        try {
            archive(profile);
            return null;
        } catch (IOException e) {
            return e.getMessage();
        }
    }

    /** Why a new game of this setup would be casual (whyCasual, or its player's archive refused), or null. */
    public String whyCasualFor(GameInfo g, GameSetup s, List<LevelInfo> levels) {
        String why = whyCasual(g, s, levels);
        return why != null ? why : archiveProblem(s.profile);
    }

    /** The setup rated on its scale when it can be (whyCasualFor), else as it is. */
    public GameSetup ratedIfItCan(GameInfo g, GameSetup s, List<LevelInfo> levels) {
        return whyCasualFor(g, s, levels) == null ? s.ratedOn(scaleOf(g, s, levels)) : s;
    }

    /** Whether the profile has a rated game under way in which they have moved (leaving it loses it). */
    public synchronized boolean pending(String profile) {
        try {
            return profiles.names().contains(profile) && archive(profile).pending() != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** The person has moved in a game: a rated one is now under way, and leaving it would lose it. */
    public synchronized void moved(Snapshot s) throws IOException {
        if (!s.setup.isRated() || s.state.over || !profiles.names().contains(s.setup.profile)) {
            return;
        }
        RatedArchive a = archive(s.setup.profile);
        if (a.pending() == null) {
            a.setPending(new RatedArchive.Pending(s.setup.rated, s.setup.variant, s.setup.firstHuman(s.game),
                    opponents(s.game, s.setup)));
        }
    }

    /** The game became casual: nothing is under way for the rating. */
    public synchronized void casual(String profile) throws IOException {
        if (profiles.names().contains(profile)) {
            archive(profile).clearPending();
        }
    }

    /**
     * A rated game has ended: the person's points against each engine
     * player (by the finishing order in a game of more than two) move their
     * rating, and the game joins the archive with its record.
     */
    public synchronized RatedArchive.Entry finished(Snapshot s, String record, List<LevelInfo> levels)
            throws IOException {
        if (!s.setup.isRated() || !s.state.over || !profiles.names().contains(s.setup.profile)) {
            return null;
        }
        String person = s.setup.firstHuman(s.game);
        List<String> sides = new ArrayList<String>();
        for (String side : s.setup.seatedSides(s.game)) {
            if (!s.setup.isHuman(side)) {
                sides.add(side);
            }
        }
        String opponents = opponents(s.game, s.setup);
        return archive(s.setup.profile).add(s.setup.rated, s.setup.variant, person, opponents,
                ratings(s.setup.rated, opponents, levels), points(s, person, sides), endOf(s.state.reason), record);
    }

    /**
     * The profile's next game starts: a rated game under way counts as a
     * loss to every engine player, with its record from the profile's
     * autosave (where it is until the next game is saved over it). Returns
     * the entry, or null when nothing was under way.
     */
    public synchronized RatedArchive.Entry abandon(String profile, GameStore store, List<LevelInfo> levels)
            throws IOException {
        if (!profiles.names().contains(profile)) {
            return null;
        }
        RatedArchive a = archive(profile);
        RatedArchive.Pending g = a.pending();
        if (g == null) {
            return null;
        }
        String record = null;
        GameSetup saved = store.autosavedSetup();
        if (saved != null && saved.isRated()) {
            try {
                record = store.autosavedRecord();
            } catch (IOException lost) {
                record = null; // the facts are kept without it
            }
        }
        double[] points = new double[g.opponents.split(",").length];
        return a.add(g.scale, g.game, g.side, g.opponents, ratings(g.scale, g.opponents, levels), points,
                RatedArchive.ABANDONED, record);
    }

    /** Each engine player's rating on the scale, from the engine's levels. */
    private static double[] ratings(String scale, String opponents, List<LevelInfo> levels) throws IOException {
        String[] pairs = opponents.split(",");
        double[] out = new double[pairs.length];
        for (int i = 0; i < pairs.length; i++) {
            int level = Integer.parseInt(pairs[i].substring(1));
            Integer elo = null;
            for (LevelInfo l : levels) {
                if (l.skill == level) {
                    elo = l.eloOn(scale);
                }
            }
            if (elo == null) {
                throw new IOException("the engine gives level " + level + " no rating in " + scale);
            }
            out[i] = elo;
        }
        return out;
    }

    /**
     * The person's points against each engine player: 1 ahead of it in the
     * finishing order, 1/2 level, 0 behind. The winner finishes first; the
     * players still in at a draw share a place; those eliminated (Chameleon
     * Chess's board lines, "g@12") finish in the reverse of the order they
     * went out.
     */
    static double[] points(Snapshot s, String person, List<String> opponents) {
        Map<String, Integer> out = new HashMap<String, Integer>();
        try {
            for (String e : BoardModel.parse(s.game, s.display, s.board).eliminated) {
                int at = e.indexOf('@');
                out.put(at > 0 ? e.substring(0, at) : e, at > 0 ? Integer.parseInt(e.substring(at + 1)) : 0);
            }
        } catch (RuntimeException unreadable) {
            out.clear(); // the winner alone then decides
        }
        String winner = s.winner();
        double[] points = new double[opponents.size()];
        long mine = place(person, winner, out);
        for (int i = 0; i < points.length; i++) {
            long theirs = place(opponents.get(i), winner, out);
            points[i] = mine > theirs ? 1 : mine == theirs ? 0.5 : 0;
        }
        return points;
    }

    /** A side's standing at the end, higher finishing ahead: the winner, those still in, then by when they went out. */
    private static long place(String side, String winner, Map<String, Integer> out) {
        if (side.equals(winner)) {
            return Long.MAX_VALUE;
        }
        Integer ply = out.get(side);
        return ply == null ? Long.MAX_VALUE - 1 : ply;
    }

    /** The end as the archive lists it: the record's own reason for a result the rules did not decide. */
    private static String endOf(String reason) {
        String prefix = "result from the record";
        if (reason.startsWith(prefix)) {
            String why = reason.substring(prefix.length()).trim();
            if (why.startsWith("(") && why.endsWith(")")) {
                why = why.substring(1, why.length() - 1);
            }
            return why.isEmpty() ? "result" : why;
        }
        return reason;
    }
}
