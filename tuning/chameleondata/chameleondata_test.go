package chameleondata

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/tuning/vdata"
	"tempest/tuning/vdata/vdatatest"
	"tempest/tuning/vfit"
	"tempest/tuning/vfit/vfittest"
	"tempest/variants/chameleon"
	"tempest/variants/chameleon/chsearch"
)

// tiny plays fast games: a small budget, short games.
var tiny = Config{Players: RedYellow, Nodes: 500, RandomPlies: 4, HashMB: 1, MaxPlies: 40, WinScore: 1500, WinTurns: 8}

// A played game written and read back is the same game, with the same kept
// positions, and the same bytes again.
func TestGameRoundTrips(t *testing.T) {
	vdatatest.RoundTrip(t, vdatatest.Codec[*Game, *chameleon.Game, Ply]{
		Play: NewGenerator(tiny).PlayGame, Append: (*Game).Append, Decode: Decode,
		Replay: func(g *Game, f func(*chameleon.Game, int, Ply) error) error {
			start, err := chameleon.StartPosition(g.Players)
			if err != nil {
				return err
			}
			cg := chameleon.NewGame(start)
			return vdatatest.ReplayPlies(g.Plies, func(i int, p Ply) error { return f(cg, i, p) }, cg.Play)
		},
		Kept: func(g *chameleon.Game, ply int, p Ply) (vdatatest.Position, bool) {
			return vdatatest.Position{Text: g.Position(), Turn: ply, Score: p.Score}, p.Kept
		},
		Searched: func(g *Game) int { return len(g.Plies) - tiny.RandomPlies },
	})
}

// A shard stopped after a game and run again holds the same games as a run
// that never stopped, byte for byte.
func TestResumeGivesTheSameGames(t *testing.T) {
	short := tiny
	short.MaxPlies = 16
	vdatatest.Resume(t, func() vdata.Generator { return NewGenerator(short) })
}

// sample is a short legal game by hand.
func sample(t *testing.T) *Game {
	g := &Game{Players: RedYellow, Result: vdata.Draw}
	start, err := chameleon.StartPosition(g.Players)
	require.NoError(t, err)
	cg := chameleon.NewGame(start)
	var buf [chameleon.MaxMoves]chameleon.Move
	g.Plies = vdatatest.Plies(t, 4, func() []chameleon.Move { return cg.Pos().GenMoves(buf[:0]) }, cg.Play)
	return g
}

// Damaged games are refused with the reason and the ply.
func TestBadGamesGiveClearErrors(t *testing.T) {
	good := vdatatest.Encoded(t, sample(t), (*Game).Append, decode)
	// The fourth ply starts after the header (3 bytes) and three plies of a
	// move (2 bytes) and a one-byte score code.
	illegal := bytes.Clone(good)
	off := 3 + 3*3
	illegal[off], illegal[off+1] = 0x3f, 0x00 // h8 to a1: no pawn stands on h8 to move there
	refuses := vdatatest.Refuses(t, decode)
	refuses("empty", "shorter than its players", nil)
	refuses("players", "not two colours", append([]byte{7}, good[1:]...))
	refuses("result", "result byte", append([]byte{good[0], 3}, good[2:]...))
	refuses("flags", "result byte", append([]byte{good[0], 0x11}, good[2:]...))
	refuses("plies", "number of plies", []byte{good[0], good[1], 0xff, 0xff, 0xff, 0x7f})
	refuses("cut", "ply 4", good[:len(good)-2])
	refuses("illegal", "ply 4", illegal)
	refuses("code", "ply 4: move code", append(bytes.Clone(good[:off]), 0xff, 0x7f, 0))
	refuses("trailing", "1 bytes after the last ply", append(bytes.Clone(good), 0))
	refuses("score", "beyond ±1500", append(bytes.Clone(good[:len(good)-1]), 0xff, 0x7f))
	bad := sample(t)
	bad.Players = 1
	_, err := bad.Append(nil)
	require.ErrorContains(t, err, "not two colours")
	bad = sample(t)
	bad.Plies[2].Move = chameleon.NoMove
	_, err = bad.Append(nil)
	require.ErrorContains(t, err, "ply 3: move code")
}

func decode(b []byte) (*Game, error) { return Decode(b, nil) }

// FuzzDecode: any bytes are a game that replays, encodes and reads back
// as itself, or an error.
func FuzzDecode(f *testing.F) {
	good, _ := (&Game{Players: RedYellow, Result: vdata.FirstWins}).Append(nil)
	vdatatest.FuzzReencode(f, decode, (*Game).Append, good, []byte{5, 1, 1, 0x10, 0x02, 0})
}

// randomSamples are the positions of random two-player games with their
// model rows.
func randomSamples(t *testing.T, games int) []vfit.Sample {
	start, err := chameleon.StartPosition(RedYellow)
	require.NoError(t, err)
	return vfittest.RandomSamples(t, games, 200, func(*rand.Rand) *chameleon.Game { return chameleon.NewGame(start) },
		func(g *chameleon.Game) []float32 {
			terms := chsearch.Terms(g.Pos())
			return vfit.Row(terms[:])
		})
}

// The fitter finds weights it was not told: positions labelled by an
// evaluation with known weights, the new field and shrink terms among
// them, are fitted from the hand-set weights back to the known ones.
func TestFitRecoversKnownWeights(t *testing.T) {
	truth := chsearch.HandSetWeights
	truth.Role[1], truth.Mobility, truth.FieldsAhead, truth.Shrink = 55, 5, 4, -3
	truth.FewPawns[1], truth.FewPawns[3] = -120, -20 // Pawn is held (Model)
	res := vfittest.Recovery{Want: Model(&truth).Start, K: 400, Epochs: 800, MinSupport: 200, Delta: 2,
		Common: []int{chsearch.TermFieldsAhead, chsearch.TermShrink, chsearch.TermPawn, chsearch.TermMobility},
	}.Fit(t, randomSamples(t, 60), Model(&chsearch.HandSetWeights))
	got := Weights(&chsearch.HandSetWeights, res.Weights)
	assert.Equal(t, truth.FieldsAhead, got.FieldsAhead)
	assert.Equal(t, truth.Shrink, got.Shrink)
}

// The committed weights file is what the fitter writes for its weights and
// provenance, so it is generated, not edited.
func TestWeightsFileIsGenerated(t *testing.T) {
	vfittest.Generated(t, "../../variants/chameleon/chsearch/eval_weights.go", func(provenance []string) ([]byte, error) {
		return WeightsSource(chsearch.FittedWeights, provenance)
	})
}
