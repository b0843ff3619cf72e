//go:build tune

package protocol

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The tune build offers the search parameters as options, and a value set
// reaches the search.
func TestTuneOptions(t *testing.T) {
	out := runScript(t, "uci\nsetoption name RFPMargin value 90\nsetoption name RFPMargin value 9999\ngo depth 3\n")
	assert.Contains(t, out, "option name RfpMargin type spin default 75 min 20 max 200")
	assert.Contains(t, out, "option RfpMargin value 9999 is outside 20..200; using 200")
	assert.Contains(t, out, "bestmove ")
}
