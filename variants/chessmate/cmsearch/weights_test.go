package cmsearch

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/chessmate"
)

// The card terms a decision evaluates with are the ones its options name:
// no weights is the hand-set ones, node for node; other weights change the
// search; and a decision without weights after one with them is back to the
// hand-set ones, whatever the engine searched before.
func TestDecisionsUseTheirWeights(t *testing.T) {
	p, err := chessmate.Deal(chessmate.ShuffledDeck(3))
	require.NoError(t, err)
	lim := Limits{Depth: 3}
	decide := func(e *Engine, w *chessmate.CardWeights) Result {
		e.NewGame()
		return e.SearchHiddenWith(context.Background(), p, lim, 2, HiddenOptions{Weights: w}, nil)
	}
	e := New(1)
	plain := decide(e, nil)
	hand := decide(New(1), &chessmate.HandSetWeights)
	assert.Equal(t, plain.Nodes, hand.Nodes)
	assert.Equal(t, plain.Score, hand.Score)

	other := chessmate.HandSetWeights
	other.Tempo = 400 // the side to move is always far ahead: every leaf's score moves
	changed := decide(e, &other)
	assert.NotEqual(t, plain.Score, changed.Score)
	again := decide(e, nil)
	assert.Equal(t, plain.Nodes, again.Nodes)
	assert.Equal(t, plain.Score, again.Score)
}
