//go:build tune

package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every tunable's default lies in its range, and Retune rebuilds the
// tables from a changed value.
func TestTunablesRetune(t *testing.T) {
	for _, p := range Tunables {
		assert.True(t, p.Min <= *p.Value && *p.Value <= p.Max, "%s %d outside %d..%d", p.Name, *p.Value, p.Min, p.Max)
	}
	before := lmrTable[20][20]
	old := lmrDivisor
	defer func() { lmrDivisor = old; Retune() }()
	lmrDivisor = 120
	Retune()
	assert.Greater(t, lmrTable[20][20], before)
}
