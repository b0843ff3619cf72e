package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/stratego"
)

// TestStratMatch plays two quick games between the greedy and the random
// tier. Engine 1 runs behind a script that logs its input, which shows
// that it only ever receives its own view; the PGN records reload to the
// same results.
func TestStratMatch(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "engine1.log")
	script := filepath.Join(dir, "engine1.sh")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\ntee -a "+log+" | "+engineBinary+"\n"), 0o755))
	pgn := filepath.Join(dir, "games.pgn")
	out, stderr, code := runEngine(t, "", "stratmatch", "-games", "2", "-engine1", script, "-option1", "Skill Level=1",
		"-option2", "Skill Level=0", "-go", "depth 1", "-seed", "3", "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	assert.Len(t, regexp.MustCompile(`(?m)^game \d: `).FindAllString(out, -1), 2, out)
	assert.Regexp(t, `engine1 vs engine2: \+\d+ =\d+ -\d+, wins [\d.]+%, score [\d.]+%`, out)
	// One game with each colour: the colour split adds up to one game each.
	split := regexp.MustCompile(`wins [\d.]+% \+/- [\d.]+% \(95%\); engine1 as Volcandria \+(\d) =(\d) -(\d), as Everwinter \+(\d) =(\d) -(\d)`).FindStringSubmatch(out)
	require.Len(t, split, 7, out)
	for _, colour := range [][]string{split[1:4], split[4:7]} {
		assert.Equal(t, 1, int(colour[0][0]-'0')+int(colour[1][0]-'0')+int(colour[2][0]-'0'), out)
	}

	// Engine 1 was Volcandria in game 1 and Everwinter in game 2: every
	// position it received hides the other side's unrevealed pieces.
	input, err := os.ReadFile(log)
	require.NoError(t, err)
	assert.Contains(t, string(input), "setup v seed 3\n")
	assert.Contains(t, string(input), "setup e seed 4\n")
	positions := 0
	for _, line := range strings.Split(string(input), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] != "position" {
			continue
		}
		positions++
		p, err := stratego.ParsePosition(strings.Join(f[2:9], " "))
		require.NoError(t, err, line)
		viewer, hidden := p.Viewer()
		require.True(t, hidden, "a view, not the full position: %s", line)
		for sq := stratego.Square(0); sq < 80; sq++ {
			if pc := p.At(sq); pc != stratego.NoPiece && pc.Side() != viewer {
				require.Equal(t, stratego.Unknown, pc.Kind(), "the opponent's pieces start unknown: %s", line)
			}
		}
		require.Len(t, f[2:9], 7)
	}
	assert.Greater(t, positions, 2)

	for i, r := range readRecords(t, pgn, 2) {
		g, err := stratego.LoadRecord(r)
		require.NoError(t, err, "game %d reloads", i+1)
		if st := g.Status(); st.Over {
			assert.Equal(t, r.Tag("Result"), st.Result)
			assert.Equal(t, r.Tag("Termination"), st.Reason)
		}
	}

	_, stderr, code = runEngine(t, "", "stratmatch", "-games", "1", "-setup1", "mirror")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown setup mode "mirror"`)
}
