package chessmate

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The worked examples of the card-chess rules (§12), one test each.

func game(t *testing.T, s string) *Game {
	t.Helper()
	p, err := ParsePosition(s)
	require.NoError(t, err, s)
	return NewGame(p)
}

func sorted(tokens ...string) []string {
	out := append([]string{}, tokens...)
	sort.Strings(out)
	return out
}

func cardActions(legal []string) []string {
	var out []string
	for _, t := range legal {
		if strings.Contains(t, ":") || strings.Contains(t, "+") || t == "stalemate" {
			out = append(out, t)
		}
	}
	return out
}

func TestExample1StartWithCards(t *testing.T) {
	g := game(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/?,?,? 9 - -")
	legal := g.Legal()
	assert.Len(t, legal, 68)
	count := map[string]int{}
	for _, a := range legal {
		code, _, _ := strings.Cut(a, ":")
		if len(code) == 2 {
			count[code]++
		} else {
			count["move"]++
		}
	}
	assert.Equal(t, map[string]int{"move": 20, "FC": 32, "MS": 16}, count)
}

func TestExample2Cowardice(t *testing.T) {
	g := game(t, "4k3/3p4/3p4/4p3/8/8/8/4K3 w - - 0 1 e7 - - CW,LC,HQ/?,?,? 9 - -")
	assert.Equal(t, sorted("CW:d7d8", "CW:e5e6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"), g.Legal())
}

func TestExample3DarkMirrorAgainstShield(t *testing.T) {
	g := game(t, "4k3/8/8/8/3P4/2n1b3/8/4K3 w - - 0 1 - - e3 DM,LC,HQ/?,?,? 8 MS MS")
	assert.Equal(t, sorted("DM:d4c3", "d4d5", "e1f1"), g.Legal())
}

func TestExample4DeathDanceExposingKing(t *testing.T) {
	g := game(t, "4k3/8/8/8/1b6/8/3r4/4K3 w - - 0 1 - - - DD,LC,HQ/?,?,? 9 - -")
	assert.Equal(t, []string{"e1f1"}, g.Legal())
}

func TestExample5ChampionMoves(t *testing.T) {
	g := game(t, "7k/8/8/8/3N4/8/8/K7 w - - 0 1 - d4 - LC,HQ,RV/?,?,? 9 - -")
	assert.Equal(t, sorted("a1a2", "a1b1", "a1b2", "d4a8", "d4g8", "d4h1", "d4h7"), g.Legal())
}

func TestExample6RegularCardMayNotMate(t *testing.T) {
	g := game(t, "4r2k/6pp/8/8/8/8/6PP/RN4K1 w - - 0 1 - - - LC,HQ,RV/?,?,? 9 - -")
	assert.Equal(t, sorted("a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "b1a3", "b1c3", "b1d2",
		"g1f1", "g1f2", "g1h1", "g2g3", "g2g4", "h2h3", "h2h4"), g.Legal())
	// With a bishop that can take on e8 it is only check, so the card is legal.
	g = game(t, "4r2k/6pp/2b5/8/8/8/6PP/RN4K1 w - - 0 1 - - - LC,HQ,RV/?,?,? 9 - -")
	assert.Len(t, g.Legal(), 18)
	assert.Contains(t, g.Legal(), "LC:a1e8")
}

func TestExample7Rebirth(t *testing.T) {
	g := game(t, "R7/8/6k1/3r4/8/8/8/4K2R w - - 0 1 - - - RB,HQ,RV/?,?,? 9 - -")
	assert.Equal(t, []string{"RB:d5a8", "RB:d5h8", "RB:g6e8"}, cardActions(g.Legal()))
	assert.Len(t, g.Legal(), 29)
	_, err := g.Play("RB:d5a8@?")
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(g.Position(), "r7/8/6k1/8/8/8/8/4K2R b - - 0 1 "), g.Position())
}

func TestExample8Crusade(t *testing.T) {
	g := game(t, "4k3/8/8/8/8/p1P5/8/B3K3 w - - 0 1 - - - CR,LC,RV/?,?,? 9 - -")
	assert.Equal(t, sorted("CR:a1b2a1", "CR:a1b2a3", "CR:a1b2c1", "a1b2", "c3c4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"), g.Legal())
}

func TestExample9EscapingMateWithACard(t *testing.T) {
	g := game(t, "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - FC,MS,DI/?,?,? 9 - -")
	assert.Equal(t, sorted("FC:b1", "FC:c1", "FC:d1", "FC:e1", "FC:f1"), g.Legal())
	assert.False(t, g.Status().Over)
	g = game(t, "6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - MS,CW,DI/?,?,? 9 - -")
	assert.Empty(t, g.Legal())
	st := g.Status()
	assert.True(t, st.Over)
	assert.Equal(t, "0-1", st.Result)
	assert.Equal(t, "checkmate", st.Reason)
}

