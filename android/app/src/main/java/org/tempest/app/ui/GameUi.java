package org.tempest.app.ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tempest.app.R;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.GameSession;
import org.tempest.app.game.GameSetup;

/**
 * How the app shows each game, and the one place in the app that names
 * games. What a game is (its sides, players, board, hidden information,
 * cards and start words) is the engine's declaration (engine/GameInfo);
 * what it looks like is here: its title and choice on the new-game screen,
 * its sides' names, how its board and pieces are drawn, how its moves and
 * their facts read, and its "How to play" (HowTo). A game the engine
 * declares and this table lacks is drawn with chess pieces, its moves as the
 * engine writes them, and its "How to play" is its declared description.
 */
public class GameUi {
    /** How a board and its pieces are drawn. */
    enum Look {
        /** Chess pieces on light and dark squares, or wood. */
        PIECES,
        /**
         * Each square in its field colour, squares out of play hatched grey;
         * a pawn drawn as its current role in its owner's colour with a dot
         * of its knight colour (the engine's "board" lines).
         */
        FIELDS,
        /** Grass and lakes; tiles in the army's colour with the piece's rank, "?" when unknown. */
        TILES
    }

    /** The game of a record that names none, and of PGN's "Standard" and "Chess960". */
    static final String PLAIN_RECORD_GAME = "chess";

