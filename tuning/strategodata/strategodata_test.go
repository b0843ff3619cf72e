package strategodata

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/tuning/vdata"
	"tempest/tuning/vdata/vdatatest"
	"tempest/tuning/vfit"
	"tempest/tuning/vfit/vfittest"
	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

// tiny plays fast games: a small budget over two worlds, short games.
var tiny = Config{Nodes: 300, Worlds: 2, MaxPlies: 40, WinScore: 1500, WinTurns: 8}

// A played game written and read back is the same game, with the same
// kept positions (full strings, hidden identities included), and the same
// bytes again.
func TestGameRoundTrips(t *testing.T) {
	vdatatest.RoundTrip(t, vdatatest.Codec[*Game, *stratego.Game, Ply]{
		Play: NewGenerator(tiny).PlayGame, Append: (*Game).Append, Decode: Decode,
		// The positions the generator's game went through, replayed here.
		Replay: func(g *Game, f func(*stratego.Game, int, Ply) error) error {
			sg := stratego.NewGame(g.Start())
			return vdatatest.ReplayPlies(g.Plies, func(i int, p Ply) error { return f(sg, i, p) }, sg.Play)
		},
		Kept: func(g *stratego.Game, ply int, p Ply) (vdatatest.Position, bool) {
			return vdatatest.Position{Text: g.Pos().String(), Turn: ply, Score: p.Score}, p.Kept
		},
		Searched: func(g *Game) int { return len(g.Plies) },
	})
}

// A shard stopped after a game and run again holds the same games as a run
// that never stopped, byte for byte.
func TestResumeGivesTheSameGames(t *testing.T) {
	short := tiny
	short.Worlds, short.MaxPlies = 1, 16
	vdatatest.Resume(t, func() vdata.Generator { return NewGenerator(short) })
}

// sample is a short legal game by hand: the §3.1 start, two moves each.
func sample(t *testing.T) *Game {
	g := &Game{Setup: [2]stratego.Setup{stratego.DefaultSetup(stratego.Volcandria), stratego.DefaultSetup(stratego.Everwinter)}, Result: Draw}
	sg := stratego.NewGame(g.Start())
	g.Plies = vdatatest.Plies(t, 4, func() []stratego.Move { return sg.Pos().LegalMoves(nil) }, sg.Play)
	return g
}

// Damaged games are refused with the reason and the ply.
func TestBadGamesGiveClearErrors(t *testing.T) {
	g := sample(t)
	good := vdatatest.Encoded(t, g, (*Game).Append, decode)

	twoFlags := bytes.Clone(good)
	twoFlags[1] = twoFlags[1]&0xf0 | byte(stratego.Flag) // place 1 a Flag, the army's Flag elsewhere too
	if g.Setup[0][0] == stratego.Flag {
		twoFlags[1] = twoFlags[1]&0xf0 | byte(stratego.Scout)
	}
	noKind := bytes.Clone(good)
	noKind[16] = noKind[16]&0xf0 | 14
	// The plies follow the result, the setups and their count; the fourth
	// starts after three moves (2 bytes) and three score codes (1 byte: 0
	// or a small delta).
	plies := 1 + 2*setupBytes + 1
	illegal := bytes.Clone(good)
	off := plies + 3*3
	illegal[off], illegal[off+1] = 0x00, 0x01 // a1 to c1: no piece runs two squares sideways from a1 here
	refuses := vdatatest.Refuses(t, decode)
	refuses("empty", "shorter than its result and setups", nil)
	refuses("result", "result byte", append([]byte{3}, good[1:]...))
	refuses("flags", "result byte", append([]byte{0x11}, good[1:]...))
	refuses("army", "Volcandria's setup", twoFlags)
	refuses("kind", "Everwinter's setup: kind code 14", noKind)
	refuses("cut", "ply 4", good[:len(good)-2])
	refuses("plies", "number of plies", append(bytes.Clone(good[:plies-1]), 0xff, 0xff, 0xff, 0x7f))
	refuses("illegal", "ply 4", illegal)
	refuses("code", "ply 4: move code", append(bytes.Clone(good[:off]), 0xff, 0x7f, 0))
	refuses("trailing", "1 bytes after the last ply", append(bytes.Clone(good), 0))
	refuses("score", "beyond ±1500", append(bytes.Clone(good[:len(good)-1]), 0xff, 0x7f))
	bad := sample(t)
	bad.Plies[0].Move = stratego.NullMove
	_, err := bad.Append(nil)
	require.ErrorContains(t, err, "move code")
	bad = sample(t)
	bad.Setup[1][3] = stratego.Unknown
	_, err = bad.Append(nil)
	require.ErrorContains(t, err, "Everwinter's setup holds kind")
}

