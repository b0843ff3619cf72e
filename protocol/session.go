// Package protocol speaks UCI on a reader and a writer. Commands are read
// on one goroutine and never wait for a running job (search or perft), which
// runs on its own goroutine. All output goes through one writer, a whole
// line at a time.
package protocol

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tempest/engine"
	"tempest/movegen"
	"tempest/perft"
	"tempest/search"
	"tempest/tt"
	"tempest/variants"
	"tempest/variants/chessmate/cmsearch"
)

// DefaultHashMB is the hash table size before any setoption.
const DefaultHashMB = 16

// Session is one UCI conversation.
type Session struct {
	out      *output
	game     *chessGame    // the chess game (when the variant is chess)
	vgame    variants.Game // the current game of the current variant (game itself in chess)
	variant  *variantDef
	engine   *search.Engine
	cmEngine *cmsearch.Engine // card chess, made on first use
	options  []*Option

	loading []string // lines of a game record being received by loadpgn, or nil
	loadErr string   // why the record being received cannot be loaded, or ""

	skill         int
	playCards     bool
	limitStrength bool
	elo           int

	chess960    bool
	showWDL     bool
	ponderOn    bool
	debug       bool
	threads     int
	multiPV     int
	overheadMS  int
	contempt    int
	analyseMode bool

	job *job // the running search or perft, or nil
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
	hit        chan struct{} // closed at ponderhit
	hitOnce    sync.Once
	engineFree atomic.Bool // the engine is no longer used; the job only prints its result
}

// ponderHit tells the job's search that the expected move was played. The
// channel stays closed, so a search that has not started yet sees it too.
func (j *job) ponderHit() { j.hitOnce.Do(func() { close(j.hit) }) }

// NewSession makes a session that writes to out.
func NewSession(out io.Writer) *Session {
	s := &Session{out: newOutput(out), threads: 1, multiPV: 1, overheadMS: 30, playCards: true}
	s.variant = variantByName("chess")
	s.setChessGame(newChessGame(movegen.NewStartPosition(), false))
	s.options = s.optionTable()
	s.engine = search.New(DefaultHashMB)
	s.skill = len(engine.PlayingLevels) - 1
	s.elo = engine.PlayingLevels[s.skill].Elo
	for _, o := range s.options {
		o.value = o.Default
	}
	// The engine starts with the options' defaults, not its own zero values:
	// a GUI that sets no option still gets the advertised Move Overhead and
	// with it the clock reserve.
	s.applySearchOptions()
	s.applyLevel()
	return s
}

// optionTable declares every UCI option once.
func (s *Session) optionTable() []*Option {
	return []*Option{
		{Name: "Hash", Kind: Spin, Default: strconv.Itoa(DefaultHashMB), Min: 1, Max: max(tt.MaxMB(), DefaultHashMB),
			Help: "transposition table size in MiB; the maximum is half the machine's memory, and a size the free memory cannot hold is refused",
			apply: func(s *Session, v string) error {
				mb, _ := strconv.Atoi(v)
				return s.engine.TT.Resize(mb) // on error the old table stays
			}},
		{Name: "Clear Hash", Kind: Button, Help: "empty the transposition table",
			apply: func(s *Session, _ string) error { s.engine.TT.Clear(); return nil }},
		{Name: "Threads", Kind: Spin, Default: "1", Min: 1, Max: 512, Help: "search threads (Lazy SMP)",
			apply: func(s *Session, v string) error {
				s.threads, _ = strconv.Atoi(v)
				s.applySearchOptions()
				return nil
			}},
		{Name: "MultiPV", Kind: Spin, Default: "1", Min: 1, Max: 256, Help: "number of best lines to report",
			apply: func(s *Session, v string) error {
				s.multiPV, _ = strconv.Atoi(v)
				s.applySearchOptions()
				return nil
			}},
		{Name: "Ponder", Kind: Check, Default: "false", Help: "tells the engine the GUI may send \"go ponder\"",
			apply: func(s *Session, v string) error { s.ponderOn = v == "true"; return nil }},
		{Name: "Move Overhead", Kind: Spin, Default: "30", Min: 0, Max: 5000,
			Help: "milliseconds kept back per move for GUI and network lag",
			apply: func(s *Session, v string) error {
				s.overheadMS, _ = strconv.Atoi(v)
				s.applySearchOptions()
				return nil
			}},
		{Name: "Contempt", Kind: Spin, Default: "0", Min: -200, Max: 200,
			Help: "centipawns a draw is worth less than equal to the engine (chess and card chess)",
			apply: func(s *Session, v string) error {
				s.contempt, _ = strconv.Atoi(v)
				s.applySearchOptions()
				return nil
			}},
		{Name: "UCI_Chess960", Kind: Check, Default: "false", Help: "castling moves are written king-takes-rook",
			apply: func(s *Session, v string) error { s.chess960 = v == "true"; return nil }},
		{Name: "UCI_AnalyseMode", Kind: Check, Default: "false", Help: "set by GUIs when analysing; accepted, no effect on play",
			apply: func(s *Session, v string) error { s.analyseMode = v == "true"; return nil }},
		{Name: "UCI_ShowWDL", Kind: Check, Default: "false", Help: "add \"wdl W D L\" (per mille) to scores",
			apply: func(s *Session, v string) error { s.showWDL = v == "true"; return nil }},
		{Name: "UCI_Variant", Kind: Combo, Default: "chess", Vars: variantNames(),
			Help:  "the game played: chess, or a variant of docs/VARIANTS.md",
			apply: func(s *Session, v string) error { return s.switchVariant(v) }},
		{Name: "Play Cards", Kind: Check, Default: "true", Help: "card chess: when false the engine plays regular moves only",
			apply: func(s *Session, v string) error { s.playCards = v == "true"; return nil }},
		{Name: "Skill Level", Kind: Spin, Default: strconv.Itoa(len(engine.PlayingLevels) - 1), Min: 0, Max: len(engine.PlayingLevels) - 1,
			Help:  "playing level: 0 random mover, 1 greedy, 2 and up weakened search, the maximum full strength",
			apply: func(s *Session, v string) error { s.skill, _ = strconv.Atoi(v); s.applyLevel(); return nil }},
		{Name: "UCI_LimitStrength", Kind: Check, Default: "false", Help: "play at the level given by UCI_Elo (overrides Skill Level)",
			apply: func(s *Session, v string) error { s.limitStrength = v == "true"; s.applyLevel(); return nil }},
		{Name: "UCI_Elo", Kind: Spin, Default: strconv.Itoa(engine.PlayingLevels[len(engine.PlayingLevels)-1].Elo),
			Min: engine.PlayingLevels[0].Elo, Max: engine.PlayingLevels[len(engine.PlayingLevels)-1].Elo,
			Help:  "target strength when UCI_LimitStrength is on: the strongest level whose measured Elo is at most this",
			apply: func(s *Session, v string) error { s.elo, _ = strconv.Atoi(v); s.applyLevel(); return nil }},
	}
}

