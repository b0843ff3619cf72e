package book

import "tempest/movegen"

//go:generate sh -c "../.venv/bin/python testdata/genrandom.py > random.go"

// Offsets into randoms, the format's table of 781 numbers.
const (
	castlingOffset  = 768 // + 0..3 for the four rights, in movegen's bit order
	enPassantOffset = 772 // + file of the en-passant square
	turnOffset      = 780 // hashed when White is to move
)

// pieceKind is the format's numbering of pieces: black pawn 0, white pawn
// 1, black knight 2, ..., white king 11 (type-major, Black before White).
func pieceKind(pc movegen.Piece) int {
	kind := 2 * (int(pc.Type()) - int(movegen.Pawn))
	if pc.Color() == movegen.White {
		kind++
	}
	return kind
}

// Key returns the Polyglot key of pos, the number a book is indexed by.
//
// The en-passant file is part of the key only when the side to move has a
// pawn beside the pawn that has just stepped two squares. Tempest's
// positions remember such a step only when the capture is legal, which is
// what almost every position needs; in the rare position where the only
// pawns beside it cannot legally take (a pin, or a check the capture does
// not answer) the format still hashes the file and Key does not. Callers
// that know the previous move use KeyWithEnPassant for the exact key;
// (*Book).Entries probes both keys by itself.
func Key(pos *movegen.Position) uint64 {
	return KeyWithEnPassant(pos, pos.EnPassant())
}

// KeyWithEnPassant returns the Polyglot key of pos as if ep were the
// square passed over by the previous move, a two-square pawn step
// (movegen.NoSquare when the previous move was none). The file of ep is
// hashed when a pawn of the side to move stands beside the pawn that
// stepped, whether or not taking it would be legal, as the format
// specifies. An ep on a rank where no such step can have ended is ignored.
func KeyWithEnPassant(pos *movegen.Position, ep movegen.Square) uint64 {
	var key uint64
	for occ := pos.Occupied(); occ != 0; {
		s := occ.PopLSB()
		key ^= randoms[64*pieceKind(pos.Piece(s))+int(s)]
	}
	rights := pos.Castling()
	for i := 0; i < 4; i++ {
		if rights&(1<<i) != 0 {
			key ^= randoms[castlingOffset+i]
		}
	}
	us := pos.SideToMove()
	if ep < movegen.NoSquare && ep.RelativeRank(us) == 5 &&
		movegen.PawnAttacks(us.Other(), ep)&pos.Pieces(us, movegen.Pawn) != 0 {
		key ^= randoms[enPassantOffset+ep.File()]
	}
	if us == movegen.White {
		key ^= randoms[turnOffset]
	}
	return key
}

// altEnPassant returns the squares (as a bitboard) that might have been
// passed over by a two-square step just played, where a pawn of the side
// to move stands beside the stepped pawn but pos records no en-passant
// square, because the capture is illegal. Each such square gives another
// key the format may use for this position; the legal moves are the same
// under all of them, since the capture is illegal anyway. Zero when pos
// records a square (the step is then certain) or has no such pawns.
func altEnPassant(pos *movegen.Position) movegen.Bitboard {
	if pos.EnPassant() != movegen.NoSquare {
		return 0
	}
	us := pos.SideToMove()
	them := us.Other()
	ours := pos.Pieces(us, movegen.Pawn)
	occupied := pos.Occupied()
	var squares movegen.Bitboard
	// Their pawns on their fourth rank (our fifth) are candidates for having
	// just stepped; the square passed over and the start square must be empty.
	rank := 4
	if us == movegen.Black {
		rank = 3
	}
	for b := pos.Pieces(them, movegen.Pawn) & movegen.RankMask(rank); b != 0; {
		pawn := b.PopLSB()
		passed, start := pawn+8, pawn+16
		if us == movegen.Black {
			passed, start = pawn-8, pawn-16
		}
		if occupied.Has(passed) || occupied.Has(start) {
			continue
		}
		if movegen.PawnAttacks(them, passed)&ours != 0 {
			squares |= passed.Bit()
		}
	}
	return squares
}
