package stratego

import (
	"tempest/rules"
	"testing"
)

var fuzzPositions = []string{
	StartPosition,
	"e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0",
	"e2M!'4W!'f/10/10/10/10/C!K!2k'5/9C/FT8 e 20 d8,- V:T,E:wst 0 7",
	// Views: Volcandria's (unknown Everwinter pieces) and Everwinter's.
	"uuuuuuuuuu/uuuuuuuuuu/1uuuuuuuuu/D!'9/10/1MKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL e 00 -,- E:x 0 3",
	"dmkkrrrsse/ewwwwwcccc/1ttttttfyy/D!'9/10/1UUUUUUUUU/UUUUUUUUUU/UUUUUUUUUU e 00 -,- E:x 0 3",
	"9f/9y/4t5/4U5/10/10/10/UU8 v 00 -,- - 0 0",
	"u'1us4t1/M4W4/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0",
	"9f/9c/4X5/10/10/10/10/FC8 e 11 @0,@0 V:K,E:r 3 9",
	"9f/e9/10/10/10/10/E9/9F v 00 -,- - 199 16777216", // counters at the limit
}

// FuzzParsePosition: any string either fails with an error or gives a
// position whose string reads back identically, whose views read back too,
// and whose every generated move can be played (battles with unknown
// pieces are given a consistent announcement when one exists).
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
		if q.String() != out || q.key != p.key {
			t.Fatalf("round trip %q -> %q", out, q.String())
		}
		for side := Volcandria; side <= Everwinter; side++ {
			if viewer, ok := p.Viewer(); ok && viewer != side {
				continue // a view cannot show what its owner does not know
			}
			v := p.View(side)
			if _, err := ParsePosition(v.String()); err != nil {
				t.Fatalf("%q: the %s view %q does not parse: %v", s, side, v.String(), err)
			}
		}
		_ = p.Ending()
		var buf [MaxMoves]Move
		for _, m := range p.LegalMoves(buf[:0]) {
			g := NewGame(p)
			if _, err := g.Play(m.String()); err != nil {
				if !p.hiddenBattle(m) {
					t.Fatalf("%q: generated %v cannot be played: %v", s, m, err)
				}
				continue
			}
			after, err := ParsePosition(g.Position())
			if err != nil || after.String() != g.Position() {
				t.Fatalf("%q after %v: %q does not read back (%v)", s, m, g.Position(), err)
			}
		}
	})
}

// FuzzPlayToken: a token either fails with an error and changes nothing, or
// is played, and the game's stored token replays to the same position.
func FuzzPlayToken(f *testing.F) {
	for _, tok := range []string{"a3a4", "c7c8:Mw", "c7c8", "e5e6:Kt#nomovable", "j2j8", "a3a4#nolegal", "e5e6:Kt", "c7c8:Mf",
		"a7a8:Md", ":", "#", "a3a4:", "a3a4:Xx#immobile", "j7j1"} {
		for i := range fuzzPositions {
			f.Add(uint8(i), tok)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, token string) {
		p, err := ParsePosition(fuzzPositions[int(which)%len(fuzzPositions)])
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(p)
		before := g.Position()
		if _, err := g.Play(token); err != nil {
			if g.Position() != before || len(g.Actions()) != 0 {
				t.Fatalf("%q failed (%v) but changed the game", token, err)
			}
			return
		}
		again := NewGame(p)
		stored := g.Actions()[0]
		if _, err := again.Play(stored); err != nil || again.Position() != g.Position() || again.Status() != g.Status() {
			t.Fatalf("%q stored as %q, which replays differently (%v)", token, stored, err)
		}
	})
}

// FuzzLoadRecord: any text either fails to load with an error or gives a
// game whose own record loads back to the same game.
func FuzzLoadRecord(f *testing.F) {
	f.Add("[Variant \"stratego\"]\n[FEN \"e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0\"]\n\n1. c7c8:Mw e6e5 2. c8d8 e5e4 *\n")
	f.Add("[Event \"x\"]\n\n1. a3a4 a6a5 2. a4a5 *\n")
	f.Add("[Variant \"stratego\"]\n[FEN \"9f/9y/4t5/4U5/10/10/10/UU8 v 00 -,- - 0 0\"]\n\n1. e5e6:Kt#nomovable 0-1\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := rules.ParsePGN(text)
		if err != nil {
			return
		}
		g, err := LoadRecord(r)
		if err != nil {
			return
		}
		r2, err := rules.ParsePGN(g.RecordText())
		if err != nil {
			t.Fatalf("the record of %q does not parse: %v", text, err)
		}
		back, err := LoadRecord(r2)
		if err != nil {
			t.Fatalf("the record of %q does not load: %v", text, err)
		}
		if back.Position() != g.Position() || back.Status() != g.Status() {
			t.Fatalf("%q: reloaded game differs", text)
		}
	})
}

// FuzzParseSetup: a setup either fails with an error or holds exactly an
// army, writes back as the same text, and makes a start position whose
// string reads back.
func FuzzParseSetup(f *testing.F) {
	for _, side := range []Side{Volcandria, Everwinter} {
		f.Add(uint8(side), DefaultSetup(side).String(side))
		f.Add(uint8(side), DefaultSetup(side.Other()).String(side.Other()))
	}
	f.Add(uint8(0), "DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL/")
	f.Add(uint8(0), "DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLU")
	f.Add(uint8(1), "dmkkrrrsse/ewwwwwcccc/xttttttfyy")
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		side := Side(which & 1)
		st, err := ParseSetup(side, text)
		if err != nil {
			return
		}
		if st.String(side) != text {
			t.Fatalf("%q written back as %q", text, st.String(side))
		}
		v, e := DefaultSetup(Volcandria), DefaultSetup(Everwinter)
		if side == Volcandria {
			v = st
		} else {
			e = st
		}
		p := NewStart(v, e, side)
		q, err := ParsePosition(p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("%q: start %q does not read back (%v)", text, p.String(), err)
		}
	})
}
