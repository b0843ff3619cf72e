package syzygy

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

func TestParseName(t *testing.T) {
	for name, want := range map[string]bool{
		"KQvKR": true, "KRPvKR": true, "KPvKP": true, "KBNvK": true, "KQRvKQ": true,
		"KvK": false, "KRvKQ": false, "KvKQ": false, "KQKvK": false, "QKvK": false,
		"KRQvK": false, "KQ": false, "KQvKvK": false, "kqvk": false, "KXvK": false,
		"KQRBNPvKP": false, "KQRBNPvK": true, "KQRBNvKP": true, "KNvKB": false, "KBvKN": true,
	} {
		_, ok := parseName(name)
		assert.Equal(t, want, ok, name)
	}
	m, ok := parseName("KRPvKR")
	require.True(t, ok)
	assert.Equal(t, 1, m.count(movegen.White, movegen.Pawn))
	assert.Equal(t, 1, m.count(movegen.Black, movegen.Rook))
	assert.Equal(t, 5, m.pieces())
}

// TestIndexTables checks the derived indexing tables against facts of the
// format: class and index ranges, the counts the placements must add up to.
func TestIndexTables(t *testing.T) {
	assert.Equal(t, uint64(0), binomial[3][2])
	assert.Equal(t, uint64(1891), binomial[2][62])
	for sq := 0; sq < 64; sq++ {
		assert.Less(t, triangleClass[sq], uint8(10))
		assert.Less(t, belowDiag[sq], uint8(36))
	}
	// a1, b2, c3, d4 are the diagonal classes; b1 is the first of the others.
	assert.Equal(t, uint8(6), triangleClass[0])
	assert.Equal(t, uint8(9), triangleClass[27])
	assert.Equal(t, uint8(0), triangleClass[1])
	assert.Equal(t, uint8(0), triangleClass[62]) // g8 folds onto b1
	// Leading pawns: flap spans 24 squares per folded file layout; the
	// first file's lone pawn has six placements.
	assert.Equal(t, uint64(6), leadCount[0][0])
	for f := 0; f < 4; f++ {
		assert.Equal(t, uint64(6), leadCount[0][f])
	}
	for sq := 8; sq < 56; sq++ {
		assert.Less(t, pawnTwist[sq], uint8(48))
	}
}

func TestOpenErrors(t *testing.T) {
	_, err := Open("/no/such/dir")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "/no/such/dir")
	assert.Contains(t, err.Error(), "does not exist")

	file := filepath.Join(t.TempDir(), "plain")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	_, err = Open(file)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a directory")

	_, err = Open(committedTables + string(os.PathListSeparator) + "/no/such/dir")
	require.Error(t, err)

	tb, err := Open("")
	require.NoError(t, err)
	assert.Equal(t, 0, tb.MaxPieces())
	_, ok := tb.ProbeWDL(mustFEN(t, "8/8/8/8/8/8/8/K6k w - - 0 1"))
	assert.False(t, ok)

	// Only standard names count.
	dir := t.TempDir()
	for _, name := range []string{"KRvKQ.rtbw", "KvK.rtbw", "KQvK.txt", "notes.rtbz", "KQvKR.rtbw.bak"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("junk"), 0o644))
	}
	tb, err = Open(dir)
	require.NoError(t, err)
	assert.Equal(t, 0, tb.Files())
	assert.Equal(t, 0, tb.MaxPieces())

	tb = openTest(t)
	assert.GreaterOrEqual(t, tb.MaxPieces(), 4)
	assert.GreaterOrEqual(t, tb.Files(), 70)
}

func TestRefusals(t *testing.T) {
	tb := openTest(t)
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",                        // castling rights
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", // too many pieces
		"4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1",                      // no such table
	} {
		pos := mustFEN(t, fen)
		_, ok := tb.ProbeWDL(pos)
		assert.False(t, ok, fen)
		_, ok = tb.ProbeDTZ(pos)
		assert.False(t, ok, fen)
		_, ok = tb.RootMoves(pos, true)
		assert.False(t, ok, fen)
	}
	// Two bare kings need no table.
	v, ok := tb.ProbeWDL(mustFEN(t, "8/8/8/8/8/8/8/K6k w - - 0 1"))
	assert.True(t, ok)
	assert.Equal(t, 0, v)
	// The position is left as it was.
	pos := mustFEN(t, "8/8/8/8/8/2k5/8/K1q5 w - - 3 40")
	before := pos.FEN()
	key := pos.Key()
	_, ok = tb.ProbeDTZ(pos)
	assert.True(t, ok)
	assert.Equal(t, before, pos.FEN())
	assert.Equal(t, key, pos.Key())
}

