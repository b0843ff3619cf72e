package stratego

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartPosition,
		"e1M!'s4tf/7W2/4k5/10/10/C!9/9C/FT8 e 10 c8,- V:KT,E:w 0 1",
		"e2M!'4W!'f/10/10/10/10/C!K!2k'5/9C/FT8 e 20 d8,- V:T,E:wst 0 7",
		"U'9/10/10/10/10/10/10/F8C v 00 -,- - 0 0",
		"9f/9c/4X5/10/10/10/10/FC8 e 11 @0,@0 V:K,E:r 3 9",
	} {
		p, err := ParsePosition(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, p.String())
	}
	// Marks in either order and unmarked strings are read.
	p, err := ParsePosition("e1M'!s4tf/7W2/4k5/10/10/C!9/9C/FT8 e 10 c8,- V:KT,E:w 0 1")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(p.String(), "e1M!'s"))
}

// TestPositionErrors: every kind of broken string is refused with an error
// naming the part that is wrong.
func TestPositionErrors(t *testing.T) {
	for _, tc := range []struct{ s, field, msg string }{
		{"", "position", "0 fields"},
		{"10/10/10/10/10/10/10 v 00 -,- - 0 0", "placement", "7 ranks"},
		{"11/10/10/10/10/10/10/10 v 00 -,- - 0 0", "placement", "empty-square count"},
		{"9/10/10/10/10/10/10/10 v 00 -,- - 0 0", "placement", "covers 9 squares"},
		{"9Z/10/10/10/10/10/10/10 v 00 -,- - 0 0", "placement", "not a piece letter"},
		{"9l/10/10/10/10/10/10/10 v 00 -,- - 0 0", "placement", "not a piece letter"},
		{"10/10/10/2K7/10/10/10/10 v 00 -,- - 0 0", "placement", "lake c5"},
		{"10/10/10/10/10/10/10/T'9 v 00 -,- - 0 0", "placement", "cannot move"},
		{"10/10/10/10/10/10/10/u!9 v 00 -,- - 0 0", "placement", "marked revealed"},
		{"10/10/10/10/10/10/10/K!!9 v 00 -,- - 0 0", "placement", "repeated"},
		{"10/10/10/10/10/10/10/DD8 v 00 -,- - 0 0", "pieces", "2 Dragon(s)"},
		{"10/10/10/10/10/10/10/D9 v 00 -,- V:D 0 0", "pieces", "2 Dragon(s)"},
		{"u9/10/10/10/10/10/10/U9 v 00 -,- - 0 0", "pieces", "both sides"},
		{"10/10/10/10/10/10/10/F9 x 00 -,- - 0 0", "to-move", "\"x\""},
		{"10/10/10/10/10/10/10/F9 v 30 -,- - 0 0", "resurrections", "two digits"},
		{"10/10/10/10/10/10/10/K9 v 10 -,- - 0 0", "trigger", "must be named"},
		{"10/10/10/10/10/10/10/K9 v 00 a1,- - 0 0", "trigger", "used no resurrection"},
		{"10/10/10/10/10/10/10/C9 v 10 a1,- - 0 0", "trigger", "other than a Scout"},
		{"10/10/10/10/10/10/10/K9 v 10 b1,- - 0 0", "trigger", "holds no Volcandria piece"},
		{"10/10/10/10/10/10/10/K9 v 10 @0,- - 0 0", "trigger", "not an index"},
		{"10/10/10/10/10/10/10/K9 v 10 @0,- V:T 0 0", "trigger", "Trap"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- V:k 0 0", "defeated", "Everwinter piece"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- E:k,V:K 0 0", "defeated", "comes first"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- V: 0 0", "defeated", "empty"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- V:F,E:f 0 0", "defeated", "both Flags"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- - x 0", "quiet plies", "not a number"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- - 5 2", "quiet plies", "only 2 plies"},
		{"10/10/10/10/10/10/10/K9 v 00 -,- - 0 -1", "ply", "not a number"},
	} {
		_, err := ParsePosition(tc.s)
		var pe *PositionError
		if assert.True(t, errors.As(err, &pe), "%q: %v", tc.s, err) {
			assert.Equal(t, tc.field, pe.Field, tc.s)
			assert.Contains(t, pe.Problem, tc.msg, tc.s)
		}
	}
}

