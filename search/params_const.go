//go:build !tune

package search

// The search parameters as constants. Margins are centipawns, depths
// plies, factors in percent where a name says so.
const (
	aspirationDepth       = 4  // iterations from this depth on start with a window
	aspirationDelta       = 16 // initial half-width of the window
	aspirationWiden       = 50 // after a failure the window grows by this percent
	razorDepth            = 3
	razorMargin           = 250 // per ply
	rfpDepth              = 8
	rfpMargin             = 75 // per ply, one ply less when improving
	nullMinDepth          = 3
	nullBaseReduction     = 3
	nullDepthDivisor      = 4   // one more ply of reduction per this many plies of depth
	nullEvalDivisor       = 200 // one more ply per this much static eval above beta ...
	nullEvalMaxReduction  = 3   // ... at most this many
	nullVerifyMinDepth    = 12  // from here a null-move cutoff is verified by a reduced search
	nullVerifyShare       = 75  // percent of the reduced depth during which the verification makes no null move
	iirMinDepth           = 4   // without a hash move, reduce by one ply from this depth
	singularMinDepth      = 8
	singularTTDepthMargin = 3 // the hash entry may be this much shallower
	singularMarginPerPly  = 2 // the singular beta lies this far below the hash score per ply
	singularDepthDivisor  = 2 // the singular search goes (depth-1)/divisor deep
	checkExtensionLimit   = 2 // check and singular extensions only while ply < limit * root depth
	lmpBase               = 3 // quiet moves searched before the rest are skipped: (base + depth^2)/2, twice that when improving
	futilityMaxDepth      = 8
	futilityBase          = 100
	futilityPerPly        = 80
	seeQuietMargin        = 60 // quiet moves with SEE below -margin*depth are pruned
	seeNoisyMargin        = 20 // captures with SEE below -margin*depth^2 are pruned
	historyPruneDepth     = 3
	historyPruneMargin    = 3000 // quiet moves with history below -margin*depth are pruned
	lmrMinDepth           = 3
	lmrBase               = 80 // late-move reduction: base/100 + log(depth)*log(move)/(divisor/100)
	lmrDivisor            = 240
	lmrHistoryDivisor     = 8192 // one ply less reduction per this much quiet history
	rootLMRMinMoves       = 3    // root moves after this many are reduced
	deltaMargin           = 200  // qsearch: a capture that cannot lift the score this close to alpha is skipped
	historyBonusPerPly    = 300  // history reward of a cutoff: min(perPly*depth - offset, max)
	historyBonusOffset    = 250
	historyBonusMax       = 1500
	captureValueWeight    = 8 // captures are ordered by weight*captured value + capture history/divisor
	captureHistoryDivisor = 16
	instabilityGrowth     = 160 // time: a new best move stretches the soft limit by this percent ...
	instabilityMax        = 250 // ... up to this percent
	instabilityDecay      = 85  // a stable best move shrinks the stretch by this percent ...
	instabilityMin        = 60  // ... down to this percent
	scoreDropMargin       = 30  // time: a score this far below the last iteration's ...
	scoreDropFactor       = 130 // ... stretches the soft limit by this percent
)
