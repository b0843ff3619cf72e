// Package games binds every game Tempest plays, chess included, to the
// protocol: each file implements variants.Variant and variants.Engine for
// one game over its rules package and its search. The protocol holds one
// Variant at a time and never looks behind the interfaces.
package games

import (
	"strings"

	"tempest/variants"
)

// All lists the games in the order of the UCI_Variant combo, chess first.
func All() []variants.Variant {
	return []variants.Variant{Chess{}, CardChess{}, Chameleon{}, Stratego{}}
}

// ByName finds a game by its UCI_Variant name, ignoring case.
func ByName(name string) variants.Variant {
	for _, v := range All() {
		if strings.EqualFold(v.Name(), name) {
			return v
		}
	}
	return nil
}

// notApplicable is the note for a setting a game has no use for.
func notApplicable(option, game, why string) string {
	return option + " does not apply to " + game + ": " + why
}

// chessOnlyNotes are a variant's notes when options only chess uses (the
// neural evaluation, the opening book) change from old to s.
func chessOnlyNotes(game string, old, s variants.Settings) []string {
	var notes []string
	if s.EvalFile != old.EvalFile {
		notes = append(notes, notApplicable("EvalFile", game, "it evaluates by hand"))
	}
	if s.UseNNUE != old.UseNNUE {
		notes = append(notes, notApplicable("Use NNUE", game, "it evaluates by hand"))
	}
	for _, o := range []struct {
		name    string
		changed bool
	}{{"OwnBook", s.OwnBook != old.OwnBook}, {"BookFile", s.BookFile != old.BookFile},
		{"BookDepth", s.BookDepth != old.BookDepth}, {"BookSeed", s.BookSeed != old.BookSeed}} {
		if o.changed {
			notes = append(notes, notApplicable(o.name, game, "Polyglot books are for standard chess"))
		}
	}
	return notes
}
