package tuning

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadSamplesFormats(t *testing.T) {
	text := `# comment
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c9 "1/2-1/2";
r1b1kb1r/1pq2pp1/p2ppn1p/4n3/3NP1PP/2N1BP2/PPP3Q1/R3KB1R b KQkq - id "x"; c9 "0-1";
4k3/8/8/8/8/8/8/4K2R w K - 0 1 [1.0]
4k3/8/8/8/8/8/8/4K2R w K - 0 1 [0.5]
`
	s, err := ReadSamples(strings.NewReader(text), "inline")
	require.NoError(t, err)
	require.Len(t, s, 4)
	assert.Equal(t, 0.5, s[0].Result)
	assert.Equal(t, 0.0, s[1].Result)
	assert.Equal(t, "r1b1kb1r/1pq2pp1/p2ppn1p/4n3/3NP1PP/2N1BP2/PPP3Q1/R3KB1R b KQkq -", s[1].FEN)
	assert.Equal(t, 1.0, s[2].Result)

	for _, bad := range []string{
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1 [2-0]",
		"4k3/8/8/8/8/8/8 w K - c9 \"1-0\";",
	} {
		_, err := ReadSamples(strings.NewReader(bad), "bad")
		assert.Error(t, err, bad)
	}
}

func TestReadSamplesFileXZ(t *testing.T) {
	s, err := ReadSamplesFile("../testdata/tuning/zurichess-quiet-labeled-sample.epd")
	require.NoError(t, err)
	assert.Len(t, s, 1000)
}
