package minichess

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"tempest/game"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/rules"
)

// Name is the game's UCI_Variant value.
const Name = "minichess"

// Variant binds minichess to Tempest's game interfaces: with
// games.Register(minichess.Variant{}) a session plays it over UCI, perft,
// bench and records reach it, and nothing else in Tempest changes. It is
// the proof of issue 32 that a game is one package and one line; no
// shipped binary registers it.
type Variant struct{}

var _ game.Variant = Variant{}

func (Variant) Name() string { return Name }
func (Variant) Description() string {
	return Name + ": Gardner's 5x5 minichess, FEN positions (" + StartFEN + "), moves a2a3 and b4b5q"
}

func (Variant) Properties() game.Properties {
	return game.Properties{Title: "minichess", Sides: []string{"w", "b"}, MinPlayers: 2, Files: size, Ranks: size,
		MaxPerftDepth: 8, BenchDepth: benchDepth}
}

func (Variant) Start(setup []string, _ game.Settings) (game.Game, error) {
	if len(setup) > 0 {
		return nil, fmt.Errorf("minichess's startpos takes no words, not %q", quote.Truncate(strings.Join(setup, " "), 40))
	}
	return parseGame(StartFEN)
}

func (Variant) Parse(pos string, _ game.Settings) (game.Game, error) { return parseGame(pos) }

// Load rebuilds a game from its record: the FEN tag (or the start), the
// moves, and a result the rules cannot decide (a resignation) kept.
func (Variant) Load(r rules.Record, _ game.Settings) (game.Game, error) {
	fen := StartFEN
	if tag := r.Tag("FEN"); tag != "" {
		fen = tag
	}
	g, err := parseGame(fen)
	if err != nil {
		return nil, err
	}
	for i, tok := range r.Moves {
		if _, err := g.Play(tok); err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
	}
	if g.recorded, g.tags, err = r.Settle(g.Status()); err != nil {
		return nil, err
	}
	return g, nil
}

func (Variant) Commands() map[string]game.Command { return nil }

func (Variant) NewEngine(s game.Settings) (game.Engine, error) {
	e := &engine{}
	if _, err := e.Configure(s); err != nil {
		return nil, err
	}
	return game.Bind[*state](e), nil
}

// benchDepth and benchFENs make the bench: fixed positions searched to a
// fixed depth, whose node total is the game's signature.
const benchDepth = 5

var benchFENs = []string{StartFEN, "1nbqk/rp1pp/p4/PPP1P/RNBQK w - - 0 1", "k4/5/1Q3/5/K4 w - - 0 1"}

func (Variant) Bench(ctx context.Context, depth int, _ game.Settings, report func(string)) kit.BenchResult {
	var res kit.BenchResult
	start := time.Now()
	for i, fen := range benchFENs {
		p, err := Parse(fen)
		if err != nil {
			res.Err = err
			return res
		}
		best, info := Search(ctx, p, depth, 0, nil)
		if ctx.Err() != nil {
			res.Stopped = true
			return res
		}
		res.Nodes += info.Nodes
		report(fmt.Sprintf("position %d/%d: %s bestmove %s nodes %d", i+1, len(benchFENs), fen, best, info.Nodes))
	}
	res.Elapsed = time.Since(start)
	return res
}

// state is a game in progress: its start, the moves played and the
// position they lead to, with the record's tags and kept result.
type state struct {
	start    Position
	pos      Position
	moves    []string
	tags     [][2]string
	recorded rules.RecordedResult
}

func parseGame(fen string) (*state, error) {
	p, err := Parse(fen)
	if err != nil {
		return nil, err
	}
	return &state{start: p, pos: p}, nil
}

func (g *state) Variant() string   { return Name }
func (g *state) Position() string  { return g.pos.FEN() }
func (g *state) Start() string     { return g.start.FEN() }
func (g *state) Actions() []string { return slices.Clone(g.moves) }

func (g *state) Legal() []string {
	if g.Status().Over {
		return nil
	}
	var out []string
	for _, m := range g.pos.Legal() {
		out = append(out, m.String())
	}
	return out
}

func (g *state) Play(token string) (rules.Report, error) {
	if st := g.Status(); st.Over {
		return nil, fmt.Errorf("the game is over (%s)", st.Reason)
	}
	return nil, g.Follow(token)
}

