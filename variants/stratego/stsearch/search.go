package stsearch

import (
	"context"
	"math/rand/v2"
	"strconv"
	"time"

	"tempest/kit"
	"tempest/tt"
	"tempest/variants/stratego"
)

// Scores.
const (
	Win      = 30000 // a won game, less the plies to reach it
	infinite = 32000
	// WinClip bounds a world's score in the average over worlds: a flag
	// capture seen in some worlds only is a big chance, not a certain win.
	WinClip = 2000
	maxPly  = 64
)

// contempt is what a draw by repetition or by the no-battle limit costs
// the root side: without it the engine, whose worlds give the opponent
// full knowledge, settled for repetitions in playable positions.
// Gain against the greedy tier, same 400 setups at 20000 nodes: wins
// 79.5% -> 83.5%, draws 59 -> 35, losses 23 -> 31 (docs/STRATEGO.md).
const contempt = 200

// DefaultWorlds is the number of worlds searched per decision.
const DefaultWorlds = 12

// Limits bound one decision: the engine kit's limits over Stratego moves,
// the clocks indexed by side (Volcandria 0, Everwinter 1). Without any
// limit the search stops at DefaultDepth. Mate is not read; Ponder only
// holds the answer (Search).
type Limits = kit.Limits[stratego.Move]

// DefaultDepth is the depth searched when no limit is given.
const DefaultDepth = 4

// Info is one progress report: a depth completed over all worlds, PV
// holding the best move; the table's fill is not reported (Hashfull -1).
type Info = kit.Report[stratego.Move]

// Result is the decision; Worlds is the number of worlds averaged over.
type Result = kit.Result[stratego.Move]

// worker holds one search's state; everything the node loop touches is a
// fixed array, so nodes do not allocate.
type worker struct {
	nodes   uint64
	ctl     *kit.Control // cancellation, the node limit and the hard time
	aborted bool
	hist    []uint64 // public keys since the last battle before the root
	path    [maxPly + 2]uint64
	stack   [maxPly + 2]stratego.Position // the position at each ply (copy-make)
	moves   [maxPly + 2][stratego.MaxMoves]stratego.Move
	order   [maxPly + 2][stratego.MaxMoves]int32
	killers [maxPly + 2][2]stratego.Move
	history [2][80 * 80]int32
	tt      *tt.Table
	root    stratego.Side // the side whose decision is searched
}

// Engine makes decisions; it is reused between moves (its buffers are
// allocated once). It is not safe for concurrent use.
type Engine struct {
	// TT is the transposition table, shared by a decision's worlds and
	// cleared at every decision, so a decision never depends on the ones
	// before it.
	TT           *tt.Table
	w            *worker
	worlds       int
	level        kit.Level
	rng          *rand.Rand
	MoveOverhead time.Duration
	opts         Options
	belief       *belief
	ctl          kit.Control
}

// Options are a search's switches, set per "go" (games/stratego.go).
type Options struct {
	// Belief draws the worlds from the belief model (belief.go) instead of
	// uniformly, and takes the control variates' odds from its marginals.
	// Full strength only: the weak levels deal as they were calibrated.
	Belief bool
	// Start and Seen are the game's start and its plies as both players saw
	// them (stratego.Game.Begin, Observations): the belief's only evidence.
	// Without them, or when they do not lead to the position searched, the
	// worlds stay uniform.
	Start *stratego.Position
	Seen  []stratego.Obs
}

// Defaults are the switches of the engine's full-strength decision
// (games/stratego.go, the bench): worlds from the belief, built from the
// game's start and plies (start and seen; without them the worlds stay
// uniform). The zero Options are the search as it was
// before issue 19 (docs/STRATEGO.md).
func Defaults(start *stratego.Position, seen []stratego.Obs) Options {
	return Options{Belief: true, Start: start, Seen: seen}
}

// SetOptions sets the switches for the following searches.
func (e *Engine) SetOptions(o Options) { e.opts = o }

// Options returns the switches.
func (e *Engine) Options() Options { return e.opts }

// TableMB is the table's size in MiB, the size of the table this search
// had before the shared one: a 16 MiB table cost 15% of the speed in
// cache misses for 7% fewer nodes (docs/BENCHMARKS.md), and no game
// showed a gain from it (docs/STRENGTH.md).
const TableMB = 1

