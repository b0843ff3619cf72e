package chsearch

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"tempest/variants/chameleon"
)

// greedyMove is the greedy playing level, one move deep:
//
//  1. a move after which the mover is the last player standing wins at once;
//  2. otherwise each move gets a material balance, its gain (moveGain):
//     +100 for every opponent pawn it removes (captured, or taken off the
//     3x3 centre), -100 for an own pawn it removes (a knight moved onto the
//     centre), and -100 more if afterwards any opponent attacks one of the
//     mover's pawns (the mover expects to lose one pawn, not more);
//  3. the highest balance wins; ties go to the higher evaluation from the
//     mover's view (Evaluate), and remaining ties are broken at random.
//
// It never looks further: it walks into every two-move trick.
func greedyMove(pos *chameleon.Position, moves []chameleon.Move, rng *rand.Rand) chameleon.Move {
	me := pos.ToMove()
	opponents := bits.OnesCount8(pos.Alive() &^ (1 << me))
	best := moves[0]
	bestBalance, bestEval, ties := math.MinInt, math.MinInt, 0
	var score [4]int
	for _, m := range moves {
		child := *pos
		child.Make(m)
		balance := moveGain(pos, &child)
		if balance == gainWin {
			return m
		}
		evaluate(&child, &score, &HandSetWeights)
		ev := rootScore(&score, me, opponents)
		switch {
		case balance > bestBalance || balance == bestBalance && ev > bestEval:
			best, bestBalance, bestEval, ties = m, balance, ev, 1
		case balance == bestBalance && ev == bestEval:
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// otherPawns counts the pawns of everyone but c.
func otherPawns(p *chameleon.Position, c chameleon.Color) int {
	return (p.Occupied() &^ p.Pawns(c)).Count()
}

// underAttack reports whether an opponent of c could capture one of c's
// pawns on its move.
func underAttack(p *chameleon.Position, c chameleon.Color) bool {
	own := p.Pawns(c)
	for others := p.Occupied() &^ own; others != 0; {
		s := others.PopLSB()
		if p.Attacks(p.At(s), s)&own != 0 {
			return true
		}
	}
	return false
}
