package protocol

import (
	"strings"
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Issue 35, finding 9: a record beyond its bounds (100,000 lines, 4 MiB)
// is read to its endpgn and not loaded, with an error naming the bound;
// the lines after the bound are the rest of the record, never commands.
// Once the bound ended the reading and the rest ran as UCI commands.
func TestRecordBeyondItsBoundsIsReadToItsEnd(t *testing.T) {
	commands := []string{"position startpos moves d2d4", "setoption name Hash value 1", "ucinewgame", "d", "uci"}
	for _, tc := range []struct {
		name, line string
		lines      int
		error      string
	}{
		{"lines", "1. e4 e5", maxRecordLines, "info string error: loadpgn: the record has more than 100000 lines; the rest is read up to endpgn and the record will not be loaded"},
		{"bytes", "{" + strings.Repeat("c", 1<<20-3) + "}", rules.MaxRecordBytes >> 20, "info string error: loadpgn: the record has more than 4194304 bytes; the rest is read up to endpgn and the record will not be loaded"},
	} {
		var out strings.Builder
		s := NewSession(&out)
		s.Execute("position startpos moves e2e4")
		before := s.game.Position()
		s.Execute("loadpgn")
		s.Execute(`[Event "long"]`)
		for range tc.lines {
			s.Execute(tc.line)
		}
		for _, c := range commands {
			assert.True(t, s.Execute(c), "%s: %q", tc.name, c)
		}
		s.Execute("endpgn")
		got := out.String()
		assert.Equal(t, 1, strings.Count(got, tc.error), "%s: the bound is named once\n%.400s", tc.name, got)
		assert.Contains(t, got, "info string error: loadpgn: the record is not loaded: it has more than", tc.name)
		assert.NotContains(t, got, "id name", "%s: uci inside the record ran", tc.name)
		assert.NotContains(t, got, "Fen:", "%s: d inside the record ran", tc.name)
		assert.Equal(t, before, s.game.Position(), "%s: position inside the record ran", tc.name)
		assert.Equal(t, "16", s.findOption("Hash").value, "%s: setoption inside the record ran", tc.name)
		assert.Nil(t, s.loading, tc.name)

		// The session reads commands again after the endpgn.
		s.Execute("d")
		assert.Contains(t, out.String(), "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b", tc.name)
		s.quit()
	}
}