func TestExample10Stalemate(t *testing.T) {
	g := game(t, "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/?,?,? 9 - -")
	legal := g.Legal()
	assert.Len(t, legal, 63)
	assert.Contains(t, legal, "MS:a1")
	assert.Contains(t, legal, "stalemate")
	_, err := g.Play("stalemate")
	require.NoError(t, err)
	st := g.Status()
	assert.Equal(t, "1/2-1/2", st.Result)
	assert.Equal(t, "stalemate claimed", st.Reason)

	g = game(t, "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - CW,DI,LJ/?,?,? 9 - -")
	assert.Empty(t, g.Legal())
	assert.Equal(t, "stalemate", g.Status().Reason)
	assert.Equal(t, "1/2-1/2", g.Status().Result)
}

func TestExample11VultureHandOfFate(t *testing.T) {
	g := game(t, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 e5 - - VU,HF,DI/LJ,CH,RV MS,CW,DD,DM,RB,LC,HQ,CR FC FC")
	_, err := g.Play("VU+HF+e2e4")
	require.NoError(t, err)
	want := "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq e3 0 2 e5 - - LJ,CH,RV/FC,DI,MS CW,DD,DM,RB,LC,HQ,CR VU,HF HF"
	assertSamePosition(t, want, g.Position())
}

// assertSamePosition compares position strings with hands as multisets (§13.6).
func assertSamePosition(t *testing.T, want, got string) {
	t.Helper()
	w, g := strings.Fields(want), strings.Fields(got)
	require.Len(t, g, 13, got)
	handSets := func(s string) [2][]string {
		a, b, _ := strings.Cut(s, "/")
		x, y := strings.Split(a, ","), strings.Split(b, ",")
		sort.Strings(x)
		sort.Strings(y)
		return [2][]string{x, y}
	}
	assert.Equal(t, handSets(w[9]), handSets(g[9]), "hands")
	w[9], g[9] = "", ""
	assert.Equal(t, w, g)
}

func TestExample12Reshuffle(t *testing.T) {
	g := game(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,FC,HQ/VU,HF,CR 0 CW,DM,DD,DI,CH,RB,RV,LJ,LC -")
	_, err := g.Play("MS:e1")
	require.NoError(t, err)
	p := g.Pos()
	hand := p.Hand(white).Cards()
	require.Len(t, hand, 3)
	nine := []Card{Cowardice, DarkMirror, DeathDance, Disintegration, Champion, Rebirth, Revelation, LongJump, LostCastle}
	assert.Contains(t, nine, hand[2], "the new card comes from the reshuffled cards")
	assert.Equal(t, 8, p.DrawSize())
	assert.Equal(t, []Card{MysticShield}, p.Discard())
	assert.Equal(t, MysticShield, p.LastCard())
	// Replaying is deterministic.
	again := game(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,FC,HQ/VU,HF,CR 0 CW,DM,DD,DI,CH,RB,RV,LJ,LC -")
	_, err = again.Play("MS:e1")
	require.NoError(t, err)
	assert.Equal(t, g.Position(), again.Position())
	// An arbiter that shuffled differently names the card drawn; it is
	// taken from the reshuffled pile. A card not in the pile is an error.
	other := game(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,FC,HQ/VU,HF,CR 0 CW,DM,DD,DI,CH,RB,RV,LJ,LC -")
	_, err = other.Play("MS:e1@LJ")
	require.NoError(t, err)
	assert.Equal(t, LongJump, other.Pos().Hand(white).Cards()[2])
	assert.Equal(t, 8, other.Pos().DrawSize())
	_, err = again.Play("e7e5@FC")
	assert.ErrorContains(t, err, "a regular move draws no card")
	bad := game(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,FC,HQ/VU,HF,CR 0 CW,DM,DD,DI,CH,RB,RV,LJ,LC -")
	_, err = bad.Play("MS:e1@VU")
	assert.ErrorContains(t, err, "contradicts the draw pile")
}

func TestExample13RevelationHolyQuest(t *testing.T) {
	g := game(t, "4k3/8/8/8/8/8/8/1N2KB1n w - - 0 1 - - - RV,HQ,LC/?,?,? 9 - -")
	assert.Equal(t, []string{"HQ:f1h1", "RV:b1f1"}, cardActions(g.Legal()))
	assert.Len(t, g.Legal(), 15)
}

func TestExample14LongJump(t *testing.T) {
	g := game(t, "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1 e4 - - LJ,LC,HQ/?,?,? 9 - -")
	assert.Len(t, cardActions(g.Legal()), 30)
	assert.Len(t, g.Legal(), 38)
	assert.NotContains(t, g.Legal(), "LJ:g1e4")
	assert.NotContains(t, g.Legal(), "LJ:g1e8")
}

func TestExample15ShieldRemovesCapture(t *testing.T) {
	g := game(t, "4k3/8/8/3q4/3Q4/8/8/4K3 b - - 0 1 - - d4 ?,?,?/LC,HQ,RV 8 MS MS")
	legal := g.Legal()
	assert.Len(t, legal, 28)
	assert.NotContains(t, legal, "d5d4")
	unshielded := game(t, "4k3/8/8/3q4/3Q4/8/8/4K3 b - - 0 1 - - - ?,?,?/LC,HQ,RV 8 MS MS")
	assert.Len(t, unshielded.Legal(), 29)
	_, err := g.Play("d5d5")
	assert.Error(t, err)
	_, err = g.Play("d5c5")
	require.NoError(t, err)
	assert.Zero(t, g.Pos().Shields(), "the shield is gone after Black's turn")
}
