package chessmate

import (
	"fmt"
	"slices"

	"tempest/movegen"
)

// This file gives the position the methods the alpha-beta search uses (the
// same search that plays chess, generated into cmsearch). The search works
// on full-knowledge positions: a position where the side to move cannot see
// some cards is first completed by sampling (cmsearch/hidden.go).

// MaxActions bounds the action lists the search keeps; the generators stop
// there. Real positions have a few hundred actions at most (Vulture doubles
// the count), so the bound is never reached in play.
const MaxActions = 1024

// historyLen is how many earlier keys a position keeps for repetition
// detection inside a search.
const historyLen = 64

// Undo is what Unmake needs: the whole position before the action (make is
// a copy; a card turn changes too much for an incremental undo).
type Undo struct{ prev Position }

// Make plays a legal action; draws come from the (known) draw pile.
func (p *Position) Make(a Action, u *Undo) {
	u.prev = *p
	if err := p.Play(a, NoCard); err != nil {
		panic("chessmate: Make of an action that cannot be played: " + err.Error()) // caller bug
	}
}

// Unmake takes the action back.
func (p *Position) Unmake(a Action, u *Undo) { *p = u.prev }

// MakeNull passes the turn (null-move pruning): the shields expire and the
// en-passant right lapses, as after any turn.
func (p *Position) MakeNull(u *Undo) {
	u.prev = *p
	p.shields = 0
	p.ep = noSquare
	p.last = NoCard
	p.rule50 = bump(p.rule50)
	if p.SideToMove() == black {
		p.fullmove = bump(p.fullmove)
	}
	p.Board.SetSideToMove(p.SideToMove().Other())
	p.key = p.computeKey()
	p.nhist = 0 // no repetition across a null move
	p.pushHistory()
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull(u *Undo) { *p = u.prev }

// pushHistory records the current key for IsRepetition.
func (p *Position) pushHistory() {
	if p.nhist == historyLen {
		copy(p.hist[:], p.hist[1:])
		p.nhist--
	}
	p.hist[p.nhist] = p.key
	p.nhist++
}

// IsRepetition reports whether the position occurred before (within the
// last historyLen plies).
func (p *Position) IsRepetition() bool {
	for i := int(p.nhist) - 3; i >= 0; i -= 2 {
		if p.hist[i] == p.key {
			return true
		}
	}
	return false
}

// IsFiftyMoveDraw reports the automatic fifty-move draw.
func (p *Position) IsFiftyMoveDraw() bool { return p.rule50 >= 100 }

// IsInsufficientMaterial reports bare kings, the only dead position in card chess.
func (p *Position) IsInsufficientMaterial() bool { return p.Occupied() == p.ByType(movegen.King) }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.KingAttacked(p.SideToMove()) }

// HasLegalMove reports whether the side to move has any legal turn.
func (p *Position) HasLegalMove() bool {
	var buf [maxActions]Action
	return len(p.genTurns(buf[:0])) > 0
}

// GenLegal writes every legal turn except the stalemate claim (the search
// scores a claim at the root only) into buf.
func (p *Position) GenLegal(buf []Action) []Action {
	var all [maxActions]Action
	n := 0
	for _, a := range p.GenActions(all[:0]) {
		if !a.Claim() && n < len(buf) {
			buf[n] = a
			n++
		}
	}
	return buf[:n]
}

// IsNoisy reports captures and promotions, what quiescence searches:
// regular ones and the two cards that capture, Dark Mirror and a Crusade
// ending on an enemy piece. Left as quiet: other card turns and prefixed
// turns (Vulture, Hand of Fate), whose plain move is generated anyway.
// The card captures are where a shallow search most needs to look: a
// greedy player finds them at once.
func (p *Position) IsNoisy(a Action) bool {
	if a.Vulture() || a.Claim() {
		return false
	}
	switch a.Card() {
	case NoCard:
		return a.Promotion() != movegen.NoPieceType || a.flags()&flagEnPassant != 0 || p.Piece(a.To()) != movegen.NoPiece
	case DarkMirror:
		return true
	case Crusade:
		return p.ByColor(p.SideToMove().Other()).Has(a.Third())
	}
	return false
}

// GenNoisy writes the legal captures and promotions (see IsNoisy).
func (p *Position) GenNoisy(buf []Action) []Action {
	var regular [maxRegular]Action
	n := 0
	for _, a := range p.genRegular(regular[:0]) {
		if p.IsNoisy(a) && n < len(buf) {
			buf[n] = a
			n++
		}
	}
	hand := p.playable(p.SideToMove())
	if p.drawnByRule() || !(hand.has(DarkMirror) || hand.has(Crusade)) {
		return buf[:n]
	}
	var cards [maxRegular]Action
	captures := cards[:0]
	if hand.has(DarkMirror) {
		captures = p.cardCandidates(captures, DarkMirror)
	}
	if hand.has(Crusade) {
		captures = p.crusades(captures, p.ByColor(p.SideToMove().Other()))
	}
	for _, a := range captures {
		if p.cardIsLegal(a) && n < len(buf) {
			buf[n] = a
			n++
		}
	}
	return buf[:n]
}

