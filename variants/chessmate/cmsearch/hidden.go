package cmsearch

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"time"

	"tempest/variants/chessmate"
)

// Choosing a turn without peeking. The side to move sees its own hand, the
// board and markers, the discard pile and the size of the draw pile; the
// opponent's hand and the order of the draw pile are hidden. The engine
// decides from that view only, even when it was given a full-knowledge
// position:
//
//  1. the position is reduced to the mover's view (the hidden cards become
//     unknown);
//  2. Samples worlds are dealt: the unknown cards (the deck less the
//     mover's hand and the discard pile) are shuffled into the opponent's
//     hand and the draw pile, by a generator seeded from the view itself, so
//     identical views always give identical worlds;
//  3. each world is searched with full knowledge by the chess search (its
//     own hash table: positions of different worlds look alike but differ);
//  4. every world votes for its best turn; the turn with the most votes
//     wins, ties going to the higher average score (mates count as 2000 cp
//     in the average unless every world finds the mate).
//
// This is perfect-information Monte Carlo ("determinization"): it cannot
// plan to gather information, but card chess reveals little during a game
// and its hidden cards matter mostly as threats, which the sampled worlds
// cover.

// DefaultSamples is the number of worlds searched per decision.
const DefaultSamples = 8

// mateClip bounds a world's score in the average: a mate found in some
// worlds only is a big advantage, not a forced mate.
const mateClip = 2000

// SearchHidden chooses the side to move's turn from its view of pos. With a
// depth limit every world is searched to that depth; node and time limits
// are shared out among the worlds.
func (e *Engine) SearchHidden(ctx context.Context, pos *Position, lim Limits, samples int, report func(Info)) Result {
	view, err := chessmate.ParsePosition(pos.ViewFor(pos.SideToMove()))
	if err != nil {
		panic("cmsearch: a position's own view does not parse: " + err.Error()) // a writer bug
	}
	view.CopyHistory(pos)
	samples = max(samples, 1)
	if !view.HasHidden() {
		samples = 1 // nothing to sample
	}
	perWorld := lim
	if lim.Nodes > 0 {
		perWorld.Nodes = max(lim.Nodes/uint64(samples), 1)
	}
	if lim.MoveTime > 0 {
		perWorld.MoveTime = max(lim.MoveTime/time.Duration(samples), time.Millisecond)
	}
	if lim.Clock {
		// Plan the move's time once, then give each world its share.
		tm := newTimeManager(lim, view.SideToMove(), e.opts.MoveOverhead, time.Now())
		perWorld.Clock = false
		perWorld.MoveTime = max(tm.soft/time.Duration(samples), time.Millisecond)
	}

	rng := rand.New(rand.NewPCG(viewSeed(view), 0x5A3D1E))
	type tally struct {
		votes, score   int // score: sum of clipped scores
		mates, mateSum int // worlds where the turn forces mate, and their scores
	}
	tallies := map[Move]*tally{}
	var order []Move
	var total Result
	for i := 0; i < samples && ctx.Err() == nil; i++ {
		world := view.Deal(rng)
		e.NewGame()
		var show func(Info)
		if i == 0 {
			show = report // the first world's progress is shown
		}
		res := e.Search(ctx, world, perWorld, show)
		total.Nodes += res.Nodes
		total.Depth = max(total.Depth, res.Depth)
		if res.BestMove == NullMove {
			continue
		}
		t := tallies[res.BestMove]
		if t == nil {
			t = &tally{}
			tallies[res.BestMove] = t
			order = append(order, res.BestMove)
		}
		t.votes++
		t.score += min(max(res.Score, -mateClip), mateClip)
		if IsMate(res.Score) {
			t.mates++
			t.mateSum += res.Score
		}
	}
	best := NullMove
	for _, m := range order {
		t := tallies[m]
		if b := tallies[best]; best == NullMove || t.votes > b.votes || (t.votes == b.votes && t.score*b.votes > b.score*t.votes) {
			best = m
		}
	}
	total.BestMove = best
	if t := tallies[best]; t != nil {
		total.Score = t.score / t.votes
		if t.mates == t.votes { // every world agrees: keep the mate
			total.Score = t.mateSum / t.votes
		}
	}
	// Claiming stalemate draws a game the search judges lost.
	if view.CanClaimStalemate() && (best == NullMove || total.Score < DrawScore) {
		total.BestMove, total.Score = chessmate.ClaimAction, DrawScore
	}
	return total
}

// viewSeed hashes the view (position string and recent history), so the
// sampled worlds depend on nothing the mover cannot see.
func viewSeed(view *Position) uint64 {
	h := fnv.New64a()
	h.Write([]byte(view.String()))
	return h.Sum64()
}
