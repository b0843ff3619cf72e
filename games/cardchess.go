package games

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"tempest/game"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/movegen"
	"tempest/rules"
	"tempest/tt"
	"tempest/variants/chessmate"
	"tempest/variants/chessmate/cmsearch"
)

// CardChess is chess with a deck of action cards (docs/VARIANTS.md).
type CardChess struct{}

// cardGame is a card-chess game with the questions the protocol asks.
type cardGame struct{ *chessmate.Game }

func (g cardGame) Follow(token string) error { return followByPlay(g, token) }
func (g cardGame) RecordText() string        { return fenRecordText(g) }
func (g cardGame) Display() []string         { return statusLines(g) }
func (g cardGame) Perft(ctx context.Context, depth int, _ game.Settings) ([]game.PerftCount, error) {
	return dividePerft(ctx, g.Divide, depth)
}

var _ game.Variant = CardChess{}

func (CardChess) Name() string        { return chessmate.Name }
func (CardChess) Description() string { return chessmate.Description }

func (CardChess) Start(setup []string, _ game.Settings) (game.Game, error) {
	deck, err := parseDeal(setup)
	if err != nil {
		return nil, err
	}
	p, err := chessmate.Deal(deck)
	if err != nil {
		return nil, err
	}
	return cardGame{chessmate.NewGame(p)}, nil
}

func (CardChess) Parse(pos string, _ game.Settings) (game.Game, error) {
	p, err := chessmate.ParsePosition(pos)
	if err != nil {
		return nil, fmt.Errorf("invalid card-chess position %q: %v", quote.Truncate(pos, 160), err)
	}
	return cardGame{chessmate.NewGame(p)}, nil
}

func (CardChess) Load(r rules.Record, _ game.Settings) (game.Game, error) {
	g, err := chessmate.LoadRecord(r)
	if err != nil {
		return nil, err
	}
	return cardGame{g}, nil
}

func (g cardGame) View(player string) (string, error) {
	c := movegen.White
	switch player {
	case "w":
	case "b":
		c = movegen.Black
	default:
		return "", fmt.Errorf("the player is w or b, not %q", quote.Truncate(player, 10))
	}
	return g.Pos().View(c)
}

func (CardChess) Commands() map[string]game.Command { return nil }

func (CardChess) NewEngine(s game.Settings) (game.Engine, error) {
	t, err := tt.New(max(s.HashMB, 1))
	if err != nil {
		return nil, err
	}
	e := &cardEngine{e: cmsearch.NewWithTable(t), settings: game.Settings{HashMB: s.HashMB}}
	if _, err := e.Configure(s); err != nil {
		return nil, err
	}
	return game.Bind[cardGame](e), nil
}

func (CardChess) Bench(ctx context.Context, depth int, s game.Settings, report func(string)) kit.BenchResult {
	return cmsearch.Bench(ctx, depth, s.BenchHashMB(), report)
}

// optPlayCards is card chess's own option.
const optPlayCards = "Play Cards"

func (CardChess) Properties() game.Properties {
	return game.Properties{Title: "card chess",
		Options: []game.OptionSpec{{Option: game.Option{Name: optPlayCards, Kind: game.Check, Default: "true",
			Help: "card chess: when false the engine plays regular moves only"}, Elsewhere: "there are no cards"}},
		Sides: []string{"w", "b"}, MinPlayers: 2, Files: 8, Ranks: 8, Hidden: game.HiddenHands, Cards: true,
		GoWords: []game.Word{{Name: "worlds", Arg: "default|known",
			Help: "known: the opponent's cards the mover saw played stay in its hand in every world (experimental)"},
			{Name: "weights", Arg: "default|fitted",
				Help: "fitted: the evaluation's card terms fitted to self-play instead of the hand-set ones (experimental)"}},
		StartWords: []game.Word{
			{Name: "deal", Arg: "<15 card codes>", Help: "White's three cards, Black's three, then the draw pile, top first"},
			{Name: "seed", Arg: "<n>", Help: "a reproducible shuffle; neither word: a random one"}},
		MaxPerftDepth: 10, BenchDepth: cmsearch.BenchDepth,
		Levels: cardChessLevels}
}

// parseDeal reads the card-chess start options: "deal <15 codes>" (White
// gets the first three, Black the next three, the rest is the draw pile,
// top first), "seed <n>" (a reproducible shuffle), or nothing (a random
// shuffle).
func parseDeal(setup []string) ([15]chessmate.Card, error) {
	switch {
	case len(setup) == 0:
		return chessmate.ShuffledDeck(uint64(time.Now().UnixNano())), nil
	case len(setup) == 2 && setup[0] == "seed":
		n, err := strconv.ParseUint(setup[1], 10, 64)
		if err != nil {
			return [15]chessmate.Card{}, fmt.Errorf("startpos seed %q is not a number", quote.Truncate(setup[1], 20))
		}
		return chessmate.ShuffledDeck(n), nil
	case len(setup) == 2 && setup[0] == "deal":
		deck, err := chessmate.ParseDeck(setup[1])
		if err != nil {
			return deck, fmt.Errorf("startpos %v", err)
		}
		return deck, nil
	}
	return [15]chessmate.Card{}, fmt.Errorf("startpos takes \"deal <15 card codes>\" or \"seed <n>\", not %q",
		quote.Truncate(strings.Join(setup, " "), 40))
}

