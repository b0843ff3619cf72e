package chessmate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Regression tests for hostile input (issue 14): what a frontend sends can
// neither duplicate a card nor make the engine print a position it refuses.

// cardsConserved checks the deck invariant of §3.1 and §13.13: every card
// the position shows (hands, draw pile, discard pile) appears once, and the
// shown cards plus the unknown places make the 15 cards of the deck.
func cardsConserved(p *Position) error {
	var seen cardSet
	places := 0
	note := func(where string, c Card) error {
		places++
		switch {
		case c == Unknown:
		case c == NoCard || c > Unknown:
			return fmt.Errorf("%s holds no card (%d)", where, c)
		case seen.has(c):
			return fmt.Errorf("%s (%s) exists twice", c.Code(), where)
		default:
			seen |= 1 << c
		}
		return nil
	}
	for i := range p.hands {
		if p.hands[i].n != 3 {
			return fmt.Errorf("%s holds %d cards", color(i), p.hands[i].n)
		}
		for _, c := range p.hands[i].Cards() {
			if err := note(color(i).String()+"'s hand", c); err != nil {
				return err
			}
		}
	}
	for _, c := range p.draw.slice() {
		if err := note("draw pile", c); err != nil {
			return err
		}
	}
	for _, c := range p.discard.slice() {
		if err := note("discard pile", c); err != nil {
			return err
		}
	}
	if places != NumCards {
		return fmt.Errorf("%d card places, want %d", places, NumCards)
	}
	return nil
}

// printedStringsParse checks that everything the engine writes about p
// (the position string and both players' views) reads back, and that the
// position string reads back as itself.
func printedStringsParse(p *Position) error {
	s := p.String()
	back, err := ParsePosition(s)
	if err != nil {
		return fmt.Errorf("position %q does not parse: %v", s, err)
	}
	if back.String() != s {
		return fmt.Errorf("position %q reads back as %q", s, back.String())
	}
	for _, c := range [2]color{white, black} {
		v := p.ViewFor(c)
		if _, err := ParsePosition(v); err != nil {
			return fmt.Errorf("%s's view %q of %q does not parse: %v", c, v, s, err)
		}
	}
	return nil
}

// TestDrawSuffixMustNameAnUnseenCard: a draw suffix naming a card the
// position already shows (the mover's hand, the opponent's known hand, the
// discard pile, the card Vulture just took, the card just played) is
// refused, and the game keeps its position (§13.10, §13.13: each card exists
// once).
func TestDrawSuffixMustNameAnUnseenCard(t *testing.T) {
	const hiddenPile = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,VU,RV/?,?,? 9 - -"
	const fullHands = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV 9 - -"
	const afterFC = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 e5 - - VU,MS,DI/?,?,? 8 FC FC"
	const afterHF = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 e5 - - VU,HF,DI/?,?,? 8 FC FC"
	const claimable = "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/?,?,? 9 - -"
	for _, tc := range []struct{ pos, token, card string }{
		{hiddenPile, "MS:e2@RV", "RV"},       // still in the mover's hand
		{hiddenPile, "MS:e2@VU", "VU"},       // still in the mover's hand
		{hiddenPile, "MS:e2@MS", "MS"},       // the card just played
		{fullHands, "MS:e2@LJ", "LJ"},        // in the opponent's known hand
		{afterFC, "MS:e2@FC", "FC"},          // on the discard pile
		{afterFC, "VU+MS:e2@FC", "FC"},       // taken by Vulture this turn
		{afterFC, "VU+FC:e4@VU", "VU"},       // discarded by Vulture this turn
		{afterFC, "VU+MS:e2@DI", "DI"},       // still in the mover's hand
		{afterHF, "VU+HF+e2e4@DI", "DI"},     // Hand of Fate: the opponent draws a card it just got
		{afterHF, "VU+HF+e2e4@FC", "FC"},     // and one Vulture took
		{claimable, "stalemate@DD", "DD"},    // a claim draws nothing
		{hiddenPile, "e2e4@DD", "DD"},        // a regular move draws nothing
		{afterFC, "VU+e2e4@DD", "DD"},        // nor does a Vulture with a move
		{hiddenPile, "MS:e2@XX", "XX"},       // not a card
		{hiddenPile, "MS:e2@", "empty code"}, // no code
	} {
		g := game(t, tc.pos)
		before := g.Position()
		_, err := g.Play(tc.token)
		require.Error(t, err, "%s in %s", tc.token, tc.pos)
		assert.Equal(t, before, g.Position(), "%s: the position is kept", tc.token)
		require.NoError(t, cardsConserved(g.Pos()), tc.token)
	}
	// The first sequence of the issue: the refused draw leaves every string
	// readable, and the same turn with an unseen card is played.
	g := game(t, hiddenPile)
	_, err := g.Play("MS:e2@RV")
	require.ErrorContains(t, err, "RV")
	_, err = g.Play("MS:e2@HQ")
	require.NoError(t, err)
	_, err = g.Play("e7e5")
	require.NoError(t, err)
	require.NoError(t, cardsConserved(g.Pos()))
	require.NoError(t, printedStringsParse(g.Pos()))
}

