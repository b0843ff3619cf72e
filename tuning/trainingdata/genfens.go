package trainingdata

import (
	"context"
	"fmt"
	"math/rand/v2"

	"tempest/movegen"
	"tempest/search"
	"tempest/tt"
)

// What GenFENs keeps: a short search of each candidate must score it
// within ±GenFENsMaxScore centipawns, so self-play games start balanced
// enough to be worth playing.
const (
	GenFENsScreenNodes = 5000
	GenFENsMaxScore    = 400
	// GenFENsMax bounds one request: a million positions take about an
	// hour and a half on one core.
	GenFENsMax = 1_000_000
)

// GenFENs makes n start positions for self-play, as OpenBench's
// data-generation workloads ask of engines ("genfens N seed S book B"),
// and hands each to emit as a FEN. A position is one of openings (none:
// the start position) followed by random legal moves, 8 or 9 from the
// start position (so either side may be to move) and 4 or 5 from a book
// position, kept when the game goes on and a search of
// GenFENsScreenNodes nodes scores it within ±GenFENsMaxScore. The same
// n, seed and openings give the same positions, in the same order.
func GenFENs(ctx context.Context, n int, seed uint64, openings []string, emit func(fen string)) error {
	if n < 1 || n > GenFENsMax {
		return fmt.Errorf("genfens: the count %d is not from 1 to %d", n, GenFENsMax)
	}
	rng := rand.New(rand.NewPCG(seed, 0x67656e66656e73)) // "genfens"
	t, err := tt.New(16)
	if err != nil {
		return fmt.Errorf("genfens: %v", err)
	}
	e := search.NewWithTable(t)
	plies := 8
	if len(openings) > 0 {
		plies = 4
	}
	// Nearly every candidate is kept; the bound only ends a hopeless run
	// (a book of lost positions) with an error instead of never.
	for made, tries := 0, 0; made < n; tries++ {
		if tries >= 100*n+1000 {
			return fmt.Errorf("genfens: only %d of %d positions were balanced after %d tries", made, n, tries)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		pos, err := Opening(rng, openings, plies+rng.IntN(2))
		if err != nil {
			return fmt.Errorf("genfens: %v", err)
		}
		if pos.Outcome() != movegen.Ongoing {
			continue
		}
		e.NewGame()
		res := e.Search(ctx, pos, search.Limits{Nodes: GenFENsScreenNodes}, nil)
		if res.BestMove == movegen.NullMove || abs(res.Score) > GenFENsMaxScore {
			continue
		}
		emit(pos.FEN())
		made++
	}
	return nil
}
