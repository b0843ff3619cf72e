package search

import (
	"math/rand/v2"
	"slices"

	"tempest/eval"
	"tempest/movegen"
	"tempest/nnue"
)

// This file binds the search to the game it plays: chess. Every other file
// of the package uses only the names defined here, so the same search is
// generated for card chess (variants/chessmate/cmsearch) with its own
// version of this file. Keep game knowledge here and nowhere else, but for
// chess's endgame tables (tablebase.go, and the steps marked
// //gencopy:chess), which the copy leaves out.

type (
	Position  = movegen.Position
	Move      = movegen.Move
	Undo      = movegen.Undo
	Color     = movegen.Color
	Piece     = movegen.Piece
	Square    = movegen.Square
	evaluator = eval.Evaluator
)

const (
	NullMove = movegen.NullMove
	MaxMoves = movegen.MaxMoves
	noPiece  = movegen.NoPiece
)

// isNoisy reports captures and promotions: the moves quiescence searches
// and the picker orders by what they win.
func isNoisy(p *Position, m Move) bool {
	return m.IsPromotion() || m.IsEnPassant() || (m.Kind() != movegen.Castling && p.Piece(m.To()) != movegen.NoPiece)
}

func isPromotion(m Move) bool { return m.IsPromotion() }

// victim returns the type of piece a noisy move captures (NoPieceType for a
// quiet promotion), for capture history.
func victim(p *Position, m Move) movegen.PieceType {
	if m.IsEnPassant() {
		return movegen.Pawn
	}
	return p.Piece(m.To()).Type()
}

// capturedValue is what a noisy move wins at once, in SEE units: the victim
// and, for a queen promotion, the promotion.
func capturedValue(p *Position, m Move) int {
	v := movegen.SEEValues[victim(p, m)]
	if m.IsPromotion() && m.PromotionType() == movegen.Queen {
		v += movegen.SEEValues[movegen.Queen]
	}
	return v
}

// losingNoisy reports noisy moves tried only after the quiet ones: captures
// that lose material by SEE, and under-promotions.
func losingNoisy(p *Position, m Move) bool {
	return !p.SEEAtLeast(m, 0) || (m.IsPromotion() && m.PromotionType() != movegen.Queen)
}

// historySquares returns the indices the history tables use for a move:
// the moving piece, its origin and its destination.
func historySquares(p *Position, m Move) (Piece, Square, Square) {
	return p.Piece(m.From()), m.From(), m.To()
}

// hasPieces reports whether the side to move has a piece other than pawns
// and king: without one, zugzwang is common and null moves are unsafe.
func hasPieces(p *Position) bool {
	us := p.SideToMove()
	return p.ByColor(us)&^(p.ByType(movegen.Pawn)|p.ByType(movegen.King)) != 0
}

func evaluate(e *evaluator, p *Position) int { return e.Evaluate(p.Board()) }

// netDelta and netRefresh keep the neural evaluation's accumulators.
func netDelta(p *Position, m Move) nnue.Delta                        { return nnue.MoveDelta(p, m) }
func netRefresh(n *nnue.Network, acc *nnue.Accumulator, p *Position) { n.Refresh(acc, p) }

// packMove and unpackMove fit a move into the transposition table's 16 bits.
func packMove(m Move) uint16   { return uint16(m) }
func unpackMove(v uint16) Move { return Move(v) }
func noMoveScore(p *Position) int {
	if p.InCheck() {
		return -MateScore
	}
	return DrawScore
}

// randomMove returns a uniformly random legal move.
func randomMove(pos *Position, rng *rand.Rand) Move {
	var buf [MaxMoves]Move
	moves := pos.GenLegal(buf[:])
	if len(moves) == 0 {
		return NullMove
	}
	return moves[rng.IntN(len(moves))]
}

// greedyNoise is the spread, in centipawns, of the random amount added to
// each move's evaluation when the greedy player breaks ties in material.
const greedyNoise = 20

// greedyMove plays for the best immediate outcome, one move deep:
//
//  1. a move that mates wins at once;
//  2. otherwise each move is scored by the material it wins (captured piece
//     and promotion, by SEE values) minus the most the opponent can then win
//     with one capture, judged by static exchange (so a defended target
//     costs the capturer its piece, and a piece left hanging is lost);
//  3. ties are broken by the static evaluation after the move plus a random
//     0 to greedyNoise-1 centipawns (so its games vary), then at random.
//
// It never looks further: it falls for every two-move trick, as a greedy
// beginner does.
func greedyMove(pos *Position, rng *rand.Rand) Move {
	var buf, reply [MaxMoves]Move
	var ev evaluator
	moves := pos.GenLegal(buf[:])
	type scored struct {
		move            Move
		material, after int
	}
	var candidates []scored
	for _, m := range moves {
		gained := materialWon(pos, m)
		var u Undo
		pos.Make(m, &u)
		replies := pos.GenLegal(reply[:])
		if len(replies) == 0 && pos.InCheck() {
			pos.Unmake(m, &u)
			return m // mate
		}
		lost := 0
		for _, r := range replies {
			if isNoisy(pos, r) {
				lost = max(lost, pos.SEE(r))
			}
		}
		// A little noise on the positional tie-break varies the greedy
		// player's games (its openings above all) without touching what
		// it counts first, material.
		after := -evaluate(&ev, pos) + rng.IntN(greedyNoise)
		pos.Unmake(m, &u)
		candidates = append(candidates, scored{m, gained - lost, after})
	}
	if len(candidates) == 0 {
		return NullMove
	}
	rng.Shuffle(len(candidates), func(i, j int) { candidates[i], candidates[j] = candidates[j], candidates[i] })
	best := slices.MaxFunc(candidates, func(a, b scored) int {
		if a.material != b.material {
			return a.material - b.material
		}
		return a.after - b.after
	})
	return best.move
}

// materialWon is what a move captures and promotes to, in SEE values.
func materialWon(pos *Position, m Move) int {
	won := 0
	switch {
	case m.IsEnPassant():
		won = movegen.SEEValues[movegen.Pawn]
	case !m.IsCastling():
		won = movegen.SEEValues[pos.Piece(m.To()).Type()]
	}
	if m.IsPromotion() {
		won += movegen.SEEValues[m.PromotionType()] - movegen.SEEValues[movegen.Pawn]
	}
	return won
}

// The binding fulfils the search's contract (contract.go).
var (
	_ gamePosition = (*Position)(nil)
	_              = gameBinding{isNoisy, isPromotion, victim, capturedValue, losingNoisy, historySquares, hasPieces,
		evaluate, netDelta, netRefresh, packMove, unpackMove, noMoveScore, randomMove, greedyMove}
)
