// Package game is the common face of every game Tempest plays,
// standard chess included: a Variant (the factory of its games, its engine
// and its bench, and the Properties the game declares), its Game (the rules
// service with the questions of perft, display, view and saving) and its
// Engine. Package games implements them once per game (chess over movegen,
// card chess over chessmate, chameleon, stratego), and the protocol drives
// them all the same way, so a frontend asks every game the same questions
// and never re-implements rules.
package game

import (
	"context"
	"tempest/rules"
)

// Game is a game in progress as the protocol asks it: its rules service
// and the questions of perft, display, view and saving.
type Game interface {
	rules.Service
	// RecordText writes the record in the game's notation.
	RecordText() string
	// Follow makes one move of a move list a GUI sent with "position":
	// like Play, but a game may allow what a rules service would not
	// (chess plays on after a draw by rule nobody claimed).
	Follow(token string) error
	// Perft counts the action sequences of depth plies from here, by
	// first action in the order to print them; it returns ctx.Err() soon
	// after ctx is cancelled.
	Perft(ctx context.Context, depth int, s Settings) ([]PerftCount, error)
	// View is the position as one player sees it; an error wrapping
	// ErrNoHiddenInformation in a game every player sees whole, or an
	// error naming a player who cannot be shown.
	View(player string) (string, error)
	// Display is what "d" prints: the board or position for humans.
	Display() []string
}
