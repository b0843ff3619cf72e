package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"tempest/engine"
	"tempest/movegen"
	"tempest/variants"
	"tempest/variants/chameleon"
	"tempest/variants/chameleon/chsearch"
)

func init() {
	registerVariant(&variantDef{
		name:        chameleon.Name,
		description: chameleon.Description,
		order:       2,
		startpos: func(s *Session, setup []string) (variants.Game, error) {
			players := uint8(0b1111)
			switch {
			case len(setup) == 0:
			case len(setup) == 2 && setup[0] == "players":
				set, err := chameleon.ParsePlayers(setup[1])
				if err != nil {
					return nil, fmt.Errorf("startpos %v", err)
				}
				players = set
			default:
				return nil, fmt.Errorf("startpos takes \"players <2 to 4 of r g y b>\" (e.g. \"players ry\"), not %q",
					truncate(strings.Join(setup, " "), 40))
			}
			p, err := chameleon.StartPosition(players)
			if err != nil {
				return nil, err
			}
			return chameleon.NewGame(p), nil
		},
		fromString: func(s *Session, pos string) (variants.Game, error) {
			p, err := chameleon.ParsePosition(pos)
			if err != nil {
				return nil, fmt.Errorf("invalid chameleon position %q: %v", truncate(pos, 160), err)
			}
			return chameleon.NewGame(p), nil
		},
		load: func(s *Session, r variants.Record) (variants.Game, error) { return chameleon.LoadRecord(r) },
		perft: func(ctx context.Context, g variants.Game, depth int) (map[string]uint64, error) {
			return g.(*chameleon.Game).Divide(ctx, depth) // with the game's history: repetition ends lines
		},
		search: searchChameleon,
		bench: func(ctx context.Context, depth int, report func(string)) engine.BenchResult {
			return chsearch.Bench(ctx, depth, DefaultHashMB, report)
		},
		benchDepth: chsearch.BenchDepth,
		record:     func(g variants.Game) string { return chameleon.WriteRecord(g.Record()) },
		commands: map[string]func(s *Session, args []string){
			"board": showChameleonBoard,
		},
	})
}

// chameleonEngines keeps idle search engines for reuse: a table is
// allocated once, not at every "go". Each search starts a new table
// generation, so a reused engine searches exactly as a fresh one.
var chameleonEngines struct {
	sync.Mutex
	idle []*chsearch.Engine
}

// maxChameleonHashMB caps the table: a Chameleon Chess search at playing
// speed fills far less than the chess default allows.
const maxChameleonHashMB = 256

func takeChameleonEngine(hashMB int) *chsearch.Engine {
	mb := min(max(hashMB, 1), maxChameleonHashMB)
	pool := &chameleonEngines
	pool.Lock()
	defer pool.Unlock()
	for i, e := range pool.idle {
		if e.TableMB() == chsearch.TableMBFor(mb) {
			pool.idle = append(pool.idle[:i], pool.idle[i+1:]...)
			return e
		}
	}
	return chsearch.New(mb)
}

func releaseChameleonEngine(e *chsearch.Engine) {
	pool := &chameleonEngines
	pool.Lock()
	if len(pool.idle) < 4 {
		pool.idle = append(pool.idle, e)
	}
	pool.Unlock()
}

