package stsearch

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/kit/kittest"
	"tempest/variants/stratego"
)

func parse(t testing.TB, s string) *stratego.Position {
	t.Helper()
	p, err := stratego.ParsePosition(s)
	require.NoError(t, err, s)
	return p
}

// midgame plays random moves from random setups to a position with some
// battles behind it.
func midgame(t testing.TB, seed uint64, plies int) *stratego.Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	g := stratego.NewGame(stratego.NewStart(stratego.RandomSetup(rng), stratego.RandomSetup(rng), stratego.Volcandria))
	for i := 0; i < plies && !g.Status().Over; i++ {
		legal := g.Legal()
		_, err := g.Play(legal[rng.IntN(len(legal))])
		require.NoError(t, err)
	}
	return g
}

// TestFairness: positions that differ only in the identities of the
// enemy's hidden pieces give the same decision at a fixed seed and budget,
// at every tier, because the engine decides from the mover's view only.
// The hidden identities are reshuffled among the enemy's unrevealed pieces
// of the same movement class (unmoved / moved), which keeps everything the
// mover has seen. Full strength is also tried with the belief and the
// expectation leaf (Options).
func TestFairness(t *testing.T) {
	levels := []kit.Level{{Kind: kit.FullStrength}, {Kind: kit.WeakSearch, Depth: 4, Noise: 60, Lines: 5},
		{Kind: kit.GreedyMover}, {Kind: kit.RandomMover}}
	for seed := uint64(1); seed <= 6; seed++ {
		g := midgame(t, seed, 60)
		require.False(t, g.Status().Over)
		pos := g.Pos()
		mover := pos.SideToMove()
		other := reshuffleHidden(t, pos, mover.Other(), rand.New(rand.NewPCG(seed, 9)))
		require.NotEqual(t, pos.Key(), other.Key(), "the hidden identities differ")
		a, b := pos.View(mover), other.View(mover)
		require.Equal(t, a.String(), b.String(), "the mover's view is the same")
		for _, lvl := range levels {
			var moves [2]stratego.Move
			for trial, p := range []*stratego.Position{pos, &other} {
				e := New()
				e.SetLevel(lvl, seed)
				moves[trial] = e.Search(context.Background(), p, g.PublicHistory(), Limits{Nodes: 20000}, nil).BestMove
			}
			assert.NotEqual(t, stratego.NullMove, moves[0])
			assert.Equal(t, moves[0], moves[1], "seed %d, level %+v: the decision does not depend on hidden identities", seed, lvl)
		}
		for _, opts := range []Options{{Belief: true, Start: g.Begin(), Seen: g.Observations()}} {
			var moves [2]stratego.Move
			for trial, p := range []*stratego.Position{pos, &other} {
				e := New()
				e.SetOptions(opts)
				moves[trial] = e.Search(context.Background(), p, g.PublicHistory(), Limits{Nodes: 20000}, nil).BestMove
			}
			assert.Equal(t, moves[0], moves[1], "seed %d, belief %v: the decision does not depend on hidden identities",
				seed, opts.Belief)
		}
	}
}

// reshuffleHidden permutes the kinds of side's unrevealed pieces within
// the unmoved and the moved (not ran) groups.
func reshuffleHidden(t *testing.T, p *stratego.Position, side stratego.Side, rng *rand.Rand) stratego.Position {
	var squares [2][]stratego.Square
	for sq := stratego.Square(0); sq < 80; sq++ {
		pc := p.At(sq)
		if pc != stratego.NoPiece && pc.Side() == side && !pc.Revealed() && !pc.Ran() {
			g := 0
			if pc.Moved() {
				g = 1
			}
			squares[g] = append(squares[g], sq)
		}
	}
	kinds := map[stratego.Square]stratego.Kind{}
	for _, group := range squares {
		perm := rng.Perm(len(group))
		for i, sq := range group {
			kinds[sq] = p.At(group[perm[i]]).Kind()
		}
	}
	out, err := stratego.ParsePosition(withKinds(p, kinds))
	require.NoError(t, err)
	return *out
}

// withKinds writes p with some squares' kinds replaced (marks kept).
func withKinds(p *stratego.Position, kinds map[stratego.Square]stratego.Kind) string {
	var b []byte
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 10; f++ {
			sq := stratego.MakeSquare(f, r)
			pc := p.At(sq)
			if pc == stratego.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, []byte(itoa(empty))...)
				empty = 0
			}
			k := pc.Kind()
			if nk, ok := kinds[sq]; ok {
				k = nk
			}
			b = append(b, k.Letter(pc.Side()))
			if pc.Revealed() {
				b = append(b, '!')
			}
			if pc.Moved() {
				b = append(b, '\'')
			}
		}
		if empty > 0 {
			b = append(b, []byte(itoa(empty))...)
		}
		if r > 0 {
			b = append(b, '/')
		}
	}
	full := p.String()
	for i := range full {
		if full[i] == ' ' {
			return string(b) + full[i:]
		}
	}
	return string(b)
}