// TestEPD compares with the published values of testdata/endgames.
func TestEPD(t *testing.T) {
	tb := openTest(t)
	f, err := os.Open("../testdata/endgames/syzygy-wdl-dtz.epd")
	require.NoError(t, err)
	defer f.Close()
	checked, skipped := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) < 4 {
			continue
		}
		pos := mustFEN(t, strings.Join(fields[:4], " "))
		ops := map[string]int{}
		for _, op := range strings.Split(strings.Join(fields[4:], " "), ";") {
			kv := strings.Fields(op)
			if len(kv) == 2 {
				n, err := strconv.Atoi(kv[1])
				require.NoError(t, err, line)
				ops[kv[0]] = n
			}
		}
		if !tb.available(pos) {
			skipped++
			continue
		}
		wdl, ok := tb.ProbeWDL(pos)
		require.True(t, ok, line)
		dtz, ok := tb.ProbeDTZ(pos)
		require.True(t, ok, line)
		assert.Equal(t, ops["wdl"], wdl, "wdl of %s", line)
		assert.Equal(t, ops["dtz"], dtz, "dtz of %s", line)
		checked++
	}
	require.NoError(t, sc.Err())
	t.Logf("%d positions checked, %d skipped (tables not in the test set)", checked, skipped)
	require.Greater(t, checked, 0)
}

// available reports whether the tables of pos and of everything captures
// lead to are present (both kinds).
func (t *Tables) available(pos *movegen.Position) bool {
	m := boardMaterial(pos.Board())
	var walk func(m material) bool
	walk = func(m material) bool {
		if m == 0 {
			return true
		}
		e := t.find(m)
		if e == nil || e.wdl.path == "" || e.dtz.path == "" {
			return false
		}
		for c := movegen.White; c <= movegen.Black; c++ {
			for pt := movegen.Pawn; pt <= movegen.Queen; pt++ {
				if m.count(c, pt) == 0 {
					continue
				}
				less := m - 1<<materialShift(c, pt)
				if !walk(less) {
					return false
				}
				if pt == movegen.Pawn {
					for promo := movegen.Knight; promo <= movegen.Queen; promo++ {
						if !walk(less + 1<<materialShift(c, promo)) {
							return false
						}
					}
				}
			}
		}
		return true
	}
	return walk(m)
}

// oracleFENs draws positions for every table of the set: both colour
// orientations, both sides to move, and en-passant positions where the
// material allows them.
func oracleFENs(t testing.TB, tb *Tables, total int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	per := max((total+len(tb.entries)-1)/len(tb.entries), 20) // at least total in all
	var fens []string
	for i := range tb.entries {
		e := &tb.entries[i]
		epCapable := e.mat.count(movegen.White, movegen.Pawn) > 0 && e.mat.count(movegen.Black, movegen.Pawn) > 0
		for k := 0; k < per; k++ {
			ep := epCapable && k/4%2 == 0
			fen, ok := randomFEN(rng, e.mat, k&1 == 1, movegen.Color(k>>1&1), ep, 0)
			require.True(t, ok, "no position drawn for %s", e.name)
			fens = append(fens, fen)
		}
	}
	return fens
}

// TestOracle compares ProbeWDL and ProbeDTZ with python-chess on random
// positions of every table in the test set: 100,000 in make test (the
// proof the issue asks for, every run), 120,000 over the 5-piece tables
// too in the long mode.
func TestOracle(t *testing.T) {
	tb := openTest(t)
	total := 100000
	switch {
	case fullRun():
		total = 120000
	case testing.Short():
		total = 5000
	}
	fens := oracleFENs(t, tb, total, 1)
	start := time.Now()
	want := runOracle(t, testDirs(t), fens, false)
	t.Logf("%d positions, %d tables; python-chess took %v", len(fens), len(tb.entries), time.Since(start))
	start = time.Now()
	mismatches, eps, missing := 0, 0, 0
	classes := map[string]int{}
	for i, fen := range fens {
		classes[want[i].wdl]++
		pos := mustFEN(t, fen)
		if pos.EnPassant() != movegen.NoSquare {
			eps++
		}
		wdl, okW := tb.ProbeWDL(pos)
		dtz, okD := tb.ProbeDTZ(pos)
		if want[i].wdl == "none" {
			missing++
		}
		if show(wdl, okW) != want[i].wdl || show(dtz, okD) != want[i].dtz {
			mismatches++
			if mismatches <= 20 {
				t.Errorf("%s: wdl %s dtz %s, python-chess wdl %s dtz %s",
					fen, show(wdl, okW), show(dtz, okD), want[i].wdl, want[i].dtz)
			}
		}
	}
	t.Logf("Go probes took %v; %d positions with en passant; %d not probeable; WDL classes %v",
		time.Since(start), eps, missing, classes)
	assert.Zero(t, mismatches, "mismatches")
	assert.Greater(t, eps, 0, "en-passant positions")
	assert.Less(t, missing, len(fens)/100, "python-chess could not probe")
}

