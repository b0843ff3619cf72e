package chameleondata

import (
	"context"
	"math/rand/v2"
	"strconv"

	"tempest/tuning/vdata"
	"tempest/variants/chameleon"
	"tempest/variants/chameleon/chsearch"
)

// Config says how the games are played.
type Config struct {
	Players     uint8  // the two colours, a bit each
	Nodes       uint64 // per decision (as "go nodes N")
	RandomPlies int    // random moves at the start, drawn from the game's seed
	HashMB      int    // each player's table
	MaxPlies    int    // a game that reaches this many plies is adjudicated a draw
	// A game is adjudicated won when the score from the first mover's view
	// stays at or beyond ±WinScore for WinTurns searched plies in a row.
	WinScore, WinTurns int
}

// RedYellow are Red and Yellow, the two-player pairing the levels were
// measured in (opposite corners, the full board).
const RedYellow = 1<<chameleon.Red | 1<<chameleon.Yellow

// DefaultConfig is what tempest-dev vdatagen plays unless told otherwise:
// the node budget of the Chameleon Chess screens (docs/CHAMELEON.md).
var DefaultConfig = Config{Players: RedYellow, Nodes: 50000, RandomPlies: 4, HashMB: 16, MaxPlies: 600, WinScore: 1500, WinTurns: 8}

// Generator plays Chameleon Chess self-play games for one shard, one
// engine per player; the game hides nothing, so each decides on the
// game's position as "go" does.
type Generator struct {
	cfg     Config
	engines [4]*chsearch.Engine // by colour; only the players' are made
}

var _ vdata.Generator = (*Generator)(nil)

// NewGenerator makes a generator with an engine per player.
func NewGenerator(cfg Config) *Generator {
	g := &Generator{cfg: cfg}
	for c := range g.engines {
		if cfg.Players>>c&1 != 0 {
			g.engines[c] = chsearch.New(max(cfg.HashMB, 1))
		}
	}
	return g
}

// Recipe names everything that decides the games besides seed and number.
func (g *Generator) Recipe() vdata.Recipe {
	i := func(v int) string { return strconv.Itoa(v) }
	players := ""
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		if g.cfg.Players>>c&1 != 0 {
			players += c.String()
		}
	}
	return vdata.Recipe{{"variant", chameleon.Name}, {"format", "chameleondata-1"}, {"players", players},
		{"nodes", strconv.FormatUint(g.cfg.Nodes, 10)}, {"random-plies", i(g.cfg.RandomPlies)}, {"hash", i(g.cfg.HashMB)},
		{"max-plies", i(g.cfg.MaxPlies)}, {"win-score", i(g.cfg.WinScore)}, {"win-turns", i(g.cfg.WinTurns)}}
}

// Play plays game number game of the shard of seed and appends it to dst.
func (g *Generator) Play(ctx context.Context, seed uint64, game int, dst []byte) ([]byte, vdata.GameStats, error) {
	return vdata.PlayAppend(ctx, g.PlayGame, seed, game, dst)
}

// PlayGame plays game number game of the shard of seed. It depends on its
// arguments and the build alone: the random opening moves come from the
// seed and the number, every search starts from an empty-looking table
// (chsearch.NewWithTable), and a node-limited search is deterministic.
func (g *Generator) PlayGame(ctx context.Context, seed uint64, game int) (*Game, vdata.GameStats, error) {
	var st vdata.GameStats
	rng := rand.New(rand.NewPCG(seed, uint64(game)))
	out := &Game{Players: g.cfg.Players}
	start, err := chameleon.StartPosition(g.cfg.Players)
	if err != nil {
		return nil, st, err
	}
	cg := chameleon.NewGame(start)
	first := start.ToMove()
	previousCapture := false
	var buf [chameleon.MaxMoves]chameleon.Move
	for i := 0; i < g.cfg.RandomPlies && !cg.Status().Over; i++ {
		moves := cg.Pos().GenMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		previousCapture = cg.Pos().At(m.To()) != chameleon.NoPawn
		if _, err := cg.Play(m.String()); err != nil {
			return nil, st, err
		}
		out.Plies = append(out.Plies, Ply{Move: m})
	}
	turns := vdata.SelfPlay[chameleon.Move]{Played: len(out.Plies), MaxTurns: g.cfg.MaxPlies,
		Win: vdata.WinStreak{Score: g.cfg.WinScore, Turns: g.cfg.WinTurns}}
	turns.Over = func() (bool, vdata.Result) {
		switch status := cg.Status(); {
		case !status.Over:
			return false, vdata.Draw
		case status.Result == first.String():
			return true, vdata.FirstWins
		case status.Result == chameleon.DrawResult:
			return true, vdata.Draw
		}
		return true, vdata.FirstLoses
	}
	var pos chameleon.Position // the searched position, a copy
	turns.Search = func(ctx context.Context) (chameleon.Move, int, uint64, bool) {
		pos = *cg.Pos()
		us := pos.ToMove()
		e := g.engines[us]
		e.SetOptions(chsearch.Options{Algorithm: chsearch.ParanoidModel, Sensible: chsearch.SensiblePlayers(cg)})
		res := e.Search(ctx, &pos, cg.Keys(), chsearch.Limits{Nodes: g.cfg.Nodes}, nil)
		return res.BestMove, res.Score, res.Nodes, us == first
	}
	turns.Play = func(best chameleon.Move, score int) (bool, error) {
		p := Ply{Move: best}
		if Keep(&pos, previousCapture, best, score) {
			p.Score, p.Kept = int16(score), true
		}
		previousCapture = best != chameleon.PassMove && pos.At(best.To()) != chameleon.NoPawn
		if _, err := cg.Play(best.String()); err != nil {
			return false, err
		}
		out.Plies = append(out.Plies, p)
		return p.Kept, nil
	}
	if out.Result, out.Adjudicated, st, err = turns.Run(ctx, "chameleondata"); err != nil {
		return nil, st, err
	}
	return out, st, nil
}
