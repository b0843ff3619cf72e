package kit

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
	GreedyMover            // the game's best immediate outcome, one move deep
	WeakSearch             // the real search, limited and with noise
)

// Level is one playing strength for players who want an opponent they can
// beat. Search levels are weakened the way people are weak: they see fewer
// moves ahead (Depth), think less (Nodes, MoveTime), and when several moves
// look about equal they do not always pick the best (Noise: of the Lines
// best moves, one whose score is s below the best is chosen with a weight
// of exp(-s/Noise)). Every game reads the same levels; a game whose plies
// mean something else converts Depth itself.
type Level struct {
	Kind     LevelKind
	Depth    int
	Nodes    uint64
	MoveTime time.Duration
	Noise    int // centipawns
	Lines    int // candidate moves searched for the noisy choice
}

// Narrow caps a search's depth, node and time limits (0: none) at the
// level's own.
func (l Level) Narrow(depth int, nodes uint64, moveTime time.Duration) (int, uint64, time.Duration) {
	return tighter(depth, l.Depth), tighter(nodes, l.Nodes), tighter(moveTime, l.MoveTime)
}

// ApplyLevel narrows a search's limits for a weak level (other levels
// leave them as they are): the level's depth, nodes and move time cap the
// search's own. A clock still applies, so the tighter of the level's move
// time and the clock's plan wins; a level that replaced the clock by its
// move time would lose on time with less than that on the clock. Infinite
// and Ponder are kept: the answer still waits for stop or ponderhit.
func ApplyLevel[M comparable](l Level, lim Limits[M]) Limits[M] {
	if l.Kind != WeakSearch {
		return lim
	}
	lim.Depth, lim.Nodes, lim.MoveTime = l.Narrow(lim.Depth, lim.Nodes, lim.MoveTime)
	return lim
}

// tighter is the stricter of two limits where 0 means none.
func tighter[T int | uint64 | time.Duration](lim, levelCap T) T {
	if levelCap > 0 && (lim == 0 || lim > levelCap) {
		return levelCap
	}
	return lim
}

// NoisyPick is a weak level's choice among candidate moves scored best
// first: the best is the likeliest, a worse one less likely the further it
// is behind (weight exp(-(best-score)/noise)). decided marks scores that are
// never gambled with, such as forced mates and lines left unsearched: with
// the best decided the best is taken, and a decided runner-up is never
// picked. It returns an index into scores and allocates nothing.
func NoisyPick(scores []int, noise int, decided func(score int) bool, rng *rand.Rand) int {
	if len(scores) == 0 {
		return 0
	}
	best := scores[0]
	if noise <= 0 || (decided != nil && decided(best)) {
		return 0
	}
	weight := func(s int) float64 {
		if decided != nil && decided(s) {
			return 0
		}
		return math.Exp(-float64(best-s) / float64(noise))
	}
	total := 0.0
	for _, s := range scores {
		total += weight(s)
	}
	x := rng.Float64() * total
	for i, s := range scores {
		w := weight(s)
		if x < w {
			return i
		}
		x -= w
	}
	return 0
}

// PlayingLevel is a named strength with its Elo.
type PlayingLevel struct {
	Level
	Elo int // Elo in EloMeasuredIn, measured by games (tuning/levels, docs/STRENGTH.md "Playing levels")
}

// EloMeasuredIn names the game whose games measured PlayingLevels' Elo, the
// one UCI_Elo reads. Every game plays the same levels, but a level is not
// as strong in every game: each game declares its own measured scale
// (game.Properties.Levels, LevelScale), and "levels" prints each one.
const EloMeasuredIn = "chess"

// LevelScale is the playing levels' strength measured in the games of one
// game, one rating per Skill Level (docs/STRENGTH.md). Each game's games
// make their own scale: chess's is anchored by Stockfish's UCI_Elo, the
// variants', which no outside engine plays, hold their greedy level at
// 1000. Numbers of two scales say nothing of each other.
type LevelScale struct {
	// Players is how many played the games that measured the scale: 0 for
	// a game always played by the same number, else the scale holds in
	// games of that many players alone.
	Players int
	// Elo is each level's rating, indexed by Skill Level as PlayingLevels.
	Elo []int
}

// ChessScale is PlayingLevels' Elo as a scale: chess's, measured in chess.
func ChessScale() LevelScale {
	elo := make([]int, len(PlayingLevels))
	for i, l := range PlayingLevels {
		elo[i] = l.Elo
	}
	return LevelScale{Elo: elo}
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
	{Level{Kind: FullStrength}, 2440},
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
