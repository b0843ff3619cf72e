package cmsearch

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
	"tempest/variants/chessmate"
)

// Two worlds of one view: White sees its hand, the board and the pile's size;
// Black's hand and the pile's order differ (both ends of the piles differ, so
// a draw gives White a different card in each).
var deferWorlds = []string{
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 - - - FC,MS,RB/CW,DM,DD DI,CH,RV,LJ,LC,HQ,HF,VU,CR - -",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 - - - FC,MS,RB/LJ,CH,CR VU,HF,DI,DM,CW,HQ,DD,LC,RV - -",
}

// after plays White's turn and Black's reply in a world, as deferredChoice
// does, and returns the branch it groups.
func after(t *testing.T, world, turn, reply string) branch {
	t.Helper()
	b := branch{after: *pos(t, world)}
	for _, token := range []string{turn, reply} {
		a, _, err := b.after.ParseAction(token)
		require.NoError(t, err, token)
		require.True(t, b.after.IsLegal(a), token)
		var u Undo
		b.after.Make(a, &u)
	}
	b.group = moverView(&b.after, nil).String()
	return b
}

// TestInformationSetsHideOnlyTheHidden: after the same plain turns the two
// worlds look the same to White (Black's hand differs, which White cannot
// see), so its answer is chosen once for both; after a card turn White has
// drawn a different card in each, which it does see, so each world is its
// own information set. A finished game is a group of its own.
func TestInformationSetsHideOnlyTheHidden(t *testing.T) {
	plain := []branch{after(t, deferWorlds[0], "d2d3", "d7d6"), after(t, deferWorlds[1], "d2d3", "d7d6")}
	assert.Equal(t, [][]int{{0, 1}}, groupsOf(plain))
	assert.NotEqual(t, plain[0].after.String(), plain[1].after.String(), "the worlds differ in full knowledge")

	card := firstCardTurn(t, pos(t, deferWorlds[0]), chessmate.ForbiddenCity)
	drawn := []branch{after(t, deferWorlds[0], card, "d7d6"), after(t, deferWorlds[1], card, "d7d6")}
	assert.Equal(t, [][]int{{0}, {1}}, groupsOf(drawn), "White drew %s and %s",
		drawn[0].after.Hand(movegen.White).Cards(), drawn[1].after.Hand(movegen.White).Cards())

	mixed := append(plain, branch{done: true}, plain[0])
	assert.Equal(t, [][]int{{0, 1, 3}, {2}}, groupsOf(mixed))
}

func firstCardTurn(t *testing.T, p *Position, card chessmate.Card) string {
	t.Helper()
	code := card.Code() + ":"
	for _, a := range p.GenLegal(make([]Move, 2048)) {
		if s := a.String(); strings.HasPrefix(s, code) {
			return s
		}
	}
	t.Fatalf("no %s turn", code)
	return ""
}

// TestAnswersOfAGroup: the distinct best answers of a group's worlds, in
// the order first seen, without the worlds that have none.
func TestAnswersOfAGroup(t *testing.T) {
	p := pos(t, deferWorlds[0])
	legal := p.GenLegal(make([]Move, 2048))
	x, y := legal[0], legal[1]
	bs := []branch{{answer: x}, {answer: NullMove}, {answer: y}, {answer: x}}
	assert.Equal(t, []Move{x, y}, answersOf(bs, []int{0, 1, 2, 3}))
	assert.Equal(t, []Move{x}, answersOf(bs, []int{3, 1}))
	assert.Empty(t, answersOf(bs, []int{1}))
}

// TestMoverScore: a score of the position after the mover's turn, seen from
// the mover, and a mate one ply further away.
func TestMoverScore(t *testing.T) {
	assert.Equal(t, -35, moverScore(35))
	assert.Equal(t, -(MateScore - 3), moverScore(MateScore-2), "the opponent mates in 2 plies after the turn: 3 from the root")
	assert.Equal(t, MateScore-2, moverScore(-(MateScore - 1)), "the opponent is mated in 1 ply after the turn: 2 from the root")
}

// TestDeferredSearch: with deferral the search answers a legal turn, spends
// about its node limit (each search may pass its share by up to the 1024
// nodes between checks), and decides from the view alone.
func TestDeferredSearch(t *testing.T) {
	const limit = 200000
	deferred := HiddenOptions{Deferred: true}
	var first string
	for i, w := range append(deferWorlds, strings.Split(deferWorlds[0], " FC,MS,RB/")[0]+" FC,MS,RB/?,?,? 9 - -") {
		p := pos(t, w)
		res := New(8).SearchHiddenWith(context.Background(), p, Limits{Nodes: limit}, DefaultSamples, deferred, nil)
		require.NotEqual(t, NullMove, res.BestMove)
		assert.True(t, p.IsLegal(res.BestMove), res.BestMove.String())
		assert.LessOrEqual(t, res.Nodes, uint64(limit*11/10), "world %d", i)
		assert.Greater(t, res.Nodes, uint64(limit/2), "world %d: most of the budget is used", i)
		if i == 0 {
			first = res.BestMove.String()
		}
		assert.Equal(t, first, res.BestMove.String(), "world %d", i)
	}
}
