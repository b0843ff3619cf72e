package search

import "math"

// Search parameters, named and kept in one place so they can be tuned and
// reviewed. Margins are centipawns; depths are plies.
const (
	aspirationDepth = 4  // iterations from this depth on start with a window
	aspirationDelta = 16 // initial half-width of the window

	razorDepth  = 3
	razorMargin = 250 // per ply

	rfpDepth  = 8
	rfpMargin = 75 // per ply, one ply less when improving

	nullMinDepth       = 3
	nullBaseReduction  = 3
	nullDepthDivisor   = 4   // one more ply of reduction per this many plies of depth
	nullEvalDivisor    = 200 // one more ply per this much static eval above beta, at most 3
	nullVerifyMinDepth = 12  // from here a null-move cutoff is verified by a reduced search

	iirMinDepth = 4 // without a hash move, reduce by one ply from this depth

	singularMinDepth = 8

	lmpMaxDepth         = 8
	futilityMaxDepth    = 8
	futilityBase        = 100
	futilityPerPly      = 80
	seeQuietMargin      = 60 // quiet moves with SEE below -margin*depth are pruned
	seeNoisyMargin      = 20 // captures with SEE below -margin*depth^2 are pruned
	historyPruneDepth   = 3
	historyPruneMargin  = 3000 // quiet moves with history below -margin*depth are pruned
	lmrMinDepth         = 3
	lmrHistoryDivisor   = 8192
	deltaMargin         = 200 // qsearch: a capture that cannot lift the score this close to alpha is skipped
	checkExtensionLimit = 2   // check extensions only while ply < limit * root depth
)

// lmrTable[depth][moveNumber] is the late-move reduction for quiet moves
// before adjustments: grows with the log of both.
var lmrTable [MaxPly + 1][256]int

// lmpTable[improving][depth] is the number of quiet moves searched before
// the rest are skipped.
var lmpTable [2][lmpMaxDepth + 1]int

func init() {
	for d := 1; d <= MaxPly; d++ {
		for m := 1; m < 256; m++ {
			lmrTable[d][m] = int(0.8 + math.Log(float64(d))*math.Log(float64(m))/2.4)
		}
	}
	for d := 0; d <= lmpMaxDepth; d++ {
		lmpTable[0][d] = (3 + d*d) / 2
		lmpTable[1][d] = 3 + d*d
	}
}
