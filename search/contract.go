package search

import (
	"math/rand/v2"

	"tempest/movegen"
	"tempest/nnue"
)

// The contract between the game-independent files of this package and the
// game they search. A game's binding file (game_chess.go here, game.go in
// the generated card-chess search) asserts that its types and functions
// fulfil it, so a binding that breaks it fails to compile naming what is
// missing, rather than somewhere deep in the copied search.

// gamePosition is what the search asks of a position.
type gamePosition interface {
	GenLegal(buf []Move) []Move
	GenNoisy(buf []Move) []Move
	GenQuiet(buf []Move) []Move
	IsLegal(m Move) bool
	GivesCheck(m Move) bool
	SEEAtLeast(m Move, threshold int) bool
	Make(m Move, u *Undo)
	Unmake(m Move, u *Undo)
	MakeNull(u *Undo)
	UnmakeNull(u *Undo)
	HasLegalMove() bool
	InCheck() bool
	IsRepetition() bool
	IsFiftyMoveDraw() bool
	IsInsufficientMaterial() bool
	Key() uint64
	SideToMove() Color
}

// gameBinding lists the functions a binding file defines, by signature.
type gameBinding struct {
	isNoisy        func(*Position, Move) bool
	isPromotion    func(Move) bool
	victim         func(*Position, Move) movegen.PieceType
	capturedValue  func(*Position, Move) int
	losingNoisy    func(*Position, Move) bool
	historySquares func(*Position, Move) (Piece, Square, Square)
	hasPieces      func(*Position) bool
	evaluate       func(*evaluator, *Position) int
	netDelta       func(*Position, Move) nnue.Delta
	netRefresh     func(*nnue.Network, *nnue.Accumulator, *Position)
	packMove       func(Move) uint16
	unpackMove     func(uint16) Move
	noMoveScore    func(*Position) int
	randomMove     func(*Position, *rand.Rand) Move
	greedyMove     func(*Position, *rand.Rand) Move
}
