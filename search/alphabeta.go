package search

import (
	"tempest/nnue"
	"tempest/tt"
)

// searchRoot searches the root moves of the current PV line and later lines
// (earlier MultiPV lines are excluded) and records each move's score and PV.
func (w *worker) searchRoot(alpha, beta, depth int) int {
	pos := &w.pos
	w.selDepth = 0
	w.pvLen[0] = 0
	bestScore := -Infinite
	f := &w.stack[stackOffset]
	inCheck := pos.InCheck()
	f.staticEval = noEval
	for i := w.pvIndex; i < len(w.rootMoves); i++ {
		rm := &w.rootMoves[i]
		m := rm.move
		moveNumber := i - w.pvIndex + 1
		if w.currMove != nil && w.engine.elapsed() > infoDelay {
			w.currMove(Info{Depth: depth, CurrMove: m, CurrMoveNumber: moveNumber})
		}
		noisy := isNoisy(pos, m)
		w.makeMove(0, m)
		givesCheck := pos.InCheck()
		newDepth := depth - 1
		if givesCheck {
			newDepth++
		}
		var score int
		if moveNumber == 1 {
			score = -w.search(-beta, -alpha, newDepth, 1, false)
		} else {
			// Late root moves get a small reduction, then a null-window test.
			r := 0
			if depth >= lmrMinDepth && moveNumber > rootLMRMinMoves && !givesCheck && !noisy && !inCheck {
				r = max(lmrTable[depth][min(moveNumber, 255)]-1, 0)
			}
			score = -w.search(-alpha-1, -alpha, newDepth-r, 1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, 1, true)
			}
			if score > alpha && score < beta {
				score = -w.search(-beta, -alpha, newDepth, 1, false)
			}
		}
		w.unmakeMove(0, m)
		if w.aborted {
			return bestScore
		}
		if moveNumber == 1 || score > alpha {
			rm.score = score
			rm.selDepth = w.selDepth
			rm.pv[0] = m
			n := copy(rm.pv[1:], w.pv[1][:w.pvLen[1]])
			rm.pvLen = n + 1
		} else {
			rm.score = -Infinite // only known to be worse than the best
		}
		if score > bestScore {
			bestScore = score
		}
		if score > alpha {
			alpha = score
			if score >= beta {
				break
			}
		}
	}
	return bestScore
}

// makeMove plays m at ply and records it on the stack.
func (w *worker) makeMove(ply int, m Move) {
	f := &w.stack[ply+stackOffset]
	pc, _, to := historySquares(&w.pos, m)
	f.move, f.piece, f.to = m, pc, to
	f.cont = &w.hist.cont[pc][to]
	if w.net != nil {
		a := &w.accs[ply+1]
		a.delta, a.ok = netDelta(&w.pos, m), false
	}
	w.pos.Make(m, &f.undo)
	w.countNode()
}

func (w *worker) unmakeMove(ply int, m Move) {
	w.pos.Unmake(m, &w.stack[ply+stackOffset].undo)
}

// scoreToTT and scoreFromTT store decided scores (decidedBound) relative to
// the node, not the root.
func scoreToTT(score, ply int) int16 {
	switch {
	case score >= decidedBound:
		score += ply
	case score <= -decidedBound:
		score -= ply
	}
	return int16(score)
}

func scoreFromTT(score int16, ply int) int {
	s := int(score)
	switch {
	case s >= decidedBound:
		s -= ply
	case s <= -decidedBound:
		s += ply
	}
	return s
}

// drawScore is a repetition or a dead position for the side to move at
// ply. It varies by one centipawn with the node count, so that searches do
// not all fall into the same repetition; it is deterministic.
func (w *worker) drawScore(ply int) int { return w.contempt(ply) - 1 + int(w.nodes&2) }

// contempt is a draw for the side to move at ply: Contempt centipawns below
// equal for the side the search plays for, as far above for its opponent.
func (w *worker) contempt(ply int) int {
	if ply&1 == 1 {
		return DrawScore + w.engine.opts.Contempt
	}
	return DrawScore - w.engine.opts.Contempt
}

