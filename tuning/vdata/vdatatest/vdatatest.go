// Package vdatatest holds the checks every variant's self-play data must
// pass (docs/VARIANT-TRAINING.md): played games read back as themselves,
// resumed shards are the shards of an uninterrupted run, damaged games are
// refused, and decoded games encode and read back as themselves.
package vdatatest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"tempest/tuning/vdata"
)

// Position is a kept position as RoundTrip compares them: its full text,
// hidden state included, its turn and its score.
type Position struct {
	Text  string
	Turn  int
	Score int16
}

// Codec is what RoundTrip needs of a variant: G is its game, S the state
// its Decode shows before each turn, and T a turn.
type Codec[G, S, T any] struct {
	Play   func(ctx context.Context, seed uint64, game int) (G, vdata.GameStats, error)
	Append func(g G, dst []byte) ([]byte, error)
	// Decode decodes a game, calling f with the state before each turn.
	Decode func(b []byte, f func(state S, turn int, t T) error) (G, error)
	// Replay calls f likewise, replaying a game apart from Decode.
	Replay func(g G, f func(state S, turn int, t T) error) error
	// Kept is the position before turn t, and whether it is kept.
	Kept func(state S, turn int, t T) (Position, bool)
	// Searched is the number of g's turns its generator searched.
	Searched func(g G) int
}

// kept lists the kept positions that walk (Decode or Replay) shows.
func (c *Codec[G, S, T]) kept(walk func(f func(S, int, T) error) error) ([]Position, error) {
	var out []Position
	err := walk(func(s S, turn int, t T) error {
		if p, ok := c.Kept(s, turn, t); ok {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// RoundTrip plays games 0 and 1 of the shard of seed 5 and fails unless
// each one's stats count its searched turns, it encodes, decodes as itself
// with the kept positions its replay gives, and encodes again as the same
// bytes, and the two keep some position.
func RoundTrip[G, S, T any](t *testing.T, c Codec[G, S, T]) {
	t.Helper()
	kept := 0
	for game := 0; game < 2; game++ {
		played, st, err := c.Play(context.Background(), 5, game)
		if err != nil {
			t.Fatal(err)
		}
		kept += st.Kept
		if n := c.Searched(played); st.Plies != n {
			t.Errorf("game %d: the stats count %d searched turns, the game holds %d", game, st.Plies, n)
		}
		encoded, err := c.Append(played, nil)
		if err != nil {
			t.Fatal(err)
		}
		var back G
		seen, err := c.kept(func(f func(S, int, T) error) (err error) {
			back, err = c.Decode(encoded, f)
			return err
		})
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		if !reflect.DeepEqual(played, back) {
			t.Errorf("game %d reads back otherwise: %+v, then %+v", game, played, back)
		}
		want, err := c.kept(func(f func(S, int, T) error) error { return c.Replay(played, f) })
		if err != nil {
			t.Fatalf("game %d does not replay: %v", game, err)
		}
		if !reflect.DeepEqual(want, seen) {
			t.Errorf("game %d: decoding it kept %+v, replaying it %+v", game, seen, want)
		}
		again, err := c.Append(back, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(encoded, again) {
			t.Errorf("game %d encodes again otherwise", game)
		}
	}
	if kept == 0 {
		t.Error("two games kept no position")
	}
}

// ReplayPlies replays stored plies as a variant's Decode does: each is
// passed to f and then played by its text with play, the rules' check.
func ReplayPlies[M interface {
	~uint16
	String() string
}, R any](plies []vdata.Ply[M], f func(i int, p vdata.Ply[M]) error, play func(string) (R, error)) error {
	for i, p := range plies {
		if err := f(i, p); err != nil {
			return err
		}
		if _, err := play(p.Move.String()); err != nil {
			return fmt.Errorf("ply %d: %v", i+1, err)
		}
	}
	return nil
}

// Encoded is g's encoding, and fails unless it decodes as g: the good
// game that a test of damaged games damages.
func Encoded[G any](t *testing.T, g G, encode func(G, []byte) ([]byte, error), decode func([]byte) (G, error)) []byte {
	t.Helper()
	good, err := encode(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decode(good)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g, back) {
		t.Fatalf("the game reads back otherwise: %+v, then %+v", g, back)
	}
	return good
}

// Plies is a short legal game made by hand for tests: n plies, each the
// middle one of the moves legal gives, played with play, every second one
// kept with the score 10 times its index.
func Plies[M interface {
	~uint16
	String() string
}, R any](t *testing.T, n int, legal func() []M, play func(string) (R, error)) []vdata.Ply[M] {
	t.Helper()
	var plies []vdata.Ply[M]
	for i := range n {
		moves := legal()
		if len(moves) == 0 {
			t.Fatalf("ply %d: no legal move", i+1)
		}
		p := vdata.Ply[M]{Move: moves[len(moves)/2]}
		if i%2 == 1 {
			p.Score, p.Kept = int16(10*i), true
		}
		plies = append(plies, p)
		if _, err := play(p.Move.String()); err != nil {
			t.Fatal(err)
		}
	}
	return plies
}

// Refuses returns a check that decode refuses a damaged game's bytes with
// an error saying want, run as the subtest name.
func Refuses[G any](t *testing.T, decode func([]byte) (G, error)) func(name, want string, data []byte) {
	return func(name, want string, data []byte) {
		t.Helper()
		t.Run(name, func(t *testing.T) {
			_, err := decode(data)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("error %v, want one saying %q", err, want)
			}
		})
	}
}

// Resume plays a shard of three games whole and again stopped after its
// first game and resumed, each with generators from newGen, and fails
// unless the two files are the same bytes.
func Resume(t *testing.T, newGen func() vdata.Generator) {
	t.Helper()
	whole, parts := t.TempDir(), t.TempDir()
	if _, err := vdata.RunShard(context.Background(), whole, 11, "test", 3, newGen(), nil); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	p, err := vdata.RunShard(ctx, parts, 11, "test", 3, newGen(), func(p vdata.Progress) {
		if p.Games == 1 {
			cancel()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if p.Games != 1 {
		t.Fatalf("the stop came after game %d, not the first", p.Games)
	}
	if _, err := vdata.RunShard(context.Background(), parts, 11, "test", 3, newGen(), nil); err != nil {
		t.Fatal(err)
	}
	a, err := os.ReadFile(vdata.ShardPath(whole, 11))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(vdata.ShardPath(parts, 11))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatalf("the resumed shard (%d bytes) is not the uninterrupted one (%d bytes)", len(b), len(a))
	}
}

// FuzzReencode fuzzes decode from seeds: bytes that decode are a game
// that encodes, and whose encoding decodes to the same game.
func FuzzReencode[G any](f *testing.F, decode func([]byte) (G, error), encode func(G, []byte) ([]byte, error), seeds ...[]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) { Reencode(t, data, decode, encode) })
}

// Reencode is a fuzz body's check: data that decodes is a game that
// encodes, and whose encoding decodes to the same game.
func Reencode[G any](t *testing.T, data []byte, decode func([]byte) (G, error), encode func(G, []byte) ([]byte, error)) {
	t.Helper()
	g, err := decode(data)
	if err != nil {
		return
	}
	again, err := encode(g, nil)
	if err != nil {
		t.Fatalf("a decoded game does not encode: %v", err)
	}
	back, err := decode(again)
	if err != nil {
		t.Fatalf("a re-encoded game does not decode: %v", err)
	}
	if !reflect.DeepEqual(g, back) {
		t.Fatalf("a re-encoded game reads back otherwise: %+v, then %+v", g, back)
	}
}
