package main

import (
	"fmt"
	"strings"
	"time"

	"tempest/variants"
)

// referee plays one game of any variant between engine processes, one per
// player, and is the game loop every match driver shares. The rules
// service (variants.Rules) judges every move.
type referee struct {
	game    variants.Rules
	engines map[string]*uciProcess // by the player's letter, as Status().ToMove gives it
	// startFor is the position string a player's "position fen" starts
	// from, the game's moves following it: its own view where the game
	// hides information.
	startFor func(player string) string
	// goFor is the player's "go" parameters when there is no clock.
	goFor func(player string) string
	// clock, when set, runs every player's clock: "go time T inc I", and
	// a player whose clock falls below zero forfeits.
	clock    *matchClock
	maxPlies int
}

// outcome is how a refereed game ended: the game's result and reason,
// "ply limit" (result empty: the driver decides what a draw is), or a
// forfeit by the player who stalled, crashed, answered no move or an
// illegal one, or ran out of time.
type outcome struct {
	result, reason string
	forfeit        string // the forfeiting player's letter, or ""
}

// stallLimit bounds the wait for a bestmove without a clock.
const stallLimit = 60 * time.Second

func (r *referee) play() outcome {
	left := map[string]time.Duration{}
	for {
		st := r.game.Status()
		if st.Over {
			return outcome{result: st.Result, reason: st.Reason}
		}
		if len(r.game.Actions()) >= r.maxPlies {
			return outcome{reason: "ply limit"}
		}
		mover := st.ToMove
		e := r.engines[mover]
		cmd := "position fen " + r.startFor(mover)
		if moves := r.game.Actions(); len(moves) > 0 {
			cmd += " moves " + strings.Join(moves, " ")
		}
		e.send(cmd)
		goCmd, wait := "go "+r.goFor(mover), stallLimit
		if r.clock != nil {
			if _, ok := left[mover]; !ok {
				left[mover] = r.clock.base
			}
			goCmd = fmt.Sprintf("go time %d inc %d", left[mover].Milliseconds(), r.clock.inc.Milliseconds())
			wait = left[mover] + 5*time.Second
		}
		began := time.Now()
		e.send(goCmd)
		line, ok := e.waitFor("bestmove", wait)
		if !ok {
			return outcome{reason: "engine stalled or crashed", forfeit: mover}
		}
		if r.clock != nil {
			left[mover] -= time.Since(began)
			if left[mover] < 0 {
				return outcome{reason: "time", forfeit: mover}
			}
			left[mover] += r.clock.inc
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return outcome{reason: "no move", forfeit: mover}
		}
		if _, err := r.game.Play(f[1]); err != nil {
			return outcome{reason: "illegal move " + f[1], forfeit: mover}
		}
	}
}

// twoPlayerResult scores an outcome of a two-player game whose first
// player's letter is first: a forfeit loses, the ply limit draws.
func twoPlayerResult(o outcome, first string) (result, reason string) {
	switch {
	case o.forfeit == first:
		return "0-1", o.reason
	case o.forfeit != "":
		return "1-0", o.reason
	case o.result == "":
		return "1/2-1/2", o.reason
	}
	return o.result, o.reason
}
