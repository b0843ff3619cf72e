package stratego

import "math/rand/v2"

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
	viewer, ok := p.Viewer()
	if !ok {
		return w
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
	w.rebuild()
	return w
}

func isScout(k Kind) bool { return k == Scout }
func anyKind(Kind) bool   { return true }
