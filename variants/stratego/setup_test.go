package stratego

import (
	"math/rand/v2"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGeneratedSetups: the setup command's arrangements are legal (they
// parse as the side's setup and start a valid game), sensible (the Flag on
// the back row with Traps on every neighbouring home square, no Trap on the
// open front squares, so the army can get out) and varied.
func TestGeneratedSetups(t *testing.T) {
	for s := Volcandria; s <= Everwinter; s++ {
		seen := map[string]bool{}
		flagFiles := map[int]bool{}
		for seed := uint64(0); seed < 200; seed++ {
			st := GenerateSetup(s, rand.New(rand.NewPCG(seed, 1)))
			text := st.String(s)
			back, err := ParseSetup(s, text)
			require.NoError(t, err, text)
			require.Equal(t, st, back)
			seen[text] = true

			other := DefaultSetup(s.Other())
			var p *Position
			if s == Volcandria {
				p = NewStart(st, other, Volcandria)
			} else {
				p = NewStart(other, st, Volcandria)
			}
			_, err = ParsePosition(p.String())
			require.NoError(t, err, p.String())

			flag := NoSquare
			for sq := Square(0); sq < numSquares; sq++ {
				if pc := p.At(sq); pc.Kind() == Flag && pc.Side() == s {
					flag = sq
				}
			}
			require.NotEqual(t, NoSquare, flag)
			assert.Equal(t, backRank(s), flag.Rank(), "%s: the Flag is on the back row", text)
			flagFiles[flag.File()] = true
			for d := 0; d < 4; d++ {
				if n := neighbor[flag][d]; n != NoSquare && InHome(s, n) {
					assert.Equal(t, Trap, p.At(n).Kind(), "%s: %s next to the Flag is guarded", text, n)
				}
			}
			front := 2
			if s == Everwinter {
				front = 5
			}
			for _, f := range []int{0, 1, 4, 5, 8, 9} {
				k := p.At(MakeSquare(f, front)).Kind()
				assert.True(t, k.Movable(), "%s: the open front square %s holds a movable piece", text, MakeSquare(f, front))
			}
			// The army can move at once.
			p.stm = s
			var buf [MaxMoves]Move
			assert.NotEmpty(t, p.GenMoves(buf[:0]))
		}
		assert.Greater(t, len(seen), 190, "%s: setups vary with the seed", s)
		assert.Greater(t, len(flagFiles), 5, "%s: the Flag is not always in the same place", s)
	}
}

func TestRandomSetupAndParseErrors(t *testing.T) {
	st := RandomSetup(rand.New(rand.NewPCG(1, 2)))
	_, err := ParseSetup(Everwinter, st.String(Everwinter))
	require.NoError(t, err)
	for _, tc := range []struct{ text, msg string }{
		{"DMKKRRRSSE/EWWWWWCCCC", "2 rows"},
		{"DMKKRRRSSE/EWWWWWCCC/XTTTTTTFLL", "9 letters"},
		{"DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLy", "Everwinter piece"},
		{"DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLD", "1 Lava Beast(s), but an army has 2"},
		{"DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFL?", "not a piece letter"},
	} {
		_, err := ParseSetup(Volcandria, tc.text)
		assert.ErrorContains(t, err, tc.msg, tc.text)
	}
	assert.Equal(t, "DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL", DefaultSetup(Volcandria).String(Volcandria))
	assert.Equal(t, "dmkkrrrsse/ewwwwwcccc/xttttttfyy", DefaultSetup(Everwinter).String(Everwinter))
	p := NewStart(DefaultSetup(Volcandria), DefaultSetup(Everwinter), Volcandria)
	assert.Equal(t, StartPosition, p.String())
}

// TestSetupShareUpToDate: the committed table is what the generator counts
// from GenerateSetup today, and its shares are an army's.
func TestSetupShareUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("counts 400,000 arrangements")
	}
	out, err := exec.Command("go", "run", "./internal/setupgen", "-o", "setup_gen.go", "-check").CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, s := range []Side{Volcandria, Everwinter} {
		for k := Flag; k <= Trap; k++ {
			total := 0.0
			for i := range homeOrder[s] {
				total += SetupShare(s, SetupSquare(s, i), k)
			}
			assert.InDelta(t, float64(Army[k]), total, 1e-9, "%s %s", s, k.Name(s))
		}
		// The Flag stands on the back row, Traps never on open front squares.
		for i := range homeOrder[s] {
			sq := SetupSquare(s, i)
			row := sq.Rank() // 0..7
			back := (s == Volcandria && row == 0) || (s == Everwinter && row == 7)
			front := (s == Volcandria && row == 2) || (s == Everwinter && row == 5)
			if !back {
				assert.Zero(t, SetupShare(s, sq, Flag), sq.String())
			}
			if f := sq.File(); front && (f <= 1 || f == 4 || f == 5 || f >= 8) {
				assert.Zero(t, SetupShare(s, sq, Trap), sq.String())
			}
		}
	}
	assert.Zero(t, SetupShare(Volcandria, SetupSquare(Everwinter, 0), Scout), "off the home zone")
}
