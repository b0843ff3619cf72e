package cmsearch

import (
	"context"
	"math/rand/v2"
	"time"

	"tempest/kit"
	"tempest/variants/chessmate"
)

// Choosing a turn without peeking. The side to move sees its own hand, the
// board and markers, the discard pile and the size of the draw pile; the
// opponent's hand and the order of the draw pile are hidden. The engine
// decides from that view only, even when it was given a full-knowledge
// position:
//
//  1. the position is reduced to the mover's view (the hidden cards become
//     unknown);
//  2. Samples worlds are dealt from the unseen cards (the deck less the
//     mover's hand and the discard pile) by a generator seeded from the view
//     itself, so identical views always give identical worlds. The deals are
//     stratified: the opponent's hand in world i is the i-th group of one
//     shuffled order of the unseen cards, so every unseen card sits in the
//     opponent's hand about equally often;
//  3. each distinct world is searched with full knowledge by the chess
//     search (its own hash table: positions of different worlds look alike
//     but differ), weighted by how many deals gave it, and its best turn
//     becomes a candidate;
//  4. when the worlds disagree, every world is searched again over the
//     most-voted candidates only (MultiPV), so each candidate gets a score
//     in every world, and the candidate with the best mean expected result
//     is played (see kit.ExpectedScore; mates count as 2000 cp). A vote alone
//     would play a turn that wins a little in most worlds and loses a piece
//     to the card the opponent holds in the rest; the mean weighs both;
//  5. a winning side does not stalemate the opponent in the hope that its
//     hidden hand holds no playable card (see stalemateGuard).
//
// This is perfect-information Monte Carlo ("determinization"): it cannot
// plan to gather information, but card chess reveals little during a game
// and its hidden cards matter mostly as threats, which the sampled worlds
// cover.

// DefaultSamples is the number of worlds searched per decision.
const DefaultSamples = 8

// maxCandidates bounds the turns compared in every world.
const maxCandidates = 4

// mateClip bounds a world's score in the average: a mate found in some
// worlds only is a big advantage, not a forced mate.
const mateClip = 2000

// HiddenOptions are experimental choices of SearchHiddenWith, off in the
// zero value (today's search), so that games can decide on them
// ("go ... worlds", docs/VARIANTS.md). They live apart from Options, which
// is generated from the chess search.
type HiddenOptions struct {
	// KnownCards are cards of the opponent's hand the mover knows from the
	// public record (chessmate.Game.KnownOpponentCards); every world deals
	// them to the opponent. Cards the view contradicts are ignored, all of them.
	KnownCards []chessmate.Card
	// Weights are the evaluation's card terms (nil: the hand-set ones,
	// chessmate.HandSetWeights); "go ... weights fitted" gives
	// chessmate.FittedWeights.
	Weights *chessmate.CardWeights
}

// SearchHidden chooses the side to move's turn from its view of pos. With a
// depth limit every world is searched to that depth; node and time limits
// are shared out among the worlds and the two phases.
func (e *Engine) SearchHidden(ctx context.Context, pos *Position, lim Limits, samples int, report func(Info)) Result {
	return e.SearchHiddenWith(ctx, pos, lim, samples, HiddenOptions{}, report)
}

// SearchHiddenWith is SearchHidden with the experimental choices of hidden.
func (e *Engine) SearchHiddenWith(ctx context.Context, pos *Position, lim Limits, samples int, hidden HiddenOptions, report func(Info)) Result {
	start := time.Now()
	e.TT.Isolate() // every world's search starts from an empty-looking table (newWorld)
	for _, w := range e.workers {
		w.eval.UseWeights(hidden.Weights) // every decision says which, so none is left from the last
	}
	view := moverView(pos, hidden.KnownCards)
	worlds, weights := dealWorlds(view, samples)
	compare := len(worlds) > 1 && (e.level.Kind != kit.WeakSearch || e.level.Noise == 0) // noisy levels keep their own choice
	// Time is planned once for the whole decision and Move Overhead paid
	// once: the worlds' searches run with none of their own.
	budget := decisionTime(lim, e.opts.MoveOverhead, view.SideToMove())
	if budget > 0 {
		// The time spent dealing (weighing the cards takes milliseconds) is
		// the decision's too.
		budget = max(budget-time.Since(start), time.Nanosecond)
	}
	var perWorld Limits
	var n int
	perWorld, n, compare = worldPlan(lim, budget, len(worlds), compare)
	worlds, weights = worlds[:n], weights[:n]
	saved := e.opts
	noLag := saved
	noLag.MoveOverhead = 0
	e.SetOptions(noLag)
	defer e.SetOptions(saved)

	ballot := kit.NewBallot[Move](clipMate, IsMate)
	total, searched := e.voteWorlds(ctx, worlds, weights, perWorld, ballot, report)
	worlds = worlds[:searched]
	// The most-voted candidates first, ties to the higher mean.
	order := ballot.ByVotes()
	if compare && len(order) > 1 && ctx.Err() == nil {
		total.Nodes += e.compareCandidates(ctx, worlds, weights, perWorld, order[:min(len(order), maxCandidates)], ballot)
	}
	best := NullMove
	if len(order) > 0 {
		best = order[0]
	}
	total.BestMove, total.Score = best, ballotScore(ballot, best)
	if len(worlds) > 0 && total.Score > stalemateGuard && ctx.Err() == nil && leavesOnlyCards(worlds[0], total.BestMove) {
		e.avoidStalemate(ctx, worlds[0], share(lim, 3, budget), &total)
	}
	// Claiming stalemate draws a game the search judges lost.
	if view.CanClaimStalemate() && (best == NullMove || total.Score < DrawScore) {
		total.BestMove, total.Score = chessmate.ClaimAction, DrawScore
	}
	return total
}