// search is the principal-variation alpha-beta search of a non-root node.
func (w *worker) search(alpha, beta, depth, ply int, cutNode bool) int {
	pos := &w.pos
	pvNode := beta-alpha > 1
	f := &w.stack[ply+stackOffset]
	w.pvLen[ply] = 0

	// Step 1. Quiescence search at the horizon.
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}
	if w.aborted {
		return 0
	}
	w.selDepth = max(w.selDepth, ply)

	// Step 2. Draws and the ply limit. Mate-distance pruning: no line
	// from here can beat a mate already found closer to the root.
	if pos.IsRepetition() || pos.IsInsufficientMaterial() {
		return w.drawScore(ply)
	}
	if pos.IsFiftyMoveDraw() {
		if pos.InCheck() && !pos.HasLegalMove() {
			return -MateScore + ply // mate on the hundredth ply still counts
		}
		return w.drawScore(ply)
	}
	if ply >= MaxPly {
		return w.evaluate(ply)
	}
	alpha = max(alpha, -MateScore+ply)
	beta = min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha
	}

	// Step 3. Transposition table: a deep enough result with a usable bound
	// ends the search of this node outside PV nodes.
	excluded := f.excluded
	entry, ttHit := w.engine.TT.Probe(pos.Key())
	if excluded != NullMove {
		ttHit = false // the singular search must not reuse this node's own result
	}
	ttMove := NullMove
	ttScore := noEval
	if ttHit {
		ttMove = unpackMove(entry.Move)
		ttScore = scoreFromTT(entry.Score, ply)
		if !pvNode && entry.Depth >= depth &&
			(entry.Bound == tt.BoundExact ||
				(entry.Bound == tt.BoundLower && ttScore >= beta) ||
				(entry.Bound == tt.BoundUpper && ttScore <= alpha)) {
			return ttScore
		}
	}

	//gencopy:chess
	// Step 3a. Endgame tablebases, just after a capture or pawn move (the
	// tables assume a fifty-move counter of zero) with few enough pieces:
	// a draw is exact, a win at least a tablebase win and a loss at most a
	// loss, both short of every mate.
	tbFloor, tbCeiling := -Infinite, Infinite
	if w.tb != nil && excluded == NullMove {
		if wdl, ok := probeTB(w.tb, pos, w.tbLimit, depth >= w.tbDepth); ok {
			w.tbHits.Add(1)
			score, bound := w.tbScore(wdl, ply)
			if bound == tt.BoundExact || (bound == tt.BoundLower && score >= beta) || (bound == tt.BoundUpper && score <= alpha) {
				w.engine.TT.Store(pos.Key(), packMove(NullMove), scoreToTT(score, ply), int16(noEval), min(depth+tbDepthBonus, MaxPly-1), bound)
				return score
			}
			if pvNode {
				if bound == tt.BoundLower {
					tbFloor = score
					alpha = max(alpha, score)
				} else {
					tbCeiling = score
				}
			}
		}
	}
	//gencopy:end

	// Step 4. Static evaluation, refined by the hash score when its bound
	// points the right way. "improving": better than two plies ago.
	inCheck := pos.InCheck()
	staticEval, eval := noEval, noEval
	improving := false
	if !inCheck {
		if ttHit && entry.Eval != int16(noEval) {
			staticEval = int(entry.Eval)
		} else {
			staticEval = w.evaluate(ply)
		}
		eval = staticEval
		if ttHit && ttScore != noEval &&
			((entry.Bound == tt.BoundLower && ttScore > eval) || (entry.Bound == tt.BoundUpper && ttScore < eval)) {
			eval = ttScore
		}
		// After a check two plies back there is nothing to compare: assume
		// improving, which prunes less.
		prev := w.stack[ply+stackOffset-2].staticEval
		improving = prev == noEval || staticEval > prev
	}
	f.staticEval = staticEval
	w.stack[ply+stackOffset+1].killers = [2]Move{}

	if !pvNode && !inCheck && excluded == NullMove {
		// Step 5. Razoring: far below alpha at low depth, only captures can
		// save the node; ask quiescence.
		if depth <= razorDepth && eval+razorMargin*depth < alpha {
			if score := w.qsearch(alpha-1, alpha, ply); score < alpha {
				return score
			}
		}

		// Step 6. Reverse futility pruning: far above beta at low depth, no
		// quiet reply is expected to bring the score back below beta.
		margin := rfpMargin * depth
		if improving {
			margin -= rfpMargin
		}
		if depth <= rfpDepth && eval-margin >= beta && eval < MateBound {
			return (eval + beta) / 2
		}

		// Step 7. Null-move pruning: if passing still beats beta, a real
		// move will too. Not in pawn endings (zugzwang) and not twice in a row.
		if depth >= nullMinDepth && eval >= beta && ply >= w.nullMovePly &&
			w.stack[ply+stackOffset-1].move != NullMove && hasPieces(pos) {
			r := nullBaseReduction + depth/nullDepthDivisor + min((eval-beta)/nullEvalDivisor, nullEvalMaxReduction)
			f.move, f.piece, f.to, f.cont = NullMove, noPiece, 0, &w.noCont
			if w.net != nil {
				a := &w.accs[ply+1]
				a.delta, a.ok = nnue.Delta{}, false // passing changes no piece
			}
			pos.MakeNull(&f.undo)
			w.countNode()
			score := -w.search(-beta, -beta+1, depth-r, ply+1, !cutNode)
			pos.UnmakeNull(&f.undo)
			if w.aborted {
				return 0
			}
			if score >= beta {
				if score >= MateBound {
					score = beta // do not trust a mate found by passing
				}
				if depth < nullVerifyMinDepth {
					return score
				}
				// Step 7a. Verification at high depth, with null moves off
				// for the first plies, guards against zugzwang.
				w.nullMovePly = ply + nullVerifyShare*(depth-r)/100
				verified := w.search(beta-1, beta, depth-r, ply, false)
				w.nullMovePly = 0
				if verified >= beta {
					return score
				}
			}
		}
	}

	// Step 8. Internal iterative reduction: without a hash move this node
	// was not searched before; search it shallower and let deepening fix it.
	if ttMove == NullMove && depth >= iirMinDepth && (pvNode || cutNode) {
		depth--
	}

	// Step 9. The move loop. The picker lives in this call's stack frame:
	// the singular search below re-enters this ply and needs its own.
	var mp picker
	mp.init(w, ply, ttMove, false)
	origAlpha := alpha
	bestScore, bestMove := -Infinite, NullMove
	moveCount := 0
	var quietsTried [64]Move
	var noisyTried [32]Move
	nQuiets, nNoisy := 0, 0

	for m := mp.nextMove(); m != NullMove; m = mp.nextMove() {
		if m == excluded {
			continue
		}
		moveCount++
		noisy := isNoisy(pos, m)
		givesCheck := pos.GivesCheck(m)
		var histScore int
		if !noisy {
			histScore = int(mp.quietScore(m))
		}

		// Step 10. Pruning of late and hopeless moves, once a line that
		// avoids being mated is known. Checks are never pruned: a check that
		// loses material by SEE may still mate.
		if bestScore > -MateBound && hasPieces(pos) && !givesCheck {
			lmrDepth := depth - lmrTable[min(depth, MaxPly)][min(moveCount, 255)]
			if !noisy {
				// 10a. Late-move pruning: enough quiet moves tried. Outside PV
				// nodes the rest are not even generated.
				if depth <= lmpMaxDepth && moveCount >= lmpTable[boolToInt(improving)][depth] {
					if !pvNode {
						mp.skipQuiets = true
					}
					continue
				}
				// 10b. Futility: the static eval plus a margin cannot reach alpha.
				if !inCheck && lmrDepth <= futilityMaxDepth && eval+futilityBase+futilityPerPly*max(lmrDepth, 0) <= alpha {
					continue
				}
				// 10c. Quiet moves with a bad history at low depth.
				if lmrDepth < historyPruneDepth && histScore < -historyPruneMargin*depth {
					continue
				}
				// 10d. Quiet moves that lose material by SEE.
				if lmrDepth <= futilityMaxDepth && !pos.SEEAtLeast(m, -seeQuietMargin*max(lmrDepth, 0)) {
					continue
				}
			} else if depth <= futilityMaxDepth && !pos.SEEAtLeast(m, -seeNoisyMargin*depth*depth) {
				// 10e. Captures that lose too much material.
				continue
			}
		}

		// Step 11. Extensions, only while ply < checkExtensionLimit x the
		// root depth, so they cannot make a line endless. Singular
		// extension: if every other move is clearly worse than the hash
		// move, the hash move is extended.
		extension := 0
		if ply < w.rootDepth*checkExtensionLimit {
			if depth >= singularMinDepth && m == ttMove && excluded == NullMove &&
				entry.Depth >= depth-singularTTDepthMargin && entry.Bound&tt.BoundLower != 0 && ttScore > -MateBound && ttScore < MateBound {
				singularBeta := ttScore - singularMarginPerPly*depth
				f.excluded = m
				score := w.search(singularBeta-1, singularBeta, (depth-1)/singularDepthDivisor, ply, cutNode)
				f.excluded = NullMove
				if w.aborted {
					return 0
				}
				switch {
				case score < singularBeta:
					extension = 1
				case singularBeta >= beta:
					return singularBeta // several moves beat beta: multi-cut
				case ttScore >= beta:
					extension = -1
				}
			}
		}

		w.makeMove(ply, m)
		// Check extension: every checking move not already extended.
		if extension == 0 && givesCheck && ply < w.rootDepth*checkExtensionLimit {
			extension = 1
		}
		newDepth := depth - 1 + extension

		// Step 12. Late-move reductions, then principal-variation search:
		// late moves are searched with a null window at reduced depth and
		// searched again only if they surprise.
		var score int
		if depth >= lmrMinDepth && moveCount > 1+boolToInt(pvNode) && (!noisy || mp.stage >= stageBadNoisy) {
			r := lmrTable[min(depth, MaxPly)][min(moveCount, 255)]
			if pvNode {
				r--
			}
			if !improving {
				r++
			}
			if cutNode {
				r++
			}
			if givesCheck {
				r--
			}
			if m == mp.killers[0] || m == mp.killers[1] || m == mp.counter {
				r--
			}
			if !noisy {
				r -= histScore / lmrHistoryDivisor
			}
			r = min(max(r, 0), newDepth-1)
			score = -w.search(-alpha-1, -alpha, newDepth-r, ply+1, true)
			if score > alpha && r > 0 {
				score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			score = -w.search(-alpha-1, -alpha, newDepth, ply+1, !cutNode)
		}
		if pvNode && (moveCount == 1 || (score > alpha && score < beta)) {
			score = -w.search(-beta, -alpha, newDepth, ply+1, false)
		}
		w.unmakeMove(ply, m)
		if w.aborted {
			return 0
		}

		// Step 13. New best move: update the PV; at beta, stop.
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					w.updateStatistics(ply, m, depth, quietsTried[:nQuiets], noisyTried[:nNoisy])
					break
				}
			}
		}
		if m != bestMove {
			if !noisy && nQuiets < len(quietsTried) {
				quietsTried[nQuiets] = m
				nQuiets++
			} else if noisy && nNoisy < len(noisyTried) {
				noisyTried[nNoisy] = m
				nNoisy++
			}
		}
	}

	// Step 14. No move: mate or stalemate (or, in a singular search, the
	// excluded move was the only one).
	if moveCount == 0 {
		switch {
		case excluded != NullMove:
			return alpha
		case inCheck:
			return -MateScore + ply
		default:
			return w.contempt(ply)
		}
	}

	// Step 15. Store the result.
	//gencopy:chess
	if pvNode { // within what the tables said of the node
		bestScore = min(max(bestScore, tbFloor), tbCeiling)
	}
	//gencopy:end
	if excluded == NullMove {
		bound := tt.BoundUpper
		switch {
		case bestScore >= beta:
			bound = tt.BoundLower
		case pvNode && bestScore > origAlpha:
			bound = tt.BoundExact
		}
		w.engine.TT.Store(pos.Key(), packMove(bestMove), scoreToTT(bestScore, ply), int16(staticEval), depth, bound)
	}
	return bestScore
}

