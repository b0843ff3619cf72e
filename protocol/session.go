// Package protocol speaks UCI on a reader and a writer. Commands are read
// on one goroutine and never wait for a running job (search or perft), which
// runs on its own goroutine. All output goes through one writer, a whole
// line at a time.
package protocol

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tempest/game"
	"tempest/games"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/tt"
)

// DefaultHashMB is the hash table size before any setoption.
const DefaultHashMB = game.DefaultHashMB

// Session is one UCI conversation. It holds one game of one variant and
// that game's engine, and forwards every command to them through the
// variants interfaces, whatever the game.
type Session struct {
	out      *output
	variant  game.Variant // the current game's rules and engine maker (UCI_Variant)
	game     game.Game    // the current game
	engine   game.Engine  // the current game's engine
	settings game.Settings
	// unapplied: settings changed while a search used the engine (Ponder,
	// UCI_ShowWDL); the next "go" hands them over.
	unapplied bool
	options   []*Option

	loading []string // lines of a game record being received by loadpgn, or nil
	loadErr string   // why the record being received cannot be loaded, or ""
	// loadBytes counts the record's bytes against maxRecordBytes.
	loadBytes int

	skill         int
	limitStrength bool
	elo           int
	debug         bool
	analyseMode   bool

	job     *job     // the running search or perft, or nil
	reading *reading // a file an option named, being read, or nil

	argGoTime time.Duration // ArgumentGoTime; shorter in tests
}

// job is work running beside the command loop: a search, a perft or a
// bench. "stop", "quit" and the end of input cancel it, and each job ends
// soon after its context is cancelled.
type job struct {
	cancel context.CancelFunc
	done   chan struct{}
	search bool // a search: ponderhit applies to it
	// readsGame marks a job that reads the session's current game rather
	// than a copy (perft): "play", which changes that game, stops it first.
	readsGame  bool
	name       string        // a job that reads the game: its command, for the note when play stops it
	hit        chan struct{} // closed at ponderhit
	hitOnce    sync.Once
	engineFree atomic.Bool // the engine is no longer used; the job only prints its result
}

// ponderHit tells the job's search that the expected move was played. The
// channel stays closed, so a search that has not started yet sees it too.
func (j *job) ponderHit() { j.hitOnce.Do(func() { close(j.hit) }) }

// NewSession makes a session that writes to out, playing chess with the
// options' defaults.
func NewSession(out io.Writer) *Session {
	s := &Session{out: newOutput(out), argGoTime: ArgumentGoTime}
	s.options = s.optionTable()
	for _, o := range s.options {
		o.value = o.Default
	}
	s.skill = len(kit.PlayingLevels) - 1
	s.elo = kit.PlayingLevels[s.skill].Elo
	// The engine starts with the options' defaults, not its own zero values:
	// a GUI that sets no option still gets the advertised Move Overhead and
	// with it the clock reserve.
	s.settings = DefaultSettings()
	s.settings.Level, s.settings.LevelSeed = kit.PlayingLevels[s.skill].Level, uint64(time.Now().UnixNano())
	s.variant = games.Chess{}
	s.game, _ = s.variant.Start(nil, s.settings)
	e, err := s.variant.NewEngine(s.settings)
	if first := err; err != nil {
		// A limit that cannot hold the default table (a small ulimit -v or
		// container): the largest smaller one that fits, and a warning.
		for mb := DefaultHashMB / 2; err != nil && mb >= 1; mb /= 2 {
			s.settings.HashMB = mb
			e, err = s.variant.NewEngine(s.settings)
		}
		if err == nil {
			s.out.info("warning: Hash: %v; using %d MiB", first, s.settings.HashMB)
			s.findOption("Hash").value = strconv.Itoa(s.settings.HashMB)
		}
	}
	if err != nil {
		// A 1 MiB table is never refused: only a broken build fails here.
		panic("protocol: the engine cannot be made: " + err.Error())
	}
	s.engine = e
	return s
}

// DefaultSettings are the settings the options' defaults make: what a
// session starts with, and what the bench signatures are measured with.
func DefaultSettings() game.Settings {
	return game.Settings{HashMB: DefaultHashMB, Threads: 1, MultiPV: 1, MoveOverhead: 30 * time.Millisecond,
		Own: games.DefaultOwn()}
}

