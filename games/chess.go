package games

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"tempest/book"
	"tempest/eval"
	"tempest/game"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/movegen"
	"tempest/nnue"
	"tempest/openings"
	"tempest/perft"
	"tempest/rules"
	"tempest/search"
	"tempest/syzygy"
	"tempest/tt"
)

// Chess is standard chess, and Chess960 with UCI_Chess960.
type Chess struct{}

// chessGame is a chess game (movegen's rules service) with the questions
// the protocol asks.
type chessGame struct{ *movegen.Game }

var _ game.Variant = Chess{}

func (Chess) Name() string { return "chess" }
func (Chess) Description() string {
	return "chess: standard chess (Chess960 with UCI_Chess960)"
}

func (Chess) Start(setup []string, s game.Settings) (game.Game, error) {
	if len(setup) > 0 {
		return nil, fmt.Errorf("unexpected %q after startpos (want \"moves\")", quote.Truncate(setup[0], 40))
	}
	return chessGame{movegen.NewGame(movegen.NewStartPosition(), s.Chess960)}, nil
}

func (Chess) Parse(fen string, s game.Settings) (game.Game, error) {
	start, err := movegen.ParseFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("invalid FEN %q: %v", quote.Truncate(fen, 120), err)
	}
	return chessGame{movegen.NewGame(start, s.Chess960)}, nil
}

func (Chess) Load(r rules.Record, s game.Settings) (game.Game, error) {
	_, tagged960 := RecordVariant(r.Tag("Variant"))
	g, err := movegen.LoadRecord(r, s.Chess960 || tagged960)
	if err != nil {
		return nil, err
	}
	return chessGame{g}, nil
}

// Follow plays on after a draw by rule: in "position ... moves" the GUI
// decides when a game ends, and many play on after such a draw.
func (g chessGame) Follow(token string) error {
	_, err := g.PlayMove(token)
	return err
}

func (Chess) Properties() game.Properties {
	return game.Properties{Title: "chess", Sides: []string{"w", "b"}, MinPlayers: 2, Files: 8, Ranks: 8,
		Net: true, Book: true, Tables: true, Options: chessOptions, MaxPerftDepth: 20, BenchDepth: search.BenchDepth,
		Levels: []kit.LevelScale{kit.ChessScale()}}
}

// Chess's own options.
const (
	optUseNNUE     = "Use NNUE"
	optEvalFile    = "EvalFile"
	optOwnBook     = "OwnBook"
	optBookFile    = "BookFile"
	optBookDepth   = "BookDepth"
	optBookSeed    = "BookSeed"
	optSyzygyPath  = "SyzygyPath"
	optSyzygyDepth = "SyzygyProbeDepth"
	optSyzygyLimit = "SyzygyProbeLimit"
	optSyzygy50    = "Syzygy50MoveRule"
)

// DefaultBookDepth is the last full move OwnBook asks the book for, by
// default: past the openings of most books.
const DefaultBookDepth = 30

const (
	byHand    = "it evaluates by hand"
	booksFor  = "Polyglot books are for standard chess"
	tablesFor = "the tables are for standard chess"
)

