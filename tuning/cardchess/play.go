package cardchess

import (
	"context"
	"math/rand/v2"
	"strconv"

	"tempest/movegen"
	"tempest/tuning/vdata"
	"tempest/variants/chessmate"
	"tempest/variants/chessmate/cmsearch"
)

// Config says how the games are played.
type Config struct {
	Nodes       uint64 // per decision, shared by its worlds (as "go nodes N")
	Worlds      int    // worlds dealt per decision (cmsearch.DefaultSamples)
	RandomPlies int    // random regular moves after the deal, drawn from the game's seed
	HashMB      int    // each side's table
	MaxTurns    int    // a game that reaches this many turns is adjudicated a draw
	// A game is adjudicated won when the score from White's view stays at
	// or beyond ±WinScore for WinTurns turns in a row (both sides agree).
	WinScore, WinTurns int
}

// DefaultConfig is what tempest-dev vdatagen plays unless told otherwise:
// the node budget of the card-chess screens (docs/STRENGTH.md).
var DefaultConfig = Config{Nodes: 20000, Worlds: cmsearch.DefaultSamples, RandomPlies: 4, HashMB: 16,
	MaxTurns: 400, WinScore: 1500, WinTurns: 8}

// Generator plays card-chess self-play games for one shard: one engine
// per side, each deciding from its own view (SearchHidden reduces the
// full position to the mover's view and deals its worlds from that), so
// neither side sees the other's hand or the order of the draw pile.
type Generator struct {
	cfg     Config
	engines [2]*cmsearch.Engine
}

var _ vdata.Generator = (*Generator)(nil)

// NewGenerator makes a generator with its two engines.
func NewGenerator(cfg Config) *Generator {
	return &Generator{cfg: cfg, engines: [2]*cmsearch.Engine{cmsearch.New(max(cfg.HashMB, 1)), cmsearch.New(max(cfg.HashMB, 1))}}
}

// Recipe names everything that decides the games besides seed and number.
func (g *Generator) Recipe() vdata.Recipe {
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	i := func(v int) string { return strconv.Itoa(v) }
	return vdata.Recipe{{"variant", chessmate.Name}, {"format", "cardchess-1"}, {"nodes", u(g.cfg.Nodes)},
		{"worlds", i(g.cfg.Worlds)}, {"random-plies", i(g.cfg.RandomPlies)}, {"hash", i(g.cfg.HashMB)},
		{"max-turns", i(g.cfg.MaxTurns)}, {"win-score", i(g.cfg.WinScore)}, {"win-turns", i(g.cfg.WinTurns)}}
}

// Play plays game number game of the shard of seed and appends it to dst.
func (g *Generator) Play(ctx context.Context, seed uint64, game int, dst []byte) ([]byte, vdata.GameStats, error) {
	return vdata.PlayAppend(ctx, g.PlayGame, seed, game, dst)
}

// PlayGame plays game number game of the shard of seed. It depends on its
// arguments and the build alone: the deal and the random moves come from
// the seed and the number, both engines forget everything first, and a
// node-limited search of one thread is deterministic.
func (g *Generator) PlayGame(ctx context.Context, seed uint64, game int) (*Game, vdata.GameStats, error) {
	var st vdata.GameStats
	rng := rand.New(rand.NewPCG(seed, uint64(game)))
	out := &Game{Deal: chessmate.ShuffledDeck(rng.Uint64())}
	start, err := chessmate.Deal(out.Deal)
	if err != nil {
		return nil, st, err
	}
	cg := chessmate.NewGame(start)
	for _, e := range g.engines {
		e.NewGame()
	}
	// Random regular moves vary the openings, which the deal alone does
	// not: cards are not played at random, which would spend the good ones
	// as no player does and teach the fit hands that never occur.
	previousNoisy := false
	for i := 0; i < g.cfg.RandomPlies && !cg.Status().Over; i++ {
		moves := cg.Pos().RegularMoves()
		if len(moves) == 0 {
			break
		}
		move := moves[rng.IntN(len(moves))]
		previousNoisy = cg.Pos().IsNoisy(move)
		if _, err := cg.Play(move.String()); err != nil {
			return nil, st, err
		}
		out.Turns = append(out.Turns, Turn{Action: move.String()})
	}
	turns := vdata.SelfPlay[chessmate.Action]{Played: len(out.Turns), MaxTurns: g.cfg.MaxTurns,
		Win: vdata.WinStreak{Score: g.cfg.WinScore, Turns: g.cfg.WinTurns}}
	turns.Over = func() (bool, vdata.Result) {
		status := cg.Status()
		return status.Over, vdata.ScoreResult(status.Result)
	}
	var pos *chessmate.Position // the searched position
	turns.Search = func(ctx context.Context) (chessmate.Action, int, uint64, bool) {
		pos = cg.Pos()
		us := pos.SideToMove()
		res := g.engines[us&1].SearchHidden(ctx, pos, cmsearch.Limits{Nodes: g.cfg.Nodes}, g.cfg.Worlds, nil)
		return res.BestMove, res.Score, res.Nodes, us == movegen.White
	}
	turns.Play = func(best chessmate.Action, score int) (bool, error) {
		t := Turn{Action: best.String()}
		if Keep(pos, previousNoisy, best, score) {
			t.Score, t.Kept = int16(score), true
		}
		previousNoisy = pos.IsNoisy(best)
		if _, err := cg.Play(t.Action); err != nil {
			return false, err
		}
		out.Turns = append(out.Turns, t)
		return t.Kept, nil
	}
	if out.Result, out.Adjudicated, st, err = turns.Run(ctx, "cardchess"); err != nil {
		return nil, st, err
	}
	return out, st, nil
}
