package chsearch

import (
	"math/bits"

	"tempest/variants/chameleon"
)

// The evaluation gives every player a score in centipawns from four terms;
// the search combines them into the root player's view (rootScore).
//
//  1. Material by role potential. A pawn is worth pawnValue, plus the bonus
//     of the role it has now (roleBonus), plus its potential: the mean role
//     bonus over the squares still inside the bounds for its knight colour.
//     On the full board each colour covers 16 squares, so every pawn has the
//     same potential; once the board shrinks, a pawn whose knight colour
//     dominates the remaining squares will mostly be a knight there and is
//     worth less. Few pawns are worth less than their sum: a player with one
//     or two pawns is one or two captures from elimination (fewPawns).
//  2. Mobility under the current colours: mobilityWeight per square the pawn
//     could move to with the role it has now.
//  3. Safety from capture: a pawn that an opponent could take loses
//     hangingPenalty if no own pawn covers its square, defendedPenalty if
//     one does (a recapture is possible, but the capturer gains anyway when
//     a third player is involved).
//  4. Position relative to the shrinking bounds: edgeBonus per line between
//     the pawn and the nearest bounds edge (up to 2): pawns on the outer
//     lines have fewer moves and are the first to be cut off, and the
//     centre of the final 3x3 is where a knight is removed, so being
//     central while the board is large keeps options open.
const (
	pawnValue       = 100
	mobilityWeight  = 3
	hangingPenalty  = 90
	defendedPenalty = 15
	edgeBonus       = 6
)

// roleBonus by role: knight, queen, bishop, rook (the chameleon.Role order).
var roleBonus = [4]int{0, 40, 12, 24}

// fewPawns is added to a player's material by its number of pawns.
var fewPawns = [5]int{0, -90, -35, -10, 0}

// potential[b][k] is the mean roleBonus of knight colour k over the squares
// of bounds b (boundsIndex).
var potential [4096][4]int16

func boundsIndex(b chameleon.Bounds) int {
	return int(b.FileLo)<<9 | int(b.FileHi)<<6 | int(b.RankLo)<<3 | int(b.RankHi)
}

func init() {
	for fLo := int8(0); fLo < 8; fLo++ {
		for fHi := fLo; fHi < 8; fHi++ {
			for rLo := int8(0); rLo < 8; rLo++ {
				for rHi := rLo; rHi < 8; rHi++ {
					b := chameleon.Bounds{FileLo: fLo, RankLo: rLo, FileHi: fHi, RankHi: rHi}
					n := 0
					var sum [4]int
					for m := b.Mask(); m != 0; n++ {
						s := m.PopLSB()
						for k := chameleon.Red; k <= chameleon.Blue; k++ {
							sum[k] += roleBonus[chameleon.RoleOn(k, s)]
						}
					}
					for k := range sum {
						potential[boundsIndex(b)][k] = int16(sum[k] / n)
					}
				}
			}
		}
	}
}

// evaluate fills score with each player's evaluation (0 for players
// without pawns). It does not allocate.
func evaluate(p *chameleon.Position, score *[4]int) {
	*score = [4]int{}
	var covered [4]chameleon.Bitboard // by each player: the squares it strikes, own pawns included
	b := p.Bounds()
	pot := &potential[boundsIndex(b)]
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		own := p.Pawns(c)
		if own == 0 {
			continue
		}
		s := fewPawns[min(own.Count(), 4)]
		for pawns := own; pawns != 0; {
			sq := pawns.PopLSB()
			pc := p.At(sq)
			att := p.Attacks(pc, sq)
			covered[c] |= att
			s += pawnValue + roleBonus[p.RoleAt(sq)] + int(pot[pc.Knight()])
			s += mobilityWeight * (att &^ own).Count()
			s += edgeBonus * min(edgeDistance(b, sq), 2)
		}
		score[c] = s
	}
	// Threats of the player to move are left to the quiescence search, which
	// tries its captures; the others' threats are still to come.
	mover := p.ToMove()
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		own := p.Pawns(c)
		if own == 0 {
			continue
		}
		var threats chameleon.Bitboard
		for o := chameleon.Red; o <= chameleon.Blue; o++ {
			if o != c && o != mover {
				threats |= covered[o]
			}
		}
		hit := own & threats
		score[c] -= hangingPenalty*(hit&^covered[c]).Count() + defendedPenalty*(hit&covered[c]).Count()
	}
}

// edgeDistance is the number of lines between s and the nearest bounds edge.
func edgeDistance(b chameleon.Bounds, s chameleon.Square) int {
	f, r := int8(s.File()), int8(s.Rank())
	return int(min(f-b.FileLo, b.FileHi-f, r-b.RankLo, b.RankHi-r))
}

// rootScore is the root player's view: its own score minus the mean of its
// opponents' (divided by the number of opponents at the start of the
// search, so an elimination does not change the scale mid-search). A pawn
// of its own is worth as much to it as one pawn of each opponent together:
// in a game with several opponents trading one for one helps the others.
func rootScore(score *[4]int, root chameleon.Color, opponents int) int {
	sum := 0
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		if c != root {
			sum += score[c]
		}
	}
	return score[root] - sum/max(opponents, 1)
}

// Evaluate returns the static evaluation of p from player c's view, as the
// search sees it at its root, in centipawns.
func Evaluate(p *chameleon.Position, c chameleon.Color) int {
	var score [4]int
	evaluate(p, &score)
	return rootScore(&score, c, bits.OnesCount8(p.Alive()&^(1<<c)))
}

// PlayerScores returns each player's evaluation (for "info string").
func PlayerScores(p *chameleon.Position) [4]int {
	var score [4]int
	evaluate(p, &score)
	return score
}