// dealWorlds deals samples worlds from the view (one when nothing is
// hidden), stratified. Equal deals (late in a game few cards are unseen,
// and the opponent's hand may be certain) are merged into one world with
// the weight of all, so the budget goes to the distinct ones.
func dealWorlds(view *Position, samples int) (worlds []*Position, weights []int) {
	samples = max(samples, 1)
	if !view.HasHidden() {
		samples = 1 // nothing to sample
	}
	deal := newStratifiedDealer(kit.ViewSeed(view.String()), unknownsInHand(view, view.SideToMove().Other()))
	return kit.DealWorlds(samples, func() *Position { return view.Deal(deal.arrange) },
		func(w **Position) string { return (*w).DealKey() })
}

// voteWorlds searches every world with perWorld's limits (the first
// world's progress is reported) and puts each world's best turn on the
// ballot with its score and the world's weight. It returns the nodes and
// the deepest depth of those searches and how many worlds it searched:
// after a stop, only the first, since a move is owed.
func (e *Engine) voteWorlds(ctx context.Context, worlds []*Position, weights []int, perWorld Limits, ballot *kit.Ballot[Move],
	report func(Info)) (total Result, searched int) {
	for i, world := range worlds {
		if i > 0 && ctx.Err() != nil {
			break // one world even when stopped at once: a move is owed
		}
		searched++
		e.newWorld()
		var show func(Info)
		if i == 0 {
			show = report // the first world's progress is shown
		}
		res := e.Search(ctx, world, perWorld, show)
		total.Nodes += res.Nodes
		total.Depth = max(total.Depth, res.Depth)
		if res.BestMove == NullMove {
			continue
		}
		ballot.Vote(res.BestMove, weights[i])
		ballot.Score(res.BestMove, res.Score, weights[i])
	}
	return total, searched
}

// compareCandidates searches every world again over the candidates only
// (one line each), so each candidate is scored in every world and not
// only in those that voted for it, then orders the candidates by their
// expected result. It returns the nodes searched.
func (e *Engine) compareCandidates(ctx context.Context, worlds []*Position, weights []int, perWorld Limits, candidates []Move,
	ballot *kit.Ballot[Move]) uint64 {
	ballot.ClearScores(true) // the first pass scored each candidate in its own worlds only; the votes stay
	base := e.opts
	wide := base
	wide.MultiPV = len(candidates)
	e.SetOptions(wide)
	again := perWorld
	again.SearchMoves = candidates
	var nodes uint64
	for i, world := range worlds {
		if ctx.Err() != nil {
			break
		}
		e.newWorld()
		res := e.Search(ctx, world, again, nil)
		nodes += res.Nodes
		for _, line := range res.Lines {
			if ballot.Tally(line.Move) != nil && line.Score > -Infinite {
				ballot.Score(line.Move, line.Score, weights[i])
			}
		}
	}
	e.SetOptions(base)
	ballot.ByExpected(candidates)
	return nodes
}

// ballotScore is the decision's score for best: the mean of its worlds'
// clipped scores, or the mate itself when every world agrees on it.
func ballotScore(ballot *kit.Ballot[Move], best Move) int {
	t := ballot.Tally(best)
	switch {
	case t == nil || t.Weight == 0:
		return 0
	case t.Decided == t.Weight:
		return t.Forced / t.Weight
	}
	return t.Mean()
}

// avoidStalemate replaces the chosen turn, which leaves the opponent no
// regular move while out of check (a stalemate unless its hidden hand holds
// a card it can play), by another that keeps the win, searched in world
// with the limits alt: a winning side does not bet on the opponent's
// hidden cards.
func (e *Engine) avoidStalemate(ctx context.Context, world *Position, alt Limits, total *Result) {
	var safe []Move
	for _, m := range world.GenLegal(make([]Move, 2048)) {
		if !leavesOnlyCards(world, m) {
			safe = append(safe, m)
		}
	}
	if len(safe) == 0 {
		return
	}
	alt.SearchMoves = safe
	e.newWorld()
	res := e.Search(ctx, world, alt, nil)
	total.Nodes += res.Nodes
	if res.BestMove != NullMove && res.Score > stalemateGuard/2 && ctx.Err() == nil {
		total.BestMove, total.Score = res.BestMove, res.Score
	}
}

