package protocol

import (
	"context"
	"strconv"
	"strings"

	"tempest/game"
	"tempest/internal/quote"
)

// evalCommand prints the static evaluation term by term ("eval"), where
// the game has one to show.
func (s *Session) evalCommand() {
	lines, err := s.engine.Eval(s.game)
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	for _, l := range lines {
		s.out.println(l)
	}
}

// benchCommand runs the current game's bench inside the UCI loop, "bench
// [depth]", as a job: isready is answered and stop and quit end it
// meanwhile.
func (s *Session) benchCommand(args []string) {
	depth := s.variant.Properties().BenchDepth
	if len(args) > 1 {
		s.out.errorf("bench takes at most one argument, the depth, not %q", quote.Truncate(strings.Join(args, " "), 40))
		return
	}
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 64 {
			s.out.errorf("bench depth %q is not a number from 1 to 64", quote.Truncate(args[0], 20))
			return
		}
		depth = n
	}
	s.stopJob()
	variant, settings := s.variant, s.settings
	settings.HashMB, settings.Threads = game.DefaultHashMB, 1 // the signature's
	s.startJob(jobOther, func(ctx context.Context, j *job) {
		res := variant.Bench(ctx, depth, settings, func(line string) { s.out.println(line) })
		if res.Err != nil {
			s.out.errorf("bench: %v", res.Err)
			return
		}
		if res.Stopped {
			s.out.info("bench stopped before it finished")
			return
		}
		s.out.printf("%d nodes %d nps", res.Nodes, res.NPS())
	})
}
