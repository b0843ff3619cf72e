package cardchess

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/tuning/vdata"
	"tempest/tuning/vdata/vdatatest"
	"tempest/tuning/vfit"
	"tempest/tuning/vfit/vfittest"
	"tempest/variants/chessmate"
)

// tiny plays fast games: a small budget over two worlds, short games.
var tiny = Config{Nodes: 400, Worlds: 2, RandomPlies: 4, HashMB: 1, MaxTurns: 24, WinScore: 1500, WinTurns: 8}

// A played game written and read back is the same game: the same turns,
// scores and result, the same kept positions, and the same bytes again.
func TestGameRoundTrips(t *testing.T) {
	vdatatest.RoundTrip(t, vdatatest.Codec[*Game, *chessmate.Position, Turn]{
		Play: NewGenerator(tiny).PlayGame, Append: (*Game).Append, Decode: Decode, Replay: (*Game).Replay,
		Kept: func(pos *chessmate.Position, turn int, tn Turn) (vdatatest.Position, bool) {
			return vdatatest.Position{Text: pos.String(), Turn: turn, Score: tn.Score}, tn.Kept
		},
		Searched: func(g *Game) int { return len(g.Turns) - tiny.RandomPlies },
	})
}

// A shard stopped after some games and run again holds the same games as a
// run that never stopped (the same seed), byte for byte.
func TestResumeGivesTheSameGames(t *testing.T) {
	short := tiny
	short.Worlds, short.MaxTurns = 1, 12
	vdatatest.Resume(t, func() vdata.Generator { return NewGenerator(short) })
}

// Damaged games are refused with the reason and the turn.
func TestBadGamesGiveClearErrors(t *testing.T) {
	g := &Game{Deal: chessmate.ShuffledDeck(3), Result: Draw,
		Turns: []Turn{{Action: "e2e4"}, {Action: "e7e5", Score: 20, Kept: true}, {Action: "g1f3", Score: 35, Kept: true}}}
	good := vdatatest.Encoded(t, g, (*Game).Append, decode)

	swapped := bytes.Clone(good)
	swapped[1] = swapped[1]&0xf0 | swapped[2]&0x0f // a card twice
	illegal := bytes.Replace(bytes.Clone(good), []byte("g1f3"), []byte("g1g3"), 1)
	refuses := vdatatest.Refuses(t, decode)
	refuses("empty", "shorter than its result and deal", nil)
	refuses("result", "result byte", append([]byte{3}, good[1:]...))
	refuses("flags", "result byte", append([]byte{0x11}, good[1:]...))
	refuses("deal", "appears twice", swapped)
	refuses("cut", "turn 3", good[:len(good)-2])
	refuses("illegal", "turn 3: action \"g1g3\"", illegal)
	refuses("trailing", "1 bytes after the last turn", append(bytes.Clone(good), 0))
	refuses("score", "beyond ±1500", append(bytes.Clone(good[:len(good)-1]), 0xff, 0x7f))
	_, err := (&Game{Deal: chessmate.ShuffledDeck(3), Turns: []Turn{{Action: strings.Repeat("x", 40)}}}).Append(nil)
	require.Error(t, err)
}

func decode(b []byte) (*Game, error) { return Decode(b, nil) }

// FuzzDecode: any bytes are a game that replays, encodes and reads back
// as itself, or an error.
func FuzzDecode(f *testing.F) {
	g := &Game{Deal: chessmate.ShuffledDeck(3), Result: WhiteWins, Adjudicated: true,
		Turns: []Turn{{Action: "e2e4"}, {Action: "e7e5", Score: 20, Kept: true}}}
	good, _ := g.Append(nil)
	vdatatest.FuzzReencode(f, decode, (*Game).Append, good, good[:12])
}

// randomPositions are the positions of random games, cards played, with
// their model rows: varied hands, Champions and forbidden squares.
func randomPositions(t *testing.T, games int) []vfit.Sample {
	var ev chessmate.Evaluator
	var out []vfit.Sample
	for seed := uint64(1); seed <= uint64(games); seed++ {
		rng := rand.New(rand.NewPCG(seed, 77))
		pos := mustDeal(t, seed)
		buf := make([]chessmate.Action, chessmate.MaxActions)
		for ply := 0; ply < 80 && !pos.Over(); ply++ {
			base, row := terms(&ev, pos)
			out = append(out, vfit.Sample{Base: base, Terms: row, Validation: ply%10 == 3})
			legal := pos.GenLegal(buf)
			require.NoError(t, pos.Play(legal[rng.IntN(len(legal))], chessmate.NoCard))
		}
	}
	return out
}

func mustDeal(t *testing.T, seed uint64) *chessmate.Position {
	p, err := chessmate.Deal(chessmate.ShuffledDeck(seed))
	require.NoError(t, err)
	return p
}

// The fitter finds weights it was not told: positions labelled by an
// evaluation with known card terms (their search score is that
// evaluation, their result what it predicts) are fitted from the hand-set
// weights back to the known ones. The known card values keep the hand-set
// mean, the one thing the data cannot tell (Model).
func TestFitRecoversKnownWeights(t *testing.T) {
	truth := chessmate.HandSetWeights
	shifts := []int{+20, -15, +10, +25, -20, -30, +15, 0, +5, -10, +20, -5, +10, -25, 0}
	for i, c := range chessmate.DeckOrder {
		truth.Card[c] += shifts[i] // the shifts add to 0
	}
	truth.Champion, truth.Tempo, truth.ForbiddenNearKing = 60, 25, 30
	want := Model(&truth).Start
	every := make([]int, numTerms) // every term is common enough to check
	for j := range every {
		every[j] = j
	}
	samples := randomPositions(t, 40)
	res := vfittest.Recovery{Want: want, K: 400, Epochs: 400, MinSupport: 31, Common: every, Delta: 1.5}.
		Fit(t, samples, Model(&chessmate.HandSetWeights))
	assert.InDelta(t, 400, vfit.FitK(samples, want), 1, "the scale the results were made with")
	assert.Less(t, res.TrainAfter, res.TrainBefore/100)
	assert.Less(t, res.ValidationAfter, res.ValidationBefore/100)
	got := Weights(res.Weights)
	assert.Equal(t, truth.Champion, got.Champion)
	assert.InDelta(t, truth.Card[chessmate.Unknown], got.Card[chessmate.Unknown], 3, "an unknown card is worth the mean")
	assert.False(t, math.IsNaN(res.TrainAfter))
}

// The committed weights file is what the fitter writes for its weights and
// provenance, so it is generated, not edited.
func TestWeightsFileIsGenerated(t *testing.T) {
	vfittest.Generated(t, "../../variants/chessmate/eval_weights.go", func(provenance []string) ([]byte, error) {
		out := t.TempDir() + "/w.go"
		if err := WriteWeights(out, chessmate.FittedWeights, provenance); err != nil {
			return nil, err
		}
		return os.ReadFile(out)
	})
}
