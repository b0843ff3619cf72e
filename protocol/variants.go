package protocol

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"

	"tempest/game"
	"tempest/games"
	"tempest/internal/quote"
	"tempest/kit"
	"tempest/rules"
)

func variantNames() []string {
	var names []string
	for _, v := range games.All() {
		names = append(names, v.Name())
	}
	return names
}

// switchVariant changes UCI_Variant: the game restarts from the variant's
// start position, with the variant's engine. The new engine is made with
// everything but its table before the old one goes, so a file an option
// names that it cannot read (chess's EvalFile, BookFile, SyzygyPath) leaves
// the game, its engine and every option as they were, with an error naming
// the option. Then the old engine is closed (its tables unmapped) and
// dropped, and only then the new one's table grows to Hash, so a large table
// is never held twice; the one thing a switch may change is Hash, when the
// memory cannot give the new game the table the old one had.
func (s *Session) switchVariant(name string) error {
	s.finishReading(true) // a file being read belongs to the old engine
	v := games.ByName(name)
	if v == nil {
		return fmt.Errorf("unknown variant %q", name)
	}
	g, err := v.Start(nil, s.settings)
	if err != nil {
		return err
	}
	if v.Name() != s.variant.Name() {
		small := s.settings
		small.HashMB = 1
		e, err := v.NewEngine(small)
		if err != nil {
			return fmt.Errorf("%s cannot start: %w; the game stays %s and every option as it was", v.Name(), err, s.variant.Name())
		}
		oldMB := s.engine.TableMB()
		s.engine.Close()
		s.engine = nil
		if oldMB >= 64 {
			debug.FreeOSMemory()
		}
		if _, err := e.Configure(s.settings); err != nil {
			// The machine cannot give this game the table the old one had;
			// its default size, or failing that the one it has, it can.
			next := s.settings
			next.HashMB = DefaultHashMB
			if _, err2 := e.Configure(next); err2 != nil {
				next.HashMB = e.TableMB()
			}
			s.out.info("%s: %v; using %d MiB", v.Name(), err, next.HashMB)
			s.settings.HashMB = next.HashMB
			s.findOption("Hash").value = fmt.Sprint(next.HashMB)
		}
		s.engine = e
	}
	s.variant, s.game = v, g
	s.out.info("variant %s", v.Description())
	return nil
}

// legalMoves answers "legalmoves" with every legal move or action token.
func (s *Session) legalMoves() {
	s.out.println(strings.TrimSpace("legalmoves " + strings.Join(s.game.Legal(), " ")))
}

// state answers "state": who is to move, check, result and reason, then
// the position string.
func (s *Session) state() {
	st := s.game.Status()
	reason := st.Reason
	if reason == "" {
		reason = "none"
	}
	s.out.printf("state variant %s tomove %s check %t over %t result %s reason %s", s.variant.Name(), st.ToMove, st.InCheck, st.Over, st.Result, reason)
	s.out.printf("state position %s", s.game.Position())
}

// play handles "play <token>": the move is checked and made on the current
// game, and the reply lists its consequences and the new state.
func (s *Session) play(args []string) {
	if len(args) != 1 {
		s.out.errorf("play needs one move or action token")
		return
	}
	if s.running() && s.job.readsGame {
		s.out.info("play stops %s: the position changes", s.job.name)
		s.stopJob()
	}
	report, err := s.game.Play(args[0])
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	s.out.println(strings.TrimSpace("played " + args[0] + " " + strings.Join(report, "; ")))
	s.state()
}

// endGame handles "result <result> [termination words]": a result the rules
// do not decide (a resignation, an agreed draw, a loss on time) ends the
// current game. The game is written as its record with that Result and
// Termination and loaded back, so it ends exactly as a loaded record with
// that result would, and "pgn" then writes both tags. A game the rules
// already ended, and a result the game cannot have, are refused and the
// game is left as it was.
func (s *Session) endGame(args []string) {
	if len(args) == 0 {
		s.out.errorf("result needs the result and may give the reason, e.g. \"result 0-1 White resigns\"")
		return
	}
	if st := s.game.Status(); st.Over {
		s.out.errorf("result: the game is already over: %s (%s)", st.Result, st.Reason)
		return
	}
	marker := args[0]
	if marker == rules.Unfinished {
		s.out.errorf("result: * leaves the game unfinished; give the result that ends it (1-0, 0-1, 1/2-1/2)")
		return
	}
	termination := strings.Join(args[1:], " ")
	if len(termination) > rules.MaxTerminationBytes || strings.ContainsAny(termination, "\"\\") {
		s.out.errorf("result: the reason must be at most %d bytes without quotes or backslashes", rules.MaxTerminationBytes)
		return
	}
	r, err := rules.ParsePGN(s.game.RecordText())
	if err != nil {
		s.out.errorf("result: the game's record does not read back: %v", err)
		return
	}
	r.SetTag("Result", marker)
	if rules.IsResultMarker(marker) {
		r.Result = marker
	}
	if termination != "" {
		r.SetTag("Termination", termination)
	}
	g, err := s.variant.Load(r, s.settings)
	if err != nil {
		s.out.errorf("result: %v", err)
		return
	}
	if !g.Status().Over {
		s.out.errorf("result: %q is not a result of a %s game", quote.Truncate(marker, 20), s.variant.Name())
		return
	}
	s.stopJob()
	s.game = g
	s.state()
}

// history answers "history": the start position string and the action
// tokens played since, so a frontend can rebuild the game with "position".
func (s *Session) history() {
	s.out.printf("history start %s", s.game.Start())
	s.out.println(strings.TrimSpace("history moves " + strings.Join(s.game.Actions(), " ")))
}

