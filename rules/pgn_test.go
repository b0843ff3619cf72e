package rules

import (
	"slices"
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
		{"[White \"A\"]\n[White \"B\"]\n\n*", "line 2: a second White tag"},
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
	f.Add("[Event \"x\"]\n\n1. a1b3 2. 0000 3. b3c5\n")
	f.Add("[Event \"x\"]\n\n1. e4 e5 1-0 2. Nf3 Nc6 *\n")
	f.Add("{c} [Event \"x\"] [Site \"y\"]\t[ Round \"1\" ]\n\n1. e4 *\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParsePGN(text)
		if err != nil {
			return
		}
		if (r.Result == "") != (len(r.Warnings) > 0) {
			t.Fatalf("%q: result %q with warnings %q", text, r.Result, r.Warnings)
		}
		// What was read writes out and reads back the same.
		again, err := ParsePGN(r.Write(1, false))
		if err != nil {
			t.Fatalf("%q: written record does not parse: %v", text, err)
		}
		want := r.Result
		if want == "" {
			want = Unfinished // Write ends every movetext with a result
		}
		if !slices.Equal(again.Moves, r.Moves) || !slices.Equal(again.Tags, r.Tags) || again.Result != want {
			t.Fatalf("%q: read %q %q %s, after a round trip %q %q %s", text, r.Tags, r.Moves, r.Result, again.Tags, again.Moves, again.Result)
		}
	})
}

