package org.tempest.app.game;

import java.util.Iterator;
import java.util.TreeMap;

/**
 * What a running search of the analysis engine reported so far: its lines
 * by MultiPV rank (EngineLine reads each report), its error, and whether
 * and with what bestmove it ended.
 */
final class SearchLines {
    final TreeMap<Integer, EngineLine> byRank = new TreeMap<Integer, EngineLine>();
    /** The most lines kept (the engine's MultiPV). */
    final int most;
    /** The search's error line, without its prefix, or null. */
    String problem;
    /** The search has given its bestmove. */
    boolean ended;
    /** The engine's bestmove, once given. */
    String best;

    SearchLines(int most) {
        this.most = most;
    }

    /** Takes a line of the search; whether it changed the picture. */
    boolean take(String line) {
        if (line.startsWith("bestmove")) {
            ended = true;
            String[] f = line.trim().split("\\s+");
            best = f.length > 1 ? f[1] : "";
            return false;
        }
        if (line.startsWith("info string error: ")) {
            problem = line.substring("info string error: ".length());
            return true;
        }
        EngineLine l = EngineLine.parse(line);
        if (l == null || l.rank > most) {
            return false;
        }
        if (!l.pv.isEmpty()) {
            // One iteration gives a move one rank, so a line of another rank
            // starting with this line's move is from an earlier iteration:
            // showing both would show that move twice until it is replaced.
            String first = l.pv.get(0);
            for (Iterator<EngineLine> it = byRank.values().iterator(); it.hasNext();) {
                EngineLine o = it.next();
                if (o.rank != l.rank && !o.pv.isEmpty() && o.pv.get(0).equals(first)) {
                    it.remove();
                }
            }
        }
        byRank.put(l.rank, l);
        return true;
    }
}
