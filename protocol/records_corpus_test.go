package protocol

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// corpusGame is one row of testdata/pgn/expected.tsv: what python-chess
// reads in one game of a corpus file.
type corpusGame struct {
	moves int
	fen   string
}

func readCorpusOracle(t *testing.T) map[string][]corpusGame {
	data, err := os.ReadFile("../testdata/pgn/expected.tsv")
	require.NoError(t, err)
	want := map[string][]corpusGame{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		require.Len(t, f, 4, line)
		moves, err := strconv.Atoi(f[2])
		require.NoError(t, err)
		want[f[0]] = append(want[f[0]], corpusGame{moves, f[3]})
	}
	return want
}

// splitRecords cuts a file of games into records: a game ends with the line
// whose last word is its result.
func splitRecords(text string) []string {
	var records []string
	var cur []string
	for _, line := range strings.Split(text, "\n") {
		if len(cur) == 0 && strings.TrimSpace(line) == "" {
			continue
		}
		cur = append(cur, line)
		fields := strings.Fields(line)
		if n := len(fields); n > 0 && !strings.HasPrefix(strings.TrimSpace(line), "[") && rules.IsResultMarker(fields[n-1]) {
			records = append(records, strings.Join(cur, "\n"))
			cur = nil
		}
	}
	return records
}

var (
	loadedLine = regexp.MustCompile(`loadpgn ok moves (\d+)\n`)
	stateFEN   = regexp.MustCompile(`state position (.*)\n`)
)

// Records that other programs write load: every game of testdata/pgn (Cute
// Chess's runner, fastchess, python-chess, lichess's layout, pgn-extract's
// ECO file, and the same games with a byte order mark and CRLF, in Latin-1,
// with several tags to a line and comments before them, with "0-0" and
// "e.p.") goes through loadpgn as a GUI sends it, line by line, and ends
// with the moves and the position python-chess reads (expected.tsv, written
// by testdata/tools/pgn_corpus.py). Before, two tag pairs on one line
// corrupted both, a Latin-1 name stayed undecoded, and the Variant tags
// "Fischerandom" and "From Position" were refused as unknown variants
// (issue 35, finding 13 and the records class).
func TestRecordsOtherProgramsWriteLoad(t *testing.T) {
	want := readCorpusOracle(t)
	files, err := filepath.Glob("../testdata/pgn/*.pgn")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	games := 0
	for _, path := range files {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		records := splitRecords(string(data))
		require.Len(t, records, len(want[name]), "%s: games in the file and rows in expected.tsv", name)
		for i, rec := range records {
			what := name + " game " + strconv.Itoa(i+1)
			out := runScript(t, "loadpgn\n"+rec+"\nendpgn\npgn\n")
			assert.NotContains(t, out, "error", what)
			m := loadedLine.FindStringSubmatch(out)
			if !assert.NotNil(t, m, "%s: %s", what, out) {
				continue
			}
			assert.Equal(t, strconv.Itoa(want[name][i].moves), m[1], what)
			got, exp := strings.Fields(stateFEN.FindStringSubmatch(out)[1]), strings.Fields(want[name][i].fen)
			// Placement, side to move and the two counters; castling is
			// written differently for Chess960 starts, en passant by
			// python-chess only when a capture is legal.
			for _, f := range []int{0, 1, 4, 5} {
				assert.Equal(t, exp[f], got[f], "%s: FEN field %d", what, f+1)
			}
			// The tags come back whole, in UTF-8, whatever the layout.
			if strings.HasPrefix(name, "layout-") && i == 0 && name != "layout-notation.pgn" {
				for _, tag := range []string{`[Site "?"]`, `[White "Müller, Jürgen"]`, `[Black "O'Neil"]`, `[Result "1-0"]`} {
					assert.Contains(t, out, tag+"\n", what)
				}
			}
			games++
		}
	}
	rows := 0
	for _, g := range want {
		rows += len(g)
	}
	assert.Equal(t, rows, games, "every row of expected.tsv is a game of a file")
}
