package vdata

import (
	"context"
	"fmt"
)

// Result is a self-play game's result from the first player's view, as
// every variant's format codes it.
type Result uint8

const (
	FirstLoses Result = 0
	Draw       Result = 1
	FirstWins  Result = 2
)

// ScoreResult is the result of a game whose rules write "1-0" and "0-1"
// for the first player's win and loss, and anything else for a draw.
func ScoreResult(s string) Result {
	switch s {
	case "1-0":
		return FirstWins
	case "0-1":
		return FirstLoses
	}
	return Draw
}

// SelfPlay is the searched turns of one self-play game, the loop every
// variant's generator shares; each variant brings its rules, its search
// and its record of the game. M is the variant's move, whose zero value is
// no move.
type SelfPlay[M comparable] struct {
	Played   int       // turns before the searched ones (random opening moves)
	MaxTurns int       // a game that reaches this many turns is adjudicated a draw
	Win      WinStreak // adjudicates a decided game won
	// Over reports whether the rules have ended the game, and its result.
	Over func() (bool, Result)
	// Search decides the turn of the side to move: the move, its score
	// from the mover's view, the nodes searched, and whether the mover is
	// the first player.
	Search func(ctx context.Context) (best M, score int, nodes uint64, first bool)
	// Play plays best, searched at score, and records it in the game; it
	// reports whether the position before it is kept for fitting. An
	// error is a bug: the search chose a move the rules refuse.
	Play func(best M, score int) (kept bool, err error)
}

// Run plays the turns until the rules end the game, it reaches MaxTurns
// or Win says it is decided, and returns its result, whether the
// generator adjudicated it, and the searched turns' stats. A cancelled
// ctx returns its error; variant names the generator in other errors.
func (s *SelfPlay[M]) Run(ctx context.Context, variant string) (r Result, adjudicated bool, st GameStats, err error) {
	var none M
	for turns := s.Played; ; turns++ {
		if over, r := s.Over(); over {
			return r, false, st, nil
		}
		if turns >= s.MaxTurns {
			return Draw, true, st, nil
		}
		best, score, nodes, first := s.Search(ctx)
		if err := ctx.Err(); err != nil {
			return Draw, false, st, err
		}
		if best == none {
			return Draw, false, st, fmt.Errorf("%s: the search found no move in an ongoing game", variant)
		}
		st.Plies++
		st.Nodes += nodes
		kept, err := s.Play(best, score)
		if err != nil {
			return Draw, false, st, err
		}
		if kept {
			st.Kept++
		}
		if !first {
			score = -score
		}
		if sign := s.Win.Add(score); sign != 0 {
			if sign < 0 {
				return FirstLoses, true, st, nil
			}
			return FirstWins, true, st, nil
		}
	}
}

// A Played game appends its encoding to a buffer.
type Played interface {
	Append(dst []byte) ([]byte, error)
}

// PlayAppend is Generator.Play for a generator whose games encode
// themselves: it plays game number game of the shard of seed with play
// and appends the game's encoding to dst.
func PlayAppend[G Played](ctx context.Context, play func(context.Context, uint64, int) (G, GameStats, error),
	seed uint64, game int, dst []byte) ([]byte, GameStats, error) {
	played, st, err := play(ctx, seed, game)
	if err != nil {
		return dst, st, err
	}
	dst, err = played.Append(dst)
	return dst, st, err
}
