package org.tempest.app.engine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.After;
import org.junit.Test;

/**
 * The "games" answer: read from the real engine and held against what the
 * engine does in each game, and every kind of malformed line refused with
 * the line named.
 */
public class GamesTest {
    /** A well-formed answer of two games, edited by the refusal cases below. */
    static final List<String> TWO_GAMES = Arrays.asList(
            "game alpha sides w,b players 2-2 board 8x8 hidden - cards false uses net,book perft 20 bench 12",
            "game alpha description alpha: a game",
            "game alpha go worlds default|known: known: a word with a colon in its help",
            "game beta sides r,b,y players 2-3 board 10x8 hidden hands cards true uses - perft 10 bench 4",
            "game beta description beta: another",
            "game beta startpos players <2 to 3 of rby>: who plays; none: all three",
            "game beta startpos seed <n>: a reproducible start",
            "games end");

    private UciClient engine;

    @After
    public void stop() {
        if (engine != null) {
            engine.close();
        }
    }

    private UciClient realEngine() throws Exception {
        engine = UciClient.launch(System.getProperty("tempest.engine"));
        return engine;
    }

    @Test
    public void theEnginesFourGamesAreReadAsDeclared() throws Exception {
        Games games = realEngine().games();
        List<String> names = new ArrayList<String>();
        for (GameInfo g : games.all()) {
            names.add(g.name);
        }
        assertEquals(Arrays.asList("chess", "chessmate", "chameleon", "stratego"), names);
        GameInfo chess = games.get("chess");
        assertEquals(Arrays.asList("w", "b"), chess.sides);
        assertEquals(2, chess.minPlayers);
        assertEquals(2, chess.maxPlayers);
        assertEquals(8, chess.files);
        assertEquals(8, chess.ranks);
        assertFalse(chess.hidden);
        assertFalse(chess.cards);
        assertEquals(Arrays.asList("net", "book", "tables"), chess.uses);
        assertTrue(chess.description.startsWith("chess: standard chess"));
        assertTrue(chess.startWords.isEmpty());
        GameInfo cards = games.get("chessmate");
        assertTrue(cards.hidden && cards.cards && !cards.hidesPieces());
        assertTrue(cards.commands.isEmpty());
        assertTrue(cards.uses.isEmpty());
        assertTrue(cards.takesStartWord("deal") && cards.takesStartWord("seed"));
        GameInfo.Word worlds = cards.goWords.get(0);
        assertEquals("worlds", worlds.name);
        assertEquals("default|known", worlds.arg);
        assertTrue(worlds.help, worlds.help.startsWith("known: the opponent's cards"));
        GameInfo chameleon = games.get("chameleon");
        assertEquals(Arrays.asList("r", "b", "y", "g"), chameleon.sides);
        assertEquals(2, chameleon.minPlayers);
        assertEquals(4, chameleon.maxPlayers);
        assertTrue(chameleon.takesStartWord("players") && chameleon.takesGoWord("algorithm"));
        assertTrue(chameleon.hasCommand("board") && !chameleon.hidden);
        assertTrue(chess.hasCommand("genfens") && !chess.hasCommand("board"));
        GameInfo stratego = games.get("stratego");
        assertEquals(Arrays.asList("v", "e"), stratego.sides);
        assertEquals(10, stratego.files);
        assertEquals(8, stratego.ranks);
        assertTrue(stratego.hidden && stratego.hidesPieces() && !stratego.cards);
        GameInfo.Word setup = stratego.commands.get(0);
        assertEquals("setup", setup.name);
        assertEquals("<v|e> [seed <n>]", setup.arg);
        assertTrue(stratego.takesStartWord("setup") && stratego.takesGoWord("deal"));
        assertNull(games.get("minichess"));
    }

