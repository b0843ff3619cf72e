package games

import (
	"context"
	"fmt"
	"strings"

	"tempest/game"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/movegen"
	"tempest/rules"
	"tempest/tt"
	"tempest/variants/chameleon"
	"tempest/variants/chameleon/chsearch"
)

// Chameleon is Chameleon Chess for 2 to 4 players (docs/CHAMELEON.md).
type Chameleon struct{}

// chameleonGame is a Chameleon Chess game with the questions the protocol
// asks.
type chameleonGame struct{ *chameleon.Game }

func (g chameleonGame) Follow(token string) error { return followByPlay(g, token) }
func (g chameleonGame) RecordText() string        { return chameleon.WriteRecord(g.Record()) }
func (g chameleonGame) Display() []string         { return statusLines(g) }
func (g chameleonGame) View(string) (string, error) {
	return "", game.NoHiddenInformation(chameleon.Name)
}
func (g chameleonGame) Perft(ctx context.Context, depth int, _ game.Settings) ([]game.PerftCount, error) {
	return dividePerft(ctx, g.Divide, depth)
}

var _ game.Variant = Chameleon{}

func (Chameleon) Name() string        { return chameleon.Name }
func (Chameleon) Description() string { return chameleon.Description }

func (Chameleon) Start(setup []string, _ game.Settings) (game.Game, error) {
	players := uint8(0b1111)
	switch {
	case len(setup) == 0:
	case len(setup) == 2 && setup[0] == "players":
		set, err := chameleon.ParsePlayers(setup[1])
		if err != nil {
			return nil, fmt.Errorf("startpos %v", err)
		}
		players = set
	default:
		return nil, fmt.Errorf("startpos takes \"players <2 to 4 of r g y b>\" (e.g. \"players ry\"), not %q",
			quote.Truncate(strings.Join(setup, " "), 40))
	}
	p, err := chameleon.StartPosition(players)
	if err != nil {
		return nil, err
	}
	return chameleonGame{chameleon.NewGame(p)}, nil
}

func (Chameleon) Parse(pos string, _ game.Settings) (game.Game, error) {
	p, err := chameleon.ParsePosition(pos)
	if err != nil {
		return nil, fmt.Errorf("invalid chameleon position %q: %v", quote.Truncate(pos, 160), err)
	}
	return chameleonGame{chameleon.NewGame(p)}, nil
}

func (Chameleon) Load(r rules.Record, _ game.Settings) (game.Game, error) {
	g, err := chameleon.LoadRecord(r)
	if err != nil {
		return nil, err
	}
	return chameleonGame{g}, nil
}

func (Chameleon) Commands() map[string]game.Command {
	return map[string]game.Command{"board": game.LinesCommand("",
		"the board as drawn: each square's field colour and the role it gives a pawn, the bounds, the players out", chameleonBoard)}
}

func (Chameleon) NewEngine(s game.Settings) (game.Engine, error) {
	e := &chameleonEngine{}
	if _, err := e.Configure(s); err != nil {
		return nil, err
	}
	return game.Bind[chameleonGame](e), nil
}

func (Chameleon) Bench(ctx context.Context, depth int, s game.Settings, report func(string)) kit.BenchResult {
	return chsearch.Bench(ctx, depth, s.BenchHashMB(), report)
}

// chameleonClocks: a game of up to four players names the mover's clock,
// as it declares and as its "go" is read.
const chameleonClocks = kit.MoverClock

func (Chameleon) Properties() game.Properties {
	return game.Properties{Title: "Chameleon Chess", Sides: []string{"r", "b", "y", "g"}, MinPlayers: 2, Files: 8, Ranks: 8, Clocks: chameleonClocks,
		GoWords: []game.Word{
			{Name: "algorithm", Arg: "model|paranoid", Help: "paranoid search with the opponent model, or without it (the control)"},
			{Name: "time", Arg: "<ms>", Help: "the mover's clock (wtime/btime are read as the mover's too)"},
			{Name: "inc", Arg: "<ms>", Help: "the mover's increment"},
			{Name: "weights", Arg: "default|fitted|hand",
				Help: "the evaluation's weights: default (fitted to self-play in two-player games at full strength, hand-set otherwise), fitted or hand always"}},
		StartWords:    []game.Word{{Name: "players", Arg: "<2 to 4 of rgyb>", Help: "who plays; none: all four"}},
		MaxPerftDepth: 10, BenchDepth: chsearch.BenchDepth,
		Levels: chameleonLevels}
}

// maxChameleonHashMB caps the table of the one-threaded Chameleon Chess
// search: at playing speed it fills far less than chess's largest Hash.
const maxChameleonHashMB = 256

