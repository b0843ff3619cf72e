package org.tempest.app.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.tempest.app.engine.EngineException;
import org.tempest.app.engine.GameInfo;
import org.tempest.app.engine.GameState;
import org.tempest.app.engine.PlayResult;
import org.tempest.app.engine.UciClient;

/**
 * The game as the session keeps it: its setup, the start position string
 * and the tokens played (all it needs to rebuild the engine's game), an
 * ending without the rules, and what the engine last said of it (state,
 * legal moves, what the person sees). The session's parts read the fields;
 * only these methods change them, each after the engine confirmed the
 * change.
 */
final class GameRecord {
    GameSetup setup;
    /** The declaration of the setup's game. */
    GameInfo game;
    String startPosition;
    final List<String> moves = new ArrayList<String>();
    /** The facts of every move ("movelist"), parallel to moves; refreshed when they differ in length. */
    final List<String> moveFacts = new ArrayList<String>();
    String lastMove = "";
    String lastFacts = "";
    /**
     * The words after "result" that ended the game without the rules (a
     * resignation, an agreed draw, a loss on time), or null: sent again
     * whenever the engine's game is rebuilt.
     */
    String ending;
    GameState state;
    /** Every legal move now, whoever is to move. */
    List<String> legal = Collections.emptyList();
    private String display = "";
    private List<String> board = Collections.emptyList();

    /** A game begins (new or loaded) as the engine's history gives it, the last move shown as given. */
    void begin(GameSetup newSetup, GameInfo g, UciClient.History h, String last, String keptEnding) {
        setup = newSetup;
        game = g;
        startPosition = h.start;
        moves.clear();
        moveFacts.clear();
        moves.addAll(h.moves);
        lastMove = last;
        lastFacts = "";
        ending = keptEnding;
    }

    /** The game counts for no rating from now on. */
    void casual() {
        setup = setup.casual();
    }

    /** The people at the phone play these players from now on. */
    void seat(String humanPlayers) {
        setup = setup.withHumans(humanPlayers);
    }

    /** A move the engine played. */
    void apply(PlayResult r, UciClient client) throws EngineException {
        if (arbiter()) {
            // The game keeps each move in its canonical form, with the battle's
            // announcement (c7c8:Mw): the form the engine player's view needs.
            UciClient.History h = client.history();
            moves.clear();
            moveFacts.clear();
            moves.addAll(h.moves);
            lastMove = moves.isEmpty() ? r.token : moves.get(moves.size() - 1);
        } else {
            moves.add(r.token);
            lastMove = r.token;
            if (moveFacts.size() == moves.size() - 1) {
                moveFacts.add(r.facts); // what "movelist" would say of it
            }
        }
        lastFacts = r.facts;
        state = r.state;
    }

    /** Moves taken back to these: a resignation or agreement after them is taken back too. */
    void takeBack(List<String> kept) {
        moves.clear();
        moveFacts.clear();
        moves.addAll(kept);
        lastMove = moves.isEmpty() ? "" : moves.get(moves.size() - 1);
        lastFacts = "";
        ending = null;
    }

    /** The game was ended with "result <words>" (kept for a rebuilt engine); its state is read next. */
    void ended(String words) {
        ending = words;
    }

    /** Reads the engine's state of the game (after a "result"). */
    void readState(UciClient client) throws EngineException {
        state = client.state();
    }

    /** Reads the state, legal moves and what the person sees from the engine. */
    void refresh(UciClient client) throws EngineException {
        if (moveFacts.size() != moves.size()) {
            moveFacts.clear();
            moveFacts.addAll(client.moveFacts());
        }
        state = client.state();
        legal = state.over ? Collections.<String>emptyList() : client.legalMoves();
        display = arbiter() ? client.view(setup.firstHuman(game)) : state.position;
        board = setup == null ? Collections.<String>emptyList() : boardLines(client);
    }

    /** Gives the engine the game again, with the result that ended it if one did. */
    void restoreInto(UciClient client) throws EngineException {
        client.position("fen " + startPosition, moves);
        if (ending != null) {
            client.request("result " + ending);
        }
    }

    Snapshot snapshot() {
        if (setup == null) {
            return null;
        }
        return new Snapshot(setup, game, state, legalNow(), new ArrayList<String>(moves), lastMove, lastFacts,
                display, board, new ArrayList<String>(moveFacts), moves.size(), moves.size(), startPosition);
    }

    /**
     * The engine's "board" lines of the position it holds (Chameleon Chess
     * draws from them), or none when the game declares no such command.
     */
    List<String> boardLines(UciClient client) throws EngineException {
        return game.hasCommand("board") ? client.board() : Collections.<String>emptyList();
    }

    /** Whether the engine's scores are kept as the game's evaluation (from White's side). */
    boolean evaluates() {
        return game != null && Features.evaluation(game);
    }

    /** Whether the session is the arbiter of a game that hides pieces. */
    boolean arbiter() {
        return game != null && Features.arbiter(game);
    }

    /** The result of a two-player game lost by the side: 0-1 when it is the first, as PGN writes it. */
    String lossOf(String side) {
        return game.sideIndex(side) == 0 ? "0-1" : "1-0";
    }

    /**
     * The "result" words that give a loaded game its kept result again
     * ("0-1 White resigns"), or null when the rules decide its state.
     */
    static String keptEnding(GameState st) {
        String prefix = "result from the record";
        if (!st.over || !st.reason.startsWith(prefix)) {
            return null;
        }
        String why = st.reason.substring(prefix.length()).trim();
        if (why.startsWith("(") && why.endsWith(")")) {
            why = why.substring(1, why.length() - 1);
        }
        if (why.length() > 80 || why.indexOf('"') >= 0 || why.indexOf('\\') >= 0) {
            why = ""; // more than "result" takes as a reason: the result alone is kept on a rebuild
        }
        return (st.result + " " + why).trim();
    }

    private List<String> legalNow() {
        return setup != null && setup.isHuman(state.toMove) ? legal : Collections.<String>emptyList();
    }
}