    /**
     * Each declaration against the engine's own play of the game: the first
     * side moves first; the start has as many ranks and files as declared
     * (a game with its own "board" command draws them there); a view is
     * given exactly when information is hidden; the start holds two hands
     * exactly when there are cards; the fewest players may start.
     */
    @Test
    public void everyDeclarationAgreesWithTheEnginesPlay() throws Exception {
        UciClient c = realEngine();
        for (GameInfo g : c.games().all()) {
            c.setOption("UCI_Variant", g.name);
            c.request("position startpos");
            GameState st = c.state();
            assertEquals(g.name, g.sides.get(0), st.toMove);
            List<List<String>> board = boardOf(c, st.position);
            assertEquals(g.name + " ranks", g.ranks, board.size());
            for (List<String> rank : board) {
                assertEquals(g.name + " files", g.files, rank.size());
            }
            boolean viewed;
            try {
                c.view(g.sides.get(0));
                viewed = true;
            } catch (EngineError noHiddenInformation) {
                viewed = false;
            }
            assertEquals(g.name + " hidden", g.hidden, viewed);
            String[] f = st.position.split(" ");
            boolean hands = f.length >= 13 && f[9].matches("[A-Z]{2}(,[A-Z]{2})*/[A-Z]{2}(,[A-Z]{2})*");
            assertEquals(g.name + " cards", g.cards, hands);
            if (g.takesStartWord("players")) {
                String fewest = String.join("", g.sides.subList(0, g.minPlayers));
                c.request("position startpos players " + fewest);
                assertEquals(g.sides.get(0), c.state().toMove);
                assertThrows(g.name + ": fewer than the fewest", EngineError.class,
                        () -> c.request("position startpos players " + g.sides.get(0)));
            }
        }
    }

    /** The squares of each rank, top first: from the game's "board" lines, or from the position's placement. */
    private static List<List<String>> boardOf(UciClient c, String position) throws EngineException {
        List<List<String>> out = new ArrayList<List<String>>();
        try {
            for (String line : c.board()) {
                String[] t = line.trim().split("\\s+");
                if (t[0].equals("rank")) {
                    out.add(Arrays.asList(t).subList(2, t.length));
                }
            }
            return out;
        } catch (EngineError noBoardCommand) {
            // The placement: letters (with the marks ! and ') and runs of empty squares.
        }
        for (String row : position.split(" ")[0].split("/")) {
            List<String> squares = new ArrayList<String>();
            for (String run : row.replaceAll("[!']", "").split("(?<=\\D)|(?=\\D)")) {
                int empty = run.matches("\\d+") ? Integer.parseInt(run) : 0;
                squares.addAll(empty > 0 ? Collections.nCopies(empty, ".") : Collections.singletonList(run));
            }
            out.add(squares);
        }
        return out;
    }

    @Test
    public void aWellFormedAnswerIsReadWhole() throws Exception {
        Games games = Games.parse(TWO_GAMES);
        GameInfo beta = games.get("beta");
        assertEquals(Arrays.asList("r", "b", "y"), beta.sides);
        assertEquals(3, beta.maxPlayers);
        assertEquals(10, beta.files);
        assertEquals(4, beta.benchDepth);
        assertEquals("players", beta.startWords.get(0).name);
        assertEquals("<2 to 3 of rby>", beta.startWords.get(0).arg);
        assertEquals("who plays; none: all three", beta.startWords.get(0).help);
        assertEquals("y", beta.sides.get(2));
        assertNull(beta.otherSide("r")); // three sides: no single other one
        assertEquals("b", games.get("alpha").otherSide("w"));
        assertTrue(games.get("alpha").whiteAndBlack() && !beta.whiteAndBlack());
    }

    @Test
    public void aNewerEnginesKeysAndLinesAreSkippedWithItsChatter() throws Exception {
        List<String> reply = new ArrayList<String>(TWO_GAMES);
        reply.set(0, reply.get(0) + " clocks 2");
        reply.add(1, "game alpha title Alpha");
        reply.add(0, "info string games: two of them");
        Games games = Games.parse(reply);
        assertEquals(8, games.get("alpha").files);
        assertEquals(2, games.all().size());
    }

