package movegen

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSEESuite checks SEE against the published values of the SEE test list
// (testdata/see/see.epd: "FEN; SAN; value; explanation", P=100 N=B=300 R=500 Q=900).
func TestSEESuite(t *testing.T) {
	f, err := os.Open("../testdata/see/see.epd")
	require.NoError(t, err)
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, ";")
		require.GreaterOrEqual(t, len(fields), 3, line)
		pos := mustFEN(t, strings.TrimSpace(fields[0]))
		m, err := pos.ParseSAN(strings.TrimSpace(fields[1]))
		require.NoError(t, err, line)
		want, err := strconv.Atoi(strings.TrimSpace(fields[2]))
		require.NoError(t, err, line)
		assert.Equal(t, want, pos.SEE(m), line)
		for _, threshold := range []int{want - 1, want, want + 1, -1000, 0, 1000} {
			assert.Equal(t, want >= threshold, pos.SEEAtLeast(m, threshold), "%s threshold %d", line, threshold)
		}
		n++
	}
	assert.Equal(t, 74, n)
}

// TestSEEAtLeastMatchesSEE compares the two SEE forms on every move of
// positions with long exchanges, at many thresholds.
func TestSEEAtLeastMatchesSEE(t *testing.T) {
	for _, fen := range []string{kiwipete, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1", "2r2r1k/6bp/p7/2q2p1Q/3PpP2/1B6/P5PP/2RR3K b - - 0 1"} {
		pos := mustFEN(t, fen)
		var buf [MaxMoves]Move
		for _, m := range pos.GenLegal(buf[:]) {
			see := pos.SEE(m)
			for threshold := -1000; threshold <= 1000; threshold += 50 {
				require.Equal(t, see >= threshold, pos.SEEAtLeast(m, threshold), "%s %v SEE %d threshold %d", fen, m, see, threshold)
			}
		}
	}
}