// New makes an engine at full strength.
func New() *Engine {
	t := tt.MustNew(TableMB)
	return &Engine{TT: t, w: &worker{}, worlds: DefaultWorlds, belief: &belief{},
		rng: rand.New(rand.NewPCG(1, 2)), MoveOverhead: 30 * time.Millisecond}
}

// SetWorlds sets the number of worlds per decision (at least 1).
func (e *Engine) SetWorlds(n int) { e.worlds = max(n, 1) }

// viewSeed hashes the view and its public history, so the worlds depend on
// nothing the mover cannot see.
func viewSeed(view *stratego.Position, history []uint64) uint64 {
	parts := []string{view.String()}
	for _, k := range history {
		parts = append(parts, strconv.FormatUint(k, 16))
	}
	return kit.ViewSeed(parts...)
}

// Search decides the side to move's move from its view of pos. history is
// the game's public history (stratego.Game.PublicHistory: the public keys
// since the last battle, the current position last). report, if not nil,
// receives one Info per completed depth. Cancelling ctx stops the search.
// The search has no ponder mode of its own: with Ponder it searches at
// once and returns after ponderhit (or cancellation), with Infinite after
// cancellation.
func (e *Engine) Search(ctx context.Context, pos *stratego.Position, history []uint64, lim Limits, report func(Info)) Result {
	res := e.decide(ctx, pos, history, lim, report)
	kit.Hold(ctx, &lim)
	return res
}

func (e *Engine) decide(ctx context.Context, pos *stratego.Position, history []uint64, lim Limits, report func(Info)) Result {
	start := time.Now()
	view := pos.View(pos.SideToMove())
	if len(history) > 0 {
		history = history[:len(history)-1] // the root itself is path[0]
	}
	var buf [stratego.MaxMoves]stratego.Move
	root := append([]stratego.Move(nil), view.GenMoves(buf[:0])...)
	if len(root) == 0 || view.Ending().Result != stratego.Ongoing {
		return Result{}
	}
	switch e.level.Kind {
	case kit.RandomMover:
		return Result{BestMove: RandomMove(&view, e.rng)}
	case kit.GreedyMover:
		return Result{BestMove: GreedyMove(&view, e.rng)}
	}
	if e.level.Kind == kit.WeakSearch {
		// The level's limits end the search; Search holds the answer of an
		// infinite one.
		lim = kit.ApplyLevel(e.level, lim)
		lim.Infinite = false
	}
	// No ponder mode: the clock runs at once and Search holds the answer.
	defer e.ctl.Start(ctx, e.plan(&lim, view.SideToMove(), start), lim.Nodes, false, nil)()
	w := e.w
	*w = worker{tt: e.TT, ctl: &e.ctl, hist: history, root: view.SideToMove()}
	e.TT.Clear() // 1 MiB: cheaper than a search's first depth

	rng := rand.New(rand.NewPCG(viewSeed(&view, history), 0x57A7E60))
	n := e.worlds
	if _, hidden := view.Viewer(); !hidden {
		n = 1
	}
	deal := func() stratego.Position { return view.SampleWorld(rng) }
	var b *belief // nil: uniform worlds
	if e.opts.Belief && e.level.Kind == kit.FullStrength && n > 1 && e.belief.build(e.opts.Start, e.opts.Seen, &view) {
		b = e.belief
		steps := beliefSteps * view.Count(view.SideToMove().Other(), stratego.Unknown)
		deal = func() stratego.Position { return view.SampleWorldWeighted(rng, &b.lw, steps) }
	}
	worlds, _ := kit.DealWorlds(n, deal, nil)
	maxDepth := DefaultDepth
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxPly-1)
	} else if lim.Nodes > 0 || lim.MoveTime > 0 || lim.Clock || lim.Infinite {
		maxDepth = maxPly - 1
	}
	// scores[w][i] is root move i's score in world w at depth done[w].
	scores := make([][]int32, len(worlds))
	for i := range scores {
		scores[i] = make([]int32, len(root))
	}
	done := make([]int, len(worlds))
	cv := controlVariates(&view, worlds, root, b, rng)
	avg := make([]int, len(root))
	ballot := kit.NewBallot[int](clipScore, nil) // root move indices
	for i := range root {
		ballot.Add(i)
	}
	res := Result{BestMove: root[0], Worlds: len(worlds)}
	if len(root) == 1 && !lim.Infinite {
		maxDepth = 1 // nothing to choose: a quick look for the score
	}
	for depth := 1; depth <= maxDepth; depth++ {
		for wi := range worlds {
			// A generation per world and depth: the table replaces the
			// entries of other worlds first, which are other positions
			// (a key names every identity) and rarely of use.
			e.TT.NewSearch()
			if !w.searchRoot(&worlds[wi], root, depth, scores[wi], depth == 1) {
				break
			}
			done[wi] = depth
		}
		if done[0] == 0 {
			break // stopped before any world finished depth 1
		}
		average(ballot, avg, scores, done, cv)
		best := bestIndex(avg)
		res = Result{BestMove: root[best], Score: avg[best], Depth: depth, Nodes: w.nodes, Worlds: len(worlds)}
		if !w.aborted && report != nil {
			report(Info{Depth: depth, Worlds: len(worlds), Score: avg[best], Nodes: w.nodes, Elapsed: time.Since(start),
				Hashfull: -1, PV: []stratego.Move{root[best]}})
		}
		if e.level.Kind == kit.WeakSearch && e.level.Noise > 0 {
			res.BestMove = root[noisyIndex(avg, e.level.Noise, e.level.Lines, e.rng)]
		}
		if w.aborted || e.ctl.SoftExpired(0.5) {
			break
		}
		if res.Score >= WinClip && done[len(worlds)-1] == depth && !lim.Infinite {
			break // the flag falls in every world
		}
	}
	res.Nodes = w.nodes
	return res
}

