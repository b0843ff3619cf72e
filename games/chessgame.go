package games

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"tempest/internal/quote"
	"tempest/movegen"
	"tempest/variants"
)

// chessGame is a standard chess game as the rules service sees it: a start
// position and the moves since.
type chessGame struct {
	start    movegen.Position
	pos      movegen.Position
	moves    []movegen.Move
	chess960 bool
	// From a loaded record: its tags, written back by Record, and a result
	// the rules do not decide (resignation, agreement, time).
	tags     [][2]string
	recorded variants.RecordedResult
}

var _ variants.Game = (*chessGame)(nil)

func newChessGame(start *movegen.Position, chess960 bool) *chessGame {
	return &chessGame{start: *start, pos: *start, chess960: chess960}
}

func (g *chessGame) Variant() string  { return "chess" }
func (g *chessGame) Position() string { return g.pos.FEN() }
func (g *chessGame) Start() string    { return g.start.FEN() }

func (g *chessGame) Actions() []string {
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		out[i] = m.UCI(g.chess960)
	}
	return out
}

func (g *chessGame) Legal() []string {
	if g.Status().Over {
		return nil
	}
	var buf [movegen.MaxMoves]movegen.Move
	var out []string
	for _, m := range g.pos.GenLegal(buf[:]) {
		out = append(out, m.UCI(g.chess960))
	}
	sort.Strings(out)
	return out
}

// Play accepts UCI notation (and, as a convenience, SAN).
func (g *chessGame) Play(token string) (variants.Report, error) {
	if st := g.Status(); st.Over {
		return nil, fmt.Errorf("move %q: the game is over (%s)", token, st.Reason)
	}
	return g.playMove(token)
}

// playMove makes a legal move even after a draw by rule (fifty moves,
// repetition, a dead position): in "position ... moves" the GUI decides
// when a game ends, and many play on after such a draw.
func (g *chessGame) playMove(token string) (variants.Report, error) {
	m, err := g.pos.ParseUCIMove(token, g.chess960)
	if err != nil {
		if san, err2 := g.pos.ParseSAN(token); err2 == nil {
			m, err = san, nil
		}
	}
	if err != nil {
		return nil, err
	}
	var report variants.Report
	if captured := g.pos.Piece(m.To()); captured != movegen.NoPiece && !m.IsCastling() {
		report = append(report, "captured "+m.To().String())
	} else if m.IsEnPassant() {
		report = append(report, "captured "+(m.To()^8).String())
	}
	report = append(report, "san "+g.pos.SAN(m))
	var u movegen.Undo
	g.pos.Make(m, &u)
	g.moves = append(g.moves, m)
	return report, nil
}

// Status treats the claimable draws (fifty moves, threefold repetition) as
// claimed at once, as engine matches and the app do.
func (g *chessGame) Status() variants.Status {
	st := variants.Status{ToMove: "w", InCheck: g.pos.InCheck(), Result: "*"}
	if g.pos.SideToMove() == movegen.Black {
		st.ToMove = "b"
	}
	switch o := g.pos.Outcome(); o {
	case movegen.Ongoing:
	case movegen.Checkmate:
		st.Over, st.Reason = true, "checkmate"
		st.Result = "1-0"
		if g.pos.SideToMove() == movegen.White {
			st.Result = "0-1"
		}
	case movegen.FiftyMoveRule, movegen.SeventyFiveMoveRule:
		st.Over, st.Result, st.Reason = true, "1/2-1/2", "fifty-move rule"
	case movegen.ThreefoldRepetition, movegen.FivefoldRepetition:
		st.Over, st.Result, st.Reason = true, "1/2-1/2", "threefold repetition"
	default:
		st.Over, st.Result, st.Reason = true, "1/2-1/2", o.String()
	}
	return g.recorded.Apply(st)
}

// Record writes the game with SAN moves; a start other than the standard
// position is given by the FEN and SetUp tags. A loaded record's tags are
// kept; the Result tag is the game's.
func (g *chessGame) Record() variants.Record {
	result := g.Status().Result
	r := variants.Record{Tags: variants.WithTags(variants.SevenTagRoster(result), g.tags)}
	r.SetTag("Result", result)
	if g.start.FEN() != movegen.StartFEN {
		r.SetTag("SetUp", "1")
		r.SetTag("FEN", g.start.FEN())
	}
	if g.chess960 {
		r.SetTag("Variant", "Chess960")
	}
	pos := g.start
	for _, m := range g.moves {
		r.Moves = append(r.Moves, pos.SAN(m))
		var u movegen.Undo
		pos.Make(m, &u)
	}
	r.Result = result
	return r
}

// loadChessRecord rebuilds a chess game from a PGN record: the FEN tag if
// present, then every move (SAN, or UCI notation as a fallback). The
// record's result must be the one the rules give when they end the game
// (checkmate, stalemate, a dead position, the 75-move rule, fivefold
// repetition); any other result, such as a resignation or a claimed draw,
// is kept with the tags.
func loadChessRecord(r variants.Record, chess960 bool) (*chessGame, error) {
	start := movegen.NewStartPosition()
	if fen := r.Tag("FEN"); fen != "" {
		p, err := movegen.ParseFEN(fen)
		if err != nil {
			return nil, describeFENError(err)
		}
		start = p
	}
	_, tagged960 := RecordVariant(r.Tag("Variant"))
	g := newChessGame(start, chess960 || tagged960)
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
		var u movegen.Undo
		g.pos.Make(m, &u)
		g.moves = append(g.moves, m)
	}
	st := g.Status()
	decided := false
	switch o := g.pos.Outcome(); o {
	case movegen.Checkmate, movegen.Stalemate, movegen.InsufficientMaterial, movegen.SeventyFiveMoveRule, movegen.FivefoldRepetition:
		decided, st.Reason = true, o.String()
	}
	recorded, err := variants.SettleResult(r.Result, st, decided, r.Tag("Termination"))
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
	var fe *movegen.FENError
	if !errors.As(err, &fe) {
		return err
	}
	switch fe.Kind {
	case movegen.FENRankCount, movegen.FENRankLength:
		return fmt.Errorf("the board is not 8x8: %s", fe.Problem)
	case movegen.FENPieceLetter:
		return fmt.Errorf("a piece or colour that does not exist: %s", fe.Problem)
	case movegen.FENSideToMove:
		return fmt.Errorf("the side to move is missing or invalid: %s", fe.Problem)
	}
	return fmt.Errorf("invalid FEN tag: %v", err)
}
