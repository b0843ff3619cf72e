// Package cardchess makes card chess's self-play data and fits the card
// terms of its evaluation to it (docs/VARIANT-TRAINING.md): the games are
// played by the engine's own search (cmsearch.SearchHidden, each side from
// its own view), stored in tuning/vdata's files, and read back into
// positions for tuning/vfit.
package cardchess

import (
	"encoding/binary"
	"errors"
	"fmt"

	"tempest/tuning/vdata"
	"tempest/variants/chessmate"
	"tempest/variants/chessmate/cmsearch"
)

// A game, inside a vdata frame (docs/VARIANT-TRAINING.md, "Card chess"):
//
//	1 byte   bits 0-1 the result (vdata.Result), bit 2 set when adjudicated;
//	         the other bits 0
//	8 bytes  the deal: the 15 cards as dealt (White's three, Black's
//	         three, the draw pile top first), card numbers 1-15 a nibble
//	         each, low nibble first; the 16th nibble 0
//	uvarint  the number of turns
//	per turn uvarint the length of the action token (1..maxToken), the
//	         token as the rules service writes it; then a uvarint: 0 when
//	         the position is not kept, else 1 + the zigzag code of its
//	         search score from White's view minus the game's last kept
//	         score from White's view (0 before the first)
//
// Every draw comes from the known draw pile and every reshuffle is
// seeded by the rules, so the deal and the tokens replay the game exactly.

// A game's result from White's view (vdata.Result).
const (
	BlackWins = vdata.FirstLoses
	Draw      = vdata.Draw
	WhiteWins = vdata.FirstWins
)

// maxToken bounds an action token ("VU+CR:a1b2a3" is 12 bytes).
const maxToken = 32

// Game is one self-play game.
type Game struct {
	Deal        [chessmate.NumCards]chessmate.Card
	Turns       []Turn
	Result      vdata.Result
	Adjudicated bool // the generator ended it (a decided score, the turn limit)
}

// Turn is one turn of a game: the action played and, for a kept position,
// the search score from the side to move's view.
type Turn struct {
	Action string
	Score  int16
	Kept   bool
}

// Append appends g's encoding to dst. It checks only what the encoding
// needs (a deal of 15 cards, tokens of the right size); Decode checks the
// rules.
func (g *Game) Append(dst []byte) ([]byte, error) {
	if len(g.Turns) > vdata.MaxTurns {
		return dst, fmt.Errorf("cardchess: %d turns, more than %d", len(g.Turns), vdata.MaxTurns)
	}
	dst, err := vdata.AppendResult(dst, g.Result, g.Adjudicated)
	if err != nil {
		return dst, fmt.Errorf("cardchess: %v", err)
	}
	var deal [8]byte
	for i, c := range g.Deal {
		if c < chessmate.Cowardice || c > chessmate.Crusade {
			return dst, fmt.Errorf("cardchess: place %d of the deal holds %d, not a card", i+1, c)
		}
		deal[i/2] |= byte(c) << (4 * (i % 2))
	}
	dst = append(dst, deal[:]...)
	dst = binary.AppendUvarint(dst, uint64(len(g.Turns)))
	var scores vdata.ScoreDeltas
	for i, t := range g.Turns {
		if len(t.Action) == 0 || len(t.Action) > maxToken {
			return dst, fmt.Errorf("cardchess: turn %d: a token of %d bytes", i+1, len(t.Action))
		}
		dst = binary.AppendUvarint(dst, uint64(len(t.Action)))
		dst = append(dst, t.Action...)
		white := int(t.Score)
		if i%2 == 1 { // Black moves on odd turns: games start from the standard start
			white = -white
		}
		dst = scores.Append(dst, t.Kept, white)
	}
	return dst, nil
}