// average combines the worlds' scores per root move on the ballot; a world
// counts with the deepest depth it completed. cv, when not nil, holds the
// control variates of attacks on unknown pieces (see controlVariates).
func average(ballot *kit.Ballot[int], avg []int, scores [][]int32, done []int, cv *variates) {
	ballot.ClearScores(false)
	for wi, row := range scores {
		if done[wi] == 0 {
			continue
		}
		for i, s := range row {
			ballot.Score(i, int(s), 1)
			if cv != nil && cv.attack[i] {
				ballot.Shift(i, cv.exact[i]-cv.sampled[wi][i], 1)
			}
		}
	}
	for i := range avg {
		avg[i] = ballot.Tally(i).Mean()
	}
}

// clipScore bounds a world's score to +/-WinClip for the average, keeping
// the order of won (and lost) games by their length: a win in fewer plies
// stays worth a little more, so a sure win is also taken.
func clipScore(s int) int {
	switch {
	case s >= Win-maxPly:
		return WinClip + s - (Win - maxPly)
	case s <= -Win+maxPly:
		return -WinClip + s + (Win - maxPly)
	}
	return min(max(s, -WinClip+1), WinClip-1)
}

// variates are, for each root move that attacks an unknown piece, the
// battle's immediate gain in each world and its exact expectation.
type variates struct {
	attack  []bool
	exact   []int
	sampled [][]int
}

// controlVariates reduces the noise of attacks on unknown pieces. With a
// dozen worlds, the share of worlds in which the attacked piece is the Flag
// or a Trap is a coarse estimate of the real chance, and those outcomes
// weigh most. So a world's score for such a move is corrected by its
// immediate gain in that world (battleGain, a Flag counting WinClip)
// replaced by the gain's exact expectation over the identities the piece
// may have. The correction keeps what the worlds say about the
// continuation and takes the lottery of the first battle out. With a
// belief (b not nil) the expectation is over its marginals, drawn with rng.
func controlVariates(view *stratego.Position, worlds []stratego.Position, root []stratego.Move, b *belief, rng *rand.Rand) *variates {
	cv := &variates{attack: make([]bool, len(root)), exact: make([]int, len(root)), sampled: make([][]int, len(worlds))}
	for wi := range worlds {
		cv.sampled[wi] = make([]int, len(root))
	}
	any := false
	for i, m := range root {
		d := view.At(m.To())
		if d == stratego.NoPiece || d.Kind() != stratego.Unknown {
			continue
		}
		any = true
		cv.attack[i] = true
		a := view.At(m.From()).Kind()
		probs := pieceOdds(view, m.To(), b, rng)
		cv.exact[i] = meanGain(a, &probs)
		for wi := range worlds {
			cv.sampled[wi][i] = rootGain(a, worlds[wi].At(m.To()).Kind())
		}
	}
	if !any {
		return nil
	}
	return cv
}

