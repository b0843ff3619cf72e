// Package nnue is Tempest's neural evaluation: a perspective network whose
// first layer is kept up to date move by move (docs/NNUE.md).
//
// The input is 768 features, one per (piece colour relative to the
// perspective, piece type, square seen from the perspective). Each side
// has its own accumulator, the first layer's output for the position seen
// from that side; the side to move's accumulator and the other's, each
// through a squared clipped ReLU, feed one output. Weights are integers:
// the accumulator in units of 1/QA, the output weights in units of 1/QB.
package nnue

import (
	"tempest/movegen"
)

// The architecture: Inputs → Hidden for each perspective → 1.
const (
	Inputs = 768
	Hidden = 256
	// QA is the accumulator's scale: an activation of 1.0 is QA.
	QA = 255
	// QB is the output weights' scale; they lie within ±MaxOutputWeight so
	// an activation times a weight fits 16 bits (the SIMD path multiplies
	// in 16-bit lanes).
	QB              = 64
	MaxOutputWeight = 127
	// Scale turns the network's output (a win probability's logit, in
	// units of 1/Scale) into centipawns.
	Scale = 400
)

// Network holds a net's quantised weights.
type Network struct {
	FeatureWeights [Inputs * Hidden]int16 // row f is feature f's contribution to each hidden unit
	FeatureBias    [Hidden]int16
	OutputWeights  [2 * Hidden]int16 // the side to move's accumulator first, then the other's
	OutputBias     int32             // in units of 1/(QA·QB)
}

// Accumulator is the first layer's output from both sides' perspectives,
// indexed by colour.
type Accumulator struct {
	V [2][Hidden]int16
}

// Feature is the input index of piece pc on square sq seen from side
// perspective: the board is mirrored vertically for Black, so both sides
// see their own pieces as "ours" moving up the board.
func Feature(perspective movegen.Color, pc movegen.Piece, sq movegen.Square) int {
	rel := 0
	if pc.Color() != perspective {
		rel = 1
	}
	if perspective == movegen.Black {
		sq ^= 56
	}
	return (rel*6+int(pc.Type())-1)*64 + int(sq)
}

// Refresh computes both accumulators of pos from scratch.
func (n *Network) Refresh(acc *Accumulator, pos *movegen.Position) {
	acc.V[0] = n.FeatureBias
	acc.V[1] = n.FeatureBias
	for occ := pos.Occupied(); occ != 0; {
		sq := occ.PopLSB()
		pc := pos.Piece(sq)
		addRow(&acc.V[0], n.row(Feature(movegen.White, pc, sq)))
		addRow(&acc.V[1], n.row(Feature(movegen.Black, pc, sq)))
	}
}

// Delta is what one move changes on the board: at most two pieces put
// down and two taken away (castling moves two, a capture takes two).
type Delta struct {
	Add, Sub       [2]Change
	NumAdd, NumSub int
}

// Change is one piece on one square.
type Change struct {
	Piece  movegen.Piece
	Square movegen.Square
}

// MoveDelta is the change move m makes to pos (before it is made).
func MoveDelta(pos *movegen.Position, m movegen.Move) Delta {
	var d Delta
	us := pos.SideToMove()
	from, to := m.From(), m.To()
	moved := pos.Piece(from)
	switch {
	case m.IsCastling():
		// Tempest encodes castling as king takes own rook; the king and
		// rook land on the castling squares of their side.
		rank := from &^ 7
		kingTo, rookTo := rank+6, rank+5
		if to < from {
			kingTo, rookTo = rank+2, rank+3
		}
		rook := pos.Piece(to)
		d.Sub[0], d.Sub[1], d.NumSub = Change{moved, from}, Change{rook, to}, 2
		d.Add[0], d.Add[1], d.NumAdd = Change{moved, kingTo}, Change{rook, rookTo}, 2
		return d
	case m.IsEnPassant():
		captured := to - 8
		if us == movegen.Black {
			captured = to + 8
		}
		d.Sub[1], d.NumSub = Change{pos.Piece(captured), captured}, 2
	default:
		d.NumSub = 1
		if victim := pos.Piece(to); victim != movegen.NoPiece {
			d.Sub[1], d.NumSub = Change{victim, to}, 2
		}
	}
	d.Sub[0] = Change{moved, from}
	landing := moved
	if m.IsPromotion() {
		landing = movegen.MakePiece(us, m.PromotionType())
	}
	d.Add[0], d.NumAdd = Change{landing, to}, 1
	return d
}

