package chsearch

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/chameleon"
)

func newMCTSEngine() *Engine {
	e := New(1)
	e.SetOptions(Options{Algorithm: MCTS})
	return e
}

// TestMCTSPlaysLegalMoves: over random positions of random games with two,
// three and four players (the rules' own move generator makes them), the
// move is one the generator lists, or the pass when it lists none.
func TestMCTSPlaysLegalMoves(t *testing.T) {
	e := newMCTSEngine()
	n := 0
	for _, players := range []uint8{0b0101, 0b1011, 0b1111} {
		for _, pawns := range []int{4, 7, 10, 14} {
			for _, p := range endgames(t, players, pawns, 8, uint64(players)*100+uint64(pawns)) {
				res := e.Search(context.Background(), p, nil, Limits{Nodes: 1500}, nil)
				var buf [chameleon.MaxMoves]chameleon.Move
				if len(p.GenMoves(buf[:0])) == 0 {
					assert.Equal(t, chameleon.PassMove, res.BestMove, "%s", p)
				} else {
					assert.True(t, legal(p, res.BestMove), "%s: %s", p, res.BestMove)
				}
				n++
			}
		}
	}
	assert.Equal(t, 3*4*8, n)
}

// TestMCTSTakesTheWin: capturing the last opponent's last pawn ends the
// game; checked against the rules (the move leaves the mover alone).
func TestMCTSTakesTheWin(t *testing.T) {
	p := parse(t, "a1d3 b3yr,a1rr,d1rb r 0 0")
	res := newMCTSEngine().Search(context.Background(), p, nil, Limits{Nodes: 2000}, nil)
	child := *p
	child.Make(res.BestMove)
	assert.True(t, child.Players() == 1 && child.Has(chameleon.Red), "%s does not win", res.BestMove)
	assert.Equal(t, "a1b3", res.BestMove.String())
}

// TestMCTSTakesAFreePawn, with four players: red's knight on a1 takes
// yellow's queen on b3, which attacks red's d1 and which nothing covers;
// blue and green are far away.
func TestMCTSTakesAFreePawn(t *testing.T) {
	p := parse(t, "a1h8 a8bb,h8yy,e8yg,b3yr,a1rr,d1rb,h1gg r 0 0")
	res := newMCTSEngine().Search(context.Background(), p, nil, Limits{Nodes: 20000}, nil)
	assert.Equal(t, "a1b3", res.BestMove.String())
}

// TestMCTSLimits: a node budget is exact, movetime and cancellation end
// the search in time, and every stop leaves a legal move.
func TestMCTSLimits(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	e := newMCTSEngine()
	for _, n := range []uint64{1, 100, 5000} {
		res := e.Search(context.Background(), p, nil, Limits{Nodes: n}, nil)
		assert.Equal(t, n, res.Nodes)
		assert.True(t, legal(p, res.BestMove))
	}
	start := time.Now()
	var infos []Info
	res := e.Search(context.Background(), p, nil, Limits{MoveTime: 100 * time.Millisecond}, func(i Info) { infos = append(infos, i) })
	assert.Less(t, time.Since(start), time.Second)
	assert.Greater(t, res.Nodes, uint64(100))
	require.NotEmpty(t, infos)
	last := infos[len(infos)-1]
	assert.Equal(t, res.BestMove, last.PV[0])
	assert.Equal(t, res.Nodes, last.Nodes)
	assert.True(t, legal(p, res.BestMove))

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start = time.Now()
	res = e.Search(ctx, p, nil, Limits{Infinite: true}, nil)
	assert.Less(t, time.Since(start), time.Second)
	assert.True(t, legal(p, res.BestMove))
}

// TestMCTSIsDeterministic: the same budget gives the same search.
func TestMCTSIsDeterministic(t *testing.T) {
	for _, p := range endgames(t, 0b1111, 12, 4, 21) {
		a := newMCTSEngine().Search(context.Background(), p, nil, Limits{Nodes: 3000}, nil)
		b := newMCTSEngine().Search(context.Background(), p, nil, Limits{Nodes: 3000}, nil)
		assert.Equal(t, a, b, "%s", p)
	}
}

