// Package chameleondata makes Chameleon Chess's self-play data
// (docs/VARIANT-TRAINING.md, "Chameleon Chess"): two-player games played
// by one engine per player with the search "go" runs (chsearch.Search with
// the opponent model), stored as their players and moves in tuning/vdata's
// files. Chameleon Chess hides nothing, so the stored game is the state
// both players saw.
package chameleondata

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"tempest/tuning/vdata"
	"tempest/variants/chameleon"
)

// A game, inside a vdata frame (docs/VARIANT-TRAINING.md, "Chameleon
// Chess"):
//
//	1 byte   the players, a bit per colour (chameleon.Red = bit 0 ..
//	         Blue = bit 3); exactly two; other bits 0
//	1 byte   bits 0-1 the result from the first mover's view (0 lost,
//	         1 drawn, 2 won), bit 2 set when the generator adjudicated
//	         it; other bits 0
//	uvarint  the number of plies
//	per ply  2 bytes the move (chameleon.Move, little-endian: from square
//	         in bits 0-5, to square in bits 6-11, or 4096 a pass); then the
//	         kept score's uvarint (vdata.ScoreDeltas, from the first
//	         mover's view)
//
// The start follows from the players (chameleon.StartPosition), and the
// rules decide everything else, so the moves replay the game exactly.

// Result is a game's result from the first mover's view.
type Result uint8

const (
	FirstLoses Result = 0
	Draw       Result = 1
	FirstWins  Result = 2
)

const (
	maxPlies  = 1 << 14
	keepBound = 1500
)

// Game is one self-play game.
type Game struct {
	Players     uint8 // a bit per colour
	Plies       []Ply
	Result      Result
	Adjudicated bool
}

// Ply is one move and, for a kept position, the search score from the
// mover's view.
type Ply struct {
	Move  chameleon.Move
	Score int16
	Kept  bool
}

// Append appends g's encoding to dst.
func (g *Game) Append(dst []byte) ([]byte, error) {
	if g.Players&^15 != 0 || bits.OnesCount8(g.Players) != 2 {
		return dst, fmt.Errorf("chameleondata: players %#b, not two colours", g.Players)
	}
	if g.Result > FirstWins {
		return dst, fmt.Errorf("chameleondata: result code %d", g.Result)
	}
	if len(g.Plies) > maxPlies {
		return dst, fmt.Errorf("chameleondata: %d plies, more than %d", len(g.Plies), maxPlies)
	}
	flags := byte(g.Result)
	if g.Adjudicated {
		flags |= 4
	}
	dst = append(dst, g.Players, flags)
	dst = binary.AppendUvarint(dst, uint64(len(g.Plies)))
	var scores vdata.ScoreDeltas
	for i, p := range g.Plies {
		if p.Move == chameleon.NoMove || p.Move > chameleon.PassMove {
			return dst, fmt.Errorf("chameleondata: ply %d: move code %#x", i+1, uint16(p.Move))
		}
		dst = scores.AppendPly(dst, i, uint16(p.Move), p.Kept, p.Score)
	}
	return dst, nil
}

// Decode reads a game and replays it against the rules, calling f (unless
// nil) with the game before each ply; errors name the ply.
func Decode(b []byte, f func(g *chameleon.Game, ply int, p Ply) error) (*Game, error) {
	if len(b) < 3 {
		return nil, errors.New("a game shorter than its players, result and length")
	}
	out := &Game{Players: b[0]}
	if out.Players&^15 != 0 || bits.OnesCount8(out.Players) != 2 {
		return nil, fmt.Errorf("players byte %#x: not two colours", b[0])
	}
	if b[1]&^7 != 0 || b[1]&3 > byte(FirstWins) {
		return nil, fmt.Errorf("result byte %#x", b[1])
	}
	out.Result, out.Adjudicated = Result(b[1]&3), b[1]&4 != 0
	plies, k := binary.Uvarint(b[2:])
	if k <= 0 || plies > maxPlies {
		return nil, errors.New("the number of plies is cut off or too large")
	}
	b = b[2+k:]
	start, err := chameleon.StartPosition(out.Players)
	if err != nil {
		return nil, err
	}
	g := chameleon.NewGame(start)
	out.Plies = make([]Ply, 0, plies)
	var scores vdata.ScoreDeltas
	for i := 0; i < int(plies); i++ {
		move, kept, score, rest, err := scores.ReadPly(b, i, keepBound)
		if err != nil {
			return nil, err
		}
		b = rest
		p := Ply{Move: chameleon.Move(move), Score: score, Kept: kept}
		if p.Move == chameleon.NoMove || p.Move > chameleon.PassMove {
			return nil, fmt.Errorf("ply %d: move code %#x", i+1, uint16(p.Move))
		}
		if f != nil {
			if err := f(g, i, p); err != nil {
				return nil, err
			}
		}
		if _, err := g.Play(p.Move.String()); err != nil {
			return nil, fmt.Errorf("ply %d: %v", i+1, err)
		}
		out.Plies = append(out.Plies, p)
	}
	if len(b) > 0 {
		return nil, fmt.Errorf("%d bytes after the last ply", len(b))
	}
	return out, nil
}

// Keep reports whether the position before a searched ply is fitted on:
// the mover is not passing, neither the chosen move nor the one before it
// captures (the static evaluation would see half an exchange), and the
// score is no decided game and within ±keepBound.
func Keep(pos *chameleon.Position, previousCapture bool, best chameleon.Move, score int) bool {
	return !previousCapture && best != chameleon.PassMove && pos.At(best.To()) == chameleon.NoPawn &&
		score >= -keepBound && score <= keepBound
}