func itoa(n int) string {
	if n == 10 {
		return "10"
	}
	return string(rune('0' + n))
}

// TestDeterministic: the same input and node budget give the same move,
// score and node count.
func TestDeterministic(t *testing.T) {
	g := midgame(t, 21, 40)
	var first Result
	for i := 0; i < 2; i++ {
		res := New().Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 15000}, nil)
		if i == 0 {
			first = res
			continue
		}
		assert.Equal(t, first, res)
	}
}

// TestTakesTheFlag: a Flag capture the mover can be sure of is taken. The
// Flag on j8 is not revealed, but every other Everwinter piece is accounted
// for (one revealed Elf, the rest defeated), so every world has it there.
// With another unknown piece left (a Trap), the Flag could be either: the
// engine still sends its Scout at a Flag candidate, as even odds of the
// game outweigh the Scout (which is not its last movable piece).
func TestTakesTheFlag(t *testing.T) {
	p := parse(t, "e!'8f/10/10/10/10/10/9C/FT8 v 00 -,- E:xccccwwwwweyyssrrrkkmdtttttt 0 0")
	res := New().Search(context.Background(), p, nil, Limits{Depth: 2}, nil)
	assert.Equal(t, "j2j8", res.BestMove.String())
	assert.GreaterOrEqual(t, res.Score, WinClip)
	p = parse(t, "e!'7tf/10/10/10/10/10/9C/FT2W5 v 00 -,- E:xccccwwwwweyyssrrrkkmdttttt 0 0")
	res = New().Search(context.Background(), p, nil, Limits{Depth: 2}, nil)
	assert.Equal(t, "j2j8", res.BestMove.String())
}

// TestAvoidsKnownStronger: a Volcandria Elf next to a revealed Everwinter
// Dragon steps away rather than attack it or wait.
func TestAvoidsKnownStronger(t *testing.T) {
	p := parse(t, "9f/10/4d!'5/4E5/10/10/9W/F9 v 00 -,- E:x 1 1")
	res := New().Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	assert.Contains(t, []string{"e5f5", "e5e4"}, res.BestMove.String())
	// And a Dragon attacks the revealed Elf next to it.
	p = parse(t, "9f/10/4e!'5/4D5/10/10/9W/F9 v 00 -,- E:x 1 1")
	res = New().Search(context.Background(), p, nil, Limits{Depth: 3}, nil)
	assert.Equal(t, "e5e6", res.BestMove.String())
}

// TestStopAndTime: a cancelled context stops an infinite search, and a
// move time stops the deepening long before the depth limit would. (The
// waits are liveness bounds, not speed measurements.)
func TestStopAndTime(t *testing.T) {
	g := midgame(t, 5, 30)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() { done <- New().Search(ctx, g.Pos(), g.PublicHistory(), Limits{Infinite: true}, nil) }()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case res := <-done:
		assert.NotEqual(t, stratego.NullMove, res.BestMove)
	case <-time.After(10 * time.Second):
		t.Fatal("the search did not stop")
	}
	var infos []Info
	e := New()
	e.MoveOverhead = 0
	res := e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{MoveTime: 150 * time.Millisecond}, func(i Info) { infos = append(infos, i) })
	assert.Less(t, res.Depth, maxPly-1, "the move time ended the search")
	assert.NotEmpty(t, infos)
	assert.Equal(t, res.BestMove, infos[len(infos)-1].PV[0])
	for i := 1; i < len(infos); i++ {
		assert.Equal(t, infos[i-1].Depth+1, infos[i].Depth, "one report per completed depth")
	}
}

// A node limit below the first depth's cost still gets the first depth
// whole, since a decision needs one, and stops the search at the first
// check of the limit after it (every 1024 nodes).
func TestFirstDepthIgnoresTheBudget(t *testing.T) {
	g := midgame(t, 5, 30)
	first := New().Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Depth: 1}, nil)
	res := New().Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 1}, nil)
	assert.GreaterOrEqual(t, res.Depth, 1)
	assert.GreaterOrEqual(t, res.Nodes, first.Nodes, "the first depth whole")
	assert.LessOrEqual(t, res.Nodes, (first.Nodes/1024+1)*1024, "stopped at the first check after it")
}

