package game

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tempest/kit"
	"tempest/rules"
)

// Variant is one game Tempest plays, chess included: a factory of its
// games (from the start, a position string or a record), of its engine and
// of its bench. The questions about a game in progress (perft, display,
// view, record text) are the Game's. The protocol holds one Variant and
// one Game at a time and asks both the same questions whatever the game;
// package games registers them.
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
	Load(r rules.Record, s Settings) (Game, error)
	// Properties are what the game is, declared once.
	Properties() Properties
	// Commands are the game's own commands (Chameleon's "board",
	// Stratego's "setup"): each prints lines or fails with an error.
	Commands() map[string]Command
	// NewEngine makes the game's engine with the session's settings.
	NewEngine(s Settings) (Engine, error)
	// Bench searches the game's fixed bench positions to depth with a
	// fresh engine of s.HashMB (0: DefaultHashMB) and s.Threads (at
	// least 1), evaluating as s says (chess: Use NNUE, EvalFile): with
	// the options' defaults the node total is the game's signature
	// (testdata/bench.txt).
	Bench(ctx context.Context, depth int, s Settings, report func(string)) kit.BenchResult
}

// BenchHashMB is the table size of a bench with settings s.
func (s Settings) BenchHashMB() int {
	if s.HashMB > 0 {
		return s.HashMB
	}
	return DefaultHashMB
}

// Properties are what a game is, declared by the game once, for the
// protocol, the referees and frontends to read rather than ask by name
// (the "games" command prints them).
type Properties struct {
	// Title is the game's name for humans ("card chess").
	Title string
	// Sides are the letters Status.ToMove names the players by, in turn
	// order; a game may start with MinPlayers of them.
	Sides      []string
	MinPlayers int
	// Files and Ranks are the board's size.
	Files, Ranks int
	// Hidden is what a player does not see of the position (View).
	Hidden Hidden
	// Cards says the players hold cards.
	Cards bool
	// Clocks says how "go" names the players' clocks: UCI's wtime and
	// btime for the first and second side (the zero value), or time and
	// inc for the mover's.
	Clocks kit.GoClocks
	// Net, Book and Tables say which of the chess options EvalFile and
	// Use NNUE, OwnBook and BookFile, SyzygyPath apply.
	Net, Book, Tables bool
	// Options are the game's own UCI options.
	Options []OptionSpec
	// GoWords are the game's own words of "go", beyond UCI's.
	GoWords []Word
	// StartWords are the words "position startpos" takes.
	StartWords []Word
	// MaxPerftDepth bounds "go perft"; BenchDepth is the depth of the
	// game's bench signature.
	MaxPerftDepth, BenchDepth int
	// Levels are the playing levels' strengths measured in this game's own
	// games, one scale per number of players measured (docs/STRENGTH.md);
	// none where a level's strength in the game is unmeasured. "levels"
	// prints them, so a frontend can rate its players in each game.
	Levels []kit.LevelScale
}

// Hidden is what a player does not see of a position, so that a frontend
// knows whom to show what without knowing the game.
type Hidden int

const (
	// NothingHidden: every player sees the whole position.
	NothingHidden Hidden = iota
	// HiddenHands: the cards in the other players' hands (card chess);
	// the board is seen whole.
	HiddenHands
	// HiddenPieces: what the other player's pieces on the board are
	// (Stratego): every player must be shown only their own view.
	HiddenPieces
)

// String is the value of "hidden" in the "games" answer.
func (h Hidden) String() string {
	switch h {
	case HiddenHands:
		return "hands"
	case HiddenPieces:
		return "pieces"
	}
	return "-"
}

// Word is one word a game adds to a command, with its argument.
type Word struct {
	Name string
	// Arg describes the argument: its values ("model|paranoid", the first
	// the default) or its form ("<n>").
	Arg  string
	Help string
}

// ErrNoHiddenInformation is View's error in a game every player sees
// whole.
var ErrNoHiddenInformation = errors.New("no hidden information")

// NoHiddenInformation is View's error in the game named name, which every
// player sees whole.
func NoHiddenInformation(name string) error {
	return fmt.Errorf("the %s variant has %w", name, ErrNoHiddenInformation)
}

// Command is a game's own command. Run prints its answer on game g line by
// line as it goes or fails with an error; a Long command (chess's genfens)
// runs beside the session, like a search, so that stop and quit end it
// (ctx is cancelled) and its reader sees each line as soon as it exists.
type Command struct {
	Run  func(ctx context.Context, g Game, args []string, print func(line string)) error
	Long bool
	// Arg and Help describe the command for the "games" answer: its
	// arguments ("N [seed S]", "" for none) and what it prints.
	Arg, Help string
}

// LinesCommand makes a short Command of a function that answers at once
// about a game of type G.
func LinesCommand[G Game](arg, help string, f func(g G, args []string) ([]string, error)) Command {
	return Command{Arg: arg, Help: help, Run: func(_ context.Context, g Game, args []string, print func(string)) error {
		own, err := gameOf[G](g)
		if err != nil {
			return err
		}
		lines, err := f(own, args)
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
	Level        kit.Level
	LevelSeed    uint64 // seeds a weak level's random choices
	// Own are the values of the games' own options (Properties.Options)
	// by name, every registered game's, whatever the game played.
	Own Values
}

// Engine plays one game. The protocol calls it from its command goroutine
// only while no search of it runs, except the Search it prepared.
type Engine = EngineOf[Game]

// EngineOf is an engine written for games of type G: Prepare and Eval take
// that game itself. Bind makes it an Engine.
type EngineOf[G Game] interface {
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
	Prepare(g G, args []string) (Search, []string, error)
	// Eval is what "eval" prints: the static evaluation of g term by term
	// and what this engine evaluates with, or an error saying the game
	// has none to show.
	Eval(g G) ([]string, error)
}

// Bind makes an engine written for game type G an Engine. The one check
// that a game is of the engine's type is here: a game of another type is
// an error naming both, never a panic.
func Bind[G Game](e EngineOf[G]) Engine { return bound[G]{e} }

type bound[G Game] struct{ EngineOf[G] }

func (b bound[G]) Prepare(g Game, args []string) (Search, []string, error) {
	own, err := gameOf[G](g)
	if err != nil {
		return nil, nil, err
	}
	return b.EngineOf.Prepare(own, args)
}

func (b bound[G]) Eval(g Game) ([]string, error) {
	own, err := gameOf[G](g)
	if err != nil {
		return nil, err
	}
	return b.EngineOf.Eval(own)
}

func (b bound[G]) loader() (Loader, bool) {
	l, ok := b.EngineOf.(Loader)
	return l, ok
}

func gameOf[G Game](g Game) (G, error) {
	own, ok := g.(G)
	if !ok {
		var zero G
		return zero, fmt.Errorf("a %s game is not for this engine (it plays %T)", g.Variant(), zero)
	}
	return own, nil
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
