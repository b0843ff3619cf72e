//go:build tune

package search

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// The correction history learns how far searches found a position's
// evaluation off, and applies it to positions that share its pawns or one
// side's pieces, in proportion to the weights; other positions keep theirs.
func TestTuneCorrectionLearnsTheMiss(t *testing.T) {
	oldPawn, oldNonPawn := corrWeight, nonPawnCorrWeight
	defer func() { corrWeight, nonPawnCorrWeight = oldPawn, oldNonPawn }()
	corrWeight, nonPawnCorrWeight = 50, 25
	parse := func(fen string) *Position {
		p, err := movegen.ParseFEN(fen)
		require.NoError(t, err)
		return p
	}
	seen := parse("r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4")
	samePawnsAndWhite := parse("r1bqkb1r/pppp1ppp/5n2/4p3/2n1P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4")
	other := parse("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
	var h histories
	// The raw evaluation is 0 and the searches keep finding 100: the
	// entries move until the corrected evaluation stops missing (integer
	// steps stop short by less than 256/weight units of 1/corrScale cp).
	for range 200 {
		h.updateCorrection(seen, h.correction(seen), 100, 12)
	}
	assert.InDelta(t, 100, h.correction(seen), 3, "50% pawns + 25% each side's pieces of a 100 cp miss")
	assert.InDelta(t, 75, h.correction(samePawnsAndWhite), 3, "the same pawns and White's pieces, Black's moved")
	assert.Equal(t, 0, h.correction(other))
	for range 200 {
		h.updateCorrection(seen, h.correction(seen), -5000, 12)
	}
	assert.InDelta(t, -corrLimit/corrScale, h.correction(seen), 3, "a miss is held to corrLimit")
	for range 200 {
		h.updateCorrection(seen, h.correction(seen), h.correction(seen), 12)
	}
	assert.InDelta(t, -corrLimit/corrScale, h.correction(seen), 3, "a search that agrees with the corrected evaluation moves nothing")
}
