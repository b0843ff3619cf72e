package stsearch

import (
	"math/rand/v2"
	"strconv"

	"tempest/kit"
	"tempest/variants/stratego"
)

// viewSeed hashes the view and its public history, so the worlds depend on
// nothing the mover cannot see.
func viewSeed(view *stratego.Position, history []uint64) uint64 {
	parts := []string{view.String()}
	for _, k := range history {
		parts = append(parts, strconv.FormatUint(k, 16))
	}
	return kit.ViewSeed(parts...)
}

// dealWorlds deals the decision's worlds from the mover's view (one when
// nothing is hidden): from the belief at full strength with the Belief
// switch, when the record leads to the view (b, else nil), uniformly
// otherwise. rng, seeded from the view and its public history, draws the
// decision's other random choices too (controlVariates).
func (e *Engine) dealWorlds(view *stratego.Position, history []uint64) (worlds []stratego.Position, b *belief, rng *rand.Rand) {
	rng = rand.New(rand.NewPCG(viewSeed(view, history), 0x57A7E60))
	n := e.worlds
	if _, hidden := view.Viewer(); !hidden {
		n = 1
	}
	deal := func() stratego.Position { return view.SampleWorld(rng) }
	if e.opts.Belief && e.level.Kind == kit.FullStrength && n > 1 && e.belief.build(e.opts.Start, e.opts.Seen, view) {
		b = e.belief
		steps := beliefSteps * view.Count(view.SideToMove().Other(), stratego.Unknown)
		deal = func() stratego.Position { return view.SampleWorldWeighted(rng, &b.lw, steps) }
	}
	worlds, _ = kit.DealWorlds(n, deal, nil)
	return worlds, b, rng
}

// average combines the worlds' scores per root move on the ballot; a world
// counts with the deepest depth it completed. cv, when not nil, holds the
// control variates of attacks on unknown pieces (see controlVariates).
func average(ballot *kit.Ballot[int], avg []int, scores [][]int32, done []int, cv *variates) {
	ballot.ClearScores(false)
	for wi, row := range scores {
		if done[wi] == 0 {
			continue
		}
		for i, s := range row {
			ballot.Score(i, int(s), 1)
			if cv != nil && cv.attack[i] {
				ballot.Shift(i, cv.exact[i]-cv.sampled[wi][i], 1)
			}
		}
	}
	for i := range avg {
		avg[i] = ballot.Tally(i).Mean()
	}
}

// averageExpected is average's alternative, the experiment "go ... average
// result": each world's clipped score becomes an expected result
// (kit.ExpectedScore) before the average, so a move that risks a won
// position on a chance (a Dragon sent against a piece that may be the Flag
// or a Trap) no longer outweighs a safe one, and one that may save a lost
// position weighs more. An attack's control variate works on expected
// results too: the world's score less its sampled battle gain, plus each
// identity's gain, weighted by the identity's odds.
func averageExpected(means []float64, scores [][]int32, done []int, cv *variates) {
	for i := range means {
		sum, n := 0.0, 0
		for wi, row := range scores {
			if done[wi] == 0 {
				continue
			}
			s := clipScore(int(row[i]))
			if cv != nil && cv.attack[i] {
				sum += meanExpected(s-cv.sampled[wi][i], cv.attacker[i], &cv.odds[i])
			} else {
				sum += kit.ExpectedScore(s)
			}
			n++
		}
		means[i] = sum / float64(max(n, 1))
	}
}

// clipScore bounds a world's score to +/-WinClip for the average, keeping
// the order of won (and lost) games by their length: a win in fewer plies
// stays worth a little more, so a sure win is also taken.
func clipScore(s int) int {
	switch {
	case s >= Win-maxPly:
		return WinClip + s - (Win - maxPly)
	case s <= -Win+maxPly:
		return -WinClip + s + (Win - maxPly)
	}
	return min(max(s, -WinClip+1), WinClip-1)
}
