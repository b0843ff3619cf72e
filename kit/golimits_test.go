package kit

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// A two-valued go word: absent or the default is false, the alternative
// true, anything else false with a note naming the word, the value and both
// choices.
func TestChoice(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
		note string
	}{
		{[]string{"depth", "1"}, false, ""},
		{[]string{"depth", "1", "shape", "round"}, false, ""},
		{[]string{"shape", "square", "depth", "1"}, true, ""},
		{[]string{"depth", "1", "shape", "oval"}, false, `go shape "oval" is not "round" or "square"; using round`},
	} {
		g := ParseGo(tc.args, 0, ColourClocks, "shape")
		assert.Equal(t, tc.want, g.Choice("shape", "round", "square"), "%v", tc.args)
		if tc.note == "" {
			assert.Empty(t, g.Notes, "%v", tc.args)
		} else {
			assert.Equal(t, []string{tc.note}, g.Notes, "%v", tc.args)
		}
		assert.Equal(t, 1, g.Limits.Depth, "%v: the limits are read as before", tc.args)
	}
}

// A go word with three values: each value's index, the first for an
// absent word, and the first with a note listing them all for any other.
func TestPick(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
		note string
	}{
		{nil, 0, ""},
		{[]string{"size", "small"}, 0, ""},
		{[]string{"size", "medium"}, 1, ""},
		{[]string{"size", "large", "depth", "3"}, 2, ""},
		{[]string{"size", "Large"}, 0, `go size "Large" is not "small", "medium" or "large"; using small`},
	} {
		g := ParseGo(tc.args, 0, ColourClocks, "size")
		assert.Equal(t, tc.want, g.Pick("size", "small", "medium", "large"), "%v", tc.args)
		if tc.note == "" {
			assert.Empty(t, g.Notes, "%v", tc.args)
		} else {
			assert.Equal(t, []string{tc.note}, g.Notes, "%v", tc.args)
		}
	}
}

// Issue 35, finding 8: increments and movestogo shape a clock; given
// without one they limit nothing, so the search gets the one second the
// docs promise when no usable limit is left, with a note saying why,
// instead of running until a stop nobody sends.
func TestClockPartsWithoutAClockGetTheFallback(t *testing.T) {
	for _, args := range [][]string{
		{"winc", "100", "binc", "100"}, {"inc", "100"}, {"movestogo", "5"}, {"winc", "100"},
		{"binc", "0", "movestogo", "3"}, {"searchmoves", "e2e4", "inc", "50"},
	} {
		g := ParseGo(args, 0, ColourClocks)
		assert.Equal(t, DefaultGoTime, g.Limits.MoveTime, "%v", args)
		assert.False(t, g.Limits.Clock, "%v", args)
		assert.Contains(t, strings.Join(g.Notes, "\n"), "without a clock (wtime, btime or time) sets no limit; ignored", "%v", args)
		assert.Contains(t, strings.Join(g.Notes, "\n"), "no usable limit left; searching for 1000 ms", "%v", args)
	}
	// With a clock they are read as before, without a note; with infinite
	// the search still waits for stop.
	g := ParseGo([]string{"wtime", "1000", "btime", "1000", "winc", "100", "binc", "100", "movestogo", "5"}, 0, ColourClocks)
	assert.Empty(t, g.Notes)
	assert.Equal(t, 100*time.Millisecond, g.Limits.Inc[1])
	assert.Equal(t, 5, g.Limits.MovesToGo)
	assert.Zero(t, g.Limits.MoveTime)
	g = ParseGo([]string{"winc", "100", "infinite"}, 0, ColourClocks)
	assert.True(t, g.Limits.Infinite)
	assert.Zero(t, g.Limits.MoveTime, "infinite waits for stop")
}

