package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

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
			if g.Status().Over {
				return map[string]uint64{}, nil // repetition included: a finished game has no moves
			}
			return chameleon.Divide(g.(*chameleon.Game).Pos(), depth), nil
		},
		search: searchChameleon,
		record: func(g variants.Game) string { return chameleon.WriteRecord(g.Record()) },
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
// infinite, searchmoves, movestogo, the mover's clock, and "algorithm
// model|paranoid|bestreply|maxn" (the multi-player search scheme; model,
// the default, is paranoid search with the opponent model). The mover's
// clock is "time"/"inc"; a two-player frontend's "wtime"/"btime" (with
// "winc"/"binc") are accepted too: with one of them given it is the
// mover's, with both the smaller one is taken, because a game of up to four
// players has no white and black to map them to and spending too little is
// safer than losing on time. ponder and mate are
// refused with the reason.
func parseChameleonGo(args []string, pos *chameleon.Position) (chsearch.Limits, chsearch.Algorithm, error) {
	var lim chsearch.Limits
	algo := chsearch.ParanoidModel
	var rest []string
	var given [2]bool // wtime, btime
	mover := false    // "time" given
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "ponder", "mate":
			return lim, algo, fmt.Errorf("go %s is not supported in Chameleon Chess", a)
		case "algorithm":
			if i+1 >= len(args) {
				return lim, algo, fmt.Errorf("go algorithm needs \"model\", \"paranoid\", \"bestreply\" or \"maxn\"")
			}
			var ok bool
			if algo, ok = chsearch.ParseAlgorithm(args[i+1]); !ok {
				return lim, algo, fmt.Errorf("go algorithm %q is not \"model\", \"paranoid\", \"bestreply\" or \"maxn\"", truncate(args[i+1], 20))
			}
			i++
		case "searchmoves":
			for i+1 < len(args) && !isGoKeyword(args[i+1]) && args[i+1] != "algorithm" {
				m, err := pos.ParseMove(args[i+1])
				if err != nil {
					return lim, algo, fmt.Errorf("go searchmoves: %v", err)
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
				i++
			}
		default:
			switch a {
			case "wtime":
				given[0] = true
			case "btime":
				given[1] = true
			case "time":
				mover = true
			}
			rest = append(rest, a)
		}
	}
	if mover && (given[0] || given[1]) {
		return lim, algo, fmt.Errorf("go: give the mover's clock either as \"time\" or as \"wtime\"/\"btime\", not both")
	}
	gl, err := parseGo(rest, nil, false, movegen.White)
	if err != nil {
		return lim, algo, err
	}
	clock := movegen.White
	if given[1] && (!given[0] || gl.Time[movegen.Black] < gl.Time[movegen.White]) {
		clock = movegen.Black
	}
	lim.Depth, lim.Nodes, lim.MoveTime, lim.Infinite = gl.Depth, gl.Nodes, gl.MoveTime, gl.Infinite
	lim.Clock, lim.Time, lim.Inc, lim.MovesToGo = gl.Clock, gl.Time[clock], gl.Inc[clock], gl.MovesToGo
	return lim, algo, nil
}

// searchChameleon handles "go" in Chameleon Chess. It prints one info line
// per finished iteration and "bestmove <move>": "0000" when the mover must
// pass, "(none)" when the game is over.
func searchChameleon(s *Session, args []string) {
	g := s.vgame.(*chameleon.Game)
	lim, algo, err := parseChameleonGo(args, g.Pos())
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
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
	// A search bounded by depth or nodes alone finishes even when the input
	// ends ("go depth 3" piped with nothing after it reaches depth 3); "stop"
	// still ends it at once.
	bounded := (lim.Depth > 0 || lim.Nodes > 0) && !lim.Infinite && !lim.Clock && lim.MoveTime == 0
	s.startJob(bounded, true, func(ctx context.Context) {
		res := eng.Search(ctx, &pos, keys, lim, func(info chsearch.Info) {
			s.out.println(formatChameleonInfo(info, players))
		})
		releaseChameleonEngine(eng)
		s.job.engineFree.Store(true)
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