// TestNodeLoopDoesNotAllocate: searching allocates per decision (worlds,
// score tables), never per node: a ten times larger budget allocates the
// same. The belief (Options) allocates nothing more per decision either,
// and it does change the search.
func TestNodeLoopDoesNotAllocate(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector's allocations vary from run to run")
	}
	g := midgame(t, 8, 40)
	e := New()
	allocs := func(nodes uint64) float64 {
		return testing.AllocsPerRun(3, func() {
			e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: nodes, Depth: 60}, nil)
		})
	}
	small, large := allocs(5000), allocs(50000)
	assert.Equal(t, small, large, "allocations grow with the nodes searched")
	uniform := e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 20000}, nil)
	e.SetOptions(Options{Belief: true, Start: g.Begin(), Seen: g.Observations()})
	withBelief := e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 20000}, nil)
	assert.NotEqual(t, uniform, withBelief, "the belief deals other worlds")
	beliefSmall, beliefLarge := allocs(5000), allocs(50000)
	assert.Equal(t, beliefSmall, beliefLarge, "with the belief, allocations grow with the nodes searched")
	assert.Equal(t, small, beliefSmall, "the belief allocates per decision")
}

// TestControlVariates: a root move that attacks an unknown piece is
// corrected by the mean of the battle's gain over identityOdds (a Flag
// counting WinClip), computed here by hand; no other move is corrected.
func TestControlVariates(t *testing.T) {
	attacks := 0
	for seed := uint64(5); seed < 10; seed++ {
		g := midgame(t, seed, 40)
		pos := g.Pos()
		view := pos.View(pos.SideToMove())
		rng := rand.New(rand.NewPCG(seed, 2))
		worlds := []stratego.Position{view.SampleWorld(rng), view.SampleWorld(rng)}
		root := view.GenMoves(nil)
		cv := controlVariates(&view, worlds, root, nil, nil)
		for i, m := range root {
			d := view.At(m.To())
			if d == stratego.NoPiece || d.Kind() != stratego.Unknown {
				assert.True(t, cv == nil || !cv.attack[i], "seed %d: %s attacks no unknown piece", seed, m)
				continue
			}
			require.NotNil(t, cv, "seed %d", seed)
			require.True(t, cv.attack[i], "seed %d: %s", seed, m)
			attacks++
			a := view.At(m.From()).Kind()
			sum, total := 0.0, 0.0
			for k, n := range identityOdds(&view, d) {
				sum += float64(n * rootGain(a, stratego.Kind(k)))
				total += float64(n)
			}
			assert.InDelta(t, sum/total, float64(cv.exact[i]), 1, "seed %d: %s", seed, m)
		}
	}
	assert.Positive(t, attacks)
}

func BenchmarkSearch(b *testing.B) {
	g := midgame(b, 3, 40)
	e := New()
	var nodes uint64
	for b.Loop() {
		nodes += e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 100000}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestRepetitionCostsTheRootSide: a draw by repetition is worth -contempt
// to the side deciding, whichever it is. Each side has one Dwarf shut in a
// two-square corridor, so after both went there and back the only move
// repeats a position.
func TestRepetitionCostsTheRootSide(t *testing.T) {
	g := stratego.NewGame(parse(t, "7ftw/8t1/9t/10/10/T9/1T8/WTF7 v 00 -,- - 0 0"))
	for _, m := range []string{"a1a2", "j8j7", "a2a1", "j7j8"} {
		_, err := g.Play(m)
		require.NoError(t, err)
	}
	for _, want := range []string{"a1a2", "j8j7"} {
		require.False(t, g.Status().Over)
		res := New().Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Depth: 4}, nil)
		assert.Equal(t, want, res.BestMove.String())
		assert.Equal(t, -contempt, res.Score, "%s to move", g.Pos().SideToMove())
		_, err := g.Play(want)
		require.NoError(t, err)
	}
}

// TestEmptyClockStillLimits: a clock at zero (or below the overhead) gives
// the smallest limits, never 0, which would mean no limit at all.
func TestEmptyClockStillLimits(t *testing.T) {
	e := New()
	for _, left := range []time.Duration{0, time.Millisecond, 20 * time.Millisecond} {
		lim := Limits{Clock: true}
		lim.Time[stratego.Volcandria] = left
		tm := e.plan(&lim, stratego.Volcandria, time.Now())
		assert.True(t, tm.Enabled, "clock %v", left)
		assert.Greater(t, tm.Soft, time.Duration(0), "clock %v", left)
		assert.Greater(t, tm.Hard, time.Duration(0), "clock %v", left)
		assert.LessOrEqual(t, tm.Hard, max(left/3, time.Millisecond), "clock %v", left)
	}
}

