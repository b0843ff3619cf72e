package stsearch

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"tempest/kit"
	"tempest/variants/stratego"
)

// The greedy tier as documented: known weaker pieces are attacked, known
// stronger ones avoided, unknown ones judged by the average outcome over
// the identities they may have.
func TestGreedyMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tc := range []struct{ pos, want, why string }{
		{"9f/10/4e!'5/4K5/10/10/10/F8W v 00 -,- E:x 1 1", "e5e6", "a Knight takes the revealed Elf"},
		{"9f/10/4k!'5/4E4W/10/10/10/F9 v 00 -,- E:x 1 1", "", "an Elf flees from the revealed Knight"},
		// Everwinter's only unknown piece left is a Trap by the counts: a
		// Dwarf attacks it, a Knight does not.
		{"9f/10/4u5/4W4K/10/10/10/F9 v 00 -,- E:xccccwwwwweeyyssrrrkkmdttttt 1 1", "e5e6", "a Dwarf attacks an unknown that can only be a Trap"},
	} {
		p, err := stratego.ParsePosition(tc.pos)
		if !assert.NoError(t, err, tc.pos) {
			continue
		}
		m := GreedyMove(p, rng)
		if tc.want != "" {
			assert.Equal(t, tc.want, m.String(), tc.why)
			continue
		}
		// Fleeing: the Elf leaves e5 for a square no longer next to the Knight.
		assert.Equal(t, "e5", m.From().String(), tc.why)
		assert.NotEqual(t, "e6", m.To().String(), tc.why)
	}
	p, _ := stratego.ParsePosition("9f/10/4u5/4K5/10/10/10/F8W v 00 -,- E:xccccwwwwweeyyssrrrkkmdttttt 1 1")
	for i := 0; i < 20; i++ {
		assert.NotEqual(t, "e5e6", GreedyMove(p, rng).String(), "a Knight never attacks a certain Trap")
	}
}

func TestRandomMoveCoversAllMoves(t *testing.T) {
	p, _ := stratego.ParsePosition(stratego.StartPosition)
	rng := rand.New(rand.NewPCG(2, 2))
	seen := map[string]int{}
	for i := 0; i < 300; i++ {
		seen[RandomMove(p, rng).String()]++
	}
	assert.Len(t, seen, 6, "every one of the 6 legal moves is played")
	for m, n := range seen {
		assert.Greater(t, n, 20, "%s is chosen about a sixth of the time", m)
	}
}

// TestLevels: the random and greedy levels answer from the view, and a
// weak search level narrows the limits.
func TestLevels(t *testing.T) {
	p, _ := stratego.ParsePosition("9f/10/4e!'5/4K5/10/10/10/F8W v 00 -,- E:x 1 1")
	e := New()
	e.SetLevel(kit.Level{Kind: kit.GreedyMover}, 1)
	assert.Equal(t, "e5e6", e.Search(context.Background(), p, nil, Limits{}, nil).BestMove.String())
	e.SetLevel(kit.Level{Kind: kit.RandomMover}, 1)
	var buf [stratego.MaxMoves]stratego.Move
	assert.Contains(t, p.GenMoves(buf[:0]), e.Search(context.Background(), p, nil, Limits{}, nil).BestMove)
	e.SetLevel(kit.Level{Kind: kit.WeakSearch, Depth: 4, Noise: 30, Lines: 3}, 1) // 2 Stratego plies
	res := e.Search(context.Background(), p, nil, Limits{Depth: 9}, nil)
	assert.Equal(t, 2, res.Depth, "the level's depth limit applies")
}

// A weak level's move time caps the clock's plan, never replaces it: with
// 300 ms left a level that may think a second answers well within the
// clock. Before the kit's ApplyLevel the level's second replaced the clock
// and the move lost on time.
func TestLevelMoveTimeKeepsTheClock(t *testing.T) {
	g := midgame(t, 9, 30)
	e := New()
	e.SetLevel(kit.Level{Kind: kit.WeakSearch, MoveTime: time.Second}, 1)
	lim := Limits{Clock: true}
	lim.Time[g.Pos().SideToMove()] = 300 * time.Millisecond
	start := time.Now()
	res := e.Search(context.Background(), g.Pos(), g.PublicHistory(), lim, nil)
	assert.NotEqual(t, stratego.NullMove, res.BestMove)
	assert.Less(t, time.Since(start), 300*time.Millisecond, "the move must not outlast the clock")
}
