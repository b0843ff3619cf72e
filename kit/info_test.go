package kit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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