// TestUnseenSuffixesKeepTheDeck: draws named as unseen cards and as "@?"
// in any mix keep the deck whole through reshuffles of a hidden pile.
func TestUnseenSuffixesKeepTheDeck(t *testing.T) {
	g := game(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV 9 - -")
	rng := rand.New(rand.NewPCG(14, 1))
	for ply := 0; ply < 160 && !g.Status().Over; ply++ {
		legal := g.Legal()
		token := legal[rng.IntN(len(legal))]
		a, _, err := g.Pos().ParseAction(token)
		require.NoError(t, err)
		if a.Card() != NoCard && !a.Claim() {
			// The cards a draw may name are those still unseen once the
			// turn has moved its cards: play it with "@?" on a copy to see.
			trial := *g.Pos()
			require.NoError(t, trial.Play(a, Unknown))
			unseen := unseenCodes(&trial)
			if len(unseen) > 0 && rng.IntN(2) == 0 {
				token += "@" + unseen[rng.IntN(len(unseen))]
			} else {
				token += "@?"
			}
		}
		_, err = g.Play(token)
		require.NoError(t, err, "%s in %s", token, g.Position())
		require.NoError(t, cardsConserved(g.Pos()), token)
		require.NoError(t, printedStringsParse(g.Pos()), token)
	}
}

// unseenCodes lists the cards the position does not show, read from its
// string (independent of the engine's own bookkeeping).
func unseenCodes(p *Position) []string {
	f := strings.Fields(p.String())
	shown := map[string]bool{}
	for _, field := range []string{strings.ReplaceAll(f[9], "/", ","), f[10], f[11]} {
		for _, code := range strings.Split(field, ",") {
			shown[code] = true
		}
	}
	var out []string
	for _, c := range DeckOrder {
		if !shown[c.Code()] {
			out = append(out, c.Code())
		}
	}
	return out
}

// TestCountersStayReadable: a fullmove number at the parser's limit stays
// there after Black's move, so the position and its views read back.
func TestCountersStayReadable(t *testing.T) {
	g := game(t, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1048576 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	_, err := g.Play("e7e5")
	require.NoError(t, err)
	require.NoError(t, printedStringsParse(g.Pos()))
	assert.Contains(t, g.Position(), " 0 1048576 ")
	// The null move of the search counts the same way.
	var u Undo
	p := *g.Pos()
	p.Board.SetSideToMove(black)
	p.MakeNull(&u)
	require.NoError(t, printedStringsParse(&p))
}

// TestDealRefusesAnythingButTheDeck: a deal names each of the 15 cards once;
// an unknown card, a duplicate or a wrong count is refused by name.
func TestDealRefusesAnythingButTheDeck(t *testing.T) {
	deck := make([]string, NumCards)
	for i, c := range DeckOrder {
		deck[i] = c.Code()
	}
	good := strings.Join(deck, ",")
	d, err := ParseDeck(good)
	require.NoError(t, err)
	assert.Equal(t, DeckOrder, d)
	for _, tc := range []struct{ deal, problem string }{
		{"?" + good[2:], `"?"`},
		{strings.Replace(good, "CW", "DM", 1), "DM"},
		{good + ",CW", "16"},
		{good[3:], "14"},
		{strings.Replace(good, "CW", "cw", 1), `"cw"`},
		{"", "0"},
	} {
		_, err := ParseDeck(tc.deal)
		require.Error(t, err, tc.deal)
		assert.Contains(t, err.Error(), tc.problem, tc.deal)
	}
	bad := DeckOrder
	bad[0] = Unknown
	_, err = Deal(bad)
	require.Error(t, err)
	bad[0] = DarkMirror
	_, err = Deal(bad)
	require.Error(t, err)
}

// perftByService counts the action sequences of length 2 by playing every
// listed action through the game and counting what the game then lists:
// the rules service's own answer, which already honours §13.4.
func perftByService(t *testing.T, g *Game) map[string]uint64 {
	out := map[string]uint64{}
	for _, token := range g.Legal() {
		child := *g
		child.keys = append([]uint64(nil), g.keys...)
		child.tokens = append([]string(nil), g.tokens...)
		_, err := child.Play(token)
		require.NoError(t, err, token)
		out[token] = uint64(len(child.Legal()))
	}
	return out
}

// TestPerftCountsNothingBelowAFinishedGame (§13.4): a stalemate claim and a
// threefold repetition end the game, so perft 2 counts nothing below them;
// its counts agree with the legal actions the game lists.
func TestPerftCountsNothingBelowAFinishedGame(t *testing.T) {
	ctx := context.Background()
	claim := game(t, "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	div, err := claim.Divide(ctx, 2)
	require.NoError(t, err)
	assert.Equal(t, uint64(0), div["stalemate"])
	assert.Equal(t, perftByService(t, claim), div)
	total := uint64(0)
	for _, n := range div {
		total += n
	}
	n, err := Perft(ctx, claim.Pos(), 2)
	require.NoError(t, err)
	assert.Equal(t, total, n)

	// Knights out and back twice: the start position has occurred twice, and
	// f6g8 brings it a third time.
	rep := game(t, StartFEN+" - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	for _, tok := range strings.Fields("g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1") {
		_, err := rep.Play(tok)
		require.NoError(t, err, tok)
	}
	div, err = rep.Divide(ctx, 2)
	require.NoError(t, err)
	assert.Equal(t, uint64(0), div["f6g8"])
	assert.Equal(t, perftByService(t, rep), div)

	// A finished game has no actions at all.
	_, err = claim.Play("stalemate")
	require.NoError(t, err)
	div, err = claim.Divide(ctx, 2)
	require.NoError(t, err)
	assert.Empty(t, div)
}

// TestPerftStopsWhenCancelled: perft returns the context's error soon after
// it is cancelled, however deep it was asked to go.
func TestPerftStopsWhenCancelled(t *testing.T) {
	p := game(t, StartFEN+" - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -").Pos()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Perft(ctx, p, 6)
	require.ErrorIs(t, err, context.Canceled)
	_, err = Divide(ctx, p, 6)
	require.ErrorIs(t, err, context.Canceled)

	// Depth 6 takes hours; a 50 ms deadline must end it within a bound that
	// leaves room for a loaded machine.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Perft(ctx, p, 6)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 3*time.Second)
}

// TestPerftDoesNotAllocatePerNode: a perft of a few thousand nodes
// allocates no more than one of a few dozen.
func TestPerftDoesNotAllocatePerNode(t *testing.T) {
	p := game(t, StartFEN+" - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -").Pos()
	ctx := context.Background()
	shallow := testing.AllocsPerRun(3, func() { _, _ = Perft(ctx, p, 1) })
	deep := testing.AllocsPerRun(3, func() { _, _ = Perft(ctx, p, 2) })
	assert.Equal(t, shallow, deep, "perft 2 (4292 nodes) allocates %v times, perft 1 %v", deep, shallow)
}

// TestOpponentCardsInAView (§11: "@?" when hidden from the receiver): in a
// player's view the opponent's hand is unknown, so any card the view does
// not show may be in it; the opponent's card turns are legal when the card
// is unseen and has a legal use, and refused when the view shows the card.
func TestOpponentCardsInAView(t *testing.T) {
	g := game(t, StartFEN+" - - - FC,MS,CW/?,?,? 9 - -")
	_, err := g.Play("e2e4")
	require.NoError(t, err)
	legal := g.Legal()
	assert.Contains(t, legal, "LJ:g8d6")
	assert.Contains(t, legal, "HF+e7e5")
	assert.NotContains(t, legal, "FC:e5", "Forbidden City is in White's hand")
	assert.NotContains(t, legal, "MS:e8", "Mystic Shield is in White's hand")
	for _, tok := range legal {
		assert.False(t, strings.HasPrefix(tok, "VU+"), "%s: no card was played last turn", tok)
	}
	_, err = g.Play("FC:e5@?")
	require.ErrorContains(t, err, "Forbidden City")

	_, err = g.Play("LJ:g8d6@?")
	require.NoError(t, err)
	require.NoError(t, cardsConserved(g.Pos()))
	assert.Equal(t, "FC,MS,CW/?,?,? 8 LJ LJ", strings.Join(strings.Fields(g.Position())[9:], " "))
	// White answers with a card; then Black may take it with Vulture and
	// play it, or play another unseen card.
	_, err = g.Play("MS:e1@RB")
	require.NoError(t, err)
	legal = g.Legal()
	assert.Contains(t, legal, "VU+MS:e8")
	assert.Contains(t, legal, "VU+CH:b1")
	assert.NotContains(t, legal, "VU+LJ:d6b5", "Long Jump is on the discard pile under Mystic Shield")
	_, err = g.Play("VU+MS:e8@?")
	require.NoError(t, err)
	require.NoError(t, cardsConserved(g.Pos()))
	require.NoError(t, printedStringsParse(g.Pos()))
	assert.Equal(t, "FC,CW,RB/?,?,? 6 LJ,VU,MS MS", strings.Join(strings.Fields(g.Position())[9:], " "))
	// Black's own view cannot be written from White's: its hand is hidden.
	_, err = g.Pos().View(black)
	require.ErrorContains(t, err, "black")
	v, err := g.Pos().View(white)
	require.NoError(t, err)
	assert.Equal(t, g.Position(), v)
}

// TestHiddenHandEscapesMate: §12 Example 9 seen by Black, so White's hand
// is hidden. White is in check with no regular move, but its hand may hold
// Forbidden City, so the game is not over and the blocks are legal; once
// the view shows Forbidden City on the discard pile they are not, and
// Rebirth of the checking rook (unseen) still is.
func TestHiddenHandEscapesMate(t *testing.T) {
	g := game(t, "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - ?,?,?/MS,CW,DI 9 - -")
	st := g.Status()
	assert.False(t, st.Over, st.Reason)
	assert.Subset(t, g.Legal(), []string{"FC:b1", "FC:c1", "FC:d1", "FC:e1", "FC:f1", "RB:a1a8"})
	g = game(t, "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - ?,?,?/MS,CW,DI 8 FC FC")
	assert.NotContains(t, g.Legal(), "FC:b1")
	assert.Contains(t, g.Legal(), "RB:a1a8")
}

// TestEveryPrintedStringParses is the property behind findings 1 and 2:
// along random games from random deals, full knowledge and views alike,
// with draw suffixes of every kind, every position string and view the
// engine writes reads back, and the deck stays whole.
func TestEveryPrintedStringParses(t *testing.T) {
	games := 60
	if testing.Short() {
		games = 15
	}
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		p, err := Deal(ShuffledDeck(seed))
		require.NoError(t, err)
		start := p.String()
		switch seed % 3 {
		case 1:
			start = p.ViewFor(white)
		case 2:
			start = p.ViewFor(black)
		}
		g := game(t, start)
		for ply := 0; ply < 150 && !g.Status().Over; ply++ {
			legal := g.Legal()
			require.NotEmpty(t, legal, g.Position())
			token := legal[rng.IntN(len(legal))] + randomSuffix(rng)
			before := g.Position()
			if _, err := g.Play(token); err != nil {
				require.Equal(t, before, g.Position(), "refused %s changed the game", token)
			}
			require.NoError(t, cardsConserved(g.Pos()), "%s after %s", g.Position(), token)
			require.NoError(t, printedStringsParse(g.Pos()), token)
		}
	}
}

// randomSuffix is no suffix, "@?", or any card code, valid or not.
func randomSuffix(rng *rand.Rand) string {
	switch n := rng.IntN(20); {
	case n < 8:
		return ""
	case n < 11:
		return "@?"
	default:
		return "@" + DeckOrder[rng.IntN(NumCards)].Code()
	}
}
