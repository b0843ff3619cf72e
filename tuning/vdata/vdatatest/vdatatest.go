// Package vdatatest holds the checks every variant's self-play data must
// pass (docs/VARIANT-TRAINING.md): resumed shards are the shards of an
// uninterrupted run, and decoded games encode and read back as themselves.
package vdatatest

import (
	"bytes"
	"context"
	"os"
	"reflect"
	"testing"

	"tempest/tuning/vdata"
)

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
