package protocol

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/rules"
	"tempest/variants/chameleon"
	"tempest/variants/stratego"
)

// gameLeaves counts sequences of depth actions through the rules service's
// own answers: a game's Legal() is empty once it is over, repetition
// included. newGame rebuilds the game for every node.
func gameLeaves(t *testing.T, newGame func() rules.Service, played []string, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	g := newGame()
	for _, tok := range played {
		_, err := g.Play(tok)
		require.NoError(t, err, tok)
	}
	var n uint64
	for _, tok := range g.Legal() {
		n += gameLeaves(t, newGame, append(played[:len(played):len(played)], tok), depth-1)
	}
	return n
}

// TestVariantPerftStopsAtRepetitionInGivenGame: "go perft" on a game given
// with its moves counts nothing below a move that repeats a position for
// the third time (the rules' clarifications: a finished game has no legal
// actions), in Stratego and Chameleon Chess (issue 14, finding 19).
func TestVariantPerftStopsAtRepetitionInGivenGame(t *testing.T) {
	for _, tc := range []struct {
		setup, start, moves string
		newGame             func(start string) rules.Service
	}{
		{strategoOn, "9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 0", "a2b2 a7b7 b2a2 b7a7 a2b2",
			func(s string) rules.Service { p, _ := stratego.ParsePosition(s); return stratego.NewGame(p) }},
		{chameleonOn, "a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0", "b1c3 e8d6 c3b1 d6e8 b1c3",
			func(s string) rules.Service { p, _ := chameleon.ParsePosition(s); return chameleon.NewGame(p) }},
	} {
		const depth = 4
		want := gameLeaves(t, func() rules.Service { return tc.newGame(tc.start) }, strings.Fields(tc.moves), depth)
		l := startLive(t)
		l.send(strings.TrimSpace(tc.setup), "position fen "+tc.start+" moves "+tc.moves, fmt.Sprintf("go perft %d", depth))
		line := l.expect("Nodes searched", 30*time.Second)
		got := regexp.MustCompile(`\d+`).FindString(line)
		assert.Equal(t, fmt.Sprint(want), got, "%s moves %s", tc.start, tc.moves)
		l.send("quit")
	}
}

// TestVariantPerftStopsOnStop: a deep variant perft ends soon after "stop"
// (the hooks pass the job's context down to the counting).
func TestVariantPerftStopsOnStop(t *testing.T) {
	for _, setup := range []string{strategoOn, chameleonOn} {
		l := startLive(t)
		l.send(strings.TrimSpace(setup), "position startpos", "go perft 10")
		time.Sleep(50 * time.Millisecond)
		l.send("stop", "isready")
		l.expect("info string perft stopped", 5*time.Second)
		l.expect("readyok", 5*time.Second)
		l.send("quit")
	}
}
