package strategodata

import (
	"context"
	"math/rand/v2"
	"strconv"

	"tempest/tuning/vdata"
	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

// Config says how the games are played.
type Config struct {
	Nodes    uint64 // per decision, shared by its worlds (as "go nodes N")
	Worlds   int    // worlds per decision (stsearch.DefaultWorlds)
	MaxPlies int    // a game that reaches this many plies is adjudicated a draw
	// A game is adjudicated won when the score from Volcandria's view stays
	// at or beyond ±WinScore for WinTurns searched plies in a row.
	WinScore, WinTurns int
}

// DefaultConfig is what tempest-dev vdatagen plays unless told otherwise:
// the node budget of the Stratego screens (docs/STRATEGO.md).
var DefaultConfig = Config{Nodes: 20000, Worlds: stsearch.DefaultWorlds, MaxPlies: 2000, WinScore: 1500, WinTurns: 8}

// Generator plays Stratego self-play games for one shard: one engine per
// side, each deciding as "go" does (stsearch.Search on the true position,
// which it reduces to the mover's view, with the belief built from the
// mover's view of the start and the plies as both players saw them), so
// neither side sees an identity its player has not seen.
type Generator struct {
	cfg     Config
	engines [2]*stsearch.Engine
}

var _ vdata.Generator = (*Generator)(nil)

// NewGenerator makes a generator with its two engines.
func NewGenerator(cfg Config) *Generator {
	g := &Generator{cfg: cfg, engines: [2]*stsearch.Engine{stsearch.New(), stsearch.New()}}
	for _, e := range g.engines {
		e.SetWorlds(cfg.Worlds)
	}
	return g
}

// Recipe names everything that decides the games besides seed and number.
func (g *Generator) Recipe() vdata.Recipe {
	i := func(v int) string { return strconv.Itoa(v) }
	return vdata.Recipe{{"variant", stratego.Name}, {"format", "strategodata-1"}, {"nodes", strconv.FormatUint(g.cfg.Nodes, 10)},
		{"worlds", i(g.cfg.Worlds)}, {"setups", "generator"}, {"max-plies", i(g.cfg.MaxPlies)},
		{"win-score", i(g.cfg.WinScore)}, {"win-turns", i(g.cfg.WinTurns)}}
}

// Play plays game number game of the shard of seed and appends it to dst.
func (g *Generator) Play(ctx context.Context, seed uint64, game int, dst []byte) ([]byte, vdata.GameStats, error) {
	return vdata.PlayAppend(ctx, g.PlayGame, seed, game, dst)
}

// PlayGame plays game number game of the shard of seed. It depends on its
// arguments and the build alone: both setups come from the engine's setup
// generator seeded by the seed and the number, and every decision clears
// the engine's table and deals its worlds from a generator seeded by the
// view, so a node-limited search is deterministic.
func (g *Generator) PlayGame(ctx context.Context, seed uint64, game int) (*Game, vdata.GameStats, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(game)))
	out := &Game{}
	for s := range out.Setup {
		out.Setup[s] = stratego.GenerateSetup(stratego.Side(s), rng)
	}
	sg := stratego.NewGame(out.Start())
	// Each side's belief starts from its own view of the start.
	var starts [2]stratego.Position
	for s := range starts {
		starts[s] = sg.Begin().View(stratego.Side(s))
	}
	previousBattle := false
	turns := vdata.SelfPlay[stratego.Move]{MaxTurns: g.cfg.MaxPlies, Win: vdata.WinStreak{Score: g.cfg.WinScore, Turns: g.cfg.WinTurns}}
	turns.Over = func() (bool, vdata.Result) {
		status := sg.Status()
		return status.Over, vdata.ScoreResult(status.Result)
	}
	var pos stratego.Position // the searched position, a copy
	turns.Search = func(ctx context.Context) (stratego.Move, int, uint64, bool) {
		pos = *sg.Pos()
		us := pos.SideToMove()
		res := g.decide(ctx, &pos, &starts[us], sg)
		return res.BestMove, res.Score, res.Nodes, us == stratego.Volcandria
	}
	turns.Play = func(best stratego.Move, score int) (bool, error) {
		p := Ply{Move: best}
		if Keep(&pos, previousBattle, best, score) {
			p.Score, p.Kept = int16(score), true
		}
		previousBattle = pos.At(best.To()) != stratego.NoPiece
		if _, err := sg.Play(best.String()); err != nil {
			return false, err
		}
		out.Plies = append(out.Plies, p)
		return p.Kept, nil
	}
	var st vdata.GameStats
	var err error
	if out.Result, out.Adjudicated, st, err = turns.Run(ctx, "strategodata"); err != nil {
		return nil, st, err
	}
	return out, st, nil
}

// decide is the decision of the side to move in pos, the game sg's true
// position, as "go" makes it (games/stratego.go): start is the mover's
// view of the game's start, and the belief reads only that and the plies
// as both players saw them; the search reduces pos to the mover's view.
func (g *Generator) decide(ctx context.Context, pos, start *stratego.Position, sg *stratego.Game) stsearch.Result {
	e := g.engines[pos.SideToMove()]
	e.SetOptions(stsearch.Defaults(start, sg.Observations()))
	return e.Search(ctx, pos, sg.PublicHistory(), stsearch.Limits{Nodes: g.cfg.Nodes}, nil)
}
