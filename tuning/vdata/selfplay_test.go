package vdata

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toyMove is a two-byte move whose text is its number.
type toyMove uint16

func (m toyMove) String() string { return fmt.Sprint(uint16(m)) }

// toyTurns is a scripted game: the first player moves on even turns, each
// turn's move and score (from the mover's view) come from the script, and
// the rules end it after overAfter turns (0: never) with result.
type toyTurns struct {
	moves     []toyMove
	scores    []int
	keep      []bool
	overAfter int
	result    Result
	played    []toyMove
}

func (g *toyTurns) selfPlay(maxTurns, winScore, winTurns int) *SelfPlay[toyMove] {
	s := &SelfPlay[toyMove]{MaxTurns: maxTurns, Win: WinStreak{Score: winScore, Turns: winTurns}}
	s.Over = func() (bool, Result) {
		if g.overAfter > 0 && len(g.played) == g.overAfter {
			return true, g.result
		}
		return false, Draw
	}
	s.Search = func(context.Context) (toyMove, int, uint64, bool) {
		i := len(g.played)
		return g.moves[i], g.scores[i], uint64(10 + i), i%2 == 0
	}
	s.Play = func(best toyMove, score int) (bool, error) {
		if best == 99 {
			return false, errors.New("an illegal move")
		}
		g.played = append(g.played, best)
		return g.keep[len(g.played)-1], nil
	}
	return s
}

func script(n int, scores ...int) *toyTurns {
	g := &toyTurns{}
	for i := range n {
		g.moves = append(g.moves, toyMove(i+1))
		g.scores = append(g.scores, 0)
		g.keep = append(g.keep, i%2 == 1)
	}
	copy(g.scores, scores)
	return g
}

// The turn loop ends a game where the rules do, at the turn limit (a
// draw, adjudicated), or where the score from the first player's view
// stays decided, the second player's scores turned round; its stats count
// the searched turns, the kept ones and the nodes.
func TestSelfPlayRun(t *testing.T) {
	ctx := context.Background()
	g := script(10)
	g.overAfter, g.result = 3, FirstWins
	r, adjudicated, st, err := g.selfPlay(100, 100, 2).Run(ctx, "toy")
	require.NoError(t, err)
	assert.Equal(t, FirstWins, r)
	assert.False(t, adjudicated)
	assert.Equal(t, GameStats{Plies: 3, Kept: 1, Nodes: 10 + 11 + 12}, st)
	assert.Equal(t, []toyMove{1, 2, 3}, g.played)

	g = script(10)
	s := g.selfPlay(5, 100, 2)
	s.Played = 2 // two random moves before: three searched turns reach five
	r, adjudicated, st, err = s.Run(ctx, "toy")
	require.NoError(t, err)
	assert.Equal(t, Draw, r)
	assert.True(t, adjudicated)
	assert.Equal(t, 3, st.Plies)

	// Each side thinks it is winning: no streak from the first player's view.
	g = script(10, 150, 150, 150, 150)
	r, _, st, err = g.selfPlay(4, 100, 2).Run(ctx, "toy")
	require.NoError(t, err)
	assert.Equal(t, Draw, r)
	assert.Equal(t, 4, st.Plies)
	// Both agree the first player is winning, or (after a break) losing.
	for _, c := range []struct {
		scores []int
		want   Result
		plies  int
	}{{[]int{0, -150, 100, -120}, FirstWins, 3}, {[]int{0, 0, -150, 50, -150, 150}, FirstLoses, 6}} {
		g = script(10, c.scores...)
		r, adjudicated, st, err = g.selfPlay(100, 100, 2).Run(ctx, "toy")
		require.NoError(t, err)
		assert.Equal(t, c.want, r, "%v", c.scores)
		assert.True(t, adjudicated)
		assert.Equal(t, c.plies, st.Plies)
	}
}

// The turn loop stops with an error on a search that finds no move, a
// move the rules refuse, or a cancelled context.
func TestSelfPlayRunErrors(t *testing.T) {
	g := script(10)
	g.moves[2] = 0
	_, _, _, err := g.selfPlay(100, 100, 2).Run(context.Background(), "toy")
	require.ErrorContains(t, err, "toy: the search found no move in an ongoing game")
	assert.Len(t, g.played, 2)

	g = script(10)
	g.moves[1] = 99
	_, _, _, err = g.selfPlay(100, 100, 2).Run(context.Background(), "toy")
	require.ErrorContains(t, err, "an illegal move")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g = script(10)
	_, _, _, err = g.selfPlay(100, 100, 2).Run(ctx, "toy")
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, g.played)
}

func TestScoreResult(t *testing.T) {
	assert.Equal(t, FirstWins, ScoreResult("1-0"))
	assert.Equal(t, FirstLoses, ScoreResult("0-1"))
	assert.Equal(t, Draw, ScoreResult("1/2-1/2"))
}

