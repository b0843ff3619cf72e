package search

import (
	"math/rand/v2"

	"tempest/kit"
)

// SetLevel sets the playing strength (one of kit.PlayingLevels' levels);
// seed makes a weak level's choices reproducible (the protocol seeds from
// the clock, tests from constants).
func (e *Engine) SetLevel(l kit.Level, seed uint64) {
	e.level = l
	e.rng = rand.New(rand.NewPCG(seed, 0x5EED))
}

// Level returns the playing strength.
func (e *Engine) Level() kit.Level { return e.level }

// noisyChoice picks among the root moves that the multi-line search scored
// (best first) with the kit's noisy choice; mates are never gambled with.
func noisyChoice(moves []rootMove, noise int, rng *rand.Rand) rootMove {
	var scores [MaxMoves]int
	for i, rm := range moves {
		scores[i] = rm.score
	}
	return moves[kit.NoisyPick(scores[:len(moves)], noise, IsMate, rng)]
}