    @Test
    public void malformedAnswersAreRefusedNamingTheLine() {
        String[][] cases = {
            // {what is wrong, line index to replace (-1: drop "games end"), the new line, words the message holds}
            {"no end", "-1", "", "no \"games end\""},
            {"a stray line", "1", "gams alpha description x", "\"gams alpha description x\" is malformed"},
            {"a detail before the sides", "0", "game alpha board 8x8", "before the line that declares alpha's sides"},
            {"sides not letters", "0",
                "game alpha sides w;b players 2-2 board 8x8 hidden - cards false uses - perft 1 bench 1",
                "sides \"w;b\""},
            {"one side", "0",
                "game alpha sides w players 2-2 board 8x8 hidden - cards false uses - perft 1 bench 1",
                "at least two different sides"},
            {"players that do not fit the sides", "0",
                "game alpha sides w,b players 2-4 board 8x8 hidden - cards false uses - perft 1 bench 1",
                "players 2-4 does not fit 2 sides"},
            {"a board without its x", "0",
                "game alpha sides w,b players 2-2 board 8by8 hidden - cards false uses - perft 1 bench 1",
                "board \"8by8\" is not <files>x<ranks>"},
            {"a board no square name fits", "0",
                "game alpha sides w,b players 2-2 board 27x8 hidden - cards false uses - perft 1 bench 1",
                "no name can give"},
            {"hidden none of its values", "0",
                "game alpha sides w,b players 2-2 board 8x8 hidden true cards false uses - perft 1 bench 1",
                "hidden \"true\" is not -, hands or pieces"},
            {"a command without its help", "2", "game alpha command board",
                "not \"<command> [<arguments>]: <help>\""},
            {"a missing key", "0", "game alpha sides w,b players 2-2 board 8x8 hidden - cards false uses - perft 1",
                "no bench"},
            {"a key given twice", "0",
                "game alpha sides w,b players 2-2 board 8x8 hidden - cards false cards true uses - perft 1 bench 1",
                "\"cards\" given twice"},
            {"a key without a value", "0",
                "game alpha sides w,b players 2-2 board 8x8 hidden - cards false uses - perft 1 bench",
                "a key without its value"},
            {"perft not a number", "0",
                "game alpha sides w,b players 2-2 board 8x8 hidden - cards false uses - perft deep bench 1",
                "perft \"deep\" is not a number"},
            {"a go word without its help", "2", "game alpha go worlds default|known",
                "not \"<word> <argument>: <help>\""},
            {"a second declaration", "3",
                "game alpha sides w,b players 2-2 board 8x8 hidden - cards false uses - perft 1 bench 1",
                "a second declaration of alpha"},
            {"no description", "1", "game alpha go depth <n>: how deep", "no description of alpha"},
        };
        for (String[] tc : cases) {
            List<String> reply = new ArrayList<String>(TWO_GAMES);
            int at = Integer.parseInt(tc[1]);
            if (at < 0) {
                reply.remove(reply.size() - 1);
            } else {
                reply.set(at, tc[2]);
            }
            EngineException e = assertThrows(tc[0], EngineException.class, () -> Games.parse(reply));
            assertFalse(tc[0], e instanceof EngineError); // the engine misbehaved; nothing was refused by it
            assertTrue(tc[0] + ": " + e.getMessage(), e.getMessage().contains(tc[3]));
            if (at >= 0 && !tc[3].startsWith("no description")) {
                assertTrue(tc[0] + " names its line: " + e.getMessage(), e.getMessage().contains(tc[2]));
            }
        }
        List<String> after = new ArrayList<String>(TWO_GAMES);
        after.add("game gamma description late");
        EngineException late = assertThrows(EngineException.class, () -> Games.parse(after));
        assertTrue(late.getMessage(), late.getMessage().contains("follows \"games end\""));
        EngineException none = assertThrows(EngineException.class,
                () -> Games.parse(Collections.singletonList("games end")));
        assertTrue(none.getMessage(), none.getMessage().contains("declares no game"));
    }
}
