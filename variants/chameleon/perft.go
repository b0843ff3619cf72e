package chameleon

import "context"

// pollInterval is how many nodes perft visits between looks at its
// context: often enough to stop within milliseconds, rarely enough to cost
// nothing.
const pollInterval = 4096

// perftRun is one perft: its context, the error that stopped it, and the
// keys of the positions since the last progress, the game's history first
// and then the current path, for the repetition rule.
type perftRun struct {
	ctx   context.Context
	err   error
	nodes uint
	keys  []uint64 // preallocated for the whole depth: no allocation per node
}

func newPerftRun(ctx context.Context, history []uint64, depth int) *perftRun {
	keys := make([]uint64, len(history), len(history)+max(depth, 0)+1)
	copy(keys, history)
	return &perftRun{ctx: ctx, keys: keys}
}

// Perft counts the move sequences of length depth from p, as a game that
// starts there. A player with pawns but no move has one move, the pass; a
// finished position (last player standing, no progress, every player stuck,
// a third occurrence) has none and counts nothing below it (clarification
// 7). It returns ctx.Err() soon after ctx is cancelled.
func Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	return NewGame(p).Perft(ctx, depth)
}

// Divide counts the sequences below each legal move of p, keyed by token.
func Divide(ctx context.Context, p *Position, depth int) (map[string]uint64, error) {
	return NewGame(p).Divide(ctx, depth)
}

// Perft counts the move sequences of length depth from the game's current
// position; repetition counts the game's earlier positions too.
func (g *Game) Perft(ctx context.Context, depth int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	if g.Status().Over {
		return 0, nil
	}
	r := newPerftRun(ctx, g.keys, depth)
	pos := g.pos
	n := r.perft(&pos, depth)
	return n, r.err
}

// Divide counts the sequences below each legal move of the game, keyed by
// the move's token; a finished game has none.
func (g *Game) Divide(ctx context.Context, depth int) (map[string]uint64, error) {
	out := map[string]uint64{}
	if depth <= 0 || g.Status().Over {
		return out, ctx.Err()
	}
	r := newPerftRun(ctx, g.keys, depth)
	var buf [MaxMoves]Move
	moves := g.pos.GenMoves(buf[:0])
	if len(moves) == 0 {
		moves = append(moves, PassMove)
	}
	for _, m := range moves {
		if r.err = ctx.Err(); r.err != nil {
			return nil, r.err
		}
		child := g.pos
		child.Make(m)
		r.push(child.key)
		out[m.String()] = r.perft(&child, depth-1)
		r.pop()
	}
	if r.err != nil {
		return nil, r.err
	}
	return out, nil
}

// push and pop keep the path's keys; the capacity set at the start is enough.
func (r *perftRun) push(key uint64) { r.keys = append(r.keys, key) }
func (r *perftRun) pop()            { r.keys = r.keys[:len(r.keys)-1] }

func (r *perftRun) perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if r.nodes++; r.nodes%pollInterval == 0 && r.err == nil {
		r.err = r.ctx.Err()
	}
	if r.err != nil || p.Players() <= 1 || p.quiet >= QuietLimit || r.thirdOccurrence(p) {
		return 0
	}
	var buf [MaxMoves]Move
	moves := p.GenMoves(buf[:0])
	if len(moves) == 0 {
		if p.AllStuck() {
			return 0
		}
		child := *p
		child.Make(PassMove)
		r.push(child.key)
		n := r.perft(&child, depth-1)
		r.pop()
		return n
	}
	if depth == 1 {
		return uint64(len(moves))
	}
	var nodes uint64
	var child Position // outside the loop, or escape analysis moves it to the heap
	for _, m := range moves {
		child = *p
		child.Make(m)
		r.push(child.key)
		nodes += r.perft(&child, depth-1)
		r.pop()
	}
	return nodes
}

// thirdOccurrence reports whether p, the last key on the path, occurred
// twice before since the last progress: the game is drawn (§6).
func (r *perftRun) thirdOccurrence(p *Position) bool {
	n := 0
	for i := len(r.keys) - 1; i >= 0 && i >= len(r.keys)-1-p.quiet; i-- {
		if r.keys[i] == p.key {
			if n++; n >= 3 {
				return true
			}
		}
	}
	return false
}
