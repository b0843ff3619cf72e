package book

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"tempest/movegen"
)

// FuzzOpen feeds arbitrary bytes to Parse. It must reject them with an
// error or return a book that probes without panicking, whose entries are
// legal moves, and that Write reproduces byte for byte.
func FuzzOpen(f *testing.F) {
	pos := movegen.NewStartPosition()
	e4, _ := pos.ParseUCIMove("e2e4", false)
	f.Add([]byte{})
	f.Add(make([]byte, 15))
	f.Add(make([]byte, 16))
	var buf bytes.Buffer
	if err := Write(&buf, []KeyedEntry{
		NewEntry(pos, e4, 3, 0),
		{Key: Key(pos), Move: 0x0107, Weight: 1}, // castling, illegal here
		{Key: Key(pos), Move: 0xFFFF, Weight: 9},
		{Key: 1, Move: 0x031C},
	}); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add(append(buf.Bytes()[16:32:32], buf.Bytes()[:16]...)) // out of order

	positions := []*movegen.Position{pos}
	for _, fen := range []string{
		"r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1",
		"r3k2r/1P6/8/8/3pP3/8/6p1/R3K2R b KQkq e3 0 1",
	} {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, p)
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data)
		if err != nil {
			if b != nil {
				t.Fatal("a book and an error")
			}
			return
		}
		probe := func(b *Book) {
			for _, p := range positions {
				for _, e := range b.Entries(p) {
					if !p.IsLegal(e.Move) {
						t.Fatalf("illegal move %v from entry %v", e.Move, e.Raw)
					}
				}
				b.Pick(p, rand.New(rand.NewPCG(1, 2)), Weighted)
				b.Pick(p, nil, Best)
			}
		}
		probe(b)
		entries := make([]KeyedEntry, b.Len())
		for i := range entries {
			entries[i] = b.At(i)
		}
		var out bytes.Buffer
		if err := Write(&out, entries); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatal("writing the entries back changed the bytes")
		}
		// Random keys seldom name a position: give the entries the keys of
		// the positions above, so their arbitrary moves get decoded.
		if len(entries) > 64 {
			return
		}
		for i := range entries {
			entries[i].Key = Key(positions[i%len(positions)])
		}
		out.Reset()
		if err := Write(&out, entries); err != nil {
			t.Fatal(err)
		}
		rekeyed, err := Parse(out.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		probe(rekeyed)
	})
}
