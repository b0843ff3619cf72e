// Package strategodata makes Stratego's self-play data and fits the
// evaluation's named weights to it (docs/VARIANT-TRAINING.md, "Stratego"):
// each side is played by its own engine deciding from its own view with
// the search "go" runs (stsearch.Search with the belief), the games are
// stored as their true setups and moves in tuning/vdata's files, and read
// back into positions for tuning/vfit.
package strategodata

import (
	"errors"
	"fmt"

	"tempest/tuning/vdata"
	"tempest/variants/stratego"
)

// A game, inside a vdata frame (docs/VARIANT-TRAINING.md, "Stratego"):
//
//	1 byte   bits 0-1 the result from Volcandria's view (0 lost, 1 drawn,
//	         2 won), bit 2 set when the generator adjudicated it; other
//	         bits 0
//	15 bytes Volcandria's setup: its 30 kinds (1 Flag .. 12 Trap) in
//	         stratego.SetupSquare order, a nibble each, low nibble first
//	15 bytes Everwinter's setup, the same way
//	uvarint  the number of plies (Volcandria moves first)
//	per ply  2 bytes the move (stratego.Move, little-endian: from square in
//	         bits 0-6, to square in bits 7-13); then the kept score's
//	         uvarint (vdata.ScoreDeltas, from Volcandria's view)
//
// The setups are the whole true start, and with full knowledge every
// battle's outcome follows from the rules, so the moves replay the game
// exactly.

// A game's result from Volcandria's view (vdata.Result).
const (
	EverwinterWins = vdata.FirstLoses
	Draw           = vdata.Draw
	VolcandriaWins = vdata.FirstWins
)

// setupBytes is one side's setup's size.
const setupBytes = stratego.ArmySize / 2

// keepBound is the largest score kept: beyond it the game is decided, and
// a decision's score is a mean over worlds in which a Flag capture counts
// as stsearch.WinClip, no position's value.
const keepBound = 1500

// Game is one self-play game.
type Game struct {
	Setup       [2]stratego.Setup // Volcandria's, Everwinter's
	Plies       []Ply
	Result      vdata.Result
	Adjudicated bool
}

// Ply is one move and, for a kept position, the search score from the
// mover's view.
type Ply = vdata.Ply[stratego.Move]

// validMove tells the move codes the format holds.
func validMove(m stratego.Move) bool { return m>>14 == 0 && m != stratego.NullMove }

// Start is the game's start position.
func (g *Game) Start() *stratego.Position {
	return stratego.NewStart(g.Setup[0], g.Setup[1], stratego.Volcandria)
}

// Append appends g's encoding to dst.
func (g *Game) Append(dst []byte) ([]byte, error) {
	dst, err := vdata.AppendResult(dst, g.Result, g.Adjudicated)
	if err != nil {
		return dst, fmt.Errorf("strategodata: %v", err)
	}
	for s, st := range g.Setup {
		var b [setupBytes]byte
		for i, k := range st {
			if k < stratego.Flag || k > stratego.Trap {
				return dst, fmt.Errorf("strategodata: %s's setup holds kind %d at place %d", stratego.Side(s), k, i+1)
			}
			b[i/2] |= byte(k) << (4 * (i % 2))
		}
		dst = append(dst, b[:]...)
	}
	if dst, err = vdata.AppendPlies(dst, g.Plies, validMove); err != nil {
		return dst, fmt.Errorf("strategodata: %v", err)
	}
	return dst, nil
}

// Decode reads a game and replays it against the rules, calling f (unless
// nil) with the full-knowledge game before each ply; errors name the ply.
func Decode(b []byte, f func(g *stratego.Game, ply int, p Ply) error) (*Game, error) {
	out := &Game{}
	if len(b) < 1+2*setupBytes+1 {
		return nil, errors.New("a game shorter than its result and setups")
	}
	var err error
	if out.Result, out.Adjudicated, err = vdata.ReadResult(b[0]); err != nil {
		return nil, err
	}
	for s := range out.Setup {
		side := stratego.Side(s)
		raw := b[1+s*setupBytes:]
		for i := range out.Setup[s] {
			out.Setup[s][i] = stratego.Kind(raw[i/2] >> (4 * (i % 2)) & 15)
			if k := out.Setup[s][i]; k < stratego.Flag || k > stratego.Trap {
				return nil, fmt.Errorf("%s's setup: kind code %d at place %d", side, k, i+1)
			}
		}
		// The text form's reader checks the army: every piece once.
		if _, err := stratego.ParseSetup(side, out.Setup[s].String(side)); err != nil {
			return nil, fmt.Errorf("%s's setup: %v", side, err)
		}
	}
	g := stratego.NewGame(out.Start())
	var seen func(int, Ply) error
	if f != nil {
		seen = func(i int, p Ply) error { return f(g, i, p) }
	}
	out.Plies, err = vdata.ReadPlies(b[1+2*setupBytes:], keepBound, validMove, seen, g.Play)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Keep reports whether the position before a searched ply is fitted on:
// neither the chosen move nor the one before it is a battle (pieces are
// changing hands, and the static evaluation would see half an exchange),
// and the score is within ±keepBound (beyond, the game is decided).
func Keep(pos *stratego.Position, previousBattle bool, best stratego.Move, score int) bool {
	return !previousBattle && pos.At(best.To()) == stratego.NoPiece && score >= -keepBound && score <= keepBound
}