// optionTable declares every UCI option once.
func (s *Session) optionTable() []*Option {
	spin := func(v string) int { n, _ := strconv.Atoi(v); return n }
	table := []*Option{
		{Option: game.Option{Name: "Hash", Kind: Spin, Default: strconv.Itoa(DefaultHashMB), Min: 1, Max: max(tt.MaxMB(), DefaultHashMB),
			Help: "transposition table size in MiB; the maximum is half the machine's memory, and a size the free memory cannot hold is refused"},
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.HashMB = spin(v) }) // on error the old table stays
			}},
		{Option: game.Option{Name: "Clear Hash", Kind: Button, Help: "empty the transposition table"},
			apply: func(s *Session, _ string) error {
				if note := s.engine.ClearHash(); note != "" {
					s.out.info("%s", note)
				}
				return nil
			}},
		{Option: game.Option{Name: "Threads", Kind: Spin, Default: "1", Min: 1, Max: kit.MaxThreads, Help: "search threads (Lazy SMP; chess and card chess); a count whose threads the free memory cannot hold is refused"},
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.Threads = spin(v) })
			}},
		{Option: game.Option{Name: "MultiPV", Kind: Spin, Default: "1", Min: 1, Max: 256, Help: "number of best lines to report (chess)"},
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.MultiPV = spin(v) })
			}},
		{Option: game.Option{Name: "Ponder", Kind: Check, Default: "false", Help: "tells the engine the GUI may send \"go ponder\""}, DuringSearch: true,
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.Ponder = v == "true" })
			}},
		{Option: game.Option{Name: "Move Overhead", Kind: Spin, Default: "30", Min: 0, Max: 5000,
			Help: "milliseconds kept back per move for GUI and network lag"},
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.MoveOverhead = time.Duration(spin(v)) * time.Millisecond })
			}},
		{Option: game.Option{Name: "Contempt", Kind: Spin, Default: "0", Min: -200, Max: 200,
			Help: "centipawns a draw is worth less than equal to the engine (chess and card chess)"},
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.Contempt = spin(v) })
			}},
		{Option: game.Option{Name: "UCI_Chess960", Kind: Check, Default: "false", Help: "castling moves are written king-takes-rook"},
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.Chess960 = v == "true" })
			}},
		{Option: game.Option{Name: "UCI_AnalyseMode", Kind: Check, Default: "false", Help: "set by GUIs when analysing; accepted, no effect on play"}, DuringSearch: true,
			apply: func(s *Session, v string) error { s.analyseMode = v == "true"; return nil }},
		{Option: game.Option{Name: "UCI_ShowWDL", Kind: Check, Default: "false", Help: "add \"wdl W D L\" (per mille) to scores"}, DuringSearch: true,
			apply: func(s *Session, v string) error {
				return s.reconfigure(func(c *game.Settings) { c.ShowWDL = v == "true" })
			}},
		{Option: game.Option{Name: "UCI_Variant", Kind: Combo, Default: "chess", Vars: variantNames(),
			Help: "the game played: chess, or a variant of docs/VARIANTS.md"},
			apply: func(s *Session, v string) error { return s.switchVariant(v) }},
		{Option: game.Option{Name: "Skill Level", Kind: Spin, Default: strconv.Itoa(len(kit.PlayingLevels) - 1), Min: 0, Max: len(kit.PlayingLevels) - 1,
			Help: "playing level: 0 random mover, 1 greedy, 2 and up weakened search, the maximum full strength"},
			apply: func(s *Session, v string) error { s.skill = spin(v); return s.applyLevel() }},
		{Option: game.Option{Name: "UCI_LimitStrength", Kind: Check, Default: "false", Help: "play at the level given by UCI_Elo (overrides Skill Level)"},
			apply: func(s *Session, v string) error { s.limitStrength = v == "true"; return s.applyLevel() }},
		{Option: game.Option{Name: "UCI_Elo", Kind: Spin, Default: strconv.Itoa(kit.PlayingLevels[len(kit.PlayingLevels)-1].Elo),
			Min: kit.PlayingLevels[0].Elo, Max: kit.PlayingLevels[len(kit.PlayingLevels)-1].Elo,
			Help: "target strength when UCI_LimitStrength is on: the strongest level whose measured Elo is at most this"},
			apply: func(s *Session, v string) error { s.elo = spin(v); return s.applyLevel() }},
	}
	table = append(table, s.gameOptions()...)
	// The tune build offers every chess search parameter, for SPSA.
	for _, t := range games.Tunables() {
		table = append(table, &Option{Option: game.Option{Name: t.Name, Kind: Spin, Default: strconv.Itoa(*t.Value), Min: t.Min, Max: t.Max,
			Help: "chess search parameter (tune build only; docs/DEVELOPING.md)"},
			apply: func(s *Session, v string) error { *t.Value = spin(v); games.Retune(); return nil }})
	}
	return table
}

