package games

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

// The Stratego search deals its worlds from the belief, with the game's
// start and observations, by default, with "deal belief" and after an
// unknown word (noted); "deal uniform" turns it off for that search.
func TestStrategoGoDeal(t *testing.T) {
	g, c := strategoAfterTwoPlies(t)
	for _, tc := range []struct {
		args   []string
		belief bool
		notes  int
	}{
		{[]string{"depth", "1", "deal", "belief"}, true, 0},
		{[]string{"depth", "1", "deal", "uniform"}, false, 0},
		{[]string{"depth", "1"}, true, 0},
		{[]string{"depth", "1", "deal", "bayes"}, true, 1},
	} {
		o, notes := strategoGoOptions(t, g, c, tc.args)
		assert.Len(t, notes, tc.notes, "%v: %v", tc.args, notes)
		assert.Equal(t, tc.belief, o.Belief, "%v", tc.args)
		if tc.belief {
			assert.Len(t, o.Seen, 2)
			sg := g.Game
			view := sg.Begin().View(sg.Pos().SideToMove())
			assert.Equal(t, view.String(), o.Start.String(), "the mover's view of the start")
		} else {
			assert.Nil(t, o.Start)
			assert.Empty(t, o.Seen)
		}
	}
}

// The Stratego search chooses by the worlds' mean expected result by
// default, with "average result" and after an unknown value (noted);
// "average cp" turns it off for that search.
func TestStrategoGoAverage(t *testing.T) {
	g, c := strategoAfterTwoPlies(t)
	for _, tc := range []struct {
		args     []string
		byResult bool
		notes    int
	}{
		{[]string{"depth", "1"}, true, 0},
		{[]string{"depth", "1", "average", "result"}, true, 0},
		{[]string{"depth", "1", "average", "cp"}, false, 0},
		{[]string{"depth", "1", "average", "median"}, true, 1},
		{[]string{"depth", "1"}, true, 0}, // "average cp" held for one search only
	} {
		o, notes := strategoGoOptions(t, g, c, tc.args)
		assert.Len(t, notes, tc.notes, "%v: %v", tc.args, notes)
		assert.Equal(t, tc.byResult, o.ByResult, "%v", tc.args)
	}
}

// strategoGoOptions prepares and runs "go args" on g and returns the
// options the search ran with and the notes.
func strategoGoOptions(t *testing.T, g strategoGame, c *strategoEngine, args []string) (stsearch.Options, []string) {
	t.Helper()
	search, notes, err := c.Prepare(g, args)
	require.NoError(t, err)
	search(context.Background(), nil, func(string) {})
	return c.e.Options(), notes
}

// strategoAfterTwoPlies is a Stratego game two plies in and an engine.
func strategoAfterTwoPlies(t *testing.T) (strategoGame, *strategoEngine) {
	start, err := strategoStart([]string{"seed", "3"})
	require.NoError(t, err)
	g := strategoGame{stratego.NewGame(start)}
	for _, tok := range []string{"a3a4", "a6a5"} {
		_, err := g.Play(tok)
		require.NoError(t, err)
	}
	e, err := newStrategoEngine(defaults())
	require.NoError(t, err)
	return g, e
}
