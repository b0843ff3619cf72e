package tuning

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSelfPlayIsTheSameOnAnyThreadCount: every game is seeded by its
// number, so two workers write the same positions as one (in another
// order). Run under -race it also checks the workers share nothing unguarded.
func TestSelfPlayIsTheSameOnAnyThreadCount(t *testing.T) {
	run := func(threads int) []string {
		cfg := DefaultSelfPlay
		cfg.Games, cfg.Nodes, cfg.Threads, cfg.MaxPlies, cfg.SkipPlies = 4, 300, threads, 40, 4
		var out strings.Builder
		stats, err := GenerateSelfPlay(context.Background(), cfg, &out, nil)
		require.NoError(t, err)
		assert.Equal(t, 4, stats.Games)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		sort.Strings(lines)
		return lines
	}
	one := run(1)
	require.NotEmpty(t, one)
	assert.Equal(t, one, run(2))
}
