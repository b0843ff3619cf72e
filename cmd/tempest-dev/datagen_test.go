package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The data and training commands end to end: two shards made, a second run
// finds them finished, a net trained from them, and bad flags refused.
func TestDataAndTrainCommands(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	args := []string{"datagen", "-out", data, "-shards", "2", "-games", "2", "-soft-nodes", "200", "-hard-nodes", "2000", "-openings", ""}
	_, stderr, code := runEngine(t, "", args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "games 4/4")
	for _, seed := range []string{"1", "2"} {
		assert.FileExists(t, filepath.Join(data, "shard-"+seed+".tgame"))
	}
	_, stderr, code = runEngine(t, "", args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "games 4/4", "resumed: nothing left to play")

	run := filepath.Join(dir, "run")
	_, stderr, code = runEngine(t, "", "train", "-data", data, "-run", run, "-epochs", "2", "-batch", "32")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "epoch 2/2")
	info, err := os.Stat(filepath.Join(run, "net.nnue"))
	require.NoError(t, err)
	assert.Positive(t, info.Size())
	assert.FileExists(t, filepath.Join(run, "loss.csv"))
	// The loss plot of docs/NNUE.md reads that file: one line per loss.
	svg := filepath.Join(dir, "loss.svg")
	out, err := exec.Command("python3", "../../testdata/tools/lossplot.py", svg, "test="+filepath.Join(run, "loss.csv")).CombinedOutput()
	require.NoError(t, err, "%s", out)
	plot, err := os.ReadFile(svg)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(plot), "<svg"))
	assert.Equal(t, 2, strings.Count(string(plot), "<polyline"))

	_, stderr, code = runEngine(t, "", "datagen", "-out", data, "-soft-nodes", "0")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-soft-nodes")
	_, stderr, code = runEngine(t, "", "train", "-data", filepath.Join(dir, "none-*.tgame"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no shards match")
}
