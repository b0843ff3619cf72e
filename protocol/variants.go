package protocol

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"tempest/games"
	"tempest/kit"
	"tempest/variants"
)

func variantNames() []string {
	var names []string
	for _, v := range games.All() {
		names = append(names, v.Name())
	}
	return names
}

// switchVariant changes UCI_Variant: the game restarts from the variant's
// start position, with the variant's engine. The old engine and its table
// go before the new one is made, so a large Hash is never held twice.
func (s *Session) switchVariant(name string) error {
	v := games.ByName(name)
	if v == nil {
		return fmt.Errorf("unknown variant %q", name)
	}
	g, err := v.Start(nil, s.settings)
	if err != nil {
		return err
	}
	if v.Name() != s.variant.Name() {
		oldMB := s.engine.TableMB()
		s.engine = nil
		if oldMB >= 64 {
			debug.FreeOSMemory()
		}
		e, err := v.NewEngine(s.settings)
		if err != nil {
			// The machine cannot give this game the table chess had; its
			// default size it can.
			s.out.info("%s: %v; using %d MiB", v.Name(), err, DefaultHashMB)
			s.settings.HashMB = DefaultHashMB
			s.findOption("Hash").value = fmt.Sprint(DefaultHashMB)
			if e, err = v.NewEngine(s.settings); err != nil {
				s.engine, _ = s.variant.NewEngine(s.settings)
				return err
			}
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
		s.out.info("perft stopped: the position changes")
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

// history answers "history": the start position string and the action
// tokens played since, so a frontend can rebuild the game with "position".
func (s *Session) history() {
	s.out.printf("history start %s", s.game.Start())
	s.out.println(strings.TrimSpace("history moves " + strings.Join(s.game.Actions(), " ")))
}

// view answers "view <player>" with the position as that player sees it.
func (s *Session) view(args []string) {
	if len(args) != 1 {
		// A game without hidden information says so first.
		if _, err := s.variant.View(s.game, ""); errors.Is(err, variants.ErrNoHiddenInformation) {
			s.out.errorf("view: %v", err)
			return
		}
		s.out.errorf("view needs the player, e.g. \"view w\"")
		return
	}
	v, err := s.variant.View(s.game, args[0])
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
	return true
}

// levels answers "levels": one line per playing level, weakest first, as
// "level <Skill Level> <kind> elo <Elo>", so frontends can offer them.
func (s *Session) levels() {
	kinds := map[kit.LevelKind]string{kit.FullStrength: "full", kit.RandomMover: "random",
		kit.GreedyMover: "greedy", kit.WeakSearch: "search"}
	for i, l := range kit.PlayingLevels {
		s.out.printf("level %d %s elo %d", i, kinds[l.Kind], l.Elo)
	}
}
