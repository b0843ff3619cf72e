package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// A search with a king-mirrored net, in positions where the kings cross
// between the d- and e-files (queen-side castling, king walks in endgames,
// kings next to captures) and null moves are tried: the debug build
// (`go test -tags debug`) compares every accumulator the search keeps with
// a refresh and panics on a difference, so a crossing updated without the
// rebuild fails here. In any build the search plays legal moves, repeats
// itself, and allocates no more than with a plain net.
func TestSearchWithAKingMirroredNet(t *testing.T) {
	net := randomNet(9)
	net.KingMirror = true
	e := New(16)
	e.SetNet(net)
	for _, fen := range []string{
		"r3k2r/pppq1ppp/2n2n2/8/8/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/8/3k4/2pPp3/2P1P3/3K4/8/8 w - - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"4k3/3pp3/8/8/8/8/3PP3/4K3 w - - 0 1",
	} {
		pos, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		e.NewGame()
		a := e.Search(context.Background(), pos, Limits{Depth: 8}, nil)
		e.NewGame()
		b := e.Search(context.Background(), pos, Limits{Depth: 8}, nil)
		assert.True(t, pos.IsLegal(a.BestMove), fen)
		assert.Equal(t, a, b, "the same search twice: %s", fen)
	}
	pos := movegen.NewStartPosition()
	allocs := testing.AllocsPerRun(3, func() {
		e.NewGame()
		e.Search(context.Background(), pos, Limits{Depth: 9}, nil)
	})
	assert.Less(t, allocs, 100.0, "allocations per search with a king-mirrored net")
}
