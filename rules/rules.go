// Package rules is what the rules service of every game Tempest plays
// shares, and nothing else: the Service interface each rules package's
// game implements (legal actions, play, status, record), the Status and
// Report it answers with, and the game record with its PGN reading and
// writing. It is a leaf: the rules packages import it and no engine part,
// so a game's rules never depend on a search or the engine kit.
package rules

// Service is the rules service of a game in progress: a starting position
// and the actions played since. Play validates before it changes anything,
// so a rejected action leaves the game exactly as it was. Each rules
// package's game is one.
type Service interface {
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
