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
//     in the average unless every world finds the mate);
//  5. a winning side does not stalemate the opponent in the hope that its
//     hidden hand holds no playable card (see stalemateGuard).
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
	perWorld := share(lim, samples, e.opts.MoveOverhead, view.SideToMove())

	rng := rand.New(rand.NewPCG(viewSeed(view), 0x5A3D1E))
	type tally struct {
		votes, score   int // score: sum of clipped scores
		mates, mateSum int // worlds where the turn forces mate, and their scores
	}
	tallies := map[Move]*tally{}
	var order []Move
	var first *Position // the guard below searches it again
	var total Result
	for i := 0; i < samples && (i == 0 || ctx.Err() == nil); i++ { // one world even when stopped at once: a move is owed
		world := view.Deal(rng)
		e.NewGame()
		var show func(Info)
		if i == 0 {
			first = world
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
		t.score += clipMate(res.Score)
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
	if first != nil && total.Score > stalemateGuard && ctx.Err() == nil && leavesOnlyCards(first, total.BestMove) {
		// A winning side does not bet on the opponent's hidden cards: the
		// chosen turn leaves it no regular move while out of check, a
		// stalemate unless it holds a card it can play. Another turn that
		// keeps the win is played instead.
		var safe []Move
		for _, m := range first.GenLegal(make([]Move, 2048)) {
			if !leavesOnlyCards(first, m) {
				safe = append(safe, m)
			}
		}
		if len(safe) > 0 {
			alt := share(lim, 3, e.opts.MoveOverhead, view.SideToMove())
			alt.SearchMoves = safe
			e.NewGame()
			res := e.Search(ctx, first, alt, nil)
			total.Nodes += res.Nodes
			if res.BestMove != NullMove && res.Score > stalemateGuard/2 && ctx.Err() == nil {
				total.BestMove, total.Score = res.BestMove, res.Score
			}
		}
	}
	// Claiming stalemate draws a game the search judges lost.
	if view.CanClaimStalemate() && (best == NullMove || total.Score < DrawScore) {
		total.BestMove, total.Score = chessmate.ClaimAction, DrawScore
	}
	return total
}

// stalemateGuard is the score above which a turn that could stalemate the
// opponent is avoided.
const stalemateGuard = 300

// leavesOnlyCards reports whether turn m leaves the opponent out of check
// with no regular move: only a card could save it from stalemate.
func leavesOnlyCards(pos *Position, m Move) bool {
	child := *pos
	var u Undo
	child.Make(m, &u)
	return !child.InCheck() && len(child.RegularMoves()) == 0
}

func clipMate(score int) int { return min(max(score, -mateClip), mateClip) }

// share divides a search's node or time budget into parts; a depth limit
// applies to every part whole.
func share(lim Limits, parts int, overhead time.Duration, us Color) Limits {
	parts = max(parts, 1)
	out := lim
	if lim.Nodes > 0 {
		out.Nodes = max(lim.Nodes/uint64(parts), 1)
	}
	if lim.MoveTime > 0 {
		out.MoveTime = max(lim.MoveTime/time.Duration(parts), time.Millisecond)
	}
	if lim.Clock {
		// Plan the move's time once, then give each part its share.
		tm := newTimeManager(lim, us, overhead, time.Now())
		out.Clock = false
		out.MoveTime = max(tm.soft/time.Duration(parts), time.Millisecond)
	}
	return out
}

// viewSeed hashes the view (position string and recent history), so the
// sampled worlds depend on nothing the mover cannot see.
func viewSeed(view *Position) uint64 {
	h := fnv.New64a()
	h.Write([]byte(view.String()))
	return h.Sum64()
}
