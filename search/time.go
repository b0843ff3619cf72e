package search

import (
	"time"

	"tempest/engine"
)

// movesLeft is the number of moves the time manager (engine.PlanTime)
// expects a chess game to last from any point in sudden death: it spends
// about 1/movesLeft of the time it will have over those moves.
const movesLeft = 35

// timePlan is the search's time budget for the side to move.
func timePlan(lim *Limits, us Color, overhead time.Duration, start time.Time) engine.TimeManager {
	return engine.PlanTime(lim, int(us), overhead, start, movesLeft)
}
