package cmsearch

import (
	"context"
	"slices"
	"time"

	"tempest/kit"
)

// Deferred determinisation ("go ... worlds deferred", experimental): a fix
// for strategy fusion one ply past the root. Each world's search knows the
// opponent's hand, so after the opponent's reply it picks the mover's next
// turn for that hand: against a card held in some worlds it dodges, in the
// others it plays on, a choice the mover cannot make without seeing the
// hand. Averaging such worlds overrates a turn whose follow-up depends on
// the hidden cards.
//
// Here the mover's second turn is chosen once per information set: for each
// finalist turn m and each world w, the world after m is searched, giving
// the opponent's reply r_w and the mover's answer a_w. Worlds whose
// positions after m and r_w look the same to the mover (infoSetKey: its
// view, which hides the opponent's hand and the pile's order, with its own
// hand reduced to a count) form one group; when a group's answers differ,
// every world of the group is searched again over those answers, and the
// group is worth its best common answer's mean expected result over its
// worlds, not the mean of each world's own best. A finalist is worth the
// weighted mean over its groups. The opponent still replies knowing the
// world; it does know its own hand.

// deferFinalists bounds the turns valued by deferral: the most voted.
const deferFinalists = 2

// minDeferNodes is the least node budget worth one of deferral's searches:
// a search stops only at a node check, every 1,024 nodes.
const minDeferNodes = 1024

// deferralPlies is how many plies the answers' searches start below the root.
const deferralPlies = 2

// branch is one world after a finalist and the opponent's reply.
type branch struct {
	world  int      // index into the worlds
	after  Position // the position after the finalist and the reply
	score  int      // the finalist's score in this world, the mover's side
	answer Move     // the mover's best answer there, or NullMove
	group  string   // infoSetKey of after
	done   bool     // no reply: the finalist ended the game or drew by rule
}

// deferredChoice values the finalists (the first of candidates, most voted
// first) by deferred determinisation and returns them best first with their
// mean clipped scores. tried is false when the budget was too small to
// start (the caller compares as usual); with tried set and no order, the
// decision was stopped or a search found nothing in its time, and the
// caller keeps the votes. spent counts the decision's nodes; planned is
// when its time budget was planned; perWorld is the limits of one
// first-phase search; regularOnly keeps the answers to regular moves, as
// the root is kept with Play Cards off.
func (e *Engine) deferredChoice(ctx context.Context, worlds []*Position, weights []int, candidates []Move,
	lim, perWorld Limits, budget time.Duration, planned time.Time, spent *uint64, regularOnly bool) (order []Move, score map[Move]int, tried bool) {
	finalists := candidates[:min(len(candidates), deferFinalists)]
	// The finalists' searches share what the first phase left, less a
	// world-sized round kept for the answers' searches.
	reply, ok := leftover(lim, perWorld, budget, planned, *spent, (len(finalists)+1)*len(worlds), 1)
	if !ok {
		return nil, nil, false
	}
	reply.SearchMoves = nil // the opponent's moves: a root restriction is the mover's
	branches := make([][]branch, len(finalists))
	for f, m := range finalists {
		for i, world := range worlds {
			if ctx.Err() != nil {
				return nil, nil, true
			}
			b := branch{world: i, after: *world}
			var u Undo
			b.after.Make(m, &u)
			if drawnByRule(&b.after) {
				// The search's root does not test the rules' draws; a
				// child of the root would.
				b.done, b.score = true, DrawScore
				branches[f] = append(branches[f], b)
				continue
			}
			e.newWorld()
			res := e.Search(ctx, &b.after, reply, nil)
			*spent += res.Nodes
			if res.BestMove != NullMove && (res.Depth == 0 || res.Score <= -Infinite || res.Score >= Infinite) {
				return nil, nil, true // stopped before its first iteration ended: no value
			}
			b.score = moverScore(res.Score)
			if res.BestMove == NullMove {
				b.done = true
			} else {
				b.after.Make(res.BestMove, &u)
				b.answer = res.PonderMove // the reply's expected answer
				if regularOnly && !slices.Contains(b.after.RegularMoves(), b.answer) {
					b.answer = NullMove
				}
				b.group = infoSetKey(&b.after)
			}
			branches[f] = append(branches[f], b)
		}
	}
	// The answers' searches share what is left of the budget.
	groups := make([][][]int, len(finalists))
	var needed int
	for f := range finalists {
		groups[f] = groupsOf(branches[f])
		for _, g := range groups[f] {
			if len(g) > 1 && len(answersOf(branches[f], g)) > 1 {
				needed += len(g)
			}
		}
	}
	answer, ok := leftover(lim, perWorld, budget, planned, *spent, needed, deferralPlies)
	// Each world scores its finalist with the set's best common answer, or,
	// with one answer for the set or none common to it, as it said itself.
	ballot := kit.NewBallot[Move](clipMate, nil)
	for f, m := range finalists {
		bs := branches[f]
		for _, g := range groups[f] {
			var common []int // the set's worlds' scores with its best common answer
			if answers := answersOf(bs, g); ok && len(g) > 1 && len(answers) > 1 {
				common = e.bestCommonAnswer(ctx, bs, g, answers, weights, answer, spent)
			}
			for j, k := range g {
				s := bs[k].score
				if common != nil {
					s = common[j]
				}
				ballot.Score(m, s, weights[bs[k].world])
			}
		}
	}
	if ctx.Err() != nil {
		return nil, nil, true // some sets were valued, others not: no fair comparison
	}
	order = slices.Clone(finalists)
	ballot.ByExpected(order)
	score = map[Move]int{}
	for _, m := range finalists {
		score[m] = ballot.Tally(m).Mean()
	}
	return order, score, true
}