// TestRootMovesOracle checks RootMoves move by move against python-chess's
// values of the positions after each move, and that the best move holds
// the root's value.
func TestRootMovesOracle(t *testing.T) {
	tb := openTest(t)
	total := 600
	switch {
	case fullRun():
		total = 6000
	case testing.Short():
		total = 150
	}
	fens := oracleFENs(t, tb, total, 2)
	want := runOracle(t, testDirs(t), fens, true)
	wins := 0
	for i, fen := range fens {
		pos := mustFEN(t, fen)
		moves, ok := tb.RootMoves(pos, false)
		if want[i].wdl == "none" {
			assert.False(t, ok, fen)
			continue
		}
		require.True(t, ok, fen)
		require.Len(t, moves, len(want[i].moves), fen)
		for _, rm := range moves {
			child, found := want[i].moves[rm.Move.UCI(false)]
			require.True(t, found, "%s: %s", fen, rm.Move)
			cw, err1 := strconv.Atoi(child[0])
			cd, err2 := strconv.Atoi(child[1])
			require.NoError(t, err1, fen)
			require.NoError(t, err2, fen)
			var u movegen.Undo
			pos.Make(rm.Move, &u)
			zeroing := pos.Rule50() == 0
			mate := pos.InCheck() && !pos.HasLegalMove()
			pos.Unmake(rm.Move, &u)
			wantWDL, wantDTZ := -cw, 0
			switch {
			case zeroing:
				wantDTZ = dtzBeforeZeroing(-cw)
			case mate:
				wantDTZ = 1
			default:
				wantDTZ = -cd
				if wantDTZ > 0 {
					wantDTZ++
				} else if wantDTZ < 0 {
					wantDTZ--
				}
				wantWDL = wdlOfDTZ(wantDTZ)
			}
			assert.Equal(t, wantWDL, rm.WDL, "%s %s: WDL", fen, rm.Move)
			assert.Equal(t, wantDTZ, rm.DTZ, "%s %s: DTZ", fen, rm.Move)
		}
		if len(moves) == 0 {
			continue // mate or stalemate
		}
		rootWDL, _ := strconv.Atoi(want[i].wdl)
		best := moves[0]
		assert.Equal(t, rootWDL, best.WDL, "%s: best move %s", fen, best.Move)
		if rootWDL == 2 {
			wins++
			assert.Equal(t, "-2", want[i].moves[best.Move.UCI(false)][0], "%s: %s keeps the win", fen, best.Move)
			assert.LessOrEqual(t, best.DTZ, 100, fen)
		}
		// With the fifty-move rule and a zero counter, only the classes merge.
		ruled, ok := tb.RootMoves(pos, true)
		require.True(t, ok, fen)
		wantResult := rootWDL
		if wantResult == 1 || wantResult == -1 {
			wantResult = 0
		}
		assert.Equal(t, wantResult, ruled[0].Result, "%s: with the fifty-move rule", fen)
	}
	t.Logf("%d root positions, %d won", len(fens), wins)
}