// reconfigure changes the settings and hands them to the engine, printing
// its notes about settings that do not apply to the game. When the engine
// refuses them (a table the memory cannot hold) the old settings stay.
// During a search (only Ponder and UCI_ShowWDL may change then) the engine
// takes them at the next "go".
func (s *Session) reconfigure(change func(*game.Settings)) error {
	next := s.settings
	change(&next)
	if s.searching() {
		s.settings, s.unapplied = next, true
		return nil
	}
	notes, err := s.engine.Configure(next)
	if err != nil {
		return err
	}
	s.settings, s.unapplied = next, false
	for _, n := range notes {
		s.out.info("%s", n)
	}
	return nil
}

// applyLevel sets the playing level from Skill Level, or from UCI_Elo when
// UCI_LimitStrength is on. Weak levels draw their random choices from a
// clock-seeded generator, so games vary.
func (s *Session) applyLevel() error {
	return s.reconfigure(func(c *game.Settings) {
		c.Level = kit.PlayingLevels[s.levelIndex()].Level
		c.LevelSeed = uint64(time.Now().UnixNano())
	})
}

// levelIndex is the playing level the options select.
func (s *Session) levelIndex() int {
	if s.limitStrength {
		return kit.LevelForElo(s.elo)
	}
	return s.skill
}

// Run reads commands until "quit" or the end of input, then ends any job.
func (s *Session) Run(in io.Reader) error {
	lines := newLineReader(in, MaxLineLength)
	defer s.quit()
	for {
		line, err := lines.next()
		switch {
		case err == errLineTooLong && s.loading != nil:
			s.out.errorf("loadpgn: a record line is longer than %d bytes; the record will not be loaded", MaxLineLength)
			s.loadErr = fmt.Sprintf("a line longer than %d bytes", MaxLineLength)
			continue
		case err == errLineTooLong:
			s.out.errorf("input line longer than %d bytes ignored", MaxLineLength)
			continue
		case err == io.EOF:
			if s.loading != nil {
				s.out.errorf("loadpgn: the input ended before endpgn; the record is not loaded")
			}
			return nil
		case err != nil:
			return err
		}
		if !s.Execute(line) {
			return nil
		}
	}
}

// RunCommands runs command lines given as the program's arguments
// (engine "bench 13" quit), one after another: each waits for the job it
// started (a bench, a perft, a search with a limit) before the next runs,
// as scripts and test frameworks expect; a search that waits for "stop"
// (go infinite, go ponder) runs until the next stop or the end, and a
// search that no limit ends (go alone, searchmoves, mate) gets
// ArgumentGoTime. After the last line the session ends as at "quit", so
// every argument list ends. It returns the number of errors the session
// reported ("info string error: ..."), so a script can tell a mistyped
// command or a record left unfinished from success.
func (s *Session) RunCommands(lines []string) int {
	if s.runCommands(lines) && s.loading != nil {
		s.out.errorf("loadpgn: the arguments ended before endpgn; the record is not loaded")
		s.loading, s.loadErr = nil, ""
	}
	s.quit()
	return int(s.out.errors.Load())
}

// ArgumentGoTime is how long a search that no limit ends runs when it is
// given as a command-line argument, where no "stop" can follow: the
// one second a "go" whose limits were all unusable gets.
const ArgumentGoTime = kit.DefaultGoTime