// drawnByRule reports a draw by repetition, bare kings or the fifty-move
// rule (a mate on the hundredth ply still counts).
func drawnByRule(p *Position) bool {
	if p.IsRepetition() || p.IsInsufficientMaterial() {
		return true
	}
	return p.IsFiftyMoveDraw() && !(p.InCheck() && !p.HasLegalMove())
}

// infoSetKey names the information set of a position with the mover to
// move: its view with its own hand hidden too (the public view: the board,
// markers, the hands' and piles' sizes, the discard pile, the last card).
// The answer is then chosen before the card a finalist drew is known, as
// sealed draws do; otherwise every card turn would leave each world a set
// of its own, valued with the opponent's hand in sight, and deferral would
// correct plain turns only.
func infoSetKey(p *Position) string { return p.PublicView() }

// moverScore turns a score of the position after the mover's turn (the
// opponent's side) into the mover's, a mate one ply further from the root.
func moverScore(s int) int {
	switch {
	case s >= MateBound:
		return -(s - 1)
	case s <= -MateBound:
		return -(s + 1)
	}
	return -s
}

// groupsOf partitions branches into information sets (indices into bs), in
// the order first seen; a finished game is a group of its own.
func groupsOf(bs []branch) [][]int {
	var groups [][]int
	index := map[string]int{}
	for k, b := range bs {
		if b.done {
			groups = append(groups, []int{k})
			continue
		}
		i, ok := index[b.group]
		if !ok {
			i = len(groups)
			index[b.group] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], k)
	}
	return groups
}

// answersOf are the distinct best answers of a group's worlds, at most
// maxCandidates, in the order first seen.
func answersOf(bs []branch, group []int) []Move {
	var out []Move
	for _, k := range group {
		if a := bs[k].answer; a != NullMove && !slices.Contains(out, a) && len(out) < maxCandidates {
			out = append(out, a)
		}
	}
	return out
}

// leftover is the limits of each of needed searches, plies below the root,
// from what the decision has left (budget from planned, the node limit less
// spent), and false when that is too little for them. A depth limit counts
// from the root.
func leftover(lim, perWorld Limits, budget time.Duration, planned time.Time, spent uint64, needed, plies int) (Limits, bool) {
	if needed == 0 {
		return Limits{}, false
	}
	out := perWorld
	if out.Depth > 0 {
		out.Depth = max(out.Depth-plies, 1)
	}
	if lim.Nodes > 0 {
		if spent >= lim.Nodes {
			return Limits{}, false
		}
		out.Nodes = (lim.Nodes - spent) / uint64(needed)
		if out.Nodes < minDeferNodes {
			return Limits{}, false
		}
	}
	if budget > 0 {
		left := budget - time.Since(planned)
		if left < time.Duration(needed)*minWorldTime {
			return Limits{}, false
		}
		out.Clock = false
		out.MoveTime = left / time.Duration(needed)
	}
	return out, true
}

// bestCommonAnswer searches every world of a group over its answers and
// returns each world's score (in the group's order) with the answer of the
// best mean expected result among those every world scored; nil when there
// is none.
func (e *Engine) bestCommonAnswer(ctx context.Context, bs []branch, group []int, answers []Move,
	weights []int, lim Limits, spent *uint64) []int {
	saved := e.opts
	wide := saved
	wide.MultiPV = len(answers)
	e.SetOptions(wide)
	defer e.SetOptions(saved)
	lim.SearchMoves = answers
	ballot := kit.NewBallot[Move](clipMate, nil)
	scores := make([][]int, len(answers)) // by answer, then by world of the group
	for i := range scores {
		scores[i] = make([]int, len(group))
	}
	total := 0
	for j, k := range group {
		if ctx.Err() != nil {
			return nil
		}
		b := &bs[k]
		w := weights[b.world]
		total += w
		e.newWorld()
		res := e.Search(ctx, &b.after, lim, nil)
		*spent += res.Nodes
		for _, line := range res.Lines {
			i := slices.Index(answers, line.Move)
			if i < 0 || line.Score <= -Infinite {
				continue
			}
			ballot.Score(line.Move, line.Score, w)
			scores[i][j] = line.Score
		}
	}
	best := -1
	for i, a := range answers {
		t := ballot.Tally(a)
		if t != nil && t.Weight == total && (best < 0 || t.MeanExpected() > ballot.Tally(answers[best]).MeanExpected()) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return scores[best]
}
