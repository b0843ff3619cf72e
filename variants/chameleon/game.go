package chameleon

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tempest/variants"
)

// Name is the UCI_Variant name of Chameleon Chess.
const Name = "chameleon"

// Description is the "info string variant" line after switching.
const Description = "chameleon: Chameleon Chess for 2-4 players (r, g, y, b); pawns change role with the " +
	"field colour, the board shrinks; positions are <bounds> <pawns> <to-move> <quiet> <ply>, moves a1b3 (0000 = forced pass)"

// DrawResult is the result of a draw shared by the players who still have
// pawns; a win is the winner's letter.
const DrawResult = "1/2-1/2"

// Elimination records a player losing its last pawn.
type Elimination struct {
	Color Color
	Ply   int // the position's ply count after the move that eliminated it
}

// Game is a game in progress: its start, the moves played since, and the
// key of every position for the repetition rule.
type Game struct {
	start      Position
	pos        Position
	tokens     []string
	keys       []uint64
	eliminated []Elimination
}

var _ variants.Game = (*Game)(nil)

// NewGame starts a game from a position.
func NewGame(start *Position) *Game {
	return &Game{start: *start, pos: *start, keys: []uint64{start.key}}
}

// Pos returns the current position (the caller must not change it).
func (g *Game) Pos() *Position { return &g.pos }

// Keys are the keys of every position of the game so far, oldest first,
// the current one last; the search uses them for the repetition rule.
func (g *Game) Keys() []uint64 { return slices.Clone(g.keys) }

// Eliminations lists who was eliminated and when, in order.
func (g *Game) Eliminations() []Elimination { return slices.Clone(g.eliminated) }

// Replay calls visit with every move of the game, oldest first, and the
// position before it.
func (g *Game) Replay(visit func(before *Position, m Move)) {
	pos := g.start
	for _, tok := range g.tokens {
		m, err := pos.ParseMove(tok)
		if err != nil {
			return // cannot happen: every token was played from here
		}
		visit(&pos, m)
		pos.Make(m)
	}
}

func (g *Game) Variant() string   { return Name }
func (g *Game) Position() string  { return g.pos.String() }
func (g *Game) Start() string     { return g.start.String() }
func (g *Game) Actions() []string { return slices.Clone(g.tokens) }

// Legal lists the legal move tokens, sorted: "0000" alone for a player
// with pawns but no move; none once the game is over.
func (g *Game) Legal() []string {
	if g.Status().Over {
		return nil
	}
	var buf [MaxMoves]Move
	moves := g.pos.GenMoves(buf[:0])
	if len(moves) == 0 {
		return []string{PassMove.String()}
	}
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}

// Play validates and makes one move. The report lists, in this order: the
// captured square ("captured b3"), the new bounds ("bounds b1h8"), a centre
// removal ("removed f4"), eliminations ("eliminated b"), then "next <colour>"
// while the game goes on, or "winner <colour>" / "draw <reason>" at its end.
func (g *Game) Play(token string) (variants.Report, error) {
	if st := g.Status(); st.Over {
		return nil, &MoveError{Token: token, Problem: "the game is over (" + st.Reason + ")"}
	}
	m, err := g.pos.ParseMove(token)
	if err != nil {
		return nil, err
	}
	fx := g.pos.Make(m)
	g.tokens = append(g.tokens, m.String())
	g.keys = append(g.keys, g.pos.key)
	var r variants.Report
	if fx.Captured != NoPawn {
		r = append(r, "captured "+m.To().String())
	}
	r = append(r, "bounds "+g.pos.bounds.String())
	if fx.Removed != NoPawn {
		r = append(r, "removed "+fx.RemovedOn.String())
	}
	for _, c := range CycleOrder {
		if fx.Eliminated>>c&1 != 0 {
			g.eliminated = append(g.eliminated, Elimination{c, g.pos.ply})
			r = append(r, "eliminated "+c.String())
		}
	}
	switch st := g.Status(); {
	case !st.Over:
		r = append(r, "next "+st.ToMove)
	case st.Result == DrawResult:
		r = append(r, "draw "+strings.TrimPrefix(st.Reason, "draw: "))
	default:
		r = append(r, "winner "+st.Result)
	}
	return r, nil
}

// Status reports the player to move and, once the game is over, the result:
// the winner's letter with "last player standing", or "1/2-1/2" with the
// draw's reason. Checks in order: last player standing, no progress,
// repetition, every player stuck.
func (g *Game) Status() variants.Status {
	st := variants.Status{ToMove: g.pos.toMove.String(), Result: "*"}
	out := g.pos.Outcome()
	if out.Reason == ReasonAllStuck && g.repetitions() >= 3 {
		out.Reason = ReasonRepetition
	}
	if out.Reason == "" && g.repetitions() >= 3 {
		out = Outcome{Winner: NoColor, Reason: ReasonRepetition}
	}
	switch {
	case out.Reason == "":
	case out.Winner != NoColor:
		st.Over, st.Result, st.Reason = true, out.Winner.String(), out.Reason
	default:
		st.Over, st.Result, st.Reason = true, DrawResult, out.Reason
	}
	return st
}

// repetitions counts the occurrences of the current position (pawns,
// bounds, player to move) in the game; only positions since the last
// progress can repeat.
func (g *Game) repetitions() int {
	n := 0
	for i := len(g.keys) - 1; i >= 0 && i >= len(g.keys)-1-g.pos.quiet; i-- {
		if g.keys[i] == g.pos.key {
			n++
		}
	}
	return n
}

// Record is the game as a PGN record: the start position in the FEN tag,
// the move tokens, and the result tags. Result is the winner's letter,
// "1/2-1/2" or "*"; Termination gives the reason; Eliminated lists who was
// eliminated at which ply.
func (g *Game) Record() variants.Record {
	st := g.Status()
	r := variants.Record{Tags: [][2]string{{"Event", "Tempest game"}, {"Site", "?"}, {"Date", "????.??.??"},
		{"Round", "-"}}}
	for _, c := range CycleOrder {
		if g.start.Has(c) {
			r.Tags = append(r.Tags, [2]string{playerTag(c), "?"})
		}
	}
	r.Tags = append(r.Tags, [][2]string{{"Result", st.Result}, {"Variant", Name}, {"SetUp", "1"}, {"FEN", g.start.String()}}...)
	if st.Over {
		r.SetTag("Termination", st.Reason)
	}
	if len(g.eliminated) > 0 {
		var parts []string
		for _, e := range g.eliminated {
			parts = append(parts, fmt.Sprintf("%s %d", e.Color, e.Ply))
		}
		r.SetTag("Eliminated", strings.Join(parts, ", "))
	}
	r.Moves = g.Actions()
	r.Result = st.Result
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
func WriteRecord(r variants.Record) string {
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
	end := "*"
	switch r.Result {
	case DrawResult:
		end = DrawResult
	case "r", "g", "y", "b":
		c, _ := ColorFromLetter(r.Result[0])
		words = append(words, fmt.Sprintf("{%s wins: %s}", c.Name(), r.Tag("Termination")))
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
// error names the problem and, for a move, its number and text.
func LoadRecord(r variants.Record) (*Game, error) {
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
			return nil, fmt.Errorf("move %d (%s) is illegal: %v", i+1, truncate(tok, 20), err)
		}
	}
	return g, nil
}