// Apply sets dst to src changed by d, for both perspectives.
func (n *Network) Apply(dst, src *Accumulator, d *Delta) {
	for side := movegen.White; side <= movegen.Black; side++ {
		out, in := &dst.V[side], &src.V[side]
		if useSIMD {
			switch {
			case d.NumAdd == 1 && d.NumSub == 1:
				addSubAVX2(out, in, n.row(Feature(side, d.Add[0].Piece, d.Add[0].Square)),
					n.row(Feature(side, d.Sub[0].Piece, d.Sub[0].Square)))
				continue
			case d.NumAdd == 1 && d.NumSub == 2:
				addSubSubAVX2(out, in, n.row(Feature(side, d.Add[0].Piece, d.Add[0].Square)),
					n.row(Feature(side, d.Sub[0].Piece, d.Sub[0].Square)), n.row(Feature(side, d.Sub[1].Piece, d.Sub[1].Square)))
				continue
			case d.NumAdd == 2 && d.NumSub == 2:
				addAddSubSubAVX2(out, in, n.row(Feature(side, d.Add[0].Piece, d.Add[0].Square)),
					n.row(Feature(side, d.Add[1].Piece, d.Add[1].Square)),
					n.row(Feature(side, d.Sub[0].Piece, d.Sub[0].Square)), n.row(Feature(side, d.Sub[1].Piece, d.Sub[1].Square)))
				continue
			}
		}
		*out = *in
		for i := 0; i < d.NumAdd; i++ {
			addRow(out, n.row(Feature(side, d.Add[i].Piece, d.Add[i].Square)))
		}
		for i := 0; i < d.NumSub; i++ {
			subRow(out, n.row(Feature(side, d.Sub[i].Piece, d.Sub[i].Square)))
		}
	}
}

func (n *Network) row(f int) *[Hidden]int16 {
	return (*[Hidden]int16)(n.FeatureWeights[f*Hidden : (f+1)*Hidden])
}

func addRow(acc, w *[Hidden]int16) {
	for i := range acc {
		acc[i] += w[i]
	}
}

func subRow(acc, w *[Hidden]int16) {
	for i := range acc {
		acc[i] -= w[i]
	}
}

// Evaluate is the network's score of the position whose accumulators are
// acc, in centipawns from the side to move's view.
func (n *Network) Evaluate(acc *Accumulator, stm movegen.Color) int {
	us, them := (*[Hidden]int16)(n.OutputWeights[:Hidden]), (*[Hidden]int16)(n.OutputWeights[Hidden:])
	var sum int64
	if useSIMD {
		sum = int64(screluDotAVX2(&acc.V[stm], us)) + int64(screluDotAVX2(&acc.V[stm^1], them))
	} else {
		sum = screlu(&acc.V[stm], us) + screlu(&acc.V[stm^1], them)
	}
	// sum is in units of 1/(QA·QA·QB); one QA goes before the bias.
	out := sum/QA + int64(n.OutputBias)
	return int(out * Scale / (QA * QB))
}

// screlu is Σ clamp(v,0,QA)² · w, the squared clipped ReLU's share of
// the output. Computed as (c·w)·c, where c·w fits 16 bits, the order the
// SIMD path uses.
func screlu(v, w *[Hidden]int16) int64 {
	var sum int64
	for i := range v {
		c := int32(min(max(v[i], 0), QA))
		sum += int64(int32(int16(c*int32(w[i]))) * c)
	}
	return sum
}