// qsearch resolves captures (and check evasions) until the position is
// quiet, so the evaluation is never taken in the middle of an exchange.
func (w *worker) qsearch(alpha, beta, ply int) int {
	pos := &w.pos
	pvNode := beta-alpha > 1
	w.pvLen[ply] = 0
	if w.aborted {
		return 0
	}
	w.selDepth = max(w.selDepth, ply)
	if pos.IsRepetition() || pos.IsInsufficientMaterial() {
		return w.drawScore(ply)
	}
	// A line that reaches the fifty-move draw ends there, in the score and
	// in the PV (match runners reject a PV that plays on after it).
	if pos.IsFiftyMoveDraw() && !(pos.InCheck() && !pos.HasLegalMove()) {
		return w.drawScore(ply)
	}
	if ply >= MaxPly {
		return w.evaluate(ply)
	}

	entry, ttHit := w.engine.TT.Probe(pos.Key())
	ttMove := NullMove
	if ttHit {
		ttMove = unpackMove(entry.Move)
		ttScore := scoreFromTT(entry.Score, ply)
		if !pvNode && (entry.Bound == tt.BoundExact ||
			(entry.Bound == tt.BoundLower && ttScore >= beta) ||
			(entry.Bound == tt.BoundUpper && ttScore <= alpha)) {
			return ttScore
		}
	}

	inCheck := pos.InCheck()
	bestScore := -MateScore + ply
	staticEval := noEval
	if !inCheck {
		// Stand pat: the side to move can usually do at least as well as
		// the static evaluation by a quiet move.
		if ttHit && entry.Eval != int16(noEval) {
			staticEval = int(entry.Eval)
		} else {
			staticEval = w.evaluate(ply)
		}
		bestScore = staticEval
		if bestScore >= beta {
			return bestScore
		}
		alpha = max(alpha, bestScore)
	}

	var mp picker
	mp.init(w, ply, ttMove, true)
	bestMove := NullMove
	origAlpha := alpha
	for m := mp.nextMove(); m != NullMove; m = mp.nextMove() {
		// Delta pruning: even winning the captured piece cannot reach alpha.
		if !inCheck && !isPromotion(m) && bestScore > -MateBound && staticEval+capturedValue(pos, m)+deltaMargin <= alpha {
			continue
		}
		w.makeMove(ply, m)
		score := -w.qsearch(-beta, -alpha, ply+1)
		w.unmakeMove(ply, m)
		if w.aborted {
			return 0
		}
		if score > bestScore {
			bestScore = score
			if score > alpha {
				bestMove = m
				alpha = score
				if pvNode {
					w.updatePV(ply, m)
				}
				if score >= beta {
					break
				}
			}
		}
	}
	bound := tt.BoundUpper
	switch {
	case bestScore >= beta:
		bound = tt.BoundLower
	case pvNode && bestScore > origAlpha:
		bound = tt.BoundExact
	}
	w.engine.TT.Store(pos.Key(), packMove(bestMove), scoreToTT(bestScore, ply), int16(staticEval), 0, bound)
	return bestScore
}