// runCommands runs the lines; false if one was "quit".
func (s *Session) runCommands(lines []string) bool {
	for _, line := range lines {
		before := s.job
		if !s.Execute(line) {
			return false
		}
		s.finishReading(true) // a file an option named is read before the next command
		if s.job == nil || s.job == before || waitsForStop(line) {
			continue
		}
		if s.job.search && kit.Unending(strings.Fields(line)[1:]) {
			s.out.info("go: no limit ends this search and no stop can follow a command-line argument; searching for %d ms",
				s.argGoTime.Milliseconds())
			select {
			case <-s.job.done:
			case <-time.After(s.argGoTime):
				s.stopJob() // the search answers its bestmove
			}
			continue
		}
		<-s.job.done
	}
	return true
}

// waitsForStop reports whether a command line is a search that ends only
// when told.
func waitsForStop(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 || fields[0] != "go" {
		return false
	}
	for _, f := range fields[1:] {
		if f == "infinite" || f == "ponder" {
			return true
		}
	}
	return false
}

// Execute runs one command line; it returns false after "quit".
func (s *Session) Execute(line string) bool {
	s.finishReading(false)
	if s.loading != nil {
		// A record line is never one of these words alone, and a GUI must
		// be able to stop a search, ping and quit while sending a record.
		switch strings.TrimSpace(line) {
		case "quit":
			s.out.errorf("loadpgn: quit before endpgn; the record is not loaded")
			s.loading, s.loadErr = nil, ""
			return false
		case "isready":
			s.out.println("readyok")
			return true
		case "stop":
			s.stopJob()
			return true
		case "endpgn":
			if s.loadErr != "" {
				s.out.errorf("loadpgn: the record is not loaded: it has %s", s.loadErr)
				s.loading, s.loadErr = nil, ""
				return true
			}
		}
		s.receiveRecordLine(line)
		return true
	}
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "quit":
		return false
	case "uci":
		s.out.printf("id name %s %s", Name, Version())
		s.out.printf("id author %s", Author)
		for _, o := range s.options {
			s.out.println(o.Declaration())
		}
		s.out.println("uciok")
	case "isready":
		s.out.println("readyok")
	case "debug":
		s.debug = len(args) > 0 && args[0] == "on"
	case "register":
		// Tempest needs no registration.
	case "setoption":
		s.setOption(args)
	case "ucinewgame":
		s.stopJob()
		s.engine.NewGame()
	case "position":
		s.position(args)
	case "go":
		s.goCommand(args)
	case "stop":
		s.stopJob()
	case "ponderhit":
		if s.job != nil && s.job.search {
			s.job.ponderHit()
		}
	case "d":
		s.display()
	case "eval":
		s.evalCommand()
	case "bench":
		s.benchCommand(args)
	case "legalmoves":
		s.legalMoves()
	case "state":
		s.state()
	case "play":
		s.play(args)
	case "pgn":
		s.writeRecord()
	case "loadpgn":
		s.loading, s.loadBytes = []string{}, 0
	case "view":
		s.view(args)
	case "levels":
		s.levels()
	case "games":
		s.gamesCommand()
	case "history":
		s.history()
	case "result":
		s.endGame(args)
	case "movelist":
		s.moveList()
	default:
		if !s.variantCommand(cmd, args) {
			s.out.errorf("unknown command %q", quote.Truncate(cmd, 40))
		}
	}
	return true
}

// position handles "position startpos|fen <FEN> [moves ...]". The new game
// is built completely before it replaces the old one, so any error leaves
// the previous position in place. A running search keeps its own copy.
func (s *Session) position(args []string) {
	if len(args) == 0 {
		s.out.errorf("position needs \"startpos\" or \"fen <position>\"")
		return
	}
	if args[0] != "startpos" && args[0] != "fen" {
		s.out.errorf("position needs \"startpos\" or \"fen <position>\", not %q", quote.Truncate(args[0], 40))
		return
	}
	end := len(args)
	for i, a := range args {
		if a == "moves" {
			end = i
			break
		}
	}
	setup, moves := args[1:end], []string(nil)
	if end < len(args) {
		moves = args[end+1:]
	}
	var next game.Game
	var err error
	if args[0] == "startpos" {
		next, err = s.variant.Start(setup, s.settings)
	} else {
		next, err = s.variant.Parse(strings.Join(setup, " "), s.settings)
	}
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	for i, text := range moves {
		if err := next.Follow(text); err != nil {
			s.out.errorf("move %d (%s) of the move list: %v", i+1, quote.Truncate(text, 20), err)
			return
		}
	}
	s.game = next
}

