// Package variants is the common face of every game Tempest plays,
// standard chess included: a Variant (the factory of its games, its engine
// and its bench, and the Properties the game declares), its Game (the rules
// service with the questions of perft, display, view and saving) and its
// Engine. Package games implements them once per game (chess over movegen,
// card chess over chessmate, chameleon, stratego), and the protocol drives
// them all the same way, so a frontend asks every game the same questions
// and never re-implements rules.
package variants

import "context"

// Rules is the rules service of a game in progress: a starting position
// and the actions played since. Play validates before it changes anything,
// so a rejected action leaves the game exactly as it was. Each rules
// package's game is one.
type Rules interface {
	// Variant is the UCI_Variant name.
	Variant() string
	// Position is the current position string in the variant's notation.
	Position() string
	// Start is the starting position string.
	Start() string
	// Actions are the tokens played since the start.
	Actions() []string
	// Legal lists the legal action tokens of the player to move (none when
	// the game is over).
	Legal() []string
	// Play validates and makes one action; the report lists what happened
	// beyond the move itself (captures by cards, battles, shrinking ...).
	Play(token string) (Report, error)
	// Status describes the game now.
	Status() Status
	// Record is the game as a PGN record (tags, moves in the variant's
	// movetext notation, result).
	Record() Record
}

// Game is a game in progress as the protocol asks it: its rules service
// and the questions of perft, display, view and saving.
type Game interface {
	Rules
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

// Status is what a frontend shows about a game.
type Status struct {
	ToMove  string // the player to move: "w"/"b", "r"/"g"/"y"/"b", "v"/"e"
	InCheck bool
	Over    bool
	Result  string // PGN-style result ("1-0", "0-1", "1/2-1/2", "*"), or the winner's letter in multi-player games
	Reason  string // why the game ended: "checkmate", "stalemate", "threefold repetition", ...
}

// Report is a list of facts about one action, each a short "key value"
// phrase such as "drew MS" or "removed f4", for the rules service to pass on.
type Report []string
