package chessmate

import (
	"testing"
)

var fuzzPositions = []string{
	StartFEN + " - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -",
	"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 1 2 e5 - - VU,HF,DI/LJ,CH,RV MS,CW,DD,DM,RB,LC,HQ,CR FC FC",
	"4k3/8/8/8/3P4/2n1b3/8/4K3 w - - 0 1 - - e3 DM,LC,HQ/?,?,? 8 MS MS",
	"7k/8/8/8/3N4/8/8/K7 w - - 0 1 - d4 - LC,HQ,RV/?,?,? 9 - -",
	"k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/?,?,? 9 - -",
}

// FuzzParsePosition: any string either fails with an error or gives a
// position whose string reads back identically and whose every legal
// action can be played.
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
		if q.String() != out {
			t.Fatalf("round trip %q -> %q", out, q.String())
		}
		var buf [maxActions]Action
		for _, a := range p.GenActions(buf[:0]) {
			child := *p
			if err := child.Play(a, NoCard); err != nil {
				t.Fatalf("%q: generated %v cannot be played: %v", s, a, err)
			}
		}
	})
}

// FuzzParseAction: a token either fails or names a legal action that
// writes back as itself.
func FuzzParseAction(f *testing.F) {
	for _, tok := range []string{"e2e4", "FC:e4", "VU+HF+e2e4", "CR:a1b2a3", "DD:g7h8q", "stalemate", "MS:e1@LJ", "@?", "VU+", "XX:a1"} {
		f.Add(uint8(0), tok)
		f.Add(uint8(1), tok)
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
		a, _, err := p.ParseAction(token)
		if err != nil {
			return
		}
		back, _, err := p.ParseAction(a.String())
		if err != nil || back != a {
			t.Fatalf("%q parsed as %v, which reads back as %v (%v)", token, a, back, err)
		}
	})
}
