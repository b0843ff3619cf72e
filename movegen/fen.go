package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENErrorKind classifies what is wrong with a FEN, so callers and tests can
// tell the cases apart without matching message text.
type FENErrorKind uint8

const (
	FENEmpty           FENErrorKind = iota + 1
	FENRankCount                    // not 8 ranks
	FENRankLength                   // a rank that does not cover 8 squares
	FENPieceLetter                  // unknown piece letter
	FENSideToMove                   // missing or invalid side to move
	FENCastling                     // missing or invalid castling field
	FENEnPassant                    // missing or invalid en-passant field
	FENHalfmoveClock                // halfmove clock not a number in range
	FENFullmoveNumber               // fullmove number not a number in range
	FENTooManyFields                // text after the fullmove number
	FENKingCount                    // not exactly one king per side
	FENPawnOnBackRank               // a pawn on the first or last rank
	FENOpponentInCheck              // the side not to move is in check
)

var fenFieldNames = map[FENErrorKind]string{
	FENEmpty:           "FEN",
	FENRankCount:       "piece placement",
	FENRankLength:      "piece placement",
	FENPieceLetter:     "piece placement",
	FENSideToMove:      "side to move",
	FENCastling:        "castling",
	FENEnPassant:       "en passant",
	FENHalfmoveClock:   "halfmove clock",
	FENFullmoveNumber:  "fullmove number",
	FENTooManyFields:   "FEN",
	FENKingCount:       "position",
	FENPawnOnBackRank:  "position",
	FENOpponentInCheck: "position",
}

// FENError reports a FEN that cannot be used: Field names the FEN field
// (or "position" for a rule the whole position breaks) and Problem says what
// is wrong with it.
type FENError struct {
	Kind    FENErrorKind
	Field   string
	Problem string
}

func (e *FENError) Error() string { return e.Field + ": " + e.Problem }

func fenError(kind FENErrorKind, format string, args ...any) *FENError {
	return &FENError{Kind: kind, Field: fenFieldNames[kind], Problem: fmt.Sprintf(format, args...)}
}

// maxClock bounds both clocks; larger values can only be typos. The FEN
// writer stops each counter at this value, so every FEN the package writes
// reads back, even after moves from a position given at the limit.
const maxClock = 1 << 20

// ParseFEN reads a FEN or X-FEN / Shredder-FEN (Chess960) string. The clocks
// may be left out ("0 1" is assumed, as GUIs send EPD-style positions).
// Castling letters K/Q/k/q mean the outermost rook on that side of the king;
// file letters A-H/a-h name the rook's file.
func ParseFEN(fen string) (*Position, error) {
	p := new(Position)
	if err := p.parseFEN(fen); err != nil {
		return nil, err
	}
	return p, nil
}

// SetFEN replaces the position with the one described by fen. On error the
// position is left exactly as it was.
func (p *Position) SetFEN(fen string) error {
	next, err := ParseFEN(fen)
	if err != nil {
		return err
	}
	*p = *next
	return nil
}

// NewStartPosition returns the standard starting position.
func NewStartPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err) // StartFEN is a constant that parses
	}
	return p
}

func (p *Position) parseFEN(fen string) error {
	fields := strings.Fields(fen)
	switch {
	case len(fields) == 0:
		return fenError(FENEmpty, "empty FEN")
	case len(fields) > 6:
		return fenError(FENTooManyFields, "unexpected text %q after the fullmove number", strings.Join(fields[6:], " "))
	}
	*p = Position{ep: NoSquare}
	for i := range p.castleMask {
		p.castleMask[i] = AllCastling
	}
	if err := p.parsePlacement(fields[0]); err != nil {
		return err
	}

	if len(fields) < 2 {
		return fenError(FENSideToMove, "missing (want \"w\" or \"b\")")
	}
	switch fields[1] {
	case "w":
		p.b.side = White
	case "b":
		p.b.side = Black
	default:
		return fenError(FENSideToMove, "%q is not \"w\" or \"b\"", fields[1])
	}

	if err := p.validatePlacement(); err != nil {
		return err
	}

	if len(fields) < 3 {
		return fenError(FENCastling, "missing (want \"-\" or letters such as \"KQkq\")")
	}
	if err := p.parseCastling(fields[2]); err != nil {
		return err
	}

	if len(fields) < 4 {
		return fenError(FENEnPassant, "missing (want \"-\" or a square such as \"e3\")")
	}
	if err := p.parseEnPassant(fields[3]); err != nil {
		return err
	}

	halfmove, fullmove := 0, 1
	if len(fields) >= 5 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > maxClock {
			return fenError(FENHalfmoveClock, "%q is not a number from 0 to %d", fields[4], maxClock)
		}
		halfmove = n
	}
	if len(fields) == 6 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 0 || n > maxClock {
			return fenError(FENFullmoveNumber, "%q is not a number from 1 to %d", fields[5], maxClock)
		}
		fullmove = max(n, 1) // some programs write 0
	}
	p.rule50 = halfmove
	p.gamePly = 2*(fullmove-1) + int(p.b.side)
	p.checkers = p.computeCheckers()
	p.key = p.computeKey()
	p.history[uint(p.gamePly)%historySize] = p.key
	return nil
}

