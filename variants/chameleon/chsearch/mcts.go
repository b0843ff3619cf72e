package chsearch

import (
	"math"
	"time"

	"tempest/kit"
	"tempest/variants/chameleon"
)

// Monte Carlo tree search with max-n backups (Sturtevant 2008, "An
// analysis of UCT in multi-player games"; Nijssen and Winands on MCTS in
// multi-player games), the experiment behind "go ... algorithm mcts".
//
// Every node keeps, for each player, the sum of the shares that player got
// in the iterations through it. An iteration walks down from the root: at
// each node the player to move there picks the child with the highest
// UCB1 value of its own share, mean + mctsExplore*sqrt(ln N / n), trying
// unvisited children first (captures before quiet moves). A node's
// children are made on its second visit; on its first it is a leaf, scored
// by the settled static evaluation turned into shares (leaf, leafShares).
// Below the root, while more than two players are in, a node's children
// are only its player's sensible moves (model.go): a player who plays for
// itself does not give material away, and the narrower tree reaches the
// round of three replies in which an exposed pawn is lost. The vector is
// added to every node on the path: each player's mean is then its expected
// share of the win, as max-n assumes every player plays for itself.
//
// A share vector sums to 1 over the players still in the game at the node
// it was taken in: a won position gives the last player standing 1; a
// draw (no progress, a repetition on the path or in the game, everyone
// stuck) 1/k to each of the k players left, as the match driver shares a
// draw; an eliminated player gets 0. The board's shrinking, the centre
// removal and eliminations are the rules' own (Position.Make); a player
// without a move passes (a single child).
//
// The root move is the most visited (ties: the higher mean for the root
// player). The tree lives in a pool of nodes allocated on the first MCTS
// search and reused by every later one, so an iteration allocates nothing;
// a search stops when the pool is full. Nothing is random: the same
// position, history and iteration budget give the same move.
const (
	// mctsExplore is C in UCB1 over shares in [0, 1].
	mctsExplore = 0.25
	// mctsTemperature (centipawns) turns evaluations into shares: a player
	// 100 cp above another is e times as likely to win.
	mctsTemperature = 100.0
	// mctsPoolNodes is the tree's capacity (about 28 bytes a node).
	mctsPoolNodes = 1 << 21
	// mctsMaxDepth caps a path; a node that deep is scored as a leaf.
	mctsMaxDepth = 128
	// mctsSensibleOnly restricts every node below the root, with more
	// than two players, to the sensible moves of its player.
	mctsSensibleOnly = true
	// mctsSettlePlies is the most captures a leaf is settled with (leaf).
	mctsSettlePlies = 8
	// mctsCheckEvery iterations the limits and the info timer are read.
	mctsCheckEvery = 64
)

// mctsNode is one node of the tree. Its children are count nodes from
// first in the pool.
type mctsNode struct {
	value  [4]float32 // by colour: the sum of that player's shares
	visits uint32
	first  int32
	move   chameleon.Move // the move that leads here
	count  uint8          // children (at most MaxMoves)
	state  uint8          // mctsOpen, mctsExpanded or mctsStuck
}

const (
	mctsOpen     = iota // children not made yet
	mctsExpanded        // children made
	mctsStuck           // every player stuck: a draw
)

// mctsTree is the search state of the MCTS experiment: fixed arrays and the
// node pool, so iterating allocates nothing.
type mctsTree struct {
	pool  []mctsNode
	used  int32
	full  bool
	root  chameleon.Color
	stack [mctsMaxDepth + 1]chameleon.Position
	keys  [mctsMaxDepth + 1]uint64
	path  [mctsMaxDepth + 1]int32
	moves [chameleon.MaxMoves]chameleon.Move
	score [4]int
	// settle's scratch: the position being settled, a capture's result and
	// the best capture's.
	settled, after, bestAfter chameleon.Position
	captures                  [chameleon.MaxMoves]chameleon.Move
	gain                      [chameleon.MaxMoves]int
	// history holds the game's keys before the root, oldest first.
	history    []uint64
	iterations uint64
	selDepth   int
}