func decode(b []byte) (*Game, error) { return Decode(b, nil) }

// FuzzDecode: any bytes are a game that replays, encodes and reads back
// as itself, or an error.
func FuzzDecode(f *testing.F) {
	g := &Game{Setup: [2]stratego.Setup{stratego.DefaultSetup(stratego.Volcandria), stratego.DefaultSetup(stratego.Everwinter)}, Result: Draw}
	good, _ := g.Append(nil)
	vdatatest.FuzzReencode(f, decode, (*Game).Append, good, good[:12])
}

// randomSamples are the positions of random games from generated setups
// with their model rows, from the mover's view.
func randomSamples(t *testing.T, games int) []vfit.Sample {
	return vfittest.RandomSamples(t, games, 300, func(rng *rand.Rand) *stratego.Game {
		return stratego.NewGame(stratego.NewStart(stratego.GenerateSetup(stratego.Volcandria, rng),
			stratego.GenerateSetup(stratego.Everwinter, rng), stratego.Volcandria))
	}, func(g *stratego.Game) []float32 {
		pos := g.Pos()
		terms := stsearch.Terms(pos, pos.SideToMove(), stsearch.HandSetWeights.HiddenShare)
		return vfit.Row(terms[:])
	})
}

// The fitter finds weights it was not told: positions labelled by an
// evaluation with known weights, the new information terms among them,
// are fitted from the hand-set weights back to the known ones.
func TestFitRecoversKnownWeights(t *testing.T) {
	truth := stsearch.HandSetWeights
	truth.Piece[stratego.Scout], truth.Piece[stratego.Mage], truth.Piece[stratego.Trap] = 40, 250, 55
	truth.HiddenPiece, truth.HiddenMoved, truth.SlayerHunt, truth.DriveStep = 15, -10, 100, 12
	res := vfittest.Recovery{Want: Model(&truth).Start, K: 400, Epochs: 600, MinSupport: 200, Delta: 2,
		Common: []int{stsearch.TermHiddenPiece, stsearch.TermHiddenMoved, stsearch.TermSlayerHunt, stsearch.TermDriveStep},
	}.Fit(t, randomSamples(t, 40), Model(&stsearch.HandSetWeights))
	assert.Less(t, res.TrainAfter, res.TrainBefore/50)
	got := Weights(&stsearch.HandSetWeights, res.Weights)
	assert.Equal(t, truth.HiddenPiece, got.HiddenPiece)
	assert.Equal(t, truth.HiddenMoved, got.HiddenMoved)
	assert.Equal(t, stsearch.HandSetWeights.HiddenShare, got.HiddenShare, "the divisor is held")
}

// The committed weights file is what the fitter writes for its weights and
// provenance, so it is generated, not edited.
func TestWeightsFileIsGenerated(t *testing.T) {
	vfittest.Generated(t, "../../variants/stratego/stsearch/eval_weights.go", func(provenance []string) ([]byte, error) {
		return WeightsSource(stsearch.FittedWeights, provenance)
	})
}

// The generator's decisions see only what the mover's player sees: true
// positions that differ in the opponent's hidden identities (worlds dealt
// from the mover's view), with the same start view and public record, get
// the same decision, score and node count as the true one.
func TestDecisionsSeeOnlyTheMoversView(t *testing.T) {
	gen := NewGenerator(tiny)
	played, _, err := gen.PlayGame(context.Background(), 9, 0)
	require.NoError(t, err)
	sg := stratego.NewGame(played.Start())
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for i, p := range played.Plies {
		if i%7 == 3 {
			pos := *sg.Pos()
			us := pos.SideToMove()
			start := sg.Begin().View(us)
			want := gen.decide(context.Background(), &pos, &start, sg)
			view := pos.View(us)
			for range 3 {
				world := view.SampleWorld(rng)
				worldView := world.View(us)
				require.Equal(t, view.String(), worldView.String(), "a world of the mover's view")
				if world.String() != pos.String() {
					checked++
				}
				assert.Equal(t, want, gen.decide(context.Background(), &world, &start, sg), "ply %d", i+1)
			}
		}
		_, err := sg.Play(p.Move.String())
		require.NoError(t, err)
	}
	require.Positive(t, checked, "no world differed from the true position")
}
