package stratego

import (
	"fmt"
	"slices"
	"sort"
	"tempest/rules"
)

// Name is the UCI_Variant name.
const Name = "stratego"

// Description is the "info string variant" line after switching.
const Description = "stratego: fantasy Stratego, Volcandria (uppercase, moves first) against Everwinter (lowercase) " +
	"on 10x8 with lakes; moves a3a4, battles in a view carry the arbiter's announcement c7c8:Mw"

// Game is a Stratego game: its start, the moves since, and the keys of the
// positions since the last battle (repetition, §12.10).
type Game struct {
	start  Position
	pos    Position
	tokens []string
	obs    []Obs    // the same plies as both players saw them
	keys   []uint64 // repetition keys since the last battle (repKey)
	pkeys  []uint64 // the same positions' public keys, for the search
	ended  Ending   // an end the arbiter announced (views only)
	ids    [numSquares]uint8
	nextID uint8
	// From a loaded record: its tags, written back by Record, and a result
	// the rules do not decide (resignation, agreement, time).
	tags     [][2]string
	recorded rules.RecordedResult
}

var _ rules.Service = (*Game)(nil)

// NewGame starts a game from a position; the start counts as the first
// occurrence of its position.
func NewGame(start *Position) *Game {
	g := &Game{start: *start, pos: *start, pkeys: []uint64{start.pkey}, nextID: 1}
	for s, pc := range start.board {
		if pc != NoPiece {
			g.ids[s] = g.nextID
			g.nextID++
		}
	}
	g.keys = []uint64{g.repKey()}
	return g
}

// repKey is the key the repetition rule compares. With full knowledge it
// is the position's key. In a view, unknown pieces are told apart by which
// piece they are (the game follows each piece from the start): the view
// cannot tell whether two unknown pieces that swapped squares are of the
// same kind, so it only declares a repetition it is sure of, and leaves
// the others to the arbiter.
func (g *Game) repKey() uint64 {
	k := g.pos.key
	if g.pos.Hidden() {
		for s, pc := range g.pos.board {
			if pc != NoPiece && pc.Kind() == Unknown {
				k ^= zID[g.ids[s]&(numIDs-1)][s]
			}
		}
	}
	return k
}

// followIDs moves the piece identities along with a move.
func (g *Game) followIDs(m Move, b Battle) {
	from, to := m.From(), m.To()
	switch b.Outcome {
	case NoBattle, AttackerWins:
		g.ids[to] = g.ids[from]
	case Tie:
		g.ids[to] = 0
	}
	g.ids[from] = 0
	if b.Resurrected != NoKind {
		g.ids[b.ResurrectedOn] = g.nextID
		g.nextID++
	}
}

// Pos is the current position; Begin the starting one.
func (g *Game) Pos() *Position   { return &g.pos }
func (g *Game) Begin() *Position { return &g.start }

func (g *Game) Variant() string   { return Name }
func (g *Game) Position() string  { return g.pos.String() }
func (g *Game) Start() string     { return g.start.String() }
func (g *Game) Actions() []string { return slices.Clone(g.tokens) }

// PublicHistory returns the public keys of the positions since the last
// battle, oldest first (the current position last), for the search's
// repetition checks. A view and the arbiter's game give the same list.
func (g *Game) PublicHistory() []uint64 { return slices.Clone(g.pkeys) }

// Obs is one ply as both players see it (§7): who moved, from where to
// where (a move of more than one square ran: a Scout), and its battle, whose
// kinds, outcome and resurrection are announced. A quiet move's Battle has
// Outcome NoBattle.
type Obs struct {
	Mover  Side
	Move   Move
	Battle Battle
}

// Ran reports a move of more than one square, made by a Scout.
func (o Obs) Ran() bool { return distance(o.Move.From(), o.Move.To()) > 1 }

// Observations lists the plies since Begin as both players saw them, oldest
// first. A view and the arbiter's game of the same moves give equal lists,
// so a belief built from them uses nothing a player could not see.
func (g *Game) Observations() []Obs { return slices.Clone(g.obs) }

// Legal lists the side to move's move tokens, sorted; none once the game
// is over. In a view, the opponent's list holds every move its unknown
// pieces might make.
func (g *Game) Legal() []string {
	if g.Status().Over {
		return nil
	}
	var buf [MaxMoves]Move
	moves := g.pos.GenMoves(buf[:0])
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	sort.Strings(out)
	return out
}

