package chessmate

import (
	"fmt"
	"slices"

	"tempest/internal/quote"
	"tempest/variants"
)

// Record is the game as PGN: the start position in the FEN tag (with its
// card fields) and the action tokens as played, draw suffixes included. A
// loaded record's tags are kept; the Result tag is the game's.
func (g *Game) Record() variants.Record {
	st := g.Status()
	r := variants.Record{Tags: variants.WithTags(variants.SevenTagRoster(st.Result), g.tags), Moves: g.Actions(), Result: st.Result}
	r.SetTag("Result", st.Result)
	r.SetTag("Variant", Name)
	r.SetTag("SetUp", "1")
	r.SetTag("FEN", g.start.String())
	return r
}

// LoadRecord rebuilds a game from its PGN record; errors name the problem
// and, for actions, the action's number and text. Every end of card chess
// is decided by the rules (§9), so the record's result must be the game's
// once it is over; before, a result (a resignation, an agreed draw) is kept
// with the tags.
func LoadRecord(r variants.Record) (*Game, error) {
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
	st := g.Status()
	if g.recorded, err = variants.SettleResult(r.Result, st, st.Over, r.Tag("Termination")); err != nil {
		return nil, err
	}
	if err := r.CheckResultTag(); err != nil {
		return nil, err
	}
	g.tags = slices.Clone(r.Tags)
	return g, nil
}
