package stratego

import (
	"fmt"

	"tempest/internal/quote"
	"tempest/rules"
)

// Record is the game as PGN: the start position in the FEN tag and the
// move tokens with their announcements. A loaded record's tags are kept;
// the Result tag is the game's.
func (g *Game) Record() rules.Record {
	return rules.TwoPlayerRecord(Name, g.start.String(), g.Status(), g.Actions(), g.tags)
}

// RecordText writes the record with move numbers: Volcandria's moves take
// the numbers (as White's do), counted from the start position's ply.
func (g *Game) RecordText() string {
	r := g.Record()
	return r.Write(int(g.start.ply)/2+1, g.start.stm == Everwinter)
}

// LoadRecord rebuilds a game from its record; errors name the problem and,
// for a move, its number and text. Without a FEN tag the game starts from
// startpos. Every end of the rules is decided by them (§8), so the record's
// result must be the game's once it is over; before, a result (a
// resignation, an agreed draw) is kept with the tags.
func LoadRecord(r rules.Record) (*Game, error) {
	if v := r.Tag("Variant"); v != "" && v != Name {
		return nil, fmt.Errorf("the record is a %q game, not %s", quote.Truncate(v, 40), Name)
	}
	fen := r.Tag("FEN")
	if fen == "" {
		fen = StartPosition
	}
	start, err := ParsePosition(fen)
	if err != nil {
		return nil, err
	}
	g := NewGame(start)
	for i, tok := range r.Moves {
		if _, err := g.Play(tok); err != nil {
			return nil, fmt.Errorf("move %d (%s) is illegal: %v", i+1, quote.Truncate(tok, 40), err)
		}
	}
	if g.recorded, g.tags, err = r.Settle(g.Status()); err != nil {
		return nil, err
	}
	return g, nil
}
