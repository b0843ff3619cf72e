package vdata

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// WinStreak adjudicates a self-play game won once the score from the first
// player's view stays at or beyond ±Score for Turns searched turns in a
// row, both sides agreeing: a game without a tablebase can take a hundred
// turns to finish what is decided. Turns 0 never adjudicates.
type WinStreak struct {
	Score, Turns int
	streak, last int
}

// Add counts one searched turn's score from the first player's view; it
// returns +1 or -1 (the first player won or lost) once the game is
// decided, else 0.
func (w *WinStreak) Add(first int) int {
	sign := 0
	switch {
	case first >= w.Score:
		sign = 1
	case first <= -w.Score:
		sign = -1
	}
	switch {
	case sign == 0:
		w.streak = 0
	case sign == w.last:
		w.streak++
	default:
		w.streak = 1
	}
	w.last = sign
	if w.Turns > 0 && w.streak >= w.Turns {
		return sign
	}
	return 0
}

// ScoreDeltas code a game's kept search scores as every variant's format
// does (docs/VARIANT-TRAINING.md): a uvarint per searched turn, 0 when the
// position before it is not kept, else 1 + the zigzag code of its score
// from the first player's view minus the game's previous kept score (0
// before the first). Successive scores are close, so most take one byte.
type ScoreDeltas struct{ last int }

// Append appends one turn's code.
func (d *ScoreDeltas) Append(dst []byte, kept bool, first int) []byte {
	if !kept {
		return append(dst, 0)
	}
	x := first - d.last
	d.last = first
	return binary.AppendUvarint(dst, 1+(uint64(x<<1)^uint64(x>>63)))
}

// Read reads one turn's code from b: the score from the first player's
// view, whether the position is kept, and the bytes read. A kept score
// beyond ±bound or a code cut off is an error.
func (d *ScoreDeltas) Read(b []byte, bound int) (first int, kept bool, n int, err error) {
	code, n := binary.Uvarint(b)
	if n <= 0 {
		return 0, false, 0, errors.New("its score is cut off")
	}
	if code == 0 {
		return 0, false, n, nil
	}
	u := code - 1
	delta := int64(u>>1) ^ -int64(u&1)
	if delta < -2*int64(bound) || delta > 2*int64(bound) {
		return 0, false, 0, fmt.Errorf("kept score %+d from the last beyond ±%d", delta, bound)
	}
	first = d.last + int(delta)
	if first < -bound || first > bound {
		return 0, false, 0, fmt.Errorf("kept score %d beyond ±%d", first, bound)
	}
	d.last = first
	return first, true, n, nil
}

// AppendPly appends ply i of a two-player game whose players alternate:
// the move's two bytes, little-endian, and the kept score's code, the
// score given from the mover's view and stored from the first player's.
func (d *ScoreDeltas) AppendPly(dst []byte, i int, move uint16, kept bool, score int16) []byte {
	dst = binary.LittleEndian.AppendUint16(dst, move)
	first := int(score)
	if i%2 == 1 {
		first = -first
	}
	return d.Append(dst, kept, first)
}

// ReadPly reads what AppendPly wrote for ply i: the move, whether the
// position is kept and its score from the mover's view, and the rest of b.
func (d *ScoreDeltas) ReadPly(b []byte, i, bound int) (move uint16, kept bool, score int16, rest []byte, err error) {
	if len(b) < 2 {
		return 0, false, 0, nil, fmt.Errorf("ply %d: its move is cut off", i+1)
	}
	move = binary.LittleEndian.Uint16(b)
	first, kept, n, err := d.Read(b[2:], bound)
	if err != nil {
		return 0, false, 0, nil, fmt.Errorf("ply %d: %v", i+1, err)
	}
	if kept && i%2 == 1 {
		first = -first
	}
	return move, kept, int16(first), b[2+n:], nil
}
