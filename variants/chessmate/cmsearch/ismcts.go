package cmsearch

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"tempest/kit"
	"tempest/variants/chessmate"
)

// Information-set Monte Carlo tree search, single observer (Cowling,
// Powley and Whitehouse, "Information Set Monte Carlo Tree Search", 2012),
// an experiment behind "go ... algorithm ismcts" (docs/VARIANTS.md). Where
// SearchHidden searches a few dealt worlds to the end and votes, this
// grows one tree over the mover's information sets: a node is a sequence
// of turns from the root, whatever the hidden cards. Each iteration
//
//  1. deals one world from the mover's view (moverView, then the view's own
//     dealing, Position.DealInto): the unseen cards shuffled uniformly into
//     the opponent's hidden places and the draw pile;
//  2. descends from the root while every turn legal in that world is
//     already a child, choosing among the children legal in this world by
//     UCB with availability counts (the paper's subset-armed bandit: a
//     child's exploration term counts the iterations in which it could have
//     been chosen, not its parent's visits);
//  3. adds one child, the first untried turn legal in this world, captures
//     first by the value they take (the alpha-beta search's ordering idea,
//     cheapened);
//  4. scores the new node with the alpha-beta search's quiescence search
//     and evaluation, mapped to an expected result by kit.ExpectedScore, the
//     logistic the determinised search already averages with;
//  5. backs the result up the path, each node keeping the results of the
//     player who chose its turn.
//
// The turn played is the root's most visited child. Nodes live in a pool
// allocated once; an iteration allocates nothing (TestISMCTSIterationsDoNotAllocate).
// The opponent's turns in the tree are those legal in each dealt world, so
// the search, like determinisation, assumes the opponent sees the hidden
// cards the world gives it (strategy fusion); it never sees the real ones.

// DefaultExploration is the UCB constant for results in [0, 1]: 1/√2, the
// value of the UCT analysis, rounded.
const DefaultExploration = 0.7

// maxTreeNodes bounds the pool (24 bytes a node: 24 MiB). A search that
// fills it stops, as at a node limit.
const maxTreeNodes = 1 << 20

// ISMCTSOptions are the experiment's choices.
type ISMCTSOptions struct {
	// Exploration is the UCB constant (0: DefaultExploration).
	Exploration float64
	// LeafDepth is the depth of the alpha-beta search that scores a new
	// node (0: quiescence search only; at most MaxLeafDepth). Deeper sees
	// the opponent's quiet replies, mates among them, at a cost of fewer
	// iterations.
	LeafDepth int
}

// MaxLeafDepth bounds ISMCTSOptions.LeafDepth.
const MaxLeafDepth = 4

// treeNode is one information set: the turns from the root to it.
type treeNode struct {
	move    Move    // the turn from the parent
	child   int32   // first child, 0: none (the root is never a child)
	sibling int32   // next child of the parent, 0: none
	visits  int32   // iterations through this node
	avail   int32   // iterations in which move was legal when the parent chose
	reward  float32 // results of the player who chose move, summed
}

// legalSlot is one place of the legal-turn set of the node being chosen
// from; stamp tells this node's entries from older ones.
type legalSlot struct {
	move  Move
	stamp uint32
	child bool // the turn is a child already
}

const legalSlots = 4096 // a power of two over twice MaxMoves

// ISMCTS is the information-set search over an engine: it evaluates with
// the engine's first search thread and its table, and keeps its tree pool
// between decisions.
type ISMCTS struct {
	e     *Engine
	nodes []treeNode
	n     int32 // nodes in use; node 0 is the root

	// per decision
	opts      ISMCTSOptions
	view      Position
	unseen    [chessmate.NumCards]chessmate.Card
	nUnseen   int
	rng       *rand.Rand
	rootOnly  []Move // the root's turns, when SearchMoves restricts them
	maxDepth  int
	iteration uint64

	// scratch, per iteration
	world Position
	cards [chessmate.NumCards]chessmate.Card
	path  [MaxPly + 1]int32
	moves [MaxMoves]Move
	set   [legalSlots]legalSlot
	stamp uint32
}

