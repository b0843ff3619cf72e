package cmsearch

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
	"tempest/variants/chessmate"
)

func treeSearch(t *testing.T, p *Position, lim Limits, hidden HiddenOptions) (Result, *ISMCTS) {
	t.Helper()
	s := NewISMCTS(New(8))
	return s.Search(context.Background(), p, lim, hidden, ISMCTSOptions{}, nil), s
}

// The tree search's choice depends only on what the mover sees: the same
// positions as TestFairness, which differ in the opponent's hand and the
// draw order, give the same turn and the same tree (node count) at a fixed
// budget.
func TestISMCTSFairness(t *testing.T) {
	board := "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 - - - FC,MS,RB/"
	worlds := []string{
		board + "CW,DM,DD DI,CH,RV,LJ,LC,HQ,HF,VU,CR - -",
		board + "LJ,CH,CR VU,HF,DI,DM,CW,HQ,DD,LC,RV - -",
		board + "HF,VU,LC RV,DD,DM,CR,CW,DI,LJ,CH,HQ - -",
		board + "?,?,? 9 - -",
	}
	for _, tc := range []struct {
		opts  ISMCTSOptions
		nodes uint64
	}{{ISMCTSOptions{}, 3000}, {ISMCTSOptions{Exploration: 0.1, LeafDepth: 1}, 400}} {
		var first Result
		for i, w := range worlds {
			s := NewISMCTS(New(8))
			res := s.Search(context.Background(), pos(t, w), Limits{Nodes: tc.nodes}, HiddenOptions{}, tc.opts, nil)
			require.NotEqual(t, NullMove, res.BestMove)
			assert.Equal(t, tc.nodes, res.Nodes)
			if i == 0 {
				first = res
				continue
			}
			assert.Equal(t, first.BestMove.String(), res.BestMove.String(), "%+v world %d", tc.opts, i)
			assert.Equal(t, first.Score, res.Score, "%+v world %d", tc.opts, i)
			assert.Equal(t, first.Depth, res.Depth, "%+v world %d", tc.opts, i)
		}
	}
}

// With known cards (Black took Forbidden City with Vulture) the choice
// still depends only on what White may know.
func TestISMCTSFairnessWithKnownCards(t *testing.T) {
	var first string
	for i, start := range knownCardsGames {
		g := playedGame(t, start, knownCardsTokens[:2])
		hidden := HiddenOptions{KnownCards: g.KnownOpponentCards(movegen.White)}
		require.Equal(t, []chessmate.Card{chessmate.ForbiddenCity}, hidden.KnownCards)
		res, _ := treeSearch(t, g.Pos(), Limits{Nodes: 2000}, hidden)
		require.NotEqual(t, NullMove, res.BestMove)
		if i == 0 {
			first = res.BestMove.String()
		}
		assert.Equal(t, first, res.BestMove.String(), "game %d", i)
	}
}

// Cards that win: Dark Mirror takes the queen behind the pawn; making the
// knight on e4 a Champion mates the boxed-in king on h8 (§5 CH: a
// continuing card may mate), and with Rebirth, the only card that could
// send the Champion home, in White's own hand, no hidden hand escapes.
func TestISMCTSPlaysTheWinningCard(t *testing.T) {
	p := pos(t, "4k3/8/8/8/3P4/2q5/8/4K3 w - - 0 1 - - - DM,LC,HQ/?,?,? 9 - -")
	res, _ := treeSearch(t, p, Limits{Nodes: 3000}, HiddenOptions{})
	assert.Equal(t, "DM:d4c3", res.BestMove.String())

	mate := "6rk/6pp/8/8/4N3/8/8/4K3 w - - 0 1 - - - CH,RB,LC/"
	p = pos(t, mate+"?,?,? 9 - -")
	// The independent check: in a full world the turn leaves Black in check
	// with no legal turn, whatever its cards.
	full := pos(t, mate+"DD,DI,VU CW,DM,RV,LJ,MS,FC,HQ,HF,CR - -")
	champion, _, err := full.ParseAction("CH:e4")
	require.NoError(t, err)
	var u Undo
	full.Make(champion, &u)
	require.True(t, full.InCheck())
	require.False(t, full.HasLegalMove())

	res, s := treeSearch(t, p, Limits{Nodes: 3000}, HiddenOptions{})
	assert.Equal(t, "CH:e4", res.BestMove.String())
	assert.Greater(t, res.Score, 1000, "a sure win")
	root := s.best(0)
	assert.InDelta(t, 1.0, float64(s.nodes[root].reward)/float64(s.nodes[root].visits), 1e-6, "every visit a win")
}

