package protocol

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// UCI_Chess960 changed between "position" and "go" takes effect at the next
// position: the game keeps the notation it was set up with, and legalmoves,
// history, searchmoves and bestmove all use it. Before, the rules service
// wrote castling one way and bestmove the other (issue 35, finding 11).
// The castle is the only move searchmoves allows, so bestmove must be it,
// in the notation legalmoves gives.
func TestChess960ChangeKeepsOneNotationPerGame(t *testing.T) {
	const fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	for _, tc := range []struct {
		name, setup, change, castle string
	}{
		{"standard, then 960", "position fen " + fen, "setoption name UCI_Chess960 value true", "e1g1"},
		{"960, then standard", "setoption name UCI_Chess960 value true\nposition fen " + fen, "setoption name UCI_Chess960 value false", "e1h1"},
		// A record that says Chess960 is read in its notation whatever the option.
		{"a Chess960 record", "loadpgn\n[Variant \"Chess960\"]\n[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n*\nendpgn", "isready", "e1h1"},
	} {
		out := runScript(t, tc.setup+"\n"+tc.change+"\nlegalmoves\ngo depth 2 searchmoves "+tc.castle+"\n")
		legal := regexp.MustCompile(`(?m)^legalmoves .*$`).FindString(out)
		assert.Contains(t, strings.Fields(legal), tc.castle, tc.name)
		assert.Contains(t, out, "bestmove "+tc.castle+"\n", tc.name)
		assert.NotContains(t, out, "searchmoves: ", tc.name)
		out = runScript(t, tc.setup+"\n"+tc.change+"\nplay "+tc.castle+"\nhistory\n")
		assert.Contains(t, out, "played "+tc.castle+" san O-O\n", tc.name)
		assert.Contains(t, out, "history moves "+tc.castle+"\n", tc.name)
	}
}