// The result byte is as docs/VARIANT-TRAINING.md lays it out, and reads back.
func TestResultByte(t *testing.T) {
	for _, c := range []struct {
		r           Result
		adjudicated bool
		b           byte
	}{{FirstLoses, false, 0}, {Draw, false, 1}, {FirstWins, false, 2}, {FirstLoses, true, 4}, {Draw, true, 5}, {FirstWins, true, 6}} {
		b, err := AppendResult([]byte{9}, c.r, c.adjudicated)
		require.NoError(t, err)
		assert.Equal(t, []byte{9, c.b}, b)
		r, adjudicated, err := ReadResult(c.b)
		require.NoError(t, err)
		assert.Equal(t, c.r, r)
		assert.Equal(t, c.adjudicated, adjudicated)
	}
	_, err := AppendResult(nil, 3, false)
	require.ErrorContains(t, err, "result code 3")
	for _, b := range []byte{3, 7, 8, 0x12} {
		_, _, err := ReadResult(b)
		require.ErrorContains(t, err, "result byte")
	}
}

func validToy(m toyMove) bool { return m != 0 && m < 0x8000 }

// The plies are their count and then each ply as AppendPly writes it
// (the move's two bytes, little-endian, and the kept score's code from the
// first player's view); they read back, each passed on and played in turn.
func TestPlies(t *testing.T) {
	plies := []Ply[toyMove]{{Move: 0x0102}, {Move: 0x0304, Score: 20, Kept: true}, {Move: 5, Score: 30, Kept: true}}
	b, err := AppendPlies([]byte{7}, plies, validToy)
	require.NoError(t, err)
	// -20 from the first player's view is a delta of -20, zigzag 39; then
	// +30 is a delta of +50, zigzag 100.
	assert.Equal(t, []byte{7, 3, 0x02, 0x01, 0, 0x04, 0x03, 40, 5, 0, 101}, b)
	var seen, played []string
	back, err := ReadPlies(b[1:], 1500, validToy, func(i int, p Ply[toyMove]) error {
		seen = append(seen, fmt.Sprint(i, p))
		return nil
	}, func(s string) (int, error) {
		played = append(played, s)
		return 0, nil
	})
	require.NoError(t, err)
	assert.Equal(t, plies, back)
	assert.Equal(t, []string{"0 {258 0 false}", "1 {772 20 true}", "2 {5 30 true}"}, seen)
	assert.Equal(t, []string{"258", "772", "5"}, played)
	_, err = ReadPlies(b[1:], 1500, validToy, nil, func(string) (int, error) { return 0, nil })
	require.NoError(t, err, "no seen function")

	refuse := func(name string, valid func(toyMove) bool, play func(string) (int, error), data []byte, want string) {
		t.Helper()
		_, err := ReadPlies(data, 1500, valid, nil, play)
		require.ErrorContains(t, err, want, name)
	}
	legal := func(string) (int, error) { return 0, nil }
	refuse("count", validToy, legal, []byte{0xff, 0xff, 0x7f}, "number of plies")
	refuse("trailing", validToy, legal, append(b[1:], 0), "1 bytes after the last ply")
	refuse("cut", validToy, legal, b[1:len(b)-2], "ply 3")
	refuse("code", func(m toyMove) bool { return m != 0x0304 }, legal, b[1:], "ply 2: move code 0x304")
	refuse("rules", validToy, func(s string) (int, error) {
		if s == "5" {
			return 0, errors.New("no piece there")
		}
		return 0, nil
	}, b[1:], "ply 3: no piece there")

	_, err = AppendPlies(nil, []Ply[toyMove]{{Move: 1}, {Move: 0}}, validToy)
	require.ErrorContains(t, err, "ply 2: move code 0x0")
	_, err = AppendPlies(nil, make([]Ply[toyMove], MaxTurns+1), validToy)
	require.ErrorContains(t, err, "more than")
}

// FuzzReadPlies: any bytes are plies that encode and read back as
// themselves, or an error.
func FuzzReadPlies(f *testing.F) {
	good, _ := AppendPlies(nil, []Ply[toyMove]{{Move: 1}, {Move: 2, Score: -7, Kept: true}}, validToy)
	f.Add(good)
	f.Add([]byte{1, 0, 0, 0})
	legal := func(string) (int, error) { return 0, nil }
	f.Fuzz(func(t *testing.T, data []byte) {
		plies, err := ReadPlies(data, 1500, validToy, nil, legal)
		if err != nil {
			return
		}
		again, err := AppendPlies(nil, plies, validToy)
		if err != nil {
			t.Fatalf("read plies do not encode: %v", err)
		}
		back, err := ReadPlies(again, 1500, validToy, nil, legal)
		if err != nil || !reflect.DeepEqual(plies, back) {
			t.Fatalf("re-encoded plies read back otherwise (%v): %v, then %v", err, plies, back)
		}
	})
}

type toyGame []byte

func (g toyGame) Append(dst []byte) ([]byte, error) { return append(dst, g...), nil }

// PlayAppend appends the played game's encoding to dst, and leaves dst as
// it was when the game fails.
func TestPlayAppend(t *testing.T) {
	play := func(_ context.Context, seed uint64, game int) (toyGame, GameStats, error) {
		if game == 2 {
			return nil, GameStats{Plies: 1}, errors.New("stopped")
		}
		return toyGame{byte(seed), byte(game)}, GameStats{Plies: 4}, nil
	}
	dst, st, err := PlayAppend(context.Background(), play, 7, 1, []byte{9})
	require.NoError(t, err)
	assert.Equal(t, []byte{9, 7, 1}, dst)
	assert.Equal(t, 4, st.Plies)
	dst, _, err = PlayAppend(context.Background(), play, 7, 2, []byte{9})
	require.ErrorContains(t, err, "stopped")
	assert.Equal(t, []byte{9}, dst)
}
