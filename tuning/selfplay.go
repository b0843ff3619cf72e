package tuning

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"

	"golang.org/x/sync/errgroup"

	"tempest/movegen"
	"tempest/openings"
	"tempest/search"
	"tempest/tuning/trainingdata"
)

// SelfPlayConfig sets up data generation by fast self-play.
type SelfPlayConfig struct {
	Games        int      // games to play
	Nodes        uint64   // search nodes per move
	Openings     []string // start positions (FEN); empty means the start position
	RandomPlies  int      // random legal moves played after the opening, for variety
	Threads      int      // games played at once
	Seed         uint64   // makes the run reproducible (per game, whatever the thread count)
	SkipPlies    int      // positions before this ply of the game are not recorded
	MaxPlies     int      // games reaching this many plies are scored as draws
	AdjudicateCP int      // a side whose search score stays beyond this for AdjudicatePlies wins
}

// DefaultSelfPlay is what the documented data command uses.
var DefaultSelfPlay = SelfPlayConfig{
	Nodes: 5000, RandomPlies: 6, Threads: 2, Seed: 1, SkipPlies: 16, MaxPlies: 400, AdjudicateCP: 1500,
}

const adjudicatePlies = 6

// SelfPlayStats reports a data-generation run.
type SelfPlayStats struct {
	Games, WhiteWins, BlackWins, Draws int
	Positions                          int
}

// GenerateSelfPlay plays cfg.Games games of the engine against itself and
// writes every recorded position to w as `<FEN> c9 "<result>";`. A position is
// recorded when it is quiet enough to label: the side to move is not in check,
// the search's best move neither captures nor promotes, and the score is not a
// mate. Positions repeated within a run are written once.
func GenerateSelfPlay(ctx context.Context, cfg SelfPlayConfig, w io.Writer, progress func(SelfPlayStats)) (SelfPlayStats, error) {
	var (
		mu    sync.Mutex
		stats SelfPlayStats
		seen  = map[uint64]bool{}
	)
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(max(cfg.Threads, 1))
	for game := 0; game < cfg.Games; game++ {
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			positions, result, err := playGame(ctx, cfg, game)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			stats.Games++
			switch result {
			case 1:
				stats.WhiteWins++
			case 0:
				stats.BlackWins++
			default:
				stats.Draws++
			}
			for _, p := range positions {
				if seen[p.key] {
					continue
				}
				seen[p.key] = true
				if _, err := fmt.Fprintf(w, "%s c9 \"%s\";\n", p.fen, resultLabel(result)); err != nil {
					return err
				}
				stats.Positions++
			}
			if progress != nil {
				progress(stats)
			}
			return nil
		})
	}
	err := g.Wait()
	return stats, err
}

type recorded struct {
	key uint64
	fen string
}

// playGame plays one game and returns its recordable positions and result.
func playGame(ctx context.Context, cfg SelfPlayConfig, game int) ([]recorded, float64, error) {
	pos, err := openings.Random(rand.New(rand.NewPCG(cfg.Seed, uint64(game))), cfg.Openings, cfg.RandomPlies)
	if err != nil {
		return nil, 0, err
	}
	if !pos.HasLegalMove() {
		return nil, 0, nil // the random plies ended the game: nothing to learn
	}

	engine := search.New(4)
	var out []recorded
	winStreak := [2]int{}
	for ply := 0; ; ply++ {
		switch pos.Outcome() {
		case movegen.Checkmate:
			if pos.SideToMove() == movegen.White {
				return out, 0, nil
			}
			return out, 1, nil
		case movegen.Ongoing:
		default:
			return out, 0.5, nil // stalemate or a draw by rule
		}
		if ply >= cfg.MaxPlies {
			return out, 0.5, nil
		}
		res := engine.Search(ctx, pos, search.Limits{Nodes: cfg.Nodes}, nil)
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		us := pos.SideToMove()
		// Adjudicate clear wins by the score from White's point of view.
		white := res.Score
		if us == movegen.Black {
			white = -white
		}
		switch {
		case white >= cfg.AdjudicateCP:
			winStreak[0]++
			winStreak[1] = 0
		case white <= -cfg.AdjudicateCP:
			winStreak[1]++
			winStreak[0] = 0
		default:
			winStreak = [2]int{}
		}
		if winStreak[0] >= adjudicatePlies {
			return out, 1, nil
		}
		if winStreak[1] >= adjudicatePlies {
			return out, 0, nil
		}
		m := res.BestMove
		if trainingdata.Keep(pos, m, res.Score) && ply >= cfg.SkipPlies {
			out = append(out, recorded{key: pos.Key(), fen: pos.FEN()})
		}
		var u movegen.Undo
		pos.Make(m, &u)
	}
}
