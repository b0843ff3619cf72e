package chsearch

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/kit/kittest"
	"tempest/variants/chameleon"
)

func parse(t *testing.T, s string) *chameleon.Position {
	t.Helper()
	p, err := chameleon.ParsePosition(s)
	require.NoError(t, err, s)
	return p
}

func legal(p *chameleon.Position, m chameleon.Move) bool {
	var buf [chameleon.MaxMoves]chameleon.Move
	for _, x := range p.GenMoves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// freeCapture: red's knight on a1 can take yellow's queen on b3, which
// nothing of yellow's covers; red's other moves capture nothing.
const freeCapture = "a1h8 h8yy,e8yg,b3yr,a1rr,d1rb r 0 0"

func TestGreedyTakesAFreePawn(t *testing.T) {
	p := parse(t, freeCapture)
	e := New(1)
	for seed := uint64(1); seed <= 20; seed++ {
		e.SetLevel(kit.Level{Kind: kit.GreedyMover}, seed)
		res := e.Search(context.Background(), p, nil, Limits{}, nil)
		assert.Equal(t, "a1b3", res.BestMove.String(), "seed %d", seed)
	}
}

func TestRandomLevelPlaysLegalMovesThatVary(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	e := New(1)
	seen := map[chameleon.Move]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		e.SetLevel(kit.Level{Kind: kit.RandomMover}, seed)
		m := e.Search(context.Background(), p, nil, Limits{}, nil).BestMove
		require.True(t, legal(p, m), "random level played %s", m)
		seen[m] = true
	}
	assert.Greater(t, len(seen), 5, "40 random choices among 13 moves")
}

func TestFullSearchTakesTheFreePawn(t *testing.T) {
	res := New(1).Search(context.Background(), parse(t, freeCapture), nil, Limits{Depth: 4}, nil)
	assert.Equal(t, "a1b3", res.BestMove.String())
}

// TestSearchEliminatesAtOnce: capturing yellow's last pawn wins the
// two-player game; the search says so with a win score one ply away.
func TestSearchEliminatesAtOnce(t *testing.T) {
	p := parse(t, "a1d3 b3yr,a1rr,d1rb r 0 0")
	res := New(1).Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	assert.Equal(t, "a1b3", res.BestMove.String())
	assert.Equal(t, WinScore-1, res.Score)
}

// forcedWin is an independent plain minimax: can root make every other
// player drop out within plies plies, whatever they play?
func forcedWin(p *chameleon.Position, root chameleon.Color, plies int) bool {
	if !p.Has(root) {
		return false
	}
	if p.Players() == 1 {
		return true
	}
	if plies == 0 || p.QuietPlies() >= chameleon.QuietLimit {
		return false
	}
	var buf [chameleon.MaxMoves]chameleon.Move
	moves := p.GenMoves(buf[:0])
	if len(moves) == 0 {
		if p.AllStuck() {
			return false
		}
		moves = append(moves, chameleon.PassMove)
	}
	rootMoves := p.ToMove() == root
	for _, m := range moves {
		child := *p
		child.Make(m)
		if forcedWin(&child, root, plies-1) == rootMoves {
			return rootMoves
		}
	}
	return !rootMoves
}

// endgames plays random games from the start of the given colours until at
// most pawns pawns are left, and returns the positions reached.
func endgames(t *testing.T, players uint8, pawns, count int, seed uint64) []*chameleon.Position {
	rng := rand.New(rand.NewPCG(seed, 99))
	var out []*chameleon.Position
	for len(out) < count {
		p, err := chameleon.StartPosition(players)
		require.NoError(t, err)
		for !p.Over() && p.Occupied().Count() > pawns {
			var buf [chameleon.MaxMoves]chameleon.Move
			moves := p.GenMoves(buf[:0])
			m := chameleon.PassMove
			if len(moves) > 0 {
				m = moves[rng.IntN(len(moves))]
			}
			p.Make(m)
		}
		if !p.Over() && p.QuietPlies() < 50 {
			q := *p
			out = append(out, &q)
		}
	}
	return out
}

