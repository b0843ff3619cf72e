package eval

// Trace records, for one evaluation, how often each weight was counted for
// each color, plus the phase and endgame scale: enough for the tuner to
// recompute the evaluation as a linear function of the weights. It is filled
// only in builds with -tags tune; release builds compile the calls away.
type Trace struct {
	Coeff [NumSlots][2]int32
	Phase int
	Scale int
}

func (t *Trace) note(w *Score, c color, n int) {
	t.Coeff[slotIndex(w)][c] += int32(n)
}
