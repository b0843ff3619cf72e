package chessmate

import (
	"fmt"

	"tempest/internal/quote"
	"tempest/rules"
)

// Record is the game as PGN: the start position in the FEN tag (with its
// card fields) and the action tokens as played, draw suffixes included. A
// loaded record's tags are kept; the Result tag is the game's.
func (g *Game) Record() rules.Record {
	return rules.TwoPlayerRecord(Name, g.start.String(), g.Status(), g.Actions(), g.tags)
}

// LoadRecord rebuilds a game from its PGN record; errors name the problem
// and, for actions, the action's number and text. Every end of card chess
// is decided by the rules (§9), so the record's result must be the game's
// once it is over; before, a result (a resignation, an agreed draw) is kept
// with the tags.
func LoadRecord(r rules.Record) (*Game, error) {
	fen := r.Tag("FEN")
	if fen == "" {
		return nil, fmt.Errorf("a card-chess record needs a FEN tag with the card fields")
	}
	start, err := ParsePosition(fen)
	if err != nil {
		return nil, err
	}
	g := NewGame(start)
	for i, tok := range r.Moves {
		if _, err := g.Play(tok); err != nil {
			return nil, fmt.Errorf("action %d (%s) is illegal: %v", i+1, quote.Truncate(tok, 20), err)
		}
	}
	if g.recorded, g.tags, err = r.Settle(g.Status()); err != nil {
		return nil, err
	}
	return g, nil
}