func newMCTSTree() *mctsTree {
	return &mctsTree{pool: make([]mctsNode, mctsPoolNodes)}
}

// reset starts a tree at pos whose root children are moves (searchmoves
// may have restricted them).
func (t *mctsTree) reset(pos *chameleon.Position, history []uint64, moves []chameleon.Move) {
	t.stack[0] = *pos
	t.keys[0] = pos.Key()
	t.root = pos.ToMove()
	t.history = history
	if n := len(history); n > 0 && history[n-1] == pos.Key() {
		t.history = history[:n-1]
	}
	t.iterations, t.selDepth, t.full = 0, 0, false
	t.pool[0] = mctsNode{}
	t.used = 1
	t.addChildren(0, pos, moves)
}

// addChildren makes node's children in the pool, one per move, captures
// first (they are tried first). It reports false when the pool is full.
func (t *mctsTree) addChildren(node int32, pos *chameleon.Position, moves []chameleon.Move) bool {
	if int(t.used)+len(moves) > len(t.pool) {
		t.full = true
		return false
	}
	n := &t.pool[node]
	n.first, n.count, n.state = t.used, uint8(len(moves)), mctsExpanded
	i := t.used
	for _, wantCapture := range [2]bool{true, false} {
		for _, m := range moves {
			capture := m != chameleon.PassMove && pos.At(m.To()) != chameleon.NoPawn
			if capture == wantCapture {
				t.pool[i] = mctsNode{move: m}
				i++
			}
		}
	}
	t.used = i
	return true
}

// expand makes the children of node, whose position is stack[depth]: the
// mover's moves, the forced pass, or none when everyone is stuck (the node
// becomes a draw). It reports false when the pool is full.
func (t *mctsTree) expand(node int32, depth int) bool {
	pos := &t.stack[depth]
	moves := pos.GenMoves(t.moves[:0])
	if len(moves) == 0 {
		if pos.AllStuck() {
			t.pool[node].state = mctsStuck
			return true
		}
		moves = append(moves, chameleon.PassMove)
	} else if mctsSensibleOnly && depth > 0 && pos.Players() > 2 {
		// Below the root every player plays only its sensible moves
		// (model.go): a player playing for itself does not give away
		// material.
		best := gains(pos, moves, t.gain[:len(moves)], &t.after)
		kept := 0
		for i, m := range moves {
			if t.gain[i] == best {
				moves[kept] = m
				kept++
			}
		}
		moves = moves[:kept]
	}
	return t.addChildren(node, pos, moves)
}

// iterate runs one iteration: selection, expansion, the leaf's shares and
// their backup along the path.
func (t *mctsTree) iterate() {
	var share [4]float64
	node, depth := int32(0), 0
	t.path[0] = 0
	for {
		pos := &t.stack[depth]
		n := &t.pool[node]
		if t.terminal(depth, &share) {
			break
		}
		if depth > 0 && n.visits == 0 || depth == mctsMaxDepth {
			t.leaf(pos, &share)
			break
		}
		if n.state == mctsOpen && !t.expand(node, depth) {
			t.leaf(pos, &share)
			break
		}
		if n.state == mctsStuck {
			drawShares(pos, &share)
			break
		}
		child := t.selectChild(n, pos.ToMove())
		depth++
		next := &t.stack[depth]
		*next = *pos
		next.Make(t.pool[child].move)
		t.keys[depth] = next.Key()
		t.path[depth] = child
		node = child
	}
	t.selDepth = max(t.selDepth, depth)
	var add [4]float32
	for c := range share {
		add[c] = float32(share[c])
	}
	for i := 0; i <= depth; i++ {
		n := &t.pool[t.path[i]]
		n.visits++
		for c := range add {
			n.value[c] += add[c]
		}
	}
	t.iterations++
}

