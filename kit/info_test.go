package kit

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"tempest/tt"
)

func TestInfoLines(t *testing.T) {
	wdl := [3]int{600, 300, 100}
	for _, tc := range []struct {
		info Info
		want string
	}{
		{Info{Depth: 7, SelDepth: 11, MultiPV: 1, Score: 35, Bound: "lowerbound", WDL: &wdl, Nodes: 5000,
			Elapsed: 50 * time.Millisecond, Hashfull: 12, PV: []string{"e2e4", "e7e5"}},
			"info depth 7 seldepth 11 multipv 1 score cp 35 lowerbound wdl 600 300 100 nodes 5000 nps 100000 hashfull 12 time 50 pv e2e4 e7e5"},
		{Info{Depth: 9, SelDepth: 9, Score: -3, Mate: true, Nodes: 10, Hashfull: 0, PV: []string{"a1a2"}},
			"info depth 9 seldepth 9 score mate -3 nodes 10 nps 10000 hashfull 0 time 0 pv a1a2"},
		{Info{Depth: 2, Score: 40, Nodes: 300, Elapsed: time.Second, Hashfull: -1, PV: []string{"b2b3"}, Comment: "worlds 12"},
			"info depth 2 score cp 40 nodes 300 nps 300 time 1000 pv b2b3 string worlds 12"},
		{Info{Depth: 4, CurrMove: "g1f3", CurrMoveNumber: 3}, "info depth 4 currmove g1f3 currmovenumber 3"},
	} {
		assert.Equal(t, tc.want, tc.info.String())
	}
}

// InfoOf writes what every game reports alike; mate and move are the
// game's.
func TestInfoOf(t *testing.T) {
	move := func(m int) string { return fmt.Sprintf("m%d", m) }
	mate := func(score int) (int, bool) { return 1000 - score, score > 900 }
	for _, tc := range []struct {
		r    Report[int]
		mate func(int) (int, bool)
		want string
	}{
		{Report[int]{Depth: 5, SelDepth: 8, MultiPV: 2, Score: 31, Bound: tt.BoundUpper, Nodes: 400, Elapsed: time.Second,
			Hashfull: 3, PV: []int{1, 2}}, mate, "info depth 5 seldepth 8 multipv 2 score cp 31 upperbound nodes 400 nps 400 hashfull 3 time 1000 pv m1 m2"},
		{Report[int]{Depth: 5, Score: 997, Bound: tt.BoundExact, PV: []int{4}}, mate, "info depth 5 score mate 3 nodes 0 nps 0 hashfull 0 time 0 pv m4"},
		{Report[int]{Depth: 5, Score: 997, PV: []int{4}}, nil, "info depth 5 score cp 997 nodes 0 nps 0 hashfull 0 time 0 pv m4"},
		{Report[int]{Depth: 3, Score: -20, Hashfull: -1, Worlds: 12, PV: []int{7}}, nil, "info depth 3 score cp -20 nodes 0 nps 0 time 0 pv m7 string worlds 12"},
		{Report[int]{Depth: 6, Score: 50, CurrMove: 9, CurrMoveNumber: 4}, mate, "info depth 6 currmove m9 currmovenumber 4"},
	} {
		assert.Equal(t, tc.want, InfoOf(tc.r, move, tc.mate).String())
	}
}
