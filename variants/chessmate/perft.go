package chessmate

import (
	"context"
	"fmt"
	"slices"
)

// MaxPerftDepth bounds a perft's depth: the keys of the line it is in are
// kept in a fixed array, for repetition.
const MaxPerftDepth = 32

// perftPoll is how many nodes perft counts between looks at its context:
// rare enough to cost nothing, often enough to stop within milliseconds.
const perftPoll = 4096

// Perft counts the legal action sequences of length depth from p, the start
// of a game. Draws come from the draw pile when it is known; a hidden pile
// deals unknown cards. A finished game has no actions and nothing below it
// counts (§13.4): no legal turn, a stalemate claim, fifty moves, bare kings
// or a threefold repetition within the counted line. It returns ctx.Err()
// soon after ctx is cancelled.
func Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	if depth > MaxPerftDepth {
		return 0, fmt.Errorf("perft depth %d is more than %d", depth, MaxPerftDepth)
	}
	root := [1]uint64{p.key}
	pf := perft{ctx: ctx, history: root[:]}
	n := pf.count(p, depth, 0)
	return n, pf.err
}

// Divide counts the leaves below each legal action of p, the start of a
// game (see Perft).
func Divide(ctx context.Context, p *Position, depth int) (map[string]uint64, error) {
	return divide(ctx, p, []uint64{p.key}, depth)
}

// Divide is perft by first action from the game's current position: a
// finished game has no actions, and a line that repeats a position of the
// game for the third time ends there.
func (g *Game) Divide(ctx context.Context, depth int) (map[string]uint64, error) {
	if g.Status().Over {
		return map[string]uint64{}, nil
	}
	pos := g.pos
	return divide(ctx, &pos, slices.Sorted(slices.Values(g.keys)), depth)
}

func divide(ctx context.Context, p *Position, history []uint64, depth int) (map[string]uint64, error) {
	if depth > MaxPerftDepth {
		return nil, fmt.Errorf("perft depth %d is more than %d", depth, MaxPerftDepth)
	}
	pf := perft{ctx: ctx, history: history}
	out := map[string]uint64{}
	var buf [maxActions]Action
	for _, a := range p.GenActions(buf[:0]) {
		n := uint64(1)
		if depth > 1 {
			n = pf.below(p, a, depth-1, 0)
		}
		if pf.err != nil {
			return nil, pf.err
		}
		out[a.String()] = n
	}
	return out, nil
}

// perft is the state of one count: the context it polls and the keys that
// decide repetition.
type perft struct {
	ctx      context.Context
	err      error  // set once: the context's error or a generator failure
	nodes    uint64 // nodes generated so far
	nextPoll uint64 // when to look at the context again
	history  []uint64
	line     [MaxPerftDepth]uint64 // keys after each action of the current line
}

// count counts the action sequences of length depth (at least 1) from p,
// reached after ply actions of the line.
func (pf *perft) count(p *Position, depth, ply int) uint64 {
	var buf [maxActions]Action
	actions := p.GenActions(buf[:0])
	if pf.nodes += uint64(len(actions)) + 1; pf.nodes >= pf.nextPoll {
		pf.nextPoll = pf.nodes + perftPoll
		if err := pf.ctx.Err(); err != nil {
			pf.err = err
		}
	}
	if pf.err != nil {
		return 0
	}
	if depth == 1 {
		return uint64(len(actions))
	}
	var nodes uint64
	for _, a := range actions {
		nodes += pf.below(p, a, depth-1, ply)
		if pf.err != nil {
			return 0
		}
	}
	return nodes
}

// below counts the sequences of length depth (at least 1) after action a.
func (pf *perft) below(p *Position, a Action, depth, ply int) uint64 {
	if a.Claim() {
		return 0 // the claim ends the game
	}
	child := *p
	if err := child.Play(a, NoCard); err != nil {
		pf.err = fmt.Errorf("chessmate: generated action %s cannot be played in %s: %v", a.String(), p.String(), err) // a generator bug
		return 0
	}
	if pf.thirdTime(child.key, ply) {
		return 0 // threefold repetition ends the game
	}
	pf.line[ply] = child.key
	return pf.count(&child, depth, ply+1)
}

// thirdTime reports whether key, reached at ply+1 of the line, has occurred
// twice before in the game or the line.
func (pf *perft) thirdTime(key uint64, ply int) bool {
	n := 0
	if i, found := slices.BinarySearch(pf.history, key); found {
		for ; i < len(pf.history) && pf.history[i] == key; i++ {
			n++
		}
	}
	for _, k := range pf.line[:ply] {
		if k == key {
			n++
		}
	}
	return n >= 2
}