// selectChild is UCB1 on the share of the player to move, mover: an
// unvisited child first (in the order made: captures first), else the
// highest mean plus exploration; ties go to the earlier child.
func (t *mctsTree) selectChild(n *mctsNode, mover chameleon.Color) int32 {
	logN := math.Log(float64(n.visits))
	best, bestUCB := n.first, math.Inf(-1)
	for i := n.first; i < n.first+int32(n.count); i++ {
		c := &t.pool[i]
		if c.visits == 0 {
			return i
		}
		v := float64(c.visits)
		ucb := float64(c.value[mover])/v + mctsExplore*math.Sqrt(logN/v)
		if ucb > bestUCB {
			best, bestUCB = i, ucb
		}
	}
	return best
}

// terminal fills share and reports true when stack[depth] ends the game
// for the tree: one player left, the no-progress rule, or a repetition of
// a position on the path or in the game since the last progress (scored
// as a draw, as the alpha-beta search does).
func (t *mctsTree) terminal(depth int, share *[4]float64) bool {
	pos := &t.stack[depth]
	switch {
	case pos.Players() <= 1:
		*share = [4]float64{}
		for c := chameleon.Red; c <= chameleon.Blue; c++ {
			if pos.Has(c) {
				share[c] = 1
			}
		}
		return true
	case pos.QuietPlies() >= chameleon.QuietLimit || depth > 0 && t.repeated(depth):
		drawShares(pos, share)
		return true
	}
	return false
}

// repeated reports whether stack[depth] occurred before, on the path or in
// the game; only positions since the last progress can repeat.
func (t *mctsTree) repeated(depth int) bool {
	key := t.keys[depth]
	back := t.stack[depth].QuietPlies()
	for i := depth - 2; i >= 0 && depth-i <= back; i-- {
		if t.keys[i] == key {
			return true
		}
	}
	for i, n := len(t.history)-1, depth+1; i >= 0 && n <= back; i, n = i-1, n+1 {
		if t.history[i] == key {
			return true
		}
	}
	return false
}

// drawShares shares a draw equally among the players still in.
func drawShares(pos *chameleon.Position, share *[4]float64) {
	*share = [4]float64{}
	k := float64(pos.Players())
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		if pos.Has(c) {
			share[c] = 1 / k
		}
	}
}

// leaf scores a leaf: the shares of its position once settled. The
// static evaluation leaves the threats of the player to move to a
// quiescence search (eval.go), which the tree does not have; instead the
// players in turn make their best capture while it gains material by the
// opponent model's measure (moveGain: a capture that leaves none of the
// mover's pawns en prise, or a bigger one), at most mctsSettlePlies
// captures, and the first player with no such capture stands pat.
func (t *mctsTree) leaf(pos *chameleon.Position, share *[4]float64) {
	cur := &t.settled
	*cur = *pos
	for range mctsSettlePlies {
		if cur.Players() <= 1 {
			break
		}
		best := 0
		for _, m := range cur.GenCaptures(t.captures[:0]) {
			t.after = *cur
			t.after.Make(m)
			if g := moveGain(cur, &t.after); g > best {
				best, t.bestAfter = g, t.after
			}
		}
		if best <= 0 {
			break
		}
		*cur = t.bestAfter
	}
	t.leafShares(cur, share)
}

// leafShares turns the static evaluation of pos into shares: a softmax of
// the players' evaluations at mctsTemperature over the players still in,
// so a player's share is its chance of winning if a centipawn lead
// translated into odds as exp(lead/T). Eliminated players get 0.
func (t *mctsTree) leafShares(pos *chameleon.Position, share *[4]float64) {
	evaluate(pos, &t.score, &HandSetWeights)
	top := math.MinInt
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		if pos.Has(c) {
			top = max(top, t.score[c])
		}
	}
	sum := 0.0
	for c := chameleon.Red; c <= chameleon.Blue; c++ {
		share[c] = 0
		if pos.Has(c) {
			share[c] = math.Exp(float64(t.score[c]-top) / mctsTemperature)
			sum += share[c]
		}
	}
	for c := range share {
		share[c] /= sum
	}
}

