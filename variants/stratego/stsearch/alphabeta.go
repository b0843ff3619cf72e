package stsearch

import (
	"tempest/kit"
	"tempest/tt"
	"tempest/variants/stratego"
)

// worker holds one search's state; everything the node loop touches is a
// fixed array, so nodes do not allocate.
type worker struct {
	nodes   uint64
	ctl     *kit.Control // cancellation, the node limit and the hard time
	aborted bool
	hist    []uint64 // public keys since the last battle before the root
	path    [maxPly + 2]uint64
	stack   [maxPly + 2]stratego.Position // the position at each ply (copy-make)
	moves   [maxPly + 2][stratego.MaxMoves]stratego.Move
	order   [maxPly + 2][stratego.MaxMoves]int32
	killers [maxPly + 2][2]stratego.Move
	history [2][80 * 80]int32
	tt      *tt.Table
	root    stratego.Side // the side whose decision is searched
	weights *Weights      // the evaluation's (Options.Weights)
}

// searchRoot scores every root move in one world at one depth. It returns
// false if the search was stopped (the world's scores are then those of
// the previous depth). Depth 1 ignores the node and time budget, so a
// decision always has at least one complete depth.
func (w *worker) searchRoot(world *stratego.Position, root []stratego.Move, depth int, out []int32, first bool) bool {
	w.path[0] = world.PublicKey()
	var tmp [stratego.MaxMoves]int32
	for i, m := range root {
		child := &w.stack[1]
		*child = *world
		b := child.Play(m)
		var s int
		if b.FlagCaptured() {
			s = Win - 1
		} else {
			// Aspiration around the previous depth's score of this move.
			prev := int(out[i])
			alpha, beta := -infinite, infinite
			if !first {
				alpha, beta = prev-60, prev+60
			}
			s = -w.ab(child, depth-1, 1, -beta, -alpha, first)
			if !w.aborted && (s <= alpha || s >= beta) {
				s = -w.ab(child, depth-1, 1, -infinite, infinite, first)
			}
		}
		if w.aborted {
			return false
		}
		tmp[i] = int32(s)
	}
	copy(out, tmp[:len(root)])
	return true
}

// terminal scores a position whose game is over by movable pieces; ok is
// false while both sides can move.
func terminal(p *stratego.Position, ply int) (score int, ok bool) {
	us := p.SideToMove()
	mu, mt := p.MovableCount(us), p.MovableCount(us.Other())
	switch {
	case mu > 0 && mt > 0:
		return 0, false
	case mu == 0 && mt == 0:
		return 0, true
	case mu == 0:
		return -Win + ply, true
	}
	return Win - ply, true
}

// repeated reports whether the position at ply occurred before since the
// last battle, in the search path or the game.
func (w *worker) repeated(p *stratego.Position, ply int) bool {
	quiet := p.Quiet()
	key := p.PublicKey()
	n := len(w.hist)
	for back := 2; back <= quiet; back += 2 {
		idx := n + ply - back
		if idx < 0 {
			break
		}
		var k uint64
		if idx >= n {
			k = w.path[idx-n]
		} else {
			k = w.hist[idx]
		}
		if k == key {
			return true
		}
	}
	return false
}