// TestSearchFindsForcedWins compares the search with the plain minimax on
// random endgames: where the minimax finds a forced win within three
// plies, the search must announce a win and play a winning move; where the
// search announces a win, it must be real (confirmed five plies deep).
func TestSearchFindsForcedWins(t *testing.T) {
	e := New(4)
	wins := 0
	for _, players := range []uint8{0b0101, 0b1011} { // red+yellow, red+green+blue
		for _, p := range endgames(t, players, 4, 150, uint64(players)) {
			root := p.ToMove()
			res := e.Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
			if forcedWin(p, root, 3) {
				wins++
				require.GreaterOrEqual(t, res.Score, WinBound, "%s: a win in 3 plies is missed", p)
				child := *p
				child.Make(res.BestMove)
				assert.True(t, forcedWin(&child, root, 2), "%s: %s does not keep the forced win", p, res.BestMove)
			}
			if res.Score >= WinBound {
				assert.True(t, forcedWin(p, root, 5), "%s: announced win %d is not forced", p, res.Score)
			}
		}
	}
	assert.Greater(t, wins, 20, "the sample must contain forced wins")
}

// TestDepthLimitReachesEveryDepth: "go depth N" reports iterations 1 to N
// and plays the first move of the deepest one.
func TestDepthLimitReachesEveryDepth(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	var infos []Info
	res := New(4).Search(context.Background(), p, nil, Limits{Depth: 5}, func(i Info) { infos = append(infos, i) })
	require.Len(t, infos, 5)
	for i, info := range infos {
		assert.Equal(t, i+1, info.Depth)
		assert.NotEmpty(t, info.PV)
	}
	assert.Equal(t, 5, res.Depth)
	assert.Equal(t, infos[4].PV[0], res.BestMove)
	assert.Equal(t, infos[4].Score, res.Score)
}

// TestNodeLimitIsExact: a node budget is never exceeded, and the move
// played is the best of the deepest finished iteration.
func TestNodeLimitIsExact(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	for _, opts := range []Options{{Algorithm: ParanoidModel}, {Algorithm: ParanoidModel, Sensible: 0b1111}} {
		algo := opts // for the messages
		for _, limit := range []uint64{1, 500, 20000} {
			var last *Info
			e := New(4)
			e.SetOptions(opts)
			res := e.Search(context.Background(), p, nil, Limits{Nodes: limit}, func(i Info) { last = &i })
			assert.LessOrEqual(t, res.Nodes, limit, "%v", algo)
			require.True(t, legal(p, res.BestMove), "%v limit %d: %s", algo, limit, res.BestMove)
			if last != nil {
				assert.Equal(t, last.PV[0], res.BestMove, "%v limit %d", algo, limit)
				assert.Equal(t, last.Depth, res.Depth, "%v limit %d", algo, limit)
			}
		}
	}
}

// TestStoppedSearchReturnsAMove: a cancelled search answers with a legal
// move instead of searching on to its depth.
func TestStoppedSearchReturnsAMove(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(4).Search(ctx, p, nil, Limits{Depth: MaxPly}, nil)
	assert.True(t, legal(p, res.BestMove))
	assert.Less(t, res.Depth, MaxPly-1)
}

func TestTimePlan(t *testing.T) {
	const overhead = 30 * time.Millisecond
	clock := func(c chameleon.Color, left, inc time.Duration) *Limits {
		lim := &Limits{Clock: true}
		lim.Time[c], lim.Inc[c] = left, inc
		return lim
	}
	tm := timePlan(clock(chameleon.Yellow, 60*time.Second, 0), chameleon.Yellow, overhead, time.Now())
	assert.True(t, tm.Enabled)
	assert.Greater(t, tm.Soft, time.Duration(0))
	assert.Less(t, tm.Soft, tm.Hard)
	assert.LessOrEqual(t, tm.Hard, 30*time.Second, "never more than half the clock")
	// Less time left, less time spent; the increment is spent too.
	tm2 := timePlan(clock(chameleon.Yellow, 6*time.Second, 0), chameleon.Yellow, overhead, time.Now())
	assert.Less(t, tm2.Soft, tm.Soft)
	assert.Less(t, tm2.Hard, tm.Hard)
	tm3 := timePlan(clock(chameleon.Yellow, 6*time.Second, time.Second), chameleon.Yellow, overhead, time.Now())
	assert.Greater(t, tm3.Soft, tm2.Soft)
	// Only the mover's clock counts: blue's is empty.
	tm4 := timePlan(clock(chameleon.Yellow, 60*time.Second, 0), chameleon.Blue, overhead, time.Now())
	assert.Equal(t, time.Millisecond, tm4.Hard)
	// movetime is used in full, minus the overhead.
	tm = timePlan(&Limits{MoveTime: time.Second}, chameleon.Red, 50*time.Millisecond, time.Now())
	assert.Equal(t, 950*time.Millisecond, tm.Hard)
	assert.Equal(t, tm.Hard, tm.Soft)
	tm = timePlan(&Limits{Depth: 3}, chameleon.Red, overhead, time.Now())
	assert.False(t, tm.Enabled)
}

