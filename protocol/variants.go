package protocol

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"tempest/engine"
	"tempest/movegen"
	"tempest/search"
	"tempest/variants"
)

// variantDef is what the protocol needs from a variant. Each variant lives in
// its own file (variant_<name>.go) and registers itself; the hooks that a
// variant leaves nil answer "not available for <variant>".
type variantDef struct {
	name, description string
	order             int // place in the UCI_Variant combo
	startpos          func(s *Session, setup []string) (variants.Game, error)
	fromString        func(s *Session, pos string) (variants.Game, error)
	load              func(s *Session, r variants.Record) (variants.Game, error)
	// perft counts the action sequences of depth plies, by first action. It
	// runs as a job beside the command loop and returns ctx.Err() soon after
	// ctx is cancelled (stop, quit).
	perft func(ctx context.Context, g variants.Game, depth int) (map[string]uint64, error)
	// search handles "go" (everything but perft): it parses the limits and
	// starts a job that prints info lines and one bestmove.
	search func(s *Session, args []string)
	// view is the position as one player sees it ("view <player>").
	view func(g variants.Game, player string) (string, error)
	// record writes the game record; nil numbers moves from the FEN-style
	// start string (side to move in field 2, move number in field 6).
	record func(g variants.Game) string
	// commands are variant-only commands, such as a setup request.
	commands map[string]func(s *Session, args []string)
	// bench searches the variant's fixed bench positions to depth (one
	// thread, a fresh engine): its node total is the search's signature.
	bench      func(ctx context.Context, depth int, report func(string)) engine.BenchResult
	benchDepth int
}

var variantTable []*variantDef

// registerVariant adds a variant; called from the variant files' init.
func registerVariant(v *variantDef) {
	variantTable = append(variantTable, v)
	sort.SliceStable(variantTable, func(i, j int) bool { return variantTable[i].order < variantTable[j].order })
}

func init() {
	registerVariant(&variantDef{
		name:        "chess",
		description: "chess: standard chess (Chess960 with UCI_Chess960)",
		order:       0,
		startpos: func(s *Session, setup []string) (variants.Game, error) {
			if len(setup) > 0 {
				return nil, fmt.Errorf("unexpected %q after startpos (want \"moves\")", truncate(setup[0], 40))
			}
			return newChessGame(movegen.NewStartPosition(), s.chess960), nil
		},
		fromString: func(s *Session, fen string) (variants.Game, error) {
			start, err := movegen.ParseFEN(fen)
			if err != nil {
				return nil, fmt.Errorf("invalid FEN %q: %v", truncate(fen, 120), err)
			}
			return newChessGame(start, s.chess960), nil
		},
		load: func(s *Session, r variants.Record) (variants.Game, error) { return loadChessRecord(r, s.chess960) },
		bench: func(ctx context.Context, depth int, report func(string)) engine.BenchResult {
			return search.Bench(ctx, depth, 1, DefaultHashMB, report)
		},
		benchDepth: search.BenchDepth,
	})
}

func variantByName(name string) *variantDef {
	for _, v := range variantTable {
		if strings.EqualFold(v.name, name) {
			return v
		}
	}
	return nil
}

func variantNames() []string {
	names := make([]string, len(variantTable))
	for i, v := range variantTable {
		names[i] = v.name
	}
	return names
}

// switchVariant changes UCI_Variant: the game restarts from the variant's
// start position.
func (s *Session) switchVariant(name string) error {
	v := variantByName(name)
	if v == nil {
		return fmt.Errorf("unknown variant %q", name)
	}
	g, err := v.startpos(s, nil)
	if err != nil {
		return err
	}
	s.variant = v
	if v.name == "chess" {
		s.setGame(g)
	} else {
		s.vgame = g
	}
	s.out.info("variant %s", v.description)
	return nil
}

// legalMoves answers "legalmoves" with every legal move or action token.
func (s *Session) legalMoves() {
	s.out.println(strings.TrimSpace("legalmoves " + strings.Join(s.vgame.Legal(), " ")))
}

// state answers "state": who is to move, check, result and reason, then
// the position string.
func (s *Session) state() {
	st := s.vgame.Status()
	reason := st.Reason
	if reason == "" {
		reason = "none"
	}
	s.out.printf("state variant %s tomove %s check %t over %t result %s reason %s", s.variant.name, st.ToMove, st.InCheck, st.Over, st.Result, reason)
	s.out.printf("state position %s", s.vgame.Position())
}

// play handles "play <token>": the move is checked and made on the current
// game, and the reply lists its consequences and the new state.
func (s *Session) play(args []string) {
	if len(args) != 1 {
		s.out.errorf("play needs one move or action token")
		return
	}
	if s.running() && s.job.readsGame {
		s.out.info("perft stopped: the position changes")
		s.stopJob()
	}
	report, err := s.vgame.Play(args[0])
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	s.out.println(strings.TrimSpace("played " + args[0] + " " + strings.Join(report, "; ")))
	s.state()
}

// history answers "history": the start position string and the action
// tokens played since, so a frontend can rebuild the game with "position".
func (s *Session) history() {
	s.out.printf("history start %s", s.vgame.Start())
	s.out.println(strings.TrimSpace("history moves " + strings.Join(s.vgame.Actions(), " ")))
}

// view answers "view <player>" with the position as that player sees it.
func (s *Session) view(args []string) {
	if s.variant.view == nil {
		s.out.errorf("view: the %s variant has no hidden information", s.variant.name)
		return
	}
	if len(args) != 1 {
		s.out.errorf("view needs the player, e.g. \"view w\"")
		return
	}
	v, err := s.variant.view(s.vgame, args[0])
	if err != nil {
		s.out.errorf("view: %v", err)
		return
	}
	s.out.printf("view %s %s", args[0], v)
}

// variantCommand runs a variant-only command; false if there is none by that name.
func (s *Session) variantCommand(cmd string, args []string) bool {
	f := s.variant.commands[cmd]
	if f == nil {
		return false
	}
	f(s, args)
	return true
}

// playingLevel is the session's playing level (Skill Level / UCI_Elo), for
// variant searches.
func (s *Session) playingLevel() engine.Level { return engine.PlayingLevels[s.levelIndex()].Level }

// levels answers "levels": one line per playing level, weakest first, as
// "level <Skill Level> <kind> elo <Elo>", so frontends can offer them.
func (s *Session) levels() {
	kinds := map[engine.LevelKind]string{engine.FullStrength: "full", engine.RandomMover: "random",
		engine.GreedyMover: "greedy", engine.WeakSearch: "search"}
	for i, l := range engine.PlayingLevels {
		s.out.printf("level %d %s elo %d", i, kinds[l.Kind], l.Elo)
	}
}