    /** A chess position to show the board's look with (the settings screen). */
    static BoardModel lookPreview() {
        return BoardModel.placement("chess", 8, 8, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    }

    private static final Map<String, GameUi> BY_NAME = new HashMap<String, GameUi>();
    /** The games the new-game screen offers, in its order. */
    private static final List<GameUi> OFFERED = new ArrayList<GameUi>();

    static {
        add(new GameUi("chess", "Chess", R.id.rb_chess, Look.PIECES, sides("w", "White", "b", "Black"), "",
                "qrrbbnnpppppppp", true, HowTo.chess()).withOpenings());
        add(new GameUi("chessmate", "Card chess", R.id.rb_chessmate, Look.PIECES, sides("w", "White", "b", "Black"),
                "", "qrrbbnnpppppppp", true, HowTo.cardChess()) {
            @Override
            String moveText(String token, String facts) {
                return MoveText.cardChess(token, MoveText.fact(facts, "san"));
            }
        });
        add(new GameUi("chameleon", "Chameleon", R.id.rb_chameleon, Look.FIELDS,
                sides("r", "Red", "b", "Blue", "y", "Yellow", "g", "Green"), "", "", false, HowTo.chameleon()) {
            @Override
            String moveText(String token, String facts) {
                return MoveText.chameleon(this, token, facts);
            }

            @Override
            String fact(String[] f, String fact) {
                return Players.chameleonFact(this, f, fact);
            }

            @Override
            String info(GameSetup setup, BoardModel m) {
                return Players.chameleonInfo(setup, m);
            }
        });
        add(new GameUi("stratego", "Stratego", R.id.rb_stratego, Look.TILES,
                sides("v", "Volcandria", "e", "Everwinter"), "c4 d4 g4 h4 c5 d5 g5 h5", "", false,
                HowTo.stratego()) {
            @Override
            String moveText(String token, String facts) {
                return MoveText.stratego(token, facts);
            }

            @Override
            String fact(String[] f, String fact) {
                return Players.strategoFact(f);
            }

            @Override
            String info(GameSetup setup, BoardModel m) {
                return Players.strategoInfo(m);
            }
        });
    }

    /** The UCI_Variant value. */
    final String name;
    /** The game's name for players ("Card chess"). */
    final String title;
    /** Its choice on the new-game screen; 0 for none. */
    final int choiceId;
    final Look look;
    private final Map<String, String> sideNames;
    /** Squares drawn as water. */
    final Set<String> lakes;
    /** One army's pieces in lower case, to count those off the board; "" shows no count. */
    final String army;
    /**
     * The last-move line writes the move as the move list does, with the
     * facts that notation leaves out (SAN and cards); otherwise the token
     * with every fact in words.
     */
    final boolean writesSan;
    /** The game's "How to play" (HowToPlayActivity); null shows the engine's description of the game instead. */
    final HowTo howTo;
    /**
     * Its records' movetext is PGN's SAN, so the saved-games list shows a
     * game's first moves as its opening (no table of opening names ships
     * with the app or the engine); the other games' records hold tokens.
     */
    private boolean openings;
    /** The one game the position editor sets up (its board, pieces and FEN are chess's). */
    static final String EDITOR_GAME = "chess";

    private GameUi(String name, String title, int choiceId, Look look, Map<String, String> sideNames, String lakes,
            String army, boolean writesSan, HowTo howTo) {
        this.name = name;
        this.title = title;
        this.choiceId = choiceId;
        this.look = look;
        this.sideNames = sideNames;
        this.lakes = lakes.isEmpty() ? Collections.<String>emptySet()
                : Collections.unmodifiableSet(new HashSet<String>(Arrays.asList(lakes.split(" "))));
        this.army = army;
        this.writesSan = writesSan;
        this.howTo = howTo;
    }

    private GameUi withOpenings() {
        openings = true;
        return this;
    }

    /** Whether the saved-games list names a game's opening by its first moves. */
    boolean namesOpenings() {
        return openings;
    }

    /** The game's name on its "How to play" and in the choice of one ("Chameleon Chess"). */
    String howToTitle() {
        return howTo != null ? howTo.title : title;
    }

    /** A side's name for players ("White", "Red", "Volcandria"); the letter when the game has no name for it. */
    String sideName(String side) {
        String n = sideNames.get(side);
        return n == null ? side : n;
    }

    /** A move as the move list writes it: the engine's SAN when it gave one, else long algebraic ("e2–e4"). */
    String moveText(String token, String facts) {
        String san = MoveText.fact(facts, "san");
        return san != null ? san
                : MoveText.longAlgebraic(org.tempest.app.game.MoveToken.parse(token), MoveText.fact(facts, "captured") != null);
    }

    /** A side's colour in the players' bars: the pieces' white and black, else the board's colour of the player. */
    int sideColor(String side) {
        if (look == Look.PIECES) {
            return side.equals("b") ? 0xFF303030 : 0xFFF8F8F0;
        }
        return BoardView.playerColor(side.isEmpty() ? '?' : side.charAt(0));
    }

    /** One fact of a move in words (its words split at spaces), or null when the game has none of its own for it. */
    String fact(String[] f, String fact) {
        return null;
    }

    /** The line under the board about the game's state, or null (card chess's piles come from its cards). */
    String info(GameSetup setup, BoardModel m) {
        return null;
    }

    /** The presentation of a game; a game the table lacks gets the plain one under its own name. */
    static GameUi of(String name) {
        GameUi ui = BY_NAME.get(name);
        return ui != null ? ui : new GameUi(name, name, 0, Look.PIECES, Collections.<String, String>emptyMap(), "",
                "", false, null);
    }

    /** The game behind a choice of the new-game screen, or null. */
    static GameUi byChoice(int id) {
        for (GameUi ui : OFFERED) {
            if (ui.choiceId == id) {
                return ui;
            }
        }
        return null;
    }

    /** The games the new-game screen can offer, in its order. */
    static List<GameUi> offered() {
        return Collections.unmodifiableList(OFFERED);
    }

    /** How the session names a side in the record's words ("White resigns"). */
    public static final GameSession.SideNames SIDE_NAMES = new GameSession.SideNames() {
        @Override
        public String of(String game, String side) {
            return GameUi.of(game).sideName(side);
        }
    };

    private static void add(GameUi ui) {
        BY_NAME.put(ui.name, ui);
        OFFERED.add(ui);
    }

    private static Map<String, String> sides(String... letterThenName) {
        Map<String, String> m = new HashMap<String, String>();
        for (int i = 0; i + 1 < letterThenName.length; i += 2) {
            m.put(letterThenName[i], letterThenName[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }
}
