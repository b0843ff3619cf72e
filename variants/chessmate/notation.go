package chessmate

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"tempest/internal/quote"
	"tempest/movegen"
)

// StartFEN is the chess part of the starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// DeckOrder lists the 15 cards in the order of §3.1, for documentation and
// for deals.
var DeckOrder = [NumCards]Card{Cowardice, DarkMirror, DeathDance, Disintegration, Champion, Rebirth,
	Revelation, LongJump, LostCastle, MysticShield, ForbiddenCity, HolyQuest, HandOfFate, Vulture, Crusade}

// PositionError reports a position string that cannot be used; Field
// names the part that is wrong.
type PositionError struct {
	Field, Problem string
}

func (e *PositionError) Error() string { return e.Field + ": " + e.Problem }

func posErr(field, format string, args ...any) error {
	return &PositionError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// Deal builds the starting position from a deck order: White holds the
// first three cards, Black the next three, and the other nine form the draw
// pile, top first. The deck must hold each of the 15 cards once.
func Deal(deck [NumCards]Card) (*Position, error) {
	codes := make([]string, NumCards)
	var seen cardSet
	for i, c := range deck {
		if c < Cowardice || c > Crusade {
			return nil, posErr("deal", "place %d holds no card of the deck (%d)", i+1, c)
		}
		if seen.has(c) {
			return nil, posErr("deal", "%s (%s) appears twice: each card exists once", c.Code(), c.Name())
		}
		seen |= 1 << c
		codes[i] = c.Code()
	}
	return ParsePosition(StartFEN + " - - - " + strings.Join(codes[:3], ",") + "/" + strings.Join(codes[3:6], ",") +
		" " + strings.Join(codes[6:], ",") + " - -")
}

// ParseDeck reads a deal: the 15 card codes, comma-separated, each once
// ("?" is not a card: a deal is full knowledge). Errors name the part of
// the deal at fault.
func ParseDeck(codes string) ([NumCards]Card, error) {
	var deck [NumCards]Card
	var list []string
	if codes != "" {
		list = strings.Split(codes, ",")
	}
	if len(list) != NumCards {
		return deck, fmt.Errorf("deal has %d cards, want the %d cards of the deck", len(list), NumCards)
	}
	var seen cardSet
	for i, code := range list {
		part := "draw pile"
		switch {
		case i < 3:
			part = "white's hand"
		case i < 6:
			part = "black's hand"
		}
		c, err := parseCard(code)
		if err != nil || c == Unknown {
			return deck, fmt.Errorf("deal: %s: %q is not a card code (a deal names every card)", part, quote.Truncate(code, 10))
		}
		if seen.has(c) {
			return deck, fmt.Errorf("deal: %s: %s (%s) appears twice: each card exists once", part, c.Code(), c.Name())
		}
		seen |= 1 << c
		deck[i] = c
	}
	return deck, nil
}

// ShuffledDeck returns the deck in a random order drawn from seed.
func ShuffledDeck(seed uint64) [NumCards]Card {
	deck := DeckOrder
	rng := rand.New(rand.NewPCG(seed, 0xDEC4))
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	return deck
}

// ParsePosition reads the position string of §11: the six FEN fields, then
// forbidden squares, Champions, shields, hands, draw pile, discard pile and
// the last card played. Unknown cards are "?" (a hand) or a count (the draw
// pile). Anything that cannot arise in play is an error naming the problem.
func ParsePosition(s string) (*Position, error) {
	f := strings.Fields(s)
	if len(f) != 13 {
		return nil, posErr("position", "has %d fields, want 13 (6 FEN fields, forbidden, champions, shields, hands, draw, discard, last)", len(f))
	}
	p := &Position{ep: noSquare}
	if err := p.parseBoard(f[0]); err != nil {
		return nil, err
	}
	switch f[1] {
	case "w":
		p.Board.SetSideToMove(white)
	case "b":
		p.Board.SetSideToMove(black)
	default:
		return nil, posErr("side to move", "missing or invalid: %q is not \"w\" or \"b\"", f[1])
	}
	if err := p.parseCastling(f[2]); err != nil {
		return nil, err
	}
	if err := p.parseEnPassant(f[3]); err != nil {
		return nil, err
	}
	var err error
	if p.rule50, err = strconv.Atoi(f[4]); err != nil || p.rule50 < 0 || p.rule50 > maxCounter {
		return nil, posErr("halfmove clock", "%q is not a number from 0 to %d", quote.Truncate(f[4], 20), maxCounter)
	}
	if p.fullmove, err = strconv.Atoi(f[5]); err != nil || p.fullmove < 0 || p.fullmove > maxCounter {
		return nil, posErr("fullmove number", "%q is not a number from 1 to %d", quote.Truncate(f[5], 20), maxCounter)
	}
	p.fullmove = max(p.fullmove, 1)
	for i, field := range []struct {
		name string
		dst  *bitboard
	}{{"forbidden squares", &p.forbidden}, {"champions", &p.champions}, {"shields", &p.shields}} {
		b, err := parseSquares(f[6+i])
		if err != nil {
			return nil, posErr(field.name, "%v", err)
		}
		*field.dst = b
	}
	if err := p.parseCards(f[9], f[10], f[11], f[12]); err != nil {
		return nil, err
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	p.key = p.computeKey()
	p.pushHistory()
	return p, nil
}

func (p *Position) parseBoard(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return posErr("board", "the board is not 8x8: %d ranks, want 8", len(ranks))
	}
	for i, text := range ranks {
		rank, file := 7-i, 0
		for j := 0; j < len(text); j++ {
			c := text[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			pc := pieceLetter(c)
			if pc == movegen.NoPiece {
				return posErr("board", "%q in rank %d is a piece or colour that does not exist (PNBRQK for White, pnbrqk for Black)", c, rank+1)
			}
			if file < 8 {
				p.PutPiece(pc, movegen.MakeSquare(file, rank))
			}
			file++
		}
		if file != 8 {
			return posErr("board", "the board is not 8x8: rank %d (%q) covers %d squares", rank+1, text, file)
		}
	}
	return nil
}

func pieceLetter(c byte) movegen.Piece {
	i := strings.IndexByte("PNBRQKpnbrqk", c)
	if i < 0 {
		return movegen.NoPiece
	}
	return movegen.MakePiece(color(i/6), movegen.PieceType(i%6+1))
}

// parseCastling keeps a right only when its king and rook stand on their
// home squares; other letters are errors (§13.13).
func (p *Position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	for _, c := range []byte(field) {
		var right uint8
		var king, rook square
		switch c {
		case 'K':
			right, king, rook = whiteKingSide, movegen.E1, movegen.H1
		case 'Q':
			right, king, rook = whiteQueenSide, movegen.E1, movegen.A1
		case 'k':
			right, king, rook = blackKingSide, movegen.E8, movegen.H8
		case 'q':
			right, king, rook = blackQueenSide, movegen.E8, movegen.A8
		default:
			return posErr("castling", "%q is not one of K, Q, k, q or -", c)
		}
		side := white
		if c >= 'a' {
			side = black
		}
		if p.Piece(king) == movegen.MakePiece(side, movegen.King) && p.Piece(rook) == movegen.MakePiece(side, movegen.Rook) {
			p.castling |= right
		}
	}
	return nil
}

func (p *Position) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	sq, ok := movegen.ParseSquare(field)
	if !ok {
		return posErr("en passant", "%q is not \"-\" or a square", field)
	}
	mover := p.SideToMove().Other() // the side that made the double step
	if sq.RelativeRank(mover) != 2 || p.Piece(pawnPush(mover, sq)) != movegen.MakePiece(mover, movegen.Pawn) ||
		p.Piece(sq) != movegen.NoPiece || p.Piece(pawnPush(p.SideToMove(), sq)) != movegen.NoPiece {
		return posErr("en passant", "%s: no double step could have produced it", sq)
	}
	p.ep = sq
	return nil
}

func parseSquares(field string) (bitboard, error) {
	var b bitboard
	if field == "-" {
		return 0, nil
	}
	for _, t := range strings.Split(field, ",") {
		sq, ok := movegen.ParseSquare(t)
		if !ok {
			return 0, fmt.Errorf("%q is not a square", t)
		}
		b |= sq.Bit()
	}
	return b, nil
}

// parseCards reads hands, draw pile, discard pile and last card and checks
// that they hold the 15 cards exactly once, unknown cards counted as such.
func (p *Position) parseCards(hands, draw, discard, last string) error {
	seen := map[Card]bool{}
	known := func(field string, c Card) error {
		if c == Unknown {
			return nil
		}
		if seen[c] {
			return posErr(field, "%s (%s) appears twice: each card exists once", c.Code(), c.Name())
		}
		seen[c] = true
		return nil
	}
	w, b, ok := strings.Cut(hands, "/")
	if !ok {
		return posErr("hands", "%q is not <white cards>/<black cards>", hands)
	}
	for i, text := range []string{w, b} {
		codes := strings.Split(text, ",")
		if len(codes) != 3 {
			return posErr("hands", "%s's hand has %d cards, want 3", color(i), len(codes))
		}
		for _, code := range codes {
			c, err := parseCard(code)
			if err != nil {
				return posErr("hands", "%v", err)
			}
			if err := known("hands", c); err != nil {
				return err
			}
			p.hands[i].add(c)
		}
	}
	switch {
	case draw == "-" || draw == "0":
	case draw[0] >= '0' && draw[0] <= '9':
		n, err := strconv.Atoi(draw)
		if err != nil || n > NumCards {
			return posErr("draw pile", "%q is not a card count from 0 to %d", draw, NumCards)
		}
		p.drawHidden = true
		for i := 0; i < n; i++ {
			p.draw.push(Unknown)
		}
	default:
		codes := strings.Split(draw, ",")
		for i := len(codes) - 1; i >= 0; i-- { // written top first
			c, err := parseCard(codes[i])
			if err != nil || c == Unknown {
				return posErr("draw pile", "%q is not a card code (an unknown pile is given by its size)", codes[i])
			}
			if err := known("draw pile", c); err != nil {
				return err
			}
			if p.draw.n == NumCards {
				return posErr("draw pile", "more than %d cards", NumCards)
			}
			p.draw.push(c)
		}
	}
	if discard != "-" {
		for _, code := range strings.Split(discard, ",") {
			c, err := parseCard(code)
			if err != nil || c == Unknown {
				return posErr("discard pile", "%q is not a card code", code)
			}
			if err := known("discard pile", c); err != nil {
				return err
			}
			if p.discard.n == NumCards {
				return posErr("discard pile", "more than %d cards", NumCards)
			}
			p.discard.push(c)
		}
	}
	if total := 6 + int(p.draw.n) + int(p.discard.n); total != NumCards {
		return posErr("cards", "hands, draw pile and discard pile hold %d cards, want the %d cards of the deck", total, NumCards)
	}
	if last != "-" {
		c, err := parseCard(last)
		if err != nil || c == Unknown {
			return posErr("last card", "%q is not a card code or -", last)
		}
		if p.discard.top() != c {
			return posErr("last card", "%s is not on top of the discard pile", c.Code())
		}
		p.last = c
	}
	return nil
}

// validate rejects boards that cannot arise in play (§13.13).
func (p *Position) validate() error {
	for _, c := range [2]color{white, black} {
		if n := p.Pieces(c, movegen.King).Count(); n != 1 {
			return posErr("board", "%s has %d kings, want 1", c, n)
		}
	}
	if pawns := p.Pieces(white, movegen.Pawn)&movegen.Rank8 | p.Pieces(black, movegen.Pawn)&movegen.Rank1; pawns != 0 {
		return posErr("board", "pawn on %s, its last rank", pawns.LSB())
	}
	if b := p.forbidden & p.Occupied(); b != 0 {
		return posErr("forbidden squares", "%s holds a piece", b.LSB())
	}
	if b := p.champions &^ p.ByType(movegen.Knight); b != 0 {
		return posErr("champions", "%s holds no knight", b.LSB())
	}
	if b := p.shields &^ p.ByColor(p.SideToMove().Other()); b != 0 {
		return posErr("shields", "%s is not a piece of the side not to move", b.LSB())
	}
	if p.shields != 0 && p.last != MysticShield {
		return posErr("shields", "shields are in force but the last card played is not MS")
	}
	if p.KingAttacked(p.SideToMove().Other()) {
		return posErr("board", "%s is not to move but is in check", p.SideToMove().Other())
	}
	return nil
}

// String writes the full-knowledge position string of §11 (what this
// position holds; hidden cards stay hidden).
func (p *Position) String() string { return p.write(white, true) }

// ViewFor writes the position as player c sees it: the opponent's hand as
// "?" cards and the draw pile as its size.
func (p *Position) ViewFor(c color) string { return p.write(c, false) }

// View is ViewFor for a frontend: a player whose own hand this position
// hides (it is the other player's view) has no view to derive from it.
func (p *Position) View(c color) (string, error) {
	if p.hands[c&1].Has(Unknown) {
		return "", fmt.Errorf("%s's own hand is hidden in this position (the other player's view?), so %s's view cannot be derived from it", c, c)
	}
	return p.ViewFor(c), nil
}

func (p *Position) write(viewer color, full bool) string {
	var b strings.Builder
	b.WriteString(p.fen())
	for _, set := range [3]bitboard{p.forbidden, p.champions, p.shields} {
		b.WriteByte(' ')
		b.WriteString(squareList(set))
	}
	b.WriteByte(' ')
	for i := range p.hands {
		if i == 1 {
			b.WriteByte('/')
		}
		for j, c := range p.hands[i].Cards() {
			if j > 0 {
				b.WriteByte(',')
			}
			if !full && color(i) != viewer {
				c = Unknown
			}
			b.WriteString(c.Code())
		}
	}
	b.WriteByte(' ')
	switch {
	case p.draw.n == 0:
		b.WriteString("0")
	case p.drawHidden || !full:
		b.WriteString(strconv.Itoa(int(p.draw.n)))
	default:
		for i := int(p.draw.n) - 1; i >= 0; i-- {
			b.WriteString(p.draw.cards[i].Code())
			if i > 0 {
				b.WriteByte(',')
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(cardList(p.discard.slice()))
	b.WriteByte(' ')
	if p.last == NoCard {
		b.WriteByte('-')
	} else {
		b.WriteString(p.last.Code())
	}
	return b.String()
}

// fen writes the six FEN fields; the en-passant square appears after every
// regular double step (§13.9).
func (p *Position) fen() string {
	var b strings.Builder
	movegen.WritePlacement(&b, p.Piece)
	if p.SideToMove() == white {
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	castling := ""
	for i, letter := range "KQkq" {
		if p.castling&(1<<i) != 0 {
			castling += string(letter)
		}
	}
	if castling == "" {
		castling = "-"
	}
	fmt.Fprintf(&b, "%s %s %d %d", castling, p.ep, p.rule50, p.fullmove)
	return b.String()
}

// squareList writes a set of squares in the order a1, b1, ..., h8, or "-".
func squareList(b bitboard) string {
	if b == 0 {
		return "-"
	}
	var parts []string
	for b != 0 {
		parts = append(parts, b.PopLSB().String())
	}
	return strings.Join(parts, ",")
}

func cardList(cards []Card) string {
	if len(cards) == 0 {
		return "-"
	}
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = c.Code()
	}
	return strings.Join(parts, ",")
}