// evaluate scores the position at ply, with the net when there is one:
// its accumulators are brought up from the nearest computed ply below.
func (w *worker) evaluate(ply int) int {
	if w.net == nil {
		return evaluate(&w.eval, &w.pos)
	}
	i := ply
	for i > 0 && !w.accs[i].ok {
		i--
	}
	for ; i < ply; i++ {
		next := &w.accs[i+1]
		w.net.Apply(&next.acc, &w.accs[i].acc, &next.delta)
		next.ok = true
	}
	if netCheck {
		w.checkNet(ply)
	}
	return w.net.Evaluate(&w.accs[ply].acc, w.pos.SideToMove(), w.pos.Occupied().Count())
}

func (w *worker) updatePV(ply int, m Move) {
	w.pv[ply][0] = m
	n := copy(w.pv[ply][1:], w.pv[ply+1][:w.pvLen[ply+1]])
	w.pvLen[ply] = n + 1
}

// updateStatistics rewards the move that caused a beta cutoff and punishes
// the moves tried before it.
func (w *worker) updateStatistics(ply int, best Move, depth int, quiets, noisies []Move) {
	pos := &w.pos
	h := w.hist
	b := bonus(depth)
	f := &w.stack[ply+stackOffset]
	if !isNoisy(pos, best) {
		if f.killers[0] != best {
			f.killers[1], f.killers[0] = f.killers[0], best
		}
		if prev := &w.stack[ply+stackOffset-1]; prev.move != NullMove {
			h.counter[prev.piece][prev.to] = best
		}
		w.updateQuiet(ply, best, b)
		for _, m := range quiets {
			w.updateQuiet(ply, m, -b)
		}
	} else {
		w.updateCapture(best, b)
	}
	for _, m := range noisies {
		w.updateCapture(m, -b)
	}
}

func (w *worker) updateQuiet(ply int, m Move, v int) {
	pos := &w.pos
	pc, from, to := historySquares(pos, m)
	updateHistory(&w.hist.butterfly[pos.SideToMove()][from][to], v)
	updateHistory(&w.stack[ply+stackOffset-1].cont[pc][to], v)
	updateHistory(&w.stack[ply+stackOffset-2].cont[pc][to], v)
}

func (w *worker) updateCapture(m Move, v int) {
	pos := &w.pos
	pc, _, to := historySquares(pos, m)
	updateHistory(&w.hist.capture[pc][to][victim(pos, m)], v)
}

func boolToInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
