package chsearch

import (
	"math"

	"tempest/variants/chameleon"
)

// Opponent model. Paranoid search lets every opponent play whatever hurts
// the root player most, even a move that gives away its own pawn or leaves
// a free capture of a third player's pawn on the board. Against players
// who look after themselves that is a poor forecast: the search spends its
// moves parrying threats that will not come and misjudges which pawns are
// really in danger. An opponent who has played sensibly so far in the game
// is therefore searched with its sensible moves only (the worst of them for
// the root player is still assumed); an opponent who has not is searched
// with all its moves, as in plain paranoid search.
//
// A move's gain for its mover is 100 for every other player's pawn it
// removes (captured, or taken off the centre of the final 3x3), minus 100
// for every own pawn it removes, minus 100 more if afterwards another
// player could capture one of the mover's pawns; a move that leaves the
// mover the last player standing beats everything. The sensible moves are
// those of the highest gain: take the most material there is, and do not
// leave a pawn where it can be taken.
const (
	gainWin = 1 << 20
	// A player counts as sensible once it has made minJudged moves while
	// more than two players had pawns, and at most one in slipRate of them
	// was not sensible. Its first move is not judged: games often open with
	// prepared or random moves (the match driver's openings are random).
	minJudged = 5
	slipRate  = 10
)

// moveGain is the gain of a move for the mover of pos; after is the
// position it leads to.
func moveGain(pos, after *chameleon.Position) int {
	me := pos.ToMove()
	if after.Players() == 1 && after.Has(me) {
		return gainWin
	}
	g := HandSetWeights.Pawn * (otherPawns(pos, me) - otherPawns(after, me) - (pos.PawnCount(me) - after.PawnCount(me)))
	if underAttack(after, me) {
		g -= HandSetWeights.Pawn
	}
	return g
}

// gains fills gain with the gain of each move for pos's mover and returns
// the highest; after is scratch for the positions the moves lead to.
func gains(pos *chameleon.Position, moves []chameleon.Move, gain []int, after *chameleon.Position) int {
	best := math.MinInt
	for i, m := range moves {
		*after = *pos
		after.Make(m)
		gain[i] = moveGain(pos, after)
		best = max(best, gain[i])
	}
	return best
}

// modelled reports whether pos's mover is an opponent the search models as
// a sensible player (Options.Sensible): with more than two players, its
// sensible moves stand for all of its moves.
func (w *worker) modelled(pos *chameleon.Position) bool {
	return w.sensible>>pos.ToMove()&1 != 0 && pos.Players() > 2
}

// sensibleMoves keeps the moves of the highest gain, in place. It uses
// stack[ply+1] as scratch.
func (w *worker) sensibleMoves(ply int, moves []chameleon.Move) []chameleon.Move {
	gain := w.gain[:len(moves)]
	best := gains(&w.stack[ply], moves, gain, &w.stack[ply+1])
	kept := 0
	for i, m := range moves {
		if gain[i] == best {
			moves[kept] = m
			kept++
		}
	}
	return moves[:kept]
}

// Sensible reports whether m is one of the sensible moves of pos's mover.
func Sensible(pos *chameleon.Position, m chameleon.Move) bool {
	if m == chameleon.PassMove {
		return true
	}
	var buf [chameleon.MaxMoves]chameleon.Move
	var gain [chameleon.MaxMoves]int
	var after chameleon.Position
	moves := pos.GenMoves(buf[:0])
	best := gains(pos, moves, gain[:len(moves)], &after)
	for i, n := range moves {
		if n == m {
			return gain[i] == best
		}
	}
	return false
}

// SensiblePlayers returns the players (a bit per colour) who have played
// sensibly in g so far (see minJudged).
func SensiblePlayers(g *chameleon.Game) uint8 {
	var moves, slips [4]int
	g.Replay(func(before *chameleon.Position, m chameleon.Move) {
		if before.Players() <= 2 {
			return
		}
		c := before.ToMove()
		moves[c]++
		if moves[c] > 1 && !Sensible(before, m) {
			slips[c]++
		}
	})
	var set uint8
	for c := range moves {
		if moves[c] >= minJudged && slips[c] <= moves[c]/slipRate {
			set |= 1 << c
		}
	}
	return set
}