func rootGain(a, d stratego.Kind) int {
	if d == stratego.Flag {
		return WinClip
	}
	return battleGain(a, d)
}

// identityOdds weighs the identities an unknown piece may have (in
// arbitrary units): the enemy's unaccounted pieces, less those that the
// pieces which ran (Scouts) and moved (movable pieces) are expected to
// hold, as SampleWorld deals them.
func identityOdds(view *stratego.Position, pc stratego.Piece) [stratego.Unknown]int {
	var c [stratego.Unknown]int
	side := pc.Side()
	movable := 0
	for k := stratego.Flag; k <= stratego.Trap; k++ {
		c[k] = view.Unaccounted(side, k)
		if k.Movable() {
			movable += c[k]
		}
	}
	ran, moved := 0, 0
	for sq := stratego.Square(0); sq < 80; sq++ {
		q := view.At(sq)
		if q != stratego.NoPiece && q.Side() == side && q.Kind() == stratego.Unknown {
			if q.Ran() {
				ran++
			} else if q.Moved() {
				moved++
			}
		}
	}
	var out [stratego.Unknown]int
	switch {
	case pc.Ran():
		out[stratego.Scout] = 1
		return out
	case pc.Moved():
		for k := stratego.Slayer; k <= stratego.Dragon; k++ {
			out[k] = c[k]
		}
		out[stratego.Scout] = max(c[stratego.Scout]-ran, 0)
		return out
	}
	// An unmoved piece: what the moved pieces are expected to leave, in
	// units of 1/(movable-ran) pieces to stay in integers.
	pool := max(movable-ran, 1)
	c[stratego.Scout] = max(c[stratego.Scout]-ran, 0)
	for k := stratego.Flag; k <= stratego.Trap; k++ {
		if k.Movable() {
			out[k] = max(c[k]*pool-moved*c[k], 0)
		} else {
			out[k] = c[k] * pool
		}
	}
	return out
}

func bestIndex(avg []int) int {
	best := 0
	for i, v := range avg {
		if v > avg[best] {
			best = i
		}
	}
	return best
}

// searchRoot scores every root move in one world at one depth. It returns
// false if the search was stopped (the world's scores are then those of
// the previous depth). Depth 1 ignores the node and time budget, so a
// decision always has at least one complete depth.
func (w *worker) searchRoot(world *stratego.Position, root []stratego.Move, depth int, out []int32, first bool) bool {
	w.path[0] = world.PublicKey()
	var tmp [stratego.MaxMoves]int32
	for i, m := range root {
		child := &w.stack[1]
		*child = *world
		b := child.Play(m)
		var s int
		if b.FlagCaptured() {
			s = Win - 1
		} else {
			// Aspiration around the previous depth's score of this move.
			prev := int(out[i])
			alpha, beta := -infinite, infinite
			if !first {
				alpha, beta = prev-60, prev+60
			}
			s = -w.ab(child, depth-1, 1, -beta, -alpha, first)
			if !w.aborted && (s <= alpha || s >= beta) {
				s = -w.ab(child, depth-1, 1, -infinite, infinite, first)
			}
		}
		if w.aborted {
			return false
		}
		tmp[i] = int32(s)
	}
	copy(out, tmp[:len(root)])
	return true
}

// stopNow asks the kit's control every 1024 nodes; with ignoreBudget (the
// first depth, which every decision completes) only whether it was
// cancelled. A limit passed at the first depth stays passed, so the
// second stops at its first check.
func (w *worker) stopNow(ignoreBudget bool) bool {
	if w.aborted {
		return true
	}
	if w.nodes&1023 != 0 {
		return false
	}
	if ignoreBudget {
		w.aborted = w.ctl.Cancelled()
	} else {
		w.ctl.Check(w.nodeCount)
		w.aborted = w.ctl.Stopped()
	}
	return w.aborted
}

// nodeCount is the node count the control compares with the node limit.
func (w *worker) nodeCount() uint64 { return w.nodes }

// terminal scores a position whose game is over by movable pieces; ok is
// false while both sides can move.
func terminal(p *stratego.Position, ply int) (score int, ok bool) {
	us := p.SideToMove()
	mu, mt := p.MovableCount(us), p.MovableCount(us.Other())
	switch {
	case mu > 0 && mt > 0:
		return 0, false
	case mu == 0 && mt == 0:
		return 0, true
	case mu == 0:
		return -Win + ply, true
	}
	return Win - ply, true
}

