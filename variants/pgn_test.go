package variants

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePGN(t *testing.T) {
	r, err := ParsePGN(`[Event "Casual"]
[White "A \"quoted\" name"]
[Result "1-0"]

1. e4 {best by test} e5 2. Nf3 (2. f4 exf4) Nc6 $1 ; a comment
3. Bb5 a6 4... Ba4 1-0
`)
	require.NoError(t, err)
	assert.Equal(t, `A "quoted" name`, r.Tag("White"))
	assert.Equal(t, []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"}, r.Moves)
	assert.Equal(t, "1-0", r.Result)

	for _, bad := range []struct{ text, msg string }{
		{"", "the text is empty"},
		{"1. e4 e5", "no tag pairs"},
		{"[Event x]\n1. e4", `is not a tag pair`},
		{"[Event \"x\"\n1. e4", "does not end with ]"},
		{"[Event \"x\"]\n1. e4 {", "comment { is never closed"},
		{"[Event \"x\"]\n1. e4 (e5", "variation ( is never closed"},
		{"[Event \"x\"]\n1. e4 }", "a } closes no comment"},
		{"[Event \"x\"]\n" + strings.Repeat("e4 ", MaxRecordBytes/3+10), "more than"},
	} {
		_, err := ParsePGN(bad.text)
		var re *RecordError
		if assert.ErrorAs(t, err, &re, bad.text) {
			assert.Contains(t, err.Error(), bad.msg)
		}
	}
}

func TestWritePGN(t *testing.T) {
	r := Record{Tags: [][2]string{{"Event", `say "hi"`}}, Moves: []string{"e5", "Nf3", "Nc6"}, Result: "*"}
	text := r.Write(7, true)
	assert.Equal(t, "[Event \"say \\\"hi\\\"\"]\n\n7... e5 8. Nf3 Nc6 *\n", text)
	back, err := ParsePGN(text)
	require.NoError(t, err)
	assert.Equal(t, r.Moves, back.Moves)
	assert.Equal(t, `say "hi"`, back.Tag("Event"))
	long := Record{Tags: [][2]string{{"Event", "x"}}}
	for i := 0; i < 100; i++ {
		long.Moves = append(long.Moves, "Nf3")
	}
	for _, line := range strings.Split(long.Write(1, false), "\n") {
		assert.LessOrEqual(t, len(line), 80)
	}
}

func FuzzParsePGN(f *testing.F) {
	f.Add("[Event \"x\"]\n\n1. e4 e5 {c} 2. Nf3 (2. f4) $1 *\n")
	f.Add("[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1-0")
	f.Add("1. e4")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParsePGN(text)
		if err != nil {
			return
		}
		// What was read writes out and reads back the same.
		again, err := ParsePGN(r.Write(1, false))
		if err != nil {
			t.Fatalf("%q: written record does not parse: %v", text, err)
		}
		if len(again.Moves) != len(r.Moves) {
			t.Fatalf("%q: %d moves, %d after a round trip", text, len(r.Moves), len(again.Moves))
		}
	})
}