func TestViewHidesUnrevealedEnemies(t *testing.T) {
	g := game(t, StartPosition)
	play(t, g, "a3a4", "a6a5", "a4a5")
	v := g.Pos().View(Volcandria)
	// Volcandria's Dragon beat the Slayer a5 and stands revealed there; the
	// Everwinter pieces are unknown, the defeated Slayer is public.
	assert.Equal(t, "uuuuuuuuuu/uuuuuuuuuu/1uuuuuuuuu/D!'9/10/1MKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL e 00 -,- E:x 0 3", v.String())
	e := g.Pos().View(Everwinter)
	assert.Equal(t, "dmkkrrrsse/ewwwwwcccc/1ttttttfyy/D!'9/10/1UUUUUUUUU/UUUUUUUUUU/UUUUUUUUUU e 00 -,- E:x 0 3", e.String())
	side, ok := e.Viewer()
	assert.True(t, ok)
	assert.Equal(t, Everwinter, side)
	_, ok = g.Pos().Viewer()
	assert.False(t, ok, "full knowledge is nobody's view")
	// A view reads back as itself.
	back, err := ParsePosition(e.String())
	require.NoError(t, err)
	assert.Equal(t, e.String(), back.String())
}

// TestViewGameFollowsArbiter plays a game with full knowledge and replays
// its tokens in both players' views: every view stays the view of the
// arbiter's position, and the end is the same.
func TestViewGameFollowsArbiter(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for n := 0; n < 20; n++ {
		start := NewStart(RandomSetup(rng), RandomSetup(rng), Volcandria)
		full := NewGame(start)
		views := [2]*Game{}
		for s := Volcandria; s <= Everwinter; s++ {
			v := start.View(s)
			views[s] = NewGame(&v)
		}
		for ply := 0; ply < 400 && !full.Status().Over; ply++ {
			legal := full.Legal()
			_, err := full.Play(legal[rng.IntN(len(legal))])
			require.NoError(t, err)
			tok := full.Actions()[len(full.Actions())-1]
			for s := Volcandria; s <= Everwinter; s++ {
				_, err := views[s].Play(tok)
				require.NoError(t, err, "%s view, token %s, position %s", s, tok, views[s].Position())
				want := full.Pos().View(s)
				require.Equal(t, want.String(), views[s].Position(), "%s view after %s", s, tok)
			}
		}
		for s := Volcandria; s <= Everwinter; s++ {
			assert.Equal(t, full.Status(), views[s].Status(), "%s view", s)
			assert.Equal(t, full.PublicHistory(), views[s].PublicHistory(), "%s view", s)
		}
	}
}

