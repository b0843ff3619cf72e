package chameleon

import (
	"slices"
	"sort"
	"strings"
	"tempest/rules"
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
	// From a loaded record: its tags, written back by Record, and a result
	// the rules do not decide (resignation, agreement, time).
	tags     [][2]string
	recorded rules.RecordedResult
}

var _ rules.Service = (*Game)(nil)

// NewGame starts a game from a position.
func NewGame(start *Position) *Game {
	return &Game{start: *start, pos: *start, keys: []uint64{start.key}}
}

// StartPlayers is how many players the game began with.
func (g *Game) StartPlayers() int { return g.start.Players() }

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
func (g *Game) Play(token string) (rules.Report, error) {
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
	var r rules.Report
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
func (g *Game) Status() rules.Status {
	st := rules.Status{ToMove: g.pos.toMove.String(), Result: "*"}
	if g.recorded.Result != "" {
		return g.recorded.Apply(st)
	}
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
