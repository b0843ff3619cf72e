package chessmate

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// TestRegularMovesMatchChess: with no card effects in force, the regular
// moves of card chess are exactly the legal moves of chess (checked against
// the move generator, itself checked against python-chess), at the root and
// after every move, over the standard perft suite.
func TestRegularMovesMatchChess(t *testing.T) {
	positions := 0
	forEachSuitePosition(t, func(chess *movegen.Position, cm *Position) {
		compareRegular(t, chess, cm)
		var buf [movegen.MaxMoves]movegen.Move
		for _, m := range chess.GenLegal(buf[:]) {
			var u movegen.Undo
			chess.Make(m, &u)
			child, err := ParsePosition(chess.FEN() + " - - - ?,?,?/?,?,? 9 - -")
			require.NoError(t, err, chess.FEN())
			compareRegular(t, chess, child)
			chess.Unmake(m, &u)
		}
		positions++
	})
	require.Greater(t, positions, 100)
}

// forEachSuitePosition calls f with each standard-chess position of the
// perft suite, as a chess position and as a card-chess one with no card in
// reach (unknown hands) and no effect in force.
func forEachSuitePosition(t *testing.T, f func(chess *movegen.Position, cm *Position)) {
	t.Helper()
	file, err := os.Open("../../testdata/perft/perftsuite.epd")
	require.NoError(t, err)
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		fen := strings.TrimSpace(strings.Split(sc.Text(), ";")[0])
		chess, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		if chess.IsChess960() {
			continue
		}
		// Unknown hands: no card can be played, so only regular moves remain.
		cm, err := ParsePosition(chess.FEN() + " - - - ?,?,?/?,?,? 9 - -")
		require.NoError(t, err, fen)
		f(chess, cm)
	}
	require.NoError(t, sc.Err())
}

func compareRegular(t *testing.T, chess *movegen.Position, cm *Position) {
	t.Helper()
	var want []string
	var buf [movegen.MaxMoves]movegen.Move
	for _, m := range chess.GenLegal(buf[:]) {
		want = append(want, m.UCI(false))
	}
	var got []string
	var abuf [maxRegular]Action
	for _, a := range cm.genRegular(abuf[:0]) {
		got = append(got, a.String())
	}
	sort.Strings(want)
	sort.Strings(got)
	require.Equal(t, want, got, chess.FEN())
}
