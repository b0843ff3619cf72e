package org.tempest.app.ui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.tempest.app.game.BoardModel;

/**
 * "How to play" for each game, the one place its text lives: short sections
 * in plain words, the rules files (shared/rules) retold for a phone player,
 * each section with a diagram the app draws where a picture says it better.
 * The cards' texts are Cards', shown here as they are in the game. GameUi
 * says which game has which; a game without one shows its declared
 * description (HowToPlayActivity).
 *
 * A diagram's position is written as the engine writes positions, and the
 * squares it marks as moves are that piece's legal destinations there:
 * HowToPlayTest gives each position to the engine and compares.
 */
final class HowTo {
    /** The game's name for the screen's title ("Chameleon Chess"). */
    final String title;
    final List<Section> sections;

    private HowTo(String title, Section... sections) {
        this.title = title;
        this.sections = Collections.unmodifiableList(Arrays.asList(sections));
    }

    /** A term and what it means: a piece and how it moves, a card and what it does. */
    static final class Item {
        final String term;
        final String text;

        Item(String term, String text) {
            this.term = term;
            this.text = text;
        }
    }

    /**
     * A heading, paragraphs (separated by blank lines), terms explained and
     * a diagram; any but the heading may be left out.
     */
    static final class Section {
        final String heading;
        final String text;
        final List<Item> items = new ArrayList<Item>();
        Diagram diagram;

        Section(String heading, String text) {
            this.heading = heading;
            this.text = text;
        }

        Section item(String term, String text) {
            items.add(new Item(term, text));
            return this;
        }

        Section diagram(Diagram d) {
            diagram = d;
            return this;
        }
    }

    /**
     * A picture the app draws with its own views: a board (BoardView, in
     * the game's look), a hand of cards (CardHandView), or Stratego's chart
     * of battles (BattleChartView).
     */
    static final class Diagram {
        enum Kind {
            BOARD, HAND, BATTLES
        }

        final Kind kind;
        /** The game whose look draws it (GameUi's key). */
        final String game;
        final int files;
        final int ranks;
        /** The position pictured, as the engine writes it; "" for a picture that is no position. */
        final String position;
        /** A game's own board lines (Chameleon Chess's field colours and roles), or none. */
        final List<String> boardLines = new ArrayList<String>();
        /** The piece whose moves are all marked, or null; the squares marked as destinations. */
        String from;
        final Set<String> targets = new LinkedHashSet<String>();
        /** Squares marked as chosen (the piece that moves). */
        final Set<String> selected = new LinkedHashSet<String>();
        /** The squares of the move just made. */
        final Set<String> lastMove = new LinkedHashSet<String>();
        /** A king in check. */
        String check;
        /** Files and ranks written on the edge; off for a chart that is no board. */
        boolean coordinates = true;
        /** The cards of a hand. */
        final List<String> hand = new ArrayList<String>();
        String caption = "";

        private Diagram(Kind kind, String game, int files, int ranks, String position) {
            this.kind = kind;
            this.game = game;
            this.files = files;
            this.ranks = ranks;
            this.position = position;
        }

        static Diagram board(String game, int files, int ranks, String position) {
            return new Diagram(Kind.BOARD, game, files, ranks, position);
        }

        /** Marks a piece and its destinations ("d4", "b3 b5 c2"). */
        Diagram moves(String square, String destinations) {
            from = square;
            selected.add(square);
            targets.addAll(Arrays.asList(destinations.split(" ")));
            return this;
        }

        Diagram lastMove(String from, String to) {
            lastMove.add(from);
            lastMove.add(to);
            return this;
        }

        Diagram check(String square) {
            check = square;
            return this;
        }

        Diagram caption(String text) {
            caption = text;
            return this;
        }

        /** What the board view draws. */
        BoardModel model() {
            boolean cards = position.split(" ").length >= 13; // a FEN and card chess's seven card fields
            return BoardModel.read(game, files, ranks, cards, position, boardLines);
        }
    }

