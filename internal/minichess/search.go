package minichess

import "context"

// Info describes a completed search depth. Score is in centipawns from the
// side to move's view; when a mate is found Mate is the number of moves to
// it (negative when the side to move is mated) and Score is mateScore less
// the plies to mate.
type Info struct {
	Depth int
	Score int
	Mate  int
	Nodes uint64
	PV    []Move
}

const (
	maxPly    = 64
	mateScore = 30000
	// mateBound separates mate scores from evaluations.
	mateBound = mateScore - maxPly
	infinity  = mateScore + 1
)

// pieceValue is the material value of each kind, in centipawns.
var pieceValue = [...]int{none: 0, pawn: 100, knight: 300, bishop: 320, rook: 480, queen: 900, king: 0}

// centre rewards knights, bishops and queens for standing near c3, where
// they reach more squares: 20 on c3, 10 on the ring around it, 0 on the edge.
var centre = [size * size]int{
	0, 0, 0, 0, 0,
	0, 10, 10, 10, 0,
	0, 10, 20, 10, 0,
	0, 10, 10, 10, 0,
	0, 0, 0, 0, 0,
}

// evaluate scores the position for the side to move: material, centre for
// the minor pieces and queen, and 15 a rank for pawns nearing promotion.
func (p *Position) evaluate() int {
	score := 0
	for sq, pc := range p.board {
		if pc == 0 {
			continue
		}
		v := pieceValue[pc.kind()]
		switch pc.kind() {
		case knight, bishop, queen:
			v += centre[sq]
		case pawn:
			advanced := square(sq).rank() - 1 // white's start rank is 2
			if pc.colour() == black {
				advanced = size - 2 - square(sq).rank()
			}
			v += 15 * advanced
		}
		if pc.colour() == p.side {
			score += v
		} else {
			score -= v
		}
	}
	return score
}

// searcher is the state of one search.
type searcher struct {
	ctx      context.Context
	maxNodes uint64
	nodes    uint64
	stopped  bool
	pv       [maxPly + 1][maxPly + 1]Move // pv[ply] is the line from ply on
	pvLen    [maxPly + 1]int
	prevPV   [maxPly + 1]Move // the last depth's line, tried first at each ply
}

// Search runs an iterative-deepening alpha-beta search from p until ctx is
// cancelled, depth maxDepth is complete or maxNodes nodes are searched (a
// limit of 0 is no limit; depth is at most 64). It calls report, if not
// nil, after each completed depth and returns the best move of the last one
// with its Info, whose Nodes count the whole search. A search stopped before
// depth 1 completed returns a legal move with Depth 0, and a position
// without moves the zero Move. The same arguments give the same result.
func Search(ctx context.Context, p Position, maxDepth int, maxNodes uint64, report func(Info)) (best Move, info Info) {
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	if len(moves) == 0 {
		return Move{}, info
	}
	orderMoves(&p, moves, Move{})
	best = moves[0] // until a depth completes
	if maxDepth <= 0 || maxDepth > maxPly {
		maxDepth = maxPly
	}
	s := &searcher{ctx: ctx, maxNodes: maxNodes}
	for depth := 1; depth <= maxDepth && ctx.Err() == nil; depth++ {
		score := s.search(&p, depth, 0, -infinity, infinity)
		if s.stopped {
			break // an unfinished depth's move may not be the best
		}
		best = s.pv[0][0]
		info = Info{Depth: depth, Score: score, Nodes: s.nodes, PV: append([]Move(nil), s.pv[0][:s.pvLen[0]]...)}
		switch {
		case score > mateBound:
			info.Mate = (mateScore - score + 1) / 2
		case score < -mateBound:
			info.Mate = -(mateScore + score) / 2
		}
		if report != nil {
			report(info)
		}
		if info.Mate > 0 && depth >= 2*info.Mate-1 {
			break // the mating line lies within full width, so no shorter mate was missed
		}
		s.prevPV = [maxPly + 1]Move{}
		copy(s.prevPV[:], info.PV)
	}
	info.Nodes = s.nodes
	return best, info
}

// tick counts a node and notes when the search must stop: at the node limit,
// or when ctx is cancelled (polled every 1024 nodes, as it costs a call).
func (s *searcher) tick() {
	s.nodes++
	if s.maxNodes > 0 && s.nodes >= s.maxNodes || s.nodes%1024 == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
}

// search returns the score of p for the side to move within the window
// (alpha, beta). While depth > 0 it searches every move; then it is a
// quiescence search, of captures and promotions only, so that the
// evaluation is taken where no piece hangs (of every evasion in check,
// where standing pat is no option).
func (s *searcher) search(p *Position, depth, ply, alpha, beta int) int {
	s.tick()
	s.pvLen[ply] = 0
	if s.stopped || ply >= maxPly {
		return p.evaluate() // a stopped search's scores are discarded
	}
	inCheck := p.InCheck()
	if inCheck && depth >= 0 {
		depth++ // a check extension, so that mates and escapes are seen to the end
	}
	quiescence := depth <= 0
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	if len(moves) == 0 {
		if inCheck {
			return -mateScore + ply
		}
		return 0
	}
	if quiescence && !inCheck {
		standPat := p.evaluate()
		if standPat >= beta {
			return standPat
		}
		alpha = max(alpha, standPat)
	}
	// Draws after the mate test, as Status ranks them. One repetition is
	// enough in the tree: what repeats once can repeat again.
	if !quiescence && ply > 0 && (p.rule50 >= 100 || p.repetitions() > 0 || p.insufficient(white) && p.insufficient(black)) {
		return 0
	}
	orderMoves(p, moves, s.prevPV[ply])
	for _, m := range moves {
		if quiescence && !inCheck && p.board[m.to] == 0 && m.promo == none {
			continue
		}
		// Copy-make: a child Position passed by address would escape to
		// the heap through the recursion, so play on p and restore it.
		undo := *p
		p.Play(m)
		score := -s.search(p, depth-1, ply+1, -beta, -alpha)
		*p = undo
		if s.stopped {
			return 0
		}
		if score > alpha {
			alpha = score
			s.setPV(ply, m)
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// setPV makes m followed by the child's line the line at ply.
func (s *searcher) setPV(ply int, m Move) {
	s.pv[ply][0] = m
	n := copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = n + 1
}

// orderMoves sorts moves so that first comes first, then captures of the
// most valuable victim by the least valuable attacker, then promotions, then
// the quiet moves, each group in generation order. An insertion sort on
// precomputed keys: the lists are short, and a sort.Slice closure would
// allocate at every node.
func orderMoves(p *Position, moves []Move, first Move) {
	var keys [maxMoves]int
	if len(moves) > maxMoves {
		return // beyond any game's position; unordered is still correct
	}
	for i, m := range moves {
		keys[i] = pieceValue[m.promo]
		if m == first {
			keys[i] += 1 << 20
		} else if victim := p.board[m.to]; victim != 0 {
			keys[i] += 1000 + 10*pieceValue[victim.kind()] - pieceValue[p.board[m.from].kind()]/10
		}
	}
	for i := 1; i < len(moves); i++ {
		m, k, j := moves[i], keys[i], i
		for ; j > 0 && keys[j-1] < k; j-- {
			moves[j], keys[j] = moves[j-1], keys[j-1]
		}
		moves[j], keys[j] = m, k
	}
}
