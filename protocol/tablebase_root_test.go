package protocol

import (
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var infoScore = regexp.MustCompile(`info depth \d+ .*score (cp|mate) (-?\d+)`)

// A root inside the tablebases is scored with their result, as
// docs/PROTOCOL.md promises: a win as a tablebase win (30,743 to 30,871),
// a loss as its negative, a draw as 0, unless the search sees a mate. The
// note counts the moves searchmoves allows, and a searchmoves that keeps
// none of the root's winning moves is judged by its own best result. Before,
// KQvK scored "cp 525" from the evaluation, the note said "1 of 6 moves" for
// three searchmoves, and searchmoves without a winning move lost the tables
// altogether (issue 35, finding 12). The results are python-chess's
// (chess.syzygy on the same tables): KQvK is won, Black to move lost; in
// 8/8/8/8/2k5/8/p7/2K5 only Kb2 of four moves draws; in KPvK with the king
// on e1 only Kd2 and Kf2 win, Kd1 and Kf1 draw.
func TestTablebaseRootScores(t *testing.T) {
	tables := "setoption name SyzygyPath value ../syzygy/testdata/tables\n"
	for _, tc := range []struct {
		name, position, goArgs, note string
		low, high                    int // the cp scores allowed
	}{
		{"KQvK, White wins", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "depth 6", "a win; 19 of 21 moves keep it", 30743, 30871},
		{"KQvK, Black loses", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1", "depth 6", "a loss; 3 of 3 moves keep it", -30871, -30743},
		{"a draw held", "8/8/8/8/2k5/8/p7/2K5 w - - 0 1", "depth 6", "a draw; 1 of 4 moves keep it", 0, 0},
		{"searchmoves, one wins", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "depth 6 searchmoves e1d2 e1d1 e1f1",
			"a win; 1 of 3 searchmoves keep it", 30743, 30871},
		{"searchmoves, none wins", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "depth 6 searchmoves e1d1 e1f1",
			"a draw; 2 of 2 searchmoves keep it", 0, 0},
	} {
		out := runScript(t, tables+"position fen "+tc.position+"\ngo "+tc.goArgs+"\n")
		assert.Contains(t, out, "info string tablebases: "+tc.note+"\n", tc.name)
		scores := infoScore.FindAllStringSubmatch(out, -1)
		require.NotEmpty(t, scores, tc.name)
		for _, s := range scores {
			n, err := strconv.Atoi(s[2])
			require.NoError(t, err)
			if s[1] == "mate" {
				assert.Equal(t, tc.low > 0, n > 0, "%s: a mate for the side that wins: %s", tc.name, s[0])
				continue
			}
			assert.True(t, tc.low <= n && n <= tc.high, "%s: %s", tc.name, s[0])
		}
	}
}
