package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"tempest/game"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/rules"
	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

// Stratego is the fantasy Stratego of docs/STRATEGO.md.
type Stratego struct{}

// strategoGame is a Stratego game with the questions the protocol asks.
type strategoGame struct{ *stratego.Game }

func (g strategoGame) Follow(token string) error { return followByPlay(g, token) }
func (g strategoGame) Display() []string         { return statusLines(g) }
func (g strategoGame) Perft(ctx context.Context, depth int, _ game.Settings) ([]game.PerftCount, error) {
	return dividePerft(ctx, g.Divide, depth)
}

var _ game.Variant = Stratego{}

func (Stratego) Name() string        { return stratego.Name }
func (Stratego) Description() string { return stratego.Description }

func (Stratego) Start(setup []string, _ game.Settings) (game.Game, error) {
	p, err := strategoStart(setup)
	if err != nil {
		return nil, err
	}
	return strategoGame{stratego.NewGame(p)}, nil
}

func (Stratego) Parse(pos string, _ game.Settings) (game.Game, error) {
	p, err := stratego.ParsePosition(pos)
	if err != nil {
		return nil, fmt.Errorf("invalid stratego position %q: %v", quote.Truncate(pos, 160), err)
	}
	return strategoGame{stratego.NewGame(p)}, nil
}

func (Stratego) Load(r rules.Record, _ game.Settings) (game.Game, error) {
	g, err := stratego.LoadRecord(r)
	if err != nil {
		return nil, err
	}
	return strategoGame{g}, nil
}

func (g strategoGame) View(player string) (string, error) {
	side, err := stratego.ParseSetupSide(player)
	if err != nil {
		return "", err
	}
	p := g.Pos()
	if owner, ok := p.Viewer(); ok && owner != side {
		return "", fmt.Errorf("the game is %s's view; %s's view cannot be derived from it", owner, side)
	}
	v := p.View(side)
	return v.String(), nil
}

func (Stratego) Commands() map[string]game.Command {
	return map[string]game.Command{"setup": game.LinesCommand("<v|e> [seed <n>]",
		"an arrangement of the side's pieces from the setup generator, as the position string's home rows", strategoSetupCommand)}
}

func (Stratego) NewEngine(s game.Settings) (game.Engine, error) {
	e, err := newStrategoEngine(s)
	if err != nil {
		return nil, err
	}
	return game.Bind[strategoGame](e), nil
}

func newStrategoEngine(s game.Settings) (*strategoEngine, error) {
	e := &strategoEngine{e: stsearch.New()}
	if _, err := e.Configure(s); err != nil {
		return nil, err
	}
	return e, nil
}

func (Stratego) Bench(ctx context.Context, depth int, _ game.Settings, report func(string)) kit.BenchResult {
	return stsearch.Bench(ctx, depth, report)
}

func (Stratego) Properties() game.Properties {
	return game.Properties{Title: "Stratego", Sides: []string{"v", "e"}, MinPlayers: 2, Files: stratego.Files, Ranks: stratego.Ranks, Hidden: game.HiddenPieces,
		GoWords: []game.Word{{Name: "deal", Arg: "belief|uniform",
			Help: "how the opponent's hidden pieces are dealt in each world: from the public record, or uniformly"},
			{Name: "weights", Arg: "default|fitted",
				Help: "fitted: the evaluation's weights fitted to self-play instead of the hand-set ones (experimental)"},
			{Name: "average", Arg: "result|cp",
				Help: "how the worlds' scores are combined: the mean expected result (the default at full strength) or the mean centipawns"}},
		StartWords: []game.Word{
			{Name: "seed", Arg: "<n>", Help: "both armies arranged by the engine's setup generator"},
			{Name: "random", Arg: "<n>", Help: "both armies dealt uniformly at random"},
			{Name: "setup", Arg: "<volcandria rows> <everwinter rows>", Help: "given arrangements"}},
		MaxPerftDepth: 10, BenchDepth: stsearch.BenchDepth,
		Levels: strategoLevels}
}

