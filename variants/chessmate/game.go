package chessmate

import (
	"fmt"
	"slices"
	"sort"

	"tempest/movegen"
	"tempest/rules"
)

// Name is the UCI_Variant name of card chess.
const Name = "chessmate"

// Description is the "info string variant" line after switching.
const Description = "chessmate: chess with a shared deck of 15 action cards, 3 in each hand; " +
	"positions are FEN plus 7 card fields, actions are moves (e2e4) or cards (FC:e4, CR:a1b2a3, HF+e2e4, VU+...)"

// Over reports whether the position alone ends the game (no legal turn,
// fifty moves, bare kings); repetition needs the game's history.
func (p *Position) Over() bool {
	over, _, _ := p.outcome()
	return over
}

// outcome judges the position: checkmate and stalemate first, then the
// automatic draws (§9, §13.5).
func (p *Position) outcome() (over bool, result, reason string) {
	var buf [maxActions]Action
	if len(p.genTurns(buf[:0])) == 0 {
		if p.KingAttacked(p.SideToMove()) {
			if p.SideToMove() == white {
				return true, "0-1", "checkmate"
			}
			return true, "1-0", "checkmate"
		}
		return true, "1/2-1/2", "stalemate"
	}
	switch {
	case p.rule50 >= 100:
		return true, "1/2-1/2", "fifty-move rule"
	case p.Occupied() == p.ByType(movegen.King):
		return true, "1/2-1/2", "insufficient material"
	}
	return false, "*", ""
}

// Game is a card-chess game: its start, the actions since, and the keys of
// every position for repetition.
type Game struct {
	start   Position
	pos     Position
	tokens  []string
	keys    []uint64
	claimed bool
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

// Pos returns the current position.
func (g *Game) Pos() *Position { return &g.pos }

func (g *Game) Variant() string   { return Name }
func (g *Game) Position() string  { return g.pos.String() }
func (g *Game) Start() string     { return g.start.String() }
func (g *Game) Actions() []string { return slices.Clone(g.tokens) }

// Legal lists the legal action tokens, sorted; none once the game is over.
func (g *Game) Legal() []string {
	if g.Status().Over {
		return nil
	}
	var buf [maxActions]Action
	actions := g.pos.GenActions(buf[:0])
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = a.String()
	}
	sort.Strings(out)
	return out
}

// Play validates and makes an action token (with an optional draw suffix).
func (g *Game) Play(token string) (rules.Report, error) {
	if st := g.Status(); st.Over {
		return nil, fmt.Errorf("action %q: the game is over (%s)", token, st.Reason)
	}
	a, drawn, err := g.pos.ParseAction(token)
	if err != nil {
		return nil, err
	}
	next := g.pos
	handBefore := next.hands[next.SideToMove()]
	if err := next.Play(a, drawn); err != nil {
		return nil, fmt.Errorf("action %q: %v", token, err)
	}
	var report rules.Report
	if a.Claim() {
		g.claimed = true
		report = append(report, "claimed stalemate")
	} else {
		report = g.describe(a, &handBefore, &next)
		if a.HasMove() {
			report = append(rules.Report{"san " + g.pos.san(a, &next)}, report...)
		}
	}
	g.pos = next
	g.tokens = append(g.tokens, token)
	g.keys = append(g.keys, next.key)
	return report, nil
}

// describe lists the consequences of a turn a frontend cannot see in the
// token: the card drawn (when known) and the new effects.
func (g *Game) describe(a Action, before *Hand, after *Position) rules.Report {
	var r rules.Report
	mover := after.SideToMove().Other()
	if c := a.Card(); c != NoCard && c != HandOfFate {
		h := after.hands[mover].Cards()
		if len(h) > 0 {
			r = append(r, "drew "+h[len(h)-1].Code())
		}
	}
	if a.Card() == HandOfFate {
		r = append(r, "hands exchanged")
	}
	if after.shields != 0 {
		r = append(r, "shield "+squareList(after.shields))
	}
	if after.forbidden != g.pos.forbidden {
		r = append(r, "forbidden "+squareList(after.forbidden))
	}
	if after.champions != g.pos.champions {
		r = append(r, "champions "+squareList(after.champions))
	}
	return r
}

// Status reports the side to move, check, and the result once over.
func (g *Game) Status() rules.Status {
	st := rules.Status{ToMove: "w", InCheck: g.pos.KingAttacked(g.pos.SideToMove()), Result: "*"}
	if g.pos.SideToMove() == black {
		st.ToMove = "b"
	}
	if g.recorded.Result != "" {
		return g.recorded.Apply(st)
	}
	if g.claimed {
		st.Over, st.Result, st.Reason = true, "1/2-1/2", "stalemate claimed"
		return st
	}
	if over, result, reason := g.pos.outcome(); over && (reason == "checkmate" || reason == "stalemate") {
		st.Over, st.Result, st.Reason = true, result, reason
		return st
	}
	if g.repetitions() >= 3 {
		st.Over, st.Result, st.Reason = true, "1/2-1/2", "threefold repetition"
		return st
	}
	if over, result, reason := g.pos.outcome(); over {
		st.Over, st.Result, st.Reason = true, result, reason
	}
	return st
}

// repetitions counts occurrences of the current position in the game.
func (g *Game) repetitions() int {
	n := 0
	for _, k := range g.keys {
		if k == g.pos.key {
			n++
		}
	}
	return n
}

// KnownOpponentCards lists the cards in the hand of viewer's opponent that
// viewer knows from the game's public record (§3.3): a card the opponent
// took with Vulture, the two cards viewer handed over with its Hand of
// Fate, viewer's three cards after the opponent's Hand of Fate, each until
// the opponent plays it. The game is replayed from viewer's view of the
// start with every opponent card and draw unknown, viewer's own hand copied
// from the game, so nothing hidden from viewer can enter. A game started
// from a position string knows nothing from before that position.
func (g *Game) KnownOpponentCards(viewer movegen.Color) []Card {
	view, err := ParsePosition(g.start.ViewFor(viewer))
	if err != nil {
		return nil
	}
	view.drawHidden = true // an empty pile parses as known, and its reshuffles would name the opponent's draws
	full := g.start
	for _, token := range g.tokens {
		a, drawn, err := full.ParseAction(token)
		if err != nil || full.Play(a, drawn) != nil || view.Play(a, NoCard) != nil {
			return nil // the game played these tokens, so only a bug gets here
		}
		view.hands[viewer&1] = full.hands[viewer&1] // viewer sees its own draws
	}
	var known []Card
	for _, c := range view.hands[viewer.Other()&1].Cards() {
		if c != Unknown {
			known = append(known, c)
		}
	}
	return known
}
