package org.tempest.app.game;

import org.tempest.app.engine.GameInfo;

/**
 * What the app offers in a game, decided from what the game declares
 * (engine/GameInfo) rather than from its name, so a game the engine adds
 * gets whatever its declaration allows.
 */
public final class Features {
    private Features() {
    }

    /** A clock: "go wtime btime" names White's and Black's time, so the sides must be those two. */
    public static boolean clock(GameInfo g) {
        return g.whiteAndBlack();
    }

    /** The evaluation bar: the engine's scores are read from White's side. */
    public static boolean evaluation(GameInfo g) {
        return g.whiteAndBlack();
    }

    /** The move list in numbered pairs, "1. e4 e5", as White and Black games are written. */
    public static boolean movePairs(GameInfo g) {
        return g.whiteAndBlack();
    }

    /**
     * Draw offers: a two-player result, judged by the engine's own score,
     * which in a game that hides pieces would see what its player may not.
     */
    public static boolean drawOffers(GameInfo g) {
        return g.twoPlayers() && !g.hidesPieces();
    }

    /** Resigning gives the game to the one other side. */
    public static boolean resign(GameInfo g) {
        return g.twoPlayers();
    }

    /** Undo: not where battles have shown pieces that were hidden, as they cannot be hidden again. */
    public static boolean undo(GameInfo g) {
        return !g.hidesPieces();
    }

    /**
     * Two people at one phone: a two-player game whose board hides nothing
     * (hidden cards are covered between turns; hidden pieces could not be).
     */
    public static boolean passAndPlay(GameInfo g) {
        return g.twoPlayers() && !g.hidesPieces();
    }

    /**
     * The people take every side, to study a position they opened (Analyse):
     * not where pieces hide, which whoever looks at the phone would see.
     */
    public static boolean analysis(GameInfo g) {
        return !g.hidesPieces();
    }

    /**
     * The engine's analysis of a position whose mover no person at the phone
     * plays: where nothing is hidden, and where only hands are once the game
     * is over (its record shows every hand). Elsewhere the analysis waits for
     * a person's turn, since the engine's choice for a hidden hand or army
     * would tell what it holds.
     */
    public static boolean analysesAnyTurn(GameInfo g, boolean over) {
        return !g.hidden || over && !g.hidesPieces();
    }

    /** The analysis searches the person's own view, as the hint does: where pieces hide. */
    public static boolean analysesView(GameInfo g) {
        return g.hidesPieces();
    }

    /**
     * An analysis line past its first move: where something is hidden, the
     * rest is the engine's guess in one of the worlds it sampled, so only the
     * move it chose is shown.
     */
    public static boolean wholeLines(GameInfo g) {
        return !g.hidden;
    }

    /**
     * The review of a game, each move judged by the change in its mover's
     * expected score: two sides, so one side's loss is the other's gain and
     * scores read from White's side (the evaluation bar's games), and no
     * hidden pieces, whose battles would be judged with what the players
     * could not see.
     */
    public static boolean review(GameInfo g) {
        return g.whiteAndBlack() && !g.hidesPieces();
    }

    /** In pass and play, a screen covers the game between turns so each person sees only their own hand. */
    public static boolean coverBetweenTurns(GameInfo g) {
        return passAndPlay(g) && g.hidden;
    }

    /**
     * The session is the arbiter: people see their own view, the engine
     * player is a process of its own told only its view, hints search the
     * person's view.
     */
    public static boolean arbiter(GameInfo g) {
        return g.hidesPieces();
    }

    /** A seat per side (nobody, a person, or Tempest at a level) instead of a colour and one level. */
    public static boolean seats(GameInfo g) {
        return g.maxPlayers > 2;
    }

    /** The person arranges their own pieces before the start ("position startpos setup"). */
    public static boolean arrangement(GameInfo g) {
        return g.takesStartWord("setup");
    }

    /** The status names the side to move ("Your move (Red)"); White and Black games say "Your move". */
    public static boolean namesSideToMove(GameInfo g) {
        return !g.whiteAndBlack();
    }
}