func TestRank(t *testing.T) {
	for _, c := range []struct {
		wdl, dtz, counter int
		rule50            bool
		result, rank      int
	}{
		{2, 1, 0, true, 2, 2*rankBand - 1},
		{2, 60, 40, true, 2, 2*rankBand - 60},
		{2, 61, 40, true, 0, 0}, // the zeroing move comes too late
		{2, 61, 40, false, 2, 2*rankBand - 61},
		{1, 101, 0, true, 0, 0},
		{1, 101, 0, false, 1, rankBand - 101},
		{0, 0, 0, false, 0, 0},
		{-1, -101, 0, false, -1, -rankBand + 101},
		{-1, -101, 0, true, 0, 0},
		{-2, -30, 0, true, -2, -2*rankBand + 30},
		{-2, -30, 80, true, 0, 0},
	} {
		result, r := rank(c.wdl, c.dtz, c.counter, c.rule50)
		assert.Equal(t, c.result, result, "%+v", c)
		assert.Equal(t, c.rank, r, "%+v", c)
	}
	// Every win outranks every cursed win, which outranks draws, and so on.
	a, _ := rank(2, 100, 0, false)
	b, _ := rank(1, 101, 0, false)
	_, ra := rank(2, 100, 0, false)
	_, rb := rank(1, 101, 0, false)
	_, rl := rank(-1, -5000, 0, false)
	_, rL := rank(-2, -1, 0, false)
	assert.Greater(t, ra, rb)
	assert.Greater(t, rb, 0)
	assert.Less(t, rl, 0)
	assert.Greater(t, rl, rL)
	assert.Equal(t, 2, a)
	assert.Equal(t, 1, b)
}

// someFENs draws a few positions for probing tests that need no oracle.
func someFENs(t testing.TB, tb *Tables, n int) []string {
	return oracleFENs(t, tb, n, 3)
}

func TestNoAllocations(t *testing.T) {
	tb := openTest(t)
	fens := someFENs(t, tb, 200)
	positions := make([]*movegen.Position, len(fens))
	for i, fen := range fens {
		positions[i] = mustFEN(t, fen)
		tb.ProbeDTZ(positions[i]) // initialise the tables
	}
	i := 0
	allocs := testing.AllocsPerRun(2000, func() {
		pos := positions[i%len(positions)]
		i++
		tb.ProbeWDL(pos)
		tb.ProbeDTZ(pos)
	})
	assert.Zero(t, allocs)
}

