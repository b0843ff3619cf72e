package chsearch

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
	"tempest/variants/chameleon"
)

// sensibleSet lists the sensible moves of p's mover.
func sensibleSet(p *chameleon.Position) []string {
	var buf [chameleon.MaxMoves]chameleon.Move
	var out []string
	for _, m := range p.GenMoves(buf[:0]) {
		if Sensible(p, m) {
			out = append(out, m.String())
		}
	}
	return out
}

func TestSensibleMoves(t *testing.T) {
	// The free capture is the only move that wins material.
	assert.Equal(t, []string{"a1b3"}, sensibleSet(parse(t, freeCapture)))

	// Rules example 3, yellow to move: red's bishop b6 attacks yg on a7,
	// red's knight d3 and rook b4 attack yy on f4, and no single move saves
	// both. Taking the rook on b4 (with yy or yb) wins a pawn for the one
	// yellow is left to lose; every other move just loses one.
	assert.ElementsMatch(t, []string{"f4b4", "d6b4"}, sensibleSet(parse(t, "a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0")))

	// Rules example 5, green to move: both captures of yg land on g5,
	// which yr's knight on e4 covers; every quiet move leaves gr or gb to
	// yg's queen lines.
	assert.ElementsMatch(t, []string{"g2g5", "d2g5"}, sensibleSet(parse(t, "d2g5 g5yg,e4yr,d2gb,g2gr g 0 0")))
}

// playGame plays plies moves from the four-player start with the given
// level at each colour and returns the game.
func playGame(t testing.TB, levels map[chameleon.Color]kit.Level, plies int, seed uint64) *chameleon.Game {
	t.Helper()
	start, err := chameleon.StartPosition(0b1111)
	require.NoError(t, err)
	g := chameleon.NewGame(start)
	e := New(1)
	for i := 0; i < plies && !g.Status().Over; i++ {
		e.SetLevel(levels[g.Pos().ToMove()], seed+uint64(i))
		res := e.Search(context.Background(), g.Pos(), g.Keys(), Limits{Depth: 2}, nil)
		_, err := g.Play(res.BestMove.String())
		require.NoError(t, err)
	}
	return g
}

// TestSensiblePlayers: greedy players always take the move of the highest
// gain, so they count as sensible once they have made enough moves; a
// player moving at random does not, nor does anyone before its fifth move.
func TestSensiblePlayers(t *testing.T) {
	greedy := kit.Level{Kind: kit.GreedyMover}
	random := kit.Level{Kind: kit.RandomMover}
	levels := map[chameleon.Color]kit.Level{
		chameleon.Red: random, chameleon.Blue: greedy, chameleon.Yellow: greedy, chameleon.Green: greedy,
	}
	checked := 0
	for seed := uint64(1); seed <= 10; seed++ {
		early := playGame(t, levels, 12, seed*100)
		assert.Zero(t, SensiblePlayers(early), "seed %d: after 3 moves each nobody has shown enough", seed)

		// 20 plies: five moves each, unless someone was eliminated.
		g := playGame(t, levels, 20, seed*100)
		if g.Pos().Players() < 4 {
			continue
		}
		set := SensiblePlayers(g)
		for _, c := range []chameleon.Color{chameleon.Blue, chameleon.Yellow, chameleon.Green} {
			assert.NotZero(t, set&(1<<c), "seed %d: greedy %s", seed, c)
		}
		assert.Zero(t, set&(1<<chameleon.Red), "seed %d: the random player, game %v", seed, g.Actions())
		checked++
	}
	assert.GreaterOrEqual(t, checked, 3, "games still with four players after 20 plies")
}

// TestModelledOpponentsPlaySensibly: in the principal variation of a
// search that models every opponent, each opponent move of the full-width
// part is a sensible one; in plain paranoid search some are not.
func TestModelledOpponentsPlaySensibly(t *testing.T) {
	const depth = 6
	p := parse(t, "a1h8 c8yy,e8yg,f8yr,b6bb,a5by,e5gr,c4rr,h3gb,b2rg,h1gg,d1rb g 3 21")
	slips := func(algo Algorithm) int {
		e := New(4)
		e.SetOptions(Options{Algorithm: algo, Sensible: 0b1111})
		res := e.Search(context.Background(), p, nil, Limits{Depth: depth}, nil)
		require.GreaterOrEqual(t, len(res.PV), depth)
		n := 0
		pos := *p
		for _, m := range res.PV[:depth] {
			if pos.ToMove() != p.ToMove() && pos.Players() > 2 && !Sensible(&pos, m) {
				n++
			}
			pos.Make(m)
		}
		return n
	}
	assert.Zero(t, slips(ParanoidModel))
	assert.Positive(t, slips(Paranoid), "the position shows the difference")
}

// BenchmarkSensiblePlayers judges the players of a 40-ply four-player game
// of greedy players, as every "go" does before its search.
func BenchmarkSensiblePlayers(b *testing.B) {
	greedy := kit.Level{Kind: kit.GreedyMover}
	levels := map[chameleon.Color]kit.Level{
		chameleon.Red: greedy, chameleon.Blue: greedy, chameleon.Yellow: greedy, chameleon.Green: greedy,
	}
	g := playGame(b, levels, 40, 7)
	for b.Loop() {
		SensiblePlayers(g)
	}
}