// Decode reads a game and replays it, so every token is checked against
// the rules, calling f (unless nil) as Replay does; errors name the turn.
func Decode(b []byte, f func(pos *chessmate.Position, turn int, t Turn) error) (*Game, error) {
	g := &Game{}
	if len(b) < 10 {
		return nil, errors.New("a game shorter than its result and deal")
	}
	var err error
	if g.Result, g.Adjudicated, err = vdata.ReadResult(b[0]); err != nil {
		return nil, err
	}
	for i := range g.Deal {
		g.Deal[i] = chessmate.Card(b[1+i/2] >> (4 * (i % 2)) & 15)
	}
	if b[8]>>4 != 0 {
		return nil, errors.New("the deal's unused 16th nibble is not 0")
	}
	pos, err := chessmate.Deal(g.Deal)
	if err != nil {
		return nil, err
	}
	b = b[9:]
	turns, k := binary.Uvarint(b)
	if k <= 0 || turns > vdata.MaxTurns {
		return nil, errors.New("the number of turns is cut off or too large")
	}
	b = b[k:]
	g.Turns = make([]Turn, 0, turns)
	var scores vdata.ScoreDeltas
	for i := 0; i < int(turns); i++ {
		n, k := binary.Uvarint(b)
		if k <= 0 || n == 0 || n > maxToken || uint64(len(b)-k) < n {
			return nil, fmt.Errorf("turn %d: the token's length is cut off or out of range", i+1)
		}
		t := Turn{Action: string(b[k : k+int(n)])}
		b = b[k+int(n):]
		white, kept, k, err := scores.Read(b, keepBound)
		if err != nil {
			return nil, fmt.Errorf("turn %d: %v", i+1, err)
		}
		b = b[k:]
		if kept {
			if i%2 == 1 {
				white = -white
			}
			t.Score, t.Kept = int16(white), true
		}
		if f != nil {
			if err := f(pos, i, t); err != nil {
				return nil, err
			}
		}
		claim, err := play(pos, t.Action)
		if err != nil {
			return nil, fmt.Errorf("turn %d: %v", i+1, err)
		}
		if claim && i != int(turns)-1 {
			return nil, fmt.Errorf("turn %d: a stalemate claim ends the game, yet turns follow", i+1)
		}
		g.Turns = append(g.Turns, t)
	}
	if len(b) > 0 {
		return nil, fmt.Errorf("%d bytes after the last turn", len(b))
	}
	return g, nil
}

// play makes one turn of a full-knowledge game and reports whether it was
// the stalemate claim, which ends the game.
func play(pos *chessmate.Position, token string) (claim bool, err error) {
	a, drawn, err := pos.ParseAction(token)
	if err != nil {
		return false, err
	}
	if drawn != chessmate.NoCard {
		return false, fmt.Errorf("%q names its draw, which a full-knowledge game never does", token)
	}
	return a.Claim(), pos.Play(a, drawn)
}

// Replay calls f with the position before each turn (the full true state,
// both hands and the draw pile known) and the turn, in order; pos is
// reused between calls. A stalemate claim, which ends a game, may be the
// last turn.
func (g *Game) Replay(f func(pos *chessmate.Position, turn int, t Turn) error) error {
	pos, err := chessmate.Deal(g.Deal)
	if err != nil {
		return err
	}
	for i, t := range g.Turns {
		if err := f(pos, i, t); err != nil {
			return err
		}
		claim, err := play(pos, t.Action)
		if err != nil {
			return fmt.Errorf("turn %d: %v", i+1, err)
		}
		if claim && i != len(g.Turns)-1 {
			return fmt.Errorf("turn %d: a stalemate claim ends the game, yet turns follow", i+1)
		}
	}
	return nil
}

// keepBound is the largest score kept: beyond it the game is decided, and
// the decision's score is a mean over worlds in which mates count as
// cmsearch's clip, no position's value.
const keepBound = 1500

// Keep reports whether the position before a turn is fitted on: the mover
// is not in check (the search's answer there is forced), neither the
// chosen action nor the one before it is noisy (a capture, promotion,
// Dark Mirror or capturing Crusade: material is changing hands, and the
// static evaluation sees half an exchange), and the score is no mate and
// within ±keepBound.
func Keep(pos *chessmate.Position, previousNoisy bool, best chessmate.Action, score int) bool {
	return !previousNoisy && !best.Claim() && !pos.InCheck() && !pos.IsNoisy(best) &&
		!cmsearch.IsMate(score) && score >= -keepBound && score <= keepBound
}
