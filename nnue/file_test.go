package nnue

import (
	"bytes"
	"crypto/sha256"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

func TestNetFileRoundTrip(t *testing.T) {
	n := randomNet(20)
	var b bytes.Buffer
	require.NoError(t, n.Save(&b, "test net: random weights"))
	require.Equal(t, FileSize, b.Len())
	back, prov, err := Load(bytes.NewReader(b.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, "test net: random weights", prov)
	assert.Equal(t, n, back)
}

func TestBrokenNetFilesAreNamed(t *testing.T) {
	n := randomNet(21)
	var b bytes.Buffer
	require.NoError(t, n.Save(&b, "x"))
	good := b.Bytes()
	spoil := func(f func(d []byte) []byte) []byte { return f(bytes.Clone(good)) }
	for want, data := range map[string][]byte{
		"no TEMPNNUE magic":    []byte("hello"),
		"version 9":            spoil(func(d []byte) []byte { d[8] = 9; return d }),
		"this build evaluates": spoil(func(d []byte) []byte { copy(d[12:], "768x2-512-1"); return d }),
		"truncated or padded":  good[:len(good)-10],
		"damaged":              spoil(func(d []byte) []byte { d[5000] ^= 1; return d }),
	} {
		_, _, err := Load(bytes.NewReader(data))
		assert.ErrorContains(t, err, want)
	}
	n.OutputWeights[3] = MaxOutputWeight + 1
	assert.ErrorContains(t, n.Save(&bytes.Buffer{}, ""), "beyond")
	assert.ErrorContains(t, randomNet(1).Save(&bytes.Buffer{}, string(make([]byte, 200))), "provenance")
}

// FuzzLoad: any bytes load or give an error; nothing panics.
func FuzzLoad(f *testing.F) {
	var b bytes.Buffer
	require.NoError(f, randomNet(22).Save(&b, "seed"))
	f.Add(b.Bytes())
	f.Add(b.Bytes()[:300])
	f.Fuzz(func(t *testing.T, data []byte) {
		n, _, err := Load(bytes.NewReader(data))
		if err == nil {
			require.NotNil(t, n)
		}
	})
}

func TestArchitectureFitsTheFile(t *testing.T) {
	assert.LessOrEqual(t, len(Architecture), archBytes, Architecture)
}

// The embedded net loads, is of this build's architecture, says where it
// came from, and scores the start position near equality.
func TestDefaultNetLoads(t *testing.T) {
	n, provenance := Default()
	require.NotNil(t, n)
	assert.NotEmpty(t, provenance)
	assert.Regexp(t, `^tempest-[0-9a-f]{12}\.nnue$`, DefaultName)
	var acc Accumulator
	pos := movegen.NewStartPosition()
	n.Refresh(&acc, pos)
	assert.InDelta(t, 0, n.Evaluate(&acc, movegen.White), 60)
}

// LoadFile reads a regular net file and names it by the SHA-256 of its
// bytes; anything else is refused with the path in the error.
func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test.nnue")
	var b bytes.Buffer
	require.NoError(t, randomNet(11).Save(&b, "load file test"))
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
	n, provenance, sum, err := LoadFile(path)
	require.NoError(t, err)
	assert.Equal(t, randomNet(11), n)
	assert.Equal(t, "load file test", provenance)
	assert.Equal(t, sha256.Sum256(b.Bytes()), sum)

	for _, bad := range []string{dir, "/dev/null", filepath.Join(dir, "missing.nnue")} {
		_, _, _, err := LoadFile(bad)
		assert.ErrorContains(t, err, bad)
	}
	require.NoError(t, os.WriteFile(path, b.Bytes()[:100], 0o644))
	_, _, _, err = LoadFile(path)
	assert.ErrorContains(t, err, path+": nnue:")
}
