package protocol

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/book"
	"tempest/movegen"
)

// writeBook writes a Polyglot book with the given moves (UCI, with weights)
// for each position (a FEN) and returns its path.
func writeBook(t *testing.T, lines map[string]map[string]uint16) string {
	t.Helper()
	var entries []book.KeyedEntry
	for fen, moves := range lines {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		for uci, w := range moves {
			m, err := pos.ParseUCIMove(uci, false)
			require.NoError(t, err)
			entries = append(entries, book.NewEntry(pos, m, w, 0))
		}
	}
	path := filepath.Join(t.TempDir(), "test.bin")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, book.Write(f, entries))
	require.NoError(t, f.Close())
	return path
}

var bookMoveLine = regexp.MustCompile(`info string book move (\S+) `)

// OwnBook plays the book's moves in proportion to their weights, keeps to
// searchmoves, and searches past BookDepth, outside the book, in analysis
// and when OwnBook is off.
func TestOwnBook(t *testing.T) {
	start := movegen.NewStartPosition().FEN()
	afterE4 := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	path := writeBook(t, map[string]map[string]uint16{
		start:   {"e2e4": 3, "d2d4": 1, "a2a3": 0},
		afterE4: {"c7c5": 5},
	})
	setup := "setoption name BookFile value " + path + "\nsetoption name OwnBook value true\nsetoption name BookSeed value 7\n"

	// Weighted: e2e4 about three times as often as d2d4, a2a3 never.
	script := setup + strings.Repeat("position startpos\ngo depth 20\n", 200)
	out := runScript(t, script)
	counts := map[string]int{}
	for _, m := range bookMoveLine.FindAllStringSubmatch(out, -1) {
		counts[m[1]]++
	}
	assert.Equal(t, 200, counts["e2e4"]+counts["d2d4"], "every move from the book: %v", counts)
	assert.InDelta(t, 150, counts["e2e4"], 25, "weights 3:1 over 200 picks: %v", counts)
	assert.Equal(t, 200, strings.Count(out, "bestmove "))
	assert.NotContains(t, out, "info depth", "a book move is not searched")
	assert.Equal(t, out, runScript(t, script), "BookSeed makes the choices repeatable")

	// The book as Black, with the move list a GUI sends.
	out = runScript(t, setup+"position startpos moves e2e4\ngo wtime 1000 btime 1000\n")
	assert.Contains(t, out, "info string book move c7c5 (weight 5 of 5, 1 book moves)\nbestmove c7c5\n")

	// searchmoves narrows the book; a position without allowed book moves is searched.
	out = runScript(t, setup+"position startpos\ngo depth 3 searchmoves d2d4\n")
	assert.Contains(t, out, "bestmove d2d4")
	assert.Contains(t, out, "info string book move d2d4")
	out = runScript(t, setup+"position startpos\ngo depth 3 searchmoves g1f3\n")
	assert.NotContains(t, out, "book move")
	assert.Contains(t, out, "bestmove g1f3")

	// Searched: past BookDepth, out of the book, in analysis, with OwnBook off.
	for name, s := range map[string]string{
		"past BookDepth": setup + "setoption name BookDepth value 1\nposition fen " + strings.Replace(start, " 1", " 2", 1) + "\ngo depth 2\n",
		"not in book":    setup + "position startpos moves d2d4\ngo depth 2\n",
		"OwnBook off":    strings.Replace(setup, "OwnBook value true", "OwnBook value false", 1) + "position startpos\ngo depth 2\n",
	} {
		out := runScript(t, s)
		assert.NotContains(t, out, "book move", name)
		assert.Contains(t, out, "info depth", name)
		assert.Equal(t, 1, strings.Count(out, "bestmove "), name)
	}

	// An analysis is searched.
	var buf bytes.Buffer // read once the search has ended
	session := NewSession(&buf)
	for _, line := range strings.Split(setup+"position startpos\ngo infinite", "\n") {
		session.Execute(line)
	}
	time.Sleep(100 * time.Millisecond)
	session.Execute("stop")
	assert.NotContains(t, buf.String(), "book move")
	assert.Contains(t, buf.String(), "info depth")
	assert.Equal(t, 1, strings.Count(buf.String(), "bestmove "))

	// A bad book is refused by name and the old one stays.
	out = runScript(t, setup+"setoption name BookFile value "+filepath.Join(t.TempDir(), "missing.bin")+"\nposition startpos\ngo depth 2\n")
	assert.Contains(t, out, "info string error: option BookFile: ")
	assert.Contains(t, out, "missing.bin")
	assert.Contains(t, out, "info string book move ")
	bad := filepath.Join(t.TempDir(), "bad.bin")
	require.NoError(t, os.WriteFile(bad, []byte("not a book at all"), 0o644))
	out = runScript(t, "setoption name BookFile value "+bad+"\n")
	assert.Contains(t, out, "not a whole number of 16-byte entries")
	out = runScript(t, "setoption name BookFile value /dev/zero\nsetoption name BookFile value "+t.TempDir()+"\n")
	assert.Equal(t, 2, strings.Count(out, "not a regular file"), out)
	out = runScript(t, "setoption name OwnBook value true\n")
	assert.Contains(t, out, "info string OwnBook: no BookFile is set; every move is searched")
}

// The Syzygy options: tables load and are announced, a root in them keeps
// only the moves that keep its result, info lines count the hits, a bad
// path is refused by name with the old tables kept, and the variants say
// the options are not theirs.
func TestSyzygyOptions(t *testing.T) {
	tables := "setoption name SyzygyPath value ../syzygy/testdata/tables\n"
	out := runScript(t, tables+"position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\ngo depth 8\n")
	assert.Contains(t, out, "info string SyzygyPath: 70 table files, positions of up to 4 pieces\n")
	assert.Contains(t, out, "info string tablebases: a win; 2 of 6 moves keep it\n")
	assert.Regexp(t, `info depth 8 .* tbhits \d+ `, out)
	assert.Regexp(t, `bestmove (e1d2|e1f2)\n`, out, "only the king moves in front of the pawn win")

	out = runScript(t, "position startpos\ngo depth 2\n")
	assert.NotContains(t, out, "tbhits", "no tables, no tbhits")

	// A draw: only the moves that hold it.
	// A draw (python-chess: only Kb2 of four moves holds it).
	out = runScript(t, tables+"position fen 8/8/8/8/2k5/8/p7/2K5 w - - 0 1\ngo depth 6\n")
	assert.Contains(t, out, "info string tablebases: a draw; 1 of 4 moves keep it\n")
	assert.Contains(t, out, "bestmove c1b2\n")

	out = runScript(t, tables+"setoption name SyzygyPath value /no/such/dir\nposition fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\ngo depth 3\n")
	assert.Contains(t, out, `info string error: option SyzygyPath: `)
	assert.Contains(t, out, "/no/such/dir")
	assert.Contains(t, out, "info string tablebases: a win", "the old tables stay")
	out = runScript(t, "setoption name SyzygyPath value "+t.TempDir()+"\n")
	assert.Contains(t, out, "info string error: option SyzygyPath: no Syzygy table")

	// The weakened levels play without them, as they were calibrated.
	out = runScript(t, tables+"setoption name Skill Level value 5\nposition fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\ngo depth 3\n")
	assert.NotContains(t, out, "tablebases:")
	assert.NotContains(t, out, "tbhits")

	out = runScript(t, "setoption name UCI_Variant value chameleon\n"+tables)
	assert.Contains(t, out, "SyzygyPath does not apply to Chameleon Chess")
}
