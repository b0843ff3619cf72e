package protocol

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"tempest/eval"
	"tempest/movegen"
	"tempest/search"
	"tempest/tt"
)

// formatInfo writes a search report as a UCI info line.
func formatInfo(info search.Info, pos *movegen.Position, chess960, showWDL bool) string {
	if info.CurrMove != movegen.NullMove {
		return fmt.Sprintf("info depth %d currmove %s currmovenumber %d", info.Depth, info.CurrMove.UCI(chess960), info.CurrMoveNumber)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score ", info.Depth, info.SelDepth, info.MultiPV)
	if search.IsMate(info.Score) {
		fmt.Fprintf(&b, "mate %d", search.MateInMoves(info.Score))
	} else {
		fmt.Fprintf(&b, "cp %d", info.Score)
	}
	switch info.Bound {
	case tt.BoundLower:
		b.WriteString(" lowerbound")
	case tt.BoundUpper:
		b.WriteString(" upperbound")
	}
	if showWDL {
		w, d, l := winDrawLoss(info.Score)
		fmt.Fprintf(&b, " wdl %d %d %d", w, d, l)
	}
	ms := info.Elapsed.Milliseconds()
	nps := uint64(float64(info.Nodes) / max(info.Elapsed.Seconds(), 0.001))
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d pv", info.Nodes, nps, info.Hashfull, ms)
	for _, m := range info.PV {
		b.WriteByte(' ')
		b.WriteString(m.UCI(chess960))
	}
	return b.String()
}

// winDrawLoss estimates win, draw and loss chances in per mille from a
// score with a fixed logistic model: the win chance is 50% at +2 pawns
// (wdlMidpoint) and the curve's scale is wdlScale centipawns. Mates are certain.
func winDrawLoss(score int) (w, d, l int) {
	switch {
	case score >= search.MateBound:
		return 1000, 0, 0
	case score <= -search.MateBound:
		return 0, 0, 1000
	}
	win := func(cp float64) int { return int(math.Round(1000 / (1 + math.Exp((wdlMidpoint-cp)/wdlScale)))) }
	w, l = win(float64(score)), win(float64(-score))
	return w, 1000 - w - l, l
}

const (
	wdlMidpoint = 200.0
	wdlScale    = 90.0
)

// evalCommand prints the static evaluation term by term ("eval").
func (s *Session) evalCommand() {
	if s.variant.name != "chess" {
		s.out.errorf("eval: the term-by-term evaluation exists for chess only; UCI_Variant is %s", s.variant.name)
		return
	}
	pos := &s.game.pos
	if pos.InCheck() {
		s.out.info("the side to move is in check: the static evaluation is not used in such positions")
	}
	bd := eval.Explain(pos.Board())
	s.out.println("      Term     |    White    |    Black    |    Total")
	s.out.println("               |   MG    EG  |   MG    EG  |   MG    EG")
	s.out.println(" --------------+-------------+-------------+------------")
	for t := eval.Term(0); t < eval.NumTerms; t++ {
		wt, bt := bd.Terms[t][movegen.White], bd.Terms[t][movegen.Black]
		tot := wt - bt
		s.out.printf(" %13s | %5d %5d | %5d %5d | %5d %5d", t, wt.MG(), wt.EG(), bt.MG(), bt.EG(), tot.MG(), tot.EG())
	}
	s.out.printf("Phase %d/%d (middlegame share), endgame scale %d/%d", bd.Phase, eval.MaxPhase, bd.Scale, eval.ScaleNormal)
	if bd.MateDrive != 0 {
		s.out.printf("Mate drive against a bare king: %+d cp (White's view)", bd.MateDrive)
	}
	s.out.printf("Final evaluation: %+d cp (White's view), %+d cp (side to move)", bd.White, bd.SideToMove)
}

// benchCommand runs the current game's bench inside the UCI loop, "bench
// [depth]", as a job: isready is answered and stop and quit end it
// meanwhile.
func (s *Session) benchCommand(args []string) {
	depth := s.variant.benchDepth
	if len(args) > 1 {
		s.out.errorf("bench takes at most one argument, the depth, not %q", truncate(strings.Join(args, " "), 40))
		return
	}
	if len(args) == 1 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 64 {
			s.out.errorf("bench depth %q is not a number from 1 to 64", truncate(args[0], 20))
			return
		}
		depth = n
	}
	s.stopJob()
	bench := s.variant.bench
	s.startJob(jobOther, func(ctx context.Context, j *job) {
		res := bench(ctx, depth, func(line string) { s.out.println(line) })
		if res.Stopped {
			s.out.info("bench stopped before it finished")
			return
		}
		s.out.printf("%d nodes %d nps", res.Nodes, res.NPS())
	})
}
