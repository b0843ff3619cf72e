package variants

import (
	"context"
	"errors"
	"time"

	"tempest/kit"
)

// Variant is one game Tempest plays, chess included: how its games start,
// are read from a position string or a record, are counted by perft,
// shown and saved, and the engine that plays it. The protocol holds one
// Variant and one Game at a time and asks both the same questions
// whatever the game; package games registers the four.
type Variant interface {
	// Name is the UCI_Variant value; Description one line for humans.
	Name() string
	Description() string
	// Start makes a game from the start position; setup holds the words
	// after "startpos" (a deal, a seed, the players ...).
	Start(setup []string, s Settings) (Game, error)
	// Parse makes a game from a position string.
	Parse(pos string, s Settings) (Game, error)
	// Load rebuilds a game from its record.
	Load(r Record, s Settings) (Game, error)
	// Follow makes one move of a move list a GUI sent with "position":
	// like g.Play, but a game may allow what a rules service would not
	// (chess plays on after a draw by rule nobody claimed).
	Follow(g Game, token string) error
	// Perft counts the action sequences of depth plies below g, by first
	// action in the order to print them; it returns ctx.Err() soon after
	// ctx is cancelled.
	Perft(ctx context.Context, g Game, depth int, s Settings) ([]PerftCount, error)
	// MaxPerftDepth bounds "go perft".
	MaxPerftDepth() int
	// View is the position as one player sees it; an error for a game
	// without hidden information, or a player who cannot be shown.
	View(g Game, player string) (string, error)
	// RecordText writes g's record in the game's notation.
	RecordText(g Game) string
	// Display is what "d" prints: the board or position for humans.
	Display(g Game) []string
	// Eval is what "eval" prints: the static evaluation term by term and
	// what engine e (this game's) evaluates with, or an error saying the
	// game has none to show.
	Eval(g Game, e Engine) ([]string, error)
	// Commands are the game's own commands (Chameleon's "board",
	// Stratego's "setup"): each prints lines or fails with an error.
	Commands() map[string]Command
	// NewEngine makes the game's engine with the session's settings.
	NewEngine(s Settings) (Engine, error)
	// Bench searches the game's fixed bench positions to depth with a
	// fresh engine on one thread, evaluating as settings s say (chess:
	// Use NNUE, EvalFile): with the default settings the node total is the
	// game's signature.
	Bench(ctx context.Context, depth int, s Settings, report func(string)) kit.BenchResult
	BenchDepth() int
}

// ErrNoHiddenInformation is View's error in a game every player sees
// whole.
var ErrNoHiddenInformation = errors.New("no hidden information")

// Command is a game's own command. Run prints its answer on game g line by
// line as it goes or fails with an error; a Long command (chess's genfens)
// runs beside the session, like a search, so that stop and quit end it
// (ctx is cancelled) and its reader sees each line as soon as it exists.
type Command struct {
	Run  func(ctx context.Context, g Game, args []string, print func(line string)) error
	Long bool
}

// LinesCommand makes a short Command of a function that answers at once.
func LinesCommand(f func(g Game, args []string) ([]string, error)) Command {
	return Command{Run: func(_ context.Context, g Game, args []string, print func(string)) error {
		lines, err := f(g, args)
		for _, l := range lines {
			print(l)
		}
		return err
	}}
}

// PerftCount is the number of leaves below one first action.
type PerftCount struct {
	Action string
	Nodes  uint64
}

// DefaultHashMB is the transposition table size before any setoption.
const DefaultHashMB = 16

// Settings are the session's options, as every game reads them; a game
// ignores what it has no use for (Engine.Configure says so).
type Settings struct {
	HashMB       int
	Threads      int
	MultiPV      int
	MoveOverhead time.Duration
	Contempt     int
	Ponder       bool // the GUI may send "go ponder": a bestmove names the expected reply
	ShowWDL      bool
	Chess960     bool
	PlayCards    bool   // card chess: false plays regular moves only
	UseNNUE      bool   // chess: evaluate with a net (EvalFile's) rather than by hand
	EvalFile     string // chess: the net file; "" or nnue.DefaultName the embedded net
	Level        kit.Level
	LevelSeed    uint64 // seeds a weak level's random choices
	OwnBook      bool   // chess: play moves from the book of BookFile while it has them
	BookFile     string // chess: a Polyglot book; "" none
	BookDepth    int    // chess: the book is asked up to this full move
	BookSeed     uint64 // chess: seeds the weighted choice among book moves; 0 from the clock
	SyzygyPath   string // chess: directories of Syzygy tables, separated as in $PATH; "" none
	SyzygyDepth  int    // chess: positions with SyzygyLimit pieces are probed from this depth on
	SyzygyLimit  int    // chess: probe positions of at most this many pieces
	Syzygy50     bool   // chess: the fifty-move rule counts (cursed wins are draws)
}

// Engine plays one game. The protocol calls it from its command goroutine
// only while no search of it runs, except the Search it prepared.
type Engine interface {
	// Configure applies the settings. It returns a note for each setting
	// that does not apply to this game, and an error, keeping the old
	// configuration, when one cannot be applied (a table the memory
	// cannot hold).
	Configure(s Settings) (notes []string, err error)
	// NewGame forgets what earlier games taught it.
	NewGame()
	// ClearHash empties its transposition tables; a game whose searches
	// always start from an empty table says so in the returned note.
	ClearHash() (note string)
	// TableMB is the size of its transposition table in MiB.
	TableMB() int
	// Settings are the settings in force: the last ones Configure took.
	Settings() Settings
	// Close releases what the engine holds beyond memory (mapped tables,
	// open files) when the session drops it for another game; the engine
	// is not used again.
	Close()
	// Prepare reads "go" for game g, whose position it copies: it returns
	// the search to run, the notes about parameters it clamped or ignored,
	// or an error when g cannot be searched (the protocol then answers
	// "bestmove (none)").
	Prepare(g Game, args []string) (Search, []string, error)
}

// OptionError is a setting Configure refused, by the UCI option's name,
// so that a refusal reached through another option (a switch of
// UCI_Variant) still names the option at fault.
type OptionError struct {
	Option string
	Err    error
}

func (e *OptionError) Error() string { return e.Option + ": " + e.Err.Error() }
func (e *OptionError) Unwrap() error { return e.Err }

// Search is one prepared search. It sends its info lines to report and
// returns the text after "bestmove" ("e2e4 ponder e7e5", "0000",
// "(none)"). It returns soon after ctx is cancelled; an infinite or
// pondering search returns no earlier (pondering: not before ponderHit is
// closed).
type Search func(ctx context.Context, ponderHit <-chan struct{}, report func(line string)) string