// best is the root's most visited child (ties: the higher mean share for
// the root player).
func (t *mctsTree) best(node int32) int32 {
	n := &t.pool[node]
	if n.state != mctsExpanded || n.count == 0 {
		return -1
	}
	best := n.first
	for i := n.first + 1; i < n.first+int32(n.count); i++ {
		c, b := &t.pool[i], &t.pool[best]
		if c.visits > b.visits || c.visits == b.visits && c.visits > 0 &&
			c.value[t.root]/float32(c.visits) > b.value[t.root]/float32(b.visits) {
			best = i
		}
	}
	return best
}

// pv follows the most visited children from the root, into buf.
func (t *mctsTree) pv(buf []chameleon.Move) []chameleon.Move {
	for node := t.best(0); node >= 0 && len(buf) < cap(buf) && t.pool[node].visits > 0; node = t.best(node) {
		buf = append(buf, t.pool[node].move)
	}
	return buf
}

// rootScore is the root player's mean share after the most visited move,
// in centipawns of the evaluation's scale (own score minus the mean of the
// opponents'): the inverse of leafShares against opponents level with each
// other, T*ln(q*(n-1)/(1-q)) for n players, within ±mctsMaxScore.
func (t *mctsTree) rootScore() int {
	b := t.best(0)
	if b < 0 || t.pool[b].visits == 0 {
		return 0
	}
	q := float64(t.pool[b].value[t.root]) / float64(t.pool[b].visits)
	n := float64(max(t.stack[0].Players(), 2))
	cp := mctsTemperature * math.Log(q*(n-1)/(1-q))
	switch {
	case math.IsNaN(cp):
		return 0
	case cp > mctsMaxScore:
		return mctsMaxScore
	case cp < -mctsMaxScore:
		return -mctsMaxScore
	}
	return int(math.Round(cp))
}

// mctsMaxScore bounds the reported score, far from the win scores: the
// tree's shares are estimates, not proofs.
const mctsMaxScore = 5000

// searchMCTS is the "algorithm mcts" search of pos, whose moves are given,
// within lim and tm. It reports about every second and at the end.
func (e *Engine) searchMCTS(pos *chameleon.Position, history []uint64, moves []chameleon.Move, lim Limits, tm kit.TimeManager, report func(Info)) Result {
	if e.tree == nil {
		e.tree = newMCTSTree()
	}
	t := e.tree
	t.reset(pos, history, moves)
	soft := time.Duration(0)
	if tm.Enabled {
		soft = tm.Soft
	}
	nextReport := time.Second
	var buf [MaxPly]chameleon.Move
	info := func() Info {
		pv := t.pv(buf[:0])
		return Info{Depth: max(len(pv), 1), SelDepth: t.selDepth, Score: t.rootScore(), Nodes: t.iterations,
			Elapsed: time.Since(tm.Start), PV: append([]chameleon.Move(nil), pv...)}
	}
	for !t.full {
		if lim.Nodes > 0 && t.iterations >= lim.Nodes || len(moves) == 1 && t.iterations > 0 {
			break // the budget, or the only move: nothing to choose
		}
		t.iterate()
		if t.iterations%mctsCheckEvery == 0 {
			e.ctl.Check(nil)
			if e.ctl.Stopped() {
				break
			}
			elapsed := time.Since(tm.Start)
			if soft > 0 && elapsed >= soft {
				break
			}
			if report != nil && elapsed >= nextReport {
				report(info())
				nextReport = elapsed + time.Second
			}
		}
	}
	last := info()
	if report != nil {
		report(last)
	}
	res := Result{BestMove: t.pool[t.best(0)].move, Score: last.Score, Depth: last.Depth, Nodes: t.iterations, PV: last.PV}
	if len(res.PV) == 0 || res.PV[0] != res.BestMove {
		res.PV = []chameleon.Move{res.BestMove}
	}
	return res
}