var chessOptions = []game.OptionSpec{
	{Option: game.Option{Name: optUseNNUE, Kind: game.Check, Default: strconv.FormatBool(NNUEByDefault),
		Help: "chess: evaluate with the net of EvalFile; false: with the hand-crafted evaluation (docs/EVAL.md)"}, Elsewhere: byHand},
	{Option: game.Option{Name: optEvalFile, Kind: game.String, Default: nnue.DefaultName,
		Help: "chess: the net file for the neural evaluation (docs/NNUE.md); <empty> or " + nnue.DefaultName + ": the net built in"}, File: true, Elsewhere: byHand,
		Check: func(v string) (string, error) {
			_, note, err := loadNet(v)
			return note, err
		}},
	{Option: game.Option{Name: optOwnBook, Kind: game.Check, Default: "false",
		Help: "chess: play moves from the Polyglot book of BookFile while it has them (docs/PROTOCOL.md, \"Opening books\")"}, Elsewhere: booksFor},
	{Option: game.Option{Name: optBookFile, Kind: game.String, Default: "",
		Help: "chess: the Polyglot (.bin) book OwnBook plays from; <empty>: none"}, File: true, Elsewhere: booksFor,
		Check: func(v string) (string, error) {
			if v == "" {
				return "", nil
			}
			b, err := book.Open(v)
			if err != nil {
				return "", err
			}
			return bookNote(v, b), nil
		}},
	{Option: game.Option{Name: optBookDepth, Kind: game.Spin, Default: strconv.Itoa(DefaultBookDepth), Min: 1, Max: 500,
		Help: "chess: the book is asked up to this full move of the game"}, Elsewhere: booksFor},
	{Option: game.Option{Name: optBookSeed, Kind: game.Spin, Default: "0", Min: 0, Max: math.MaxInt32,
		Help: "chess: seeds the weighted random choice among book moves, for repeatable games; 0: from the clock"}, Elsewhere: booksFor},
	{Option: game.Option{Name: optSyzygyPath, Kind: game.String, Default: "",
		Help: "chess: directories of Syzygy endgame tables, separated by " + string(filepath.ListSeparator) + "; <empty>: none (docs/PROTOCOL.md, \"Endgame tablebases\")"}, File: true, Elsewhere: tablesFor,
		Check: func(v string) (string, error) {
			t, note, err := openTables(v)
			t.Close()
			return note, err
		}},
	{Option: game.Option{Name: optSyzygyDepth, Kind: game.Spin, Default: "1", Min: 1, Max: 100,
		Help: "chess: positions with SyzygyProbeLimit pieces are probed from this remaining depth on (fewer pieces: always)"}, Elsewhere: tablesFor},
	{Option: game.Option{Name: optSyzygyLimit, Kind: game.Spin, Default: "7", Min: 0, Max: 7,
		Help: "chess: probe positions of at most this many pieces, kings included (0: never)"}, Elsewhere: tablesFor},
	{Option: game.Option{Name: optSyzygy50, Kind: game.Check, Default: "true",
		Help: "chess: the fifty-move rule counts: a win the tables call cursed is a draw"}, Elsewhere: tablesFor},
}

// bookNote says which book was read.
func bookNote(path string, b *book.Book) string {
	return fmt.Sprintf("BookFile: %s, %d entries", quote.Truncate(path, 80), b.Len())
}

// Perft divides with the Threads option's threads, in generation order.
func (cg chessGame) Perft(ctx context.Context, depth int, s game.Settings) ([]game.PerftCount, error) {
	pos := *cg.Pos()
	counts, err := perft.Divide(ctx, &pos, depth, perft.Options{Threads: s.Threads})
	if err != nil {
		return nil, err
	}
	out := make([]game.PerftCount, len(counts))
	for i, c := range counts {
		out[i] = game.PerftCount{Action: c.Move.UCI(cg.Chess960()), Nodes: c.Nodes}
	}
	return out, nil
}

func (chessGame) View(string) (string, error) {
	return "", game.NoHiddenInformation("chess")
}

func (g chessGame) RecordText() string { return fenRecordText(g) }

// Display draws the board, with the FEN, the key and the checkers, as
// Stockfish's "d" does.
func (g chessGame) Display() []string {
	p := g.Pos()
	var sb strings.Builder
	sb.WriteString("\n +---+---+---+---+---+---+---+---+\n")
	for rank := 7; rank >= 0; rank-- {
		for file := 0; file < 8; file++ {
			c := byte(' ')
			if pc := p.Piece(movegen.MakeSquare(file, rank)); pc != movegen.NoPiece {
				c = pc.Letter()
			}
			fmt.Fprintf(&sb, " | %c", c)
		}
		fmt.Fprintf(&sb, " | %d\n +---+---+---+---+---+---+---+---+\n", rank+1)
	}
	sb.WriteString("   a   b   c   d   e   f   g   h\n\n")
	fmt.Fprintf(&sb, "Fen: %s\nKey: %016X\nCheckers:", p.FEN(), p.Key())
	for b := p.Checkers(); b != 0; {
		fmt.Fprintf(&sb, " %s", b.PopLSB())
	}
	return strings.Split(sb.String(), "\n")
}

