package chsearch

import "tempest/variants/chameleon"

// Best-reply search plus (BRS+; Esser, Gras, Winands, Schadd and Lanctot,
// "Improving Best-Reply Search", 2014). Between two moves of the root
// player, one opponent plays its best reply, as in best-reply search, but
// the other opponents do not skip their turns: each plays a default move,
// the move its move ordering likes best. So every position searched is one
// that can occur in the game, in the rules' turn order, while the tree
// stays as narrow as best-reply search's.
//
// An opponents' layer is one node of the tree. Its moves are the candidate
// moves of every opponent: opponent j's moves in the position where the
// opponents before it in turn order have played their default moves (the
// layer's prefixes). Making a candidate copies its prefix, plays it, and
// then lets the opponents after it play their defaults until it is the
// root player's turn. Default moves are made outside the tree and counted
// as nodes, so a node limit buys the same work as in the other schemes.

// layerMoves fills the move list of an opponents' layer at ply and keeps
// the prefixes for layerChild. Opponents judged sensible offer only their
// sensible moves, as in ParanoidModel.
func (w *worker) layerMoves(ply int) []chameleon.Move {
	buf := w.moves[ply][:0]
	p := w.stack[ply]
	for j := range w.prefix[ply] {
		c := p.ToMove()
		if c == w.root || !p.Has(w.root) || p.Players() <= 1 {
			break
		}
		if j > 0 {
			w.countDefault() // the default that led to this prefix
		}
		w.prefix[ply][j] = p
		w.prefixOf[ply][c] = int8(j)
		n := len(buf)
		buf = p.GenMovesFor(c, buf)
		if w.modelled(&p) && len(buf) > n {
			buf = buf[:n+len(w.keepSensible(&p, buf[n:], &w.stack[ply+1]))]
		}
		// The last opponent's default leads nowhere that is used; it is
		// made only to find the end of the layer, and not counted.
		p.Make(w.defaultMove(&p, buf[n:]))
	}
	return buf
}

// moverPos is the position in which m is played at ply: its prefix in an
// opponents' layer, the node's position otherwise. A candidate's mover
// has not moved earlier in the layer, so the owner of its from-square at
// the layer's start names its prefix.
func (w *worker) moverPos(ply int, m chameleon.Move) *chameleon.Position {
	pos := &w.stack[ply]
	if !w.inLayer[ply] || m == chameleon.PassMove {
		return pos
	}
	return &w.prefix[ply][w.prefixOf[ply][pos.At(m.From()).Owner()]]
}

// layerChild makes candidate m of the layer at ply into stack[ply+1] and
// the default moves of the opponents after its mover.
func (w *worker) layerChild(ply int, m chameleon.Move) {
	child := &w.stack[ply+1]
	*child = *w.moverPos(ply, m)
	child.Make(m)
	for child.ToMove() != w.root && child.Has(w.root) && child.Players() > 1 {
		moves := child.GenMoves(w.dflt[:0])
		if w.modelled(child) && len(moves) > 0 {
			moves = w.keepSensible(child, moves, &w.scratch) // as in layerMoves
		}
		child.Make(w.defaultMove(child, moves))
		w.countDefault()
	}
	w.keys[ply+1] = child.Key()
}

// countDefault counts a default move as a node, as tick does (the node
// limit stays exact, stop and the hard time are asked every 1024 nodes).
func (w *worker) countDefault() {
	if !w.stopped {
		w.tick()
	}
}

// defaultMove is the move pos's mover plays when it is not the one
// searched: the first of moves by move ordering without the node's hash
// move and killers (the biggest capture, else the quiet move with the most
// history), or the pass when it has none.
func (w *worker) defaultMove(pos *chameleon.Position, moves []chameleon.Move) chameleon.Move {
	if len(moves) == 0 {
		return chameleon.PassMove
	}
	best, bestKey := moves[0], w.orderKey(pos, moves[0])
	for _, m := range moves[1:] {
		if k := w.orderKey(pos, m); k > bestKey {
			best, bestKey = m, k
		}
	}
	return best
}

// keepSensible keeps, in place, the moves of pos's mover with the highest
// gain (model.go); after is scratch.
func (w *worker) keepSensible(pos *chameleon.Position, moves []chameleon.Move, after *chameleon.Position) []chameleon.Move {
	gain := w.gain[:len(moves)]
	best := gains(pos, moves, gain, after)
	kept := 0
	for i, m := range moves {
		if gain[i] == best {
			moves[kept] = m
			kept++
		}
	}
	return moves[:kept]
}
