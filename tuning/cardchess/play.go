package cardchess

import (
	"context"
	"errors"
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
	played, st, err := g.PlayGame(ctx, seed, game)
	if err != nil {
		return dst, st, err
	}
	dst, err = played.Append(dst)
	return dst, st, err
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
	win := vdata.WinStreak{Score: g.cfg.WinScore, Turns: g.cfg.WinTurns}
	out.Result = Draw
	for {
		if status := cg.Status(); status.Over {
			switch status.Result {
			case "1-0":
				out.Result = WhiteWins
			case "0-1":
				out.Result = BlackWins
			}
			break
		}
		if len(out.Turns) >= g.cfg.MaxTurns {
			out.Adjudicated = true
			break
		}
		pos := cg.Pos()
		us := pos.SideToMove()
		res := g.engines[us&1].SearchHidden(ctx, pos, cmsearch.Limits{Nodes: g.cfg.Nodes}, g.cfg.Worlds, nil)
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		if res.BestMove == chessmate.NullAction {
			return nil, st, errors.New("cardchess: the search found no turn in an ongoing game")
		}
		st.Plies++
		st.Nodes += res.Nodes
		t := Turn{Action: res.BestMove.String()}
		if Keep(pos, previousNoisy, res.BestMove, res.Score) {
			t.Score, t.Kept = int16(res.Score), true
			st.Kept++
		}
		previousNoisy = pos.IsNoisy(res.BestMove)
		if _, err := cg.Play(t.Action); err != nil {
			return nil, st, err // the search chose an action the rules refuse: a bug
		}
		out.Turns = append(out.Turns, t)
		// Adjudication, by the score from White's view.
		white := res.Score
		if us == movegen.Black {
			white = -white
		}
		if sign := win.Add(white); sign != 0 {
			out.Result, out.Adjudicated = WhiteWins, true
			if sign < 0 {
				out.Result = BlackWins
			}
			break
		}
	}
	return out, st, nil
}
