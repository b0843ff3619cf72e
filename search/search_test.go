package search

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit/kittest"
	"tempest/movegen"
	"tempest/nnue"
)

// epdCase is one line of an EPD test file.
type epdCase struct {
	fen  string
	ops  map[string]string
	line int
}

func readEPD(t testing.TB, path string) []epdCase {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var cases []epdCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		require.GreaterOrEqual(t, len(fields), 4, line)
		c := epdCase{fen: strings.Join(fields[:4], " "), ops: map[string]string{}, line: n}
		for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
			op = strings.TrimSpace(op)
			if k, v, ok := strings.Cut(op, " "); ok {
				c.ops[k] = strings.Trim(v, `"`)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

var mateAll = flag.Bool("mate.all", false, "search every position of the mate suites (slow)")

// TestMateSuites: the search finds forced mates with the exact distance,
// "score mate N", within a node budget ("go mate N nodes 5000000"). Every
// sampled mate in 1 to 3 must be found; the deeper files are samples in
// which a few problem-like mates (usually zugzwang, which null-move pruning
// hides) may be missed, so 90% must be found. -mate.all runs every position.
func TestMateSuites(t *testing.T) {
	for _, suite := range []struct {
		n, step int
		minRate float64
	}{{1, 1, 1}, {2, 2, 1}, {3, 8, 1}, {4, 20, 0.9}, {5, 20, 0.9}, {6, 20, 0.9}} {
		n := suite.n
		t.Run(fmt.Sprintf("mate_in_%d", n), func(t *testing.T) {
			cases := readEPD(t, fmt.Sprintf("../testdata/mate/mate_in_%d.epd", n))
			step := suite.step
			if *mateAll {
				step = 1
			} else if testing.Short() {
				if suite.minRate < 1 {
					// A quarter of the sample is too few positions for a 90% rate
					// to mean anything; the full run checks these.
					t.Skip("deep mate samples run without -short")
				}
				step *= 4
			}
			e := New(16)
			solved, tried := 0, 0
			var missed []string
			for i := 0; i < len(cases); i += step {
				c := cases[i]
				pos, err := movegen.ParseFEN(c.fen)
				require.NoError(t, err)
				var best []movegen.Move
				for _, san := range strings.Fields(c.ops["bm"]) {
					m, err := pos.ParseSAN(san)
					require.NoError(t, err, c.fen)
					best = append(best, m)
				}
				e.NewGame()
				res := e.Search(context.Background(), pos, Limits{Mate: n, Nodes: 5_000_000}, nil)
				tried++
				// For n > 1 another first move may mate as fast; the score proves it.
				if MateInMoves(res.Score) == n && (slices.Contains(best, res.BestMove) || n > 1) {
					solved++
					continue
				}
				missed = append(missed, fmt.Sprintf("line %d %s: got %v score %d, want %s mate %d",
					c.line, c.fen, res.BestMove, res.Score, c.ops["bm"], n))
			}
			t.Logf("%d/%d solved", solved, tried)
			for _, m := range missed {
				t.Log("missed " + m)
			}
			if rate := float64(solved) / float64(tried); rate < suite.minRate {
				t.Errorf("solved %d/%d (%.0f%%), want at least %.0f%%", solved, tried, 100*rate, 100*suite.minRate)
			}
		})
	}
}

func TestCheckmatedAndStalemated(t *testing.T) {
	e := New(1)
	mated, _ := movegen.ParseFEN("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	res := e.Search(context.Background(), mated, Limits{Depth: 5}, nil)
	assert.Equal(t, movegen.NullMove, res.BestMove)
	assert.Equal(t, -MateScore, res.Score)
	stale, _ := movegen.ParseFEN("7k/5Q2/8/8/8/8/8/4K3 b - - 0 1")
	res = e.Search(context.Background(), stale, Limits{Depth: 5}, nil)
	assert.Equal(t, movegen.NullMove, res.BestMove)
	assert.Equal(t, DrawScore, res.Score)
}

// A draw is worth -Contempt to the side searched for, whichever colour
// it plays: here the only legal move takes the last rook, leaving bare kings.
func TestContemptValuesDraws(t *testing.T) {
	for _, fen := range []string{"8/8/8/8/8/8/r7/K1k5 w - - 0 1", "8/8/8/8/8/8/R7/k1K5 b - - 0 1"} {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		for _, contempt := range []int{0, 50, -30} {
			e := New(1)
			e.SetOptions(Options{Threads: 1, MultiPV: 1, Contempt: contempt})
			res := e.Search(context.Background(), pos, Limits{Depth: 4}, nil)
			assert.InDelta(t, -contempt, res.Score, 1, "%s contempt %d", fen, contempt)
		}
	}
}

// TestDeterministic: one thread, fixed depth, fresh state: identical nodes and move.
func TestDeterministic(t *testing.T) {
	pos, _ := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var results []Result
	for i := 0; i < 2; i++ {
		e := New(16)
		results = append(results, e.Search(context.Background(), pos, Limits{Depth: 9}, nil))
	}
	assert.Equal(t, results[0], results[1])
}

func TestMateScoreHelpers(t *testing.T) {
	assert.Equal(t, 1, MateInMoves(MateScore-1))
	assert.Equal(t, 2, MateInMoves(MateScore-3))
	assert.Equal(t, -1, MateInMoves(-MateScore+2))
	assert.True(t, IsMate(MateScore-50))
	assert.False(t, IsMate(900))
}

// TestThreads: Lazy SMP with several threads returns a legal move, stops on
// Stop, and agrees with one thread on a forced mate (run with -race in CI).
func TestThreads(t *testing.T) {
	pos, _ := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	for _, threads := range []int{2, 4} {
		e := New(8)
		e.SetOptions(Options{Threads: threads, MultiPV: 1})
		res := e.Search(context.Background(), pos, Limits{Depth: 8}, nil)
		assert.True(t, pos.IsLegal(res.BestMove), "%d threads: %v", threads, res.BestMove)
		assert.Positive(t, res.Nodes)

		// Cancelled before the search even starts: it must still end.
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan Result)
		go func() { done <- e.Search(ctx, pos, Limits{Infinite: true}, nil) }()
		cancel()
		assert.True(t, pos.IsLegal((<-done).BestMove))

		mate, _ := movegen.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
		res = e.Search(context.Background(), mate, Limits{Depth: 6}, nil)
		assert.Equal(t, 1, MateInMoves(res.Score))
	}
}

func TestSearchDoesNotAllocatePerNode(t *testing.T) {
	pos, _ := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	e := New(8)
	kittest.SearchAllocatesLittle(t, func() uint64 {
		e.NewGame()
		return e.Search(context.Background(), pos, Limits{Depth: 9}, nil).Nodes
	})
}

func TestQuietLeaf(t *testing.T) {
	r := NewResolver()
	// White's queen hangs to a pawn: the quiet leaf is after the capture.
	pos, _ := movegen.ParseFEN("4k3/8/8/3p4/4Q3/8/8/4K3 b - - 0 1")
	leaf, score := r.QuietLeaf(pos)
	assert.Equal(t, movegen.BlackPawn, leaf.Piece(movegen.E4), "leaf %s", leaf.FEN())
	assert.Greater(t, score, 50, "Black is a pawn up after winning the queen")
	// A quiet position is its own leaf.
	start := movegen.NewStartPosition()
	leaf, _ = r.QuietLeaf(start)
	assert.Equal(t, start.FEN(), leaf.FEN())
}

// TestMatesABareKingAtShallowDepth: with a rook or a queen against a bare
// king, even a 4-ply search mates within the fifty-move rule, against a
// 4-ply defence. The mate is beyond its horizon, so only the evaluation's
// mate drive shows it the way.
func TestMatesABareKingAtShallowDepth(t *testing.T) {
	for _, fen := range []string{
		"8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
		"8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
		"r3k3/8/8/8/3K4/8/8/8 b - - 0 1",
	} {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		attacker := pos.SideToMove()
		engines := [2]*Engine{New(1), New(1)}
		buf := make([]Move, 256)
		plies := 0
		for ; plies < 100 && len(pos.GenLegal(buf)) > 0; plies++ {
			res := engines[pos.SideToMove()].Search(context.Background(), pos, Limits{Depth: 4}, nil)
			require.NotEqual(t, movegen.NullMove, res.BestMove)
			var u movegen.Undo
			pos.Make(res.BestMove, &u)
		}
		assert.True(t, pos.InCheck() && len(pos.GenLegal(buf)) == 0 && pos.SideToMove() != attacker,
			"%s: no mate after %d plies, at %s", fen, plies, pos.FEN())
	}
}

// A worker used outside Search, as the tuner's Resolver uses one, polls
// the limits every 1024 nodes too; before any search the engine had no
// context to poll and the poll crashed (make test's tune build found it).
func TestLimitsPolledOutsideASearch(t *testing.T) {
	e := New(1)
	assert.NotPanics(t, func() { e.checkLimits() })
	pos, err := movegen.ParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	require.NoError(t, err)
	r := NewResolver()
	for i := 0; i < 3; i++ {
		assert.NotPanics(t, func() { r.QuietLeaf(pos) })
	}
}

// randomNet is a net of random weights in a trained net's ranges: enough
// to exercise the search's accumulators (the debug build checks each one
// against a refresh).
func randomNet(seed uint64) *nnue.Network {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := new(nnue.Network)
	for i := range n.FeatureWeights {
		n.FeatureWeights[i] = int16(rng.IntN(129) - 64)
	}
	for i := range n.FeatureBias {
		n.FeatureBias[i] = int16(rng.IntN(129))
	}
	for b := range n.OutputWeights {
		for i := range n.OutputWeights[b] {
			n.OutputWeights[b][i] = int16(rng.IntN(2*nnue.MaxOutputWeight+1) - nnue.MaxOutputWeight)
		}
	}
	return n
}

// With a net the search plays legal moves, repeats itself, evaluates the
// root as the net does, and allocates no more than without one.
func TestSearchWithANet(t *testing.T) {
	e := New(16)
	e.SetNet(randomNet(3))
	for _, fen := range []string{movegen.StartFEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"} {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		e.NewGame()
		a := e.Search(context.Background(), pos, Limits{Depth: 7}, nil)
		e.NewGame()
		b := e.Search(context.Background(), pos, Limits{Depth: 7}, nil)
		assert.True(t, pos.IsLegal(a.BestMove), fen)
		assert.Equal(t, a, b, "the same search twice: %s", fen)
	}
	pos := movegen.NewStartPosition()
	var acc nnue.Accumulator
	e.net.Refresh(&acc, pos)
	w := e.workers[0]
	w.prepare(pos, nil, time.Now())
	assert.Equal(t, e.net.Evaluate(&acc, movegen.White, 32), w.evaluate(0))

	allocs := testing.AllocsPerRun(3, func() {
		e.NewGame()
		e.Search(context.Background(), pos, Limits{Depth: 9}, nil)
	})
	assert.Less(t, allocs, 100.0, "allocations per search with a net")
}

// BenchmarkEvaluations compares the search's speed with the hand-crafted
// evaluation and with a net (random weights: the speed does not depend on
// them), 100,000 nodes on each bench position; nps is the metric
// (docs/BENCHMARKS.md).
func BenchmarkEvaluations(b *testing.B) {
	for _, name := range []string{"hce", "net"} {
		b.Run(name, func(b *testing.B) {
			e := New(16)
			if name == "net" {
				e.SetNet(randomNet(5))
			}
			var nodes uint64
			for b.Loop() {
				for _, fen := range benchPositions {
					pos, _ := movegen.ParseFEN(fen)
					e.NewGame()
					nodes += e.Search(context.Background(), pos, Limits{Nodes: 100000}, nil).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nps")
		})
	}
}

// What match runners check of every search (Cute Chess's and fastchess's
// warnings): the last first line reported starts with the bestmove, also
// when a node limit stops the search after a new best move failed high and
// before its line was complete; and no reported line plays on after a
// position drawn by the fifty-move rule.
func TestReportedLinesAgreeWithTheBestMove(t *testing.T) {
	fens := append(slices.Clone(benchPositions[:12]),
		// Halfmove clocks near 100: lines soon cross the fifty-move draw.
		"8/8/4k3/8/2R5/8/4K3/6r1 w - - 96 120",
		"8/5pk1/6p1/8/2Q5/6P1/5PK1/3q4 b - - 97 80",
		"4k3/8/8/3n4/8/8/3NB3/4K3 w - - 98 90")
	e := New(16)
	checked := 0
	for _, fen := range fens {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err, fen)
		for _, nodes := range []uint64{3000, 17000, 90000, 250000} {
			e.NewGame()
			var last []Move
			res := e.Search(context.Background(), pos, Limits{Nodes: nodes}, func(in Info) {
				if in.MultiPV != 1 || len(in.PV) == 0 {
					return
				}
				last = in.PV
				p := *pos
				for i, m := range in.PV {
					require.True(t, p.IsLegal(m), "%s: PV move %d %s is illegal", fen, i, m)
					require.False(t, p.IsFiftyMoveDraw(), "%s: the PV %v plays on after the fifty-move draw (move %d)", fen, in.PV, i)
					var u movegen.Undo
					p.Make(m, &u)
				}
			})
			require.NotEmpty(t, last, fen)
			assert.Equal(t, res.BestMove, last[0], "%s at %d nodes: the last PV %v, bestmove %s", fen, nodes, last, res.BestMove)
			checked++
		}
	}
	assert.Equal(t, len(fens)*4, checked)
}