// The tree search returns a legal turn of the real game from random
// positions of random games, at small and larger budgets.
func TestISMCTSNeverPlaysAnIllegalAction(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2))
	e := New(8)
	s := NewISMCTS(e)
	checked := 0
	for game := 0; game < 8; game++ {
		start, err := chessmate.Deal(chessmate.ShuffledDeck(uint64(game)))
		require.NoError(t, err)
		g := chessmate.NewGame(start)
		for ply := 0; ply < 50 && !g.Status().Over; ply++ {
			legal := g.Legal()
			if ply%6 == 3 {
				budget := uint64(1 + rng.IntN(400))
				res := s.Search(context.Background(), g.Pos(), Limits{Nodes: budget}, HiddenOptions{}, ISMCTSOptions{}, nil)
				assert.Contains(t, legal, res.BestMove.String(), "game %d ply %d: %s", game, ply, g.Position())
				assert.LessOrEqual(t, res.Nodes, budget)
				checked++
			}
			_, err := g.Play(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
		}
	}
	assert.Greater(t, checked, 40)
}

// Stop and time: cancelled before it starts, the search still owes and
// gives a legal turn; a move time ends it near that time; "infinite" ends
// at stop.
func TestISMCTSHonoursStopAndTime(t *testing.T) {
	p := pos(t, chessmate.StartFEN+" - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewISMCTS(New(8))
	res := s.Search(ctx, p, Limits{Infinite: true}, HiddenOptions{}, ISMCTSOptions{}, nil)
	assert.True(t, p.IsLegal(res.BestMove), res.BestMove.String())
	assert.LessOrEqual(t, res.Nodes, uint64(1))

	// A new engine for each search: a search started with a cancelled
	// context leaves its engine's stop flag to a goroutine that may run
	// late (kit.Control.Start, context.AfterFunc), into the next search.
	s = NewISMCTS(New(8))
	began := time.Now()
	res = s.Search(context.Background(), p, Limits{MoveTime: 100 * time.Millisecond}, HiddenOptions{}, ISMCTSOptions{}, nil)
	took := time.Since(began)
	assert.True(t, p.IsLegal(res.BestMove))
	// Bounds wide enough for a loaded machine (two cores, a dozen jobs).
	assert.Less(t, took, time.Second)
	assert.Greater(t, took, 50*time.Millisecond)
	assert.Greater(t, res.Nodes, uint64(1))

	ctx, cancel = context.WithCancel(context.Background())
	s = NewISMCTS(New(8))
	time.AfterFunc(80*time.Millisecond, cancel)
	began = time.Now()
	res = s.Search(ctx, p, Limits{Infinite: true}, HiddenOptions{}, ISMCTSOptions{}, nil)
	took = time.Since(began)
	assert.True(t, p.IsLegal(res.BestMove))
	assert.GreaterOrEqual(t, took, 80*time.Millisecond)
	assert.Less(t, took, time.Second)
}

// The tree respects a node budget: one node per iteration, the root
// besides; the reports count iterations and the tree's depth.
func TestISMCTSRespectsTheNodeBudget(t *testing.T) {
	p := pos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/?,?,? 9 - -")
	for _, budget := range []uint64{1, 10, 777, 5000} {
		s := NewISMCTS(New(8))
		var last Info
		res := s.Search(context.Background(), p, Limits{Nodes: budget}, HiddenOptions{}, ISMCTSOptions{}, func(i Info) { last = i })
		assert.Equal(t, budget, res.Nodes)
		assert.LessOrEqual(t, int(s.n), int(budget)+1, "nodes in the tree")
		assert.LessOrEqual(t, len(s.nodes), int(budget)+1, "the pool is the budget")
		assert.Equal(t, budget, last.Nodes)
		assert.Equal(t, res.Depth, last.Depth)
		var visits int32
		for c := s.nodes[0].child; c != 0; c = s.nodes[c].sibling {
			visits += s.nodes[c].visits
		}
		assert.Equal(t, int32(budget), visits, "every iteration passes one root child")
		assert.Equal(t, int32(budget), s.nodes[0].visits)
	}
	// A depth limit is the tree's depth.
	s := NewISMCTS(New(8))
	res := s.Search(context.Background(), p, Limits{Depth: 2}, HiddenOptions{}, ISMCTSOptions{}, nil)
	assert.Equal(t, 2, res.Depth)
}

// Same view, same budget: the same turn, score and tree, whatever the
// engine searched before.
func TestISMCTSIsDeterministic(t *testing.T) {
	p := pos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/FC,MS,CW DD,RB,CR,HF,VU,DI,CH,RV,LJ - -")
	s := NewISMCTS(New(8))
	a := s.Search(context.Background(), p, Limits{Nodes: 2500}, HiddenOptions{}, ISMCTSOptions{}, nil)
	other := pos(t, "4k3/8/8/8/3P4/2q5/8/4K3 w - - 0 1 - - - DM,LC,HQ/?,?,? 9 - -")
	s.Search(context.Background(), other, Limits{Nodes: 1000}, HiddenOptions{}, ISMCTSOptions{}, nil)
	b := s.Search(context.Background(), p, Limits{Nodes: 2500}, HiddenOptions{}, ISMCTSOptions{}, nil)
	assert.Equal(t, a, b)
}

// The exploration constant changes how the iterations are spread: a large
// one spreads them over more root turns than a small one.
func TestISMCTSExplorationSpreads(t *testing.T) {
	p := pos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/?,?,? 9 - -")
	topShare := func(c float64) float64 {
		s := NewISMCTS(New(8))
		s.Search(context.Background(), p, Limits{Nodes: 4000}, HiddenOptions{}, ISMCTSOptions{Exploration: c}, nil)
		return float64(s.nodes[s.best(0)].visits) / 4000
	}
	assert.Greater(t, topShare(0.2), topShare(3))
}

// An iteration allocates nothing once the pool is made: dealing a world,
// generating turns, the evaluation and the backup all use fixed storage.
func TestISMCTSIterationsDoNotAllocate(t *testing.T) {
	p := pos(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/?,?,? 9 - -")
	for _, opts := range []ISMCTSOptions{{}, {LeafDepth: 1}} {
		e := New(8)
		s := NewISMCTS(e)
		lim := Limits{Nodes: 3000}
		end := e.ctl.Start(context.Background(), timePlan(&lim, p.SideToMove(), 0, time.Now()), 0, false, nil)
		s.begin(p, lim, HiddenOptions{}, opts, time.Now())
		for range 500 { // warm up: the pool is made, the worker's stacks grown
			require.True(t, s.iterate())
		}
		if allocs := testing.AllocsPerRun(1000, func() { s.iterate() }); allocs != 0 {
			t.Fatalf("%+v: %.2f allocations per iteration", opts, allocs)
		}
		assert.Greater(t, s.iteration, uint64(1400))
		end()
	}
}

// A stalemate claim is chosen when every turn loses: Black's bare king is
// stalemated on the board and its only card turns do not save it.
func TestISMCTSClaimsStalemateWhenLost(t *testing.T) {
	p := pos(t, "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/?,?,? 9 - -")
	require.True(t, p.CanClaimStalemate())
	res, _ := treeSearch(t, p, Limits{Nodes: 500}, HiddenOptions{})
	legal := p.GenLegal(make([]Move, MaxMoves))
	assert.True(t, res.BestMove == chessmate.ClaimAction || slices.Contains(legal, res.BestMove), res.BestMove.String())
	assert.Equal(t, chessmate.ClaimAction, res.BestMove, "a queen down, the draw is the best result")
}

// The pool's size in the docs: 24 bytes a node.
func TestISMCTSNodeSize(t *testing.T) {
	assert.Equal(t, uintptr(24), unsafe.Sizeof(treeNode{}))
}

// With the root restricted (Play Cards off: regular moves only), the turn
// is one of those, though a card wins more: Dark Mirror takes the queen.
func TestISMCTSKeepsToSearchMoves(t *testing.T) {
	p := pos(t, "4k3/8/8/8/3P4/2q5/8/4K3 w - - 0 1 - - - DM,LC,HQ/?,?,? 9 - -")
	only := p.RegularMoves()
	res, _ := treeSearch(t, p, Limits{Nodes: 500, SearchMoves: only}, HiddenOptions{})
	assert.Contains(t, only, res.BestMove)
	res, _ = treeSearch(t, p, Limits{Nodes: 500}, HiddenOptions{})
	assert.Equal(t, "DM:d4c3", res.BestMove.String())
}

// BenchmarkISMCTSIteration: one iteration (deal, descent, expansion, the
// quiescence leaf, backup); allocs/op is 0.
func BenchmarkISMCTSIteration(b *testing.B) {
	p, err := chessmate.ParsePosition("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 - - - DM,LC,HQ/?,?,? 9 - -")
	require.NoError(b, err)
	e := New(8)
	s := NewISMCTS(e)
	lim := Limits{Nodes: uint64(b.N) + 1000}
	end := e.ctl.Start(context.Background(), timePlan(&lim, p.SideToMove(), 0, time.Now()), 0, false, nil)
	defer end()
	s.begin(p, lim, HiddenOptions{}, ISMCTSOptions{}, time.Now())
	for range 500 {
		s.iterate()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		s.iterate()
	}
}
