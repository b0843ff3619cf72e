package strategodata

import (
	"context"
	"errors"
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
	played, st, err := g.PlayGame(ctx, seed, game)
	if err != nil {
		return dst, st, err
	}
	dst, err = played.Append(dst)
	return dst, st, err
}

// PlayGame plays game number game of the shard of seed. It depends on its
// arguments and the build alone: both setups come from the engine's setup
// generator seeded by the seed and the number, and every decision clears
// the engine's table and deals its worlds from a generator seeded by the
// view, so a node-limited search is deterministic.
func (g *Generator) PlayGame(ctx context.Context, seed uint64, game int) (*Game, vdata.GameStats, error) {
	var st vdata.GameStats
	rng := rand.New(rand.NewPCG(seed, uint64(game)))
	out := &Game{Result: Draw}
	for s := range out.Setup {
		out.Setup[s] = stratego.GenerateSetup(stratego.Side(s), rng)
	}
	sg := stratego.NewGame(out.Start())
	// Each side's belief starts from its own view of the start.
	var starts [2]stratego.Position
	for s := range starts {
		starts[s] = sg.Begin().View(stratego.Side(s))
	}
	win := vdata.WinStreak{Score: g.cfg.WinScore, Turns: g.cfg.WinTurns}
	previousBattle := false
	for {
		if status := sg.Status(); status.Over {
			switch status.Result {
			case "1-0":
				out.Result = VolcandriaWins
			case "0-1":
				out.Result = EverwinterWins
			}
			break
		}
		if len(out.Plies) >= g.cfg.MaxPlies {
			out.Adjudicated = true
			break
		}
		pos := *sg.Pos()
		us := pos.SideToMove()
		res := g.decide(ctx, &pos, &starts[us], sg)
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		if res.BestMove == stratego.NullMove {
			return nil, st, errors.New("strategodata: the search found no move in an ongoing game")
		}
		st.Plies++
		st.Nodes += res.Nodes
		p := Ply{Move: res.BestMove}
		if Keep(&pos, previousBattle, res.BestMove, res.Score) {
			p.Score, p.Kept = int16(res.Score), true
			st.Kept++
		}
		previousBattle = pos.At(res.BestMove.To()) != stratego.NoPiece
		if _, err := sg.Play(res.BestMove.String()); err != nil {
			return nil, st, err // the search chose a move the rules refuse: a bug
		}
		out.Plies = append(out.Plies, p)
		first := res.Score
		if us == stratego.Everwinter {
			first = -first
		}
		if sign := win.Add(first); sign != 0 {
			out.Result, out.Adjudicated = VolcandriaWins, true
			if sign < 0 {
				out.Result = EverwinterWins
			}
			break
		}
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
