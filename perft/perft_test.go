package perft

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// The default run checks every published count up to maxNodes (and each
// position's smallest count even if larger), which takes well under a
// minute on 2 cores. The long mode checks everything:
//
//	go test ./perft -run TestSuites -perft.maxnodes=0 -timeout 0
var maxNodes = flag.Uint64("perft.maxnodes", 2_000_000, "skip published counts above this many nodes (0: check all)")

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func suiteFiles(t *testing.T) []string {
	files, err := filepath.Glob("../testdata/perft/*")
	require.NoError(t, err)
	var suites []string
	for _, f := range files {
		if strings.HasSuffix(f, ".epd") || strings.HasSuffix(f, ".perft") {
			suites = append(suites, f)
		}
	}
	require.Len(t, suites, 7, "the seven public perft suites")
	return suites
}

// selectCounts keeps the counts the run can afford: those up to limit, or
// the smallest one when all are larger, so that every position is checked.
func selectCounts(cases []Case, limit uint64) []Case {
	out := make([]Case, len(cases))
	for i, c := range cases {
		out[i] = Case{Source: c.Source, FEN: c.FEN}
		smallest := -1
		for j, e := range c.Counts {
			if limit == 0 || e.Nodes <= limit {
				out[i].Counts = append(out[i].Counts, e)
			}
			if smallest < 0 || e.Nodes < c.Counts[smallest].Nodes {
				smallest = j
			}
		}
		if len(out[i].Counts) == 0 && smallest >= 0 {
			out[i].Counts = append(out[i].Counts, c.Counts[smallest])
		}
	}
	return out
}

func TestSuites(t *testing.T) {
	limit := *maxNodes
	if debugBuild && limit > 20_000 {
		limit = 20_000 // every make/unmake is checked from scratch: much slower
	}
	for _, file := range suiteFiles(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			cases, err := ReadSuiteFile(file)
			require.NoError(t, err)
			require.NotEmpty(t, cases)
			positions := 0
			sum, err := RunSuite(context.Background(), selectCounts(cases, limit), SuiteLimits{}, Options{Threads: 1},
				func(r Result) {
					if !r.Pass() {
						t.Errorf("%s %q depth %d: got %d, want %d (err %v)", r.Case.Source, r.Case.FEN, r.Depth, r.Got, r.Want, r.Err)
					}
				})
			require.NoError(t, err)
			for _, c := range cases {
				if len(c.Counts) > 0 {
					positions++
				}
			}
			t.Logf("%d positions, %d counts checked, %d nodes", positions, sum.Checked, sum.Nodes)
			assert.GreaterOrEqual(t, sum.Checked, positions, "every position checked at least once")
			assert.Zero(t, sum.Failed)
		})
	}
}

func TestReadSuiteFormats(t *testing.T) {
	text := `# comment
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400
8/8/8/8/8/8/8/K6k w - - 0 1; D1 3; D2 9

id block-1
epd 4k3/8/8/8/8/8/8/4K2R w K -
perft 1 15
perft 2 66
`
	cases, err := ReadSuite(strings.NewReader(text), "inline")
	require.NoError(t, err)
	require.Len(t, cases, 3)
	assert.Equal(t, []Expected{{1, 20}, {2, 400}}, cases[0].Counts)
	assert.Equal(t, "8/8/8/8/8/8/8/K6k w - - 0 1", cases[1].FEN)
	assert.Equal(t, []Expected{{1, 3}, {2, 9}}, cases[1].Counts)
	assert.Equal(t, "block-1", cases[2].Source)
	assert.Equal(t, []Expected{{1, 15}, {2, 66}}, cases[2].Counts)

	for _, bad := range []string{
		"8/8/8/8/8/8/8/K6k w - - ;X1 3",
		"8/8/8/8/8/8/8/K6k w - - ;D1 three",
		"perft 1 20",
	} {
		_, err := ReadSuite(strings.NewReader(bad), "bad")
		assert.Error(t, err, bad)
	}
}

// TestSuiteReportsFailure makes sure a wrong published count is reported.
func TestSuiteReportsFailure(t *testing.T) {
	cases := []Case{{Source: "x", FEN: movegen.StartFEN, Counts: []Expected{{2, 401}}}}
	sum, err := RunSuite(context.Background(), cases, SuiteLimits{}, Options{}, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, sum.Failed)
	cases[0].FEN = "not a fen"
	sum, _ = RunSuite(context.Background(), cases, SuiteLimits{}, Options{}, nil)
	assert.Equal(t, 1, sum.Failed)
}

// TestOptionsGiveSameCounts checks that the hash table and the threads only
// change speed: divides agree move by move with the plain count.
func TestOptionsGiveSameCounts(t *testing.T) {
	pos, err := movegen.ParseFEN(kiwipete)
	require.NoError(t, err)
	plain, err := Divide(context.Background(), pos, 4, Options{})
	require.NoError(t, err)
	assert.Equal(t, uint64(4085603), Total(plain))
	for _, opt := range []Options{{Threads: 2}, {HashMB: 4}, {Threads: 2, HashMB: 4}, {Threads: 4, HashMB: 1}} {
		t.Run(fmt.Sprintf("%+v", opt), func(t *testing.T) {
			got, err := Divide(context.Background(), pos, 4, opt)
			require.NoError(t, err)
			assert.Equal(t, plain, got)
		})
	}
	assert.Equal(t, kiwipete, pos.FEN(), "divide leaves the position unchanged")
}

func TestDivideCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Divide(ctx, movegen.NewStartPosition(), 6, Options{Threads: 2})
	assert.ErrorIs(t, err, context.Canceled)
}

func TestCountDoesNotAllocate(t *testing.T) {
	pos, err := movegen.ParseFEN(kiwipete)
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(5, func() { Count(pos, 3) })
	assert.Zero(t, allocs, "perft allocates per run")
}

func benchmarkPerft(b *testing.B, fen string, depth int) {
	pos, err := movegen.ParseFEN(fen)
	require.NoError(b, err)
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		nodes += Count(pos, depth)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnps")
}

// Benchmarks (see docs/BENCHMARKS.md for the comparison with Stockfish):
//
//	go test ./perft -run '^$' -bench . -benchmem
func BenchmarkStartposDepth5(b *testing.B) { benchmarkPerft(b, movegen.StartFEN, 5) }
func BenchmarkKiwipeteDepth4(b *testing.B) { benchmarkPerft(b, kiwipete, 4) }

// TestDivideStops: a cancelled divide ends at once, not after the root move
// it is counting (a "stop" or "quit" must not wait for a deep perft).
func TestDivideStops(t *testing.T) {
	for _, threads := range []int{1, 2} {
		for _, hash := range []int{0, 8} {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := Divide(ctx, movegen.NewStartPosition(), 10, Options{Threads: threads, HashMB: hash})
				done <- err
			}()
			time.Sleep(50 * time.Millisecond)
			cancel()
			select {
			case err := <-done:
				assert.ErrorIs(t, err, context.Canceled)
			case <-time.After(2 * time.Second):
				t.Fatalf("threads %d hash %d: perft 10 did not stop within 2 s of the cancel", threads, hash)
			}
		}
	}
}