// chameleonEngine is the Chameleon search behind the protocol. Its table
// starts every search empty-looking (a new generation), so Clear Hash and
// ucinewgame have nothing to forget.
type chameleonEngine struct {
	e        *chsearch.Engine
	settings game.Settings
}

func (c *chameleonEngine) Configure(s game.Settings) ([]string, error) {
	game := "Chameleon Chess"
	var notes []string
	mb := min(max(s.HashMB, 1), maxChameleonHashMB)
	fresh := c.e == nil
	if fresh {
		t, err := tt.New(mb)
		if err != nil {
			return nil, err
		}
		c.e = chsearch.NewWithTable(t)
	} else if c.e.TableMB() != mb {
		if err := c.e.TT.Resize(mb); err != nil { // refused: the old table stays
			return nil, err
		}
	}
	if fresh || s.Level != c.settings.Level || s.LevelSeed != c.settings.LevelSeed {
		c.e.SetLevel(s.Level, s.LevelSeed)
	}
	if s.HashMB > maxChameleonHashMB && s.HashMB != c.settings.HashMB {
		notes = append(notes, fmt.Sprintf("Hash: Chameleon Chess uses at most %d MiB", maxChameleonHashMB))
	}
	if s.Threads != 1 && s.Threads != c.settings.Threads {
		notes = append(notes, notApplicable("Threads", game, "its search runs on one thread"))
	}
	if s.MultiPV != 1 && s.MultiPV != c.settings.MultiPV {
		notes = append(notes, notApplicable("MultiPV", game, "one line is reported"))
	}
	if s.Contempt != 0 && s.Contempt != c.settings.Contempt {
		notes = append(notes, notApplicable("Contempt", game, "a draw is scored as an even position"))
	}
	c.settings = s
	return notes, nil
}

func (c *chameleonEngine) Close()                                 {}
func (c *chameleonEngine) NewGame()                               {}
func (c *chameleonEngine) Eval(g chameleonGame) ([]string, error) { return noEval(g) }
func (c *chameleonEngine) ClearHash() string {
	return "Clear Hash: nothing to clear, every Chameleon Chess search starts with an empty table"
}
func (c *chameleonEngine) Settings() game.Settings { return c.settings }
func (c *chameleonEngine) TableMB() int            { return c.e.TableMB() }

// Prepare reads "go" (parseChameleonGo). The search prints one info line
// per finished iteration and answers "0000" when the mover must pass,
// "(none)" when the game is over. Chameleon has no ponder mode of its
// own: "go ponder" searches at once and holds the answer until ponderhit.
func (c *chameleonEngine) Prepare(g chameleonGame, args []string) (game.Search, []string, error) {
	lim, opts, notes := parseChameleonGo(args, g.Pos())
	if st := g.Status(); st.Over {
		notes = append(notes, fmt.Sprintf("the game is over (%s)", st.Reason))
	}
	opts.MoveOverhead = c.settings.MoveOverhead
	opts.StartPlayers = g.StartPlayers()
	if opts.Algorithm == chsearch.ParanoidModel {
		opts.Sensible = chsearch.SensiblePlayers(g.Game)
	}
	eng := c.e
	eng.SetOptions(opts)
	pos := *g.Pos() // the search owns its copy
	keys := g.Keys()
	players := pos.Players()
	return func(ctx context.Context, hit <-chan struct{}, report func(string)) string {
		lim.PonderHit = hit
		mate := chameleonMate(players)
		res := eng.Search(ctx, &pos, keys, lim, func(info chsearch.Info) {
			report(kit.InfoOf(info, chameleon.Move.String, mate).String())
		})
		if res.BestMove == chameleon.NoMove {
			return "(none)"
		}
		return res.BestMove.String()
	}, notes, nil
}

// parseChameleonGo reads "go" for Chameleon Chess: depth, nodes, movetime,
// infinite, ponder, searchmoves, movestogo, the mover's clock (the kit's
// MoverClock: time/inc, or a two-player frontend's wtime/btime), and
// "algorithm model|paranoid" (model, the default, is paranoid search with
// the opponent model; paranoid is its control) and "weights
// default|fitted|hand" (the evaluation's weights: the engine's default, or
// those fitted to self-play, or the hand-set ones, always). What cannot
// apply (mate, a bad weights word,
// bad algorithm or move) is ignored with a note.
func parseChameleonGo(args []string, pos *chameleon.Position) (chsearch.Limits, chsearch.Options, []string) {
	var moves []chameleon.Move
	opts := chsearch.Options{Algorithm: chsearch.ParanoidModel}
	g := kit.ParseGo(args, int(pos.ToMove()), chameleonClocks, "algorithm", "weights")
	switch g.Pick("weights", "default", "fitted", "hand") {
	case 1:
		opts.Weights = &chsearch.FittedWeights
	case 2:
		opts.Weights = &chsearch.HandSetWeights
	}
	if g.Choice("algorithm", chsearch.ParanoidModel.String(), chsearch.Paranoid.String()) {
		opts.Algorithm = chsearch.Paranoid
	}
	if g.Limits.Mate > 0 {
		g.Note("go mate is not supported in Chameleon Chess; ignored")
	}
	for _, tok := range g.Limits.SearchMoves {
		m, err := pos.ParseMove(tok)
		if err != nil {
			g.Note("go searchmoves: %v; ignored", err)
			continue
		}
		moves = append(moves, m)
	}
	if len(g.Limits.SearchMoves) > 0 && len(moves) == 0 {
		g.Note("go searchmoves: no legal move given; searching every move")
	}
	lim := kit.Convert[chameleon.Move](g.Limits) // clocks indexed by colour, as the search reads them
	lim.SearchMoves = moves
	return lim, opts, g.Notes
}