// applyLevel sets the engine's playing level from Skill Level, or from
// UCI_Elo when UCI_LimitStrength is on. Weak levels draw their random
// choices from a clock-seeded generator, so games vary.
func (s *Session) applyLevel() {
	s.engine.SetLevel(engine.PlayingLevels[s.levelIndex()].Level, uint64(time.Now().UnixNano()))
}

// levelIndex is the playing level the options select.
func (s *Session) levelIndex() int {
	if s.limitStrength {
		return engine.LevelForElo(s.elo)
	}
	return s.skill
}

func (s *Session) applySearchOptions() {
	s.engine.SetOptions(search.Options{
		Threads:      s.threads,
		MultiPV:      s.multiPV,
		MoveOverhead: time.Duration(s.overheadMS) * time.Millisecond,
		Contempt:     s.contempt,
	})
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

// Execute runs one command line; it returns false after "quit".
func (s *Session) Execute(line string) bool {
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
			s.out.println(o.declaration())
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
		s.loading = []string{}
	case "view":
		s.view(args)
	case "levels":
		s.levels()
	case "history":
		s.history()
	default:
		if !s.variantCommand(cmd, args) {
			s.out.errorf("unknown command %q", truncate(cmd, 40))
		}
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
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
		s.out.errorf("position needs \"startpos\" or \"fen <position>\", not %q", truncate(args[0], 40))
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
	var next variants.Game
	var err error
	if args[0] == "startpos" {
		next, err = s.variant.startpos(s, setup)
	} else {
		next, err = s.variant.fromString(s, strings.Join(setup, " "))
	}
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	play := next.Play
	if cg, ok := next.(*chessGame); ok {
		play = cg.playMove
	}
	for i, text := range moves {
		if _, err := play(text); err != nil {
			s.out.errorf("move %d (%s) of the move list: %v", i+1, truncate(text, 20), err)
			return
		}
	}
	s.setGame(next)
}

// setGame makes g the current game.
func (s *Session) setGame(g variants.Game) {
	s.vgame = g
	if cg, ok := g.(*chessGame); ok {
		s.game = cg
	}
}

func (s *Session) setChessGame(g *chessGame) { s.setGame(g) }

// goCommand parses "go" and starts a search or perft. Every "go" that is
// not a perft gets exactly one bestmove, whatever its parameters.
func (s *Session) goCommand(args []string) {
	if len(args) >= 1 && args[0] == "perft" {
		s.perftCommand(args[1:])
		return
	}
	if s.variant.name != "chess" {
		s.variant.search(s, args)
		return
	}
	us := s.game.pos.SideToMove()
	g, _ := parseGo(args, us)
	g.ownClock(us)
	g.chessSearchMoves(&s.game.pos, s.chess960)
	s.notes(g.notes)
	if g.lim.Ponder && !s.ponderOn {
		// Pondering without the option is harmless; note it for GUIs that forget.
		s.out.info("go ponder received while the Ponder option is off; pondering anyway")
	}
	s.startSearch(g.lim)
}

// notes prints what parseGo changed or ignored.
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

// startSearch runs the search on its own goroutine; it prints info lines as
// they come and bestmove at the end.
func (s *Session) startSearch(lim search.Limits) {
	s.stopJob()
	pos := s.game.pos // the search owns its copy
	chess960, showWDL, ponderOn := s.chess960, s.showWDL, s.ponderOn
	eng := s.engine
	s.startJob(jobSearch, func(ctx context.Context, j *job) {
		lim.PonderHit = j.hit
		res := eng.Search(ctx, &pos, lim, func(info search.Info) {
			s.out.println(formatInfo(info, &pos, chess960, showWDL))
		})
		// A GUI may change options as soon as it reads bestmove.
		j.engineFree.Store(true)
		line := "bestmove " + res.BestMove.UCI(chess960)
		// The expected reply is sent when the GUI may ponder on it.
		if ponderOn && res.PonderMove != movegen.NullMove {
			line += " ponder " + res.PonderMove.UCI(chess960)
		}
		s.out.println(line)
	})
}

// perftCommand handles "go perft <depth>" for every game, as a job that
// stop and quit end.
func (s *Session) perftCommand(args []string) {
	maxDepth := 20
	if s.variant.name != "chess" {
		maxDepth = 10
		if s.variant.perft == nil {
			s.out.errorf("go perft: not available for %s", s.variant.name)
			return
		}
	}
	if len(args) != 1 {
		s.out.errorf("go perft needs a depth, e.g. \"go perft 5\"")
		return
	}
	depth, err := strconv.Atoi(args[0])
	if err != nil || depth < 1 || depth > maxDepth {
		s.out.errorf("go perft depth %q is not a number from 1 to %d", truncate(args[0], 20), maxDepth)
		return
	}
	if s.variant.name == "chess" {
		s.startPerft(depth)
		return
	}
	s.stopJob()
	g, variant := s.vgame, s.variant
	s.startJob(jobReadsGame, func(ctx context.Context, j *job) {
		start := time.Now()
		counts, err := variant.perft(ctx, g, depth)
		if err != nil {
			s.out.info("perft stopped before it finished")
			return
		}
		keys := make([]string, 0, len(counts))
		var total uint64
		for k, n := range counts {
			keys = append(keys, k)
			total += n
		}
		sort.Strings(keys)
		for _, k := range keys {
			s.out.printf("%s: %d", k, counts[k])
		}
		s.out.println("")
		s.out.printf("Nodes searched: %d", total)
		s.out.println("")
		s.out.info("perft %d: %d nodes in %d ms", depth, total, time.Since(start).Milliseconds())
	})
}

func (s *Session) startPerft(depth int) {
	s.stopJob()
	pos := s.game.pos // the job owns its copy
	chess960 := s.chess960
	threads := s.threads
	s.startJob(jobOther, func(ctx context.Context, j *job) {
		start := time.Now()
		counts, err := perft.Divide(ctx, &pos, depth, perft.Options{Threads: threads})
		if err != nil {
			s.out.info("perft stopped before it finished")
			return
		}
		for _, c := range counts {
			s.out.printf("%s: %d", c.Move.UCI(chess960), c.Nodes)
		}
		total := perft.Total(counts)
		elapsed := time.Since(start)
		s.out.println("")
		s.out.printf("Nodes searched: %d", total)
		s.out.println("")
		s.out.info("perft %d: %d nodes in %d ms, %d nps", depth, total, elapsed.Milliseconds(),
			int64(float64(total)/(elapsed.Seconds()+1e-9)))
	})
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
func (s *Session) quit() { s.stopJob() }

func (s *Session) stopJob() {
	if s.job == nil {
		return
	}
	s.job.cancel()
	<-s.job.done
	s.job = nil
}

// display prints the board, FEN and key for humans ("d", as in Stockfish);
// in a variant, the current game's position string and state.
func (s *Session) display() {
	if s.variant.name != "chess" {
		st := s.vgame.Status()
		s.out.printf("Variant: %s", s.variant.name)
		s.out.printf("Position: %s", s.vgame.Position())
		s.out.printf("To move: %s, in check: %t, over: %t, result: %s", st.ToMove, st.InCheck, st.Over, st.Result)
		s.out.printf("Legal actions: %d, played: %d", len(s.vgame.Legal()), len(s.vgame.Actions()))
		return
	}
	p := &s.game.pos
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
	for _, line := range strings.Split(sb.String(), "\n") {
		s.out.println(line)
	}
}
