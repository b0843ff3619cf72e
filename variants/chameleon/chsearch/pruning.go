package chsearch

import "tempest/variants/chameleon"

// Pruning with two players (Options.Pruning, experimental). With two
// players the search is plain minimax, where the usual chess-engine prunings
// apply: a node whose static evaluation is already far beyond the window at
// low depth is cut (reverse futility), and a node where even passing the
// move keeps the score beyond the window in a reduced search is cut (null
// move). Passing is rarely good in Chameleon Chess, but with few pawns a
// player can be in zugzwang (every move loses a pawn or lets the board
// shrink against it), so the null move needs more than nullMinPawns pawns.
const (
	futilityMargin = 120 // centipawns per ply of remaining depth
	futilityDepth  = 2
	nullMinDepth   = 3
	nullMinPawns   = 3
)

// prune tries both prunings at a non-PV node of a two-player position; ok
// reports a cut and s its score.
func (w *worker) prune(ply, depth, alpha, beta int, maxing bool) (s int, ok bool) {
	pos := &w.stack[ply]
	stand := w.eval(ply)
	if depth <= futilityDepth && !pos.AllStuck() { // all stuck: a draw, found after generation
		if maxing && stand-futilityMargin*depth >= beta && beta < WinBound {
			return stand, true
		}
		if !maxing && stand+futilityMargin*depth <= alpha && alpha > -WinBound {
			return stand, true
		}
	}
	if depth < nullMinDepth || w.nullAt[ply] || pos.PawnCount(pos.ToMove()) < nullMinPawns ||
		maxing && stand < beta || !maxing && stand > alpha || IsWin(alpha) || IsWin(beta) {
		return 0, false
	}
	child := &w.stack[ply+1]
	*child = *pos
	child.Make(chameleon.PassMove)
	w.nullAt[ply+1] = true
	w.keys[ply+1] = child.Key()
	r := 2 + depth/4
	if maxing {
		s = w.search(ply+1, depth-1-r, beta-1, beta)
		w.nullAt[ply+1] = false
		return s, !w.stopped && s >= beta && !IsWin(s)
	}
	s = w.search(ply+1, depth-1-r, alpha, alpha+1)
	w.nullAt[ply+1] = false
	return s, !w.stopped && s <= alpha && !IsWin(s)
}