// Eval prints the hand-crafted evaluation term by term, then the net's
// score and which of the two the search uses.
func (ce *chessEngine) Eval(g chessGame) ([]string, error) {
	pos := g.Pos()
	var out []string
	if pos.InCheck() {
		out = append(out, "info string the side to move is in check: the static evaluation is not used in such positions")
	}
	bd := eval.Explain(pos.Board())
	out = append(out,
		"      Term     |    White    |    Black    |    Total",
		"               |   MG    EG  |   MG    EG  |   MG    EG",
		" --------------+-------------+-------------+------------")
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		wt, bt := bd.Terms[t][movegen.White], bd.Terms[t][movegen.Black]
		tot := wt - bt
		out = append(out, fmt.Sprintf(" %13s | %5d %5d | %5d %5d | %5d %5d", t, wt.MG(), wt.EG(), bt.MG(), bt.EG(), tot.MG(), tot.EG()))
	}
	out = append(out, fmt.Sprintf("Phase %d/%d (middlegame share), endgame scale %d/%d", bd.Phase, eval.MaxPhase, bd.Scale, eval.ScaleNormal))
	if bd.MateDrive != 0 {
		out = append(out, fmt.Sprintf("Mate drive against a bare king: %+d cp (White's view)", bd.MateDrive))
	}
	out = append(out, fmt.Sprintf("Hand-crafted evaluation: %+d cp (White's view), %+d cp (side to move)", bd.White, bd.SideToMove))
	final, finalStm, used := bd.White, bd.SideToMove, "hand-crafted"
	if ce.net != nil {
		var acc nnue.Accumulator
		ce.net.Refresh(&acc, pos)
		stm := ce.net.Evaluate(&acc, pos.SideToMove(), pos.Occupied().Count())
		white := stm
		if pos.SideToMove() == movegen.Black {
			white = -stm
		}
		name := ce.settings.Own.Text(optEvalFile)
		if name == "" {
			name = nnue.DefaultName
		}
		out = append(out, fmt.Sprintf("NNUE evaluation (%s): %+d cp (White's view), %+d cp (side to move)", quote.Truncate(name, 60), white, stm))
		if usesNet(ce.settings) {
			final, finalStm, used = white, stm, "NNUE"
		}
	}
	out = append(out, fmt.Sprintf("Final evaluation: %+d cp (White's view), %+d cp (side to move): the %s one, which the search uses", final, finalStm, used))
	return out, nil
}

// Commands: "genfens", the start positions OpenBench's data generation
// asks for.
func (Chess) Commands() map[string]game.Command {
	return map[string]game.Command{"genfens": {Run: genFENs, Long: true, Arg: "N [seed S] [book None|FILE]",
		Help: "N start positions for self-play, one \"info string genfens <FEN>\" line each (OpenBench)"}}
}