func (p *Position) parsePlacement(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fenError(FENRankCount, "%q has %d ranks, want 8", field, len(ranks))
	}
	for i, text := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(text); j++ {
			c := text[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			pc := pieceFromLetter(c)
			if pc == NoPiece {
				return fenError(FENPieceLetter, "%q is not a piece letter (PNBRQK, pnbrqk) or an empty-square count 1-8, in rank %d (%q)", c, rank+1, text)
			}
			if file < 8 {
				p.put(pc, MakeSquare(file, rank))
			}
			file++
		}
		if file != 8 {
			return fenError(FENRankLength, "rank %d (%q) covers %d squares, want 8", rank+1, text, file)
		}
	}
	return nil
}

func (p *Position) validatePlacement() error {
	for _, c := range [2]Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fenError(FENKingCount, "%s has %d kings, want exactly 1", c, n)
		}
	}
	if pawns := p.b.byType[Pawn] & (Rank1 | Rank8); pawns != 0 {
		return fenError(FENPawnOnBackRank, "pawn on %s, but pawns cannot stand on the first or last rank", pawns.LSB())
	}
	them := p.b.side.Other()
	if checkers := p.AttackersTo(p.KingSquare(them), p.Occupied()) & p.b.byColor[p.b.side]; checkers != 0 {
		return fenError(FENOpponentInCheck, "%s is not to move but its king on %s is in check from %s",
			them, p.KingSquare(them), checkers.LSB())
	}
	return nil
}

func (p *Position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		c := field[i]
		color := White
		lower := c | 0x20
		if c >= 'a' && c <= 'z' {
			color = Black
		}
		backRank := RankMask(0)
		if color == Black {
			backRank = RankMask(7)
		}
		kings := p.Pieces(color, King) & backRank
		if lower != 'k' && lower != 'q' && (lower < 'a' || lower > 'h') {
			return fenError(FENCastling, "unknown castling letter %q in %q", c, field)
		}
		if kings == 0 {
			return fenError(FENCastling, "right %q, but the %s king is not on its first rank", c, color)
		}
		ksq := kings.LSB()
		rooks := p.Pieces(color, Rook) & backRank
		var rsq Square
		switch lower {
		case 'k': // outermost rook towards the h-file
			side := rooks & ^(ksq.Bit()<<1 - 1) &^ ksq.Bit()
			if side == 0 {
				return fenError(FENCastling, "right %q, but %s has no rook on the king's h-side", c, color)
			}
			rsq = side.MSB()
		case 'q': // outermost rook towards the a-file
			side := rooks & (ksq.Bit() - 1)
			if side == 0 {
				return fenError(FENCastling, "right %q, but %s has no rook on the king's a-side", c, color)
			}
			rsq = side.LSB()
		default:
			rsq = MakeSquare(int(lower-'a'), ksq.Rank())
			if !rooks.Has(rsq) {
				return fenError(FENCastling, "right %q, but there is no %s rook on %s", c, color, rsq)
			}
			if rsq == ksq {
				return fenError(FENCastling, "right %q names the king's own file", c)
			}
		}
		right := CastlingRights(1) << castleIndex(color, rsq > ksq)
		if p.castling&right != 0 {
			return fenError(FENCastling, "%q gives %s a second right on the same side", field, color)
		}
		p.addCastlingRight(color, ksq, rsq)
	}
	return nil
}

