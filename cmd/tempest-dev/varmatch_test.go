package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/chessmate"
)

// TestVarMatch plays two card-chess games between the search and the
// random tier; the PGN records reload to the results the referee reported.
func TestVarMatch(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	out, stderr, code := runEngine(t, "", "varmatch", "-games", "2", "-go", "depth 1", "-option2", "Skill Level=0",
		"-max-plies", "60", "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	results := regexp.MustCompile(`(?m)^game \d: (\S+) \(`).FindAllStringSubmatch(out, -1)
	require.Len(t, results, 2, out)
	assert.Regexp(t, `engine1 vs engine2: \+\d+ =\d+ -\d+, score [\d.]+`, out)
	for i, r := range readRecords(t, pgn, 2) {
		g, err := chessmate.LoadRecord(r)
		require.NoError(t, err, "game %d", i+1)
		assert.Equal(t, results[i][1], r.Result, "game %d", i+1)
		if st := g.Status(); st.Over {
			assert.Equal(t, st.Result, r.Result, "game %d", i+1)
		}
	}
}