// GenQuiet writes every other legal turn: quiet moves and all card turns.
func (p *Position) GenQuiet(buf []Action) []Action {
	var all [maxActions]Action
	n := 0
	for _, a := range p.GenActions(all[:0]) {
		if !a.Claim() && !p.IsNoisy(a) && n < len(buf) {
			buf[n] = a
			n++
		}
	}
	return buf[:n]
}

// IsLegal reports whether a (from the hash table or a sibling node: the
// hash move, a killer, a counter move) is a legal turn here. Card turns are
// checked against the full list of turns: the picker skips its hash move,
// killers and counter move when it reaches the quiet turns, so a card turn
// refused here would not be searched at all.
func (p *Position) IsLegal(a Action) bool {
	if a == NullAction || a.Claim() {
		return false
	}
	if a.Card() != NoCard || a.Vulture() {
		var all [maxActions]Action
		return slices.Contains(p.GenActions(all[:0]), a)
	}
	var regular [maxRegular]Action
	return slices.Contains(p.genRegular(regular[:0]), a)
}

// GivesCheck reports whether the action leaves the opponent in check.
func (p *Position) GivesCheck(a Action) bool {
	if a.Claim() {
		return false
	}
	q := *p
	if err := q.Play(a, NoCard); err != nil {
		return false
	}
	return q.InCheck()
}

// seeValues are the piece values of the exchange evaluation.
var seeValues = movegen.SEEValues

// SEE is the static exchange evaluation of a plain regular capture under
// the card effects (forbidden squares block, Champions leap, shielded
// pieces cannot be taken); other actions score 0.
func (p *Position) SEE(a Action) int {
	if !p.IsNoisy(a) {
		return 0
	}
	from, to := a.From(), a.Target()
	var gain [32]int
	captured := p.Piece(to).Type()
	if a.flags()&flagEnPassant != 0 {
		captured = movegen.Pawn
	}
	gain[0] = seeValues[captured]
	standing := seeValues[p.Piece(from).Type()]
	if pt := a.Promotion(); pt != movegen.NoPieceType {
		gain[0] += seeValues[pt] - seeValues[movegen.Pawn]
		standing = seeValues[pt]
	}
	occupied := p.Occupied() ^ from.Bit()
	if a.flags()&flagEnPassant != 0 {
		occupied ^= (to ^ 8).Bit()
	}
	side := p.SideToMove().Other()
	depth := 0
	for depth < len(gain)-1 {
		attackers := attackersTo(&p.Board, to, occupied, p.forbidden, p.champions) & occupied & p.ByColor(side)
		sq, pt := leastValuable(&p.Board, attackers)
		if sq == noSquare || (pt == movegen.King && attackersTo(&p.Board, to, occupied^sq.Bit(), p.forbidden, p.champions)&occupied&p.ByColor(side.Other()) != 0) {
			break
		}
		depth++
		gain[depth] = standing - gain[depth-1]
		standing = seeValues[pt]
		occupied ^= sq.Bit()
		side = side.Other()
	}
	for ; depth > 0; depth-- {
		gain[depth-1] = -max(-gain[depth-1], gain[depth])
	}
	return gain[0]
}

// SEEAtLeast reports whether SEE(a) >= threshold.
func (p *Position) SEEAtLeast(a Action, threshold int) bool { return p.SEE(a) >= threshold }

func leastValuable(b *movegen.Board, attackers bitboard) (square, movegen.PieceType) {
	for pt := movegen.Pawn; pt <= movegen.King; pt++ {
		if x := attackers & b.ByType(pt); x != 0 {
			return x.LSB(), pt
		}
	}
	return noSquare, movegen.NoPieceType
}

// PackRegular fits a plain regular move into 16 bits for the hash table:
// from (6), to (6), and a code (3): 0 normal, 1 castling, 2 en passant,
// 3 double step, 4-7 promotion to knight, bishop, rook, queen. Card turns
// and prefixed moves give 0.
func PackRegular(a Action) uint16 {
	if a.Card() != NoCard || a.Vulture() || a.Claim() {
		return 0
	}
	code := uint16(0)
	switch {
	case a.flags()&flagCastling != 0:
		code = 1
	case a.flags()&flagEnPassant != 0:
		code = 2
	case a.flags()&flagDouble != 0:
		code = 3
	case a.Promotion() != movegen.NoPieceType:
		code = 4 + uint16(a.Promotion()-movegen.Knight)
	}
	return uint16(a&0xFFF) | code<<12
}

