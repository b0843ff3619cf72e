// Package vdatatest holds the checks every variant's self-play data must
// pass (docs/VARIANT-TRAINING.md): played games read back as themselves,
// resumed shards are the shards of an uninterrupted run, damaged games are
// refused, and decoded games encode and read back as themselves.
package vdatatest

import (
	"bytes"
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"tempest/tuning/vdata"
)

// Codec is what RoundTrip needs of a variant: G is its game, P a kept
// position as its test sees it (its full text, turn and score, say).
type Codec[G, P any] struct {
	Play   func(ctx context.Context, seed uint64, game int) (G, vdata.GameStats, error)
	Append func(g G, dst []byte) ([]byte, error)
	// Decode decodes a game, passing kept each kept position as it replays.
	Decode func(b []byte, kept func(P)) (G, error)
	// Replay lists a game's kept positions, replaying it apart from Decode.
	Replay func(t *testing.T, g G) []P
	// Searched is the number of g's turns its generator searched.
	Searched func(g G) int
}

// RoundTrip plays games 0 and 1 of the shard of seed 5 and fails unless
// each one's stats count its searched turns, it encodes, decodes as itself
// with the kept positions its replay gives, and encodes again as the same
// bytes, and the two keep some position.
func RoundTrip[G, P any](t *testing.T, c Codec[G, P]) {
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
		var seen []P
		back, err := c.Decode(encoded, func(p P) { seen = append(seen, p) })
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		if !reflect.DeepEqual(played, back) {
			t.Errorf("game %d reads back otherwise: %+v, then %+v", game, played, back)
		}
		if want := c.Replay(t, played); !reflect.DeepEqual(want, seen) {
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

// Reencode is a fuzz body's check: data that decodes is a game that
// encodes, and whose encoding decodes to the same game.
func Reencode[G any](t *testing.T, data []byte, decode func([]byte) (G, error), encode func(G) ([]byte, error)) {
	t.Helper()
	g, err := decode(data)
	if err != nil {
		return
	}
	again, err := encode(g)
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
