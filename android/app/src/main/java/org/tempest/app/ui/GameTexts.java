package org.tempest.app.ui;

import android.text.SpannableStringBuilder;
import android.text.Spanned;
import android.text.TextPaint;
import android.text.style.BackgroundColorSpan;
import android.text.style.ClickableSpan;
import android.text.style.ForegroundColorSpan;
import android.text.style.StyleSpan;
import android.text.style.TtsSpan;
import android.view.View;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tempest.app.game.BoardModel;
import org.tempest.app.game.Features;
import org.tempest.app.game.MoveToken;
import org.tempest.app.game.Review;
import org.tempest.app.game.Snapshot;

/**
 * What the game screen writes: the status line, the last move and the hint,
 * the move list, the pieces off the board, the result. Every move goes
 * through MoveText, the game's own notation; no engine token is shown.
 */
final class GameTexts {
    private GameTexts() {
    }

    /** "Your move", "Tempest is thinking…", "Game over: …"; a past position says how to get back. */
    static String status(Snapshot s, boolean engineThinking) {
        if (s.isPast()) {
            return (s.ply == 0 ? "The start of the game" : "After move " + s.ply + " of " + s.plies)
                    + ": ▶| returns to the game";
        }
        if (s.state.over) {
            return "Game over: " + resultText(s);
        }
        boolean several = Features.namesSideToMove(s.game);
        if (engineThinking || !s.humanToMove()) {
            return several ? Players.name(s.setup.variant, s.state.toMove) + ": Tempest is thinking…"
                    : "Tempest is thinking…";
        }
        String who = s.setup.humanPlayers.length() > 1 ? Players.name(s.setup.variant, s.state.toMove) + " to move"
                : several ? "Your move (" + Players.name(s.setup.variant, s.state.toMove) + ")" : "Your move";
        return s.state.check ? "Check! " + who : who;
    }

    /** "Checkmate: White wins", "Draw by threefold repetition", ... with the players eliminated. */
    static String resultText(Snapshot s) {
        String text = Players.result(s);
        // The players eliminated, from a game's own "board" lines (Chameleon Chess).
        BoardModel m = s.board.isEmpty() ? null : BoardModel.parse(s.game, s.display, s.board);
        if (m != null && !m.eliminated.isEmpty()) {
            text += ". " + Players.eliminated(s.setup, m);
        }
        return text;
    }

    /**
     * The line under the status: a chosen card's summary, else the hint, else
     * the last move, each in the game's notation.
     */
    static String moveLine(Snapshot s, String chosenCard, String hintToken, String hintFacts) {
        if (!chosenCard.isEmpty()) {
            return Cards.name(chosenCard) + ": " + Cards.summary(chosenCard)
                    + " Touch the marked squares; hold a card to read its rule.";
        }
        if (hintToken != null) {
            return "Hint: " + MoveText.of(s.setup.variant, hintToken, withoutDraws(hintFacts)) + " (the arrow)";
        }
        return s.lastMove.isEmpty() ? "" : "Last move: " + lastMoveText(s);
    }

    /** Facts without the cards drawn. */
    static String withoutDraws(String facts) {
        StringBuilder b = new StringBuilder();
        for (String fact : facts.split("; ")) {
            if (!fact.isEmpty() && !fact.startsWith("drew ")) {
                b.append(b.length() == 0 ? "" : "; ").append(fact);
            }
        }
        return b.toString();
    }

    /**
     * The last move's facts that the person may see: the card the engine
     * drew stays hidden, as the opponent's hand is; in pass and play every
     * drawn card does, since the next player reads the screen.
     */
    private static String visibleFacts(Snapshot s) {
        if (!s.game.cards || s.lastFacts.isEmpty()) {
            return s.lastFacts;
        }
        String mover = s.game.otherSide(s.state.toMove);
        boolean seenByMoverOnly = mover != null && s.setup.isHuman(mover) && !s.everySideHuman();
        if (seenByMoverOnly) {
            return s.lastFacts;
        }
        return withoutDraws(s.lastFacts);
    }

    /**
     * The facts to show for the last move. After a load the engine reported
     * none; a battle of hidden pieces (Stratego) still names them in the
     * token's announcement (c7c8:Mw).
     */
    private static String lastFacts(Snapshot s) {
        String facts = visibleFacts(s);
        if (facts.isEmpty() && s.lastFacts.isEmpty()) {
            facts = s.factsOfLastMove(); // a loaded game: what "movelist" says of it
            if (s.game.cards) {
                facts = withoutDraws(facts);
            }
        }
        MoveToken t = MoveToken.parse(s.lastMove);
        if (facts.isEmpty() && s.game.hidesPieces() && t.battle.length() >= 2) {
            return "battle " + t.battle.substring(0, 2);
        }
        return facts;
    }

