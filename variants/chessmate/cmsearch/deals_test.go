package cmsearch

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
	"tempest/variants/chessmate"
)

// missedMirror: Black's pawn on d5 could take White's queen on c6 with
// Dark Mirror; Black plays a king move instead. Black's hand differs
// between the two starts, never holding Dark Mirror; White sees neither.
var missedMirror = []string{
	"7k/8/2Q5/3p4/8/8/8/K7 w - - 0 1 - - - LC,HQ,MS/CW,LJ,RV DM,DD,DI,CH,RB,FC,HF,VU,CR - -",
	"7k/8/2Q5/3p4/8/8/8/K7 w - - 0 1 - - - LC,HQ,MS/CR,FC,DI DM,DD,RV,CH,RB,CW,HF,VU,LJ - -",
}

func missedMirrorTurns(t *testing.T, start string) []chessmate.OpponentTurn {
	t.Helper()
	p, err := chessmate.ParsePosition(start)
	require.NoError(t, err)
	g := chessmate.NewGame(p)
	for _, token := range []string{"a1b1", "h8g8"} {
		_, err := g.Play(token)
		require.NoError(t, err, token)
	}
	return g.OpponentTurns(movegen.White, 12)
}

// TestCardWeightsFromAMissedCapture: a card that would have won the queen
// and was not played weighs regretFloor (Black had drawn nothing since);
// a card with nothing to win, or nothing a plain move could not win, keeps
// weight 1; and what White cannot see changes nothing.
func TestCardWeightsFromAMissedCapture(t *testing.T) {
	var first [chessmate.Unknown]float64
	for i, start := range missedMirror {
		turns := missedMirrorTurns(t, start)
		require.Len(t, turns, 1)
		w := cardWeights(turns)
		assert.InDelta(t, regretFloor, w[chessmate.DarkMirror], 1e-9)
		assert.Equal(t, 1.0, w[chessmate.ForbiddenCity], "Forbidden City wins nothing here")
		assert.Equal(t, 1.0, w[chessmate.HandOfFate], "Hand of Fate with a move is worth the move")
		if i == 0 {
			first = w
		}
		assert.Equal(t, first, w, "start %d", i)
	}
}

// TestCardWeightsFadeWithDraws: after three draws a card held now need not
// have been held then, so an old missed chance weighs nothing.
func TestCardWeightsFadeWithDraws(t *testing.T) {
	turns := missedMirrorTurns(t, missedMirror[0])
	later := turns[0]
	for draws := 0; draws <= 3; draws++ {
		list := slices.Clone(turns)
		for range draws {
			// A turn that played a card (one draw each) and missed nothing:
			// the same view, its move a card turn of the position.
			list = append(list, cardTurn(t, later.Before))
		}
		w := cardWeights(list)
		want := max(1-float64(3-draws)/3*(1-math.Exp(-float64(greedyRegret(t, turns[0], chessmate.DarkMirror)-regretMargin)/regretScale)), regretFloor)
		assert.InDelta(t, want, w[chessmate.DarkMirror], 1e-9, "%d draws", draws)
	}
}

// cardTurn is before with a card turn of it that wins the most, so it
// regrets nothing.
func cardTurn(t *testing.T, before chessmate.Position) chessmate.OpponentTurn {
	var buf, reply [MaxMoves]Move
	best, bestValue := chessmate.NullAction, math.MinInt
	for _, m := range before.GenLegal(buf[:]) {
		if m.Card() != chessmate.NoCard && !m.Vulture() {
			if v := greedyValue(&before, m, reply[:]); v > bestValue {
				best, bestValue = m, v
			}
		}
	}
	require.NotEqual(t, chessmate.NullAction, best)
	return chessmate.OpponentTurn{Before: before, Action: best}
}

