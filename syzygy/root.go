package syzygy

import (
	"runtime/debug"
	"sort"

	"tempest/movegen"
)

// RootMove is one legal move of the root position, judged by the tables.
type RootMove struct {
	Move movegen.Move
	// WDL is the move's result for the side playing it, -2..2 as for
	// ProbeWDL, for the root position with a fifty-move counter of zero:
	// a win whose zeroing move comes later than ply 100 counts as cursed.
	WDL int
	// DTZ counts the plies from the root position, this move included, to
	// the next zeroing move (capture or pawn move) under best play, signed
	// like WDL: 1 for a winning capture or pawn move or a mate, -1 for a
	// losing zeroing move, 0 for a draw, beyond ±100 for cursed and
	// blessed results.
	DTZ int
	// Result is WDL as the game will be scored: with the fifty-move rule,
	// cursed wins and blessed losses are draws, and so are wins and losses
	// whose zeroing move comes too late for the root's counter.
	Result int
	// Rank orders the moves, higher is better; see the package comment.
	Rank int
}

// Rank bands: each result class gets its own band, the distance orders
// the moves inside it.
const (
	rankBand    = 10000
	rankMaxDist = rankBand - 1
)

// RootMoves judges every legal move of pos and returns them best first
// (by Rank; moves of equal rank keep the generator's order). rule50 applies
// the fifty-move rule with the position's counter (the UCI option
// Syzygy50MoveRule). ok is false when any move cannot be probed, and for
// positions with castling rights or more than MaxPieces pieces. pos is
// used as scratch and unchanged on return.
func (t *Tables) RootMoves(pos *movegen.Position, rule50 bool) (moves []RootMove, ok bool) {
	if !t.probeable(pos) {
		return nil, false
	}
	l := line{pos: pos}
	defer t.guard(&l, debug.SetPanicOnFault(true), &ok)
	var buf [movegen.MaxMoves]movegen.Move
	legal := pos.GenLegal(buf[:])
	moves = make([]RootMove, 0, len(legal))
	counter := pos.Rule50()
	for _, m := range legal {
		rm := RootMove{Move: m}
		l.make(m)
		switch {
		case pos.Rule50() == 0:
			// A capture or pawn move: the counter starts again.
			var w int
			w, ok = t.wdl(&l)
			rm.WDL = -w
			rm.DTZ = dtzBeforeZeroing(rm.WDL)
		case pos.InCheck() && !pos.HasLegalMove():
			rm.WDL, rm.DTZ = 2, 1
		default:
			var d int
			d, ok = t.dtz(&l, 0)
			rm.DTZ = -d
			switch {
			case rm.DTZ > 0:
				rm.DTZ++
			case rm.DTZ < 0:
				rm.DTZ--
			}
			rm.WDL = wdlOfDTZ(rm.DTZ)
		}
		l.unmake()
		if !ok {
			return nil, false
		}
		rm.Result, rm.Rank = rank(rm.WDL, rm.DTZ, counter, rule50)
		moves = append(moves, rm)
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Rank > moves[j].Rank })
	return moves, true
}

// wdlOfDTZ classifies a distance counted from the root.
func wdlOfDTZ(dtz int) int {
	switch {
	case dtz > 100:
		return 1
	case dtz > 0:
		return 2
	case dtz < -100:
		return -1
	case dtz < 0:
		return -2
	}
	return 0
}

// rank returns the result a move will be scored with and its rank.
func rank(wdl, dtz, counter int, rule50 bool) (result, r int) {
	dist := min(max(dtz, -dtz), rankMaxDist)
	result = wdl
	if rule50 {
		switch {
		case wdl == 2 && dist+counter <= 100, wdl == -2 && dist+counter <= 100:
		default:
			result = 0
		}
	}
	switch {
	case result == 0:
		return 0, 0
	case result > 0:
		return result, result*rankBand - dist
	default:
		return result, result*rankBand + dist
	}
}
