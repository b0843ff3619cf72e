package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"hash/crc32"
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
	n.OutputWeights[5][3] = MaxOutputWeight + 1
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
	assert.InDelta(t, 0, n.Evaluate(&acc, movegen.White, 32), 60)
}

// A net of the architecture before output buckets (gen2, built in until
// gen3c, is one: testdata/gen2.nnue) loads with its one output layer in
// every bucket, so it scores as it did, and saves back to the same bytes; a
// net of distinct buckets (the built-in gen3c) saves all eight and loads
// back the same.
func TestOneBucketNetsLoadIntoEveryBucket(t *testing.T) {
	n := randomNet(21)
	var legacy bytes.Buffer
	legacy.Write(fileMagic[:])
	require.NoError(t, binary.Write(&legacy, binary.LittleEndian, uint32(fileVersion)))
	var arch [archBytes]byte
	copy(arch[:], "768x2-256-1 screlu 255/64/400")
	legacy.Write(arch[:])
	legacy.Write(make([]byte, provenanceLen))
	for _, part := range []any{n.FeatureWeights[:], n.FeatureBias[:], n.OutputWeights[0][:], n.OutputBias[0]} {
		require.NoError(t, binary.Write(&legacy, binary.LittleEndian, part))
	}
	require.NoError(t, binary.Write(&legacy, binary.LittleEndian, crc32.ChecksumIEEE(legacy.Bytes())))
	got, _, err := Load(bytes.NewReader(legacy.Bytes()))
	require.NoError(t, err)
	assert.Equal(t, n.FeatureWeights, got.FeatureWeights)
	for b := range OutputBuckets {
		assert.Equal(t, n.OutputWeights[0], got.OutputWeights[b], "bucket %d", b)
		assert.Equal(t, n.OutputBias[0], got.OutputBias[b], "bucket %d", b)
	}
	gen2File, err := os.ReadFile(filepath.Join("testdata", "gen2.nnue"))
	require.NoError(t, err)
	gen2, _, err := Load(bytes.NewReader(gen2File))
	require.NoError(t, err)
	for b := range OutputBuckets {
		assert.Equal(t, gen2.OutputWeights[0], gen2.OutputWeights[b], "gen2 is one-bucket: bucket %d", b)
	}
	var gen2Again bytes.Buffer
	require.NoError(t, gen2.Save(&gen2Again, provenanceOf(t, gen2File)))
	assert.Equal(t, gen2File, gen2Again.Bytes(), "gen2 saves to its own one-layer file")
	_, _, err = Load(bytes.NewReader(legacy.Bytes()[:legacy.Len()-6]))
	assert.ErrorContains(t, err, "truncated or padded")
	var again bytes.Buffer
	require.NoError(t, got.Save(&again, ""))
	assert.Equal(t, legacy.Bytes(), again.Bytes(), "a one-layer net saves as it was read")
	def, _ := Default()
	assert.NotEqual(t, def.OutputWeights[0], def.OutputWeights[OutputBuckets-1], "the built-in net has distinct buckets")
	var builtIn bytes.Buffer
	require.NoError(t, def.Save(&builtIn, provenanceOf(t, defaultFile)))
	assert.Equal(t, defaultFile, builtIn.Bytes(), "the built-in net saves to its own file")

	var saved bytes.Buffer
	require.NoError(t, n.Save(&saved, "eight buckets"))
	assert.Equal(t, FileSize, saved.Len())
	back, provenance, err := Load(&saved)
	require.NoError(t, err)
	assert.Equal(t, "eight buckets", provenance)
	assert.Equal(t, n, back)
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

func provenanceOf(t *testing.T, file []byte) string {
	_, provenance, err := Load(bytes.NewReader(file))
	require.NoError(t, err)
	return provenance
}