// goCommand parses "go" and starts a search or perft. Every "go" that is
// not a perft gets exactly one bestmove, whatever its parameters.
func (s *Session) goCommand(args []string) {
	if len(args) >= 1 && args[0] == "perft" {
		s.perftCommand(args[1:])
		return
	}
	s.stopJob()
	// The book being read is the one this search plays from; settings
	// changed during the last search reach the engine now.
	s.finishReading(true)
	if s.unapplied {
		if notes, err := s.engine.Configure(s.settings); err == nil {
			s.notes(notes)
		}
		s.unapplied = false
	}
	search, notes, err := s.engine.Prepare(s.game, args)
	s.notes(notes)
	if err != nil {
		s.refuseSearch("%v", err)
		return
	}
	s.startJob(jobSearch, func(ctx context.Context, j *job) {
		best := search(ctx, j.hit, s.out.println)
		// A GUI may change options as soon as it reads bestmove.
		j.engineFree.Store(true)
		s.out.println("bestmove " + best)
	})
}

// notes prints what the engine changed or ignored in a command.
func (s *Session) notes(notes []string) {
	for _, n := range notes {
		s.out.info("%s", n)
	}
}

// refuseSearch answers a "go" that cannot be searched: the reason, and the
// one bestmove the GUI waits for, "(none)" as for a position without moves.
func (s *Session) refuseSearch(format string, args ...any) {
	s.stopJob()
	s.out.errorf(format, args...)
	s.out.println("bestmove (none)")
}

// perftCommand handles "go perft <depth>" for every game, as a job that
// stop and quit end, and that "play", which changes the game it counts,
// stops first.
func (s *Session) perftCommand(args []string) {
	maxDepth := s.variant.Properties().MaxPerftDepth
	if len(args) != 1 {
		s.out.errorf("go perft needs a depth, e.g. \"go perft 5\"")
		return
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > maxDepth {
		s.out.errorf("go perft depth %q is not a number from 1 to %d", quote.Truncate(args[0], 20), maxDepth)
		return
	}
	s.stopJob()
	g, settings := s.game, s.settings
	s.startJob(jobReadsGame, func(ctx context.Context, j *job) {
		start := time.Now()
		counts, err := g.Perft(ctx, depth, settings)
		if err != nil {
			s.out.info("perft stopped before it finished")
			return
		}
		var total uint64
		for _, c := range counts {
			s.out.printf("%s: %d", c.Action, c.Nodes)
			total += c.Nodes
		}
		elapsed := time.Since(start)
		s.out.println("")
		s.out.printf("Nodes searched: %d", total)
		s.out.println("")
		s.out.info("perft %d: %d nodes in %d ms, %d nps", depth, total, elapsed.Milliseconds(),
			int64(float64(total)/(elapsed.Seconds()+1e-9)))
	})
	s.job.name = "perft"
}

// The kinds of job.
const (
	jobOther = iota
	jobSearch
	jobReadsGame
)

// startJob runs work on its own goroutine; stopJob cancels and waits for it.
func (s *Session) startJob(kind int, work func(ctx context.Context, j *job)) {
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, done: make(chan struct{}), search: kind == jobSearch,
		readsGame: kind == jobReadsGame, hit: make(chan struct{})}
	// Only a search uses the engine: options may change beside a perft or
	// a bench (which makes its own engine).
	j.engineFree.Store(kind != jobSearch)
	s.job = j
	go func() {
		defer close(j.done)
		work(ctx, j)
	}()
}

// running reports whether a job is still running.
func (s *Session) running() bool {
	if s.job == nil {
		return false
	}
	select {
	case <-s.job.done:
		return false
	default:
		return true
	}
}

// searching reports whether a job still uses the engine.
func (s *Session) searching() bool { return s.running() && !s.job.engineFree.Load() }

// quit ends the session: every job is cancelled at once (a search still
// prints its bestmove).
func (s *Session) quit() {
	s.abandonReading()
	s.stopJob()
}

func (s *Session) stopJob() {
	if s.job == nil {
		return
	}
	s.job.cancel()
	<-s.job.done
	s.job = nil
}

// display prints the current position for humans ("d", as in
// Stockfish): the board in chess, the position string and state in the
// other games.
func (s *Session) display() {
	for _, line := range s.game.Display() {
		s.out.println(line)
	}
}
