package kit

import "time"

// BenchResult totals a bench run: every game's fixed positions searched
// to a fixed depth. With one thread the node total is the signature of the
// game's search; any change of what the search does alters it.
type BenchResult struct {
	Nodes   uint64
	Elapsed time.Duration
	Stopped bool  // cancelled before the last position
	Err     error // the bench could not start: its table or threads do not fit the memory
}

// NPS is the speed of the run.
func (r BenchResult) NPS() uint64 { return uint64(float64(r.Nodes) / max(r.Elapsed.Seconds(), 0.001)) }