// strategoStart reads the stratego start options: nothing (the default
// arrangement of the rules, §3.1), "seed <n>" (both sides arranged by the
// engine's setup generator: Volcandria from seed n, Everwinter from n+1),
// "random <n>" (both armies dealt uniformly at random from seed n), or
// "setup <volcandria rows> <everwinter rows>" (given arrangements, written
// as their rows appear in a position string).
func strategoStart(args []string) (*stratego.Position, error) {
	switch {
	case len(args) == 0:
		return stratego.ParsePosition(stratego.StartPosition)
	case len(args) == 2 && (args[0] == "seed" || args[0] == "random"):
		n, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("startpos %s %q is not a number", args[0], quote.Truncate(args[1], 20))
		}
		if args[0] == "random" {
			rng := rand.New(rand.NewPCG(n, 0xA2A7))
			v := stratego.RandomSetup(rng)
			return stratego.NewStart(v, stratego.RandomSetup(rng), stratego.Volcandria), nil
		}
		v := stratego.GenerateSetup(stratego.Volcandria, rand.New(rand.NewPCG(n, 0x5E7)))
		e := stratego.GenerateSetup(stratego.Everwinter, rand.New(rand.NewPCG(n+1, 0x5E7)))
		return stratego.NewStart(v, e, stratego.Volcandria), nil
	case len(args) == 3 && args[0] == "setup":
		v, err := stratego.ParseSetup(stratego.Volcandria, args[1])
		if err != nil {
			return nil, fmt.Errorf("startpos setup, Volcandria: %v", err)
		}
		e, err := stratego.ParseSetup(stratego.Everwinter, args[2])
		if err != nil {
			return nil, fmt.Errorf("startpos setup, Everwinter: %v", err)
		}
		return stratego.NewStart(v, e, stratego.Volcandria), nil
	}
	return nil, fmt.Errorf("startpos takes \"seed <n>\", \"random <n>\" or \"setup <volcandria rows> <everwinter rows>\", not %q",
		quote.Truncate(strings.Join(args, " "), 60))
}

// strategoSetupCommand answers "setup <side> [seed <n>]" with
// "setup <v|e> <rows>": an arrangement of the side's 30 pieces from the
// engine's setup generator (a clock seed without "seed").
func strategoSetupCommand(_ strategoGame, args []string) ([]string, error) {
	if len(args) != 1 && !(len(args) == 3 && args[1] == "seed") {
		return nil, fmt.Errorf("setup needs the side and optionally a seed: \"setup v\", \"setup e seed 7\"")
	}
	side, err := stratego.ParseSetupSide(args[0])
	if err != nil {
		return nil, fmt.Errorf("setup: %v", err)
	}
	seed := uint64(time.Now().UnixNano())
	if len(args) == 3 {
		if seed, err = strconv.ParseUint(args[2], 10, 64); err != nil {
			return nil, fmt.Errorf("setup seed %q is not a number", quote.Truncate(args[2], 20))
		}
	}
	st := stratego.GenerateSetup(side, rand.New(rand.NewPCG(seed, 0x5E7)))
	return []string{fmt.Sprintf("setup %s %s", side.Letter(), st.String(side))}, nil
}

// strategoEngine is the Stratego search behind the protocol. Its table is
// cleared at every decision, so Clear Hash and ucinewgame have nothing to
// forget.
type strategoEngine struct {
	e        *stsearch.Engine
	settings game.Settings
	fresh    bool
}

func (c *strategoEngine) Configure(s game.Settings) ([]string, error) {
	game := "Stratego"
	var notes []string
	if s.HashMB != stsearch.TableMB && s.HashMB != c.settings.HashMB && c.settings.HashMB != 0 {
		notes = append(notes, notApplicable("Hash", game,
			fmt.Sprintf("its table stays at %d MiB, which its searches fill at playing speed; a larger one costs more in cache misses than it saves", stsearch.TableMB)))
	}
	if s.Threads != 1 && s.Threads != c.settings.Threads {
		notes = append(notes, notApplicable("Threads", game, "its search runs on one thread"))
	}
	if s.MultiPV != 1 && s.MultiPV != c.settings.MultiPV {
		notes = append(notes, notApplicable("MultiPV", game, "one line is reported"))
	}
	if s.Contempt != 0 && s.Contempt != c.settings.Contempt {
		notes = append(notes, notApplicable("Contempt", game, "the search's own draw penalty is fixed"))
	}
	c.e.MoveOverhead = s.MoveOverhead
	if !c.fresh || s.Level != c.settings.Level || s.LevelSeed != c.settings.LevelSeed {
		c.e.SetLevel(s.Level, s.LevelSeed)
		c.fresh = true
	}
	c.settings = s
	return notes, nil
}

