package kit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A two-valued go word: absent or the default is false, the alternative
// true, anything else false with a note naming the word, the value and both
// choices.
func TestChoice(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
		note string
	}{
		{[]string{"depth", "1"}, false, ""},
		{[]string{"depth", "1", "shape", "round"}, false, ""},
		{[]string{"shape", "square", "depth", "1"}, true, ""},
		{[]string{"depth", "1", "shape", "oval"}, false, `go shape "oval" is not "square" or "round"; using round`},
	} {
		g := ParseGo(tc.args, 0, "shape")
		assert.Equal(t, tc.want, g.Choice("shape", "round", "square"), "%v", tc.args)
		if tc.note == "" {
			assert.Empty(t, g.Notes, "%v", tc.args)
		} else {
			assert.Equal(t, []string{tc.note}, g.Notes, "%v", tc.args)
		}
		assert.Equal(t, 1, g.Limits.Depth, "%v: the limits are read as before", tc.args)
	}
}
