package chameleon

import (
	"errors"
	"strings"
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPositionErrors: every kind of bad position string is refused with an
// error naming the field and the problem.
func TestPositionErrors(t *testing.T) {
	for _, tc := range []struct{ pos, msg string }{
		{"", "position: has 0 fields, want 5"},
		{"a1h8 a1rr,e8yg r 0", "position: has 4 fields, want 5"},
		{"a1h9 a1rr,e8yg r 0 0", `bounds: "a1h9" is not two corners such as a1h8`},
		{"a1h8x a1rr,e8yg r 0 0", `bounds: "a1h8x" is not two corners`},
		{"h8a1 a1rr,e8yg r 0 0", "the first corner must be the lower left"},
		{"a1b8 a1rr,b8yg r 0 0", "bounds: a1b8 is 2x8; the bounds are never smaller than 3x3"},
		{"a1h8 a1rr,e8y r 0 0", `pawns: "e8y" is not <square><owner><knight colour>`},
		{"a1h8 a1rr,e9yg r 0 0", `pawns: "e9yg": "e9" is not a square`},
		{"a1h8 a1rr,e8yx r 0 0", `pawns: "e8yx": "yx" is not a pawn name`},
		{"a1h8 a1rr,a1yg r 0 0", "pawns: a1 holds two pawns (rr and yg)"},
		{"a1h8 a1rr,h8rr r 0 0", "pawns: pawn rr appears twice"},
		{"b1h8 a1rr,h8yg r 0 0", "pawns: a1rr stands outside the bounds b1h8"},
		{"a1h8 a1rr,h8yg x 0 0", `to-move: "x" is not r, g, y or b`},
		{"a1h8 a1rr,h8yg rg 0 0", `to-move: "rg" is not r, g, y or b`},
		{"a1h8 a1rr,h8yg b 0 0", "to-move: blue is to move but has no pawns"},
		{"a1h8 a1rr,h8yg r -1 0", `quiet-plies: "-1" is not a number from 0 to 100`},
		{"a1h8 a1rr,h8yg r 101 0", `quiet-plies: "101" is not a number from 0 to 100`},
		{"a1h8 a1rr,h8yg r 0 x", `ply: "x" is not a number`},
		{"a1h8 a1rr,h8yg r 0 99999999999999999999", `ply: "999999999999..." is not a number from 0 to 1073741824`},
		{"a1h8 - r 0 0", "pawns: there are no pawns"},
		{"a1h8 ,a1rr r 0 0", `pawns: "" is not <square><owner><knight colour>`},
	} {
		_, err := ParsePosition(tc.pos)
		require.Error(t, err, tc.pos)
		assert.Contains(t, err.Error(), tc.msg, tc.pos)
		var pe *PositionError
		assert.True(t, errors.As(err, &pe), "typed error for %q", tc.pos)
	}
}

// TestMoveErrors: illegal and malformed moves name what is wrong.
func TestMoveErrors(t *testing.T) {
	p := parse(t, "a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0")
	for _, tc := range []struct{ tok, msg string }{
		{"", "not a move"},
		{"f4", "not a move"},
		{"f4g9", "not a move"},
		{"f4b4q", "not a move"},
		{"e5e6", "no pawn on e5"},
		{"b4b5", "rg on b4 belongs to red, but yellow is to move"},
		{"f4g7", "g7 holds yellow's own pawn yr"},
		{"f4h6", "h6 is outside the bounds a3g7"},
		{"a7a8", "a8 is outside the bounds a3g7"},
		{"d6d5", "yb on d6 is a bishop there (on a green field) and cannot reach d5"},
		{"d6a3", "yb on d6 is a bishop there (on a green field) and cannot reach a3"},
		{"0000", "yellow has legal moves; passing is only allowed without one"},
	} {
		_, err := p.ParseMove(tc.tok)
		require.Error(t, err, tc.tok)
		assert.Contains(t, err.Error(), tc.msg, tc.tok)
		var me *MoveError
		assert.True(t, errors.As(err, &me))
	}
	m, err := p.ParseMove("f4b4")
	require.NoError(t, err)
	assert.Equal(t, "f4b4", m.String())
	assert.True(t, p.Legal(m))
	assert.False(t, p.Legal(MakeMove(sq("f4"), sq("g7"))))
	assert.False(t, p.Legal(PassMove))
}

// TestFailedPlayChangesNothing: a rejected move leaves the game as it was.
func TestFailedPlayChangesNothing(t *testing.T) {
	g := game(t, start4)
	play(t, g, "a1b3")
	before, actions := g.Position(), g.Actions()
	for _, tok := range []string{"a8b6x", "b3d4", "a8a7", "zzzz", "0000"} {
		_, err := g.Play(tok)
		assert.Error(t, err, tok)
	}
	assert.Equal(t, before, g.Position())
	assert.Equal(t, actions, g.Actions())
}

// TestRecordRoundTrip: a game written as PGN loads back to the same game.
func TestRecordRoundTrip(t *testing.T) {
	g := game(t, "d2g5 g5yg,e4yr,d2gb,g2gr g 0 0")
	play(t, g, "d2g5", "e4f2", "g5g4")
	text := WriteRecord(g.Record())
	for _, want := range []string{`[Variant "chameleon"]`, `[FEN "d2g5 g5yg,e4yr,d2gb,g2gr g 0 0"]`, `[Green "?"]`,
		`[Yellow "?"]`, `[Result "*"]`, "1. d2g5 2. e4f2 3. g5g4 *"} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, text, `[Red "?"]`, "red does not play")
	r, err := rules.ParsePGN(text)
	require.NoError(t, err)
	back, err := LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, g.Position(), back.Position())
	assert.Equal(t, g.Actions(), back.Actions())

	// A finished game: winner tag, termination, eliminations, comment.
	g = game(t, "d2g5 g5yg,d2gb g 0 0")
	play(t, g, "d2f4")
	text = WriteRecord(g.Record())
	for _, want := range []string{`[Result "y"]`, `[Termination "last player standing"]`, `[Eliminated "g 1"]`,
		"1. d2f4 {yellow wins: last player standing} *"} {
		assert.Contains(t, text, want)
	}
	r, err = rules.ParsePGN(text)
	require.NoError(t, err)
	back, err = LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, "y", back.Status().Result)
}

