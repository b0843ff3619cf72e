package stratego

import (
	"fmt"
	"strings"
)

// Move, 16 bits: 0-6 from square, 7-13 to square. 0 (a1a1) is no move.
type Move uint16

// NullMove is "no move".
const NullMove Move = 0

// MaxMoves bounds the moves of one position: 30 pieces that could each run
// up to 16 squares (a view's unknown pieces may all be Scouts).
const MaxMoves = 512

// NewMove builds a move.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<7 }

func (m Move) From() Square { return Square(m & 127) }
func (m Move) To() Square   { return Square(m >> 7 & 127) }

// String is the move's token without announcement, e.g. "a3a4".
func (m Move) String() string {
	if m == NullMove {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

// GenMoves appends the side to move's moves to buf (§4): one step up,
// down, left or right onto an empty square or an enemy piece; a Scout runs
// over empty squares and may end by attacking the first enemy piece. It does
// not judge whether the game is over (LegalMoves does).
//
// In a view, the opponent's unknown pieces may be anything their counts
// allow: an unknown piece may run like a Scout while Scouts are unaccounted
// for, and an unmoved unknown piece may move while movable identities are
// left for it.
func (p *Position) GenMoves(buf []Move) []Move {
	us := p.stm
	unmovedMay, mayRun := true, true
	if p.count[us][Unknown] > 0 {
		movable, _ := p.identityRoom(us)
		moved, ran := p.unknownMoved(us)
		unmovedMay = movable > moved
		mayRun = p.Unaccounted(us, Scout) > ran
	}
	for from := Square(0); from < numSquares; from++ {
		pc := p.board[from]
		if pc == NoPiece || pc.Side() != us {
			continue
		}
		run := false
		switch k := pc.Kind(); k {
		case Trap, Flag:
			continue
		case Scout:
			run = true
		case Unknown:
			if !pc.Moved() && !unmovedMay {
				continue
			}
			run = pc.Ran() || mayRun
		}
		for d := 0; d < 4; d++ {
			for to := neighbor[from][d]; to != NoSquare; to = neighbor[to][d] {
				q := p.board[to]
				if q != NoPiece {
					if q.Side() != us {
						buf = append(buf, NewMove(from, to))
					}
					break
				}
				buf = append(buf, NewMove(from, to))
				if !run {
					break
				}
			}
		}
	}
	return buf
}

// LegalMoves is GenMoves, or nothing once the position is finished (§12.13).
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.Ending().Result != Ongoing {
		return buf
	}
	return p.GenMoves(buf)
}

// End announcements (§12.14), written after a move: the arbiter's word
// that the move ended the game for a reason a player cannot see.
const (
	EndNoMovable = "nomovable" // a side has no movable piece left
	EndNoLegal   = "nolegal"   // the side to move has no legal move
	EndImmobile  = "immobile"  // neither side has a movable piece: draw
)

var endReasons = map[string]string{EndNoMovable: ReasonNoMovable, EndNoLegal: ReasonNoLegal, EndImmobile: ReasonImmobile}

// Token is a move token read: the move, the announced identities of a
// battle's attacker and defender (NoKind when not given) and an announced
// end (one of the End constants, or "").
type Token struct {
	Move               Move
	Attacker, Defender Kind
	End                string
}

// MoveError reports a move token that cannot be played; Token is the text.
type MoveError struct {
	Token, Problem string
}

func (e *MoveError) Error() string { return fmt.Sprintf("move %q: %s", e.Token, e.Problem) }

func moveErr(token, format string, args ...any) error {
	if len(token) > 40 {
		token = token[:40] + "..."
	}
	return &MoveError{Token: token, Problem: fmt.Sprintf(format, args...)}
}

// ParseToken reads "<from><to>[:<attacker><defender>][#<end>]" for a move by
// side mover: e.g. "a3a4", "c7c8:Mw", "e5e6:Kt#nomovable". It checks the
// form only; Game.Play checks the move against the position.
func ParseToken(text string, mover Side) (Token, error) {
	var t Token
	body, end, hasEnd := strings.Cut(text, "#")
	if hasEnd {
		if _, ok := endReasons[end]; !ok {
			return t, moveErr(text, "unknown end announcement %q (want #%s, #%s or #%s)", end, EndNoMovable, EndNoLegal, EndImmobile)
		}
		t.End = end
	}
	squares, ann, hasAnn := strings.Cut(body, ":")
	if len(squares) != 4 {
		return t, moveErr(text, "want two squares such as a3a4, then optionally :<attacker><defender> such as :Mw")
	}
	from, ok1 := ParseSquare(squares[:2])
	to, ok2 := ParseSquare(squares[2:])
	if !ok1 || !ok2 {
		return t, moveErr(text, "%q is not two squares a1-j8", squares)
	}
	if from == to {
		return t, moveErr(text, "the move goes nowhere")
	}
	t.Move = NewMove(from, to)
	if hasAnn {
		if len(ann) != 2 {
			return t, moveErr(text, "the announcement %q is not two piece letters (attacker, defender), e.g. Mw", ann)
		}
		for i, who := range []struct {
			name string
			side Side
			dst  *Kind
		}{{"attacker", mover, &t.Attacker}, {"defender", mover.Other(), &t.Defender}} {
			k, s, ok := kindOfLetter(ann[i])
			switch {
			case !ok || k == Unknown:
				return t, moveErr(text, "the %s %q is not a piece letter (DMKRSLEWCXTF for Volcandria, dmkrsyewcxtf for Everwinter)", who.name, ann[i])
			case s != who.side:
				return t, moveErr(text, "the %s %q is a %s piece, but the %s is %s's", who.name, ann[i], s, who.name, who.side)
			}
			*who.dst = k
		}
	}
	return t, nil
}

// Write writes the token for a move by side mover.
func (t Token) Write(mover Side) string {
	s := t.Move.String()
	if t.Attacker != NoKind && t.Defender != NoKind {
		s += ":" + string([]byte{t.Attacker.Letter(mover), t.Defender.Letter(mover.Other())})
	}
	if t.End != "" {
		s += "#" + t.End
	}
	return s
}

// GenBattles appends only the side to move's attacks (moves onto enemy
// pieces), for the search's quiescence. Unknown pieces are not expected
// (the search runs on full-knowledge worlds).
func (p *Position) GenBattles(buf []Move) []Move { return p.GenBattlesFor(p.stm, buf) }

// GenBattlesFor appends side us's attacks as GenBattles does, whoever is
// to move: the attacks it would have if it were its turn.
func (p *Position) GenBattlesFor(us Side, buf []Move) []Move {
	for from := Square(0); from < numSquares; from++ {
		pc := p.board[from]
		if pc == NoPiece || pc.Side() != us || !pc.Kind().Movable() {
			continue
		}
		run := pc.Kind() == Scout
		for d := 0; d < 4; d++ {
			for to := neighbor[from][d]; to != NoSquare; to = neighbor[to][d] {
				if q := p.board[to]; q != NoPiece {
					if q.Side() != us {
						buf = append(buf, NewMove(from, to))
					}
					break
				}
				if !run {
					break
				}
			}
		}
	}
	return buf
}