// TestConcurrent probes from several goroutines at once, starting with
// tables not yet loaded; results must equal a sequential run.
func TestConcurrent(t *testing.T) {
	reference := openTest(t)
	fens := someFENs(t, reference, 400)
	want := make([]string, len(fens))
	for i, fen := range fens {
		pos := mustFEN(t, fen)
		w, ok1 := reference.ProbeWDL(pos)
		d, ok2 := reference.ProbeDTZ(pos)
		want[i] = show(w, ok1) + " " + show(d, ok2)
	}
	tb := openTest(t)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := range fens {
				i := (k + g*len(fens)/4) % len(fens)
				pos := mustFEN(t, fens[i])
				w, ok1 := tb.ProbeWDL(pos)
				d, ok2 := tb.ProbeDTZ(pos)
				if got := show(w, ok1) + " " + show(d, ok2); got != want[i] {
					errs <- fmt.Sprintf("%s: %s, want %s", fens[i], got, want[i])
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func BenchmarkProbeWDL(b *testing.B) {
	benchProbe(b, func(tb *Tables, pos *movegen.Position) { tb.ProbeWDL(pos) })
}

func BenchmarkProbeDTZ(b *testing.B) {
	benchProbe(b, func(tb *Tables, pos *movegen.Position) { tb.ProbeDTZ(pos) })
}

// benchProbe times probe over 1,000 random positions of the test tables,
// loaded beforehand.
func benchProbe(b *testing.B, probe func(*Tables, *movegen.Position)) {
	tb := openTest(b)
	fens := someFENs(b, tb, 1000)
	positions := make([]*movegen.Position, len(fens))
	for i, fen := range fens {
		positions[i] = mustFEN(b, fen)
		probe(tb, positions[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		probe(tb, positions[i%len(positions)])
	}
}

// TestMateThroughOtherSide: KBNvK and KBBvK keep DTZ only for the defending
// side to move, so the attacker's distances come from a move of
// look-ahead, where a mate needs its own rule. Random positions seldom
// have a mate in one; these are drawn until they do.
func TestMateThroughOtherSide(t *testing.T) {
	tb := openTest(t)
	rng := rand.New(rand.NewPCG(11, 11))
	var fens []string
	var buf [movegen.MaxMoves]movegen.Move
	for _, name := range []string{"KBNvK", "KBBvK"} {
		mat, _ := parseName(name)
		found := 0
		for tries := 0; tries < 200000 && found < 15; tries++ {
			swap := tries&1 == 1
			stm := movegen.White
			if swap {
				stm = movegen.Black
			}
			fen, ok := randomFEN(rng, mat, swap, stm, false, 0)
			require.True(t, ok)
			pos := mustFEN(t, fen)
			for _, m := range pos.GenQuiet(buf[:]) {
				var u movegen.Undo
				pos.Make(m, &u)
				mate := pos.InCheck() && !pos.HasLegalMove()
				pos.Unmake(m, &u)
				if mate {
					fens = append(fens, fen)
					found++
					break
				}
			}
		}
		require.Equal(t, 15, found, name)
	}
	want := runOracle(t, testDirs(t), fens, false)
	for i, fen := range fens {
		pos := mustFEN(t, fen)
		dtz, ok := tb.ProbeDTZ(pos)
		assert.Equal(t, want[i].dtz, show(dtz, ok), fen)
		assert.Equal(t, "1", want[i].dtz, fen)
	}
}

// TestCursedResults: results the fifty-move rule turns (cursed wins,
// blessed losses) are rare; random positions of the 3- and 4-piece tables
// have none. From two known KRBvKR positions it walks to more of them and
// compares with python-chess. Needs KRBvKR (TEMPEST_SYZYGY).
func TestCursedResults(t *testing.T) {
	tb := openTest(t)
	if m, _ := parseName("KRBvKR"); !tb.available(mustFEN(t, "8/5R2/2b5/1r6/8/6k1/8/6K1 b - - 0 1")) || tb.find(m) == nil {
		t.Skip("KRBvKR and the tables it needs are not in the test set (set TEMPEST_SYZYGY)")
	}
	limit := 300
	if testing.Short() {
		limit = 60
	}
	// Breadth first over quiet piece moves, keeping the cursed and
	// blessed positions met within a few plies of the two seeds.
	type node struct {
		fen   string
		depth int
	}
	queue := []node{{"8/5r2/4R3/8/8/5k1b/8/7K w - - 0 1", 0}, {"8/5R2/2b5/1r6/8/6k1/8/6K1 b - - 0 1", 0}}
	seen := map[string]bool{}
	var fens []string
	var buf [movegen.MaxMoves]movegen.Move
	for len(queue) > 0 && len(fens) < limit {
		n := queue[0]
		queue = queue[1:]
		pos := mustFEN(t, n.fen)
		if seen[pos.FEN()] {
			continue
		}
		seen[pos.FEN()] = true
		if w, ok := tb.ProbeWDL(pos); ok && (w == 1 || w == -1) {
			fens = append(fens, n.fen)
		}
		if n.depth >= 3 {
			continue
		}
		for _, m := range pos.GenQuiet(buf[:]) {
			if pos.Piece(m.From()).Type() == movegen.Pawn {
				continue
			}
			var u movegen.Undo
			pos.Make(m, &u)
			f := pos.FEN()
			pos.Unmake(m, &u)
			queue = append(queue, node{strings.Join(strings.Fields(f)[:4], " ") + " 0 1", n.depth + 1})
		}
	}
	require.Greater(t, len(fens), 10)
	want := runOracle(t, testDirs(t), fens, true)
	classes := map[int]int{}
	for i, fen := range fens {
		pos := mustFEN(t, fen)
		wdl, ok1 := tb.ProbeWDL(pos)
		dtz, ok2 := tb.ProbeDTZ(pos)
		classes[wdl]++
		assert.Equal(t, want[i].wdl+" "+want[i].dtz, show(wdl, ok1)+" "+show(dtz, ok2), fen)
		moves, ok := tb.RootMoves(pos, false)
		require.True(t, ok, fen)
		if len(moves) > 0 {
			assert.Equal(t, wdl, moves[0].WDL, "%s: best move %s", fen, moves[0].Move)
		}
		for _, rm := range moves {
			child := want[i].moves[rm.Move.UCI(false)]
			var u movegen.Undo
			pos.Make(rm.Move, &u)
			zeroing := pos.Rule50() == 0
			pos.Unmake(rm.Move, &u)
			if !zeroing {
				cd, err := strconv.Atoi(child[1])
				require.NoError(t, err)
				wantDTZ := -cd
				if wantDTZ > 0 {
					wantDTZ++
				} else if wantDTZ < 0 {
					wantDTZ--
				}
				assert.Equal(t, wantDTZ, rm.DTZ, "%s %s", fen, rm.Move)
			}
		}
		ruled, _ := tb.RootMoves(pos, true)
		if len(ruled) > 0 {
			assert.Equal(t, 0, ruled[0].Result, "%s: a draw under the fifty-move rule", fen)
		}
	}
	t.Logf("%d positions: WDL classes %v", len(fens), classes)
}
