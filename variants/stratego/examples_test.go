package stratego

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The worked examples of the rules (§11), one test each. The examples'
// position strings predate §12.1's marks, so results are compared with the
// marks stripped and the marks are checked separately.

func game(t *testing.T, s string) *Game {
	t.Helper()
	p, err := ParsePosition(s)
	require.NoError(t, err, s)
	return NewGame(p)
}

func play(t *testing.T, g *Game, tokens ...string) {
	t.Helper()
	for _, tok := range tokens {
		_, err := g.Play(tok)
		require.NoError(t, err, tok)
	}
}

func sorted(tokens string) []string {
	out := strings.Fields(tokens)
	sort.Strings(out)
	return out
}

func unmarked(s string) string { return strings.NewReplacer("!", "", "'", "").Replace(s) }

func TestExample1OpeningMoves(t *testing.T) {
	g := game(t, StartPosition)
	assert.Equal(t, sorted("a3a4 b3b4 e3e4 f3f4 i3i4 j3j4"), g.Legal())
	play(t, g, "a3a4")
	assert.Equal(t, sorted("a6a5 i6i5 j6j5"), g.Legal())
	assert.Equal(t, "e", g.Status().ToMove)
}

func TestExample2ScoutLinesAndLakes(t *testing.T) {
	g := game(t, "9f/4k4t/10/10/10/10/1TC1C5/F9 v 00 -,- - 0 0")
	assert.Equal(t, sorted("c2c1 c2c3 c2d2 e2d2 e2e1 e2e3 e2e4 e2e5 e2e6 e2e7 e2f2 e2g2 e2h2 e2i2 e2j2"), g.Legal())
	report, err := g.Play("e2e7")
	require.NoError(t, err)
	assert.Equal(t, []string{"battle Ck", "defender wins", "removed C e2"}, []string(report))
	assert.Equal(t, "9f/4k!4t/10/10/10/10/1TC7/F9 e 00 -,- V:C 0 1", g.Position())
}

func TestExample3BattleTable(t *testing.T) {
	for _, tc := range []struct {
		a, d Kind
		want Outcome
	}{
		{Dragon, Slayer, AttackerWins}, {Slayer, Dragon, AttackerWins}, {Dwarf, Trap, AttackerWins},
		{Knight, Trap, DefenderWins}, {Slayer, Trap, DefenderWins}, {Beast, Beast, Tie}, {Slayer, Slayer, Tie},
		{Scout, Flag, AttackerWins}, {Elf, Dwarf, AttackerWins}, {Dwarf, Elf, DefenderWins},
	} {
		assert.Equal(t, tc.want, Resolve(tc.a, tc.d), "%s -> %s", tc.a.Name(Volcandria), tc.d.Name(Everwinter))
	}
	// The same cases played on a board, with the removals they cause.
	board := func(a, d byte) string {
		return "c8f/10/4" + string(d) + "5/4" + string(a) + "5/10/10/10/F9 v 00 -,- - 0 0"
	}
	for _, tc := range []struct {
		a, d    byte
		removed []string
	}{
		{'D', 'x', []string{"removed x e6"}}, {'X', 'd', []string{"removed d e6"}}, {'W', 't', []string{"removed t e6"}},
		{'K', 't', []string{"removed K e5"}}, {'X', 't', []string{"removed X e5"}},
		{'L', 'y', []string{"removed L e5", "removed y e6"}}, {'X', 'x', []string{"removed X e5", "removed x e6"}},
		{'E', 'w', []string{"removed w e6"}}, {'W', 'e', []string{"removed W e5"}},
	} {
		g := game(t, board(tc.a, tc.d))
		report, err := g.Play("e5e6")
		require.NoError(t, err)
		for _, r := range tc.removed {
			assert.Contains(t, report, r, "%c -> %c", tc.a, tc.d)
		}
	}
	g := game(t, "c9/10/4f5/4C5/10/10/10/F9 v 00 -,- - 0 0")
	play(t, g, "e5e6")
	assert.Equal(t, "1-0", g.Status().Result)
	assert.Equal(t, ReasonFlag, g.Status().Reason)

	// The concrete case, both ways round.
	g = game(t, "9f/9c/4d5/4X5/10/10/10/FC8 v 00 -,- - 0 0")
	report, err := g.Play("e5e6")
	require.NoError(t, err)
	assert.Equal(t, []string{"battle Xd", "attacker wins", "removed d e6"}, []string(report))
	assert.Equal(t, "9f/9c/4X5/10/10/10/10/FC8 e 00 -,- E:d 0 1", unmarked(g.Position()))
	assert.Equal(t, "9f/9c/4X!'5/10/10/10/10/FC8 e 00 -,- E:d 0 1", g.Position())
	g = game(t, "9f/9c/4d5/4X5/10/10/10/FC8 e 00 -,- - 0 0")
	play(t, g, "e6e5")
	assert.Equal(t, "9f/9c/10/4d5/10/10/10/FC8 v 00 -,- V:X 0 1", unmarked(g.Position()))
}

