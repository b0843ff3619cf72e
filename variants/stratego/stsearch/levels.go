package stsearch

import (
	"math"
	"math/rand/v2"
	"sort"

	"tempest/kit"
	"tempest/variants/stratego"
)

// SetLevel sets the playing strength, one of kit.PlayingLevels' levels.
// A level's Depth counts chess plies; a Stratego search ply is searched in
// every sampled world, so the level searches half as deep here. seed
// drives the weak levels' random choices (the protocol seeds from the
// clock, tests from constants).
func (e *Engine) SetLevel(l kit.Level, seed uint64) {
	l.Depth = (l.Depth + 1) / 2
	e.level = l
	e.rng = rand.New(rand.NewPCG(seed, 0x57EED))
}

// Level returns the playing strength, its Depth in Stratego plies.
func (e *Engine) Level() kit.Level { return e.level }

// RandomMove is a uniformly random legal move (NullMove when there is none).
func RandomMove(view *stratego.Position, rng *rand.Rand) stratego.Move {
	var buf [stratego.MaxMoves]stratego.Move
	moves := view.GenMoves(buf[:0])
	if len(moves) == 0 {
		return stratego.NullMove
	}
	return moves[rng.IntN(len(moves))]
}

// flagGain is what the greedy player expects from taking the Flag.
const flagGain = 1000

// GreedyMove is the greedy tier's move, judged one ply deep from the
// mover's view (it never peeks either). Each move scores:
//
//   - a battle with a known (revealed) piece: the material it wins or loses
//     by the battle rules (a tie counts both pieces), a known Flag flagGain;
//   - a battle with an unknown piece: the average of those outcomes over
//     the identities the piece may have, weighted by how many of each are
//     unaccounted for (a piece that moved is no Trap or Flag, a piece that
//     ran is a Scout);
//   - minus the moved piece's value if it then stands next to a revealed
//     enemy piece that would beat it by attacking, plus its value if it
//     stood next to one before (so it attacks known weaker pieces, avoids
//     known stronger ones and flees from them);
//   - plus 1 for a step towards the enemy's side.
//
// The highest score wins; equal scores are broken at random.
func GreedyMove(view *stratego.Position, rng *rand.Rand) stratego.Move {
	var buf [stratego.MaxMoves]stratego.Move
	moves := view.GenMoves(buf[:0])
	best, count := math.MinInt, 0
	choice := stratego.NullMove
	for _, m := range moves {
		s := greedyScore(view, m)
		switch {
		case s > best:
			best, count, choice = s, 1, m
		case s == best:
			count++
			if rng.IntN(count) == 0 { // reservoir: each equal move equally likely
				choice = m
			}
		}
	}
	return choice
}

func greedyScore(p *stratego.Position, m stratego.Move) int {
	from, to := m.From(), m.To()
	a, d := p.At(from), p.At(to)
	us := a.Side()
	score := 0
	survives := true
	if d != stratego.NoPiece {
		if d.Kind() != stratego.Unknown {
			score = battleGain(a.Kind(), d.Kind())
			survives = stratego.Resolve(a.Kind(), d.Kind()) == stratego.AttackerWins
		} else {
			total, sum := 0, 0
			for k := stratego.Flag; k <= stratego.Trap; k++ {
				n := p.Unaccounted(us.Other(), k)
				if (d.Moved() && !k.Movable()) || (d.Ran() && k != stratego.Scout) {
					n = 0
				}
				total += n
				sum += n * battleGain(a.Kind(), k)
			}
			if total > 0 {
				score = sum / total
			}
			survives = false // unknown: no threat judgement at the destination
		}
	}
	if threatened(p, from, a, from) {
		score += pieceValue[a.Kind()]
	}
	if survives && threatened(p, to, a, from) {
		score -= pieceValue[a.Kind()]
	}
	if d == stratego.NoPiece && forward(us, from, to) {
		score++
	}
	return score
}

// battleGain is the material a battle wins (positive) or loses.
func battleGain(a, d stratego.Kind) int {
	switch stratego.Resolve(a, d) {
	case stratego.AttackerWins:
		if d == stratego.Flag {
			return flagGain
		}
		return pieceValue[d]
	case stratego.DefenderWins:
		return -pieceValue[a]
	}
	return pieceValue[d] - pieceValue[a]
}

// threatened reports whether piece pc standing on sq (having left from)
// has a revealed enemy neighbour that would beat it by attacking.
func threatened(p *stratego.Position, sq stratego.Square, pc stratego.Piece, from stratego.Square) bool {
	for _, n := range neighbors(sq) {
		if n == stratego.NoSquare || n == from && n != sq {
			continue
		}
		q := p.At(n)
		if q != stratego.NoPiece && q.Side() != pc.Side() && q.Revealed() && q.Kind().Movable() &&
			stratego.Resolve(q.Kind(), pc.Kind()) == stratego.AttackerWins {
			return true
		}
	}
	return false
}

// neighbors lists the squares next to sq, NoSquare past the edge or on a
// lake, without allocating (the belief calls it at every replayed ply).
func neighbors(sq stratego.Square) [4]stratego.Square {
	out := [4]stratego.Square{stratego.NoSquare, stratego.NoSquare, stratego.NoSquare, stratego.NoSquare}
	f, r := sq.File(), sq.Rank()
	for i, d := range [4][2]int{{0, 1}, {0, -1}, {-1, 0}, {1, 0}} {
		nf, nr := f+d[0], r+d[1]
		if nf >= 0 && nf < 10 && nr >= 0 && nr < 8 && !stratego.IsLake(stratego.MakeSquare(nf, nr)) {
			out[i] = stratego.MakeSquare(nf, nr)
		}
	}
	return out
}

func forward(s stratego.Side, from, to stratego.Square) bool {
	if s == stratego.Volcandria {
		return to.Rank() > from.Rank()
	}
	return to.Rank() < from.Rank()
}

// noisyIndex picks among the lines best root moves with the kit's noisy
// choice: the best is most likely, worse moves less so the further they
// are behind.
func noisyIndex(avg []int, noise, lines int, rng *rand.Rand) int {
	idx := make([]int, len(avg))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return avg[idx[a]] > avg[idx[b]] })
	if lines > 0 && lines < len(idx) {
		idx = idx[:lines]
	}
	scores := make([]int, len(idx))
	for i, j := range idx {
		scores[i] = avg[j]
	}
	return idx[kit.NoisyPick(scores, noise, nil, rng)]
}