// Short of time with a small increment the search answers at once and the
// increment rebuilds a reserve against lag, as in every game.
func TestTimePlanKeepsTheClockReserve(t *testing.T) {
	kittest.KeepsClockReserve(t, func(left, inc time.Duration) time.Duration {
		lim := &Limits{Clock: true}
		lim.Time[chameleon.Green], lim.Inc[chameleon.Green] = left, inc
		return timePlan(lim, chameleon.Green, 30*time.Millisecond, time.Now()).Hard
	})
}

// TestPassAndGameOver: a stuck mover passes; a finished game has no move.
func TestPassAndGameOver(t *testing.T) {
	// Red's knight on the centre f4 of e3-g5 cannot move; green can.
	e := New(1)
	res := e.Search(context.Background(), parse(t, "e3g5 e5gb,f4rb r 0 0"), nil, Limits{Depth: 3}, nil)
	assert.Equal(t, chameleon.PassMove, res.BestMove)
	res = e.Search(context.Background(), parse(t, "e3g5 f4gb g 0 1"), nil, Limits{Depth: 3}, nil)
	assert.Equal(t, chameleon.NoMove, res.BestMove)
}

// TestAlgorithmsAgreeWithTwoPlayers: with one opponent the model is off
// (paranoid search is then minimax), so the model judging every player
// sensible searches as paranoid search does.
func TestAlgorithmsAgreeWithTwoPlayers(t *testing.T) {
	para, model := New(4), New(4)
	para.SetOptions(Options{Algorithm: Paranoid})
	model.SetOptions(Options{Algorithm: ParanoidModel, Sensible: 0b1111})
	for _, p := range endgames(t, 0b0101, 6, 20, 5) {
		a := para.Search(context.Background(), p, nil, Limits{Depth: 4}, nil)
		b := model.Search(context.Background(), p, nil, Limits{Depth: 4}, nil)
		assert.Equal(t, a, b, "%s", p)
	}
}

// TestEveryAlgorithmPlaysLegalMoves with four players.
func TestEveryAlgorithmPlaysLegalMoves(t *testing.T) {
	for _, algo := range []Algorithm{ParanoidModel, Paranoid} {
		e := New(4)
		e.SetOptions(Options{Algorithm: algo, Sensible: 0b1111})
		for _, p := range endgames(t, 0b1111, 10, 10, 8) {
			res := e.Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
			assert.True(t, legal(p, res.BestMove) || res.BestMove == chameleon.PassMove, "%v %s: %s", algo, p, res.BestMove)
		}
	}
}

// TestWeakLevelsAreLimited: a search level's depth caps the request, and
// its noisy choice stays among the legal moves.
func TestWeakLevelsAreLimited(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	e := New(4)
	for i, l := range kit.PlayingLevels {
		if l.Kind != kit.WeakSearch || l.Depth == 0 {
			continue
		}
		e.SetLevel(l.Level, uint64(i))
		res := e.Search(context.Background(), p, nil, Limits{Depth: 20}, nil)
		assert.LessOrEqual(t, res.Depth, l.Depth, "level %d", i)
		assert.True(t, legal(p, res.BestMove), "level %d: %s", i, res.BestMove)
	}
}

// TestSearchDoesNotAllocatePerNode: allocations per search are a handful
// (reports, the principal variation), whatever the number of nodes.
func TestSearchDoesNotAllocatePerNode(t *testing.T) {
	p, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	for _, opts := range []Options{{Algorithm: Paranoid}, {Algorithm: ParanoidModel, Sensible: 0b1111}} {
		e := New(4)
		e.SetOptions(opts)
		var nodes uint64
		allocs := testing.AllocsPerRun(3, func() {
			nodes = e.Search(context.Background(), p, nil, Limits{Depth: 6}, nil).Nodes
		})
		assert.Greater(t, nodes, uint64(10000), "%v", opts.Algorithm)
		assert.Less(t, allocs, 40.0, "%v", opts.Algorithm)
	}
}
