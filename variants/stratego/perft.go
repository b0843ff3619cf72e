package stratego

import "context"

// pollInterval is how many nodes perft visits between looks at its
// context: often enough to stop within milliseconds, rarely enough to cost
// nothing.
const pollInterval = 4096

// perftFrame is one ply of a perft: the position, the identity of the
// piece on each square (views tell unknown pieces apart by it, as
// Game.repKey does) and where the position's repetition window starts.
type perftFrame struct {
	pos    Position
	ids    [numSquares]uint8
	idKey  uint64 // the identities' part of the repetition key (views only)
	window int    // index in keys of the first position since the last battle
}

// perftRun is one perft: its context, the error that stopped it, a frame
// per ply and the repetition keys since the last battle, the game's first
// and then the path's. Both are allocated once, so no node allocates.
type perftRun struct {
	ctx   context.Context
	err   error
	nodes uint
	stack []perftFrame
	keys  []uint64
}

// Perft counts the move sequences of length depth with full knowledge, as
// a game that starts at p. A finished position, a third occurrence
// included, has no moves (§12.13). In a view, a battle with an unknown
// participant cannot be resolved without the arbiter: it ends its line and
// counts as one leaf. It returns ctx.Err() soon after ctx is cancelled.
func Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	return NewGame(p).Perft(ctx, depth)
}

// Divide counts the leaves below each legal move of p, by move token.
func Divide(ctx context.Context, p *Position, depth int) (map[string]uint64, error) {
	return NewGame(p).Divide(ctx, depth)
}

// Perft counts the move sequences of length depth from the game's current
// position; repetition counts the game's positions since the last battle.
func (g *Game) Perft(ctx context.Context, depth int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	if g.Status().Over {
		return 0, nil
	}
	r := g.newPerftRun(ctx, depth)
	n := r.perft(0, depth)
	return n, r.err
}

// Divide counts the leaves below each legal move of the game, by move
// token; a finished game has none.
func (g *Game) Divide(ctx context.Context, depth int) (map[string]uint64, error) {
	out := map[string]uint64{}
	if depth <= 0 || g.Status().Over {
		return out, ctx.Err()
	}
	r := g.newPerftRun(ctx, depth)
	var buf [MaxMoves]Move
	for _, m := range g.pos.LegalMoves(buf[:0]) {
		if r.err = ctx.Err(); r.err != nil {
			return nil, r.err
		}
		if depth == 1 || g.pos.hiddenBattle(m) {
			out[m.String()] = 1
			continue
		}
		r.play(0, m)
		out[m.String()] = r.perft(1, depth-1)
		r.keys = r.keys[:len(r.keys)-1]
	}
	if r.err != nil {
		return nil, r.err
	}
	return out, nil
}

func (g *Game) newPerftRun(ctx context.Context, depth int) *perftRun {
	r := &perftRun{ctx: ctx, stack: make([]perftFrame, depth+1)}
	r.keys = make([]uint64, len(g.keys), len(g.keys)+depth+1)
	copy(r.keys, g.keys)
	root := &r.stack[0]
	root.pos, root.ids = g.pos, g.ids
	if g.pos.Hidden() {
		root.idKey = g.repKey() ^ g.pos.key
	}
	return r
}

// play makes m from the frame at ply into the next one and puts the new
// position's repetition key on the path; the caller takes it off.
func (r *perftRun) play(ply int, m Move) {
	f, child := &r.stack[ply], &r.stack[ply+1]
	*child = *f
	from, to := m.From(), m.To()
	if f.pos.count[0][Unknown]+f.pos.count[1][Unknown] > 0 {
		// Only non-battle moves are played by unknown pieces (battles with
		// them end the line), so an unknown piece keeps its identity.
		if id := f.ids[from]; f.pos.board[from].Kind() == Unknown {
			child.idKey ^= zID[id&(numIDs-1)][from] ^ zID[id&(numIDs-1)][to]
		}
		child.ids[to], child.ids[from] = f.ids[from], 0
	}
	if child.pos.Play(m).Outcome != NoBattle {
		child.window = len(r.keys)
	}
	r.keys = append(r.keys, child.pos.key^child.idKey)
}

func (r *perftRun) perft(ply, depth int) uint64 {
	if r.nodes++; r.nodes%pollInterval == 0 && r.err == nil {
		r.err = r.ctx.Err()
	}
	if r.err != nil || r.thirdOccurrence(ply) {
		return 0
	}
	p := &r.stack[ply].pos
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	for _, m := range moves {
		if p.hiddenBattle(m) {
			nodes++
			continue
		}
		r.play(ply, m)
		nodes += r.perft(ply+1, depth-1)
		r.keys = r.keys[:len(r.keys)-1]
	}
	return nodes
}

// thirdOccurrence reports whether the position at ply, the last key on the
// path, occurred twice before since the last battle: a draw (§8).
func (r *perftRun) thirdOccurrence(ply int) bool {
	last := len(r.keys) - 1
	n := 0
	for i := last; i >= r.stack[ply].window; i-- {
		if r.keys[i] == r.keys[last] {
			if n++; n >= 3 {
				return true
			}
		}
	}
	return false
}

// hiddenBattle reports a battle with an unknown participant.
func (p *Position) hiddenBattle(m Move) bool {
	d := p.board[m.To()]
	return d != NoPiece && (d.Kind() == Unknown || p.board[m.From()].Kind() == Unknown)
}
