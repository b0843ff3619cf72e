package games

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants"
	"tempest/variants/stratego"
)

// "go ... deal belief" turns the Stratego search's belief on for that
// search, with the game's start and observations; "deal uniform", no deal
// word and an unknown word (noted) leave it off.
func TestStrategoGoDeal(t *testing.T) {
	g, c := strategoAfterTwoPlies(t)
	e := variants.Engine(c)
	for _, tc := range []struct {
		args   []string
		belief bool
		notes  int
	}{
		{[]string{"depth", "1", "deal", "belief"}, true, 0},
		{[]string{"depth", "1", "deal", "uniform"}, false, 0},
		{[]string{"depth", "1"}, false, 0},
		{[]string{"depth", "1", "deal", "bayes"}, false, 1},
	} {
		search, notes, err := e.Prepare(g, tc.args)
		require.NoError(t, err)
		assert.Len(t, notes, tc.notes, "%v: %v", tc.args, notes)
		search(context.Background(), nil, func(string) {})
		o := c.e.Options()
		assert.Equal(t, tc.belief, o.Belief, "%v", tc.args)
		if tc.belief {
			assert.Len(t, o.Seen, 2)
			assert.Equal(t, g.(*stratego.Game).Begin().String(), o.Start.String())
		}
	}
}

// "go ... narrow <K>" sets the Stratego search's root narrowing for that
// search; a bad count is noted and leaves it off.
func TestStrategoGoNarrow(t *testing.T) {
	g, c := strategoAfterTwoPlies(t)
	e := variants.Engine(c)
	for _, tc := range []struct {
		args   []string
		narrow int
		notes  int
	}{
		{[]string{"depth", "1", "narrow", "6"}, 6, 0},
		{[]string{"depth", "1", "narrow", "0"}, 0, 0},
		{[]string{"depth", "1"}, 0, 0},
		{[]string{"depth", "1", "narrow", "six"}, 0, 1},
		{[]string{"depth", "1", "narrow", "-2"}, 0, 1},
		{[]string{"depth", "1", "deal", "belief", "narrow", "4"}, 4, 0},
	} {
		search, notes, err := e.Prepare(g, tc.args)
		require.NoError(t, err)
		assert.Len(t, notes, tc.notes, "%v: %v", tc.args, notes)
		search(context.Background(), nil, func(string) {})
		assert.Equal(t, tc.narrow, c.e.Options().Narrow, "%v", tc.args)
	}
}

// strategoAfterTwoPlies is a Stratego game two plies in and an engine.
func strategoAfterTwoPlies(t *testing.T) (variants.Game, *strategoEngine) {
	g, err := Stratego{}.Start([]string{"seed", "3"}, defaults())
	require.NoError(t, err)
	for _, tok := range []string{"a3a4", "a6a5"} {
		_, err := g.Play(tok)
		require.NoError(t, err)
	}
	e, err := Stratego{}.NewEngine(defaults())
	require.NoError(t, err)
	return g, e.(*strategoEngine)
}
