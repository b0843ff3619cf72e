package eval

import "fmt"

// Score packs a middlegame and an endgame value into one integer: eg in the
// high half, mg in the low half, so scores add and scale as one number.
type Score int32

// S builds a Score from its middlegame and endgame parts (centipawns).
func S(mg, eg int) Score { return Score(int32(uint32(eg)<<16) + int32(mg)) }

// MG returns the middlegame part.
func (s Score) MG() int { return int(int16(uint16(uint32(s)))) }

// EG returns the endgame part, correcting for the borrow a negative mg part
// takes from the high half.
func (s Score) EG() int { return int(int16(uint16((uint32(s) + 0x8000) >> 16))) }

func (s Score) String() string { return fmt.Sprintf("S(%d, %d)", s.MG(), s.EG()) }
