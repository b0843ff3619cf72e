// Package chameleondata makes Chameleon Chess's self-play data
// (docs/VARIANT-TRAINING.md, "Chameleon Chess"): two-player games played
// by one engine per player with the search "go" runs (chsearch.Search with
// the opponent model), stored as their players and moves in tuning/vdata's
// files. Chameleon Chess hides nothing, so the stored game is the state
// both players saw.
package chameleondata

import (
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

const keepBound = 1500

// Game is one self-play game.
type Game struct {
	Players     uint8 // a bit per colour
	Plies       []Ply
	Result      vdata.Result // from the first mover's view
	Adjudicated bool
}

// Ply is one move and, for a kept position, the search score from the
// mover's view.
type Ply = vdata.Ply[chameleon.Move]

// validMove tells the move codes the format holds.
func validMove(m chameleon.Move) bool { return m != chameleon.NoMove && m <= chameleon.PassMove }

// Append appends g's encoding to dst.
func (g *Game) Append(dst []byte) ([]byte, error) {
	if g.Players&^15 != 0 || bits.OnesCount8(g.Players) != 2 {
		return dst, fmt.Errorf("chameleondata: players %#b, not two colours", g.Players)
	}
	dst, err := vdata.AppendResult(append(dst, g.Players), g.Result, g.Adjudicated)
	if err == nil {
		dst, err = vdata.AppendPlies(dst, g.Plies, validMove)
	}
	if err != nil {
		return dst, fmt.Errorf("chameleondata: %v", err)
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
	var err error
	if out.Result, out.Adjudicated, err = vdata.ReadResult(b[1]); err != nil {
		return nil, err
	}
	start, err := chameleon.StartPosition(out.Players)
	if err != nil {
		return nil, err
	}
	g := chameleon.NewGame(start)
	var seen func(int, Ply) error
	if f != nil {
		seen = func(i int, p Ply) error { return f(g, i, p) }
	}
	out.Plies, err = vdata.ReadPlies(b[2:], keepBound, validMove, seen, g.Play)
	if err != nil {
		return nil, err
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