// Short of time with a small increment the search answers at once and the
// increment rebuilds a reserve against lag, as in every game.
func TestTimePlanKeepsTheClockReserve(t *testing.T) {
	e := New()
	kittest.KeepsClockReserve(t, func(left, inc time.Duration) time.Duration {
		lim := Limits{Clock: true}
		lim.Time[stratego.Everwinter], lim.Inc[stratego.Everwinter] = left, inc
		return e.plan(&lim, stratego.Everwinter, time.Now()).Hard
	})
}

// TestWeakLevelsIgnoreTheDefaults: the playing levels below full strength
// deal and search as they were calibrated, so with the engine's default
// switches (Defaults) each makes the decision it makes with none; full
// strength does change with them.
func TestWeakLevelsIgnoreTheDefaults(t *testing.T) {
	g := midgame(t, 4, 60)
	decide := func(lvl kit.Level, o Options) Result {
		e := New()
		e.SetLevel(lvl, 7)
		e.SetOptions(o)
		return e.Search(context.Background(), g.Pos(), g.PublicHistory(), Limits{Nodes: 20000}, nil)
	}
	weak := 0
	for i, l := range kit.PlayingLevels {
		if l.Kind == kit.FullStrength {
			continue
		}
		weak++
		assert.Equal(t, decide(l.Level, Options{}), decide(l.Level, Defaults(g.Begin(), g.Observations())), "level %d", i)
	}
	assert.Positive(t, weak)
	full := kit.Level{Kind: kit.FullStrength}
	assert.NotEqual(t, decide(full, Options{}), decide(full, Defaults(g.Begin(), g.Observations())))
}

// TestAverageExpectedAvoidsAGambleWhenAhead: a move that wins at once in
// two worlds of five and is +900 in the rest has the higher mean
// centipawns against a move worth +1000 in every world, but the lower mean
// expected result; behind, the result average takes a one-in-five chance
// of a win that the mean centipawns refuse.
func TestAverageExpectedAvoidsAGambleWhenAhead(t *testing.T) {
	win := int32(Win - 3)
	choose := func(safe int32, gamble []int32) (byCP, byResult int) {
		scores := make([][]int32, len(gamble))
		for wi, g := range gamble {
			scores[wi] = []int32{safe, g}
		}
		done := []int{1, 1, 1, 1, 1}
		ballot := kit.NewBallot[int](clipScore, nil)
		ballot.Add(0)
		ballot.Add(1)
		avg, means := make([]int, 2), make([]float64, 2)
		average(ballot, avg, scores, done, nil)
		averageExpected(means, scores, done, nil)
		return bestIndex(avg), bestIndex(means)
	}
	byCP, byResult := choose(1000, []int32{win, win, 900, 900, 900})
	assert.Equal(t, 1, byCP, "the mean centipawns take the gamble")
	assert.Equal(t, 0, byResult, "the mean expected result keeps the won position")
	byCP, byResult = choose(-1000, []int32{win, -1999, -1999, -1999, -1999})
	assert.Equal(t, 0, byCP)
	assert.Equal(t, 1, byResult, "behind, a chance is worth more than a smaller loss")
}

// TestFullStrengthAveragesExpectedResults: the default switches choose by
// the mean expected result (adopted by games, docs/STRENGTH-HISTORY.md).
func TestFullStrengthAveragesExpectedResults(t *testing.T) {
	assert.True(t, Defaults(nil, nil).ByResult)
}

// TestMeanExpectedOfAnAttack: the control variate on expected results is
// the identities' expected results weighted by their odds, by hand.
func TestMeanExpectedOfAnAttack(t *testing.T) {
	var odds [stratego.Unknown]int
	odds[stratego.Flag], odds[stratego.Trap], odds[stratego.Dwarf] = 1, 2, 2
	a := stratego.Dragon
	want := (kit.ExpectedScore(300+WinClip) + 2*kit.ExpectedScore(300+battleGain(a, stratego.Trap)) +
		2*kit.ExpectedScore(300+battleGain(a, stratego.Dwarf))) / 5
	assert.InDelta(t, want, meanExpected(300, a, &odds), 1e-12)
	assert.Less(t, battleGain(a, stratego.Trap), 0, "a Dragon loses to a Trap")
	var none [stratego.Unknown]int
	assert.InDelta(t, kit.ExpectedScore(300), meanExpected(300, a, &none), 1e-12)
}