// Follow plays a move of a GUI's move list: after a draw by rule, too.
func (g *state) Follow(token string) error {
	m, err := g.pos.ParseMove(token)
	if err != nil {
		return err
	}
	g.pos.Play(m)
	g.moves = append(g.moves, m.String())
	return nil
}

func (g *state) Status() rules.Status {
	st := rules.Status{ToMove: "w", InCheck: g.pos.InCheck(), Result: rules.Unfinished}
	if !g.pos.WhiteToMove() {
		st.ToMove = "b"
	}
	if g.recorded.Result != "" {
		return g.recorded.Apply(st)
	}
	st.Over, st.Result, st.Reason = g.pos.Status()
	if !st.Over {
		st.Result = rules.Unfinished
	}
	return st
}

func (g *state) Record() rules.Record {
	return rules.TwoPlayerRecord(Name, g.start.FEN(), g.Status(), g.Actions(), g.tags)
}

func (g *state) RecordText() string {
	r := g.Record()
	return r.Write(g.start.fullmove, !g.start.WhiteToMove())
}

func (g *state) Perft(ctx context.Context, depth int, _ game.Settings) ([]game.PerftCount, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []game.PerftCount
	for _, c := range Divide(g.pos, depth) {
		out = append(out, game.PerftCount{Action: c.Move, Nodes: c.Nodes})
	}
	return out, ctx.Err()
}

func (g *state) View(string) (string, error) {
	return "", game.NoHiddenInformation(Name)
}

// Display is the board and, as chess's "d" has it, the FEN.
func (g *state) Display() []string { return append(g.pos.Display(), "Fen: "+g.pos.FEN()) }

// engine plays minichess with Search: a depth, node or time limit from
// "go", and the clock through the kit's time plan.
type engine struct{ settings game.Settings }

func (e *engine) Configure(s game.Settings) ([]string, error) {
	e.settings = s
	return nil, nil
}
func (e *engine) NewGame()                {}
func (e *engine) ClearHash() string       { return "minichess searches without a table" }
func (e *engine) TableMB() int            { return 0 }
func (e *engine) Settings() game.Settings { return e.settings }
func (e *engine) Close()                  {}
func (e *engine) Eval(g *state) ([]string, error) {
	return []string{fmt.Sprintf("Material and centre: %+d cp (side to move)", g.pos.evaluate())}, nil
}

// movesLeft is how many moves of its own a side plans for, for the
// kit's time plan.
const movesLeft = 30

func (e *engine) Prepare(g *state, args []string) (game.Search, []string, error) {
	us := 0
	if !g.pos.WhiteToMove() {
		us = 1
	}
	gp := kit.ParseGo(args, us, kit.ColourClocks)
	if st := g.Status(); st.Over {
		return nil, gp.Notes, fmt.Errorf("the game is over (%s)", st.Reason)
	}
	lim := gp.Limits
	pos := g.pos // the search owns its copy
	overhead := e.settings.MoveOverhead
	return func(ctx context.Context, hit <-chan struct{}, report func(string)) string {
		lim.PonderHit = hit
		searchCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		// The clock starts at once, or at the ponder hit; the hard limit
		// stops the search, the soft one ends it after a depth.
		var tm kit.TimeManager
		arm := func() {
			tm = kit.PlanTime(&lim, us, overhead, time.Now(), movesLeft)
			if tm.Enabled {
				time.AfterFunc(tm.Hard, cancel)
			}
		}
		if lim.Ponder {
			go func() {
				select {
				case <-hit:
					arm()
				case <-searchCtx.Done():
				}
			}()
		} else {
			arm()
		}
		best, _ := Search(searchCtx, pos, lim.Depth, lim.Nodes, func(info Info) {
			out := kit.Info{Depth: info.Depth, Score: info.Score, Nodes: info.Nodes, Hashfull: -1}
			if info.Mate != 0 {
				out.Score, out.Mate = info.Mate, true
			}
			for _, m := range info.PV {
				out.PV = append(out.PV, m.String())
			}
			report(out.String())
			if !lim.Ponder && tm.SoftExpired(1) {
				cancel()
			}
		})
		kit.Hold(ctx, &lim)
		if best == (Move{}) {
			return "(none)"
		}
		return best.String()
	}, gp.Notes, nil
}