// TestMCTSSharesAreProbabilities walks the tree after searches: every
// node's per-player values are sums of shares in [0, 1] that add up to 1
// per visit, and a player out of the game at a node has 0 there.
func TestMCTSSharesAreProbabilities(t *testing.T) {
	e := newMCTSEngine()
	checked := 0
	for _, p := range append(endgames(t, 0b1111, 6, 3, 31), endgames(t, 0b1011, 5, 3, 32)...) {
		e.Search(context.Background(), p, nil, Limits{Nodes: 4000}, nil)
		tr := e.tree
		var walk func(node int32, pos *chameleon.Position)
		walk = func(node int32, pos *chameleon.Position) {
			n := &tr.pool[node]
			if n.visits == 0 {
				return
			}
			checked++
			sum := 0.0
			for c := chameleon.Red; c <= chameleon.Blue; c++ {
				mean := float64(n.value[c]) / float64(n.visits)
				assert.True(t, mean >= 0 && mean <= 1+1e-5, "%s: mean %v", pos, mean)
				if !pos.Has(c) {
					assert.Zero(t, n.value[c], "%s: player %s is out", pos, c)
				}
				sum += float64(n.value[c])
			}
			assert.InDelta(t, float64(n.visits), sum, 1e-3*float64(n.visits)+1e-3, "%s", pos)
			if n.state != mctsExpanded {
				return
			}
			for i := n.first; i < n.first+int32(n.count); i++ {
				child := *pos
				child.Make(tr.pool[i].move)
				walk(i, &child)
			}
		}
		walk(0, p)
	}
	assert.Greater(t, checked, 1000)
}

// TestLeafShares: the leaf's shares follow the evaluation (a better
// evaluated player never gets less), sum to 1 and give 0 to the players
// out of the game.
func TestLeafShares(t *testing.T) {
	tr := &mctsTree{}
	for _, p := range append(endgames(t, 0b1111, 5, 20, 41), endgames(t, 0b1111, 12, 20, 42)...) {
		var share [4]float64
		tr.leafShares(p, &share)
		scores := PlayerScores(p)
		sum := 0.0
		for c := chameleon.Red; c <= chameleon.Blue; c++ {
			sum += share[c]
			if !p.Has(c) {
				assert.Zero(t, share[c])
				continue
			}
			assert.Greater(t, share[c], 0.0)
			for o := chameleon.Red; o <= chameleon.Blue; o++ {
				if p.Has(o) && scores[c] > scores[o] {
					assert.Greater(t, share[c], share[o], "%s", p)
				}
			}
		}
		assert.InDelta(t, 1, sum, 1e-9)
	}
	// Two players 100 cp apart: e to 1.
	p := parse(t, "a1d3 b3yr,a1rr,d1rb r 0 0")
	var share [4]float64
	tr.leafShares(p, &share)
	s := PlayerScores(p)
	assert.InDelta(t, math.Exp(float64(s[chameleon.Red]-s[chameleon.Yellow])/mctsTemperature),
		share[chameleon.Red]/share[chameleon.Yellow], 1e-9)
}

// TestMCTSDoesNotAllocatePerIteration: after a first search has made the
// pool, iterations allocate nothing, and a search's allocations (the
// reports' principal variations) do not grow with its budget.
func TestMCTSDoesNotAllocatePerIteration(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	e := newMCTSEngine()
	e.Search(context.Background(), p, nil, Limits{Nodes: 1000}, nil)
	var buf [chameleon.MaxMoves]chameleon.Move
	moves := p.GenMoves(buf[:0])
	e.tree.reset(p, nil, moves)
	for range 1000 {
		e.tree.iterate()
	}
	allocs := testing.AllocsPerRun(2000, e.tree.iterate)
	assert.Zero(t, allocs, "allocations per iteration")
	small := testing.AllocsPerRun(3, func() { e.Search(context.Background(), p, nil, Limits{Nodes: 1000}, nil) })
	large := testing.AllocsPerRun(3, func() { e.Search(context.Background(), p, nil, Limits{Nodes: 50000}, nil) })
	assert.Equal(t, small, large)
	assert.Less(t, large, 20.0)
}