func TestExample4ResurrectionSequence(t *testing.T) {
	g := game(t, "e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	report, err := g.Play("c7c8")
	require.NoError(t, err)
	assert.Contains(t, report, "resurrected C a3")
	assert.Equal(t, "e1Ms4tf/7W2/4k5/10/10/C9/9C/FT8 e 10 c8,- V:KT,E:w 0 1", unmarked(g.Position()))
	assert.True(t, strings.HasPrefix(g.Position(), "e1M!'s4tf/7W2/4k5/10/10/C!9/"), "the Mage moved and is revealed, the Scout is face up: %s", g.Position())

	play(t, g, "e6e5")
	report, err = g.Play("c8d8")
	require.NoError(t, err)
	assert.NotContains(t, strings.Join(report, ";"), "resurrected", "the trigger piece cannot resurrect again")
	assert.True(t, strings.HasSuffix(g.Position(), "e 10 d8,- V:KT,E:ws 0 3"), g.Position())

	play(t, g, "e5e4")
	report, err = g.Play("h7h8")
	require.NoError(t, err)
	assert.Empty(t, report, "a move onto an empty back-row square is no battle")
	play(t, g, "e4e3")
	report, err = g.Play("h8i8")
	require.NoError(t, err)
	assert.Contains(t, report, "resurrected K b3")
	assert.Equal(t, "e2M4Wf/10/10/10/10/CK2k5/9C/FT8 e 20 d8,- V:T,E:wst 0 7", unmarked(g.Position()))

	play(t, g, "e3d3")
	assert.False(t, g.Status().Over)
	report, err = g.Play("j2j8")
	require.NoError(t, err)
	assert.Contains(t, report, "battle Cf")
	st := g.Status()
	assert.True(t, st.Over)
	assert.Equal(t, "1-0", st.Result)
	assert.Equal(t, ReasonFlag, st.Reason)
	assert.Empty(t, g.Legal())
	assert.Equal(t, []string{"c7c8:Mw", "e6e5", "c8d8:Ms", "e5e4", "h7h8", "e4e3", "h8i8:Wt", "e3d3", "j2j8:Cf"}, g.Actions())
}

func TestExample5LastMovablePieceLost(t *testing.T) {
	g := game(t, "9f/9y/4t5/4K5/10/10/10/FT8 v 00 -,- - 0 0")
	assert.Equal(t, sorted("e5e4 e5e6 e5f5"), g.Legal())
	play(t, g, "e5e6")
	st := g.Status()
	assert.True(t, st.Over)
	assert.Equal(t, "0-1", st.Result)
	assert.Equal(t, ReasonNoMovable, st.Reason)
	assert.Equal(t, []string{"e5e6:Kt#nomovable"}, g.Actions(), "the end depends on hidden pieces: the arbiter's token announces it")
}

func TestExample6BothArmiesImmobile(t *testing.T) {
	g := game(t, "9f/9t/4y5/4L5/10/10/10/F9 v 00 -,- - 0 0")
	play(t, g, "e5e6")
	st := g.Status()
	assert.True(t, st.Over)
	assert.Equal(t, "1/2-1/2", st.Result)
	assert.Equal(t, ReasonImmobile, st.Reason)
}

func TestExample7NoLegalMove(t *testing.T) {
	g := game(t, "9f/9y/10/10/10/10/T9/WTF7 v 00 -,- - 0 0")
	var buf [MaxMoves]Move
	assert.Empty(t, g.Pos().GenMoves(buf[:0]))
	st := g.Status()
	assert.True(t, st.Over)
	assert.Equal(t, "0-1", st.Result)
	assert.Equal(t, ReasonNoLegal, st.Reason)
}

func TestExample8ScoutAlongOpenFile(t *testing.T) {
	g := game(t, "9f/9c/4X5/10/10/10/10/FC8 e 00 -,- E:d 0 1")
	assert.Equal(t, sorted("j7a7 j7b7 j7c7 j7d7 j7e7 j7f7 j7g7 j7h7 j7i7 j7j1 j7j2 j7j3 j7j4 j7j5 j7j6"), g.Legal())
}
