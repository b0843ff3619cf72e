package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The variant data and fit commands end to end: a card-chess shard made
// and found finished by a second run, packed into a chunk, the games read
// once from both, a weights file written, and bad flags refused.
func TestVariantDataAndFitCommands(t *testing.T) {
	dir := t.TempDir()
	data, repo := filepath.Join(dir, "data"), filepath.Join(dir, "repo")
	args := []string{"vdatagen", "-out", data, "-shards", "1", "-games", "2", "-nodes", "300", "-worlds", "1", "-max-turns", "14", "-progress", "1h"}
	_, stderr, code := runEngine(t, "", args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "games 2/2")
	assert.FileExists(t, filepath.Join(data, "shard-1.vgame"))
	_, stderr, code = runEngine(t, "", args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "this run: 0 games", "resumed: nothing left to play")

	_, stderr, code = runEngine(t, "", "vdatapack", "-from", data, "-to", repo, "-chunk", "2")
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(repo, "1-0000000-0000001.vgame.xz"))

	out := filepath.Join(dir, "eval_weights.go")
	stdout, stderr, code := runEngine(t, "", "vfit", "-data", data, "-data", repo, "-out", out, "-epochs", "20")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "vfit: 2 games", "a shard and its chunk hold the same games")
	assert.Contains(t, stdout, "Card[RB]")
	written, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(written), "// Fitted by: tempest-dev vfit -data "+data)
	assert.Contains(t, string(written), "var FittedWeights = CardWeights{")

	for _, bad := range [][]string{
		{"vdatagen", "-out", data, "-nodes", "0"},
		{"vdatagen", "-out", data, "-variant", "nosuchgame"},
		{"vfit", "-from", "nothing"},
		{"vfit", "-variant", "nosuchgame"},
		{"vdatagen", "-out", data, "-variant", "stratego", "-hash", "4"},
		{"vdatagen", "-out", data, "-variant", "chameleon", "-players", "r"},
		{"vdatagen", "-out", data, "-variant", "chameleon", "-players", "rgy"},
		{"vdatagen", "-out", data, "-variant", "chameleon", "-worlds", "3"},
		{"vdatagen", "-out", data, "-variant", "chessmate", "-players", "ry"},
	} {
		_, _, code = runEngine(t, "", bad...)
		assert.Equal(t, 2, code, "%v", bad)
	}
	_, stderr, code = runEngine(t, "", "vfit", "-data", filepath.Join(dir, "none"))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "no game files")
}

// Stratego and Chameleon Chess go through the same commands: a few games
// at a small budget, resumed, packed, and fitted into their weights files.
func TestOtherVariantsDataAndFit(t *testing.T) {
	for _, tc := range []struct{ variant, term, weights string }{
		{"stratego", "HiddenMoved", "var FittedWeights = Weights{"},
		{"chameleon", "FieldsAhead", "var FittedWeights = Weights{"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			dir := t.TempDir()
			data, repo := filepath.Join(dir, "data"), filepath.Join(dir, "repo")
			args := []string{"vdatagen", "-variant", tc.variant, "-out", data, "-seed", "7", "-shards", "1", "-games", "2", "-nodes", "300",
				"-max-turns", "30", "-progress", "1h"}
			_, stderr, code := runEngine(t, "", args...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stderr, "games 2/2")
			assert.Contains(t, stderr, "variant "+tc.variant)
			_, stderr, code = runEngine(t, "", args...)
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stderr, "this run: 0 games", "resumed: nothing left to play")
			_, stderr, code = runEngine(t, "", "vdatapack", "-variant", tc.variant, "-from", data, "-to", repo, "-chunk", "2")
			require.Equal(t, 0, code, stderr)
			assert.FileExists(t, filepath.Join(repo, "7-0000000-0000001.vgame.xz"))
			out := filepath.Join(dir, "eval_weights.go")
			stdout, stderr, code := runEngine(t, "", "vfit", "-variant", tc.variant, "-data", data, "-data", repo, "-out", out, "-epochs", "20")
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stderr, "vfit: 2 games", "a shard and its chunk hold the same games")
			assert.Contains(t, stdout, tc.term)
			written, err := os.ReadFile(out)
			require.NoError(t, err)
			assert.Contains(t, string(written), tc.weights)
			assert.Contains(t, string(written), "// Fitted by: tempest-dev vfit -variant "+tc.variant)
			// The other variant's games are refused by name.
			_, stderr, code = runEngine(t, "", "vfit", "-variant", "chessmate", "-data", data, "-out", "")
			assert.Equal(t, 1, code)
			assert.Contains(t, stderr, "not chessmate")
		})
	}
}
