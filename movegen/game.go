package movegen

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"tempest/internal/quote"
	"tempest/rules"
)

// Game is chess's rules service: a game from a start position (standard
// or Chess960, whose castling moves are written king-takes-rook) and the
// moves since, with a loaded record's tags and a result the rules do not
// decide.
type Game struct {
	start    Position
	pos      Position
	moves    []Move
	chess960 bool
	// From a loaded record: its tags, written back by Record, and a result
	// the rules do not decide (resignation, agreement, time).
	tags     [][2]string
	recorded rules.RecordedResult
}

var _ rules.Service = (*Game)(nil)

// NewGame starts a game from a position.
func NewGame(start *Position, chess960 bool) *Game {
	return &Game{start: *start, pos: *start, chess960: chess960}
}

func (g *Game) Variant() string { return "chess" }

// Pos is the position now; the caller must not change it.
func (g *Game) Pos() *Position { return &g.pos }

// Chess960 says castling moves are written king-takes-rook.
func (g *Game) Chess960() bool   { return g.chess960 }
func (g *Game) Position() string { return g.pos.FEN() }
func (g *Game) Start() string    { return g.start.FEN() }

func (g *Game) Actions() []string {
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = m.UCI(g.chess960)
	}
	return out
}

func (g *Game) Legal() []string {
	if g.Status().Over {
		return nil
	}
	var buf [MaxMoves]Move
	var out []string
	for _, m := range g.pos.GenLegal(buf[:]) {
		out = append(out, m.UCI(g.chess960))
	}
	sort.Strings(out)
	return out
}

// Play accepts UCI notation (and, as a convenience, SAN).
func (g *Game) Play(token string) (rules.Report, error) {
	if st := g.Status(); st.Over {
		return nil, fmt.Errorf("move %q: the game is over (%s)", token, st.Reason)
	}
	return g.PlayMove(token)
}

// PlayMove makes a legal move even after a draw by rule (fifty moves,
// repetition, a dead position): in "position ... moves" the GUI decides
// when a game ends, and many play on after such a draw.
func (g *Game) PlayMove(token string) (rules.Report, error) {
	m, err := g.pos.ParseUCIMove(token, g.chess960)
	if err != nil {
		if san, err2 := g.pos.ParseSAN(token); err2 == nil {
			m, err = san, nil
		}
	}
	if err != nil {
		return nil, err
	}
	var report rules.Report
	if captured := g.pos.Piece(m.To()); captured != NoPiece && !m.IsCastling() {
		report = append(report, "captured "+m.To().String())
	} else if m.IsEnPassant() {
		report = append(report, "captured "+(m.To()^8).String())
	}
	report = append(report, "san "+g.pos.SAN(m))
	var u Undo
	g.pos.Make(m, &u)
	g.moves = append(g.moves, m)
	return report, nil
}

// Status treats the claimable draws (fifty moves, threefold repetition) as
// claimed at once, as engine matches and the app do.
func (g *Game) Status() rules.Status {
	st := rules.Status{ToMove: "w", InCheck: g.pos.InCheck(), Result: "*"}
	if g.pos.SideToMove() == Black {
		st.ToMove = "b"
	}
	switch o := g.pos.Outcome(); o {
	case Ongoing:
	case Checkmate:
		st.Over, st.Reason = true, "checkmate"
		st.Result = "1-0"
		if g.pos.SideToMove() == White {
			st.Result = "0-1"
		}
	case FiftyMoveRule, SeventyFiveMoveRule:
		st.Over, st.Result, st.Reason = true, "1/2-1/2", "fifty-move rule"
	case ThreefoldRepetition, FivefoldRepetition:
		st.Over, st.Result, st.Reason = true, "1/2-1/2", "threefold repetition"
	default:
		st.Over, st.Result, st.Reason = true, "1/2-1/2", o.String()
	}
	return g.recorded.Apply(st)
}

// Record writes the game with SAN moves; a start other than the standard
// position is given by the FEN and SetUp tags. A loaded record's tags are
// kept; the Result tag is the game's.
func (g *Game) Record() rules.Record {
	result := g.Status().Result
	r := rules.Record{Tags: rules.WithTags(rules.SevenTagRoster(result), g.tags)}
	r.SetTag("Result", result)
	if g.start.FEN() != StartFEN {
		r.SetTag("SetUp", "1")
		r.SetTag("FEN", g.start.FEN())
	}
	if g.chess960 {
		r.SetTag("Variant", "Chess960")
	}
	pos := g.start
	for _, m := range g.moves {
		r.Moves = append(r.Moves, pos.SAN(m))
		var u Undo
		pos.Make(m, &u)
	}
	r.Result = result
	return r
}

// LoadRecord rebuilds a chess game from a PGN record: the FEN tag if
// present, then every move (SAN, or UCI notation as a fallback). The
// record's result must be the one the rules give when they end the game
// (checkmate, stalemate, a dead position, the 75-move rule, fivefold
// repetition); any other result, such as a resignation or a claimed draw,
// is kept with the tags.
func LoadRecord(r rules.Record, chess960 bool) (*Game, error) {
	start := NewStartPosition()
	if fen := r.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return nil, describeFENError(err)
		}
		start = p
	}
	g := NewGame(start, chess960)
	for i, tok := range r.Moves {
		m, err := g.pos.ParseSAN(tok)
		if err != nil {
			if u, err2 := g.pos.ParseUCIMove(tok, g.chess960); err2 == nil {
				m, err = u, nil
			}
		}
		if err != nil {
			return nil, fmt.Errorf("move %d (%s) is illegal: %v", i+1, quote.Truncate(tok, 20), err)
		}
		var u Undo
		g.pos.Make(m, &u)
		g.moves = append(g.moves, m)
	}
	st := g.Status()
	decided := false
	switch o := g.pos.Outcome(); o {
	case Checkmate, Stalemate, InsufficientMaterial, SeventyFiveMoveRule, FivefoldRepetition:
		decided, st.Reason = true, o.String()
	}
	recorded, err := rules.SettleResult(r.Result, st, decided, r.Tag("Termination"))
	if err != nil {
		return nil, err
	}
	if err := r.CheckResultTag(); err != nil {
		return nil, err
	}
	g.tags, g.recorded = slices.Clone(r.Tags), recorded
	return g, nil
}

// describeFENError phrases a FEN error as a game-record problem.
func describeFENError(err error) error {
	var fe *FENError
	if !errors.As(err, &fe) {
		return err
	}
	switch fe.Kind {
	case FENRankCount, FENRankLength:
		return fmt.Errorf("the board is not 8x8: %s", fe.Problem)
	case FENPieceLetter:
		return fmt.Errorf("a piece or colour that does not exist: %s", fe.Problem)
	case FENSideToMove:
		return fmt.Errorf("the side to move is missing or invalid: %s", fe.Problem)
	}
	return fmt.Errorf("invalid FEN tag: %v", err)
}
