package protocol

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 35, finding 14: genfens cut short by stop, go or play says how
// many of how many positions it wrote, in a line a genfens reader (which
// takes every "info string genfens " line) does not read as a position.
// Once a short list looked like the whole.
func TestGenFENsCutShortSaysSo(t *testing.T) {
	for _, cut := range []string{"stop", "go depth 1", "play e2e4"} {
		var out safeBuffer
		s := NewSession(&out)
		s.Execute("genfens 1000000 seed 1")
		for deadline := time.Now().Add(30 * time.Second); !strings.Contains(out.String(), "genfens ") && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		s.Execute(cut)
		s.quit()
		got := out.String()
		written := strings.Count(got, "info string genfens ")
		require.Greater(t, written, 0, cut)
		m := regexp.MustCompile(`info string warning: genfens stopped after (\d+) of 1000000 positions; the list is incomplete\n`).FindStringSubmatch(got)
		require.NotNil(t, m, "%s: no note of the cut\n%.600s", cut, got)
		assert.Equal(t, fmt.Sprint(written), m[1], "%s: the note counts the positions written", cut)
		assert.NotContains(t, got, "perft stopped", cut)
		if cut == "play e2e4" {
			assert.Contains(t, got, "info string play stops genfens: the position changes\n")
		}
	}

	// A genfens that finishes says nothing more.
	out := runScript(t, "genfens 3 seed 1\n")
	assert.Equal(t, 3, strings.Count(out, "info string genfens "))
	assert.NotContains(t, out, "stopped")
}