func (c *strategoEngine) Close()                                {}
func (c *strategoEngine) NewGame()                              {}
func (c *strategoEngine) Eval(g strategoGame) ([]string, error) { return noEval(g) }
func (c *strategoEngine) ClearHash() string {
	return "Clear Hash: nothing to clear, every Stratego search starts with an empty table"
}
func (c *strategoEngine) Settings() game.Settings { return c.settings }
func (c *strategoEngine) TableMB() int            { return stsearch.TableMB }

// Prepare reads "go": depth, nodes, movetime, wtime/btime (Volcandria/
// Everwinter) with winc/binc and movestogo, infinite, ponder (Stratego
// has no ponder mode of its own: the search runs at once and the answer is
// held until ponderhit), "deal belief|uniform" (how the worlds are dealt;
// belief, the default, at full strength only, from the public record,
// stsearch.Options), "weights default|fitted" (the evaluation's weights:
// the hand-set ones or those fitted to self-play), "average result|cp"
// (the worlds' mean expected result, the default at full strength, or
// their mean centipawns). searchmoves and mate are ignored with a note. The
// engine decides from the mover's view; a view of the other player cannot
// be searched.
func (c *strategoEngine) Prepare(g strategoGame, args []string) (game.Search, []string, error) {
	pos := *g.Pos() // the search owns its copy
	us := int(pos.SideToMove())
	gp := kit.ParseGo(args, us, kit.ColourClocks, "deal", "weights", "average")
	// The belief reads the public record only: the start (reduced to the
	// mover's view by the search) and the plies as both saw them.
	start := g.Begin().View(pos.SideToMove()) // the search's own copy; the mover's view, so nothing hidden can leak
	opts := stsearch.Defaults(&start, g.Observations())
	if gp.Choice("deal", "belief", "uniform") {
		opts.Belief, opts.Start, opts.Seen = false, nil, nil
	}
	if gp.Choice("weights", "default", "fitted") {
		opts.Weights = &stsearch.FittedWeights
	}
	if gp.Choice("average", "result", "cp") {
		opts.ByResult = false
	}
	if len(gp.Limits.SearchMoves) > 0 {
		gp.Note("go searchmoves is not supported in %s; ignored", stratego.Name)
	}
	if gp.Limits.Mate > 0 {
		gp.Note("go mate is not supported in %s; ignored", stratego.Name)
	}
	if owner, ok := pos.Viewer(); ok && owner != pos.SideToMove() {
		return nil, gp.Notes, fmt.Errorf("go: the position is %s's view, but %s is to move", owner, pos.SideToMove())
	}
	if st := g.Status(); st.Over {
		gp.Note("the game is over (%s)", st.Reason)
	}
	history := g.PublicHistory()
	lim := kit.Convert[stratego.Move](gp.Limits)
	eng := c.e
	return func(ctx context.Context, hit <-chan struct{}, report func(string)) string {
		lim.PonderHit = hit
		eng.SetOptions(opts)
		res := eng.Search(ctx, &pos, history, lim, func(info stsearch.Info) {
			report(kit.InfoOf(info, stratego.Move.String, nil).String())
		})
		if res.BestMove == stratego.NullMove {
			return "0000"
		}
		return res.BestMove.String()
	}, gp.Notes, nil
}

// strategoLevels is the levels' strength in Stratego (docs/STRENGTH.md, "The
// levels in each game"): games between neighbouring levels refereed by
// tempest-dev match (tuning/levels/variants.sh stratego; full strength at
// 200,000 nodes a move), fitted with the greedy level held at 1000, rounded
// to 10.
var strategoLevels = []kit.LevelScale{{Elo: []int{480, 1000, 1010, 1030, 1090, 1220, 1340, 1320, 1340, 1420, 1530}}}
