package search

import (
	"math"
	"time"
)

// Sizes and delays outside the parameter table: lmpMaxDepth sizes a table.
const (
	lmpMaxDepth = 8
	// infoDelay: "currmove" lines, bounds of failed aspiration windows and
	// every MultiPV line as it completes are reported only after this much
	// of a search, when a GUI user is waiting to see progress.
	infoDelay = time.Second
	// helperCycle spreads the helper threads over depths: a helper skips
	// one depth in this many.
	helperCycle = 3
)

// lmrTable[depth][moveNumber] is the late-move reduction for quiet moves
// before adjustments: grows with the log of both.
var lmrTable [MaxPly + 1][256]int

// lmpTable[improving][depth] is the number of quiet moves searched before
// the rest are skipped.
var lmpTable [2][lmpMaxDepth + 1]int

func init() { initTables() }

// initTables computes the tables from the parameters.
func initTables() {
	base, divisor := float64(lmrBase)/100, float64(lmrDivisor)/100
	for d := 1; d <= MaxPly; d++ {
		for m := 1; m < 256; m++ {
			lmrTable[d][m] = int(base + math.Log(float64(d))*math.Log(float64(m))/divisor)
		}
	}
	for d := 0; d <= lmpMaxDepth; d++ {
		lmpTable[0][d] = (lmpBase + d*d) / 2
		lmpTable[1][d] = lmpBase + d*d
	}
}

// percent turns a parameter in percent into a factor.
func percent(p int) float64 { return float64(p) / 100 }