// Status reports the side to move and, once over, the result and reason:
// the ends of §8 in their order, an end the arbiter announced, repetition,
// then the no-battle limit (repetition wins a tie with it, §12.11).
func (g *Game) Status() rules.Status {
	st := rules.Status{ToMove: g.pos.stm.Letter(), Result: "*"}
	if g.recorded.Result != "" {
		return g.recorded.Apply(st)
	}
	e := g.pos.Ending()
	switch {
	case e.Result != Ongoing && e.Reason != ReasonNoBattle:
	case g.ended.Result != Ongoing:
		e = g.ended
	case g.repetitions() >= 3:
		e = Ending{Drawn, ReasonRepetition}
	}
	if e.Result != Ongoing {
		st.Over, st.Result, st.Reason = true, e.Result.PGN(), e.Reason
	}
	return st
}

// Ending is the game's end (Ongoing while it goes on).
func (g *Game) Ending() Ending {
	st := g.Status()
	if !st.Over {
		return Ending{}
	}
	for r := VolcandriaWins; r <= Drawn; r++ {
		if r.PGN() == st.Result {
			return Ending{r, st.Reason}
		}
	}
	return Ending{}
}

func (g *Game) repetitions() int {
	n := 0
	current := g.repKey()
	for _, k := range g.keys {
		if k == current {
			n++
		}
	}
	return n
}

// Play validates and makes one move token. Battles whose participants the
// position does not know need the arbiter's announcement; with full
// knowledge an announcement is checked against the pieces. Nothing changes
// on an error.
func (g *Game) Play(text string) (rules.Report, error) {
	if st := g.Status(); st.Over {
		return nil, moveErr(text, "the game is over (%s)", st.Reason)
	}
	mover := g.pos.stm
	tok, err := ParseToken(text, mover)
	if err != nil {
		return nil, err
	}
	next := g.pos
	if err := next.checkMove(text, tok.Move); err != nil {
		return nil, err
	}
	if err := next.identify(text, tok); err != nil {
		return nil, err
	}
	b := next.Play(tok.Move)
	e, err := next.announcedEnd(text, tok.End)
	if err != nil {
		return nil, err
	}
	final := Token{Move: tok.Move, Attacker: b.Attacker, Defender: b.Defender}
	switch e.Reason {
	case ReasonNoMovable:
		final.End = EndNoMovable
	case ReasonNoLegal:
		final.End = EndNoLegal
	case ReasonImmobile:
		final.End = EndImmobile
	}
	g.pos = next
	g.ended = Ending{}
	if next.Ending().Result == Ongoing && e.Result != Ongoing {
		g.ended = e
	}
	g.tokens = append(g.tokens, final.Write(mover))
	g.obs = append(g.obs, Obs{Mover: mover, Move: tok.Move, Battle: b})
	g.followIDs(tok.Move, b)
	if b.Outcome != NoBattle {
		g.keys, g.pkeys = g.keys[:0], g.pkeys[:0]
	}
	g.keys = append(g.keys, g.repKey())
	g.pkeys = append(g.pkeys, next.pkey)
	return g.describe(tok.Move, mover, b), nil
}

// describe lists a move's consequences for the rules service.
func (g *Game) describe(m Move, mover Side, b Battle) rules.Report {
	var r rules.Report
	if b.Outcome != NoBattle {
		them := mover.Other()
		r = append(r, fmt.Sprintf("battle %c%c", b.Attacker.Letter(mover), b.Defender.Letter(them)), b.Outcome.String())
		if b.Outcome == DefenderWins || b.Outcome == Tie {
			r = append(r, fmt.Sprintf("removed %c %s", b.Attacker.Letter(mover), m.From()))
		}
		if b.Outcome == AttackerWins || b.Outcome == Tie {
			r = append(r, fmt.Sprintf("removed %c %s", b.Defender.Letter(them), m.To()))
		}
		if b.Resurrected != NoKind {
			r = append(r, fmt.Sprintf("resurrected %c %s", b.Resurrected.Letter(mover), b.ResurrectedOn))
		}
	}
	if st := g.Status(); st.Over {
		r = append(r, "over "+st.Reason)
	}
	return r
}

