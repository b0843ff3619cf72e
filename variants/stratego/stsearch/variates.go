package stsearch

import (
	"math/rand/v2"

	"tempest/kit"
	"tempest/variants/stratego"
)

// variates are, for each root move that attacks an unknown piece, the
// battle's immediate gain in each world and its exact expectation.
type variates struct {
	attack  []bool
	exact   []int
	sampled [][]int
	// attacker and odds are each attack's piece and the weights of the
	// identities its target may have, for the average of expected results.
	attacker []stratego.Kind
	odds     [][stratego.Unknown]int
}

// controlVariates reduces the noise of attacks on unknown pieces. With a
// dozen worlds, the share of worlds in which the attacked piece is the Flag
// or a Trap is a coarse estimate of the real chance, and those outcomes
// weigh most. So a world's score for such a move is corrected by its
// immediate gain in that world (battleGain, a Flag counting WinClip)
// replaced by the gain's exact expectation over the identities the piece
// may have. The correction keeps what the worlds say about the
// continuation and takes the lottery of the first battle out. With a
// belief (b not nil) the expectation is over its marginals, drawn with rng.
func controlVariates(view *stratego.Position, worlds []stratego.Position, root []stratego.Move, b *belief, rng *rand.Rand) *variates {
	cv := &variates{attack: make([]bool, len(root)), exact: make([]int, len(root)), sampled: make([][]int, len(worlds)),
		attacker: make([]stratego.Kind, len(root)), odds: make([][stratego.Unknown]int, len(root))}
	for wi := range worlds {
		cv.sampled[wi] = make([]int, len(root))
	}
	any := false
	for i, m := range root {
		d := view.At(m.To())
		if d == stratego.NoPiece || d.Kind() != stratego.Unknown {
			continue
		}
		any = true
		cv.attack[i] = true
		a := view.At(m.From()).Kind()
		probs := pieceOdds(view, m.To(), b, rng)
		cv.exact[i] = meanGain(a, &probs)
		cv.attacker[i], cv.odds[i] = a, probs
		for wi := range worlds {
			cv.sampled[wi][i] = rootGain(a, worlds[wi].At(m.To()).Kind())
		}
	}
	if !any {
		return nil
	}
	return cv
}

func rootGain(a, d stratego.Kind) int {
	if d == stratego.Flag {
		return WinClip
	}
	return battleGain(a, d)
}

// pieceOdds weighs the identities the unknown piece on the view's square sq
// may have: the belief's marginals when b is not nil (drawn with rng), else
// the count-based identityOdds.
func pieceOdds(view *stratego.Position, sq stratego.Square, b *belief, rng *rand.Rand) [stratego.Unknown]int {
	if b != nil {
		return b.odds(view, sq, rng)
	}
	return identityOdds(view, view.At(sq))
}

// meanGain is the expected immediate gain (rootGain) of kind a attacking a
// piece whose identities weigh probs.
func meanGain(a stratego.Kind, probs *[stratego.Unknown]int) int {
	sum, total := 0, 0
	for k, n := range probs {
		total += n
		sum += n * rootGain(a, stratego.Kind(k))
	}
	return sum / max(total, 1)
}

// meanExpected is the expected result of kind a attacking a piece whose
// identities weigh probs, when the rest of the world's score is base: the
// control variate of the average of expected results.
func meanExpected(base int, a stratego.Kind, probs *[stratego.Unknown]int) float64 {
	sum, total := 0.0, 0
	for k, n := range probs {
		if n == 0 {
			continue
		}
		total += n
		sum += float64(n) * kit.ExpectedScore(base+rootGain(a, stratego.Kind(k)))
	}
	if total == 0 {
		return kit.ExpectedScore(base)
	}
	return sum / float64(total)
}

// identityOdds weighs the identities an unknown piece may have (in
// arbitrary units): the enemy's unaccounted pieces, less those that the
// pieces which ran (Scouts) and moved (movable pieces) are expected to
// hold, as SampleWorld deals them.
func identityOdds(view *stratego.Position, pc stratego.Piece) [stratego.Unknown]int {
	var c [stratego.Unknown]int
	side := pc.Side()
	movable := 0
	for k := stratego.Flag; k <= stratego.Trap; k++ {
		c[k] = view.Unaccounted(side, k)
		if k.Movable() {
			movable += c[k]
		}
	}
	ran, moved := 0, 0
	for sq := stratego.Square(0); sq < 80; sq++ {
		q := view.At(sq)
		if q != stratego.NoPiece && q.Side() == side && q.Kind() == stratego.Unknown {
			if q.Ran() {
				ran++
			} else if q.Moved() {
				moved++
			}
		}
	}
	var out [stratego.Unknown]int
	switch {
	case pc.Ran():
		out[stratego.Scout] = 1
		return out
	case pc.Moved():
		for k := stratego.Slayer; k <= stratego.Dragon; k++ {
			out[k] = c[k]
		}
		out[stratego.Scout] = max(c[stratego.Scout]-ran, 0)
		return out
	}
	// An unmoved piece: what the moved pieces are expected to leave, in
	// units of 1/(movable-ran) pieces to stay in integers.
	pool := max(movable-ran, 1)
	c[stratego.Scout] = max(c[stratego.Scout]-ran, 0)
	for k := stratego.Flag; k <= stratego.Trap; k++ {
		if k.Movable() {
			out[k] = max(c[k]*pool-moved*c[k], 0)
		} else {
			out[k] = c[k] * pool
		}
	}
	return out
}
