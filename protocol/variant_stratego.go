package protocol

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"tempest/engine"
	"tempest/movegen"
	"tempest/variants"
	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

func init() {
	registerVariant(&variantDef{
		name:        stratego.Name,
		description: stratego.Description,
		order:       3,
		startpos: func(s *Session, setup []string) (variants.Game, error) {
			p, err := strategoStart(setup)
			if err != nil {
				return nil, err
			}
			return stratego.NewGame(p), nil
		},
		fromString: func(s *Session, pos string) (variants.Game, error) {
			p, err := stratego.ParsePosition(pos)
			if err != nil {
				return nil, fmt.Errorf("invalid stratego position %q: %v", truncate(pos, 160), err)
			}
			return stratego.NewGame(p), nil
		},
		load: func(s *Session, r variants.Record) (variants.Game, error) { return stratego.LoadRecord(r) },
		perft: func(ctx context.Context, g variants.Game, depth int) (map[string]uint64, error) {
			return g.(*stratego.Game).Divide(ctx, depth) // with the game's history: repetition ends lines
		},
		search: searchStratego,
		bench: func(ctx context.Context, depth int, report func(string)) engine.BenchResult {
			return stsearch.Bench(ctx, depth, report)
		},
		benchDepth: stsearch.BenchDepth,
		view: func(g variants.Game, player string) (string, error) {
			side, err := stratego.ParseSetupSide(player)
			if err != nil {
				return "", err
			}
			p := g.(*stratego.Game).Pos()
			if owner, ok := p.Viewer(); ok && owner != side {
				return "", fmt.Errorf("the game is %s's view; %s's view cannot be derived from it", owner, side)
			}
			v := p.View(side)
			return v.String(), nil
		},
		record:   func(g variants.Game) string { return g.(*stratego.Game).RecordText() },
		commands: map[string]func(s *Session, args []string){"setup": strategoSetupCommand},
	})
}

// strategoStart reads the stratego start options: nothing (the default
// arrangement of the rules, §3.1), "seed <n>" (both sides arranged by the
// engine's setup generator: Volcandria from seed n, Everwinter from n+1),
// "random <n>" (both armies dealt uniformly at random from seed n), or
// "setup <volcandria rows> <everwinter rows>" (given arrangements, written
// as their rows appear in a position string).
func strategoStart(args []string) (*stratego.Position, error) {
	switch {
	case len(args) == 0:
		return stratego.ParsePosition(stratego.StartPosition)
	case len(args) == 2 && (args[0] == "seed" || args[0] == "random"):
		n, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("startpos %s %q is not a number", args[0], truncate(args[1], 20))
		}
		if args[0] == "random" {
			rng := rand.New(rand.NewPCG(n, 0xA2A7))
			v := stratego.RandomSetup(rng)
			return stratego.NewStart(v, stratego.RandomSetup(rng), stratego.Volcandria), nil
		}
		v := stratego.GenerateSetup(stratego.Volcandria, rand.New(rand.NewPCG(n, 0x5E7)))
		e := stratego.GenerateSetup(stratego.Everwinter, rand.New(rand.NewPCG(n+1, 0x5E7)))
		return stratego.NewStart(v, e, stratego.Volcandria), nil
	case len(args) == 3 && args[0] == "setup":
		v, err := stratego.ParseSetup(stratego.Volcandria, args[1])
		if err != nil {
			return nil, fmt.Errorf("startpos setup, Volcandria: %v", err)
		}
		e, err := stratego.ParseSetup(stratego.Everwinter, args[2])
		if err != nil {
			return nil, fmt.Errorf("startpos setup, Everwinter: %v", err)
		}
		return stratego.NewStart(v, e, stratego.Volcandria), nil
	}
	return nil, fmt.Errorf("startpos takes \"seed <n>\", \"random <n>\" or \"setup <volcandria rows> <everwinter rows>\", not %q",
		truncate(strings.Join(args, " "), 60))
}

// strategoSetupCommand answers "setup <side> [seed <n>]" with
// "setup <v|e> <rows>": an arrangement of the side's 30 pieces from the
// engine's setup generator (a clock seed without "seed").
func strategoSetupCommand(s *Session, args []string) {
	if len(args) != 1 && !(len(args) == 3 && args[1] == "seed") {
		s.out.errorf("setup needs the side and optionally a seed: \"setup v\", \"setup e seed 7\"")
		return
	}
	side, err := stratego.ParseSetupSide(args[0])
	if err != nil {
		s.out.errorf("setup: %v", err)
		return
	}
	seed := uint64(time.Now().UnixNano())
	if len(args) == 3 {
		if seed, err = strconv.ParseUint(args[2], 10, 64); err != nil {
			s.out.errorf("setup seed %q is not a number", truncate(args[2], 20))
			return
		}
	}
	st := stratego.GenerateSetup(side, rand.New(rand.NewPCG(seed, 0x5E7)))
	s.out.printf("setup %s %s", side.Letter(), st.String(side))
}

// searchStratego handles "go" in stratego: depth, nodes, movetime,
// wtime/btime (Volcandria/Everwinter) with winc/binc and movestogo,
// infinite, and ponder (Stratego has no ponder mode of its own: the search
// runs at once and the answer is held until ponderhit). searchmoves and mate
// are ignored with a note. The engine decides from the mover's view; a view
// of the other player cannot be searched.
func searchStratego(s *Session, args []string) {
	g := s.vgame.(*stratego.Game)
	pos := *g.Pos() // the search owns its copy
	us := movegen.White
	if pos.SideToMove() == stratego.Everwinter {
		us = movegen.Black
	}
	gp, _ := parseGo(args, us)
	gp.ownClock(us)
	if len(gp.searchMoves) > 0 {
		gp.note("go searchmoves is not supported in %s; ignored", s.variant.name)
	}
	if gp.lim.Mate > 0 {
		gp.note("go mate is not supported in %s; ignored", s.variant.name)
	}
	s.notes(gp.notes)
	lim := gp.lim
	if owner, ok := pos.Viewer(); ok && owner != pos.SideToMove() {
		s.refuseSearch("go: the position is %s's view, but %s is to move", owner, pos.SideToMove())
		return
	}
	st := g.Status()
	history := g.PublicHistory()
	s.stopJob()
	eng := stsearch.New()
	eng.MoveOverhead = time.Duration(s.overheadMS) * time.Millisecond
	eng.SetLevel(s.playingLevel(), uint64(time.Now().UnixNano()))
	stLim := engine.Convert[stratego.Move](lim)
	s.startJob(jobSearch, func(ctx context.Context, j *job) {
		if st.Over {
			s.out.info("the game is over (%s)", st.Reason)
		}
		stLim.PonderHit = j.hit
		res := eng.Search(ctx, &pos, history, stLim, func(info stsearch.Info) {
			nps := uint64(float64(info.Nodes) / max(info.Elapsed.Seconds(), 0.001))
			s.out.printf("info depth %d score cp %d nodes %d nps %d time %d pv %s string worlds %d",
				info.Depth, info.Score, info.Nodes, nps, info.Elapsed.Milliseconds(), info.Best, info.Worlds)
		})
		j.engineFree.Store(true)
		best := "0000"
		if res.Move != stratego.NullMove {
			best = res.Move.String()
		}
		s.out.println("bestmove " + best)
	})
}
