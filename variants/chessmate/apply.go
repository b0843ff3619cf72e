package chessmate

import (
	"fmt"

	"tempest/movegen"
)

// boardEffect plays the board part of a turn for the side to move: the
// regular move or the card's effect, castling rights, en passant, the
// halfmove clock and the shields. Cards, the side to move and the key are
// the caller's business.
func (p *Position) boardEffect(a Action) {
	us, them := p.SideToMove(), p.SideToMove().Other()
	from, to := a.From(), a.To()
	p.shields = 0 // shields the opponent placed last turn expire as this turn ends
	p.ep = noSquare
	reset := false // a capture, a removal or a pawn changing square
	// Castling rights are lost when a king or rook is moved, displaced or
	// captured: every square an action moves a piece from or to counts.
	touched := from.Bit() | to.Bit()

	switch c := a.Card(); {
	case a.Claim():
		return
	case c == NoCard || c == HandOfFate:
		reset = p.regularMove(a)
	case c == Cowardice:
		p.move(from, to)
		reset = true
	case c == DarkMirror:
		p.capture(to)
		p.move(from, to)
		reset = true
	case c == DeathDance:
		reset = p.Piece(from).Type() == movegen.Pawn || p.Piece(to).Type() == movegen.Pawn
		p.swap(from, to)
		// A pawn on its last rank promotes at once: the mover's to its choice,
		// the opponent's to a queen.
		if p.Piece(to) == movegen.MakePiece(us, movegen.Pawn) && to.RelativeRank(us) == 7 {
			p.promote(to, movegen.MakePiece(us, a.Promotion()))
		}
		if p.Piece(from) == movegen.MakePiece(them, movegen.Pawn) && from.RelativeRank(them) == 7 {
			p.promote(from, movegen.MakePiece(them, movegen.Queen))
		}
	case c == Disintegration:
		p.RemovePiece(from)
		reset = true
		touched = 0 // a pawn; the action has no second square
	case c == Champion:
		p.champions |= from.Bit()
		touched = 0
	case c == Rebirth:
		if p.Piece(to) != movegen.NoPiece {
			p.capture(to) // the acting player's own piece, sacrificed
			reset = true
		}
		reset = reset || p.Piece(from).Type() == movegen.Pawn
		p.move(from, to)
	case c == Revelation, c == LostCastle, c == HolyQuest:
		p.swap(from, to)
	case c == LongJump:
		p.move(from, to)
	case c == MysticShield:
		p.shields = from.Bit() // protects the own piece during the opponent's next turn
		touched = 0
	case c == ForbiddenCity:
		p.forbidden |= from.Bit()
		touched = 0
	case c == Crusade:
		p.move(from, to)
		third := a.Third()
		if third != from && p.Piece(third) != movegen.NoPiece {
			p.capture(third)
			reset = true
		}
		p.move(to, third)
		touched |= third.Bit()
	}
	for b := touched; b != 0; {
		p.castling &= castleKeep[b.PopLSB()]
	}
	if reset {
		p.rule50 = 0
	} else {
		p.rule50 = bump(p.rule50)
	}
}

// regularMove plays a chess move and reports whether it resets the clock.
func (p *Position) regularMove(a Action) bool {
	from, to := a.From(), a.To()
	pc := p.Piece(from)
	reset := pc.Type() == movegen.Pawn
	switch {
	case a.flags()&flagCastling != 0:
		rank := from.Rank()
		rookFrom, rookTo := movegen.MakeSquare(7, rank), movegen.MakeSquare(5, rank)
		if to.File() == 2 {
			rookFrom, rookTo = movegen.MakeSquare(0, rank), movegen.MakeSquare(3, rank)
		}
		p.move(from, to)
		p.move(rookFrom, rookTo)
		return false
	case a.flags()&flagEnPassant != 0:
		p.capture(to ^ 8)
	case p.Piece(to) != movegen.NoPiece:
		p.capture(to)
		reset = true
	}
	p.move(from, to)
	if pt := a.Promotion(); pt != movegen.NoPieceType {
		p.promote(to, movegen.MakePiece(pc.Color(), pt))
	}
	if a.flags()&flagDouble != 0 {
		p.ep = (from + to) / 2
	}
	return reset
}

// move moves a piece to an empty square; a Champion stays a Champion.
func (p *Position) move(from, to square) {
	if from == to {
		return
	}
	p.MovePiece(from, to)
	if p.champions.Has(from) {
		p.champions ^= from.Bit() | to.Bit()
	}
}

// capture removes a piece (and its Champion marker).
func (p *Position) capture(s square) {
	p.RemovePiece(s)
	p.champions &^= s.Bit()
}

// swap exchanges the pieces on a and b, markers included.
func (p *Position) swap(a, b square) {
	pa, pb := p.Piece(a), p.Piece(b)
	ca, cb := p.champions.Has(a), p.champions.Has(b)
	p.RemovePiece(a)
	p.RemovePiece(b)
	p.PutPiece(pb, a)
	p.PutPiece(pa, b)
	p.champions &^= a.Bit() | b.Bit()
	if ca {
		p.champions |= b.Bit()
	}
	if cb {
		p.champions |= a.Bit()
	}
}

func (p *Position) promote(s square, pc movegen.Piece) {
	p.RemovePiece(s)
	p.PutPiece(pc, s)
}

// takeVulture is the Vulture reaction: the last card the opponent played
// (the top of the discard pile) replaces Vulture in the hand, and Vulture
// goes onto the discard pile. A hand that does not show Vulture (the
// opponent's in a view) played it from a hidden place.
func (p *Position) takeVulture() {
	us := p.SideToMove()
	taken := p.discard.pop()
	h := &p.hands[us]
	place := -1
	for i, c := range h.cards[:h.n] {
		if c == Vulture {
			place = i
			break
		}
		if c == Unknown && place < 0 {
			place = i
		}
	}
	if place >= 0 {
		h.cards[place] = taken
	}
	p.discard.push(Vulture)
}