// TestParsePGNKeepsPassTokens (issue 14, finding 11): Chameleon's forced
// pass is the token 0000 (rules §6); move numbers start at 1, so an
// all-digit token starting with 0 is a move, with or without a number
// glued to it.
func TestParsePGNKeepsPassTokens(t *testing.T) {
	r, err := ParsePGN("[Event \"x\"]\n\n1. a1b3 2. 0000 3. b3c5 4.0000 5...0000 12 a8b6 *\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"a1b3", "0000", "b3c5", "0000", "0000", "a8b6"}, r.Moves)
}

// TestParsePGNResultEndsMovetext (finding 13): a result marker ends the
// game, so any movetext after it is refused with its line and the moves it
// follows.
func TestParsePGNResultEndsMovetext(t *testing.T) {
	for _, tc := range []struct{ text, msg string }{
		{"[Event \"x\"]\n\n1. e4 e5 1-0 2. Nf3 Nc6 *\n", `line 3: the result 1-0 after move 2 (e5) is followed by "Nf3"`},
		{"[Event \"x\"]\n\n1. e4 e5\n2. Nf3 *\nNc6\n", `line 4: the result * after move 3 (Nf3) is followed by "Nc6"`},
		{"[Event \"x\"]\n\n1-0 e4\n", `the result 1-0 before any move is followed by "e4"`},
		{"[Event \"x\"]\n\n1. e4 1/2-1/2 garbage\n", `is followed by "garbage"`},
		{"[Event \"x\"]\n\n1. e4 0-1\n\n[Event \"y\"]\n\n1. d4 *\n", "line 5: a tag pair after the movetext"},
		{"[Event \"x\"]\n\n1. e4 [Event \"y\"] *\n", "line 3: a tag pair after the movetext"},
	} {
		_, err := ParsePGN(tc.text)
		var re *RecordError
		if assert.ErrorAs(t, err, &re, tc.text) {
			assert.Contains(t, err.Error(), tc.msg)
		}
	}
	// Comments after the result carry no moves.
	r, err := ParsePGN("[Event \"x\"]\n\n1. e4 1-0 {Black resigned} ; the end\n")
	require.NoError(t, err)
	assert.Equal(t, "1-0", r.Result)
	assert.Empty(t, r.Warnings)
}

// TestParsePGNWithoutResult (finding 12): a movetext without a result
// marker may be cut short; it is read with a warning that says so, and
// never trusts a Result tag its moves may not reach. A record of tags
// alone is refused.
func TestParsePGNWithoutResult(t *testing.T) {
	r, err := ParsePGN("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"e4", "e5", "Nf3"}, r.Moves)
	assert.Equal(t, "", r.Result)
	require.Len(t, r.Warnings, 1)
	assert.Contains(t, r.Warnings[0], "no result (1-0, 0-1, 1/2-1/2 or *) after move 3 (Nf3)")
	assert.Contains(t, r.Warnings[0], "cut short")
	assert.Contains(t, r.Warnings[0], `Result tag "1-0"`)

	for _, text := range []string{"[Event \"x\"]", "[Event \"x\"]\n[Result \"1-0\"]\n\n{nothing else}\n"} {
		_, err = ParsePGN(text)
		assert.ErrorContains(t, err, "no movetext after the tags", text)
	}
	r, err = ParsePGN("[Event \"x\"]\n\n*\n")
	require.NoError(t, err)
	assert.Empty(t, r.Warnings)
	assert.Empty(t, r.Moves)
	assert.Equal(t, "*", r.Result)
}

// TestParsePGNRefusesAMoveStartingWithABracket: "0.[" read as the move "["
// was written at the start of a line and read back as a tag pair (found by
// FuzzParsePGN in CI).
func TestParsePGNRefusesAMoveStartingWithABracket(t *testing.T) {
	_, err := ParsePGN("[Event \"x\"]\n\n1. e4 0.[ *\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"0.[" is not a move`)
}

// Tag pairs as other programs and hand edits lay them out: two or more on
// a line (legal PGN), separated by spaces or tabs, spaces inside the
// brackets, comments and escape lines before them, a byte order mark, CRLF,
// Latin-1. Before, two pairs on one line corrupted both: [Event "x"] [Site
// "Here"] read as one Event tag with the value `x"] [Site "Here` (issue 35,
// finding 13).
func TestTagPairsAsOthersWriteThem(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"two on a line", "[Event \"x\"] [Site \"Here\"]\n[Result \"*\"]\n\n1. e4 *\n"},
		{"tabs, no space", "[Event \"x\"]\t[Site \"Here\"][Result\t\"*\"]\n\n1. e4 *\n"},
		{"spaces in brackets", "[ Event \"x\" ]\n[  Site   \"Here\"  ]  [Result \"*\"]\n\n1. e4 *\n"},
		{"comments first", "{ made by hand }\n% escape\n; note\n[Event \"x\"] { between } [Site \"Here\"]\n[Result \"*\"]\n1. e4 *\n"},
		{"BOM and CRLF", "\ufeff[Event \"x\"]\r\n[Site \"Here\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n"},
		{"a ] inside a value", "[Event \"x\"] [Site \"Here\"] [Annotator \"a ] b\"] [Result \"*\"]\n\n1. e4 *\n"},
		{"bare quotes in a value", "[Event \"x\"] [Site \"Here\"] [White \"Py \"Thon\"\"] [Result \"*\"]\n\n1. e4 *\n"},
	} {
		r, err := ParsePGN(tc.text)
		if !assert.NoError(t, err, tc.name) {
			continue
		}
		assert.Equal(t, "x", r.Tag("Event"), tc.name)
		assert.Equal(t, "Here", r.Tag("Site"), tc.name)
		assert.Equal(t, "*", r.Tag("Result"), tc.name)
		assert.Equal(t, []string{"e4"}, r.Moves, tc.name)
	}
	r, err := ParsePGN("[Event \"x\"] [White \"Py \"Thon\"\"]\t[Black \"a \\\"b\\\" \\\\\"]\n\n1. e4 *\n")
	require.NoError(t, err)
	assert.Equal(t, `Py "Thon"`, r.Tag("White"), "python-chess writes quotes unescaped")
	assert.Equal(t, `a "b" \`, r.Tag("Black"))
	r, err = ParsePGN("[Event \"x\"] [White \"M\xfcller, J\xfcrgen\"]\n\n1. e4 *\n")
	require.NoError(t, err)
	assert.Equal(t, "Müller, Jürgen", r.Tag("White"), "Latin-1, the PGN standard's encoding")

	// Line by line, as the match tools read fastchess's records.
	tags, err := ParseTags("[White \"a\"]\t[Black \"b\"]")
	require.NoError(t, err)
	assert.Equal(t, [][2]string{{"White", "a"}, {"Black", "b"}}, tags)
	_, err = ParseTags("[White \"a\"] 1. e4")
	assert.ErrorContains(t, err, "is not a line of tag pairs")

	for _, bad := range []struct{ text, msg string }{
		{"[Event \"x\"] [Site \"Here\"\n\n1. e4 *", "line 1: tag \"[Site \\\"Here\\\"\" does not end with ]"},
		{"[Event \"x\"] [Site Here]\n\n1. e4 *", "is not a tag pair"},
		{"[Event \"x\"] [Site \"Here]\n\n1. e4 *", "does not end with ]"},
		{"[Event \"x\"] [Event \"y\"]\n\n1. e4 *", "a second Event tag"},
		{"\xff\xfe[\x00E\x00", "UTF-16"},
	} {
		_, err := ParsePGN(bad.text)
		if assert.Error(t, err, bad.text) {
			assert.Contains(t, err.Error(), bad.msg)
		}
	}
}