// moverView is pos as the side to move sees it, with the opponent's cards
// it knows (known) written into the opponent's hand.
func moverView(pos *Position, known []chessmate.Card) *Position {
	view, err := chessmate.ParsePosition(pos.ViewFor(pos.SideToMove()))
	if err != nil {
		panic("cmsearch: a position's own view does not parse: " + err.Error()) // a writer bug
	}
	if len(known) > 0 {
		_ = view.Reveal(view.SideToMove().Other(), known) // a contradicted list is dropped whole
	}
	view.CopyHistory(pos)
	return view
}

// stratifiedDealer orders the unseen cards for one world after another:
// the first inHand places (the opponent's unknown cards) of world i take
// the i-th group of inHand cards of one fixed random order, the rest are
// shuffled freely. Over the worlds each unseen card is in the opponent's
// hand about equally often, where independent deals would leave some card
// out of it by chance and its threat unseen.
type stratifiedDealer struct {
	rng    *rand.Rand
	inHand int
	world  int
	order  []int // the fixed order, made on the first deal
}

func newStratifiedDealer(seed uint64, inHand int) *stratifiedDealer {
	return &stratifiedDealer{rng: rand.New(rand.NewPCG(seed, 0x5A3D1E)), inHand: inHand}
}

// unknownsInHand counts the hidden cards in side c's hand.
func unknownsInHand(view *Position, c Color) int {
	n := 0
	for _, card := range view.Hand(c).Cards() {
		if card == chessmate.Unknown {
			n++
		}
	}
	return n
}

// arrange orders cards, the same unseen cards every time, for the next world.
func (d *stratifiedDealer) arrange(cards []chessmate.Card) {
	n := len(cards)
	if len(d.order) != n {
		d.order = d.rng.Perm(n)
	}
	dealt := make([]chessmate.Card, 0, n)
	taken := make([]bool, n)
	for j := 0; j < min(d.inHand, n); j++ {
		if idx := d.order[(d.world*d.inHand+j)%n]; !taken[idx] {
			taken[idx] = true
			dealt = append(dealt, cards[idx])
		}
	}
	inHand := len(dealt)
	for idx, c := range cards {
		if !taken[idx] {
			dealt = append(dealt, c)
		}
	}
	rest := dealt[inHand:]
	d.rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	copy(cards, dealt)
	d.world++
}

// stalemateGuard is the score above which a turn that could stalemate the
// opponent is avoided.
const stalemateGuard = 300

// leavesOnlyCards reports whether turn m leaves the opponent out of check
// with no regular move: only a card could save it from stalemate.
func leavesOnlyCards(pos *Position, m Move) bool {
	child := *pos
	var u Undo
	child.Make(m, &u)
	return !child.InCheck() && len(child.RegularMoves()) == 0
}

func clipMate(score int) int { return kit.ClipTo(score, mateClip) }

// newWorld makes the next search one of a new game, as NewGame does, but
// cheaply: the move-ordering history is cleared, and the table, isolated,
// shows each search only its own entries instead of being cleared.
func (e *Engine) newWorld() {
	for _, w := range e.workers {
		w.clearHistory()
	}
}

// minWorldTime is the least time worth giving one world's search.
const minWorldTime = 2 * time.Millisecond

// decisionTime is what one decision may spend in all its searches
// together: the kit's soft limit for the mover (a move time less the
// overhead), 0 when time does not limit the decision.
func decisionTime(lim Limits, overhead time.Duration, us Color) time.Duration {
	tm := timePlan(&lim, us, overhead, time.Now())
	if !tm.Enabled {
		return 0
	}
	return tm.Soft
}

// worldPlan shares a decision's budget among its worlds' searches, twice
// over when their candidates are compared. With too little time for that
// it searches fewer worlds and skips the comparison, so the searches
// together never spend more than the budget (each takes at least
// minWorldTime). It returns each search's limits, the number of worlds to
// search and whether to compare.
func worldPlan(lim Limits, budget time.Duration, worlds int, compare bool) (Limits, int, bool) {
	parts := worlds
	if compare {
		parts = 2 * worlds // half the budget for the comparison
	}
	if budget > 0 && budget < time.Duration(parts)*minWorldTime {
		compare = false
		worlds = max(min(worlds, int(budget/minWorldTime)), 1)
		parts = worlds
	}
	return share(lim, parts, budget), worlds, compare
}

// share divides a search's node limit and time budget (0: none) into
// parts; a depth limit applies to every part whole.
func share(lim Limits, parts int, budget time.Duration) Limits {
	parts = max(parts, 1)
	out := lim
	if lim.Nodes > 0 {
		out.Nodes = max(lim.Nodes/uint64(parts), 1)
	}
	if budget > 0 {
		out.Clock = false
		out.MoveTime = max(budget/time.Duration(parts), time.Millisecond)
	}
	return out
}
