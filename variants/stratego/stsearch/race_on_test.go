//go:build race

package stsearch

// raceDetector: the race detector's bookkeeping changes allocation counts
// from run to run, so the allocation checks do not apply.
const raceDetector = true
