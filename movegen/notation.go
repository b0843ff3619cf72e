package movegen

import (
	"fmt"
	"strings"
)

// MoveError reports move text that is malformed or not legal in the
// position; Move is the text as given.
type MoveError struct {
	Move    string
	Problem string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Move, e.Problem) }

// maxMoveText bounds the move text echoed back in errors.
const maxMoveText = 32

func moveError(text, format string, args ...any) *MoveError {
	if len(text) > maxMoveText {
		text = text[:maxMoveText] + "..."
	}
	return &MoveError{Move: text, Problem: fmt.Sprintf(format, args...)}
}

var promotionLetters = [7]byte{Knight: 'n', Bishop: 'b', Rook: 'r', Queen: 'q'}

// UCI writes m in UCI long algebraic notation: "e2e4", "e7e8q". With
// chess960 set, castling is "king takes rook" ("e1h1"), as the UCI_Chess960
// convention requires. Without it, castling from the standard squares (king
// on the e-file, rook in a corner) is "e1g1" (king to its destination); any
// other castling stays king-takes-rook, as python-chess writes it, because
// its king destination could be a king step (king f1: "f1g1") or the king's
// own square (king c1: "c1c1").
func (m Move) UCI(chess960 bool) string {
	if m == NullMove {
		return "0000"
	}
	from, to := m.From(), m.To()
	if m.Kind() == Castling && !chess960 && from.File() == 4 && (to.File() == 0 || to.File() == 7) {
		to = m.kingDestination()
	}
	s := from.String() + to.String()
	if m.Kind() == Promotion {
		s += string(promotionLetters[m.PromotionType()])
	}
	return s
}

// kingDestination is where a castling king lands: the g-file or the c-file.
func (m Move) kingDestination() Square {
	if m.To() < m.From() {
		return MakeSquare(2, m.From().Rank())
	}
	return MakeSquare(6, m.From().Rank())
}

func (m Move) String() string { return m.UCI(false) }

// ParseUCIMove reads a move in UCI notation and returns the legal move it
// names. Text is matched against the notation of the chess960 setting
// first, then the other one, then castling written as "king to its
// destination" (as some programs write Chess960 castling in standard mode):
// a later spelling is only read when no legal move is written that way, so
// "f1g1" is the king step, never castling.
func (p *Position) ParseUCIMove(text string, chess960 bool) (Move, error) {
	if len(text) < 4 || len(text) > 5 {
		return NullMove, moveError(text, "not UCI notation (want from and to squares, e.g. e2e4 or e7e8q)")
	}
	from, ok1 := parseSquare(text[0:2])
	to, ok2 := parseSquare(text[2:4])
	if !ok1 || !ok2 {
		return NullMove, moveError(text, "not UCI notation (want from and to squares, e.g. e2e4 or e7e8q)")
	}
	promo := NoPieceType
	if len(text) == 5 {
		switch text[4] | 0x20 {
		case 'n':
			promo = Knight
		case 'b':
			promo = Bishop
		case 'r':
			promo = Rook
		case 'q':
			promo = Queen
		default:
			return NullMove, moveError(text, "unknown promotion piece %q (want n, b, r or q)", text[4])
		}
	}
	var buf [MaxMoves]Move
	moves := p.GenLegal(buf[:])
	for pass := 0; pass < 3; pass++ {
		for _, m := range moves {
			var mt string
			switch pass {
			case 0:
				mt = m.UCI(chess960)
			case 1:
				mt = m.UCI(!chess960)
			default:
				if m.Kind() != Castling {
					continue
				}
				mt = m.From().String() + m.kingDestination().String()
			}
			if mt[0:4] == text[0:4] && (m.Kind() == Promotion) == (promo != NoPieceType) &&
				(promo == NoPieceType || m.PromotionType() == promo) {
				return m, nil
			}
		}
	}
	return NullMove, p.illegalMoveError(text, from, to, promo)
}

// illegalMoveError explains why no legal move matches.
func (p *Position) illegalMoveError(text string, from, to Square, promo PieceType) error {
	pc := p.b.squares[from]
	switch {
	case pc == NoPiece:
		return moveError(text, "illegal: no piece on %s", from)
	case pc.Color() != p.b.side:
		return moveError(text, "illegal: the piece on %s is %s's, but %s is to move", from, pc.Color(), p.b.side)
	case pc.Type() == Pawn && promo == NoPieceType && to.RelativeRank(p.b.side) == 7:
		return moveError(text, "illegal: a pawn reaching the last rank must promote (add n, b, r or q)")
	case promo != NoPieceType && (pc.Type() != Pawn || to.RelativeRank(p.b.side) != 7):
		return moveError(text, "illegal: only a pawn reaching the last rank can promote")
	case p.checkers != 0:
		return moveError(text, "illegal: %s is in check and this move does not answer it", p.b.side)
	}
	return moveError(text, "illegal in this position")
}

var sanLetters = [7]byte{Knight: 'N', Bishop: 'B', Rook: 'R', Queen: 'Q', King: 'K'}