    /**
     * The last move as the move list writes it, with the facts its notation
     * leaves out in words: card effects after SAN; a Chameleon Chess or
     * Stratego move with every fact.
     */
    static String lastMoveText(Snapshot s) {
        String facts = lastFacts(s);
        String v = s.setup.variant;
        StringBuilder rest = new StringBuilder();
        if (!GameUi.of(v).writesSan) {
            MoveToken t = MoveToken.parse(s.lastMove);
            boolean capture = MoveText.fact(facts, "captured") != null;
            String move = t.pass ? "pass" : MoveText.longAlgebraic(t, capture || MoveText.fact(facts, "battle") != null);
            for (String f : facts.isEmpty() ? new String[0] : facts.split("; ")) {
                if (!f.startsWith("captured ")) { // the × says it
                    rest.append(rest.length() == 0 ? "" : "; ").append(f);
                }
            }
            return move + describeFacts(Players.facts(v, rest.toString()));
        }
        for (String f : facts.isEmpty() ? new String[0] : facts.split("; ")) {
            if (!f.startsWith("san ") && !f.startsWith("captured ")) {
                rest.append(rest.length() == 0 ? "" : "; ").append(f);
            }
        }
        return MoveText.of(v, s.lastMove, facts) + describeFacts(Players.facts(v, rest.toString()));
    }

    private static String describeFacts(String facts) {
        return facts.isEmpty() ? "" : " (" + facts + ")";
    }

    /** Hears a tap on a move of the list. */
    interface PlyListener {
        void onPly(int ply);
    }

    /**
     * The moves of the game, numbered, each a link to its position; the
     * position shown is marked. A card an engine player drew is never named.
     */
    static CharSequence moveList(Snapshot game, Snapshot shown, final int moveColor, final PlyListener listener) {
        return moveList(game, shown, moveColor, listener, null);
    }