    /** Chess, as the pieces, check, castling, en passant, promotion and draws. */
    static HowTo chess() {
        return new HowTo("Chess",
                new Section("The aim", "Two players, White and Black, each start with sixteen pieces. White moves "
                        + "first, then you take turns, one move each. You win by checkmating the other king: "
                        + "attacking it so that no move can save it.")
                        .diagram(Diagram.board("chess", 8, 8,
                                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
                                .caption("The start. The queen stands on the square of her own colour, d1 and d8.")),
                new Section("How the pieces move", "A move takes one piece from its square to another. No piece "
                        + "but the knight passes over other pieces. Moving onto an enemy piece captures it: it "
                        + "leaves the board. You can never capture your own pieces.")
                        .item("King", "one square in any direction, never onto a square an enemy piece attacks.")
                        .item("Queen", "any number of free squares in a straight line: along a row, a column or "
                                + "a diagonal.")
                        .item("Rook", "any number of free squares along a row or a column.")
                        .item("Bishop", "any number of free squares along a diagonal, so it keeps to its colour.")
                        .item("Knight", "jumps in an L, two squares one way and one to the side, over anything "
                                + "in between.")
                        .item("Pawn", "one square straight ahead, or two from its starting square when both are "
                                + "free. It captures one square diagonally ahead, never straight ahead, and never "
                                + "moves back.")
                        .diagram(Diagram.board("chess", 8, 8, "7k/8/8/3P1p2/2PN4/4P3/8/K7 w - - 0 1")
                                .moves("d4", "b3 b5 c2 c6 e2 e6 f3 f5")
                                .caption("The knight on d4 can jump to the eight marked squares, over the pawns "
                                        + "next to it; on f5 it captures Black's pawn.")),
                new Section("Check, checkmate and stalemate", "A king that is attacked is in check (the red disc). "
                        + "The player in check must end it at once: move the king away, capture the attacker, or "
                        + "put a piece in between. No move may leave your own king in check.\n\n"
                        + "Checkmate: the king is in check and no move ends it. The game is over; the side that "
                        + "gave checkmate wins.\n\n"
                        + "Stalemate: the player to move is not in check but has no move at all. The game is a "
                        + "draw.")
                        .diagram(Diagram.board("chess", 8, 8, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1")
                                .lastMove("a1", "a8").check("g8")
                                .caption("Checkmate: the rook has just come to a8. Black's king is in check and "
                                        + "its own pawns stop it from stepping away.")),
                new Section("Castling", "Once in a game, your king may move two squares towards one of its "
                        + "rooks, and that rook jumps to the square the king crossed. You may castle only while "
                        + "neither the king nor that rook has moved, every square between them is free, and the "
                        + "king is not in check, does not cross an attacked square and does not land on one. In "
                        + "the app, move the king two squares: the rook follows.")
                        .diagram(Diagram.board("chess", 8, 8, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
                                .moves("e1", "c1 d1 d2 e2 f1 f2 g1")
                                .caption("The white king may castle to g1, the rook going to f1, or to c1, the "
                                        + "rook going to d1.")),
                new Section("En passant", "A pawn that moves two squares from its start may be captured as if it "
                        + "had moved only one: an enemy pawn beside it takes it by moving diagonally onto the "
                        + "square it passed. This capture is allowed on the very next move only.")
                        .diagram(Diagram.board("chess", 8, 8, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
                                .moves("e5", "d6 e6").lastMove("d7", "d5")
                                .caption("Black's pawn has just moved from d7 to d5, past d6. White's pawn on e5 "
                                        + "may now take it by moving to d6.")),
                new Section("Promotion", "A pawn that reaches the last row at once becomes a queen, a rook, a "
                        + "bishop or a knight of its own colour, as you choose; the app asks which. Most players "
                        + "choose a queen."),
                new Section("Draws", "Besides stalemate, a game is drawn when both players agree (Offer draw), "
                        + "when the same position comes up for the third time, when fifty moves of each player "
                        + "pass without a capture or a pawn move, and when neither side has the pieces left to "
                        + "give checkmate, such as king against king."));
    }

    /** Card chess: the deck, the hand, a turn, every card (Cards' texts) and the end. */
    static HowTo cardChess() {
        Section cards = new Section("Every card", "There is one of each. A card's kind says when it is played. A "
                + "long press on a card in the game shows the same text, and what the card can do right then.");
        for (String code : Cards.codes()) {
            cards.item(Cards.name(code) + " (" + Cards.kind(code).heading + ")", Cards.rule(code));
        }
        return new HowTo("Card chess",
                new Section("The idea", "Card chess is chess with a deck of fifteen action cards. Everything in "
                        + "chess stays: how the pieces move, check, castling, en passant and promotion (see How "
                        + "to play chess). On your turn you make a chess move, or play one of your cards "
                        + "instead. Kings are never captured: you still win by checkmate, but with cards in play "
                        + "a king is mated only when no move and no card can save it."),
                new Section("The deck and your hand", "Both players draw from one shared deck. At the start each "
                        + "is dealt three cards; the other nine lie face down as the draw pile. You always hold "
                        + "three: a card you play goes face up on the discard pile, and you draw the top card of "
                        + "the draw pile at once. When the draw pile runs out, the discard pile but its top card "
                        + "is shuffled into a new one. Your hand is secret: you see the opponent's cards only as "
                        + "they are played.")
                        .diagram(hand("VU", "RV", "CR").caption("A hand as the game shows it, under the board. "
                                + "The cards you can play now are outlined in green.")),
                new Section("A turn", "First, if the opponent has just played a card and you hold Vulture, you "
                        + "may play Vulture to take that card into your hand. It is free.\n\n"
                        + "Then one of: a chess move; Hand of Fate, then a chess move; a Crusade, a bishop moving "
                        + "twice; or one action card, which is your whole turn.\n\n"
                        + "To play a card in the app, touch it, then its squares on the board.\n\n"
                        + Cards.GENERAL),
                new Section("Marks on the board", "Champion and Forbidden City last: a Champion knight carries a "
                        + "gold star until it leaves the board, and a Forbidden City square a red cross until the "
                        + "end of the game. A piece under a Mystic Shield wears a blue ring until the opponent's "
                        + "turn ends.")
                        .diagram(Diagram.board("chessmate", 8, 8, "r3k3/8/8/8/3N4/8/8/4K3 w - - 0 1 f6 d4 a8 "
                                + "VU,RV,CR/HF,LC,RB CH,FC,HQ,DD,DM,DI,LJ,CW MS MS")
                                .moves("d4", "g8 h7 h1")
                                .caption("The Champion on d4 leaps three squares one way and four the other, "
                                        + "over the forbidden f6. Black's rook on a8 is shielded: it cannot be "
                                        + "taken this turn.")),
                cards,
                new Section("The end of the game", "Checkmate: you are in check and have no way out, neither a "
                        + "move nor a card. A card may give check, but only a move (also the one after Hand of "
                        + "Fate), Champion or Forbidden City may give checkmate.\n\n"
                        + "Stalemate: you are not in check and have no move and no card to play; the game is a "
                        + "draw. When you have no move but a card you could play, you may play it or claim "
                        + "stalemate, a draw.\n\n"
                        + "The game is also drawn when the same position comes up for the third time (the hands "
                        + "do not count), after fifty moves of each player without a capture or a pawn move, "
                        + "and when only the two kings are left."));
    }

    /** The field colours, a row each from rank 8 down to rank 1 (Chameleon Chess's fixed board). */
    private static final String[] FIELDS = {"BRBYGRBY", "RGRBYGRB", "GYRGRBBY", "YBGYGRYG", "BRYBRBGR",
        "RGGYBYRB", "GYBRGYBY", "RGYBRGYG"};
    /** The colours in the order of the roles' cycle. */
    private static final String COLOURS = "RGYB";
    /** A pawn's role by how far the field's colour is past its knight colour in that cycle. */
    private static final String ROLES = "NQBR";

    /** The role of a pawn with this knight colour on a field of this colour. */
    static char role(char knight, char field) {
        int k = COLOURS.indexOf(Character.toUpperCase(knight));
        int f = COLOURS.indexOf(Character.toUpperCase(field));
        return ROLES.charAt((f - k + 4) % 4);
    }

    /**
     * A Chameleon Chess position ("a1h8 a1rr,b1rg r 0 0") as the lines of
     * the engine's "board" command draw it: each square its field colour,
     * upper case in play and lower case gone, then the pawn's owner, knight
     * colour and role there, or "...".
     */
    static Diagram chameleon(String position) {
        String[] f = position.split(" ");
        String bounds = f[0];
        Diagram d = Diagram.board("chameleon", 8, 8, position);
        char[][] pawns = new char[64][];
        for (String p : f[1].split(",")) {
            int file = p.charAt(0) - 'a';
            int rank = p.charAt(1) - '1';
            pawns[rank * 8 + file] = new char[] {p.charAt(2), p.charAt(3)};
        }
        for (int rank = 7; rank >= 0; rank--) {
            StringBuilder line = new StringBuilder("rank ").append(rank + 1);
            for (int file = 0; file < 8; file++) {
                char field = FIELDS[7 - rank].charAt(file);
                boolean in = file >= bounds.charAt(0) - 'a' && file <= bounds.charAt(2) - 'a'
                        && rank >= bounds.charAt(1) - '1' && rank <= bounds.charAt(3) - '1';
                line.append(' ').append(in ? field : Character.toLowerCase(field));
                char[] pawn = pawns[rank * 8 + file];
                line.append(pawn == null ? "..." : "" + pawn[0] + pawn[1] + role(pawn[1], field));
            }
            d.boardLines.add(line.toString());
        }
        d.boardLines.add("bounds " + bounds);
        return d;
    }

    /**
     * The roles as a chart, drawn as a small Chameleon board: a column per
     * field colour (red, green, yellow, blue), a row per knight colour in
     * the same order, each square holding a red pawn of that knight colour.
     */
    static Diagram roleChart() {
        Diagram d = Diagram.board("chameleon", 4, 4, "");
        for (int row = 0; row < 4; row++) {
            char knight = Character.toLowerCase(COLOURS.charAt(row));
            StringBuilder line = new StringBuilder("rank ").append(4 - row);
            for (int col = 0; col < 4; col++) {
                char field = COLOURS.charAt(col);
                line.append(' ').append(field).append('r').append(knight).append(role(knight, field));
            }
            d.boardLines.add(line.toString());
        }
        d.coordinates = false;
        return d;
    }

    /** Chameleon Chess: players, field colours, roles, moving, the shrinking board and the end. */
    static HowTo chameleon() {
        return new HowTo("Chameleon Chess",
                new Section("Players and the aim", "Two, three or four players: Red, Blue, Yellow and Green, "
                        + "each with four pawns. The pawns are the only pieces; there are no kings and no check. "
                        + "You capture the other players' pawns, and a player who has lost all four is out. The "
                        + "last player with pawns on the board wins. In the app each colour is a person at this "
                        + "phone or Tempest at a level of your choice."),
                new Section("The field colours", "Every square has one of four colours, red, green, yellow or "
                        + "blue, which never change. Each player sits at the side of the board where the corner "
                        + "on their left has their colour: Red at the bottom, Blue on the left, Yellow at the "
                        + "top, Green on the right. The app turns the board so that your seat is at the bottom.")
                        .diagram(chameleon("a1h8 a8bb,e8yg,f8yr,g8yb,h8yy,a7br,a6bg,a5by,h4gr,h3gb,h2gy,a1rr,"
                                + "b1rg,c1ry,d1rb,h1gg r 0 0")
                                .caption("The start with four players. Each pawn starts on a square of the "
                                        + "colour of its dot, so every pawn starts as a knight.")),
                new Section("Pawns change their role", "Each of your four pawns has a colour of its own, its "
                        + "knight colour, shown by its dot. On a square of that colour the pawn moves as a "
                        + "knight; on each of the other three colours it is a queen, a bishop or a rook, always "
                        + "the same one for that colour. So a pawn takes a new role with every move, from the "
                        + "colour of the square it lands on, and the app draws it as that piece.")
                        .diagram(roleChart().caption("A column for each field colour (red, green, yellow, blue), "
                                + "a row for each knight colour in the same order: the piece drawn is the "
                                + "pawn's role on that field.")),
                new Section("Moving and capturing", "On your turn you must move one of your pawns as its role "
                        + "moves: a knight jumps in an L, two squares one way and one to the side; a rook, bishop "
                        + "or queen slides along its lines up to the edge of the board or the first pawn. "
                        + "Landing on another player's pawn captures it for good; you cannot land on your own. "
                        + "Capturing is never required. The turn passes clockwise, Red, Blue, Yellow, Green, "
                        + "skipping colours that are out or not playing.")
                        .diagram(chameleon("a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0")
                                .moves("f4", "b4 c4 d4 e3 e4 e5 f3 f5 f6 f7 g3 g4 g5")
                                .caption("Yellow's pawn on f4, a blue square, is a queen there: it can go to "
                                        + "the marked squares, and on b4 it takes Red's pawn. The grey squares "
                                        + "are already out of play.")),
                new Section("The board shrinks", "After every move the board shrinks to the smallest rectangle "
                        + "that still holds every pawn: the rows and columns outside it are gone for the rest of "
                        + "the game (drawn grey and hatched), and no move may go there. The board never shrinks "
                        + "below three by three squares. Once it is that small, a pawn that stands as a knight on "
                        + "its centre square, where it could never move again, is removed.")
                        .diagram(chameleon("b1h8 e8yg,f8yr,g8yb,h8yy,b3rr,b1rg,c1ry,d1rb y 0 1")
                                .lastMove("a1", "b3")
                                .caption("Red against Yellow: after Red's first move, a1 to b3, no pawn is left "
                                        + "on the a-file, so it is gone and the board runs from b1 to h8.")),
                new Section("Out, and the winner", "A player whose last pawn is captured or removed is out, and "
                        + "play goes on without them. The last player with pawns on the board wins. A player "
                        + "with pawns but no move passes. The game is a draw when the same position comes up for "
                        + "the third time, or after a hundred moves in a row, counting every player's, without a "
                        + "capture and without the board shrinking."));
    }

    /** Stratego: the armies, setup, movement, battles with their chart, resurrection and the end. */
    static HowTo stratego() {
        return new HowTo("Stratego",
                new Section("The armies", "Two armies of thirty pieces meet on a board of ten columns and eight "
                        + "rows: Volcandria (red), which moves first, and Everwinter (blue). You see your own "
                        + "pieces; the enemy's are face down (?) until a battle shows them. A piece's number is "
                        + "its rank: the higher rank wins a battle. Per army:")
                        .item(piece('D', 1), "the strongest, yet an attacking Slayer defeats it.")
                        .item(piece('M', 1), "")
                        .item(piece('K', 2), "")
                        .item(piece('R', 3), "")
                        .item(piece('S', 2), "")
                        .item(StrategoPieces.rankLabel('L') + " " + StrategoPieces.name('L') + " or "
                                + StrategoPieces.name('y') + " (2)", "one piece under two names: Volcandria's "
                                + "Lava Beast, Everwinter's Yeti.")
                        .item(piece('E', 2), "")
                        .item(piece('W', 5), "the one piece that defeats a Trap.")
                        .item(piece('C', 4), "runs any distance in a straight line.")
                        .item(piece('X', 1), "the weakest, yet it defeats the Dragon when it attacks it.")
                        .item(piece('T', 6), "never moves; defeats every attacker but a Dwarf.")
                        .item(piece('F', 1), "never moves. Lose it and you lose the game."),
                new Section("Setting up", "Before the game each side arranges its thirty pieces as it likes on "
                        + "its three home rows, Volcandria at the bottom and Everwinter at the top; the app "
                        + "proposes an arrangement, and you swap pieces by dragging one onto another. Neither "
                        + "side sees the other's arrangement. Where you hide your Flag, and the Traps around it, "
                        + "matters most.")
                        .diagram(Diagram.board("stratego", 10, 8, "uuuuuuuuuu/uuuuuuuuuu/uuuuuuuuuu/10/10/"
                                + "DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL v 00 -,- - 0 0")
                                .caption("Volcandria's army on its home rows, Everwinter's face down. The eight "
                                        + "water squares in the middle are lakes.")),
                new Section("Moving", "A turn is one move of one of your pieces: one square forward, back or "
                        + "sideways, never diagonally. Traps and the Flag never move. A Scout runs over any "
                        + "number of free squares in a straight line and may end its run by attacking. No piece "
                        + "enters or crosses a lake, or steps onto a piece of its own army; there is no passing.")
                        .diagram(Diagram.board("stratego", 10, 8, "9f/4k4t/10/10/10/10/1TC1C5/F9 v 00 -,- - 0 0")
                                .moves("e2", "d2 e1 e3 e4 e5 e6 e7 f2 g2 h2 i2 j2")
                                .caption("The Scout on e2 can stop on any marked square, or run up to e7 and "
                                        + "attack the piece there. The Scout on c2 cannot pass the lake on "
                                        + "c4.")),
                new Section("Battles", "Moving onto an enemy piece is an attack. Both pieces are shown to both "
                        + "players, and the higher rank wins: the loser leaves the board and the winner stands on "
                        + "the square (an attacker that loses is removed where it stood). With equal ranks both "
                        + "leave. Three exceptions: a Slayer that attacks the Dragon defeats it; a Trap defeats "
                        + "every attacker but a Dwarf, which removes it; and whoever attacks the Flag captures "
                        + "it. A piece that has fought stays shown, with a gold edge.")
                        .diagram(Diagram.board("stratego", 10, 8, "9f/9c/4X!'5/10/10/10/10/FC8 e 00 -,- E:d 0 1")
                                .lastMove("e5", "e6")
                                .caption("Volcandria's Slayer (1) has just attacked Everwinter's Dragon (10) "
                                        + "from e5 and defeated it: the Dragon is gone, and the Slayer, now known "
                                        + "to both players, has a gold edge. Had the Dragon attacked, it would "
                                        + "have won.")),
                new Section("Who beats whom", "").diagram(new Diagram(Diagram.Kind.BATTLES, "stratego", 0, 0, "")
                        .caption("A row for each attacker, a column for each piece it attacks. W: the attacker "
                                + "wins. L: the attacker loses. =: both leave the board.")),
                new Section("Resurrection", "Twice in a game a side gets a lost piece back: when one of its "
                        + "pieces other than a Scout attacks and wins on the enemy's back row, the most recently "
                        + "lost piece that can move comes back on the first free square of its home rows. The "
                        + "two resurrections must be won by two different pieces."),
                new Section("Winning", "Capture the enemy Flag and you win. You also win when the enemy has no "
                        + "piece left that can move, or when none of its pieces has a move. The game is a draw "
                        + "when both sides lose their last movable pieces in the same battle, when the same "
                        + "position comes up for the third time, or after two hundred moves in a row without a "
                        + "battle."));
    }

    /** "10 Dragon (1)": a piece's rank and name, and how many each army has. */
    private static String piece(char letter, int count) {
        return StrategoPieces.rankLabel(letter) + " " + StrategoPieces.name(letter) + " (" + count + ")";
    }

    private static Diagram hand(String... codes) {
        Diagram d = new Diagram(Diagram.Kind.HAND, "chessmate", 0, 0, "");
        d.hand.addAll(Arrays.asList(codes));
        return d;
    }
}