// repeated reports whether the position at ply occurred before since the
// last battle, in the search path or the game.
func (w *worker) repeated(p *stratego.Position, ply int) bool {
	quiet := p.Quiet()
	key := p.PublicKey()
	n := len(w.hist)
	for back := 2; back <= quiet; back += 2 {
		idx := n + ply - back
		if idx < 0 {
			break
		}
		var k uint64
		if idx >= n {
			k = w.path[idx-n]
		} else {
			k = w.hist[idx]
		}
		if k == key {
			return true
		}
	}
	return false
}

// ab is a principal variation alpha-beta search of a full-knowledge world.
func (w *worker) ab(p *stratego.Position, depth, ply int, alpha, beta int, ignoreBudget bool) int {
	if w.stopNow(ignoreBudget) {
		return 0
	}
	w.nodes++
	if s, over := terminal(p, ply); over {
		return s
	}
	w.path[ply] = p.PublicKey()
	if p.Quiet() >= stratego.NoBattleLimit || w.repeated(p, ply) {
		if p.SideToMove() == w.root {
			return -contempt
		}
		return contempt
	}
	if depth <= 0 || ply >= maxPly {
		return w.quiesce(p, ply, alpha, beta, 0, ignoreBudget)
	}
	// Transposition table: a cutoff from a deep enough entry, else its move
	// first.
	ttMove := stratego.NullMove
	if e, ok := w.tt.Probe(p.Key()); ok {
		ttMove = stratego.Move(e.Move)
		if e.Depth >= depth && p.Quiet() < stratego.NoBattleLimit-maxPly {
			s := int(e.Score)
			switch {
			case e.Bound == tt.BoundExact,
				e.Bound == tt.BoundLower && s >= beta,
				e.Bound == tt.BoundUpper && s <= alpha:
				return s
			}
		}
	}
	moves := p.GenMoves(w.moves[ply][:0])
	if len(moves) == 0 {
		return -Win + ply // no legal move loses
	}
	order := w.order[ply][:len(moves)]
	for i, m := range moves {
		order[i] = w.orderScore(p, m, ttMove, ply)
	}
	origAlpha := alpha
	best, bestMove := -infinite, stratego.NullMove
	for i := range moves {
		// Selection sort step: the best-ordered remaining move next.
		for j := i + 1; j < len(moves); j++ {
			if order[j] > order[i] {
				order[i], order[j] = order[j], order[i]
				moves[i], moves[j] = moves[j], moves[i]
			}
		}
		m := moves[i]
		child := &w.stack[ply+1]
		*child = *p
		b := child.Play(m)
		var s int
		switch {
		case b.FlagCaptured():
			s = Win - ply - 1
		case i == 0:
			s = -w.ab(child, depth-1, ply+1, -beta, -alpha, ignoreBudget)
		default:
			// Null window first; re-search when the move might be better.
			s = -w.ab(child, depth-1, ply+1, -alpha-1, -alpha, ignoreBudget)
			if s > alpha && s < beta {
				s = -w.ab(child, depth-1, ply+1, -beta, -alpha, ignoreBudget)
			}
		}
		if w.aborted {
			return 0
		}
		if s > best {
			best, bestMove = s, m
			if s > alpha {
				alpha = s
				if s >= beta {
					if p.At(m.To()) == stratego.NoPiece && w.killers[ply][0] != m {
						w.killers[ply][1], w.killers[ply][0] = w.killers[ply][0], m
					}
					h := &w.history[p.SideToMove()][int(m.From())*80+int(m.To())]
					*h = min(*h+int32(depth*depth), 1<<20)
					break
				}
			}
		}
	}
	bound := tt.BoundExact
	switch {
	case best >= beta:
		bound = tt.BoundLower
	case best <= origAlpha:
		bound = tt.BoundUpper
	}
	w.tt.Store(p.Key(), uint16(bestMove), int16(best), 0, depth, bound)
	return best
}

