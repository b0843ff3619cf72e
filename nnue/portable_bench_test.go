package nnue

import (
	"testing"

	"tempest/movegen"
)

func BenchmarkPortable(b *testing.B) {
	useSIMD = false
	defer func() { useSIMD = true }()
	n := randomNet(8)
	pos := movegen.NewStartPosition()
	var acc, next Accumulator
	n.Refresh(&acc, pos)
	m, _ := pos.ParseUCIMove("g1f3", false)
	d := MoveDelta(pos, m)
	b.Run("apply", func(b *testing.B) {
		for b.Loop() {
			n.Apply(&next, &acc, &d)
		}
	})
	b.Run("evaluate", func(b *testing.B) {
		for b.Loop() {
			_ = n.Evaluate(&acc, movegen.White)
		}
	})
}
