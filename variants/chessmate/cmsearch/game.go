package cmsearch

import (
	"math/rand/v2"
	"slices"
	"time"

	"tempest/kit"
	"tempest/movegen"
	"tempest/nnue"
	"tempest/variants/chessmate"
)

// The card-chess binding of the search (see search/game_chess.go).

type (
	Position  = chessmate.Position
	Move      = chessmate.Action
	Undo      = chessmate.Undo
	Color     = movegen.Color
	Piece     = movegen.Piece
	Square    = movegen.Square
	evaluator = chessmate.Evaluator
)

const (
	NullMove = chessmate.NullAction
	MaxMoves = chessmate.MaxActions
	noPiece  = movegen.NoPiece
)

func isNoisy(p *Position, m Move) bool { return p.IsNoisy(m) }

func isPromotion(m Move) bool {
	return m.Card() == chessmate.NoCard && m.Promotion() != movegen.NoPieceType
}

func victim(p *Position, m Move) movegen.PieceType {
	if !p.IsNoisy(m) {
		return movegen.NoPieceType
	}
	if t := p.Piece(m.Target()).Type(); t != movegen.NoPieceType {
		return t
	}
	return movegen.Pawn // en passant (promotions to an empty square have no victim, value 0)
}

func capturedValue(p *Position, m Move) int {
	v := 0
	if t := p.Piece(m.Target()).Type(); p.IsNoisy(m) && t != movegen.NoPieceType {
		v = movegen.SEEValues[t]
	}
	if m.Promotion() == movegen.Queen && m.Card() == chessmate.NoCard {
		v += movegen.SEEValues[movegen.Queen]
	}
	return v
}

func losingNoisy(p *Position, m Move) bool {
	return !p.SEEAtLeast(m, 0) || (m.Promotion() != movegen.NoPieceType && m.Promotion() != movegen.Queen)
}

// historySquares indexes the history tables by the piece on the action's
// first square and its two squares; card turns share the tables with moves.
func historySquares(p *Position, m Move) (Piece, Square, Square) {
	return p.Piece(m.From()), m.From(), m.To()
}

func hasPieces(p *Position) bool {
	us := p.SideToMove()
	return p.ByColor(us)&^(p.ByType(movegen.Pawn)|p.ByType(movegen.King)) != 0
}

func evaluate(e *evaluator, p *Position) int { return e.Evaluate(p) }

// packMove keeps plain regular moves in the table's 16 bits; card turns
// are not stored as hash moves.
func packMove(m Move) uint16 { return chessmate.PackRegular(m) }

func unpackMove(v uint16) Move { return chessmate.UnpackRegular(v) }

func noMoveScore(p *Position) int {
	if p.InCheck() {
		return -MateScore
	}
	return DrawScore
}

// randomMove returns a uniformly random legal action (the stalemate claim
// included).
func randomMove(pos *Position, rng *rand.Rand) Move {
	var buf [MaxMoves]Move
	actions := pos.GenLegal(buf[:])
	if pos.CanClaimStalemate() {
		actions = append(actions, chessmate.ClaimAction)
	}
	if len(actions) == 0 {
		return NullMove
	}
	return actions[rng.IntN(len(actions))]
}

// greedyMove is the greedy beginner of card chess: a mate first; otherwise
// the action with the best material balance after the opponent's best
// capture in reply (by SEE), whatever card it plays; ties by the evaluation.
func greedyMove(pos *Position, rng *rand.Rand) Move {
	var buf [MaxMoves]Move
	var reply [MaxMoves]Move
	var ev evaluator
	type scored struct {
		move            Move
		material, after int
	}
	var candidates []scored
	before := pos.MaterialBalance()
	for _, m := range pos.GenLegal(buf[:]) {
		var u Undo
		pos.Make(m, &u)
		replies := pos.GenLegal(reply[:])
		if len(replies) == 0 && pos.InCheck() {
			pos.Unmake(m, &u)
			return m // mate
		}
		lost := 0
		for _, r := range replies {
			if pos.IsNoisy(r) {
				lost = max(lost, pos.SEE(r))
			}
		}
		gained := -pos.MaterialBalance() - before // the balance is from the side to move, now the opponent
		after := -evaluate(&ev, pos)
		pos.Unmake(m, &u)
		candidates = append(candidates, scored{m, gained - lost, after})
	}
	if len(candidates) == 0 {
		return NullMove
	}
	rng.Shuffle(len(candidates), func(i, j int) { candidates[i], candidates[j] = candidates[j], candidates[i] })
	return slices.MaxFunc(candidates, func(a, b scored) int {
		if a.material != b.material {
			return a.material - b.material
		}
		return a.after - b.after
	}).move
}

// movesLeft is the number of moves the time manager (kit.PlanTime)
// expects a card-chess game to last from any point in sudden death, as in
// chess.
const movesLeft = 35

// timePlan is the search's time budget for the side to move.
func timePlan(lim *Limits, us Color, overhead time.Duration, start time.Time) kit.TimeManager {
	return kit.PlanTime(lim, int(us), overhead, start, movesLeft)
}

// The binding fulfils the search's contract (gen_contract.go).
// Card chess evaluates by hand: its engine is never given a net, and a
// card can change any square, which the net's move deltas do not follow.
func netDelta(*Position, Move) nnue.Delta                    { return nnue.Delta{} }
func netRefresh(*nnue.Network, *nnue.Accumulator, *Position) {}

var (
	_ gamePosition = (*Position)(nil)
	_              = gameBinding{isNoisy, isPromotion, victim, capturedValue, losingNoisy, historySquares, hasPieces,
		evaluate, netDelta, netRefresh, packMove, unpackMove, noMoveScore, randomMove, greedyMove}
)
