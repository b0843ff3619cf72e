package vdata

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// MaxTurns bounds a stored game's turns; the generators stop at far fewer.
const MaxTurns = 1 << 14

// AppendResult appends the result byte every variant's format holds: bits
// 0-1 the result from the first player's view, bit 2 set when the
// generator adjudicated the game, the other bits 0.
func AppendResult(dst []byte, r Result, adjudicated bool) ([]byte, error) {
	if r > FirstWins {
		return dst, fmt.Errorf("result code %d", r)
	}
	flags := byte(r)
	if adjudicated {
		flags |= 4
	}
	return append(dst, flags), nil
}

// ReadResult reads the byte AppendResult wrote.
func ReadResult(b byte) (r Result, adjudicated bool, err error) {
	if b&^7 != 0 || b&3 > byte(FirstWins) {
		return 0, false, fmt.Errorf("result byte %#x", b)
	}
	return Result(b & 3), b&4 != 0, nil
}

// Ply is one move of a two-player game whose players alternate, and for
// a kept position the search score from the mover's view. M is the
// variant's move, two bytes.
type Ply[M ~uint16] struct {
	Move  M
	Score int16
	Kept  bool
}

// AppendPlies appends the number of plies and each ply as AppendPly
// does; valid tells the variant's move codes (the zero move is none).
func AppendPlies[M ~uint16](dst []byte, plies []Ply[M], valid func(M) bool) ([]byte, error) {
	if len(plies) > MaxTurns {
		return dst, fmt.Errorf("%d plies, more than %d", len(plies), MaxTurns)
	}
	dst = binary.AppendUvarint(dst, uint64(len(plies)))
	var scores ScoreDeltas
	for i, p := range plies {
		if !valid(p.Move) {
			return dst, fmt.Errorf("ply %d: move code %#x", i+1, uint16(p.Move))
		}
		dst = scores.AppendPly(dst, i, uint16(p.Move), p.Kept, p.Score)
	}
	return dst, nil
}

// ReadPlies reads what AppendPlies wrote, the whole of b, with kept
// scores within ±bound. Each ply in order is passed to seen (unless nil)
// and then played by its text with play, the rules' check; errors name
// the ply.
func ReadPlies[M interface {
	~uint16
	String() string
}, R any](b []byte, bound int, valid func(M) bool, seen func(i int, p Ply[M]) error, play func(string) (R, error)) ([]Ply[M], error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > MaxTurns {
		return nil, errors.New("the number of plies is cut off or too large")
	}
	b = b[k:]
	plies := make([]Ply[M], 0, n)
	var scores ScoreDeltas
	for i := 0; i < int(n); i++ {
		move, kept, score, rest, err := scores.ReadPly(b, i, bound)
		if err != nil {
			return nil, err
		}
		b = rest
		p := Ply[M]{Move: M(move), Score: score, Kept: kept}
		if !valid(p.Move) {
			return nil, fmt.Errorf("ply %d: move code %#x", i+1, move)
		}
		if seen != nil {
			if err := seen(i, p); err != nil {
				return nil, err
			}
		}
		if _, err := play(p.Move.String()); err != nil {
			return nil, fmt.Errorf("ply %d: %v", i+1, err)
		}
		plies = append(plies, p)
	}
	if len(b) > 0 {
		return nil, fmt.Errorf("%d bytes after the last ply", len(b))
	}
	return plies, nil
}
