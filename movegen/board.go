package movegen

// Board is a placement of pieces and the side to move: everything the
// evaluation reads. Position keeps one and adds the chess state around it;
// variants with other rules (card chess) build their positions around one
// too, so the evaluation serves them without conversion.
type Board struct {
	squares [64]Piece
	byType  [7]Bitboard // by PieceType; index 0 unused
	byColor [2]Bitboard
	side    Color
}

// Piece returns the piece on s, or NoPiece.
func (b *Board) Piece(s Square) Piece { return b.squares[s&63] }

// SideToMove returns the color to move.
func (b *Board) SideToMove() Color { return b.side }

// SetSideToMove changes the side to move (for variants that build boards).
func (b *Board) SetSideToMove(c Color) { b.side = c }

// Occupied returns every occupied square.
func (b *Board) Occupied() Bitboard { return b.byColor[White] | b.byColor[Black] }

// ByColor returns the squares of c's pieces.
func (b *Board) ByColor(c Color) Bitboard { return b.byColor[c&1] }

// ByType returns the squares of pieces of type pt, both colors.
func (b *Board) ByType(pt PieceType) Bitboard { return b.byType[pt%7] }

// Pieces returns c's pieces of type pt.
func (b *Board) Pieces(c Color, pt PieceType) Bitboard { return b.byType[pt%7] & b.byColor[c&1] }

// KingSquare returns the square of c's king (the board must have one).
func (b *Board) KingSquare(c Color) Square { return (b.byType[King] & b.byColor[c&1]).LSB() }

// PutPiece puts pc on the empty square s.
func (b *Board) PutPiece(pc Piece, s Square) { b.put(pc, s) }

// RemovePiece empties s, which must hold a piece.
func (b *Board) RemovePiece(s Square) { b.remove(s) }

// MovePiece moves the piece on from to the empty square to.
func (b *Board) MovePiece(from, to Square) { b.movePiece(from, to) }

func (b *Board) put(pc Piece, s Square) {
	bit := s.Bit()
	b.squares[s&63] = pc
	b.byType[pc.Type()%7] |= bit
	b.byColor[pc.Color()&1] |= bit
}

func (b *Board) remove(s Square) {
	pc := b.squares[s&63]
	bit := s.Bit()
	b.squares[s&63] = NoPiece
	b.byType[pc.Type()%7] ^= bit
	b.byColor[pc.Color()&1] ^= bit
}

func (b *Board) movePiece(from, to Square) {
	pc := b.squares[from&63]
	bits := from.Bit() | to.Bit()
	b.squares[from&63] = NoPiece
	b.squares[to&63] = pc
	b.byType[pc.Type()%7] ^= bits
	b.byColor[pc.Color()&1] ^= bits
}