// SAN writes m, which must be legal, in Standard Algebraic Notation with
// minimal disambiguation and a "+" or "#" suffix.
func (p *Position) SAN(m Move) string {
	var b []byte
	from, to := m.From(), m.To()
	pt := p.b.squares[from].Type()
	switch {
	case m.Kind() == Castling:
		if to > from {
			b = append(b, "O-O"...)
		} else {
			b = append(b, "O-O-O"...)
		}
	case pt == Pawn:
		if from.File() != to.File() {
			b = append(b, byte('a'+from.File()), 'x')
		}
		b = append(b, to.String()...)
		if m.Kind() == Promotion {
			b = append(b, '=', sanLetters[m.PromotionType()])
		}
	default:
		b = append(b, sanLetters[pt])
		// Disambiguate among other pieces of the same type reaching the same square.
		var buf [MaxMoves]Move
		var others Bitboard
		for _, o := range p.GenLegal(buf[:]) {
			if o != m && o.To() == to && o.Kind() != Castling && p.b.squares[o.From()].Type() == pt {
				others |= o.From().Bit()
			}
		}
		if others != 0 {
			switch {
			case others&FileMask(from.File()) == 0:
				b = append(b, byte('a'+from.File()))
			case others&RankMask(from.Rank()) == 0:
				b = append(b, byte('1'+from.Rank()))
			default:
				b = append(b, from.String()...)
			}
		}
		if p.b.squares[to] != NoPiece {
			b = append(b, 'x')
		}
		b = append(b, to.String()...)
	}
	var u Undo
	p.Make(m, &u)
	if p.checkers != 0 {
		if p.HasLegalMove() {
			b = append(b, '+')
		} else {
			b = append(b, '#')
		}
	}
	p.Unmake(m, &u)
	return string(b)
}

// ParseSAN reads a move in Standard Algebraic Notation. It accepts the
// usual variations: "0-0" for "O-O", a missing "x" or "=", trailing "+",
// "#", "!" and "?", and "e.p.". It fails on moves that are illegal or
// ambiguous.
func (p *Position) ParseSAN(text string) (Move, error) {
	s := strings.TrimSpace(text)
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimRight(s, "+#!? ")
	if s == "" {
		return NullMove, moveError(text, "empty move")
	}
	var buf [MaxMoves]Move
	moves := p.GenLegal(buf[:])

	switch s {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		kingSide := len(s) == 3
		for _, m := range moves {
			if m.Kind() == Castling && (m.To() > m.From()) == kingSide {
				return m, nil
			}
		}
		return NullMove, moveError(text, "illegal: %s cannot castle %s now", p.b.side, map[bool]string{true: "king side", false: "queen side"}[kingSide])
	}

	pt := Pawn
	if i := strings.IndexByte("NBRQK", s[0]); i >= 0 {
		pt = PieceType(i) + Knight
		s = s[1:]
	}
	promo := NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 {
		if i != len(s)-2 {
			return NullMove, moveError(text, "not SAN: \"=\" must be followed by one piece letter")
		}
		j := strings.IndexByte("NBRQnbrq", s[i+1])
		if j < 0 {
			return NullMove, moveError(text, "unknown promotion piece %q", s[i+1])
		}
		promo = PieceType(j%4) + Knight
		s = s[:i]
	} else if n := len(s); n >= 3 && strings.IndexByte("NBRQ", s[n-1]) >= 0 {
		promo = PieceType(strings.IndexByte("NBRQ", s[n-1])) + Knight
		s = s[:n-1]
	}
	if len(s) < 2 {
		return NullMove, moveError(text, "not SAN: no destination square")
	}
	to, ok := parseSquare(s[len(s)-2:])
	if !ok {
		return NullMove, moveError(text, "not SAN: %q is not a destination square", s[len(s)-2:])
	}
	hint := strings.Replace(s[:len(s)-2], "x", "", 1)
	hint = strings.Replace(hint, ":", "", 1)
	fromFile, fromRank := -1, -1
	for i := 0; i < len(hint); i++ {
		switch c := hint[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return NullMove, moveError(text, "not SAN: unexpected %q", hint)
		}
	}

	found := NullMove
	for _, m := range moves {
		from := m.From()
		if m.Kind() == Castling || m.To() != to || p.b.squares[from].Type() != pt ||
			(fromFile >= 0 && from.File() != fromFile) || (fromRank >= 0 && from.Rank() != fromRank) {
			continue
		}
		if m.Kind() == Promotion {
			if promo == NoPieceType {
				return NullMove, moveError(text, "illegal: a pawn reaching the last rank must promote (add =Q, =R, =B or =N)")
			}
			if m.PromotionType() != promo {
				continue
			}
		} else if promo != NoPieceType {
			continue
		}
		if found != NullMove {
			return NullMove, moveError(text, "ambiguous: both %s and %s fit", p.SAN(found), p.SAN(m))
		}
		found = m
	}
	if found == NullMove {
		if p.checkers != 0 {
			return NullMove, moveError(text, "illegal: %s is in check and no such move answers it", p.b.side)
		}
		return NullMove, moveError(text, "illegal in this position")
	}
	return found, nil
}