    /**
     * The same, each move the review judged followed by its class's symbol
     * in its colour, which a screen reader says in words (ReviewMarks).
     */
    static CharSequence moveList(Snapshot game, Snapshot shown, final int moveColor, final PlyListener listener,
            Review review) {
        int judged = review == null ? 0 : review.judged(game.setup.variant, game.start, game.moves);
        String variant = game.setup.variant;
        boolean pairs = Features.movePairs(game.game);
        SpannableStringBuilder b = new SpannableStringBuilder();
        boolean blackFirst = pairs && startsWithBlack(game);
        for (int i = 0; i < game.moves.size(); i++) {
            int number = blackFirst ? (i + 1) / 2 + 1 : i / 2 + 1;
            boolean whiteMove = blackFirst ? i % 2 == 1 : i % 2 == 0;
            if (pairs && (whiteMove || i == 0)) {
                b.append(b.length() == 0 ? "" : "  ").append(Integer.toString(number)).append(whiteMove ? ". " : "... ");
            } else if (!pairs) {
                b.append(b.length() == 0 ? "" : "  ").append(Integer.toString(i + 1)).append(". ");
            } else {
                b.append(' ');
            }
            String facts = i < game.moveFacts.size() ? game.moveFacts.get(i) : "";
            int start = b.length();
            b.append(MoveText.of(variant, game.moves.get(i), facts));
            final int ply = i + 1;
            b.setSpan(new ClickableSpan() {
                @Override
                public void onClick(View widget) {
                    listener.onPly(ply);
                }

                @Override
                public void updateDrawState(TextPaint ds) {
                    ds.setColor(moveColor);
                }
            }, start, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            if (ply == shown.ply) {
                b.setSpan(new BackgroundColorSpan(0x80FFC107), start, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
            }
            if (i < judged) {
                mark(b, review.kind(i));
            }
        }
        return b.length() == 0 ? "No moves yet." : b;
    }

    /** The move of this index (0: the first) as the move list writes it, with its number: "3. Bc4", "3... Nf6". */
    static String numberedMove(Snapshot game, int index) {
        String facts = index < game.moveFacts.size() ? withoutDraws(game.moveFacts.get(index)) : "";
        String move = MoveText.of(game.setup.variant, game.moves.get(index), facts);
        if (!Features.movePairs(game.game)) {
            return (index + 1) + ". " + move;
        }
        boolean blackFirst = startsWithBlack(game);
        int number = blackFirst ? (index + 1) / 2 + 1 : index / 2 + 1;
        boolean whiteMove = blackFirst ? index % 2 == 1 : index % 2 == 0;
        return number + (whiteMove ? ". " : "... ") + move;
    }

    /** A review's class after its move: the symbol, coloured, read out as words. */
    private static void mark(SpannableStringBuilder b, Review.Kind k) {
        int at = b.length();
        b.append(ReviewMarks.symbol(k));
        b.setSpan(new ForegroundColorSpan(ReviewMarks.color(k)), at, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
        b.setSpan(new StyleSpan(android.graphics.Typeface.BOLD), at, b.length(), Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
        b.setSpan(new TtsSpan.TextBuilder(" " + ReviewMarks.words(k)).build(), at, b.length(),
                Spanned.SPAN_EXCLUSIVE_EXCLUSIVE);
    }

    /**
     * Moves from the position shown (an analysis line) in the game's
     * notation, numbered as the move list numbers them: "12. Nf3 Nc6
     * 13. Bb5", "12... Nc6 13. Bb5" with Black to move; a game without
     * numbered pairs writes the moves one after the other.
     */
    static String line(Snapshot s, List<String> tokens, List<String> facts) {
        boolean pairs = Features.movePairs(s.game);
        boolean blackFirst = pairs && startsWithBlack(s);
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < tokens.size() && k < facts.size(); k++) {
            int i = s.moves.size() + k;
            if (pairs) {
                int number = blackFirst ? (i + 1) / 2 + 1 : i / 2 + 1;
                boolean whiteMove = blackFirst ? i % 2 == 1 : i % 2 == 0;
                if (whiteMove) {
                    b.append(b.length() == 0 ? "" : " ").append(number).append(". ");
                } else if (k == 0) {
                    b.append(number).append("... ");
                } else {
                    b.append(' ');
                }
            } else if (k > 0) {
                b.append("  ");
            }
            b.append(MoveText.of(s.setup.variant, tokens.get(k), withoutDraws(facts.get(k))));
        }
        return b.toString();
    }

    /** Whether the game's first move is Black's (a position set up with Black to move). */
    private static boolean startsWithBlack(Snapshot s) {
        String[] f = s.state.position.split(" ");
        // The side to move now, and how many moves were made since the start, give the first mover.
        boolean blackNow = f.length > 1 && f[1].equals("b");
        return blackNow != (s.moves.size() % 2 == 1);
    }

    /** White's queen, rook, bishop, knight, pawn, one unused, then Black's. */
    private static final String PIECE_SYMBOLS = "♕♖♗♘♙ ♛♜♝♞♟";

    /**
     * A game whose presentation counts its army (chess and card chess): each
     * side's pieces no longer on the board, counted from the pieces left
     * against a full set (a promoted pawn counts as gone, its new piece as
     * none missing). Null for a game without such a count.
     */
    static String captured(String army, BoardModel m) {
        if (army.isEmpty()) {
            return null;
        }
        String order = "qrbnp";
        int[] start = new int[order.length()];
        for (char p : army.toCharArray()) {
            start[order.indexOf(p)]++;
        }
        StringBuilder byWhite = new StringBuilder();
        StringBuilder byBlack = new StringBuilder();
        for (int k = 0; k < order.length(); k++) {
            char black = order.charAt(k);
            char white = Character.toUpperCase(black);
            int blackLeft = 0;
            int whiteLeft = 0;
            for (int r = 0; r < m.ranks; r++) {
                for (int f = 0; f < m.files; f++) {
                    char p = m.piece(f, r);
                    blackLeft += p == black ? 1 : 0;
                    whiteLeft += p == white ? 1 : 0;
                }
            }
            for (int i = blackLeft; i < start[k]; i++) {
                byWhite.append(PIECE_SYMBOLS.charAt(6 + k));
            }
            for (int i = whiteLeft; i < start[k]; i++) {
                byBlack.append(PIECE_SYMBOLS.charAt(k));
            }
        }
        return "Off the board: White " + (byBlack.length() == 0 ? "—" : byBlack) + " · Black "
                + (byWhite.length() == 0 ? "—" : byWhite);
    }

    /** Card chess's piles line: "Draw pile: 9 cards · Discard pile: 2 (Lost Castle on top) · Forbidden: e4". */
    static String piles(BoardModel m) {
        String top = m.discard.isEmpty() ? "empty" : m.discard.size() + " (" + Cards.name(m.discard.get(m.discard.size() - 1))
                + " on top)";
        return "Draw pile: " + m.drawPile + " cards · Discard pile: " + top
                + (m.forbidden.isEmpty() ? "" : " · Forbidden: " + join(m.forbidden))
                + (m.champions.isEmpty() ? "" : " · Champions: " + join(m.champions));
    }

    static String kingSquare(BoardModel m, String side) {
        char king = side.equals("w") ? 'K' : 'k';
        for (int r = 0; r < m.ranks; r++) {
            for (int f = 0; f < m.files; f++) {
                if (m.piece(f, r) == king) {
                    return BoardModel.squareName(f, r);
                }
            }
        }
        return null;
    }

    /** Every square a token names, in order (MoveToken reads it): e2 and e4 of "HF+e2e4". */
    static List<String> squaresOf(String token) {
        return token == null ? Collections.<String>emptyList() : MoveToken.parse(token).squares;
    }

    private static String join(Set<String> squares) {
        List<String> l = new ArrayList<String>(new HashSet<String>(squares));
        Collections.sort(l);
        StringBuilder b = new StringBuilder();
        for (String s : l) {
            b.append(b.length() == 0 ? "" : ", ").append(s);
        }
        return b.toString();
    }
}
