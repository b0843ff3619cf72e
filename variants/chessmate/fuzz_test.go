package chessmate

import (
	"math/rand/v2"
	"strings"
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
		if err := printedStringsParse(p); err != nil {
			t.Fatal(err)
		}
		var buf [maxActions]Action
		for _, a := range p.GenActions(buf[:0]) {
			child := *p
			if err := child.Play(a, NoCard); err != nil {
				t.Fatalf("%q: generated %v cannot be played: %v", s, a, err)
			}
			if err := cardsConserved(&child); err != nil {
				t.Fatalf("%q after %v: %v", s, a, err)
			}
		}
	})
}

// FuzzParseDeck: a deal either fails or names each card once and deals a
// start position that writes back as that deal.
func FuzzParseDeck(f *testing.F) {
	for _, s := range []string{"CW,DM,DD,DI,CH,RB,RV,LJ,LC,MS,FC,HQ,HF,VU,CR", "?,DM,DD,DI,CH,RB,RV,LJ,LC,MS,FC,HQ,HF,VU,CR",
		"CW,CW,DD,DI,CH,RB,RV,LJ,LC,MS,FC,HQ,HF,VU,CR", "", ",", "CW"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		deck, err := ParseDeck(s)
		if err != nil {
			return
		}
		p, err := Deal(deck)
		if err != nil {
			t.Fatalf("%q: parsed deck cannot be dealt: %v", s, err)
		}
		fields := strings.Fields(p.String())
		if dealt := fields[9][:8] + "," + fields[9][9:] + "," + fields[10]; dealt != s {
			t.Fatalf("%q dealt as %q", s, dealt)
		}
		if err := cardsConserved(p); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzGamePlay plays fuzzed action tokens on positions (full knowledge and
// either player's view of a random deal). A token "#<suffix>" plays a
// random legal action with that suffix, so games reach deep positions.
// After every token, played or refused: nothing panics, a refused token
// leaves the game as it was, each card exists once, and the position and
// both views read back.
func FuzzGamePlay(f *testing.F) {
	for i, script := range []string{
		"MS:e2@RV e7e5", "# # #@? #@MS # #@? #", "e2e4 LJ:g8d6@? FC:f4@RB VU+FC:e5@?", "VU+HF+e2e4@DI stalemate@DD",
		"#@? #@? #@? #@? #@? #@? #@? #@? #@? #@? #@? #@?", "#@CW #@DM #@DD #@DI #@CH #@RB #@RV #@LJ #@LC",
	} {
		f.Add(uint8(i), uint64(i), script)
	}
	f.Fuzz(func(t *testing.T, which uint8, seed uint64, script string) {
		var start *Position
		var err error
		if int(which) < len(fuzzPositions) {
			start, err = ParsePosition(fuzzPositions[which])
		} else {
			var dealt *Position
			dealt, err = Deal(ShuffledDeck(seed))
			if err == nil {
				start, err = ParsePosition([3]string{dealt.String(), dealt.ViewFor(white), dealt.ViewFor(black)}[which%3])
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(start)
		rng := rand.New(rand.NewPCG(seed, uint64(which)))
		tokens := strings.Fields(script)
		for _, token := range tokens[:min(len(tokens), 60)] {
			if rest, ok := strings.CutPrefix(token, "#"); ok {
				legal := g.Legal()
				if len(legal) == 0 {
					continue
				}
				token = legal[rng.IntN(len(legal))] + rest
			}
			before := g.Position()
			if _, err := g.Play(token); err != nil && g.Position() != before {
				t.Fatalf("refused %q changed %q into %q", token, before, g.Position())
			}
			if err := cardsConserved(g.Pos()); err != nil {
				t.Fatalf("%q after %q: %v", g.Position(), token, err)
			}
			if err := printedStringsParse(g.Pos()); err != nil {
				t.Fatalf("after %q: %v", token, err)
			}
			_ = g.Status()
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
