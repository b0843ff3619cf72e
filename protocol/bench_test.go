package protocol

import (
	"context"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/games"
	"tempest/nnue"
)

// TestBenchSignatures runs every game's bench and compares its node total
// with testdata/bench.txt: a refactor must leave every game's search exactly
// as it was, and a functional change must say so by updating the file.
func TestBenchSignatures(t *testing.T) {
	if testing.Short() {
		t.Skip("the four benches take several seconds")
	}
	text, err := os.ReadFile("../testdata/bench.txt")
	require.NoError(t, err)
	want := map[string]uint64{}
	for _, line := range strings.Split(string(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		require.Len(t, f, 2, "line %q", line)
		n, err := strconv.ParseUint(f[1], 10, 64)
		require.NoError(t, err, "line %q", line)
		want[f[0]] = n
	}
	for _, v := range games.All() {
		n, ok := want[v.Name()]
		if !assert.True(t, ok, "testdata/bench.txt has no signature for %s", v.Name()) {
			continue
		}
		res := v.Bench(context.Background(), v.Properties().BenchDepth, DefaultSettings(), func(string) {})
		assert.Equal(t, n, res.Nodes, "%s bench: %d nodes, testdata/bench.txt says %d", v.Name(), res.Nodes, n)
	}
}

// TestBenchInEveryGame: "bench" in a UCI session runs the current game's
// bench and ends with its node total.
func TestBenchInEveryGame(t *testing.T) {
	for _, v := range games.All() {
		out := runScript(t, "setoption name UCI_Variant value "+v.Name()+"\nbench 1\n")
		assert.Regexp(t, `(?m)^\d+ nodes \d+ nps$`, out, v.Name())
		assert.Regexp(t, `(?m)^position +1/`, out, v.Name())
	}
}

// "bench" evaluates as the session does: with Use NNUE on it names the
// net and searches other trees than the hand-crafted evaluation.
func TestBenchFollowsTheEvaluation(t *testing.T) {
	total := func(out string) string {
		m := regexp.MustCompile(`(?m)^(\d+) nodes \d+ nps$`).FindStringSubmatch(out)
		require.NotNil(t, m, out)
		return m[1]
	}
	hce := runScript(t, "setoption name Use NNUE value false\nbench 3\n")
	net := runScript(t, "setoption name Use NNUE value true\nbench 3\n")
	assert.Contains(t, net, "info string bench: EvalFile: the embedded net "+nnue.DefaultName)
	assert.NotContains(t, hce, "info string bench:")
	assert.NotEqual(t, total(hce), total(net))
}