// ab is a principal variation alpha-beta search of a full-knowledge world.
func (w *worker) ab(p *stratego.Position, depth, ply int, alpha, beta int, ignoreBudget bool) int {
	if w.stopNow(ignoreBudget) {
		return 0
	}
	w.nodes++
	if s, over := terminal(p, ply); over {
		return s
	}
	w.path[ply] = p.PublicKey()
	if p.Quiet() >= stratego.NoBattleLimit || w.repeated(p, ply) {
		if p.SideToMove() == w.root {
			return -contempt
		}
		return contempt
	}
	if depth <= 0 || ply >= maxPly {
		return w.quiesce(p, ply, alpha, beta, 0, ignoreBudget)
	}
	// Transposition table: a cutoff from a deep enough entry, else its move
	// first.
	ttMove := stratego.NullMove
	if e, ok := w.tt.Probe(p.Key()); ok {
		ttMove = stratego.Move(e.Move)
		if e.Depth >= depth && p.Quiet() < stratego.NoBattleLimit-maxPly {
			s := int(e.Score)
			switch {
			case e.Bound == tt.BoundExact,
				e.Bound == tt.BoundLower && s >= beta,
				e.Bound == tt.BoundUpper && s <= alpha:
				return s
			}
		}
	}
	moves := p.GenMoves(w.moves[ply][:0])
	if len(moves) == 0 {
		return -Win + ply // no legal move loses
	}
	order := w.order[ply][:len(moves)]
	for i, m := range moves {
		order[i] = w.orderScore(p, m, ttMove, ply)
	}
	origAlpha := alpha
	best, bestMove := -infinite, stratego.NullMove
	for i := range moves {
		// Selection sort step: the best-ordered remaining move next.
		for j := i + 1; j < len(moves); j++ {
			if order[j] > order[i] {
				order[i], order[j] = order[j], order[i]
				moves[i], moves[j] = moves[j], moves[i]
			}
		}
		m := moves[i]
		child := &w.stack[ply+1]
		*child = *p
		b := child.Play(m)
		var s int
		switch {
		case b.FlagCaptured():
			s = Win - ply - 1
		case i == 0:
			s = -w.ab(child, depth-1, ply+1, -beta, -alpha, ignoreBudget)
		default:
			// Null window first; re-search when the move might be better.
			s = -w.ab(child, depth-1, ply+1, -alpha-1, -alpha, ignoreBudget)
			if s > alpha && s < beta {
				s = -w.ab(child, depth-1, ply+1, -beta, -alpha, ignoreBudget)
			}
		}
		if w.aborted {
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				if s >= beta {
					if p.At(m.To()) == stratego.NoPiece && w.killers[ply][0] != m {
						w.killers[ply][1], w.killers[ply][0] = w.killers[ply][0], m
					}
					h := &w.history[p.SideToMove()][int(m.From())*80+int(m.To())]
					*h = min(*h+int32(depth*depth), 1<<20)
					break
				}
			}
		}
	}
	bound := tt.BoundExact
	switch {
	case best >= beta:
		bound = tt.BoundLower
	case best <= origAlpha:
		bound = tt.BoundUpper
	}
	w.tt.Store(p.Key(), uint16(bestMove), int16(best), 0, depth, bound)
	return best
}

// maxQuiescence bounds the battles a quiescence line may chain.
const maxQuiescence = 6

// quiesce resolves the battles the side to move wins (or ties at a profit)
// before trusting the evaluation. The opponent sees everything in a world
// (a cautious assumption); the root side only attacks revealed pieces.
func (w *worker) quiesce(p *stratego.Position, ply, alpha, beta, qply int, ignoreBudget bool) int {
	if w.stopNow(ignoreBudget) {
		return 0
	}
	w.nodes++
	if s, over := terminal(p, ply); over {
		return s
	}
	stand := evaluate(p, w.root, w.weights)
	rootToMove := p.SideToMove() == w.root
	if stand >= beta || qply >= maxQuiescence || ply >= maxPly {
		return stand
	}
	alpha = max(alpha, stand)
	moves := p.GenBattles(w.moves[ply][:0])
	order := w.order[ply][:0]
	kept := moves[:0]
	for _, m := range moves {
		a, d := p.At(m.From()).Kind(), p.At(m.To()).Kind()
		if rootToMove && !p.At(m.To()).Revealed() {
			// The root side does not know this piece: resolving the battle by
			// the world's identity would credit it with knowledge it lacks
			// (strategy fusion). Such attacks are left to the full-width
			// search and at the root to the average over worlds.
			continue
		}
		gain := 0
		switch stratego.Resolve(a, d) {
		case stratego.AttackerWins:
			gain = pieceValue[d]
			if d == stratego.Flag {
				return Win - ply - 1
			}
		case stratego.Tie:
			gain = pieceValue[d] - pieceValue[a]
			if gain < 0 {
				continue
			}
		default:
			continue
		}
		kept = append(kept, m)
		order = append(order, int32(gain))
	}
	best := stand
	for i := range kept {
		for j := i + 1; j < len(kept); j++ {
			if order[j] > order[i] {
				order[i], order[j] = order[j], order[i]
				kept[i], kept[j] = kept[j], kept[i]
			}
		}
		child := &w.stack[ply+1]
		*child = *p
		child.Play(kept[i])
		s := -w.quiesce(child, ply+1, -beta, -alpha, qply+1, ignoreBudget)
		if w.aborted {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}