// chameleonMate writes a score of a game of players players as "mate N".
// A score is the mover's (the root player's) in centipawns: its own
// evaluation minus the mean of its opponents'; "mate N" is a win the
// opponents cannot prevent even together, within about N of its own moves
// (negative: they can eliminate it).
func chameleonMate(players int) func(score int) (int, bool) {
	return func(score int) (int, bool) {
		if !chsearch.IsWin(score) {
			return 0, false
		}
		plies := chsearch.WinScore - score
		if score < 0 {
			plies = chsearch.WinScore + score
		}
		moves := (plies + players - 1) / max(players, 1)
		if score < 0 {
			moves = -max(moves, 1)
		}
		return moves, true
	}
}

// showChameleonBoard answers "board" with everything a frontend draws,
// between "board begin" and "board end" (format in docs/CHAMELEON.md):
//
//	board rank 8 B... R... B... Y... GygN RyrN BybN YyyN
//	...
//	board bounds a1h8 tomove r quiet 0 ply 0 players rbyg eliminated - over false
//
// Each square is four characters: the field colour (upper case inside the
// bounds, lower case for a square that is gone), then "..." for no pawn or
// the pawn's owner, its knight colour and its role there (N, Q, B, R).
// players are the colours that started, in turn order; eliminated lists
// "<colour>@<ply>" in the order they dropped out, or "-".
func chameleonBoard(g chameleonGame, args []string) ([]string, error) {
	if len(args) > 0 {
		return nil, fmt.Errorf("board takes no arguments, not %q", quote.Truncate(strings.Join(args, " "), 40))
	}
	p := g.Pos()
	out := []string{"board begin"}
	for rank := 7; rank >= 0; rank-- {
		var b strings.Builder
		fmt.Fprintf(&b, "board rank %d", rank+1)
		for file := 0; file < 8; file++ {
			sq := movegen.MakeSquare(file, rank)
			field := chameleon.FieldColor(sq).Letter()
			if p.Bounds().Contains(sq) {
				field -= 'a' - 'A'
			}
			b.WriteByte(' ')
			b.WriteByte(field)
			if pc := p.At(sq); pc == chameleon.NoPawn {
				b.WriteString("...")
			} else {
				b.WriteString(pc.String())
				b.WriteByte(p.RoleAt(sq).Letter())
			}
		}
		out = append(out, b.String())
	}
	var players strings.Builder
	start, _ := chameleon.ParsePosition(g.Start())
	for _, c := range chameleon.CycleOrder {
		if start != nil && start.Has(c) {
			players.WriteString(c.String())
		}
	}
	var gone []string
	for _, e := range g.Eliminations() {
		gone = append(gone, fmt.Sprintf("%s@%d", e.Color, e.Ply))
	}
	eliminated := "-"
	if len(gone) > 0 {
		eliminated = strings.Join(gone, ",")
	}
	st := g.Status()
	out = append(out, fmt.Sprintf("board bounds %s tomove %s quiet %d ply %d players %s eliminated %s over %t", p.Bounds(), st.ToMove,
		p.QuietPlies(), p.Ply(), players.String(), eliminated, st.Over))
	return append(out, "board end"), nil
}

// chameleonLevels is the levels' strength in Chameleon Chess (docs/STRENGTH.md,
// "The levels in each game"), one scale per number of players measured, the
// greedy level held at 1000, rounded to 10: two players (Red and Yellow) by
// games between neighbouring levels, four by windows of four levels fitted
// by who won (tuning/levels/variants.sh chameleon2, chameleon4; full
// strength at 300,000 nodes a move). Three players are unmeasured.
var chameleonLevels = []kit.LevelScale{
	{Players: 2, Elo: []int{80, 1000, 1070, 1220, 1500, 1650, 1780, 1790, 1940, 2050, 2200}},
	{Players: 4, Elo: []int{650, 1000, 950, 1280, 1210, 1280, 1240, 1340, 1400, 1380, 1330}},
}
