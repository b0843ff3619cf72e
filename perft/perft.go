// Package perft counts the leaf nodes of the legal move tree: the standard
// correctness test and speed benchmark of a move generator. It offers the
// plain count, a divide per root move, an optional hash table of subtree
// counts, root-split parallel counting, and a runner for EPD perft suites.
package perft

import (
	"context"
	"runtime"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"tempest/movegen"
)

// Count returns the number of legal move sequences of length depth. The last
// ply is bulk-counted: positions one move from the leaves count their legal
// moves with popcounts instead of playing them. It allocates nothing.
func Count(p *movegen.Position, depth int) uint64 { return count(p, depth, nil) }

// count is Count that gives up, returning a meaningless number, once stop
// is set. The flag is read only at nodes three or more plies from the
// leaves, a few hundred times fewer than the moves made, so a deep perft
// ends within milliseconds of a stop at no measurable cost.
func count(p *movegen.Position, depth int, stop *atomic.Bool) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountLegal())
	case depth >= 3 && stop != nil && stop.Load():
		return 0
	}
	var buf [movegen.MaxMoves]movegen.Move
	var u movegen.Undo
	var nodes uint64
	for _, m := range p.GenLegal(buf[:]) {
		p.Make(m, &u)
		nodes += count(p, depth-1, stop)
		p.Unmake(m, &u)
	}
	return nodes
}

// countHashed is Count with a table of subtree counts, which pays off
// where transpositions are common (deep perft of quiet positions).
func countHashed(p *movegen.Position, depth int, t *Table, stop *atomic.Bool) uint64 {
	if depth <= 1 {
		return Count(p, depth)
	}
	if n, ok := t.probe(p.Key(), depth); ok {
		return n
	}
	if stop != nil && stop.Load() {
		return 0 // nothing stored: the count is cut short
	}
	var buf [movegen.MaxMoves]movegen.Move
	var u movegen.Undo
	var nodes uint64
	for _, m := range p.GenLegal(buf[:]) {
		p.Make(m, &u)
		nodes += countHashed(p, depth-1, t, stop)
		p.Unmake(m, &u)
	}
	if stop != nil && stop.Load() {
		return 0
	}
	t.store(p.Key(), depth, nodes)
	return nodes
}

// Options selects how a perft is computed; the counts never depend on it.
type Options struct {
	Threads int // root moves are shared out among this many goroutines; <= 1 runs on the caller's
	HashMB  int // size of the subtree-count table in MiB; 0 means no table
}

// MoveCount is one line of a divide: a root move and the leaves below it.
type MoveCount struct {
	Move  movegen.Move
	Nodes uint64
}

// Divide counts the leaves below each legal root move. The position is not
// changed. With several threads each root move is counted on its own copy
// of the position. Cancelling ctx ends it within milliseconds with
// ctx.Err().
func Divide(ctx context.Context, p *movegen.Position, depth int, opt Options) ([]MoveCount, error) {
	if depth < 1 {
		depth = 1
	}
	var table *Table
	if opt.HashMB > 0 {
		var err error
		if table, err = NewTable(opt.HashMB); err != nil {
			return nil, err
		}
	}
	var buf [movegen.MaxMoves]movegen.Move
	moves := p.GenLegal(buf[:])
	result := make([]MoveCount, len(moves))
	var stop atomic.Bool
	watched := make(chan struct{})
	defer close(watched)
	cancelled := ctx.Done()
	go func() {
		select {
		case <-cancelled:
			stop.Store(true)
		case <-watched:
		}
	}()
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(max(opt.Threads, 1))
	for i, m := range moves {
		result[i].Move = m
		g.Go(func() error {
			if err := ctx.Err(); err != nil {
				return err
			}
			child := *p // each goroutine owns its position
			var u movegen.Undo
			child.Make(m, &u)
			if table != nil {
				result[i].Nodes = countHashed(&child, depth-1, table, &stop)
			} else {
				result[i].Nodes = count(&child, depth-1, &stop)
			}
			return ctx.Err()
		})
	}
	err := g.Wait()
	return result, err
}

// Total sums a divide.
func Total(counts []MoveCount) uint64 {
	var n uint64
	for _, c := range counts {
		n += c.Nodes
	}
	return n
}

// DefaultThreads is the number of threads parallel perft uses by default.
func DefaultThreads() int { return runtime.GOMAXPROCS(0) }