// TestRecordDrawAndLongGame: draws end with 1/2-1/2; lines wrap at 80.
func TestRecordDrawAndLongGame(t *testing.T) {
	g := game(t, start4)
	cycle := []string{"b1c3", "a7c6", "e8d6", "h2f3", "c3b1", "c6a7", "d6e8", "f3h2"}
	play(t, g, cycle...)
	play(t, g, cycle...)
	text := WriteRecord(g.Record())
	assert.Contains(t, text, `[Termination "draw: repetition"]`)
	assert.True(t, strings.HasSuffix(strings.TrimSpace(text), "1/2-1/2"))
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "[") {
			assert.LessOrEqual(t, len(line), 80, "movetext line %q", line)
		}
	}
	r, err := rules.ParsePGN(text)
	require.NoError(t, err)
	assert.Equal(t, "1/2-1/2", r.Result)
	back, err := LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, ReasonRepetition, back.Status().Reason)
}

// TestRecordErrors: a broken record names the problem; nothing is loaded.
func TestRecordErrors(t *testing.T) {
	for _, tc := range []struct{ record, msg string }{
		{"[Variant \"chameleon\"]\n[FEN \"a1h8 a1rr r 0\"]\n\n*\n", "FEN tag: position: has 4 fields, want 5"},
		{"[Variant \"chameleon\"]\n[FEN \"a1h8 a1rr,h8yg b 0 0\"]\n\n*\n", "FEN tag: to-move: blue is to move but has no pawns"},
		{"[Variant \"chameleon\"]\n\n1. a1b3 2. a8b6 3. a8b6 *\n", `move 3 (a8b6) is illegal: move "a8b6": `},
		{"[Variant \"chameleon\"]\n\n1. a1b3 2. xx *\n", `move 2 (xx) is illegal: move "xx": not a move`},
	} {
		r, err := rules.ParsePGN(tc.record)
		require.NoError(t, err)
		_, err = LoadRecord(r)
		require.Error(t, err, tc.record)
		assert.Contains(t, err.Error(), tc.msg)
	}
	// No FEN tag: the four-player start.
	r, err := rules.ParsePGN("[Variant \"chameleon\"]\n\n1. a1b3 2. a8b6 *\n")
	require.NoError(t, err)
	g, err := LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, "y", g.Status().ToMove)
}
