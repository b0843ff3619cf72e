package stratego

import (
	"math"
	"math/rand/v2"
)

// SampleWorld deals identities to the unknown pieces of a view, giving a
// full-knowledge position consistent with everything the viewer has
// observed: the identities come from the enemy army less the pieces on the
// board that are known and those in its defeated list; a piece that ran
// more than one square is a Scout; a piece that has moved is no Trap or
// Flag. Within those constraints every assignment is equally likely (the
// pool of identities is shuffled, constrained pieces draw first). With more
// identities than unknown pieces (a composed position), the identities
// left over are pieces that are not in the game. A position without
// unknown pieces is returned as it is. It does not allocate.
func (p *Position) SampleWorld(rng *rand.Rand) Position {
	w := *p
	if _, ok := p.deal(&w, rng, nil); ok {
		w.rebuild()
	}
	return w
}

// deal gives w's unknown pieces identities (SampleWorld) without updating
// its counts and keys, and copies the identities left over (a composed
// position's) to spare unless it is nil; false when p is no view.
func (p *Position) deal(w *Position, rng *rand.Rand, spare *[ArmySize]Kind) (int, bool) {
	viewer, ok := p.Viewer()
	if !ok {
		return 0, false
	}
	enemy := viewer.Other()
	var pool [ArmySize]Kind
	n := 0
	for k := Flag; k <= Trap; k++ {
		for i := p.Unaccounted(enemy, k); i > 0 && n < ArmySize; i-- {
			pool[n] = k
			n++
		}
	}
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	// take removes and returns the first pool entry that fits, or the
	// first entry at all when none fits (a view inconsistent with the
	// counts still gets a world).
	take := func(fits func(Kind) bool) Kind {
		at := 0
		for i := 0; i < n; i++ {
			if fits(pool[i]) {
				at = i
				break
			}
		}
		k := pool[at]
		n--
		pool[at] = pool[n]
		return k
	}
	// Pass 0 deals to pieces that ran, 1 to pieces that moved, 2 to the rest.
	for pass := 0; pass < 3; pass++ {
		for sq := Square(0); sq < numSquares; sq++ {
			pc := w.board[sq]
			if pc == NoPiece || pc.Kind() != Unknown || n == 0 {
				continue
			}
			var k Kind
			switch {
			case pass == 0 && pc.Ran():
				k = take(isScout)
			case pass == 1 && pc.Moved() && !pc.Ran():
				k = take(Kind.Movable)
			case pass == 2 && !pc.Moved():
				k = take(anyKind)
			default:
				continue
			}
			w.board[sq] = pc.withKind(k)
		}
	}
	if spare == nil {
		return 0, true
	}
	return copy(spare[:], pool[:n]), true
}

// KindWeights are log-weights of the identities an unknown piece may have,
// by square and kind (NoKind unused): a belief's evidence about each piece.
// Only differences within a square and between squares matter.
type KindWeights [numSquares][Unknown]float32

// SampleWorldWeighted deals a world as SampleWorld does, then makes steps
// Metropolis moves: two unknown pieces exchange identities, if each fits
// the other's hard constraints (ran: Scout; moved: movable), with
// probability min(1, exp(d)), d the change in the sum of the pieces'
// log-weights. An exchange keeps the counts exact, so the chain tends to
// the assignments SampleWorld may deal, weighted by exp(sum of lw); zero
// weights leave SampleWorld's distribution as it is. It does not allocate.
func (p *Position) SampleWorldWeighted(rng *rand.Rand, lw *KindWeights, steps int) Position {
	w := *p
	var spare [ArmySize]Kind
	ns, ok := p.deal(&w, rng, &spare)
	if !ok {
		return w
	}
	var unknown [ArmySize]Square
	n := p.unknownSquares(&unknown)
	w.exchange(unknown[:n], spare[:ns], rng, lw, steps)
	w.rebuild()
	return w
}

// TallyWeighted adds to tally, for each unknown square of the view, how
// often each kind stands there over sweeps states of the chain of
// SampleWorldWeighted, one state every n exchanges (n unknown pieces): the
// weighted marginals, for expectations over a piece's identity.
func (p *Position) TallyWeighted(rng *rand.Rand, lw *KindWeights, sweeps int, tally *[numSquares][Unknown]int32) {
	w := *p
	var spare [ArmySize]Kind
	ns, ok := p.deal(&w, rng, &spare)
	if !ok {
		return
	}
	var unknown [ArmySize]Square
	n := p.unknownSquares(&unknown)
	w.exchange(unknown[:n], spare[:ns], rng, lw, 4*n) // away from the uniform deal first
	for i := 0; i < sweeps; i++ {
		w.exchange(unknown[:n], spare[:ns], rng, lw, n)
		for _, sq := range unknown[:n] {
			tally[sq][w.board[sq].Kind()]++
		}
	}
}

// unknownSquares lists the squares of unknown pieces (at most ArmySize).
func (p *Position) unknownSquares(out *[ArmySize]Square) int {
	n := 0
	for sq := Square(0); sq < numSquares && n < ArmySize; sq++ {
		if pc := p.board[sq]; pc != NoPiece && pc.Kind() == Unknown {
			out[n] = sq
			n++
		}
	}
	return n
}

// exchange makes the Metropolis moves of SampleWorldWeighted on the board
// only (the caller rebuilds): a piece on one of squares (the view's unknown
// pieces, their marks kept) exchanges identities with another of them or
// with a spare identity (in a composed position, one not in the game).
func (p *Position) exchange(squares []Square, spare []Kind, rng *rand.Rand, lw *KindWeights, steps int) {
	n, m := len(squares), len(squares)+len(spare)
	if n == 0 || m < 2 {
		return
	}
	for ; steps > 0; steps-- {
		i := rng.IntN(n)
		j := rng.IntN(m - 1)
		if j >= i {
			j++
		}
		a := squares[i]
		pa := p.board[a]
		ka := pa.Kind()
		if j >= n { // a spare identity
			ks := spare[j-n]
			if ks == ka || !fitsMarks(pa, ks) || !accept(lw[a][ks]-lw[a][ka], rng) {
				continue
			}
			p.board[a], spare[j-n] = pa.withKind(ks), ka
			continue
		}
		b := squares[j]
		pb := p.board[b]
		kb := pb.Kind()
		if ka == kb || !fitsMarks(pa, kb) || !fitsMarks(pb, ka) || !accept(lw[a][kb]+lw[b][ka]-lw[a][ka]-lw[b][kb], rng) {
			continue
		}
		p.board[a], p.board[b] = pa.withKind(kb), pb.withKind(ka)
	}
}

// accept is the Metropolis rule for a change d of the log-weight.
func accept(d float32, rng *rand.Rand) bool {
	return d >= 0 || rng.Float64() < math.Exp(float64(d))
}

// fitsMarks reports whether kind k agrees with what the piece's marks made
// public: a piece that ran is a Scout, a piece that moved is movable.
func fitsMarks(pc Piece, k Kind) bool {
	switch {
	case pc.Ran():
		return k == Scout
	case pc.Moved():
		return k.Movable()
	}
	return true
}

func isScout(k Kind) bool { return k == Scout }
func anyKind(Kind) bool   { return true }
