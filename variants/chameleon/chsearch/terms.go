package chsearch

import (
	"math/bits"

	"tempest/variants/chameleon"
)

// The evaluation's weights as the fitter sees them (tuning/chameleondata,
// docs/VARIANT-TRAINING.md), for two-player positions: one term per weight
// that counts linearly, from the side to move's view. Held: the knight's
// Role bonus and FewPawns[4] (every pawn has one role and every player one
// pawn count, so they are tied to Pawn and the others: only differences
// tell), and FewPawns[0] (a player without pawns is out). The fitter also
// holds Pawn, which two-player data cannot tell from FewPawns
// (tuning/chameleondata.Model).
const (
	TermPawn = iota
	TermRoleQueen
	TermRoleBishop
	TermRoleRook
	TermFew1
	TermFew2
	TermFew3
	TermMobility
	TermHanging
	TermDefended
	TermEdge
	TermFieldsAhead
	TermShrink
	NumTerms
)

// TermNames are the weights' names, as vfit prints them.
var TermNames = [NumTerms]string{"Pawn", "Role[queen]", "Role[bishop]", "Role[rook]", "FewPawns[1]", "FewPawns[2]",
	"FewPawns[3]", "Mobility", "Hanging", "Defended", "Edge", "FieldsAhead", "Shrink"}

// Vector lists w's fitted weights in term order.
func (w *Weights) Vector() [NumTerms]float64 {
	return [NumTerms]float64{float64(w.Pawn), float64(w.Role[chameleon.Queen]), float64(w.Role[chameleon.Bishop]),
		float64(w.Role[chameleon.Rook]), float64(w.FewPawns[1]), float64(w.FewPawns[2]), float64(w.FewPawns[3]),
		float64(w.Mobility), float64(w.Hanging), float64(w.Defended), float64(w.Edge), float64(w.FieldsAhead), float64(w.Shrink)}
}

// WithVector is w with its fitted weights set to v, rounded, and prepared.
func (w Weights) WithVector(v [NumTerms]float64) Weights {
	var r [NumTerms]int
	for i, x := range v {
		if x < 0 {
			r[i] = -int(-x + 0.5)
		} else {
			r[i] = int(x + 0.5)
		}
	}
	w.Pawn = r[TermPawn]
	w.Role[chameleon.Queen], w.Role[chameleon.Bishop], w.Role[chameleon.Rook] = r[TermRoleQueen], r[TermRoleBishop], r[TermRoleRook]
	w.FewPawns[1], w.FewPawns[2], w.FewPawns[3] = r[TermFew1], r[TermFew2], r[TermFew3]
	w.Mobility, w.Hanging, w.Defended, w.Edge = r[TermMobility], r[TermHanging], r[TermDefended], r[TermEdge]
	w.FieldsAhead, w.Shrink = r[TermFieldsAhead], r[TermShrink]
	w.Prepare()
	return w
}

// Terms counts how often each weight counts in the evaluation of the
// two-player position p from its mover's view (rootScore with one
// opponent): Σ weight × term is it up to the role potentials' integer
// division (under 1 a pawn).
func Terms(p *chameleon.Position) (t [NumTerms]float64) {
	var covered [4]chameleon.Bitboard
	b := p.Bounds()
	shrink := 14 - int(b.FileHi-b.FileLo) - int(b.RankHi-b.RankLo)
	mover := p.ToMove()
	sign := func(c chameleon.Color) float64 {
		if c == mover {
			return 1
		}
		return -1
	}
	// share[k][r] is the share of the bounds' squares on which a pawn of
	// knight colour k is of role r: the potential's weights.
	var share [4][4]float64
	n := 0
	for m := b.Mask(); m != 0; n++ {
		s := m.PopLSB()
		for k := chameleon.Red; k <= chameleon.Blue; k++ {
			share[k][chameleon.RoleOn(k, s)]++
		}
	}
	roleTerm := [4]int{-1, TermRoleQueen, TermRoleBishop, TermRoleRook}
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		own := p.Pawns(c)
		if own == 0 {
			continue
		}
		f := sign(c)
		if few := min(own.Count(), 4); few >= 1 && few <= 3 {
			t[TermFew1+few-1] += f
		}
		for pawns := own; pawns != 0; {
			sq := pawns.PopLSB()
			pc := p.At(sq)
			att := p.Attacks(pc, sq)
			covered[c] |= att
			t[TermPawn] += f
			if i := roleTerm[p.RoleAt(sq)]; i >= 0 {
				t[i] += f
			}
			for r, i := range roleTerm {
				if i >= 0 {
					t[i] += f * share[pc.Knight()][r] / float64(n)
				}
			}
			t[TermMobility] += f * float64((att &^ own).Count())
			t[TermEdge] += f * float64(min(edgeDistance(b, sq), 2))
			t[TermFieldsAhead] += f * float64(strongFields(pc, att&^own))
			t[TermShrink] += f * float64(shrink)
		}
	}
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		hanging, defended := threatened(p, c, &covered)
		t[TermHanging] -= sign(c) * float64(hanging)
		t[TermDefended] -= sign(c) * float64(defended)
	}
	return t
}

// EvaluateWith is the evaluation of p from player c's view under w (nil:
// HandSetWeights), as the search sees it at its root.
func EvaluateWith(p *chameleon.Position, c chameleon.Color, w *Weights) int {
	if w == nil {
		w = &HandSetWeights
	}
	var score [4]int
	evaluate(p, &score, w)
	return rootScore(&score, c, bits.OnesCount8(p.Alive()&^(1<<c)))
}