// Unending tells the searches that may run until stopped from those a
// limit ends, for every go parameter alone and in the mixes clients send;
// a game's own words (read here as unknown) change nothing.
func TestUnending(t *testing.T) {
	for line, want := range map[string]bool{
		"": true, "infinite": true, "ponder": true, "ponder wtime 1000 btime 1000": true,
		"searchmoves e2e4": true, "mate 1": true, "mate 0": true, "movestogo 5": true,
		"winc 100 binc 100": true, "inc 100": true, "depth x": true, "frobnicate": true,
		"narrow 3": true, "algorithm depth": true, "infinite depth 3": true,
		"depth 3": false, "nodes 1000": false, "movetime 100": false, "wtime 1000": false,
		"btime 1000": false, "time 1000": false, "wtime 0 btime 0": false, "mate 2 depth 5": false,
		"searchmoves e2e4 depth 2": false, "narrow 3 depth 2": false, "depth -3": false,
		"wtime 1000 winc 100 movestogo 5": false,
	} {
		assert.Equal(t, want, Unending(strings.Fields(line)), "go %s", line)
	}
}

// A game of up to four players has no white and black: with MoverClock
// every clock word is the mover's. time/inc name it; a two-player
// frontend's wtime/btime are taken as the mover's, the smaller of the two
// when both come (with its own increment); with time/inc they are dropped
// with a note. Nothing is left on another player's clock.
func TestMoverClock(t *testing.T) {
	const bothNote = "go: the mover's clock was given both as time/inc and as wtime/btime; using time/inc"
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, us := range []int{0, 1, 2, 3} {
		for _, tc := range []struct {
			line      string
			time, inc time.Duration
			note      string
		}{
			{"time 300 inc 5", ms(300), ms(5), ""},
			{"wtime 500", ms(500), 0, ""},
			{"btime 800 binc 7", ms(800), ms(7), ""},
			{"wtime 500 btime 800 winc 10 binc 20", ms(500), ms(10), ""},
			{"wtime 900 btime 400 winc 10 binc 3", ms(400), ms(3), ""},
			{"wtime 100 time 300 depth 2", ms(300), 0, bothNote},
			{"winc 10 time 300 inc 2", ms(300), ms(2), bothNote},
			{"time 300 btime", ms(300), 0, bothNote},
			{"time 300 wtime 50 algorithm model", ms(300), 0, bothNote},
		} {
			g := ParseGo(strings.Fields(tc.line), us, MoverClock, "algorithm")
			var want, wantInc [MaxPlayers]time.Duration
			want[us], wantInc[us] = tc.time, tc.inc
			assert.True(t, g.Limits.Clock, "%s", tc.line)
			assert.Equal(t, want, g.Limits.Time, "mover %d: %s", us, tc.line)
			assert.Equal(t, wantInc, g.Limits.Inc, "mover %d: %s", us, tc.line)
			assert.True(t, g.Given[us], "%s", tc.line)
			if tc.note == "" {
				assert.Empty(t, g.Notes, "%s", tc.line)
			} else {
				assert.Equal(t, []string{tc.note}, g.Notes, "%s", tc.line)
			}
		}
	}
	g := ParseGo([]string{"time", "300", "wtime", "50", "algorithm", "model"}, 2, MoverClock, "algorithm")
	assert.Equal(t, "model", g.Extras["algorithm"], "a dropped clock word leaves the game's own words")
	g = ParseGo([]string{"depth", "3"}, 2, MoverClock)
	assert.False(t, g.Limits.Clock)
	assert.Empty(t, g.Notes)
}

// With ColourClocks wtime/winc are player 0's clock, btime/binc player
// 1's and time/inc the mover's; a clock that leaves the mover without one
// gives it 100 ms, with a note.
func TestColourClocks(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	g := ParseGo(strings.Fields("wtime 500 btime 800 winc 10 binc 20"), 1, ColourClocks)
	assert.Equal(t, [MaxPlayers]time.Duration{ms(500), ms(800)}, g.Limits.Time)
	assert.Equal(t, [MaxPlayers]time.Duration{ms(10), ms(20)}, g.Limits.Inc)
	assert.Empty(t, g.Notes)
	g = ParseGo(strings.Fields("time 300 inc 5"), 1, ColourClocks)
	assert.Equal(t, [MaxPlayers]time.Duration{0, ms(300)}, g.Limits.Time)
	assert.Equal(t, [MaxPlayers]time.Duration{0, ms(5)}, g.Limits.Inc)
	g = ParseGo(strings.Fields("btime 1000"), 0, ColourClocks)
	assert.Equal(t, [MaxPlayers]time.Duration{ms(100), ms(1000)}, g.Limits.Time)
	assert.Equal(t, []string{"go: no clock given for the side to move; using 100 ms"}, g.Notes)
}
