package cmsearch

import (
	"context"
	"strings"
	"testing"
	"time"

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
	b.group = infoSetKey(&b.after)
	return b
}

// TestInformationSetsHideOnlyTheHidden: after the same plain turns the two
// worlds look the same to White (Black's hand differs, which White cannot
// see), so its answer is chosen once for both. After a card turn White has
// drawn a different card in each; the key hides White's own hand, so the
// answer is chosen before the draw is known, and the worlds still form one
// set. A different reply, or a different board, is another set; a
// finished game is a set of its own.
func TestInformationSetsHideOnlyTheHidden(t *testing.T) {
	plain := []branch{after(t, deferWorlds[0], "d2d3", "d7d6"), after(t, deferWorlds[1], "d2d3", "d7d6")}
	assert.Equal(t, [][]int{{0, 1}}, groupsOf(plain))
	assert.NotEqual(t, plain[0].after.String(), plain[1].after.String(), "the worlds differ in full knowledge")

	card := firstCardTurn(t, pos(t, deferWorlds[0]), chessmate.ForbiddenCity)
	drawn := []branch{after(t, deferWorlds[0], card, "d7d6"), after(t, deferWorlds[1], card, "d7d6")}
	require.NotEqual(t, drawn[0].after.Hand(movegen.White).Cards(), drawn[1].after.Hand(movegen.White).Cards(), "White drew different cards")
	assert.Equal(t, [][]int{{0, 1}}, groupsOf(drawn))

	replies := []branch{after(t, deferWorlds[0], "d2d3", "d7d6"), after(t, deferWorlds[1], "d2d3", "d7d5"), after(t, deferWorlds[1], "d2d4", "d7d6")}
	assert.Equal(t, [][]int{{0}, {1}, {2}}, groupsOf(replies))

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

// TestDeferredChoice: the two finalists are valued in both worlds and come
// back ordered, within the node limit's reach; a stopped decision and one
// with too small a budget give no order, the first as tried (the votes
// stand), the second not (the usual comparison runs).
func TestDeferredChoice(t *testing.T) {
	worlds := []*Position{pos(t, deferWorlds[0]), pos(t, deferWorlds[1])}
	weights := []int{1, 1}
	candidates := []Move{}
	for _, token := range []string{"d2d3", "e1g1", "b1c3"} {
		a, _, err := worlds[0].ParseAction(token)
		require.NoError(t, err)
		candidates = append(candidates, a)
	}
	lim := Limits{Nodes: 200000}
	perWorld := share(lim, 4, 0)
	e := New(8)
	var spent uint64
	order, score, tried := e.deferredChoice(context.Background(), worlds, weights, candidates, lim, perWorld, 0, time.Now(), &spent, false)
	require.True(t, tried)
	assert.ElementsMatch(t, candidates[:2], order)
	assert.Len(t, score, 2)
	assert.Greater(t, spent, uint64(0))
	assert.LessOrEqual(t, spent, lim.Nodes+uint64(8*1024), "each search may pass its share by a node check")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	spent = 0
	order, _, tried = e.deferredChoice(ctx, worlds, weights, candidates, lim, perWorld, 0, time.Now(), &spent, false)
	assert.True(t, tried)
	assert.Nil(t, order)

	spent = 195000
	order, _, tried = e.deferredChoice(context.Background(), worlds, weights, candidates, lim, perWorld, 0, time.Now(), &spent, false)
	assert.False(t, tried, "5,000 nodes for 6 searches is under a node check each")
	assert.Nil(t, order)
}

// TestLeftover: what is left of a node limit or a time budget is shared by
// the searches still to make, never below a node check or minWorldTime; a
// depth limit counts from the root.
func TestLeftover(t *testing.T) {
	lim := Limits{Nodes: 100000}
	out, ok := leftover(lim, Limits{Nodes: 25000}, 0, time.Now(), 40000, 6, 1)
	require.True(t, ok)
	assert.Equal(t, uint64(10000), out.Nodes)
	_, ok = leftover(lim, Limits{}, 0, time.Now(), 100000, 6, 1)
	assert.False(t, ok, "nothing left")
	_, ok = leftover(lim, Limits{}, 0, time.Now(), 95000, 6, 1)
	assert.False(t, ok, "under a node check each")
	_, ok = leftover(lim, Limits{}, 0, time.Now(), 0, 0, 1)
	assert.False(t, ok, "no search needed")

	planned := time.Now().Add(-60 * time.Millisecond)
	out, ok = leftover(Limits{Clock: true}, Limits{Clock: true}, 100*time.Millisecond, planned, 0, 4, 1)
	require.True(t, ok)
	assert.False(t, out.Clock)
	assert.InDelta(t, float64(10*time.Millisecond), float64(out.MoveTime), float64(2*time.Millisecond))
	_, ok = leftover(Limits{Clock: true}, Limits{}, 100*time.Millisecond, planned, 0, 40, 1)
	assert.False(t, ok, "1 ms each is under minWorldTime")

	out, ok = leftover(Limits{Depth: 5}, Limits{Depth: 5}, 0, time.Now(), 0, 3, 2)
	require.True(t, ok)
	assert.Equal(t, 3, out.Depth)
}