// maxCounter bounds the halfmove clock and the fullmove number, in the
// position string and in play: a counter stops there, so every position
// the engine writes reads back.
const maxCounter = 1 << 20

// bump counts one more, up to maxCounter.
func bump(n int) int { return min(n+1, maxCounter) }

// Play makes a whole turn. drawn names the card the turn draws when the
// draw pile is hidden (Unknown if the viewer cannot see it, NoCard if not
// given); with a known draw pile it must agree with the pile or be NoCard.
// A stalemate claim changes nothing: the game ends.
func (p *Position) Play(a Action, drawn Card) error {
	if a.Claim() {
		if drawn != NoCard {
			return fmt.Errorf("a stalemate claim draws no card, so it takes no @%s suffix", drawn.Code())
		}
		return nil
	}
	us, them := p.SideToMove(), p.SideToMove().Other()
	last := NoCard
	if a.Vulture() {
		p.takeVulture()
		last = Vulture
	}
	switch c := a.Card(); c {
	case NoCard:
		if drawn != NoCard {
			return fmt.Errorf("a regular move draws no card, so it takes no @%s suffix", drawn.Code())
		}
		p.boardEffect(a)
	case HandOfFate:
		// Hand of Fate: discarded; the hands change owners (the opponent
		// gets the two cards left) and the opponent draws; then the move.
		p.hands[us].play(HandOfFate)
		p.discard.push(HandOfFate)
		last = HandOfFate
		p.hands[us], p.hands[them] = p.hands[them], p.hands[us]
		if err := p.drawCard(them, drawn); err != nil {
			return err
		}
		p.boardEffect(a)
	default:
		p.hands[us].play(c)
		p.discard.push(c)
		last = c
		p.boardEffect(a)
		if err := p.drawCard(us, drawn); err != nil {
			return err
		}
	}
	p.last = last
	if us == black {
		p.fullmove = bump(p.fullmove)
	}
	p.Board.SetSideToMove(them)
	p.key = p.computeKey()
	p.pushHistory()
	return nil
}

// drawCard gives player c the top card of the draw pile, reshuffling the
// discard pile (all but its top card) into a new draw pile when it is empty.
func (p *Position) drawCard(c color, hint Card) error {
	if p.draw.n == 0 {
		p.reshuffle()
	}
	if p.draw.n == 0 {
		return fmt.Errorf("no card left to draw") // impossible with 15 cards and 6 in hands
	}
	if known := hint != NoCard && hint != Unknown; known && p.reshuffled && p.draw.top() != hint {
		// The order of a reshuffled pile was ours to choose; the arbiter's
		// draw says which card really came up, so it moves to the top.
		for i, c := range p.draw.slice() {
			if c == hint {
				p.draw.cards[i], p.draw.cards[p.draw.n-1] = p.draw.cards[p.draw.n-1], c
				break
			}
		}
	}
	top := p.draw.pop()
	switch {
	case top == Unknown:
		// A named card must be one of the unseen cards: a card the position
		// shows cannot also be the one drawn (each card exists once).
		if hint != NoCard && hint != Unknown && p.shownCards().has(hint) {
			return fmt.Errorf("draw suffix @%s names %s, which is %s, so it cannot be the card drawn",
				hint.Code(), hint.Name(), p.whereShown(hint))
		}
		if hint != NoCard {
			top = hint
		}
	case hint != NoCard && hint != Unknown && hint != top:
		return fmt.Errorf("draw suffix @%s contradicts the draw pile, whose top card is %s", hint.Code(), top.Code())
	}
	p.hands[c].add(top)
	return nil
}

// whereShown says where the position shows card c.
func (p *Position) whereShown(c Card) string {
	for i := range p.hands {
		if p.hands[i].Has(c) {
			return "in " + color(i).String() + "'s hand"
		}
	}
	for _, x := range p.discard.slice() {
		if x == c {
			return "on the discard pile"
		}
	}
	return "in the draw pile"
}

// reshuffle turns the discard pile except its top card into the draw pile.
// The order must be the same on every replay of a game with full knowledge,
// so it comes from a generator seeded by the cards and the move number; with
// a hidden draw pile the new order is hidden too.
func (p *Position) reshuffle() {
	top := p.discard.pop()
	cards := p.discard.slice()
	seed := uint64(p.fullmove)*0x9E3779B97F4A7C15 ^ uint64(p.SideToMove())
	for _, c := range cards {
		seed = (seed ^ uint64(c)) * 0x100000001B3
	}
	for i := len(cards) - 1; i > 0; i-- {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		j := int(seed % uint64(i+1))
		cards[i], cards[j] = cards[j], cards[i]
	}
	p.draw = pile{}
	for _, c := range cards {
		if p.drawHidden || c == Unknown {
			c = Unknown
		}
		p.draw.push(c)
	}
	p.discard = pile{}
	p.discard.push(top)
	p.reshuffled = !p.drawHidden
}

// usableEP returns the en-passant square if a legal en-passant capture
// exists, else noSquare: only then is it part of the repetition key (§13.9).
func (p *Position) usableEP() square {
	if p.ep == noSquare {
		return noSquare
	}
	var buf [maxRegular]Action
	for _, m := range p.genRegular(buf[:0]) {
		if m.flags()&flagEnPassant != 0 {
			return p.ep
		}
	}
	return noSquare
}