// checkMove explains why a move is not legal here, or returns nil.
func (p *Position) checkMove(text string, m Move) error {
	from, to := m.From(), m.To()
	pc := p.board[from]
	switch {
	case pc == NoPiece:
		return moveErr(text, "no piece on %s", from)
	case pc.Side() != p.stm:
		return moveErr(text, "the piece on %s is %s's, but %s is to move", from, pc.Side(), p.stm)
	case pc.Kind() == Trap || pc.Kind() == Flag:
		return moveErr(text, "a %s never moves", pc.Kind().Name(pc.Side()))
	case lake[to]:
		return moveErr(text, "%s is a lake", to)
	case p.board[to] != NoPiece && p.board[to].Side() == p.stm:
		return moveErr(text, "%s holds one of %s's own pieces", to, p.stm)
	}
	var buf [MaxMoves]Move
	if slices.Contains(p.GenMoves(buf[:0]), m) {
		return nil
	}
	switch {
	case from.File() != to.File() && from.Rank() != to.Rank():
		return moveErr(text, "pieces move in straight lines, never diagonally")
	case pc.Kind() == Unknown:
		return moveErr(text, "the unknown piece on %s cannot make this move: its path is blocked, or the piece counts leave it no identity that moves so", from)
	case pc.Kind() != Scout && distance(from, to) > 1:
		return moveErr(text, "a %s moves one square; only a Scout runs further", pc.Kind().Name(pc.Side()))
	}
	return moveErr(text, "the Scout's path from %s to %s is blocked", from, to)
}

// identify gives the battle's unknown participants the identities the
// arbiter announced, checking them against everything known.
func (p *Position) identify(text string, t Token) error {
	from, to := t.Move.From(), t.Move.To()
	d := p.board[to]
	if d == NoPiece {
		if t.Attacker != NoKind {
			return moveErr(text, "no battle on %s, so nothing to announce", to)
		}
		return nil
	}
	a := p.board[from]
	for _, who := range []struct {
		name      string
		sq        Square
		pc        Piece
		announced Kind
	}{{"attacker", from, a, t.Attacker}, {"defender", to, d, t.Defender}} {
		side, known := who.pc.Side(), who.pc.Kind()
		if known != Unknown {
			if who.announced != NoKind && who.announced != known {
				return moveErr(text, "the announced %s %s contradicts the %s on %s", who.name, who.announced.Name(side), known.Name(side), who.sq)
			}
			continue
		}
		k := who.announced
		ran := who.pc.Ran() || (who.name == "attacker" && distance(from, to) > 1)
		moved := who.pc.Moved() || who.name == "attacker"
		switch {
		case k == NoKind:
			return moveErr(text, "the battle needs the arbiter's announcement of the unknown %s on %s: <from><to>:<attacker><defender>, e.g. %s:%c%c",
				who.name, who.sq, t.Move, Mage.Letter(a.Side()), Dwarf.Letter(d.Side()))
		case moved && !k.Movable():
			return moveErr(text, "the %s on %s has moved, so it cannot be a %s", who.name, who.sq, k.Name(side))
		case ran && k != Scout:
			return moveErr(text, "the %s on %s has run more than one square, so it is a Scout, not a %s", who.name, who.sq, k.Name(side))
		case p.Unaccounted(side, k) < 1:
			return moveErr(text, "the %s on %s cannot be a %s: all of %s's are accounted for", who.name, who.sq, k.Name(side), side)
		}
		p.take(who.sq)
		p.put(who.sq, who.pc.withKind(k))
	}
	return nil
}

// announcedEnd checks an announced end against the position after the move
// and returns the end that holds (the announced one when the position
// cannot tell).
func (p *Position) announcedEnd(text, code string) (Ending, error) {
	e := p.Ending()
	if code == "" {
		return e, nil
	}
	reason := endReasons[code]
	if e.Result != Ongoing {
		if e.Reason != reason {
			return e, moveErr(text, "announces %q, but the game ends with %q", reason, e.Reason)
		}
		return e, nil
	}
	vm, vc := p.hasMovable(Volcandria)
	em, ec := p.hasMovable(Everwinter)
	certainly := [2]bool{vm && vc, em && ec}
	switch code {
	case EndImmobile:
		if certainly[0] || certainly[1] {
			return e, moveErr(text, "announces that both armies are immobile, but a side is known to have a movable piece")
		}
		return Ending{Drawn, ReasonImmobile}, nil
	case EndNoMovable:
		switch {
		case certainly[0] && certainly[1]:
			return e, moveErr(text, "announces a side without movable pieces, but both are known to have some")
		case vc && !vm:
			return Ending{winFor(Everwinter), ReasonNoMovable}, nil
		case ec && !em:
			return Ending{winFor(Volcandria), ReasonNoMovable}, nil
		case certainly[0]:
			return Ending{winFor(Volcandria), ReasonNoMovable}, nil
		}
		return Ending{winFor(Everwinter), ReasonNoMovable}, nil
	}
	if legal, certain := p.hasLegalMove(); legal && certain {
		return e, moveErr(text, "announces that %s has no legal move, but it is known to have one", p.stm)
	}
	return Ending{winFor(p.stm.Other()), ReasonNoLegal}, nil
}
