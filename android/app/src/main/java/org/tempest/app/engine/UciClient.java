package org.tempest.app.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Talks UCI and the rules service to one engine process. Every request is
 * followed by "isready", so the reply ends at "readyok" and an error line
 * ("info string error: ...") is known to belong to it. Calls block: they
 * belong on a worker thread, never on the UI thread.
 */
public final class UciClient {
    /** Time allowed for the handshake and for rules-service replies. */
    public static final long REPLY_TIMEOUT_MS = 5000;
    /** Time a search has to answer "stop" with its best move. */
    static final long STOP_GRACE_MS = 1000;
    private static final String ERROR_PREFIX = "info string error: ";

    private final EngineProcess engine;
    private String name = "";
    private final List<String> options = new ArrayList<String>();

    public UciClient(EngineProcess engine) {
        this.engine = engine;
    }

    /** Starts the engine executable and completes the handshake. */
    public static UciClient launch(String path) throws EngineException {
        return launch(java.util.Collections.singletonList(path), EngineLog.NONE);
    }

    /** Starts the engine command with its standard error going to the log, and completes the handshake. */
    public static UciClient launch(List<String> command, EngineLog.Sink log) throws EngineException {
        EngineProcess p;
        try {
            p = EngineProcess.start(command, log);
        } catch (java.io.IOException e) {
            throw new EngineException("cannot start the engine " + command.get(0) + ": " + e.getMessage());
        }
        UciClient c = new UciClient(p);
        try {
            c.handshake(REPLY_TIMEOUT_MS);
        } catch (EngineException e) {
            c.close();
            throw e;
        }
        return c;
    }

    public EngineProcess process() {
        return engine;
    }

