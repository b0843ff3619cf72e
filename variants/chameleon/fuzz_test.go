package chameleon

import (
	"slices"
	"strings"
	"tempest/rules"
	"testing"
)

var fuzzPositions = []string{
	start4,
	"a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0",
	"a3g7 a7yg,g7yr,b6rr,d6yb,b4rg,f4yy,d3ry y 0 0",
	"d2g5 g5yg,e4yr,d2gb,g2gr g 0 0",
	"e3g5 e5gb,f4yr g 0 0",
	"e3g5 g5yg,f4rb r 7 20",
	"e3g5 g5yg y 0 1",
	"a1h4 h4gr,b3bb,h3gb,h2gy,a1rr,h1gg r 99 0",
	"a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 99 1073741824", // counters at their limits
}

// FuzzParsePosition: any string either fails with an error or gives a
// position that writes and reads back identically, whose key matches one
// computed from scratch, and whose every move can be made, keeping the
// position valid.
func FuzzParsePosition(f *testing.F) {
	for _, s := range fuzzPositions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		out := p.String()
		q, err := ParsePosition(out)
		if err != nil {
			t.Fatalf("%q written as %q, which does not parse: %v", s, out, err)
		}
		if q.String() != out || q.Key() != p.Key() || p.Key() != p.computeKey() {
			t.Fatalf("round trip %q -> %q", out, q.String())
		}
		g := NewGame(p)
		for _, tok := range g.Legal() {
			child := NewGame(p)
			if _, err := child.Play(tok); err != nil {
				t.Fatalf("%q: legal %s cannot be played: %v", s, tok, err)
			}
			if _, err := ParsePosition(child.Position()); err != nil {
				t.Fatalf("%q after %s: %q does not parse: %v", s, tok, child.Position(), err)
			}
		}
	})
}

// FuzzParseMove: a token either fails or names a legal move that writes
// back as itself.
func FuzzParseMove(f *testing.F) {
	for _, tok := range []string{"a1b3", "0000", "f4b4", "d2f4", "e5f4", "a1a1", "h8h1", "a1", "a1b3q", "\x00\x00\x00\x00"} {
		f.Add(uint8(0), tok)
		f.Add(uint8(2), tok)
	}
	positions := make([]*Position, 0, len(fuzzPositions))
	for _, s := range fuzzPositions {
		p, err := ParsePosition(s)
		if err != nil {
			f.Fatal(err)
		}
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, which uint8, token string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseMove(token)
		if err != nil {
			return
		}
		if m.String() != token || !p.Legal(m) {
			t.Fatalf("%q parsed as %v (legal %t)", token, m, p.Legal(m))
		}
	})
}

// FuzzLoadRecord: any text either fails to load with an error or gives a
// game whose record, written and read again, loads to the same game.
func FuzzLoadRecord(f *testing.F) {
	f.Add("[Variant \"chameleon\"]\n\n1. a1b3 2. a8b6 *\n")
	f.Add("[Variant \"chameleon\"]\n[FEN \"d2g5 g5yg,d2gb g 0 0\"]\n\n1. d2f4 {yellow wins} *\n")
	f.Add("[Event \"x\"]\n[FEN \"e3g5 g5yg,f4rb r 7 20\"]\n\n1. 0000 2. g5g4 *\n")
	f.Add("[Variant \"chameleon\"]\n\n1. a1b3 ( 1. a1c2 ) 2. a8b6 $1 1/2-1/2\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := rules.ParsePGN(text)
		if err != nil {
			return
		}
		g, err := LoadRecord(r)
		if err != nil {
			return
		}
		again, err := rules.ParsePGN(WriteRecord(g.Record()))
		if err != nil {
			t.Fatalf("written record does not parse: %v", err)
		}
		h, err := LoadRecord(again)
		if err != nil {
			t.Fatalf("written record does not load: %v", err)
		}
		if h.Position() != g.Position() || h.Status() != g.Status() {
			t.Fatalf("reloaded %q, want %q", h.Position(), g.Position())
		}
	})
}

// FuzzParsePlayers: a player set either fails with an error or names 2 to
// 4 colours whose start position writes a string that reads back, with the
// same players.
func FuzzParsePlayers(f *testing.F) {
	for _, s := range []string{"rgyb", "ry", "bgr", "rr", "r", "rgybr", "xy", "", "RY"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		set, err := ParsePlayers(s)
		if err != nil {
			return
		}
		if n := len(s); n < 2 || n > 4 || set == 0 {
			t.Fatalf("%q accepted as the set %04b", s, set)
		}
		p, err := StartPosition(set)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		q, err := ParsePosition(p.String())
		if err != nil || q.String() != p.String() || q.Alive() != set {
			t.Fatalf("%q: start %q reads back as %v (%v)", s, p.String(), q, err)
		}
	})
}

// FuzzGameMoves: a sequence of tokens played on a game: each is either
// refused, leaving the game as it was, or played; after every move the
// position string reads back, and the legal tokens are distinct and each
// is accepted.
func FuzzGameMoves(f *testing.F) {
	f.Add(uint8(0), "b1c3 a7c6 e8d6 h2f3 c3b1 c6a7 d6e8 f3h2")
	f.Add(uint8(1), "a1b3 e8d6 b3a1")
	f.Add(uint8(5), "0000 g5g4 0000")
	f.Add(uint8(8), "b1c3 e8d6 c3b1 d6e8 b1c3")
	f.Add(uint8(2), "f4b4 b4b3 d6b4 x 0000 a1a1")
	f.Fuzz(func(t *testing.T, which uint8, tokens string) {
		p, err := ParsePosition(fuzzPositions[int(which)%len(fuzzPositions)])
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(p)
		for _, tok := range strings.Fields(tokens) {
			before, played := g.Position(), len(g.Actions())
			if _, err := g.Play(tok); err != nil {
				if g.Position() != before || len(g.Actions()) != played {
					t.Fatalf("%q refused (%v) but changed the game", tok, err)
				}
				continue
			}
			q, err := ParsePosition(g.Position())
			if err != nil || q.String() != g.Position() || q.Key() != g.Pos().Key() {
				t.Fatalf("after %v: %q does not read back (%v)", g.Actions(), g.Position(), err)
			}
			legal := g.Legal()
			if len(slices.Compact(slices.Clone(legal))) != len(legal) {
				t.Fatalf("after %v: repeated tokens in %v", g.Actions(), legal)
			}
			for _, l := range legal {
				if _, err := g.Pos().ParseMove(l); err != nil {
					t.Fatalf("after %v: listed %s is refused: %v", g.Actions(), l, err)
				}
			}
		}
	})
}
