package main

import (
	"fmt"
	"os"
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

// TestVarMatchGoPerEngine: -go1 and -go2 reach their own engine whichever
// colour it plays; each engine's input is logged by a wrapper script.
func TestVarMatchGoPerEngine(t *testing.T) {
	dir := t.TempDir()
	var wrappers [2]string
	for i := range wrappers {
		wrappers[i] = filepath.Join(dir, fmt.Sprintf("engine%d.sh", i+1))
		script := fmt.Sprintf("#!/bin/sh\ntee -a %s/in%d.txt | %s uci\n", dir, i+1, devBinary)
		require.NoError(t, os.WriteFile(wrappers[i], []byte(script), 0o755))
	}
	_, stderr, code := runEngine(t, "", "varmatch", "-games", "2", "-go", "depth 3", "-go1", "depth 1", "-go2", "nodes 300",
		"-engine1", wrappers[0], "-engine2", wrappers[1], "-max-plies", "6")
	require.Equal(t, 0, code, stderr)
	for i, want := range []string{"go depth 1", "go nodes 300"} {
		in, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("in%d.txt", i+1)))
		require.NoError(t, err)
		gos := regexp.MustCompile(`(?m)^go .*$`).FindAllString(string(in), -1)
		require.NotEmpty(t, gos, "engine %d", i+1)
		for _, g := range gos {
			assert.Equal(t, want, g, "engine %d", i+1)
		}
	}
}