// orderScore ranks a move for the search order: the table's move, battles
// won by their gain, killers, history; lost battles last.
func (w *worker) orderScore(p *stratego.Position, m stratego.Move, ttMove stratego.Move, ply int) int32 {
	if m == ttMove {
		return 1 << 30
	}
	a, d := p.At(m.From()), p.At(m.To())
	if d != stratego.NoPiece {
		switch stratego.Resolve(a.Kind(), d.Kind()) {
		case stratego.AttackerWins:
			if d.Kind() == stratego.Flag {
				return 1 << 29
			}
			return 1<<24 + int32(pieceValue[d.Kind()])*64 - int32(pieceValue[a.Kind()])
		case stratego.Tie:
			return 1<<23 + int32(pieceValue[d.Kind()]-pieceValue[a.Kind()])
		}
		return -1 << 24
	}
	switch m {
	case w.killers[ply][0]:
		return 1 << 22
	case w.killers[ply][1]:
		return 1<<22 - 1
	}
	return w.history[p.SideToMove()][int(m.From())*80+int(m.To())]
}

// maxQuiescence bounds the battles a quiescence line may chain.
const maxQuiescence = 6

// quiesce resolves the battles the side to move wins (or ties at a profit)
// before trusting the evaluation. The opponent sees everything in a world
// (a cautious assumption); the root side only attacks revealed pieces.
func (w *worker) quiesce(p *stratego.Position, ply, alpha, beta, qply int, ignoreBudget bool) int {
	if w.stopNow(ignoreBudget) {
		return 0
	}
	w.nodes++
	if s, over := terminal(p, ply); over {
		return s
	}
	stand := evaluate(p, w.root)
	rootToMove := p.SideToMove() == w.root
	if stand >= beta || qply >= maxQuiescence || ply >= maxPly {
		return stand
	}
	alpha = max(alpha, stand)
	moves := p.GenBattles(w.moves[ply][:0])
	order := w.order[ply][:0]
	kept := moves[:0]
	for _, m := range moves {
		a, d := p.At(m.From()).Kind(), p.At(m.To()).Kind()
		if rootToMove && !p.At(m.To()).Revealed() {
			// The root side does not know this piece: resolving the battle by
			// the world's identity would credit it with knowledge it lacks
			// (strategy fusion). Such attacks are left to the full-width
			// search and at the root to the average over worlds.
			continue
		}
		gain := 0
		switch stratego.Resolve(a, d) {
		case stratego.AttackerWins:
			gain = pieceValue[d]
			if d == stratego.Flag {
				return Win - ply - 1
			}
		case stratego.Tie:
			gain = pieceValue[d] - pieceValue[a]
			if gain < 0 {
				continue
			}
		default:
			continue
		}
		kept = append(kept, m)
		order = append(order, int32(gain))
	}
	best := stand
	for i := range kept {
		for j := i + 1; j < len(kept); j++ {
			if order[j] > order[i] {
				order[i], order[j] = order[j], order[i]
				kept[i], kept[j] = kept[j], kept[i]
			}
		}
		child := &w.stack[ply+1]
		*child = *p
		child.Play(kept[i])
		s := -w.quiesce(child, ply+1, -beta, -alpha, qply+1, ignoreBudget)
		if w.aborted {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}

// pieceOdds weighs the identities the unknown piece on the view's square sq
// may have: the belief's marginals when b is not nil (drawn with rng), else
// the count-based identityOdds.
func pieceOdds(view *stratego.Position, sq stratego.Square, b *belief, rng *rand.Rand) [stratego.Unknown]int {
	if b != nil {
		return b.odds(view, sq, rng)
	}
	return identityOdds(view, view.At(sq))
}

// meanGain is the expected immediate gain (rootGain) of kind a attacking a
// piece whose identities weigh probs.
func meanGain(a stratego.Kind, probs *[stratego.Unknown]int) int {
	sum, total := 0, 0
	for k, n := range probs {
		total += n
		sum += n * rootGain(a, stratego.Kind(k))
	}
	return sum / max(total, 1)
}

// movesLeft is the number of own moves the time manager (kit.PlanTime)
// expects a Stratego game to last from any point in sudden death. 45 keeps
// the point where no new depth is started (half the soft limit) where this
// search's own plan had it before the kit, about 1/120 of the clock.
const movesLeft = 45

// plan is the decision's time budget: no new depth after half its soft
// limit, a stop at its hard limit; disabled when time does not limit (an
// infinite search ignores the clock).
func (e *Engine) plan(lim *Limits, us stratego.Side, start time.Time) kit.TimeManager {
	if lim.Infinite {
		return kit.TimeManager{Start: start}
	}
	return kit.PlanTime(lim, int(us), e.MoveOverhead, start, movesLeft)
}