// cardEngine is the card-chess search behind the protocol: the chess
// search over sampled worlds of the hidden cards.
type cardEngine struct {
	e        *cmsearch.Engine
	settings game.Settings
}

func (c *cardEngine) Configure(s game.Settings) ([]string, error) {
	if err := c.e.CheckThreads(s.Threads); err != nil {
		return nil, err // the old threads stay
	}
	var notes []string
	if s.HashMB != c.settings.HashMB {
		if err := c.e.TT.Resize(max(s.HashMB, 1)); err != nil {
			return nil, err // the old table stays
		}
	}
	if s.MultiPV != 1 && s.MultiPV != c.settings.MultiPV {
		notes = append(notes, notApplicable("MultiPV", "card chess", "one line is reported, the move chosen over the sampled worlds"))
	}
	c.e.SetOptions(cmsearch.Options{Threads: s.Threads, MultiPV: 1, MoveOverhead: s.MoveOverhead, Contempt: s.Contempt})
	if s.Level != c.settings.Level || s.LevelSeed != c.settings.LevelSeed {
		c.e.SetLevel(s.Level, s.LevelSeed)
	}
	c.settings = s
	return notes, nil
}

func (c *cardEngine) Close()                            {}
func (c *cardEngine) Eval(g cardGame) ([]string, error) { return noEval(g) }
func (c *cardEngine) NewGame()                          { c.e.NewGame() }
func (c *cardEngine) ClearHash() string                 { c.e.TT.Clear(); return "" }
func (c *cardEngine) Settings() game.Settings           { return c.settings }
func (c *cardEngine) TableMB() int                      { return c.e.TT.SizeMB() }

// Prepare reads "go" as in chess (searchmoves excepted, ignored with a
// note) plus the experimental "worlds known|default" (known: the opponent's
// cards the mover knows from the public record stay in its hand in every
// world; docs/VARIANTS.md) and "weights fitted|default" (fitted: the card
// terms fitted to self-play, docs/VARIANT-TRAINING.md); the engine decides
// from the mover's view.
func (c *cardEngine) Prepare(g cardGame, args []string) (game.Search, []string, error) {
	us := g.Pos().SideToMove()
	// The engine decides from the mover's view, which includes its own hand:
	// with cards of that hand hidden it would play cards it may not hold.
	if hand := g.Pos().Hand(us); hand.Has(chessmate.Unknown) {
		return nil, nil, fmt.Errorf("go: %s is to move but its own hand is hidden in this position (%s); give %s's view",
			us, handCodes(hand), us)
	}
	gp := kit.ParseGo(args, int(us), kit.ColourClocks, "worlds", "weights")
	var hidden cmsearch.HiddenOptions
	if gp.Choice("worlds", "default", "known") {
		hidden.KnownCards = g.KnownOpponentCards(us)
	}
	if gp.Choice("weights", "default", "fitted") {
		hidden.Weights = &chessmate.FittedWeights
	}
	if len(gp.Limits.SearchMoves) > 0 {
		gp.Note("go searchmoves is not supported in %s; ignored", chessmate.Name)
	}
	if st := g.Status(); st.Over {
		gp.Note("the game is over (%s)", st.Reason)
	}
	pos := *g.Pos() // the search owns its copy
	lim := kit.Convert[chessmate.Action](gp.Limits)
	if !c.settings.Own.Flag(optPlayCards) {
		lim.SearchMoves = pos.RegularMoves()
		if len(lim.SearchMoves) == 0 { // only a card could move: play it rather than nothing
			lim.SearchMoves = nil
		}
	}
	eng := c.e
	return func(ctx context.Context, hit <-chan struct{}, report func(string)) string {
		lim.PonderHit = hit
		res := eng.SearchHiddenWith(ctx, &pos, lim, cmsearch.DefaultSamples, hidden, func(info cmsearch.Info) {
			report(kit.InfoOf(info, chessmate.Action.String, cardMate).String())
		})
		if res.BestMove == chessmate.NullAction {
			return "0000"
		}
		return res.BestMove.String()
	}, gp.Notes, nil
}

// cardMate is a card-chess score as "mate N".
func cardMate(score int) (int, bool) { return cmsearch.MateInMoves(score), cmsearch.IsMate(score) }

// handCodes writes a hand as in a position string.
func handCodes(h *chessmate.Hand) string {
	codes := make([]string, 0, 3)
	for _, c := range h.Cards() {
		codes = append(codes, c.Code())
	}
	return strings.Join(codes, ",")
}

// cardChessLevels is the levels' strength in card chess (docs/STRENGTH.md,
// "The levels in each game"): games between neighbouring levels refereed by
// tempest-dev match (tuning/levels/variants.sh chessmate; full strength at
// 20,000 nodes a move), fitted with the greedy level held at 1000, rounded
// to 10. No other engine plays card chess, so the scale is its own.
var cardChessLevels = []kit.LevelScale{{Elo: []int{360, 1000, 1080, 1210, 1360, 1450, 1570, 1730, 1840, 2160, 2030}}}