    /** Sends "uci" and waits for "uciok"; returns the engine's name. */
    public String handshake(long timeoutMs) throws EngineException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        engine.send("uci");
        while (true) {
            String line = next(deadline, timeoutMs);
            if (line.startsWith("id name ")) {
                name = line.substring("id name ".length()).trim();
            } else if (line.startsWith("option name ")) {
                options.add(line.substring("option name ".length()));
            } else if (line.equals("uciok")) {
                return name;
            }
        }
    }

    public String name() {
        return name;
    }

    /** The "option name ..." declarations seen in the handshake. */
    public List<String> options() {
        return Collections.unmodifiableList(options);
    }

    /** Sets an option; an out-of-range or unknown value is an EngineError. */
    public void setOption(String option, String value) throws EngineException {
        request("setoption name " + option + " value " + value);
    }

    /**
     * Sends one command and returns the lines it printed before "readyok".
     *
     * @throws EngineError when the engine rejected the command
     */
    public List<String> request(String command) throws EngineException {
        return request(Collections.singletonList(command));
    }

    /** Sends several lines (such as a game record) as one request. */
    public List<String> request(List<String> commandLines) throws EngineException {
        for (String line : commandLines) {
            engine.send(line);
        }
        engine.send("isready");
        long deadline = System.currentTimeMillis() + REPLY_TIMEOUT_MS;
        List<String> reply = new ArrayList<String>();
        String error = null;
        while (true) {
            String line = next(deadline, REPLY_TIMEOUT_MS);
            if (line.equals("readyok")) {
                break;
            }
            if (line.startsWith(ERROR_PREFIX) && error == null) {
                error = line.substring(ERROR_PREFIX.length());
            }
            reply.add(line);
        }
        if (error != null) {
            throw new EngineError(error);
        }
        return reply;
    }

    /** Sets the game: "position <spec> [moves ...]". */
    public void position(String spec, List<String> moves) throws EngineException {
        StringBuilder b = new StringBuilder("position ").append(spec);
        if (!moves.isEmpty()) {
            b.append(" moves");
            for (String m : moves) {
                b.append(' ').append(m);
            }
        }
        request(b.toString());
    }

    public List<String> legalMoves() throws EngineException {
        String line = find(request("legalmoves"), "legalmoves");
        List<String> out = new ArrayList<String>();
        String[] f = line.trim().split("\\s+");
        out.addAll(Arrays.asList(f).subList(1, f.length));
        return out;
    }

    public GameState state() throws EngineException {
        return GameState.parse(request("state"));
    }

    /** Plays one token; returns the facts of the move and the new state. */
    public PlayResult play(String token) throws EngineException {
        List<String> reply = request("play " + token);
        String played = find(reply, "played ");
        String facts = played.substring(("played " + token).length()).trim();
        return new PlayResult(token, facts, GameState.parse(reply));
    }

    /** The game record, as PGN text. */
    public String pgn() throws EngineException {
        List<String> reply = request("pgn");
        StringBuilder b = new StringBuilder();
        boolean inside = false;
        for (String line : reply) {
            if (line.equals("pgn begin")) {
                inside = true;
            } else if (line.equals("pgn end")) {
                inside = false;
            } else if (inside) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    /** Loads a game record; a broken one is an EngineError and leaves the game as it was. */
    public void loadPgn(String text) throws EngineException {
        List<String> lines = new ArrayList<String>();
        lines.add("loadpgn");
        for (String line : text.split("\r?\n", -1)) {
            if (line.trim().equals("endpgn")) {
                throw new EngineError("not a game record: a line \"endpgn\" inside it");
            }
            lines.add(line);
        }
        lines.add("endpgn");
        find(request(lines), "loadpgn ok");
    }

    /** The current game as a start position and tokens ("history"). */
    public History history() throws EngineException {
        List<String> reply = request("history");
        String start = find(reply, "history start ").substring("history start ".length());
        String moves = find(reply, "history moves").substring("history moves".length()).trim();
        List<String> tokens = new ArrayList<String>();
        if (!moves.isEmpty()) {
            tokens.addAll(Arrays.asList(moves.split("\\s+")));
        }
        return new History(start, tokens);
    }

    /**
     * The facts of every action from the game's start ("movelist"), in
     * order: "san Nf3", "captured c6; san Bxc6", "" when there are none.
     */
    public List<String> moveFacts() throws EngineException {
        List<String> out = new ArrayList<String>();
        for (String line : request("movelist")) {
            if (!line.startsWith("move ")) {
                continue;
            }
            String[] f = line.split(" ", 4);
            out.add(f.length == 4 ? f[3] : "");
        }
        return out;
    }

    /**
     * The lines between "board begin" and "board end" without their
     * "board " prefix (Chameleon Chess: field colours, pawns, roles, bounds).
     */
    public List<String> board() throws EngineException {
        List<String> out = new ArrayList<String>();
        boolean inside = false;
        for (String line : request("board")) {
            if (line.equals("board begin")) {
                inside = true;
            } else if (line.equals("board end")) {
                inside = false;
            } else if (inside && line.startsWith("board ")) {
                out.add(line.substring("board ".length()));
            }
        }
        if (out.isEmpty()) {
            throw new EngineException("the engine's reply to \"board\" is empty");
        }
        return out;
    }

    /** A player's view of the current position ("view <player>"), as a position string. */
    public String view(String player) throws EngineException {
        String prefix = "view " + player + " ";
        return find(request("view " + player), prefix).substring(prefix.length()).trim();
    }

    /** An arrangement of one side's pieces from the engine's setup generator ("setup <side>"). */
    public String setup(String side) throws EngineException {
        String line = find(request("setup " + side), "setup " + side + " ");
        String[] f = line.trim().split("\\s+");
        if (f.length != 3) {
            throw new EngineException("the engine's setup line is not \"setup <side> <rows>\": " + line);
        }
        return f[2];
    }

    /** The playing levels ("levels"), weakest first, each with its Elo on every game's scale. */
    public List<LevelInfo> levels() throws EngineException {
        return LevelInfo.read(request("levels"));
    }

    /** What every game declares of itself ("games"); a malformed answer is an EngineException naming the line. */
    public Games games() throws EngineException {
        return Games.parse(request("games"));
    }

    /**
     * Searches with the given "go" parameters and returns the best move
     * ("0000" when there is none). Info lines go to the listener.
     */
    public String go(String params, long timeoutMs, InfoListener listener) throws EngineException {
        startSearch(params);
        return awaitBestMove(timeoutMs, listener);
    }

    /**
     * Sends "go" and returns at once; awaitBestMove reads the answer. A
     * caller that may stop the search from another thread sends "go" under
     * the same lock as its stop, so "stop" never overtakes "go".
     */
    public void startSearch(String params) throws EngineException {
        engine.send("go " + params);
    }

    /**
     * Asks the search under way for its move now ("stop"); safe from any
     * thread (sending is synchronised). The engine still answers with a
     * "bestmove", which awaitBestMove reads, so the reply stream stays in
     * step; the caller decides whether that move is played.
     */
    public void stop() throws EngineException {
        engine.send("stop");
    }

    /**
     * Reads the search's lines up to its "bestmove" and returns the move
     * ("0000" when there is none); info lines go to the listener. Past
     * timeoutMs the search is stopped and given STOP_GRACE_MS to answer.
     */
    public String awaitBestMove(long timeoutMs, InfoListener listener) throws EngineException {
        long deadline = System.currentTimeMillis() + timeoutMs;
        boolean stopped = false;
        while (true) {
            String line;
            try {
                line = next(deadline, timeoutMs);
            } catch (EngineTimeoutException late) {
                if (stopped) {
                    throw late;
                }
                // Past the time allowed: ask for the move found so far.
                engine.send("stop");
                stopped = true;
                deadline = System.currentTimeMillis() + STOP_GRACE_MS;
                continue;
            }
            if (line.startsWith("bestmove")) {
                String[] f = line.trim().split("\\s+");
                return f.length > 1 ? f[1] : "0000";
            }
            if (line.startsWith(ERROR_PREFIX)) {
                throw new EngineError(line.substring(ERROR_PREFIX.length()));
            }
            if (listener != null && line.startsWith("info ")) {
                listener.onInfo(line);
            }
        }
    }

    /** Ends the engine process. */
    public void close() {
        engine.stop();
    }

    private static String find(List<String> reply, String prefix) throws EngineException {
        for (String line : reply) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new EngineException("the engine's reply has no \"" + prefix.trim() + "\" line");
    }

    /** The next line, or a time-out naming the whole time allowed. */
    private String next(long deadline, long timeoutMs) throws EngineException {
        long left = deadline - System.currentTimeMillis();
        try {
            if (left <= 0) {
                throw new EngineTimeoutException("");
            }
            return engine.next(left);
        } catch (EngineTimeoutException late) {
            throw new EngineTimeoutException("the engine did not answer within " + timeoutMs + " ms");
        }
    }

    /** Receives a search's info lines. */
    public interface InfoListener {
        void onInfo(String line);
    }

    /** A game as its start position and the tokens played since. */
    public static final class History {
        public final String start;
        public final List<String> moves;

        History(String start, List<String> moves) {
            this.start = start;
            this.moves = Collections.unmodifiableList(moves);
        }
    }
}
