package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tempest.app.engine.EngineError;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;
import org.tempest.app.engine.UciClient;

/**
 * Questions the rules engine answers about positions other than the game's
 * own: which game a text is a position of, an arrangement of pieces, the
 * facts of a move not played, an earlier position of the game. The engine is
 * shown the other position and then given the session's game back, so the
 * game is never changed by a question. Each runs as one step of the session.
 */
final class PositionQueries {
    private final EngineLink link;
    private final GameRecord record;

    PositionQueries(EngineLink link, GameRecord record) {
        this.link = link;
        this.record = record;
    }

    /**
     * Each declared game (or only the one named, when only is not null) in
     * turn is given "position fen <text>", and the first that takes it is
     * the answer; else every game's reason for refusing it.
     */
    GameSession.PositionFound positionOf(String text, String only) throws EngineException {
        String line = text.trim();
        Map<String, String> refusals = new LinkedHashMap<String, String>();
        UciClient client = link.client();
        try {
            for (GameInfo g : link.games().all()) {
                if (only != null && !only.equals(g.name)) {
                    continue;
                }
                if (line.isEmpty() || line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
                    refusals.put(g.name, "a position is one line of text");
                    continue;
                }
                client.setOption("UCI_Variant", g.name);
                try {
                    client.request("position fen " + line);
                } catch (EngineError refused) {
                    refusals.put(g.name, refused.getMessage());
                    continue;
                }
                return new GameSession.PositionFound(g, client.state(), refusals);
            }
        } finally {
            if (record.setup != null) {
                link.resync(); // the game goes on as it was
            }
        }
        return new GameSession.PositionFound(null, null, refusals);
    }

    /** An arrangement of one side's pieces from the engine's setup generator ("setup <side>"). */
    String arrangement(String gameName, String side) throws EngineException {
        UciClient client = link.client();
        boolean other = record.setup == null || !record.setup.variant.equals(gameName);
        if (other) {
            client.setOption("UCI_Variant", gameName);
        }
        String rows = client.setup(side);
        if (record.setup != null && other) {
            link.resync();
        }
        return rows;
    }

    /** The facts "play" reports for a move not played, or none when the engine refuses it. */
    String factsOf(String token) throws EngineException {
        try {
            return link.client().play(token).facts;
        } catch (EngineError refused) {
            return "";
        } finally {
            link.restoreGame();
        }
    }

    /** The game as it stood after its first ply moves; nothing can be played in it. */
    Snapshot positionAt(int ply) throws EngineException {
        UciClient client = link.client();
        List<String> played = new ArrayList<String>(record.moves.subList(0, ply));
        try {
            client.position("fen " + record.startPosition, played);
            GameState st = client.state();
            String shown = record.arbiter() ? client.view(record.setup.firstHuman(record.game)) : st.position;
            List<String> lines = record.boardLines(client);
            String last = ply == 0 ? "" : played.get(ply - 1);
            String facts = ply == 0 || ply > record.moveFacts.size() ? "" : record.moveFacts.get(ply - 1);
            return new Snapshot(record.setup, record.game, st, Collections.<String>emptyList(), played, last, facts,
                    shown, lines, new ArrayList<String>(record.moveFacts), ply, record.moves.size(),
                    record.startPosition);
        } finally {
            link.restoreGame();
        }
    }
}