// greedyRegret is card c's regret on turn: its best turn's value less the
// value of the turn played or of the best plain move, whichever is more.
func greedyRegret(t *testing.T, turn chessmate.OpponentTurn, c chessmate.Card) int {
	var buf, reply [MaxMoves]Move
	best, floor := math.MinInt, greedyValue(&turn.Before, turn.Action, reply[:])
	for _, m := range turn.Before.GenLegal(buf[:]) {
		switch v := greedyValue(&turn.Before, m, reply[:]); {
		case m.Card() == c && !m.Vulture():
			best = max(best, v)
		case m.Card() == chessmate.NoCard && !m.Vulture():
			floor = max(floor, v)
		}
	}
	require.Greater(t, best, math.MinInt)
	return best - floor
}

// TestInclusion: chances follow the weights, each at most 1, summing to
// the cards in hand; equal weights give equal chances.
func TestInclusion(t *testing.T) {
	cards := []chessmate.Card{chessmate.Cowardice, chessmate.DarkMirror, chessmate.DeathDance, chessmate.Rebirth, chessmate.Crusade}
	var w [chessmate.Unknown]float64
	for c := range w {
		w[c] = 1
	}
	for _, pi := range inclusion(cards, &w, 3) {
		assert.InDelta(t, 0.6, pi, 1e-12)
	}
	w[chessmate.DarkMirror] = 0.2
	w[chessmate.Cowardice] = 20
	pi := inclusion(cards, &w, 3)
	assert.Equal(t, 1.0, pi[0], "capped")
	sum := 0.0
	for _, p := range pi {
		sum += p
		assert.LessOrEqual(t, p, 1.0)
	}
	assert.InDelta(t, 3, sum, 1e-12)
	assert.InDelta(t, pi[2]*0.2, pi[1], 1e-12, "Dark Mirror a fifth of Death Dance")
	assert.InDelta(t, 1.0, inclusion(cards[:2], &w, 3)[1], 1e-12, "fewer cards than places")
}

// TestWeightedDealerFollowsTheChances: over n worlds each card is in the
// opponent's hand n times its chance, give or take one (systematic
// sampling), the hand never holds a card twice, and every card is dealt
// somewhere.
func TestWeightedDealerFollowsTheChances(t *testing.T) {
	cards := []chessmate.Card{chessmate.Cowardice, chessmate.DarkMirror, chessmate.DeathDance, chessmate.Rebirth,
		chessmate.Crusade, chessmate.LongJump, chessmate.Revelation, chessmate.Champion, chessmate.Vulture}
	var w [chessmate.Unknown]float64
	for c := range w {
		w[c] = 1
	}
	w[chessmate.DarkMirror], w[chessmate.Crusade] = regretFloor, 0.5
	const worlds = 40
	for _, seed := range []uint64{1, 2, 3} {
		d := newWeightedDealer(seed, 3, worlds, w)
		var count [chessmate.Unknown]int
		for range worlds {
			dealt := slices.Clone(cards)
			d.arrange(dealt)
			assert.ElementsMatch(t, cards, dealt, "a permutation")
			for _, c := range dealt[:3] {
				count[c]++
			}
		}
		pi := inclusion(cards, &w, 3)
		for i, c := range cards {
			assert.InDelta(t, worlds*pi[i], float64(count[c]), 1, "seed %d, %s", seed, c)
		}
	}
}

// TestWeightedDealsSeeOnlyTheView: the two games White sees alike give
// White the same decision with weighted deals.
func TestWeightedDealsSeeOnlyTheView(t *testing.T) {
	var moves []string
	for _, start := range missedMirror {
		p, err := chessmate.ParsePosition(start)
		require.NoError(t, err)
		g := chessmate.NewGame(p)
		for _, token := range []string{"a1b1", "h8g8"} {
			_, err := g.Play(token)
			require.NoError(t, err)
		}
		e := New(8)
		res := e.SearchHiddenWith(context.Background(), g.Pos(), Limits{Depth: 3}, DefaultSamples,
			HiddenOptions{Turns: g.OpponentTurns(movegen.White, 12)}, nil)
		moves = append(moves, res.BestMove.String())
	}
	assert.Equal(t, moves[0], moves[1])
}