// TestMCTSStopsWhenThePoolIsFull: with no budget but the tree's capacity
// (go depth alone) the search ends and answers.
func TestMCTSStopsWhenThePoolIsFull(t *testing.T) {
	if testing.Short() {
		t.Skip("fills the whole pool")
	}
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	e := newMCTSEngine()
	res := e.Search(context.Background(), p, nil, Limits{Depth: 5}, nil)
	assert.True(t, e.tree.full)
	assert.Greater(t, int(e.tree.used), mctsPoolNodes-chameleon.MaxMoves-1)
	assert.True(t, legal(p, res.BestMove))
}

func BenchmarkMCTS(b *testing.B) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(b, err)
	e := newMCTSEngine()
	b.ReportAllocs()
	for b.Loop() {
		e.Search(context.Background(), p, nil, Limits{Nodes: 20000}, nil)
	}
}

// TestLeafSettlesCaptures: a leaf where the mover can take an undefended
// pawn that threatens its own is scored after the capture (the rules make
// it), and a leaf with no capture that gains is scored as it stands.
func TestLeafSettlesCaptures(t *testing.T) {
	tr := &mctsTree{}
	p := parse(t, "a1h8 a8bb,h8yy,e8yg,b3yr,a1rr,d1rb,h1gg r 0 0")
	var settled, static [4]float64
	tr.leaf(p, &settled)
	tr.leafShares(p, &static)
	want := *p
	want.Make(chameleon.MakeMove(chameleon.Square(0), chameleon.Square(17))) // a1b3
	assert.Equal(t, want.String(), tr.settled.String())
	assert.Greater(t, settled[chameleon.Red], static[chameleon.Red])
	assert.Less(t, settled[chameleon.Yellow], static[chameleon.Yellow])

	start, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	tr.leaf(start, &settled)
	tr.leafShares(start, &static)
	assert.Equal(t, static, settled)
	assert.Equal(t, start.String(), tr.settled.String())
}

// TestMCTSKeepsSensibleMovesBelowTheRoot: the root keeps every legal move;
// below it, with more than two players, a node's children are exactly its
// player's sensible moves (model.go), and with two players all its moves.
func TestMCTSKeepsSensibleMovesBelowTheRoot(t *testing.T) {
	e := newMCTSEngine()
	pruned := 0
	for _, p := range append(endgames(t, 0b1111, 12, 3, 51), endgames(t, 0b0101, 6, 2, 52)...) {
		e.Search(context.Background(), p, nil, Limits{Nodes: 3000}, nil)
		tr := e.tree
		var buf [chameleon.MaxMoves]chameleon.Move
		require.Equal(t, len(p.GenMoves(buf[:0])), int(tr.pool[0].count), "%s: the root keeps every move", p)
		var walk func(node int32, pos *chameleon.Position, depth int)
		walk = func(node int32, pos *chameleon.Position, depth int) {
			n := &tr.pool[node]
			if n.state != mctsExpanded {
				return
			}
			legalMoves := pos.GenMoves(buf[:0])
			want := 0
			for _, m := range legalMoves {
				if depth == 0 || pos.Players() <= 2 || Sensible(pos, m) {
					want++
				}
			}
			if len(legalMoves) == 0 {
				want = 1 // the pass
			}
			assert.Equal(t, want, int(n.count), "%s", pos)
			if want < len(legalMoves) {
				pruned++
			}
			for i := n.first; i < n.first+int32(n.count); i++ {
				m := tr.pool[i].move
				if depth > 0 && pos.Players() > 2 {
					assert.True(t, Sensible(pos, m), "%s: %s is not sensible", pos, m)
				}
				child := *pos
				child.Make(m)
				walk(i, &child, depth+1)
			}
		}
		walk(0, p, 0)
	}
	assert.Greater(t, pruned, 10, "some nodes must lose moves")
}
