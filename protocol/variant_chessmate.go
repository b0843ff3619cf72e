package protocol

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"tempest/engine"
	"tempest/movegen"
	"tempest/tt"
	"tempest/variants"
	"tempest/variants/chessmate"
	"tempest/variants/chessmate/cmsearch"
)

func init() {
	registerVariant(&variantDef{
		name:        chessmate.Name,
		description: chessmate.Description,
		order:       1,
		startpos: func(s *Session, setup []string) (variants.Game, error) {
			deck, err := parseDeal(setup)
			if err != nil {
				return nil, err
			}
			p, err := chessmate.Deal(deck)
			if err != nil {
				return nil, err
			}
			return chessmate.NewGame(p), nil
		},
		fromString: func(s *Session, pos string) (variants.Game, error) {
			p, err := chessmate.ParsePosition(pos)
			if err != nil {
				return nil, fmt.Errorf("invalid card-chess position %q: %v", truncate(pos, 160), err)
			}
			return chessmate.NewGame(p), nil
		},
		load: func(s *Session, r variants.Record) (variants.Game, error) { return chessmate.LoadRecord(r) },
		perft: func(ctx context.Context, g variants.Game, depth int) (map[string]uint64, error) {
			return g.(*chessmate.Game).Divide(ctx, depth)
		},
		search: searchCardChess,
		bench: func(ctx context.Context, depth int, report func(string)) engine.BenchResult {
			return cmsearch.Bench(ctx, depth, DefaultHashMB, report)
		},
		benchDepth: cmsearch.BenchDepth,
		view: func(g variants.Game, player string) (string, error) {
			c := movegen.White
			switch player {
			case "w":
			case "b":
				c = movegen.Black
			default:
				return "", fmt.Errorf("the player is w or b, not %q", truncate(player, 10))
			}
			return g.(*chessmate.Game).Pos().View(c)
		},
	})
}

// parseDeal reads the card-chess start options: "deal <15 codes>" (White
// gets the first three, Black the next three, the rest is the draw pile,
// top first), "seed <n>" (a reproducible shuffle), or nothing (a random
// shuffle).
func parseDeal(setup []string) ([15]chessmate.Card, error) {
	switch {
	case len(setup) == 0:
		return chessmate.ShuffledDeck(uint64(time.Now().UnixNano())), nil
	case len(setup) == 2 && setup[0] == "seed":
		n, err := strconv.ParseUint(setup[1], 10, 64)
		if err != nil {
			return [15]chessmate.Card{}, fmt.Errorf("startpos seed %q is not a number", truncate(setup[1], 20))
		}
		return chessmate.ShuffledDeck(n), nil
	case len(setup) == 2 && setup[0] == "deal":
		deck, err := chessmate.ParseDeck(setup[1])
		if err != nil {
			return deck, fmt.Errorf("startpos %v", err)
		}
		return deck, nil
	}
	return [15]chessmate.Card{}, fmt.Errorf("startpos takes \"deal <15 card codes>\" or \"seed <n>\", not %q", truncate(strings.Join(setup, " "), 40))
}

// searchCardChess handles "go" in card chess: the same parameters as in
// chess (searchmoves excepted, ignored with a note), searched from the
// mover's view.
func searchCardChess(s *Session, args []string) {
	g := s.vgame.(*chessmate.Game)
	us := g.Pos().SideToMove()
	// The engine decides from the mover's view, which includes its own hand:
	// with cards of that hand hidden it would play cards it may not hold.
	if hand := g.Pos().Hand(us); hand.Has(chessmate.Unknown) {
		s.refuseSearch("go: %s is to move but its own hand is hidden in this position (%s); give %s's view",
			us, handCodes(hand), us)
		return
	}
	gp, _ := parseGo(args, us)
	gp.ownClock(us)
	if len(gp.searchMoves) > 0 {
		gp.note("go searchmoves is not supported in %s; ignored", s.variant.name)
	}
	s.notes(gp.notes)
	lim := gp.lim
	if st := g.Status(); st.Over {
		s.out.info("the game is over (%s)", st.Reason)
	}
	s.stopJob()
	eng := s.cardEngine()
	pos := *g.Pos() // the search owns its copy
	cmLim := engine.Convert[chessmate.Action](lim)
	if !s.playCards {
		cmLim.SearchMoves = pos.RegularMoves()
		if len(cmLim.SearchMoves) == 0 { // only a card could move: play it rather than nothing
			cmLim.SearchMoves = nil
		}
	}
	s.startJob(jobSearch, func(ctx context.Context, j *job) {
		cmLim.PonderHit = j.hit
		res := eng.SearchHidden(ctx, &pos, cmLim, cmsearch.DefaultSamples, func(info cmsearch.Info) {
			s.out.println(formatCardInfo(info))
		})
		j.engineFree.Store(true)
		best := "0000"
		if res.BestMove != chessmate.NullAction {
			best = res.BestMove.String()
		}
		s.out.println("bestmove " + best)
	})
}

// cardEngine returns the card-chess engine, made on first use with the
// session's options and level.
func (s *Session) cardEngine() *cmsearch.Engine {
	if s.cmEngine == nil {
		mb, _ := strconv.Atoi(s.findOption("Hash").value)
		if err := tt.CheckFits(mb); err != nil {
			// Beside the chess table the machine may not hold a second
			// one of the same size.
			s.out.info("card chess table: %v; using %d MiB", err, DefaultHashMB)
			mb = DefaultHashMB
		}
		s.cmEngine = cmsearch.New(max(mb, 1))
	}
	s.cmEngine.SetOptions(cmsearch.Options{Threads: s.threads, MultiPV: 1, MoveOverhead: time.Duration(s.overheadMS) * time.Millisecond,
		Contempt: s.contempt})
	s.cmEngine.SetLevel(s.playingLevel(), uint64(time.Now().UnixNano()))
	return s.cmEngine
}

func formatCardInfo(info cmsearch.Info) string {
	if info.CurrMove != chessmate.NullAction {
		return fmt.Sprintf("info depth %d currmove %s currmovenumber %d", info.Depth, info.CurrMove, info.CurrMoveNumber)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score ", info.Depth, info.SelDepth, info.MultiPV)
	if cmsearch.IsMate(info.Score) {
		fmt.Fprintf(&b, "mate %d", cmsearch.MateInMoves(info.Score))
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

// handCodes writes a hand as in a position string.
func handCodes(h *chessmate.Hand) string {
	codes := make([]string, 0, 3)
	for _, c := range h.Cards() {
		codes = append(codes, c.Code())
	}
	return strings.Join(codes, ",")
}
