package search

import (
	"math"
	"math/rand/v2"
	"time"
)

// LevelKind is how a playing level chooses its move.
type LevelKind int

const (
	FullStrength LevelKind = iota
	RandomMover            // a uniformly random legal move
	GreedyMover            // the best immediate material outcome (see greedyMove)
	WeakSearch             // the real search, limited and with noise
)

// Level is one playing strength for players who want an opponent they can
// beat. Search levels are weakened the way people are weak: they see fewer
// moves ahead (Depth), think less (Nodes, MoveTime), and when several moves
// look about equal they do not always pick the best (Noise: moves whose score
// is within a few Noise-sized steps of the best are chosen with probability
// exp(-(best-score)/Noise)).
type Level struct {
	Kind     LevelKind
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Noise    int // centipawns
	Lines    int // candidate moves searched for the noisy choice
}

// weak reports whether the level is below full strength.
func (l Level) weak() bool { return l.Kind != FullStrength }

// SetLevel sets the playing strength; seed makes a weak level's choices
// reproducible (the protocol seeds from the clock, tests from constants).
func (e *Engine) SetLevel(l Level, seed uint64) {
	e.level = l
	e.rng = rand.New(rand.NewPCG(seed, 0x5EED))
}

// Level returns the playing strength.
func (e *Engine) Level() Level { return e.level }

// applyLevel narrows the limits of a search for a weak level.
func (l Level) applyLevel(lim Limits) Limits {
	lim.Depth, lim.Nodes, lim.MoveTime = l.Narrow(lim.Depth, lim.Nodes, lim.MoveTime)
	return lim
}

// Narrow caps a search's depth, node and time limits (0: none) at the
// level's own; the other games' searches use it too.
func (l Level) Narrow(depth int, nodes uint64, moveTime time.Duration) (int, uint64, time.Duration) {
	return tighter(depth, l.Depth), tighter(nodes, l.Nodes), tighter(moveTime, l.MoveTime)
}

// tighter is the stricter of two limits where 0 means none.
func tighter[T int | uint64 | time.Duration](lim, levelCap T) T {
	if levelCap > 0 && (lim == 0 || lim > levelCap) {
		return levelCap
	}
	return lim
}

// noisyChoice picks among the root moves that the multi-line search scored:
// the best is most likely, worse moves less so the further they are behind.
func noisyChoice(moves []rootMove, noise int, rng *rand.Rand) rootMove {
	best := moves[0].score
	if noise <= 0 || IsMate(best) {
		return moves[0]
	}
	weights := make([]float64, 0, len(moves))
	total := 0.0
	for _, rm := range moves {
		if rm.score == -Infinite || IsMate(rm.score) {
			weights = append(weights, 0)
			continue
		}
		w := math.Exp(-float64(best-rm.score) / float64(noise))
		weights = append(weights, w)
		total += w
	}
	x := rng.Float64() * total
	for i, w := range weights {
		if x < w {
			return moves[i]
		}
		x -= w
	}
	return moves[0]
}

// PlayingLevel is a named strength with its Elo.
type PlayingLevel struct {
	Level
	Elo int // measured by games (tuning/levels, docs/STRENGTH.md "Playing levels")
}

// PlayingLevels lists the strengths from weakest to full, indexed by the
// "Skill Level" option. UCI_Elo picks the strongest level whose Elo does
// not exceed the requested one.
var PlayingLevels = []PlayingLevel{
	{Level{Kind: RandomMover}, 260},
	{Level{Kind: GreedyMover}, 1050},
	{Level{Kind: WeakSearch, Depth: 1, Noise: 50, Lines: 4, MoveTime: 200 * time.Millisecond}, 1080},
	{Level{Kind: WeakSearch, Depth: 2, Noise: 40, Lines: 4, MoveTime: 300 * time.Millisecond}, 1190},
	{Level{Kind: WeakSearch, Depth: 3, Noise: 40, Lines: 4, MoveTime: 500 * time.Millisecond}, 1240},
	{Level{Kind: WeakSearch, Depth: 4, Noise: 30, Lines: 4, MoveTime: time.Second}, 1390},
	{Level{Kind: WeakSearch, Depth: 5, Noise: 25, Lines: 4}, 1520},
	{Level{Kind: WeakSearch, Nodes: 5_000, Noise: 15, Lines: 3}, 1680},
	{Level{Kind: WeakSearch, Nodes: 14_000, Noise: 8, Lines: 2}, 1850},
	{Level{Kind: WeakSearch, Nodes: 30_000}, 2020},
	{Level{Kind: FullStrength}, 2350},
}

// LevelForElo returns the index of the strongest level at or below elo.
func LevelForElo(elo int) int {
	idx := 0
	for i, l := range PlayingLevels {
		if l.Elo <= elo {
			idx = i
		}
	}
	return idx
}
