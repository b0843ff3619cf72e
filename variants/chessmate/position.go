package chessmate

import (
	"tempest/movegen"
)

type (
	bitboard = movegen.Bitboard
	square   = movegen.Square
	color    = movegen.Color
)

const (
	white    = movegen.White
	black    = movegen.Black
	noSquare = movegen.NoSquare
)

// Castling rights on the standard squares: card chess starts from the
// standard position and a right never returns once lost.
const (
	whiteKingSide uint8 = 1 << iota
	whiteQueenSide
	blackKingSide
	blackQueenSide
)

// castleKeep[sq] are the rights that survive a piece leaving or reaching sq.
var castleKeep [64]uint8

func init() {
	for i := range castleKeep {
		castleKeep[i] = 15
	}
	castleKeep[movegen.E1] &^= whiteKingSide | whiteQueenSide
	castleKeep[movegen.H1] &^= whiteKingSide
	castleKeep[movegen.A1] &^= whiteQueenSide
	castleKeep[movegen.E8] &^= blackKingSide | blackQueenSide
	castleKeep[movegen.H8] &^= blackKingSide
	castleKeep[movegen.A8] &^= blackQueenSide
}

// Position is a card-chess position: the board with its continuing effects,
// the chess state, and the cards. It is a plain value (no pointers), so
// make is a copy: the search keeps the previous position in its undo record.
type Position struct {
	movegen.Board

	castling uint8
	ep       square // after a regular double step, whether or not a capture is possible
	rule50   int
	fullmove int

	forbidden bitboard // squares no piece may enter or cross
	champions bitboard // knights that leap (3,4)
	shields   bitboard // pieces of the side not to move that cannot be captured

	hands      [2]Hand
	draw       pile // top = last; Unknown cards when the order is hidden
	drawHidden bool // the draw pile is known only by its size
	reshuffled bool // the draw pile came from a reshuffle: its order is ours until a draw suffix says otherwise
	discard    pile // top = last
	last       Card // the last card played during the previous turn, or NoCard

	key uint64

	hist  [historyLen]uint64 // keys of the last positions, for the search's repetition test
	nhist uint8
}

// Zobrist keys of card chess. The repetition key is the board, markers,
// shields in force, side to move, castling rights and a usable en-passant
// square (§9.4, §13.9); cards are not part of it.
var (
	zPiece     [16][64]uint64
	zEffect    [3][64]uint64 // forbidden, champion, shield
	zCastling  [16]uint64
	zEPFile    [8]uint64
	zSideBlack uint64
)

func init() {
	s := uint64(0xC4D5C4E55)
	next := func() uint64 { // splitmix64
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for i := range zPiece {
		for j := range zPiece[i] {
			zPiece[i][j] = next()
		}
	}
	for i := range zEffect {
		for j := range zEffect[i] {
			zEffect[i][j] = next()
		}
	}
	for i := range zCastling {
		zCastling[i] = next()
	}
	for i := range zEPFile {
		zEPFile[i] = next()
	}
	zSideBlack = next()
}

// computeKey hashes the position for repetition detection and the
// transposition table.
func (p *Position) computeKey() uint64 {
	var key uint64
	for b := p.Occupied(); b != 0; {
		sq := b.PopLSB()
		key ^= zPiece[p.Piece(sq)][sq]
	}
	for i, effect := range [3]bitboard{p.forbidden, p.champions, p.shields} {
		for b := effect; b != 0; {
			key ^= zEffect[i][b.PopLSB()]
		}
	}
	key ^= zCastling[p.castling]
	if ep := p.usableEP(); ep != noSquare {
		key ^= zEPFile[ep.File()]
	}
	if p.SideToMove() == black {
		key ^= zSideBlack
	}
	return key
}

// Key returns the repetition key.
func (p *Position) Key() uint64 { return p.key }

// Hand returns c's hand.
func (p *Position) Hand(c color) *Hand { return &p.hands[c&1] }

// Forbidden, Champions and Shields return the continuing effects.
func (p *Position) Forbidden() bitboard { return p.forbidden }
func (p *Position) Champions() bitboard { return p.champions }
func (p *Position) Shields() bitboard   { return p.shields }

// DrawSize is the number of cards in the draw pile.
func (p *Position) DrawSize() int { return int(p.draw.n) }

// Discard returns the discard pile, bottom first.
func (p *Position) Discard() []Card { return p.discard.slice() }

// LastCard is the last card played during the previous turn, or NoCard.
func (p *Position) LastCard() Card { return p.last }

// Rule50 is the halfmove clock.
func (p *Position) Rule50() int { return p.rule50 }