func TestAnnouncements(t *testing.T) {
	// Volcandria's view: the Mage on c7 attacks an unknown piece on c8.
	g := game(t, "u1us4t1/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	_, err := g.Play("c7c8")
	assert.ErrorContains(t, err, "needs the arbiter's announcement")
	_, err = g.Play("c7c8:Kw")
	assert.ErrorContains(t, err, "contradicts the Mage on c7")
	_, err = g.Play("c7c8:MW")
	assert.ErrorContains(t, err, "is a Volcandria piece")
	_, err = g.Play("c7c8:Mf")
	require.NoError(t, err, "an unmoved unknown piece may be the Flag")
	assert.Equal(t, "1-0", g.Status().Result)

	g = game(t, "u'1us4tf/M4W4/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	_, err = g.Play("a7a8:Mt")
	assert.ErrorContains(t, err, "has moved, so it cannot be a Trap")
	_, err = g.Play("a7a8:Md")
	require.NoError(t, err)
	assert.Contains(t, g.Position(), "d!")

	// An announced end is checked against what is known.
	g = game(t, "9f/9y/4t5/4K5/10/10/10/FT8 v 00 -,- - 0 0")
	_, err = g.Play("e5e6:Kt#nolegal")
	assert.ErrorContains(t, err, "no movable pieces")
	g = game(t, "9f/9y/4t5/4K5/10/10/10/FT8 v 00 -,- - 0 0")
	_, err = g.Play("e5f5#nomovable")
	assert.ErrorContains(t, err, "both are known")

	// In Everwinter's view of Example 5, only the arbiter knows that
	// Volcandria's two unknown pieces cannot move.
	g = game(t, "9f/9y/4t5/4U5/10/10/10/UU8 v 00 -,- - 0 0")
	_, err = g.Play("e5e6:Kt")
	require.NoError(t, err)
	assert.False(t, g.Status().Over, "without the announcement the game goes on")
	g = game(t, "9f/9y/4t5/4U5/10/10/10/UU8 v 00 -,- - 0 0")
	_, err = g.Play("e5e6:Kt#nomovable")
	require.NoError(t, err)
	assert.Equal(t, "0-1", g.Status().Result)
	assert.Equal(t, ReasonNoMovable, g.Status().Reason)
}

func TestIllegalMovesExplained(t *testing.T) {
	for _, tc := range []struct{ token, msg string }{
		{"a5a6", "no piece on a5"},
		{"a6a5", "Everwinter's"},
		{"b1b2", "Trap never moves"},
		{"c3c4", "c4 is a lake"},
		{"a3a2", "own pieces"},
		{"a3b4", "diagonally"},
		{"a3a5", "moves one square"},
		{"a3", "two squares"},
		{"a3a4:Dx", "no battle on a4"},
		{"a3a4#draw", "unknown end announcement"},
	} {
		g := game(t, StartPosition)
		_, err := g.Play(tc.token)
		var me *MoveError
		if assert.True(t, errors.As(err, &me), tc.token) {
			assert.Contains(t, me.Error(), tc.msg, tc.token)
		}
		assert.Equal(t, StartPosition, g.Position(), "nothing changes on an error")
	}
}

func TestRepetitionAndNoBattleLimit(t *testing.T) {
	g := game(t, "9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 0")
	for i := 0; i < 2; i++ {
		play(t, g, "a2b2", "a7b7", "b2a2", "b7a7")
	}
	st := g.Status()
	assert.True(t, st.Over)
	assert.Equal(t, ReasonRepetition, st.Reason)
	assert.Equal(t, "1/2-1/2", st.Result)

	g = game(t, "9f/e9/10/10/10/10/E9/9F v 00 -,- - 198 198")
	play(t, g, "a2b2")
	assert.False(t, g.Status().Over)
	play(t, g, "a7b7")
	assert.Equal(t, ReasonNoBattle, g.Status().Reason)
	// Repetition wins a tie with the limit.
	g = game(t, "9f/e9/10/10/10/10/E9/9F v 00 -,- - 192 192")
	for i := 0; i < 2; i++ {
		play(t, g, "a2b2", "a7b7", "b2a2", "b7a7")
	}
	assert.Equal(t, ReasonRepetition, g.Status().Reason)
}

func TestRecordRoundTrip(t *testing.T) {
	g := game(t, "e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	play(t, g, "c7c8", "e6e5", "c8d8", "e5e4", "h7h8", "e4e3", "h8i8", "e3d3", "j2j8")
	text := g.RecordText()
	assert.Contains(t, text, "[Variant \"stratego\"]")
	assert.Contains(t, text, "1. c7c8:Mw e6e5 2. c8d8:Ms")
	r, err := rules.ParsePGN(text)
	require.NoError(t, err)
	back, err := LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, g.Position(), back.Position())
	assert.Equal(t, g.Status(), back.Status())

	r.Moves[2] = "c8c1"
	_, err = LoadRecord(r)
	assert.ErrorContains(t, err, "move 3 (c8c1) is illegal")
	r.Moves[2] = "c8d8"
	r.Result = "0-1"
	_, err = LoadRecord(r)
	assert.ErrorContains(t, err, "contradicts")
}

func TestIncrementalKeyMatchesRebuild(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for n := 0; n < 30; n++ {
		p := NewStart(RandomSetup(rng), RandomSetup(rng), Volcandria)
		for ply := 0; ply < 300; ply++ {
			var buf [MaxMoves]Move
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Play(moves[rng.IntN(len(moves))])
			q := *p
			q.rebuild()
			require.Equal(t, q.key, p.key)
			require.Equal(t, q.pkey, p.pkey)
			require.Equal(t, q.count, p.count)
			back, err := ParsePosition(p.String())
			require.NoError(t, err, p.String())
			require.Equal(t, p.String(), back.String())
			require.Equal(t, p.key, back.key)
		}
	}
}

// TestViewRepetitionIsCertain replays a match game in which two unknown
// Volcandria pieces ended on each other's squares: Everwinter's view saw
// the position of 37 plies earlier again, the arbiter did not (the pieces
// differ). A view declares only repetitions it is sure of, so it follows
// the arbiter to the end.
func TestViewRepetitionIsCertain(t *testing.T) {
	text, err := os.ReadFile("testdata/view_repetition.pgn")
	require.NoError(t, err)
	r, err := rules.ParsePGN(string(text))
	require.NoError(t, err)
	full, err := LoadRecord(rules.Record{Tags: r.Tags, Moves: r.Moves})
	require.NoError(t, err)
	start := full.Begin().View(Everwinter)
	view := NewGame(&start)
	for i, m := range r.Moves {
		_, err := view.Play(m)
		require.NoError(t, err, "move %d (%s)", i+1, m)
	}
	assert.Equal(t, full.Status(), view.Status())
	v := full.Pos().View(Everwinter)
	assert.Equal(t, v.String(), view.Position())
	assert.Equal(t, full.Legal(), view.Legal())
}

// A trigger won a battle, so it is revealed (§7) even when the string
// leaves the mark out, and the opponent's view shows it (found by
// FuzzParsePosition in CI: the view named an unknown piece as trigger and
// did not read back).
func TestTriggerIsRevealed(t *testing.T) {
	p, err := ParsePosition("C2X4C1/10/10/10/10/1C2c5/9C/1c8 e 10 d8,- E:c 0 0")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(p.String(), "C2X!4C1/"), p.String())
	v := p.View(Everwinter)
	assert.True(t, strings.HasPrefix(v.String(), "U2X!4U1/"), v.String())
	back, err := ParsePosition(v.String())
	require.NoError(t, err)
	assert.Equal(t, v.String(), back.String())
}
