package main

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/chameleon"
)

// TestChameleonMatch plays three three-player games: a shallow search
// against the greedy and the random tier. Seats rotate over the colours,
// each seat keeps its own options, and the PGN records reload to the same
// results.
func TestChameleonMatch(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "games.pgn")
	out, stderr, code := runEngine(t, "", "chamatch", "-players", "3", "-games", "3", "-go", "depth 2",
		"-option2", "Skill Level=1", "-option3", "Skill Level=0", "-go3", "nodes 1", "-seed", "5", "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	games := regexp.MustCompile(`(?m)^game (\d): r=(engine\d)\S* b=(engine\d)\S* y=(engine\d)\S* \| (\S+) `).FindAllStringSubmatch(out, -1)
	require.Len(t, games, 3, out)
	for i, g := range games {
		// Seat j plays the (j+i)-th colour of the turn order r, b, y.
		assert.Equal(t, []string{"engine1", "engine2", "engine3"}[(3-i)%3], g[2], "game %d: red", i+1)
	}
	assert.Contains(t, out, "3 games, 3 players (rby)")
	assert.Regexp(t, `engine1 \([^;]+ ; go depth 2\): \+\d+ =\d+ -\d+, wins [\d.]+% \(95% interval [\d.]+% to [\d.]+%\)`, out)
	assert.Contains(t, out, "engine2 (")
	assert.Contains(t, out, "Skill Level=1; go depth 2)")
	assert.Contains(t, out, "Skill Level=0; go nodes 1)")

	for i, r := range readRecords(t, pgn, 3) {
		g, err := chameleon.LoadRecord(r)
		require.NoError(t, err, "game %d reloads", i+1)
		assert.Equal(t, games[i][5], r.Tag("Result"))
		if st := g.Status(); st.Over {
			assert.Equal(t, r.Tag("Result"), st.Result, "game %d", i+1)
			assert.Equal(t, r.Tag("Termination"), st.Reason, "game %d", i+1)
		}
	}

	_, stderr, code = runEngine(t, "", "chamatch", "-players", "5")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-players must be 2, 3 or 4")
	_, stderr, code = runEngine(t, "", "chamatch", "-players", "2", "-colours", "rq")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `-colours "rq" must name 2 distinct colours`)
}

// With -tc the engines play on the clock, and the summary says so: it
// showed the -go default ("go movetime 100"), which was never sent.
func TestChameleonMatchOnTheClockSaysSo(t *testing.T) {
	out, stderr, code := runEngine(t, "", "chamatch", "-players", "2", "-games", "1", "-tc", "1+0.01",
		"-option1", "Skill Level=1", "-option2", "Skill Level=1")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "; go time T inc I, clock 1+0.01)")
	assert.NotContains(t, out, "movetime")
}