// parseChameleonGo reads "go" for Chameleon Chess: depth, nodes, movetime,
// infinite, ponder, searchmoves, movestogo, the mover's clock, and
// "algorithm model|paranoid|bestreply|maxn" (the multi-player search
// scheme; model, the default, is paranoid search with the opponent model).
// The mover's clock is "time"/"inc"; a two-player frontend's
// "wtime"/"btime" (with "winc"/"binc") are accepted too: with one of them
// given it is the mover's, with both the smaller one is taken, because a
// game of up to four players has no white and black to map them to and
// spending too little is safer than losing on time. What cannot apply (mate,
// a bad algorithm or move) is ignored with a note.
func parseChameleonGo(args []string, pos *chameleon.Position) (chsearch.Limits, chsearch.Algorithm, []string) {
	var moves []chameleon.Move
	algo := chsearch.ParanoidModel
	var viaTime, viaColour bool
	for _, a := range args {
		viaTime = viaTime || a == "time" || a == "inc"
		viaColour = viaColour || a == "wtime" || a == "btime" || a == "winc" || a == "binc"
	}
	var dropped bool
	if viaTime && viaColour {
		// Both forms name the same clock: keep the one meant for this game.
		kept := make([]string, 0, len(args))
		for i := 0; i < len(args); i++ {
			if a := args[i]; a == "wtime" || a == "btime" || a == "winc" || a == "binc" {
				if i+1 < len(args) && !isGoKeyword(args[i+1]) {
					i++
				}
				continue
			}
			kept = append(kept, args[i])
		}
		args, dropped = kept, true
	}
	g, extras := parseGo(args, movegen.White, "algorithm")
	if dropped {
		g.note("go: the mover's clock was given both as time/inc and as wtime/btime; using time/inc")
	}
	if name, ok := extras["algorithm"]; ok {
		if a, ok := chsearch.ParseAlgorithm(name); ok {
			algo = a
		} else {
			g.note("go algorithm %q is not \"model\", \"paranoid\", \"bestreply\" or \"maxn\"; using model", truncate(name, 20))
		}
	}
	if g.lim.Mate > 0 {
		g.note("go mate is not supported in Chameleon Chess; ignored")
	}
	for _, tok := range g.searchMoves {
		m, err := pos.ParseMove(tok)
		if err != nil {
			g.note("go searchmoves: %v; ignored", err)
			continue
		}
		moves = append(moves, m)
	}
	if len(g.searchMoves) > 0 && len(moves) == 0 {
		g.note("go searchmoves: no legal move given; searching every move")
	}
	gl := g.lim
	// wtime and btime are both "the mover's clock" here; "time" sets White's.
	clock := movegen.White
	if g.given[movegen.Black] && (!g.given[movegen.White] || gl.Time[movegen.Black] < gl.Time[movegen.White]) {
		clock = movegen.Black
	}
	if gl.Clock && !g.given[clock] {
		gl.Time[clock] = 100 * time.Millisecond
		g.note("go: no clock given for the side to move; using 100 ms")
	}
	// The kit's clocks are indexed by colour: the mover's is the one read.
	lim := engine.Convert[chameleon.Move](gl)
	lim.Time, lim.Inc = [engine.MaxPlayers]time.Duration{}, [engine.MaxPlayers]time.Duration{}
	lim.Time[pos.ToMove()], lim.Inc[pos.ToMove()] = gl.Time[clock], gl.Inc[clock]
	lim.SearchMoves = moves
	return lim, algo, g.notes
}

// searchChameleon handles "go" in Chameleon Chess. It prints one info line
// per finished iteration and "bestmove <move>": "0000" when the mover must
// pass, "(none)" when the game is over. Chameleon has no ponder mode of its
// own: "go ponder" searches at once and holds the answer until ponderhit.
func searchChameleon(s *Session, args []string) {
	g := s.vgame.(*chameleon.Game)
	lim, algo, notes := parseChameleonGo(args, g.Pos())
	s.notes(notes)
	if st := g.Status(); st.Over {
		s.out.info("the game is over (%s)", st.Reason)
	}
	s.stopJob()
	mb, _ := strconv.Atoi(s.findOption("Hash").value)
	eng := takeChameleonEngine(mb)
	opts := chsearch.Options{MoveOverhead: time.Duration(s.overheadMS) * time.Millisecond, Algorithm: algo}
	if algo == chsearch.ParanoidModel {
		opts.Sensible = chsearch.SensiblePlayers(g)
	}
	eng.SetOptions(opts)
	// Weak levels draw their random choices from the clock, so games vary.
	eng.SetLevel(s.playingLevel(), uint64(time.Now().UnixNano()))
	pos := *g.Pos() // the search owns its copy
	keys := g.Keys()
	players := pos.Players()
	s.startJob(jobSearch, func(ctx context.Context, j *job) {
		lim.PonderHit = j.hit
		res := eng.Search(ctx, &pos, keys, lim, func(info chsearch.Info) {
			s.out.println(formatChameleonInfo(info, players))
		})
		releaseChameleonEngine(eng)
		j.engineFree.Store(true)
		best := "(none)"
		if res.BestMove != chameleon.NoMove {
			best = res.BestMove.String()
		}
		s.out.println("bestmove " + best)
	})
}