// addCastlingRight records that color may castle with the rook on rsq.
func (p *Position) addCastlingRight(color Color, ksq, rsq Square) {
	kingSide := rsq > ksq
	i := castleIndex(color, kingSide)
	kingTo, rookTo := MakeSquare(6, ksq.Rank()), MakeSquare(5, ksq.Rank())
	if !kingSide {
		kingTo, rookTo = MakeSquare(2, ksq.Rank()), MakeSquare(3, ksq.Rank())
	}
	kingPath := between[ksq][kingTo] | kingTo.Bit()
	rookPath := between[rsq][rookTo] | rookTo.Bit()
	p.castle[i] = castleInfo{
		kingFrom:    ksq,
		rookFrom:    rsq,
		kingTo:      kingTo,
		rookTo:      rookTo,
		mustBeEmpty: (kingPath | rookPath) &^ (ksq.Bit() | rsq.Bit()),
		kingPath:    kingPath,
	}
	p.castling |= 1 << i
	p.castleMask[ksq] &^= 3 << (2 * color)
	p.castleMask[rsq] &^= 1 << i
}

func (p *Position) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	sq, ok := parseSquare(field)
	if !ok {
		return fenError(FENEnPassant, "%q is not \"-\" or a square", field)
	}
	// The pawn that just moved two squares stands in front of sq, seen from the side to move.
	wantRank, pawnSq, fromSq := 5, sq-8, sq+8
	if p.b.side == Black {
		wantRank, pawnSq, fromSq = 2, sq+8, sq-8
	}
	switch {
	case sq.Rank() != wantRank:
		return fenError(FENEnPassant, "%s is not on rank %d, where %s could capture en passant", sq, wantRank+1, p.b.side)
	case p.b.squares[pawnSq] != MakePiece(p.b.side.Other(), Pawn):
		return fenError(FENEnPassant, "%s, but no %s pawn on %s has just moved two squares", sq, p.b.side.Other(), pawnSq)
	case p.b.squares[sq] != NoPiece || p.b.squares[fromSq] != NoPiece:
		return fenError(FENEnPassant, "%s, but %s and %s must be empty after a two-square pawn move", sq, sq, fromSq)
	}
	// Keep the square only if the capture is legal, as Make does.
	p.ep = p.legalEPSquare(sq)
	return nil
}

// FEN writes the position with X-FEN castling: K/Q/k/q where that is not
// ambiguous, the rook's file otherwise. Standard positions give plain FEN.
func (p *Position) FEN() string { return p.fen(false) }

// ShredderFEN writes castling rights as rook files ("HAha"), as Chess960 GUIs often expect.
func (p *Position) ShredderFEN() string { return p.fen(true) }

// WritePlacement writes FEN's first field, the pieces rank by rank from
// the eighth, for the piece on each square (a1 first): for every writer of
// a chess board, the card-chess one and the training data's included.
func WritePlacement(sb *strings.Builder, piece func(Square) Piece) {
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := piece(MakeSquare(file, rank))
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(pc.Letter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
}

func (p *Position) fen(shredder bool) string {
	var sb strings.Builder
	WritePlacement(&sb, p.Piece)
	if p.b.side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(p.castlingString(shredder))
	sb.WriteByte(' ')
	sb.WriteString(p.ep.String())
	fmt.Fprintf(&sb, " %d %d", min(p.rule50, maxClock), p.FullMoveNumber())
	return sb.String()
}

func (p *Position) castlingString(shredder bool) string {
	var b []byte
	for _, c := range [2]Color{White, Black} {
		for _, kingSide := range [2]bool{true, false} {
			i := castleIndex(c, kingSide)
			if p.castling&(1<<i) == 0 {
				continue
			}
			ci := &p.castle[i]
			letter := byte('a' + ci.rookFrom.File())
			if !shredder {
				// K or Q unless another rook stands further out on that side.
				rooks := p.Pieces(c, Rook) & RankMask(ci.rookFrom.Rank())
				outer := rooks & (ci.rookFrom.Bit() - 1)
				letter = 'q'
				if kingSide {
					outer = rooks &^ (ci.rookFrom.Bit()<<1 - 1)
					letter = 'k'
				}
				if outer != 0 {
					letter = byte('a' + ci.rookFrom.File())
				}
			}
			if c == White {
				letter -= 'a' - 'A'
			}
			b = append(b, letter)
		}
	}
	if len(b) == 0 {
		return "-"
	}
	return string(b)
}

// IsChess960 reports whether the castling rights need Chess960 rules to be
// described: a king or castling rook off its standard square.
func (p *Position) IsChess960() bool {
	for i := range p.castle {
		if p.castling&(1<<i) == 0 {
			continue
		}
		ci := &p.castle[i]
		if ci.kingFrom.File() != 4 || (ci.rookFrom.File() != 0 && ci.rookFrom.File() != 7) {
			return true
		}
	}
	return false
}
