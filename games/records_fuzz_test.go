package games

import (
	"testing"

	"tempest/game"
	"tempest/rules"
)

// FuzzLoadChessRecord: any text either fails to load as a chess record, or
// its game's record reads back to the same game, text and tags.
func FuzzLoadChessRecord(f *testing.F) {
	f.Add("[Event \"x\"]\n[White \"Ann\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n", false)
	f.Add("[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n", false)
	f.Add("[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n", false)
	f.Add("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n1/2-1/2\n", false)
	f.Add("[Event \"x\"]\n[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1\"]\n\n1. g4 g5 2. O-O *\n", true)
	f.Add("[Event \"x\"]\n\n1. e4 e5 1-0 2. Nf3 *\n", false)
	f.Add("[Event \"x\"]\n[Result \"banana\"]\n\n1. e4\n", false)
	f.Fuzz(func(t *testing.T, text string, chess960 bool) {
		load := func(r rules.Record) (game.Game, error) {
			return Chess{}.Load(r, game.Settings{Chess960: chess960})
		}
		write := func(g game.Game) string { return g.RecordText() }
		if err := rules.CheckRoundTrip(text, load, write, "FEN", "SetUp", "Variant"); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	})
}