// genFENs answers "genfens N [seed S] [book None|FILE]" with N lines
// "info string genfens <FEN>" (openings.GenFENs), each printed as soon
// as it is found (OpenBench gives up on an engine silent for 15 s); stop
// or quit ends it.
func genFENs(ctx context.Context, _ game.Game, args []string, print func(string)) error {
	if len(args) == 0 {
		return errors.New("genfens: usage: genfens N [seed S] [book None|FILE]")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 || n > openings.GenFENsMax {
		return fmt.Errorf("genfens: the count %q is not a number from 1 to %d", quote.Truncate(args[0], 20), openings.GenFENsMax)
	}
	var seed uint64
	var starts []string
	rest := args[1:]
	for len(rest) > 0 {
		if len(rest) < 2 {
			return fmt.Errorf("genfens: %q needs a value", quote.Truncate(rest[0], 20))
		}
		key, value := rest[0], rest[1]
		rest = rest[2:]
		switch key {
		case "seed":
			if seed, err = strconv.ParseUint(value, 10, 64); err != nil {
				return fmt.Errorf("genfens: the seed %q is not a number from 0 to 2^64-1", quote.Truncate(value, 24))
			}
		case "book":
			if value == "None" || value == "none" {
				starts = nil
				continue
			}
			if starts, _, err = openings.ReadFile(ctx, value); err != nil {
				return fmt.Errorf("genfens: book: %v", err)
			}
		default:
			return fmt.Errorf("genfens: unknown parameter %q (seed, book)", quote.Truncate(key, 20))
		}
	}
	made := 0
	err = openings.GenFENs(ctx, n, seed, starts, func(fen string) {
		print("info string genfens " + fen)
		made++
	})
	if err != nil && ctx.Err() != nil {
		// A reader of the genfens lines (OpenBench) must not take a list
		// cut short by stop, go or play for the whole; the line does not
		// start with "info string genfens ", so it is not read as a FEN.
		print(fmt.Sprintf("info string warning: genfens stopped after %d of %d positions; the list is incomplete", made, n))
	}
	return err
}

func (Chess) NewEngine(s game.Settings) (game.Engine, error) {
	e, err := newChessEngine(s)
	if err != nil {
		return nil, err
	}
	return game.Bind[chessGame](e), nil
}

func newChessEngine(s game.Settings) (*chessEngine, error) {
	t, err := tt.New(s.HashMB)
	if err != nil {
		return nil, err
	}
	e := &chessEngine{e: search.NewWithTable(t), settings: game.Settings{HashMB: s.HashMB}}
	if _, err := e.Configure(s); err != nil {
		return nil, err
	}
	return e, nil
}

func (Chess) Bench(ctx context.Context, depth int, s game.Settings, report func(string)) kit.BenchResult {
	var net *nnue.Network
	if s.Own.Flag(optUseNNUE) {
		n, note, err := loadNet(s.Own.Text(optEvalFile))
		if err != nil {
			report(fmt.Sprintf("info string error: bench: EvalFile %v; the bench evaluates by hand", err))
		} else {
			report("info string bench: " + note)
			net = n
		}
	}
	return search.Bench(ctx, depth, max(s.Threads, 1), s.BenchHashMB(), net, report)
}

// NNUEByDefault says whether chess evaluates with the embedded net unless
// told otherwise (the UCI option Use NNUE): decided by games, recorded in
// docs/STRENGTH-HISTORY.md.
const NNUEByDefault = true

// chessEngine is the chess search behind the protocol.
type chessEngine struct {
	e        *search.Engine
	net      *nnue.Network  // EvalFile's net, used while Use NNUE is on
	book     *book.Book     // BookFile's book, used while OwnBook is on
	tables   *syzygy.Tables // SyzygyPath's tables
	bookRng  *rand.Rand     // the weighted choice among book moves
	settings game.Settings
	// The BookFile being read off the command loop (Preload), and the
	// book read for the next Configure.
	readingBook string
	readBook    readBook
}

// readBook is a book read ahead of the Configure that takes it.
type readBook struct {
	path string
	book *book.Book
}

var _ game.Loader = (*chessEngine)(nil)

// Preload checks a new BookFile at once and returns its reading: a book
// can take seconds to read. The net (of a fixed size) and the table
// directories (their files are mapped when first probed) are read by
// Configure itself.
func (c *chessEngine) Preload(next game.Settings) (func(context.Context) (func(), error), error) {
	path := next.Own.Text(optBookFile)
	if path == "" || path == c.settings.Own.Text(optBookFile) || path == c.readBook.path {
		return nil, nil
	}
	if err := book.Check(path); err != nil {
		return nil, err
	}
	c.readingBook = path
	return func(ctx context.Context) (func(), error) {
		b, err := book.Read(ctx, path)
		return func() {
			c.readingBook = ""
			if err == nil {
				c.readBook = readBook{path, b}
			}
		}, err
	}, nil
}

func (c *chessEngine) Configure(s game.Settings) ([]string, error) {
	if err := c.e.CheckThreads(s.Threads); err != nil {
		return nil, err // the old threads stay, and everything else
	}
	// The files are read first: a file refused leaves the table, and
	// everything else, as it was.
	// EvalFile's net is read (and a bad file refused) whether or not Use
	// NNUE is on, so that switching it on later cannot fail.
	netChanges := s.Own.Text(optEvalFile) != c.settings.Own.Text(optEvalFile) || c.net == nil
	files, notes, err := loadChessFiles(chessFiles{net: c.net, book: c.book, tables: c.tables, read: c.readBook}, c.settings, s, c.net == nil)
	if err != nil {
		return nil, err
	}
	if netChanges && !s.Own.Flag(optUseNNUE) {
		notes[0] += "; not in use while Use NNUE is false" // the net's note comes first
	}
	if s.HashMB != c.settings.HashMB {
		if err := c.e.TT.Resize(s.HashMB); err != nil {
			files.closeNew(c.tables)
			return nil, err // the old table stays
		}
	}
	if c.tables != files.tables {
		c.tables.Close() // no search runs during Configure
	}
	if c.book != files.book && c.book != nil && c.book.Len() >= 4<<20 {
		// 64 MiB or more goes back to the system now, not at the
		// collector's leisure: books are large.
		c.book = nil
		debug.FreeOSMemory()
	}
	c.net, c.book, c.tables = files.net, files.book, files.tables
	c.readBook = readBook{}
	if s.Own.Flag(optOwnBook) && (!c.settings.Own.Flag(optOwnBook) || s.Own.Text(optBookFile) != c.settings.Own.Text(optBookFile)) && c.book == nil && c.readingBook == "" {
		notes = append(notes, "OwnBook: no BookFile is set; every move is searched")
	}
	c.e.SetTablebases(search.Tablebases{Tables: c.tables, ProbeDepth: s.Own.Int(optSyzygyDepth), ProbeLimit: s.Own.Int(optSyzygyLimit), Rule50: s.Own.Flag(optSyzygy50)})
	if c.bookRng == nil || s.Own.Int(optBookSeed) != c.settings.Own.Int(optBookSeed) {
		seed := uint64(s.Own.Int(optBookSeed))
		if seed == 0 {
			seed = uint64(time.Now().UnixNano())
		}
		c.bookRng = rand.New(rand.NewPCG(seed, 0x626f6f6b)) // "book"
	}
	if s.Own.Flag(optUseNNUE) != c.settings.Own.Flag(optUseNNUE) {
		if usesNet(s) {
			notes = append(notes, "Use NNUE: chess evaluates with the net of EvalFile")
		} else if s.Own.Flag(optUseNNUE) {
			notes = append(notes, "Use NNUE: chess evaluates with the net of EvalFile at full strength; the playing level in force evaluates by hand")
		} else {
			notes = append(notes, "Use NNUE: chess evaluates by hand (docs/EVAL.md)")
		}
	}
	if usesNet(s) {
		c.e.SetNet(c.net)
	} else {
		c.e.SetNet(nil)
	}
	c.e.SetOptions(search.Options{Threads: s.Threads, MultiPV: s.MultiPV, MoveOverhead: s.MoveOverhead, Contempt: s.Contempt})
	if s.Level != c.settings.Level || s.LevelSeed != c.settings.LevelSeed {
		c.e.SetLevel(s.Level, s.LevelSeed)
	}
	c.settings = s
	return notes, nil
}

// usesNet says whether the search evaluates with the net: at full strength
// when Use NNUE is on. The weakened levels evaluate by hand, as they did
// when their Elo was calibrated (docs/STRENGTH.md, "Playing levels").
func usesNet(s game.Settings) bool {
	return s.Own.Flag(optUseNNUE) && s.Level.Kind == kit.FullStrength
}

// chessFiles are what chess's file options load: EvalFile's net,
// BookFile's book and SyzygyPath's tables.
type chessFiles struct {
	net    *nnue.Network
	book   *book.Book
	tables *syzygy.Tables
	read   readBook // a book read ahead for its path, taken instead of reading it again
}

// loadChessFiles reads the files of the options that changed from old to
// s (of all of them when all is set: a new engine) and returns have with
// them in place, with a note for each that starts with the option's name.
// On an error, which names the option, nothing it opened stays open and
// have is unchanged.
func loadChessFiles(have chessFiles, old, s game.Settings, all bool) (chessFiles, []string, error) {
	var notes []string
	next := have
	if s.Own.Text(optEvalFile) != old.Own.Text(optEvalFile) || all {
		net, note, err := loadNet(s.Own.Text(optEvalFile))
		if err != nil {
			return have, nil, &game.OptionError{Option: "EvalFile", Err: err}
		}
		next.net = net
		notes = append(notes, note)
	}
	if s.Own.Text(optBookFile) != old.Own.Text(optBookFile) || all {
		next.book = nil
		if s.Own.Text(optBookFile) != "" {
			b := have.read.book
			if have.read.path != s.Own.Text(optBookFile) {
				var err error
				if b, err = book.Open(s.Own.Text(optBookFile)); err != nil {
					return have, nil, &game.OptionError{Option: "BookFile", Err: err}
				}
			}
			next.book = b
			notes = append(notes, bookNote(s.Own.Text(optBookFile), b))
		}
	}
	if s.Own.Text(optSyzygyPath) != old.Own.Text(optSyzygyPath) || all {
		t, note, err := openTables(s.Own.Text(optSyzygyPath))
		if err != nil {
			return have, nil, &game.OptionError{Option: "SyzygyPath", Err: err}
		}
		next.tables = t
		if note != "" {
			notes = append(notes, note)
		}
	}
	return next, notes, nil
}

// closeNew closes f's tables when they are not the ones in force: a
// configuration refused after they were opened.
func (f chessFiles) closeNew(inForce *syzygy.Tables) {
	if f.tables != inForce {
		f.tables.Close()
	}
}

// openTables opens SyzygyPath's tables ("": none). A path whose
// directories hold no WDL table (.rtbw) is refused: DTZ tables alone
// (.rtbz) cannot tell a result.
func openTables(path string) (*syzygy.Tables, string, error) {
	if path == "" {
		return nil, "", nil
	}
	t, err := syzygy.Open(path)
	if err != nil {
		return nil, "", err
	}
	switch {
	case t.Files() == 0:
		t.Close()
		return nil, "", fmt.Errorf("no Syzygy table (.rtbw, .rtbz) in %s", quote.Truncate(path, 80))
	case t.MaxPieces() == 0:
		t.Close()
		return nil, "", fmt.Errorf("no WDL table (.rtbw) in %s, only %d DTZ tables (.rtbz): the results are in the WDL tables",
			quote.Truncate(path, 80), t.Files())
	}
	return t, fmt.Sprintf("SyzygyPath: %d table files, positions of up to %d pieces", t.Files(), t.MaxPieces()), nil
}

// loadNet reads the net EvalFile names ("" or the embedded net's name:
// the embedded net) and says which net it is.
func loadNet(path string) (*nnue.Network, string, error) {
	if path == "" || path == nnue.DefaultName {
		net, provenance := nnue.Default()
		return net, fmt.Sprintf("EvalFile: the embedded net %s (%s)", nnue.DefaultName, provenance), nil
	}
	net, provenance, _, err := nnue.LoadFile(path)
	if err != nil {
		return nil, "", err // the protocol names the option
	}
	return net, fmt.Sprintf("EvalFile: %s (%s)", quote.Truncate(path, 80), provenance), nil
}

// Close unmaps the tables; the net and the book are memory the collector
// takes with the engine.
func (c *chessEngine) Close() {
	c.tables.Close()
	c.tables = nil
	c.e.SetTablebases(search.Tablebases{})
}

func (c *chessEngine) NewGame()                { c.e.NewGame() }
func (c *chessEngine) ClearHash() string       { c.e.TT.Clear(); return "" }
func (c *chessEngine) Settings() game.Settings { return c.settings }
func (c *chessEngine) TableMB() int            { return c.e.TT.SizeMB() }

func (c *chessEngine) Prepare(cg chessGame, args []string) (game.Search, []string, error) {
	pos := *cg.Pos() // the search owns its copy
	us := pos.SideToMove()
	gp := kit.ParseGo(args, int(us), kit.ColourClocks)
	lim := kit.Convert[movegen.Move](gp.Limits)
	// Moves are read and written in the notation the game was set up with,
	// as legalmoves and history write them: UCI_Chess960 takes effect at
	// the next position, as in Stockfish, never between a game's moves.
	chess960 := cg.Chess960()
	for _, tok := range gp.Limits.SearchMoves {
		m, err := pos.ParseUCIMove(tok, chess960)
		if err != nil {
			gp.Note("go searchmoves: %v; ignored", err)
			continue
		}
		lim.SearchMoves = append(lim.SearchMoves, m)
	}
	if len(gp.Limits.SearchMoves) > 0 && len(lim.SearchMoves) == 0 {
		gp.Note("go searchmoves: no legal move given; searching every move")
	}
	ponderOn, showWDL := c.settings.Ponder, c.settings.ShowWDL
	if lim.Ponder && !ponderOn {
		// Pondering without the option is harmless; note it for GUIs that forget.
		gp.Note("go ponder received while the Ponder option is off; pondering anyway")
	}
	if m, note, ok := c.bookMove(&pos, &lim, chess960); ok {
		return func(ctx context.Context, hit <-chan struct{}, report func(string)) string {
			report("info string " + note)
			lim.PonderHit = hit
			kit.Hold(ctx, &lim)
			return m.UCI(chess960)
		}, gp.Notes, nil
	}
	c.tablebaseNote(&pos, &lim, &gp)
	show := c.tables != nil && c.settings.Level.Kind == kit.FullStrength
	eng := c.e
	return func(ctx context.Context, hit <-chan struct{}, report func(string)) string {
		lim.PonderHit = hit
		res := eng.Search(ctx, &pos, lim, func(info search.Info) {
			report(chessInfo(info, chess960, showWDL, show).String())
		})
		best := res.BestMove.UCI(chess960)
		// The expected reply is sent when the GUI may ponder on it.
		if ponderOn && res.PonderMove != movegen.NullMove {
			best += " ponder " + res.PonderMove.UCI(chess960)
		}
		return best
	}, gp.Notes, nil
}

// bookMove is the move OwnBook plays in pos, chosen by weight among the
// book's moves (those of searchmoves, when given), with a note saying so.
// An analysis ("go infinite") is always searched, and so is a position
// past BookDepth or not in the book.
func (c *chessEngine) bookMove(pos *movegen.Position, lim *search.Limits, chess960 bool) (movegen.Move, string, bool) {
	if !c.settings.Own.Flag(optOwnBook) || c.book == nil || lim.Infinite || pos.FullMoveNumber() > c.settings.Own.Int(optBookDepth) {
		return movegen.NullMove, "", false
	}
	entries := c.book.Entries(pos)
	if len(lim.SearchMoves) > 0 {
		entries = slices.DeleteFunc(entries, func(e book.Entry) bool { return !slices.Contains(lim.SearchMoves, e.Move) })
	}
	m, ok := book.Choose(entries, c.bookRng, book.Weighted)
	if !ok {
		return movegen.NullMove, "", false
	}
	var total, weight uint64
	for _, e := range entries {
		total += uint64(e.Weight)
		if e.Move == m {
			weight += uint64(e.Weight)
		}
	}
	return m, fmt.Sprintf("book move %s (weight %d of %d, %d book moves)", m.UCI(chess960), weight, total, len(entries)), true
}

// tablebaseNote says what the search will do with a root in the
// tablebases: keep only the moves that keep its result
// (search.TablebaseRoot).
func (c *chessEngine) tablebaseNote(pos *movegen.Position, lim *search.Limits, gp *kit.GoParams) {
	if c.tables == nil || c.settings.Level.Kind != kit.FullStrength {
		return
	}
	if j, ok := search.TablebaseRoot(c.e.Tablebases(), pos, lim.SearchMoves); ok {
		results := [5]string{"loss", "blessed loss", "draw", "cursed win", "win"} // by WDL + 2
		of := "moves"
		if len(lim.SearchMoves) > 0 {
			of = "searchmoves"
		}
		gp.Note("tablebases: a %s; %d of %d %s keep it", results[j.Result+2], len(j.Keep), j.Considered, of)
	}
}

// chessInfo is a search report's info line: the kit's, with the moves in
// the game's notation, tbhits when tables are in use and, with
// UCI_ShowWDL, the win, draw and loss chances.
func chessInfo(info search.Info, chess960, showWDL, showTBHits bool) kit.Info {
	out := kit.InfoOf(info, func(m movegen.Move) string { return m.UCI(chess960) }, chessMate)
	out.ShowTBHits = showTBHits
	if showWDL {
		w, d, l := winDrawLoss(info.Score)
		out.WDL = &[3]int{w, d, l}
	}
	return out
}

// chessMate is a chess score as "mate N".
func chessMate(score int) (int, bool) { return search.MateInMoves(score), search.IsMate(score) }

// winDrawLoss estimates win, draw and loss chances in per mille from a
// score with a fixed logistic model: the win chance is 50% at +2 pawns
// (wdlMidpoint) and the curve's scale is wdlScale centipawns. Mates are certain.
func winDrawLoss(score int) (w, d, l int) {
	switch {
	case score >= search.MateBound:
		return 1000, 0, 0
	case score <= -search.MateBound:
		return 0, 0, 1000
	}
	win := func(cp float64) int { return int(math.Round(1000 / (1 + math.Exp((wdlMidpoint-cp)/wdlScale)))) }
	w, l = win(float64(score)), win(float64(-score))
	return w, 1000 - w - l, l
}

const (
	wdlMidpoint = 200.0
	wdlScale    = 90.0
)

// Tunables are the chess search's parameters that the tune build (go build
// -tags tune) offers as UCI options for SPSA; none in other builds.
func Tunables() []search.Tunable { return search.Tunables }

// Retune makes a changed tunable take effect; not during a search.
func Retune() { search.Retune() }
