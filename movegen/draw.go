package movegen

// Draw rules. Repetition compares Zobrist keys, which include the side to
// move, castling rights and a usable en-passant square: exactly the features
// that make two positions "the same" under FIDE article 9.2.

// repetitions counts earlier occurrences of the current position, looking
// back no further than the last irreversible move, the last null move or the
// start of the known history, and stopping once limit is reached.
func (p *Position) repetitions(limit int) int {
	count := 0
	end := min(p.rule50, p.pliesFromNull)
	for i := 4; i <= end; i += 2 {
		if p.history[uint(p.gamePly-i)%historySize] == p.key {
			count++
			if count >= limit {
				break
			}
		}
	}
	return count
}

// IsRepetition reports whether the current position occurred before. Search
// scores such a position as a draw: repeating is as good as the draw for the
// side that can force it.
func (p *Position) IsRepetition() bool { return p.repetitions(1) > 0 }

// RepetitionCount returns how many times the current position has occurred,
// counting this occurrence; 3 allows a draw claim, 5 ends the game.
func (p *Position) RepetitionCount() int { return 1 + p.repetitions(historySize) }

// IsFiftyMoveDraw reports whether 50 moves by each side have passed without a
// capture or pawn move. Checkmate on the last of them still wins, so callers
// that need the distinction check for mate first.
func (p *Position) IsFiftyMoveDraw() bool { return p.rule50 >= 100 }

// IsInsufficientMaterial reports a dead position by material: no pawns, rooks
// or queens, and either at most one minor piece on the board or only bishops
// all standing on squares of one color. In every other case a mate exists.
func (p *Position) IsInsufficientMaterial() bool {
	if p.b.byType[Pawn]|p.b.byType[Rook]|p.b.byType[Queen] != 0 {
		return false
	}
	minors := p.b.byType[Knight] | p.b.byType[Bishop]
	if !minors.Several() {
		return true
	}
	return p.b.byType[Knight] == 0 && (minors&LightSquares == 0 || minors&DarkSquares == 0)
}

// Outcome is how a game stands: still going, or over and why.
type Outcome uint8

const (
	Ongoing Outcome = iota
	Checkmate
	Stalemate
	InsufficientMaterial
	SeventyFiveMoveRule // automatic draw (FIDE 9.6.2)
	FivefoldRepetition  // automatic draw (FIDE 9.6.1)
	FiftyMoveRule       // claimable draw
	ThreefoldRepetition // claimable draw
)

var outcomeNames = [...]string{
	Ongoing:              "ongoing",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	InsufficientMaterial: "insufficient material",
	SeventyFiveMoveRule:  "seventy-five-move rule",
	FivefoldRepetition:   "fivefold repetition",
	FiftyMoveRule:        "fifty-move rule",
	ThreefoldRepetition:  "threefold repetition",
}

func (o Outcome) String() string { return outcomeNames[o] }

// Outcome tells whether the game has ended in this position. Claimable draws
// (fifty moves, threefold repetition) are reported too, since an engine's
// opponent may claim them at once; checkmate takes precedence over both.
func (p *Position) Outcome() Outcome {
	if !p.HasLegalMove() {
		if p.checkers != 0 {
			return Checkmate
		}
		return Stalemate
	}
	reps := p.RepetitionCount()
	switch {
	case p.IsInsufficientMaterial():
		return InsufficientMaterial
	case p.rule50 >= 150:
		return SeventyFiveMoveRule
	case reps >= 5:
		return FivefoldRepetition
	case p.rule50 >= 100:
		return FiftyMoveRule
	case reps >= 3:
		return ThreefoldRepetition
	}
	return Ongoing
}
