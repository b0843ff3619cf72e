// Package nnue is Tempest's neural evaluation: a perspective network whose
// first layer is kept up to date move by move (docs/NNUE.md).
//
// The input is 768 features, one per (piece colour relative to the
// perspective, piece type, square seen from the perspective). Each side
// has its own accumulator, the first layer's output for the position seen
// from that side; the side to move's accumulator and the other's, each
// through a squared clipped ReLU, feed one output, whose weights are chosen
// by how many pieces are on the board (output buckets). Weights are integers:
// the accumulator in units of 1/QA, the output weights in units of 1/QB.
package nnue

import (
	"unsafe"

	"tempest/movegen"
)

// The architecture: Inputs → Hidden for each perspective → 1, the output
// layer one of OutputBuckets by the number of pieces.
const (
	Inputs        = 768
	Hidden        = 256
	OutputBuckets = 8
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
	_              [0]uint64              // 8-byte alignment: the portable kernels read rows as uint64 words
	FeatureWeights [Inputs * Hidden]int16 // row f is feature f's contribution to each hidden unit
	FeatureBias    [Hidden]int16
	// OutputWeights[b] is output bucket b's: the side to move's
	// accumulator's weights first, then the other's.
	OutputWeights [OutputBuckets][2 * Hidden]int16
	OutputBias    [OutputBuckets]int32 // in units of 1/(QA·QB)
}

// OutputBucket is the output layer used with pieces on the board (kings
// included): 2–5 pieces bucket 0, 6–9 bucket 1, ..., 30–32 bucket 7, so an
// endgame is scored by weights fitted to endgames.
func OutputBucket(pieces int) int {
	return min(max((pieces-2)/4, 0), OutputBuckets-1)
}

// Accumulator is the first layer's output from both sides' perspectives,
// indexed by colour.
type Accumulator struct {
	_ [0]uint64 // 8-byte alignment: the portable kernels read rows as uint64 words
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
		var add, sub [2]*[Hidden]int16
		for i := 0; i < d.NumAdd; i++ {
			add[i] = n.row(Feature(side, d.Add[i].Piece, d.Add[i].Square))
		}
		for i := 0; i < d.NumSub; i++ {
			sub[i] = n.row(Feature(side, d.Sub[i].Piece, d.Sub[i].Square))
		}
		out, in := &dst.V[side], &src.V[side]
		switch {
		case useSIMD && d.NumAdd == 1 && d.NumSub == 1: // a quiet move
			addSubAVX2(out, in, add[0], sub[0])
		case useSIMD && d.NumAdd == 1 && d.NumSub == 2: // a capture
			addSubSubAVX2(out, in, add[0], sub[0], sub[1])
		case useSIMD && d.NumAdd == 2 && d.NumSub == 2: // castling
			addAddSubSubAVX2(out, in, add[0], add[1], sub[0], sub[1])
		default:
			*out = *in
			for _, r := range add[:d.NumAdd] {
				addRow(out, r)
			}
			for _, r := range sub[:d.NumSub] {
				subRow(out, r)
			}
		}
	}
}

func (n *Network) row(f int) *[Hidden]int16 {
	return (*[Hidden]int16)(n.FeatureWeights[f*Hidden : (f+1)*Hidden])
}

// The portable kernels add and subtract four int16 lanes at a time in a
// 64-bit word (SWAR): the lanes' top bits are cleared so no carry crosses
// into the next lane, and put back by an exclusive or. Wrapping is what Go's
// int16 arithmetic does, so the results are the SIMD path's.
const laneTops = 0x8000_8000_8000_8000

// words views a row of int16 lanes as 64 words; rows are 8-byte aligned
// (the zero-size fields of Network and Accumulator).
func words(r *[Hidden]int16) *[Hidden / 4]uint64 { return (*[Hidden / 4]uint64)(unsafe.Pointer(r)) }

func addRow(acc, w *[Hidden]int16) {
	a, b := words(acc), words(w)
	for i := range a {
		x, y := a[i], b[i]
		a[i] = ((x &^ laneTops) + (y &^ laneTops)) ^ ((x ^ y) & laneTops)
	}
}

func subRow(acc, w *[Hidden]int16) {
	a, b := words(acc), words(w)
	for i := range a {
		x, y := a[i], b[i]
		a[i] = ((x | laneTops) - (y &^ laneTops)) ^ ((x ^ ^y) & laneTops)
	}
}

// Evaluate is the network's score of the position whose accumulators are
// acc and which has pieces on the board, in centipawns from the side to
// move's view.
func (n *Network) Evaluate(acc *Accumulator, stm movegen.Color, pieces int) int {
	b := OutputBucket(pieces)
	us, them := (*[Hidden]int16)(n.OutputWeights[b][:Hidden]), (*[Hidden]int16)(n.OutputWeights[b][Hidden:])
	var sum int64
	if useSIMD {
		sum = int64(screluDotAVX2(&acc.V[stm], us)) + int64(screluDotAVX2(&acc.V[stm^1], them))
	} else {
		sum = screlu(&acc.V[stm], us) + screlu(&acc.V[stm^1], them)
	}
	// sum is in units of 1/(QA·QA·QB); one QA goes before the bias.
	out := sum/QA + int64(n.OutputBias[b])
	return int(min(max(out*Scale/(QA*QB), -MaxScore), MaxScore))
}

// MaxScore bounds a net's score, far from the search's mate scores, so
// that no net, however trained or damaged, can announce a mate.
const MaxScore = 20000

// screlu is Σ clamp(v,0,QA)² · w, the squared clipped ReLU's share of
// the output. Each term is at most 255·255·127, so 64 of them fit 32 bits;
// four independent sums let the processor overlap them. (The SIMD path
// multiplies c·w in 16 bits, exact because |w| <= MaxOutputWeight, which
// Load and Save enforce.)
func screlu(v, w *[Hidden]int16) int64 {
	var total int64
	for block := 0; block < Hidden; block += 64 {
		var s0, s1, s2, s3 int32
		for i := block; i < block+64; i += 4 {
			x, y := (*[4]int16)(v[i:i+4]), (*[4]int16)(w[i:i+4])
			c0 := int32(min(max(x[0], 0), QA))
			c1 := int32(min(max(x[1], 0), QA))
			c2 := int32(min(max(x[2], 0), QA))
			c3 := int32(min(max(x[3], 0), QA))
			s0 += c0 * int32(y[0]) * c0
			s1 += c1 * int32(y[1]) * c1
			s2 += c2 * int32(y[2]) * c2
			s3 += c3 * int32(y[3]) * c3
		}
		total += int64(s0) + int64(s1) + int64(s2) + int64(s3)
	}
	return total
}