// formatChameleonInfo writes an iteration's report. The score is the
// mover's (the root player's) in centipawns: its own evaluation minus the
// mean of its opponents'; "mate N" is a win the opponents cannot prevent
// even together, within about N of its own moves (negative: they can
// eliminate it).
func formatChameleonInfo(info chsearch.Info, players int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d score ", info.Depth, info.SelDepth)
	if chsearch.IsWin(info.Score) {
		plies := chsearch.WinScore - info.Score
		if info.Score < 0 {
			plies = chsearch.WinScore + info.Score
		}
		moves := (plies + players - 1) / max(players, 1)
		if info.Score < 0 {
			moves = -max(moves, 1)
		}
		fmt.Fprintf(&b, "mate %d", moves)
	} else {
		fmt.Fprintf(&b, "cp %d", info.Score)
	}
	nps := uint64(float64(info.Nodes) / max(info.Elapsed.Seconds(), 0.001))
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d pv", info.Nodes, nps, info.Hashfull, info.Elapsed.Milliseconds())
	for _, m := range info.PV {
		b.WriteString(" " + m.String())
	}
	return b.String()
}

// showChameleonBoard answers "board" with everything a frontend draws,
// between "board begin" and "board end" (format in docs/CHAMELEON.md):
//
//	board rank 8 B... R... B... Y... GygN RyrN BybN YyyN
//	...
//	board bounds a1h8 tomove r quiet 0 ply 0 players rbyg eliminated - over false
//
// Each square is four characters: the field colour (upper case inside the
// bounds, lower case for a square that is gone), then "..." for no pawn or
// the pawn's owner, its knight colour and its role there (N, Q, B, R).
// players are the colours that started, in turn order; eliminated lists
// "<colour>@<ply>" in the order they dropped out, or "-".
func showChameleonBoard(s *Session, args []string) {
	if len(args) > 0 {
		s.out.errorf("board takes no arguments, not %q", truncate(strings.Join(args, " "), 40))
		return
	}
	g := s.vgame.(*chameleon.Game)
	p := g.Pos()
	s.out.println("board begin")
	for rank := 7; rank >= 0; rank-- {
		var b strings.Builder
		fmt.Fprintf(&b, "board rank %d", rank+1)
		for file := 0; file < 8; file++ {
			sq := movegen.MakeSquare(file, rank)
			field := chameleon.FieldColor(sq).Letter()
			if p.Bounds().Contains(sq) {
				field -= 'a' - 'A'
			}
			b.WriteByte(' ')
			b.WriteByte(field)
			if pc := p.At(sq); pc == chameleon.NoPawn {
				b.WriteString("...")
			} else {
				b.WriteString(pc.String())
				b.WriteByte(p.RoleAt(sq).Letter())
			}
		}
		s.out.println(b.String())
	}
	var players strings.Builder
	start, _ := chameleon.ParsePosition(g.Start())
	for _, c := range chameleon.CycleOrder {
		if start != nil && start.Has(c) {
			players.WriteString(c.String())
		}
	}
	var out []string
	for _, e := range g.Eliminations() {
		out = append(out, fmt.Sprintf("%s@%d", e.Color, e.Ply))
	}
	eliminated := "-"
	if len(out) > 0 {
		eliminated = strings.Join(out, ",")
	}
	st := g.Status()
	s.out.printf("board bounds %s tomove %s quiet %d ply %d players %s eliminated %s over %t", p.Bounds(), st.ToMove,
		p.QuietPlies(), p.Ply(), players.String(), eliminated, st.Over)
	s.out.println("board end")
}
