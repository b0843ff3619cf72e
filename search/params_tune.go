//go:build tune

package search

// The search parameters as variables, for SPSA: the tune build (go build
// -tags tune) offers each as a UCI option ("setoption name RFPMargin
// value 80"). Same names and values as params_const.go, the constants
// every other build searches with (TestTuneParamsMatch).
var (
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

// Tunables lists every search parameter with its range, as the tune
// build's UCI options.
var Tunables = []Tunable{
	{Name: "AspirationDepth", Value: &aspirationDepth, Min: 1, Max: 12},
	{Name: "AspirationDelta", Value: &aspirationDelta, Min: 4, Max: 100},
	{Name: "AspirationWiden", Value: &aspirationWiden, Min: 10, Max: 200},
	{Name: "RazorDepth", Value: &razorDepth, Min: 1, Max: 6},
	{Name: "RazorMargin", Value: &razorMargin, Min: 50, Max: 600},
	{Name: "RfpDepth", Value: &rfpDepth, Min: 2, Max: 14},
	{Name: "RfpMargin", Value: &rfpMargin, Min: 20, Max: 200},
	{Name: "NullMinDepth", Value: &nullMinDepth, Min: 1, Max: 6},
	{Name: "NullBaseReduction", Value: &nullBaseReduction, Min: 1, Max: 6},
	{Name: "NullDepthDivisor", Value: &nullDepthDivisor, Min: 2, Max: 10},
	{Name: "NullEvalDivisor", Value: &nullEvalDivisor, Min: 50, Max: 600},
	{Name: "NullEvalMaxReduction", Value: &nullEvalMaxReduction, Min: 0, Max: 6},
	{Name: "NullVerifyMinDepth", Value: &nullVerifyMinDepth, Min: 6, Max: 30},
	{Name: "NullVerifyShare", Value: &nullVerifyShare, Min: 25, Max: 100},
	{Name: "IirMinDepth", Value: &iirMinDepth, Min: 2, Max: 10},
	{Name: "SingularMinDepth", Value: &singularMinDepth, Min: 4, Max: 14},
	{Name: "SingularTTDepthMargin", Value: &singularTTDepthMargin, Min: 1, Max: 6},
	{Name: "SingularMarginPerPly", Value: &singularMarginPerPly, Min: 1, Max: 6},
	{Name: "SingularDepthDivisor", Value: &singularDepthDivisor, Min: 2, Max: 4},
	{Name: "CheckExtensionLimit", Value: &checkExtensionLimit, Min: 1, Max: 4},
	{Name: "LmpBase", Value: &lmpBase, Min: 1, Max: 8},
	{Name: "FutilityMaxDepth", Value: &futilityMaxDepth, Min: 2, Max: 14},
	{Name: "FutilityBase", Value: &futilityBase, Min: 20, Max: 300},
	{Name: "FutilityPerPly", Value: &futilityPerPly, Min: 20, Max: 200},
	{Name: "SeeQuietMargin", Value: &seeQuietMargin, Min: 10, Max: 200},
	{Name: "SeeNoisyMargin", Value: &seeNoisyMargin, Min: 5, Max: 80},
	{Name: "HistoryPruneDepth", Value: &historyPruneDepth, Min: 1, Max: 6},
	{Name: "HistoryPruneMargin", Value: &historyPruneMargin, Min: 500, Max: 8000},
	{Name: "LmrMinDepth", Value: &lmrMinDepth, Min: 1, Max: 6},
	{Name: "LmrBase", Value: &lmrBase, Min: 0, Max: 200},
	{Name: "LmrDivisor", Value: &lmrDivisor, Min: 100, Max: 500},
	{Name: "LmrHistoryDivisor", Value: &lmrHistoryDivisor, Min: 2048, Max: 32768},
	{Name: "RootLMRMinMoves", Value: &rootLMRMinMoves, Min: 1, Max: 10},
	{Name: "DeltaMargin", Value: &deltaMargin, Min: 50, Max: 500},
	{Name: "HistoryBonusPerPly", Value: &historyBonusPerPly, Min: 50, Max: 800},
	{Name: "HistoryBonusOffset", Value: &historyBonusOffset, Min: 0, Max: 800},
	{Name: "HistoryBonusMax", Value: &historyBonusMax, Min: 300, Max: 4000},
	{Name: "CaptureValueWeight", Value: &captureValueWeight, Min: 1, Max: 32},
	{Name: "CaptureHistoryDivisor", Value: &captureHistoryDivisor, Min: 2, Max: 64},
	{Name: "InstabilityGrowth", Value: &instabilityGrowth, Min: 100, Max: 300},
	{Name: "InstabilityMax", Value: &instabilityMax, Min: 100, Max: 500},
	{Name: "InstabilityDecay", Value: &instabilityDecay, Min: 50, Max: 100},
	{Name: "InstabilityMin", Value: &instabilityMin, Min: 20, Max: 100},
	{Name: "ScoreDropMargin", Value: &scoreDropMargin, Min: 5, Max: 150},
	{Name: "ScoreDropFactor", Value: &scoreDropFactor, Min: 100, Max: 300},
}

// Retune recomputes the tables built from the parameters, after a change.
// Not during a search.
func Retune() { initTables() }
