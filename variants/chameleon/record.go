package chameleon

import (
	"fmt"
	"slices"
	"strings"

	"tempest/internal/quote"
	"tempest/rules"
)

// Record is the game as a PGN record: the start position in the FEN tag,
// the move tokens, and the result tags. Result is the winner's letter,
// "1/2-1/2" or "*"; Termination gives the reason; Eliminated lists who was
// eliminated at which ply. A loaded record's tags are kept (its Termination
// too, when its result is kept); the Result tag is the game's.
func (g *Game) Record() rules.Record {
	st := g.Status()
	defaults := [][2]string{{"Event", "Tempest game"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "-"}}
	for _, c := range CycleOrder {
		if g.start.Has(c) {
			defaults = append(defaults, [2]string{playerTag(c), "?"})
		}
	}
	defaults = append(defaults, [2]string{"Result", st.Result})
	r := rules.Record{Tags: rules.WithTags(defaults, g.tags), Moves: g.Actions(), Result: st.Result}
	r.SetTag("Result", st.Result)
	r.SetTag("Variant", Name)
	r.SetTag("SetUp", "1")
	r.SetTag("FEN", g.start.String())
	if st.Over && g.recorded.Result == "" {
		r.SetTag("Termination", st.Reason)
	}
	r.DeleteTag("Eliminated")
	if len(g.eliminated) > 0 {
		var parts []string
		for _, e := range g.eliminated {
			parts = append(parts, fmt.Sprintf("%s %d", e.Color, e.Ply))
		}
		r.SetTag("Eliminated", strings.Join(parts, ", "))
	}
	return r
}

// playerTag is the tag naming the player of colour c ("Red", ...).
func playerTag(c Color) string { return strings.ToUpper(c.Name()[:1]) + c.Name()[1:] }

// PlayerTag is exported for match drivers that name the seats.
func PlayerTag(c Color) string { return playerTag(c) }

// WriteRecord writes a record as PGN text. Moves are numbered by ply from 1
// (a number per move, since 2 to 4 players take turns); the movetext ends
// with "1/2-1/2" for a draw and "*" otherwise, preceded by a comment naming
// the winner, because PGN's termination markers only know two players.
func WriteRecord(r rules.Record) string {
	var b strings.Builder
	for _, t := range r.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t[1], `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", t[0], v)
	}
	b.WriteByte('\n')
	words := make([]string, 0, 2*len(r.Moves)+2)
	for i, m := range r.Moves {
		words = append(words, fmt.Sprintf("%d.", i+1), m)
	}
	end := rules.Unfinished
	switch r.Result {
	case DrawResult:
		end = DrawResult
	case "r", "g", "y", "b":
		c, _ := ColorFromLetter(r.Result[0])
		comment := "{" + c.Name() + " wins"
		if why := r.Tag("Termination"); why != "" {
			// A comment cannot hold "}": it would end there.
			comment += ": " + strings.ReplaceAll(why, "}", ")")
		}
		words = append(words, comment+"}")
	}
	words = append(words, end)
	line := 0
	for _, w := range words {
		if line+1+len(w) > 80 && line > 0 {
			b.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// LoadRecord rebuilds a game from its PGN record: the FEN tag's start (the
// four-player start when there is none) and every move, each checked. An
// error names the problem and, for a move, its number and text. Every end
// of the rules is decided by them, so the record's result must be the
// game's once it is over; before, a result (the others resigned, a draw
// agreed) is kept with the tags, if its winner still has pawns.
func LoadRecord(r rules.Record) (*Game, error) {
	claimed, err := recordResult(&r)
	if err != nil {
		return nil, err
	}
	start, err := StartPosition(0b1111)
	if err != nil {
		return nil, err
	}
	if fen := r.Tag("FEN"); fen != "" {
		if start, err = ParsePosition(fen); err != nil {
			return nil, fmt.Errorf("FEN tag: %v", err)
		}
	}
	g := NewGame(start)
	for i, tok := range r.Moves {
		if _, err := g.Play(tok); err != nil {
			return nil, fmt.Errorf("move %d (%s) is illegal: %v", i+1, quote.Truncate(tok, 20), err)
		}
	}
	st := g.Status()
	if g.recorded, err = rules.SettleResult(claimed, st, st.Over, r.Tag("Termination")); err != nil {
		return nil, err
	}
	if w := g.recorded.Result; w != DrawResult && w != "" {
		if c, _ := ColorFromLetter(w[0]); !g.pos.Has(c) {
			return nil, fmt.Errorf("the record names %s the winner, but %s has no pawns", w, c.Name())
		}
	}
	g.tags = slices.Clone(r.Tags)
	return g, nil
}

// recordResult is the result a Chameleon record gives: a win as the
// winner's letter in the Result tag (the movetext ends with *, PGN's
// markers knowing two players only), a draw as 1/2-1/2 in both; "" when
// the movetext has no result.
func recordResult(r *rules.Record) (string, error) {
	tag, tagged := r.LookupTag("Result")
	if tagged && !isResult(tag) {
		letters := make([]string, len(CycleOrder))
		for i, c := range CycleOrder {
			letters[i] = c.String()
		}
		return "", fmt.Errorf("the Result tag %q is not a Chameleon result: want the winner's letter (%s), %s or *",
			quote.Truncate(tag, 20), strings.Join(letters, ", "), DrawResult)
	}
	switch {
	case r.Result == "":
		return "", nil
	case r.Result != DrawResult && r.Result != rules.Unfinished:
		return "", fmt.Errorf("the movetext ends with %s, which names no Chameleon player: a won game ends with * and the winner's letter in the Result tag", r.Result)
	case tagged && (tag == DrawResult) != (r.Result == DrawResult):
		return "", fmt.Errorf("the Result tag says %s but the movetext ends with %s", tag, r.Result)
	case tagged:
		return tag, nil
	}
	return r.Result, nil
}

// isResult reports whether s is a Chameleon result: a colour's letter,
// a draw or "*".
func isResult(s string) bool {
	if s == DrawResult || s == rules.Unfinished {
		return true
	}
	if len(s) != 1 {
		return false
	}
	_, ok := ColorFromLetter(s[0])
	return ok
}
