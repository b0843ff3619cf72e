// Package chessmate is card chess ("ChessMate"): chess with a shared deck of
// 15 action cards, each player holding three. The rules are those of
// docs/VARIANTS.md (card chess); the position string and action tokens
// follow it too. The package has its own position, move generation and
// make/unmake, built on movegen's Board and attack tables, so standard chess
// pays nothing for the card effects.
package chessmate

import "fmt"

// Card is one of the 15 action cards; NoCard (0) means none and Unknown a
// card the viewer cannot see.
type Card uint8

const (
	NoCard Card = iota
	Cowardice
	DarkMirror
	DeathDance
	Disintegration
	Champion
	Rebirth
	Revelation
	LongJump
	LostCastle
	MysticShield
	ForbiddenCity
	HolyQuest
	HandOfFate
	Vulture
	Crusade
	Unknown
)

// NumCards is the size of the deck: one copy of each card.
const NumCards = 15

var cardCodes = [...]string{"-", "CW", "DM", "DD", "DI", "CH", "RB", "RV", "LJ", "LC", "MS", "FC", "HQ", "HF", "VU", "CR", "?"}

var cardNames = [...]string{"none", "Cowardice", "Dark Mirror", "Death Dance", "Disintegration", "Champion",
	"Rebirth", "Revelation", "Long Jump", "Lost Castle", "Mystic Shield", "Forbidden City", "Holy Quest",
	"Hand of Fate", "Vulture", "Crusade", "unknown card"}

// Code is the two-letter code used in position strings and tokens.
func (c Card) Code() string { return cardCodes[c] }

// Name is the card's full name.
func (c Card) Name() string { return cardNames[c] }

func (c Card) String() string { return c.Code() }

// Regular reports whether a card is "regular" in the Knightmare sense:
// everything but the two continuing cards, Champion and Forbidden City.
// A regular card may give check but never checkmate.
func (c Card) Regular() bool { return c != Champion && c != ForbiddenCity }

// parseCard reads a two-letter code, or "?" for an unknown card.
func parseCard(s string) (Card, error) {
	for c := Cowardice; c <= Unknown; c++ {
		if cardCodes[c] == s {
			return c, nil
		}
	}
	return NoCard, fmt.Errorf("unknown card code %q", s)
}

// cardSet is a set of cards as bits (bit c for card c).
type cardSet uint32

func (s cardSet) has(c Card) bool { return s>>c&1 != 0 }

// deckSet holds the 15 cards of the deck.
const deckSet cardSet = (1<<NumCards - 1) << Cowardice

// shownCards is the set of cards the position shows: the known cards of
// both hands, of the draw pile and the discard pile. Every other card of the
// deck is unseen: one of the unknown places holds it.
func (p *Position) shownCards() cardSet {
	var s cardSet
	for i := range p.hands {
		for _, c := range p.hands[i].Cards() {
			s |= 1 << c
		}
	}
	for _, c := range p.draw.slice() {
		s |= 1 << c
	}
	for _, c := range p.discard.slice() {
		s |= 1 << c
	}
	return s & deckSet
}

// playable is the set of cards side c may hold: its known cards and, while
// its hand has hidden cards (a view of the opponent), every unseen card.
func (p *Position) playable(c color) cardSet {
	var s cardSet
	hidden := false
	for _, x := range p.hands[c&1].Cards() {
		s |= 1 << x
		hidden = hidden || x == Unknown
	}
	if hidden {
		s |= deckSet &^ p.shownCards()
	}
	return s & deckSet
}

// Hand holds a player's cards in the order they are written: a played card
// leaves its place, a drawn card is appended (§13.6).
type Hand struct {
	cards [4]Card // 3 at the end of every turn; 4 briefly during a turn
	n     uint8
}

// Cards returns the hand's cards.
func (h *Hand) Cards() []Card { return h.cards[:h.n] }

// Has reports whether the hand holds card c.
func (h *Hand) Has(c Card) bool {
	for _, x := range h.cards[:h.n] {
		if x == c {
			return true
		}
	}
	return false
}

func (h *Hand) add(c Card) {
	h.cards[h.n] = c
	h.n++
}

// remove takes one copy of c out of the hand, keeping the others' order;
// it reports whether c was there.
func (h *Hand) remove(c Card) bool {
	for i, x := range h.cards[:h.n] {
		if x == c {
			copy(h.cards[i:], h.cards[i+1:h.n])
			h.n--
			h.cards[h.n] = NoCard
			return true
		}
	}
	return false
}

// play takes card c out of the hand for playing it: c itself, or a hidden
// card when the hand does not show c (the opponent's hand in a view).
func (h *Hand) play(c Card) bool { return h.remove(c) || h.remove(Unknown) }

// pile is an ordered stack of cards: index 0 is the bottom.
type pile struct {
	cards [NumCards]Card
	n     uint8
}

func (p *pile) top() Card {
	if p.n == 0 {
		return NoCard
	}
	return p.cards[p.n-1]
}

func (p *pile) push(c Card) {
	p.cards[p.n] = c
	p.n++
}

func (p *pile) pop() Card {
	p.n--
	c := p.cards[p.n]
	p.cards[p.n] = NoCard
	return c
}

func (p *pile) slice() []Card { return p.cards[:p.n] }