// NewISMCTS makes the information-set search of engine e.
func NewISMCTS(e *Engine) *ISMCTS { return &ISMCTS{e: e} }

// Search chooses the side to move's turn from its view of pos within lim:
// nodes counts iterations (one tree node each), depth the tree's depth,
// time the kit's soft limit; stop and ponder as in Search. The mover's
// known cards and the evaluation's weights come from hidden, as in
// SearchHiddenWith. Below full strength the levels play SearchHiddenWith.
func (s *ISMCTS) Search(ctx context.Context, pos *Position, lim Limits, hidden HiddenOptions, opts ISMCTSOptions, report func(Info)) Result {
	e := s.e
	if e.level.Kind != kit.FullStrength {
		return e.SearchHiddenWith(ctx, pos, lim, DefaultSamples, hidden, report)
	}
	start := time.Now()
	end := e.ctl.Start(ctx, timePlan(&lim, pos.SideToMove(), e.opts.MoveOverhead, start), 0, lim.Ponder, lim.PonderHit)
	defer end()
	s.begin(pos, lim, hidden, opts, start)
	budget := min(uint64(maxTreeNodes-1), uint64(len(s.nodes)-1))
	if lim.Nodes > 0 {
		budget = min(budget, lim.Nodes)
	}
	for s.iteration < budget {
		if s.iteration > 0 { // one iteration at least: a turn is owed
			e.ctl.Check(e.nodes)
			if e.ctl.Stopped() || e.ctl.SoftExpired(1) || (lim.Depth > 0 && s.maxDepth >= lim.Depth) {
				break
			}
		}
		if !s.iterate() {
			break
		}
		if report != nil && s.iteration&1023 == 0 {
			report(s.info(time.Since(start)))
		}
	}
	res := s.result()
	if report != nil {
		report(s.info(time.Since(start)))
	}
	kit.Hold(ctx, &lim)
	return res
}

// begin prepares a decision: the view, its unseen cards and generator, an
// empty tree, the evaluating thread and the table.
func (s *ISMCTS) begin(pos *Position, lim Limits, hidden HiddenOptions, opts ISMCTSOptions, start time.Time) {
	e := s.e
	if opts.Exploration <= 0 {
		opts.Exploration = DefaultExploration
	}
	s.opts = opts
	s.view = *moverView(pos, hidden.KnownCards)
	s.nUnseen = len(s.view.Unseen(s.unseen[:0]))
	s.rng = rand.New(rand.NewPCG(kit.ViewSeed(s.view.String()), 0x15AC75))
	s.rootOnly = lim.SearchMoves
	s.maxDepth, s.iteration, s.stamp = 0, 0, 0
	want := maxTreeNodes
	if lim.Nodes > 0 && lim.Nodes < maxTreeNodes {
		want = int(lim.Nodes) + 1
	}
	if len(s.nodes) < want {
		s.nodes = make([]treeNode, want)
	}
	s.nodes[0] = treeNode{}
	s.n = 1
	// Every decision starts from the same state: the table shows only this
	// search's entries, the history is cleared, the node count is zero.
	e.TT.Isolate()
	e.TT.NewSearch()
	e.newWorld()
	w := e.workers[0]
	w.eval.UseWeights(hidden.Weights)
	w.prepare(&s.view, nil, start)
}