// moveList answers "movelist": the game's actions from its start, one line
// "move <ply> <token> [facts]" each, the facts as "play" reports them (SAN in
// chess and for card chess's moves), between "movelist begin" and
// "movelist end". The game is replayed from its start on a copy; an action
// the rules service would refuse although the game holds it (a chess move
// after a draw by rule nobody claimed) is listed without facts.
func (s *Session) moveList() {
	g, err := s.variant.Parse(s.game.Start(), s.settings)
	if err != nil {
		s.out.errorf("movelist: the game's start does not read back: %v", err)
		return
	}
	s.out.println("movelist begin")
	for i, tok := range s.game.Actions() {
		report, err := g.Play(tok)
		if err != nil {
			if err := g.Follow(tok); err != nil {
				s.out.errorf("movelist: action %d (%s) does not replay: %v", i+1, quote.Truncate(tok, 40), err)
				break
			}
		}
		s.out.println(strings.TrimSpace(fmt.Sprintf("move %d %s %s", i+1, tok, strings.Join(report, "; "))))
	}
	s.out.println("movelist end")
}

// view answers "view <player>" with the position as that player sees it.
func (s *Session) view(args []string) {
	if len(args) != 1 {
		// A game without hidden information says so first.
		if _, err := s.game.View(""); errors.Is(err, game.ErrNoHiddenInformation) {
			s.out.errorf("view: %v", err)
			return
		}
		s.out.errorf("view needs the player, e.g. \"view w\"")
		return
	}
	v, err := s.game.View(args[0])
	if err != nil {
		s.out.errorf("view: %v", err)
		return
	}
	s.out.printf("view %s %s", args[0], v)
}

// variantCommand runs a game's own command; false if there is none by
// that name.
func (s *Session) variantCommand(cmd string, args []string) bool {
	c, ok := s.variant.Commands()[cmd]
	if !ok || c.Run == nil {
		return false
	}
	if !c.Long {
		if err := c.Run(context.Background(), s.game, args, s.out.println); err != nil {
			s.out.errorf("%v", err)
		}
		return true
	}
	s.stopJob()
	g := s.game
	s.startJob(jobReadsGame, func(ctx context.Context, _ *job) {
		if err := c.Run(ctx, g, args, s.out.println); err != nil && ctx.Err() == nil {
			s.out.errorf("%v", err)
		}
	})
	s.job.name = cmd
	return true
}

// levels answers "levels": for each game whose levels were measured (its
// Properties.Levels), one line per playing level, weakest first, as
// "level <Skill Level> <kind> elo <Elo> measured <game>", with "players
// <n>" after it for a scale measured in games of n players. Each Elo is on
// its game's own scale, so a frontend shows a level's number in that game
// and rates its players there. Chess comes first, as the games are listed,
// so its lines are the ones "levels" has always begun with.
func (s *Session) levels() {
	kinds := map[kit.LevelKind]string{kit.FullStrength: "full", kit.RandomMover: "random",
		kit.GreedyMover: "greedy", kit.WeakSearch: "search"}
	for _, v := range games.All() {
		for _, scale := range v.Properties().Levels {
			players := ""
			if scale.Players > 0 {
				players = fmt.Sprintf(" players %d", scale.Players)
			}
			for i, elo := range scale.Elo {
				s.out.printf("level %d %s elo %d measured %s%s", i, kinds[kit.PlayingLevels[i].Kind], elo, v.Name(), players)
			}
		}
	}
}

// gamesCommand answers "games" with what every game declares
// (game.Properties), so that a frontend needs no table of its own:
//
//	game <name> sides <letters> players <min>-<max> board <files>x<ranks> hidden <-|hands|pieces> cards <bool> clock <sides|mover> uses <net,book,tables|-> perft <max depth> bench <depth>
//	game <name> title <the game's name for humans>
//	game <name> description <text>
//	game <name> go <word> <argument>: <help>
//	game <name> startpos <word> <argument>: <help>
//	game <name> command <command> <arguments>: <help>
//	games end
func (s *Session) gamesCommand() {
	clockWord := map[kit.GoClocks]string{kit.ColourClocks: "sides", kit.MoverClock: "mover"}
	for _, v := range games.All() {
		p := v.Properties()
		var uses []string
		for _, u := range []struct {
			name string
			on   bool
		}{{"net", p.Net}, {"book", p.Book}, {"tables", p.Tables}} {
			if u.on {
				uses = append(uses, u.name)
			}
		}
		if len(uses) == 0 {
			uses = []string{"-"}
		}
		s.out.printf("game %s sides %s players %d-%d board %dx%d hidden %s cards %t clock %s uses %s perft %d bench %d",
			v.Name(), strings.Join(p.Sides, ","), p.MinPlayers, len(p.Sides), p.Files, p.Ranks, p.Hidden, p.Cards, clockWord[p.Clocks],
			strings.Join(uses, ","), p.MaxPerftDepth, p.BenchDepth)
		s.out.printf("game %s title %s", v.Name(), p.Title)
		s.out.printf("game %s description %s", v.Name(), v.Description())
		for _, w := range p.GoWords {
			s.out.printf("game %s go %s %s: %s", v.Name(), w.Name, w.Arg, w.Help)
		}
		for _, w := range p.StartWords {
			s.out.printf("game %s startpos %s %s: %s", v.Name(), w.Name, w.Arg, w.Help)
		}
		cmds := v.Commands()
		for _, name := range slices.Sorted(maps.Keys(cmds)) {
			c := cmds[name]
			s.out.printf("game %s command %s: %s", v.Name(), strings.TrimSpace(name+" "+c.Arg), c.Help)
		}
	}
	s.out.println("games end")
}