// UnpackRegular reverses PackRegular.
func UnpackRegular(v uint16) Action {
	a := Action(v & 0xFFF)
	switch code := v >> 12 & 7; {
	case code == 1:
		a |= flagCastling
	case code == 2:
		a |= flagEnPassant
	case code == 3:
		a |= flagDouble
	case code >= 4:
		a |= Action(movegen.Knight+movegen.PieceType(code-4)) << 23
	}
	return a
}

// ClaimAction is the stalemate claim.
const ClaimAction = flagClaim

// CanClaimStalemate reports whether the stalemate claim is legal.
func (p *Position) CanClaimStalemate() bool {
	if p.drawnByRule() {
		return false
	}
	var buf [maxActions]Action
	for _, a := range p.GenActions(buf[:0]) {
		if a.Claim() {
			return true
		}
	}
	return false
}

// MaterialBalance is the side to move's material minus the opponent's, in
// exchange-evaluation values (the king not counted).
func (p *Position) MaterialBalance() int {
	us := p.SideToMove()
	balance := 0
	for pt := movegen.Pawn; pt < movegen.King; pt++ {
		balance += seeValues[pt] * (p.Pieces(us, pt).Count() - p.Pieces(us.Other(), pt).Count())
	}
	return balance
}

// HasHidden reports whether some card of the position is unknown.
func (p *Position) HasHidden() bool {
	for i := range p.hands {
		if p.hands[i].Has(Unknown) {
			return true
		}
	}
	for _, c := range p.draw.slice() {
		if c == Unknown {
			return true
		}
	}
	return false
}

// Deal returns a full-knowledge copy of the position: arrange orders the
// unknown cards (the deck less every card the position shows, in deck
// order), which then fill the unknown places of the hands, first, and of
// the draw pile.
func (p *Position) Deal(arrange func(cards []Card)) *Position {
	q := *p
	var known cardSet
	for _, c := range q.hands[0].Cards() {
		known |= 1 << c
	}
	for _, c := range q.hands[1].Cards() {
		known |= 1 << c
	}
	for _, c := range q.draw.slice() {
		known |= 1 << c
	}
	for _, c := range q.discard.slice() {
		known |= 1 << c
	}
	var unknown []Card
	for _, c := range DeckOrder {
		if !known.has(c) {
			unknown = append(unknown, c)
		}
	}
	arrange(unknown)
	next := 0
	fill := func(c *Card) {
		if *c == Unknown && next < len(unknown) {
			*c = unknown[next]
			next++
		}
	}
	for i := range q.hands {
		for j := range q.hands[i].cards[:q.hands[i].n] {
			fill(&q.hands[i].cards[j])
		}
	}
	for j := range q.draw.cards[:q.draw.n] {
		fill(&q.draw.cards[j])
	}
	q.drawHidden = false
	return &q
}

// Reveal writes cards into unknown places of side c's hand: cards the
// viewer of this position knows to be there (Game.KnownOpponentCards). A
// card shown elsewhere, or more cards than unknown places, is an error and
// leaves p as it was.
func (p *Position) Reveal(c color, cards []Card) error {
	h := p.hands[c&1]
	shown := p.shownCards()
	for _, card := range cards {
		if card < Cowardice || card > Crusade {
			return fmt.Errorf("cannot reveal card %d: not a card of the deck", card)
		}
		if shown.has(card) {
			return fmt.Errorf("cannot reveal %s in %s's hand: the position shows it elsewhere", card.Code(), c)
		}
		place := slices.Index(h.Cards(), Unknown)
		if place < 0 {
			return fmt.Errorf("cannot reveal %s: %s's hand has no unknown card left", card.Code(), c)
		}
		h.cards[place] = card
		shown |= 1 << card
	}
	p.hands[c&1] = h
	return nil
}

// CopyHistory gives p the recent keys of src (public information: the
// positions played), for repetition detection in a search from p.
func (p *Position) CopyHistory(src *Position) {
	p.hist, p.nhist = src.hist, src.nhist
}

// RegularMoves lists the legal plain regular moves (no card, no prefix).
func (p *Position) RegularMoves() []Action {
	var buf [maxRegular]Action
	return append([]Action(nil), p.genRegular(buf[:0])...)
}

// DealKey tells dealt worlds apart: the hands as sets of cards and the draw
// pile in order. Two deals of the same position with equal keys play out
// identically, so a search need not search both.
func (p *Position) DealKey() string {
	key := make([]byte, 0, 2*NumCards+2)
	for i := range p.hands {
		cards := slices.Clone(p.hands[i].Cards())
		slices.Sort(cards)
		for _, c := range cards {
			key = append(key, byte(c))
		}
		key = append(key, '/')
	}
	for _, c := range p.draw.slice() {
		key = append(key, byte(c))
	}
	return string(key)
}
