package syzygy

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// damagedDir makes a directory holding every committed table, links where
// possible, and returns it with a function that replaces one file's bytes.
func damagedDir(t *testing.T) (string, func(name string, data []byte)) {
	dir := t.TempDir()
	list, err := os.ReadDir(committedTables)
	require.NoError(t, err)
	for _, de := range list {
		src, err := filepath.Abs(filepath.Join(committedTables, de.Name()))
		require.NoError(t, err)
		dst := filepath.Join(dir, de.Name())
		if os.Symlink(src, dst) != nil {
			data, err := os.ReadFile(src)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(dst, data, 0o644))
		}
	}
	replace := func(name string, data []byte) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.Remove(path))
		require.NoError(t, os.WriteFile(path, data, 0o644))
	}
	return dir, replace
}

// TestDamagedTables probes through truncated and corrupted copies of
// tables: any answer or ok=false is fine, a panic or a hang is not. Header
// bytes are damaged most, as they steer everything else.
func TestDamagedTables(t *testing.T) {
	dir, replace := damagedDir(t)
	rng := rand.New(rand.NewPCG(7, 7))
	names := []string{"KQvKR", "KBBvK", "KPvKP", "KRPvK", "KNvKP", "KQvK"}
	variants := 40
	// SYZYGY_DAMAGE_STRESS=1 tries many more damaged copies.
	if os.Getenv("SYZYGY_DAMAGE_STRESS") != "" {
		variants = 1500
	}
	if testing.Short() {
		variants = 12
	}
	for _, name := range names {
		mat, ok := parseName(name)
		require.True(t, ok)
		var positions []*movegen.Position
		for k := 0; k < 12; k++ {
			fen, ok := randomFEN(rng, mat, k&1 == 1, movegen.Color(k>>1&1), false, 0)
			require.True(t, ok)
			positions = append(positions, mustFEN(t, fen))
		}
		for _, ext := range []string{".rtbw", ".rtbz"} {
			good, err := os.ReadFile(filepath.Join(committedTables, name+ext))
			require.NoError(t, err)
			var copies [][]byte
			for _, n := range []int{0, 3, 4, 5, 16, 80, len(good) / 2, len(good) - 64, len(good) - 1} {
				if n >= 0 && n < len(good) {
					copies = append(copies, append([]byte(nil), good[:n]...))
				}
			}
			// Same size class as a sound file: passes the size check.
			copies = append(copies, append(append([]byte(nil), good[:len(good)-64]...), good[len(good)-64+48:]...))
			for v := 0; v < variants; v++ {
				bad := append([]byte(nil), good...)
				flips := 1 + rng.IntN(4)
				for f := 0; f < flips; f++ {
					at := rng.IntN(min(len(bad), 256))
					if v%3 == 2 {
						at = rng.IntN(len(bad))
					}
					if v%2 == 0 {
						bad[at] ^= 1 << rng.IntN(8)
					} else {
						bad[at] = byte(rng.IntN(256))
					}
				}
				copies = append(copies, bad)
			}
			for c, data := range copies {
				replace(name+ext, data)
				tb, err := Open(dir)
				require.NoError(t, err)
				if len(data)%64 != 16 {
					require.Error(t, tb.errorOf(name, ext == ".rtbz"), "%s%s copy %d", name, ext, c)
				}
				for _, pos := range positions {
					tb.ProbeWDL(pos)
					tb.ProbeDTZ(pos)
					tb.RootMoves(pos, true)
				}
				tb.Close()
			}
			replace(name+ext, good)
		}
	}
}

// TestMissingTables: with only some tables present, a probe either agrees
// with the full set or reports ok=false.
func TestMissingTables(t *testing.T) {
	full := openTest(t)
	dir := t.TempDir()
	for _, name := range []string{"KQvKR.rtbw", "KQvKR.rtbz", "KPvKP.rtbw", "KPvK.rtbw", "KPvK.rtbz"} {
		data, err := os.ReadFile(filepath.Join(committedTables, name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	partial, err := Open(dir)
	require.NoError(t, err)
	defer partial.Close()
	assert.Equal(t, 4, partial.MaxPieces())
	rng := rand.New(rand.NewPCG(9, 9))
	answered := 0
	for _, name := range []string{"KQvKR", "KPvKP", "KPvK", "KRvK"} {
		mat, _ := parseName(name)
		for k := 0; k < 100; k++ {
			fen, ok := randomFEN(rng, mat, k&1 == 1, movegen.Color(k>>1&1), name == "KPvKP" && k%3 == 0, 0)
			require.True(t, ok)
			pos := mustFEN(t, fen)
			wantW, _ := full.ProbeWDL(pos)
			wantD, _ := full.ProbeDTZ(pos)
			if w, ok := partial.ProbeWDL(pos); ok {
				answered++
				assert.Equal(t, wantW, w, fen)
			}
			if d, ok := partial.ProbeDTZ(pos); ok {
				assert.Equal(t, wantD, d, fen)
			}
		}
	}
	assert.Greater(t, answered, 0)

	// After Close nothing answers.
	pos := mustFEN(t, "8/8/8/8/8/2k5/8/K1q5 w - - 0 1")
	_, ok := full.ProbeWDL(pos)
	require.True(t, ok)
	require.NoError(t, full.Close())
	_, ok = full.ProbeWDL(pos)
	assert.False(t, ok)
}
