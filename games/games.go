// Package games binds every game Tempest plays, chess included, to the
// protocol: each file implements game.Variant and game.Engine for
// one game over its rules package and its search. The protocol holds one
// Variant at a time and never looks behind the interfaces.
package games

import (
	"slices"
	"strings"
	"unicode"

	"tempest/game"
)

// registered are the games in the order of the UCI_Variant combo, chess
// first.
var registered = []game.Variant{Chess{}, CardChess{}, Chameleon{}, Stratego{}}

// Register adds a game: from then on every session offers it as a
// UCI_Variant value, and bench, perft and records reach it. A game is one
// package and this one call (in an init function or before the first
// session). A name already taken is a programming error.
func Register(v game.Variant) {
	if ByName(v.Name()) != nil {
		panic("games: " + v.Name() + " is registered twice")
	}
	registered = append(registered, v)
}

// All lists the games in the order of the UCI_Variant combo, chess first.
func All() []game.Variant { return slices.Clone(registered) }

// Names are the games' UCI_Variant names, in that order.
func Names() []string {
	names := make([]string, len(registered))
	for i, v := range registered {
		names[i] = v.Name()
	}
	return names
}

// ByName finds a game by its UCI_Variant name, ignoring case.
func ByName(name string) game.Variant {
	for _, v := range All() {
		if strings.EqualFold(v.Name(), name) {
			return v
		}
	}
	return nil
}

// RecordVariant is the game a record's Variant tag names, as Tempest and
// other programs write it: a UCI_Variant name; for chess "Standard",
// "Chess", "Classical", "Normal" or "From Position" (lichess: a game from a
// FEN); for Chess960 "Chess960", "Chess 960", "Fischerandom" (Cute Chess)
// or "Fischer Random"; in any case and spacing (the names python-chess
// reads). chess960 says the tag names Chess960; v is nil for a name no game
// answers to, and for an empty tag.
func RecordVariant(tag string) (v game.Variant, chess960 bool) {
	key := strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, tag)
	switch key {
	case "standard", "chess", "classical", "normal", "fromposition":
		return Chess{}, false
	case "chess960", "fischerandom", "fischerrandom":
		return Chess{}, true
	}
	if key == "" {
		return nil, false
	}
	return ByName(key), false
}

// notApplicable is the note for a setting a game has no use for.
func notApplicable(option, game, why string) string {
	return option + " does not apply to " + game + ": " + why
}

// DefaultOwn are the defaults of every registered game's own options.
func DefaultOwn() game.Values {
	own := game.Values{}
	for _, v := range registered {
		for _, o := range v.Properties().Options {
			if _, ok := own[o.Name]; !ok {
				own[o.Name] = o.Default
			}
		}
	}
	return own
}
