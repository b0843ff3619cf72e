package search

import (
	"time"

	"tempest/kit"
)

// movesLeft is the number of moves the time manager (kit.PlanTime)
// expects a chess game to last from any point in sudden death: it spends
// about 1/movesLeft of the time it will have over those moves.
const movesLeft = 35

// timePlan is the search's time budget for the side to move.
func timePlan(lim *Limits, us Color, overhead time.Duration, start time.Time) kit.TimeManager {
	return kit.PlanTime(lim, int(us), overhead, start, movesLeft)
}