// iterate runs one iteration; false when it cannot (the pool is full).
func (s *ISMCTS) iterate() bool {
	if int(s.n) >= len(s.nodes) {
		return false
	}
	s.deal()
	pos := &s.world
	var u Undo
	depth := 0
	s.path[0] = 0
	v := int32(0)
	var result float64 // for the side to move at the end of the path
	for {
		if depth > 0 && (pos.IsRepetition() || pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial()) {
			result = 0.5
			break
		}
		legal := pos.GenLegal(s.moves[:])
		if depth == 0 && len(s.rootOnly) > 0 {
			legal = keepOnly(legal, s.rootOnly)
		}
		if len(legal) == 0 {
			result = 0.5 // stalemate
			if pos.InCheck() {
				result = 0 // checkmate
			}
			break
		}
		untried, children := s.markLegal(v, legal)
		if untried != NullMove && depth > 0 && children >= widening(s.nodes[v].visits) {
			untried = NullMove // enough children here for now: choose among them
		}
		if untried != NullMove || depth == MaxPly-1 {
			if untried == NullMove { // the tree is as deep as a path may be
				result = s.leafValue(pos, depth)
				break
			}
			c := s.addChild(v, untried)
			pos.Make(untried, &u)
			depth++
			s.path[depth] = c
			s.maxDepth = max(s.maxDepth, depth)
			result = s.leafValue(pos, depth)
			break
		}
		v = s.choose(v)
		pos.Make(s.nodes[v].move, &u)
		depth++
		s.path[depth] = v
	}
	if s.e.workers[0].aborted {
		return false // stopped inside the evaluation: the value is not one
	}
	// Back up: the node at the end was chosen by the other player.
	r := 1 - result
	for i := depth; i >= 0; i-- {
		node := &s.nodes[s.path[i]]
		node.visits++
		node.reward += float32(r)
		r = 1 - r
	}
	s.iteration++
	return true
}

// deal makes the iteration's world: the unseen cards shuffled uniformly
// (Fisher-Yates) into the view's hidden places.
func (s *ISMCTS) deal() {
	cards := s.cards[:s.nUnseen]
	copy(cards, s.unseen[:s.nUnseen])
	for i := len(cards) - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
	s.view.DealInto(&s.world, cards)
}

// keepOnly keeps the moves of legal that only lists, in place.
func keepOnly(legal, only []Move) []Move {
	n := 0
	for _, m := range legal {
		for _, o := range only {
			if m == o {
				legal[n] = m
				n++
				break
			}
		}
	}
	return legal[:n]
}

// markLegal enters this world's legal turns at node v into the set, marks
// those that are children, and returns the first untried one by the
// expansion order (captures by the value they take, then the generator's
// order), NullMove when every legal turn is a child, and the number of
// children legal here.
func (s *ISMCTS) markLegal(v int32, legal []Move) (Move, int) {
	s.stamp++
	for _, m := range legal {
		slot := s.slot(m)
		*slot = legalSlot{move: m, stamp: s.stamp}
	}
	children := 0
	for c := s.nodes[v].child; c != 0; c = s.nodes[c].sibling {
		if slot := s.slot(s.nodes[c].move); slot.stamp == s.stamp {
			slot.child = true
			children++
		}
	}
	best, bestValue := NullMove, -1
	for _, m := range legal {
		if s.slot(m).child {
			continue
		}
		value := 0
		if isNoisy(&s.world, m) {
			value = 1 + capturedValue(&s.world, m)
		}
		if value > bestValue {
			best, bestValue = m, value
		}
	}
	return best, children
}

// widening is how many children a node below the root may have after
// visits iterations: 1 + √visits (progressive widening). A card-chess
// node has dozens of turns; adding one on every visit would make a node's
// value the mean over the opponent's replies, most of them harmless,
// instead of its answer to the best of them, which the expansion order
// (captures first) offers early. The root's turns are all tried.
func widening(visits int32) int {
	return 1 + int(math.Sqrt(float64(visits)))
}

// slot is m's place in the set: its own, or the empty one it would take.
func (s *ISMCTS) slot(m Move) *legalSlot {
	i := (uint32(m) * 0x9E3779B1) >> (32 - 12)
	for {
		slot := &s.set[i]
		if slot.stamp != s.stamp || slot.move == m {
			return slot
		}
		i = (i + 1) & (legalSlots - 1)
	}
}

