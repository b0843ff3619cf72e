package chessmate

import (
	"fmt"
	"strings"

	"tempest/movegen"
)

// Action is one whole turn, 32 bits:
//
//	0-5   first square  (a regular move's origin; a card's first target)
//	6-11  second square (a regular move's destination; a card's second target)
//	12-17 third square  (Crusade's final square)
//	18-22 card played as the main action (NoCard for a regular move; HandOfFate
//	      for "HF+<move>", whose move is in the fields above)
//	23-25 promotion piece type (regular promotions, Death Dance)
//	26    Vulture first ("VU+")
//	27    stalemate claim
//	28-30 regular-move kind: castling, en passant, double step
//
// The zero Action is NullAction: no legal turn looks like it.
type Action uint32

// NullAction is "no action".
const NullAction Action = 0

const (
	flagVulture   Action = 1 << 26
	flagClaim     Action = 1 << 27
	flagCastling  Action = 1 << 28
	flagEnPassant Action = 1 << 29
	flagDouble    Action = 1 << 30
)

func regularMove(from, to square, promo movegen.PieceType, flags Action) Action {
	return Action(from) | Action(to)<<6 | Action(promo)<<23 | flags
}

func cardAction(c Card, a, b, c3 square) Action {
	return Action(a) | Action(b)<<6 | Action(c3)<<12 | Action(c)<<18
}

// From is the first square.
func (a Action) From() square { return square(a & 63) }

// To is the second square.
func (a Action) To() square { return square(a >> 6 & 63) }

// Third is Crusade's final square.
func (a Action) Third() square { return square(a >> 12 & 63) }

// Target is the square where an action captures, if it does: Crusade's
// final square, else the second square.
func (a Action) Target() square {
	if a.Card() == Crusade {
		return a.Third()
	}
	return a.To()
}

// Card is the card played as the main action, NoCard for a regular move.
func (a Action) Card() Card { return Card(a >> 18 & 31) }

// Promotion is the promotion piece type, or NoPieceType.
func (a Action) Promotion() movegen.PieceType { return movegen.PieceType(a >> 23 & 7) }

// Vulture reports whether the turn starts with Vulture.
func (a Action) Vulture() bool { return a&flagVulture != 0 }

// Claim reports the stalemate claim.
func (a Action) Claim() bool { return a&flagClaim != 0 }

// HasMove reports whether the turn includes a regular move (alone or after Hand of Fate).
func (a Action) HasMove() bool {
	return !a.Claim() && (a.Card() == NoCard || a.Card() == HandOfFate)
}

func (a Action) flags() Action { return a & (flagCastling | flagEnPassant | flagDouble) }

// String writes the action token of §11.
func (a Action) String() string {
	if a == NullAction {
		return "0000"
	}
	var b strings.Builder
	if a.Vulture() {
		b.WriteString("VU+")
	}
	switch c := a.Card(); {
	case a.Claim():
		b.WriteString("stalemate")
	case c == NoCard:
		b.WriteString(moveText(a))
	case c == HandOfFate:
		b.WriteString("HF+" + moveText(a))
	default:
		b.WriteString(c.Code() + ":" + a.From().String())
		switch c {
		case DarkMirror, Cowardice, DeathDance, Rebirth, Revelation, LongJump, LostCastle, HolyQuest:
			b.WriteString(a.To().String())
		case Crusade:
			b.WriteString(a.To().String() + a.Third().String())
		}
		if pt := a.Promotion(); pt != movegen.NoPieceType {
			b.WriteByte(promoLetter(pt))
		}
	}
	return b.String()
}

func moveText(a Action) string {
	s := a.From().String() + a.To().String()
	if pt := a.Promotion(); pt != movegen.NoPieceType {
		s += string(promoLetter(pt))
	}
	return s
}

func promoLetter(pt movegen.PieceType) byte { return " pnbrqk"[pt] }

// tokenError explains a token that cannot be read or played.
type tokenError struct {
	token, problem string
}

func (e *tokenError) Error() string { return fmt.Sprintf("action %q: %s", e.token, e.problem) }

// ParseAction reads an action token (with an optional "@<code>" draw
// suffix, returned separately: Unknown for "@?", NoCard when absent) and
// returns the legal action it names.
func (p *Position) ParseAction(token string) (Action, Card, error) {
	text, suffix, hasSuffix := strings.Cut(token, "@")
	drawn := NoCard
	if hasSuffix {
		c, err := parseCard(suffix)
		if err != nil {
			return NullAction, NoCard, &tokenError{token, "bad draw suffix: " + err.Error()}
		}
		drawn = c
	}
	var buf [maxActions]Action
	for _, a := range p.GenActions(buf[:0]) {
		if a.String() == text {
			return a, drawn, nil
		}
	}
	return NullAction, NoCard, &tokenError{token, p.whyIllegal(text)}
}

// whyIllegal gives the most helpful reason a token was not found.
func (p *Position) whyIllegal(text string) string {
	body := strings.TrimPrefix(text, "VU+")
	held := p.playable(p.SideToMove())
	if strings.HasPrefix(text, "VU+") && !held.has(Vulture) {
		return p.notHeld(Vulture)
	}
	if code, squares, ok := strings.Cut(body, ":"); ok {
		c, err := parseCard(code)
		if err != nil || c == Unknown {
			return "not an action token: unknown card code " + fmt.Sprintf("%q", code)
		}
		trimmed := strings.TrimRight(squares, "qrbn")
		for i := 0; i+2 <= len(trimmed); i += 2 {
			if _, ok := movegen.ParseSquare(trimmed[i : i+2]); !ok {
				return fmt.Sprintf("not an action token: %q is not a list of squares", squares)
			}
		}
		if len(trimmed) == 0 || len(trimmed)%2 != 0 || len(trimmed) > 6 {
			return fmt.Sprintf("not an action token: %q is not a list of squares", squares)
		}
		if !held.has(c) && !(strings.HasPrefix(text, "VU+") && p.last == c) {
			return p.notHeld(c)
		}
		return fmt.Sprintf("illegal: %s has no such legal use here", c.Name())
	}
	if strings.HasPrefix(body, "HF+") && !held.has(HandOfFate) && !(strings.HasPrefix(text, "VU+") && p.last == HandOfFate) {
		return p.notHeld(HandOfFate)
	}
	move := strings.TrimPrefix(body, "HF+")
	if body == "stalemate" {
		return "illegal: a stalemate claim needs no legal regular move, no check, and a legal card turn"
	}
	if len(move) < 4 || len(move) > 5 {
		return "not an action token (want a move such as e2e4, a card such as FC:e4, HF+e2e4, VU+..., or stalemate)"
	}
	if _, ok := movegen.ParseSquare(move[:2]); !ok {
		return "not an action token: bad square " + fmt.Sprintf("%q", move[:2])
	}
	if _, ok := movegen.ParseSquare(move[2:4]); !ok {
		return "not an action token: bad square " + fmt.Sprintf("%q", move[2:4])
	}
	if p.Over() {
		return "illegal: the game is over"
	}
	return "illegal in this position"
}

// notHeld explains why the side to move cannot play card c: its hand does
// not hold it, or, when its hand is hidden, the position shows c elsewhere.
func (p *Position) notHeld(c Card) string {
	if p.hands[p.SideToMove()].Has(Unknown) && p.shownCards().has(c) {
		return fmt.Sprintf("illegal: %s cannot be in the hidden hand of the side to move: it is %s", c.Name(), p.whereShown(c))
	}
	return fmt.Sprintf("illegal: %s is not in the hand of the side to move", c.Name())
}
