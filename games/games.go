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
	const books, tables = "Polyglot books are for standard chess", "the tables are for standard chess"
	for _, o := range []struct {
		name, why string
		changed   bool
	}{
		{"OwnBook", books, s.OwnBook != old.OwnBook}, {"BookFile", books, s.BookFile != old.BookFile},
		{"BookDepth", books, s.BookDepth != old.BookDepth}, {"BookSeed", books, s.BookSeed != old.BookSeed},
		{"SyzygyPath", tables, s.SyzygyPath != old.SyzygyPath}, {"SyzygyProbeDepth", tables, s.SyzygyDepth != old.SyzygyDepth},
		{"SyzygyProbeLimit", tables, s.SyzygyLimit != old.SyzygyLimit}, {"Syzygy50MoveRule", tables, s.Syzygy50 != old.Syzygy50},
	} {
		if o.changed {
			notes = append(notes, notApplicable(o.name, game, o.why))
		}
	}
	return notes
}