// choose picks the child of v, among those legal in this world (marked by
// markLegal), with the best UCB value, and counts every one of them as
// available once more.
func (s *ISMCTS) choose(v int32) int32 {
	best, bestValue := int32(0), math.Inf(-1)
	for c := s.nodes[v].child; c != 0; c = s.nodes[c].sibling {
		node := &s.nodes[c]
		if slot := s.slot(node.move); slot.stamp != s.stamp || !slot.child {
			continue
		}
		node.avail++
		visits := float64(max(node.visits, 1))
		value := float64(node.reward)/visits + s.opts.Exploration*math.Sqrt(math.Log(float64(node.avail))/visits)
		if value > bestValue {
			best, bestValue = c, value
		}
	}
	return best
}

// addChild adds turn m under v and returns the new node.
func (s *ISMCTS) addChild(v int32, m Move) int32 {
	c := s.n
	s.n++
	s.nodes[c] = treeNode{move: m, sibling: s.nodes[v].child, avail: 1}
	s.nodes[v].child = c
	return c
}

// leafValue scores pos, depth plies below the root, for its side to move:
// the score of the quiescence search, or of a LeafDepth alpha-beta search,
// as an expected result. The search starts
// at the parity of depth so contempt falls on the right side.
func (s *ISMCTS) leafValue(pos *Position, depth int) float64 {
	w := s.e.workers[0]
	w.pos = *pos
	var score int
	if d := min(s.opts.LeafDepth, MaxLeafDepth); d > 0 {
		score = w.search(-Infinite, Infinite, d, depth&1, false)
	} else {
		score = w.qsearch(-Infinite, Infinite, depth&1)
	}
	return kit.ExpectedScore(clipMate(score))
}

// best is the root's most visited child, ties to the better mean; 0 when
// the root has none.
func (s *ISMCTS) best(v int32) int32 {
	best := int32(0)
	for c := s.nodes[v].child; c != 0; c = s.nodes[c].sibling {
		if best == 0 || betterVisited(&s.nodes[c], &s.nodes[best]) {
			best = c
		}
	}
	return best
}

func betterVisited(a, b *treeNode) bool {
	if a.visits != b.visits {
		return a.visits > b.visits
	}
	return float64(a.reward)*float64(max(b.visits, 1)) > float64(b.reward)*float64(max(a.visits, 1))
}

// meanScore is node's mean result as a centipawn score (the inverse of
// kit.ExpectedScore), for reports.
func meanScore(node *treeNode) int {
	p := float64(node.reward) / float64(max(node.visits, 1))
	p = min(max(p, 0.001), 0.999)
	return int(math.Round(400 * math.Log10(p/(1-p))))
}

// result is the decision: the most visited root turn, or a stalemate claim
// when the search expects less than a draw, or the first legal turn when
// no iteration ran.
func (s *ISMCTS) result() Result {
	res := Result{BestMove: NullMove, Depth: s.maxDepth, Nodes: s.iteration}
	if b := s.best(0); b != 0 {
		res.BestMove, res.Score = s.nodes[b].move, meanScore(&s.nodes[b])
	} else if legal := s.view.GenLegal(s.moves[:]); len(legal) > 0 {
		res.BestMove = legal[0]
		if len(s.rootOnly) > 0 {
			if kept := keepOnly(legal, s.rootOnly); len(kept) > 0 {
				res.BestMove = kept[0]
			}
		}
	}
	if s.view.CanClaimStalemate() && (res.BestMove == NullMove || res.Score < DrawScore) {
		res.BestMove, res.Score = chessmate.ClaimAction, DrawScore
	}
	return res
}

// info reports the search: depth is the tree's depth, nodes the
// iterations, the line the most visited child at every level.
func (s *ISMCTS) info(elapsed time.Duration) Info {
	info := Info{Depth: s.maxDepth, Nodes: s.iteration, Elapsed: elapsed, Hashfull: -1}
	for v := s.best(0); v != 0 && len(info.PV) < MaxPly; v = s.best(v) {
		if len(info.PV) == 0 {
			info.Score = meanScore(&s.nodes[v])
		}
		info.PV = append(info.PV, s.nodes[v].move)
	}
	return info
}
