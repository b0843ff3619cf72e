package kit

import (
	"context"
	"time"
)

// MaxPlayers is the most players any game has (Chameleon Chess: four).
const MaxPlayers = 4

// MaxThreads is the most search threads a game's engine is asked for (the
// Threads option's maximum); the memory check may allow fewer.
const MaxThreads = 512

// Limits say when one search stops. Zero values mean no limit. The clock
// fields are indexed by player: 0 and 1 are the first and second player
// of a two-player game (White and Black, Volcandria and Everwinter), and a
// game of more players numbers them its own way (Chameleon Chess by
// colour). Only the mover's entry is read.
type Limits[M comparable] struct {
	Depth int
	Nodes uint64
	// SoftNodes, for self-play data, ends the search after the iteration
	// in which the node count reaches it (Nodes still stops it mid-way):
	// every move gets whole iterations for about the same effort.
	SoftNodes uint64
	Mate      int // stop once a mate in this many moves is found (games that can see one)
	MoveTime  time.Duration
	Infinite  bool // search until stopped, even when the result is certain
	Ponder    bool // pondering: no time limit until PonderHit is closed
	// PonderHit is closed when the GUI sends ponderhit; it may be closed
	// before the search starts. Nil never fires.
	PonderHit <-chan struct{}

	Clock     bool // the Time and Inc fields are set
	Time, Inc [MaxPlayers]time.Duration
	MovesToGo int

	SearchMoves []M // restrict the root to these moves
}

// Convert gives the same limits for a game with another move type: every
// field but SearchMoves, which the caller translates.
func Convert[N, M comparable](l Limits[M]) Limits[N] {
	return Limits[N]{Depth: l.Depth, Nodes: l.Nodes, SoftNodes: l.SoftNodes, Mate: l.Mate, MoveTime: l.MoveTime, Infinite: l.Infinite,
		Ponder: l.Ponder, PonderHit: l.PonderHit, Clock: l.Clock, Time: l.Time, Inc: l.Inc, MovesToGo: l.MovesToGo}
}

// Hold keeps a finished search's answer back while UCI forbids sending it:
// after "go infinite" until ctx is cancelled (stop, quit), after
// "go ponder" until ponderhit or cancellation. Every game's search ends
// with it, those with a ponder mode (the clock waits for the hit, Control)
// and those without, which search at once and wait here. It watches ctx,
// not a search's stop flag: a search stops itself at a depth or node
// limit, and UCI forbids answering before stop then too.
func Hold[M comparable](ctx context.Context, lim *Limits[M]) {
	switch {
	case lim.Infinite:
		<-ctx.Done()
	case lim.Ponder:
		select {
		case <-lim.PonderHit:
		case <-ctx.Done():
		}
	}
}
