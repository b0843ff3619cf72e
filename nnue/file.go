package nnue

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"

	"tempest/internal/files"
)

// A net file (docs/NNUE.md, "Net file"), little-endian:
//
//	bytes 0-7     "TEMPNNUE"
//	bytes 8-11    the file format version, 1
//	bytes 12-43   the architecture, ASCII, zero padded (Architecture)
//	bytes 44-171  the provenance: data, build, training run; ASCII, zero padded
//	then          the feature weights (Inputs·Hidden int16, feature by
//	              feature), the feature biases (Hidden int16), the output
//	              weights (OutputBuckets·2·Hidden int16, bucket by bucket),
//	              the output biases (OutputBuckets int32)
//	last 4 bytes  CRC-32 (IEEE) of everything before them
//
// A file of the single-output architecture (oneBucketArchitecture, the nets
// before output buckets) has one output layer; Load gives it to every bucket,
// so it evaluates as it always did.
const (
	fileVersion   = 1
	archBytes     = 32
	provenanceLen = 128
	headerBytes   = 8 + 4 + archBytes + provenanceLen
	featureBytes  = 2 * (Inputs*Hidden + Hidden)
	outputBytes   = 2*2*Hidden + 4 // one output layer: weights and bias
	// FileSize is the size of a net file of this architecture.
	FileSize      = headerBytes + featureBytes + OutputBuckets*outputBytes + 4
	oneBucketSize = headerBytes + featureBytes + outputBytes + 4
)

var fileMagic = [8]byte{'T', 'E', 'M', 'P', 'N', 'N', 'U', 'E'}

// Architecture names the network this build evaluates with (inputs,
// hidden units, activation, QA/QB/Scale); a net file names its own and
// must match. It fits the file's 32 bytes (TestArchitectureFitsTheFile).
var Architecture = fmt.Sprintf("%dx2-%d-1x%d screlu %d/%d/%d", Inputs, Hidden, OutputBuckets, QA, QB, Scale)

// oneBucketArchitecture is the nets' architecture before output buckets
// (gen0 to gen2), which Load still reads.
var oneBucketArchitecture = fmt.Sprintf("%dx2-%d-1 screlu %d/%d/%d", Inputs, Hidden, QA, QB, Scale)

// Save writes the network with its provenance (at most 128 bytes of
// ASCII: which data, which build, which training run). A net whose buckets
// are all alike is written with its one output layer, as the nets before
// buckets were: the same net, the same bytes.
func (n *Network) Save(w io.Writer, provenance string) error {
	if len(provenance) > provenanceLen {
		return fmt.Errorf("nnue: provenance is %d bytes, a net file holds %d", len(provenance), provenanceLen)
	}
	if err := n.checkOutputWeights(); err != nil {
		return err
	}
	var b bytes.Buffer
	b.Grow(FileSize)
	b.Write(fileMagic[:])
	binary.Write(&b, binary.LittleEndian, uint32(fileVersion))
	architecture, buckets := Architecture, OutputBuckets
	if n.oneLayer() {
		architecture, buckets = oneBucketArchitecture, 1
	}
	var arch [archBytes]byte
	copy(arch[:], architecture)
	b.Write(arch[:])
	var prov [provenanceLen]byte
	copy(prov[:], provenance)
	b.Write(prov[:])
	binary.Write(&b, binary.LittleEndian, n.FeatureWeights[:])
	binary.Write(&b, binary.LittleEndian, n.FeatureBias[:])
	binary.Write(&b, binary.LittleEndian, n.OutputWeights[:buckets])
	binary.Write(&b, binary.LittleEndian, n.OutputBias[:buckets])
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	_, err := w.Write(b.Bytes())
	return err
}

// Load reads a net file, refusing with an error that names the problem a
// file of another format or architecture, a truncated or damaged one, and
// output weights beyond ±MaxOutputWeight (the SIMD path's 16-bit products
// would overflow). It returns the provenance too.
func Load(r io.Reader) (*Network, string, error) {
	data, err := io.ReadAll(io.LimitReader(r, FileSize+1))
	if err != nil {
		return nil, "", fmt.Errorf("nnue: reading the net: %v", err)
	}
	if len(data) < headerBytes || [8]byte(data[:8]) != fileMagic {
		return nil, "", errors.New("nnue: not a Tempest net file (no TEMPNNUE magic)")
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != fileVersion {
		return nil, "", fmt.Errorf("nnue: net file version %d, this build reads %d", v, fileVersion)
	}
	arch := strings.TrimRight(string(data[12:12+archBytes]), "\x00")
	buckets, size := OutputBuckets, FileSize
	switch arch {
	case Architecture:
	case oneBucketArchitecture:
		buckets, size = 1, oneBucketSize
	default:
		return nil, "", fmt.Errorf("nnue: the net is %q, this build evaluates %q (or %q)", arch, Architecture, oneBucketArchitecture)
	}
	if len(data) != size {
		return nil, "", fmt.Errorf("nnue: the net file is %d bytes, a %s net is %d (truncated or padded)", len(data), arch, size)
	}
	if sum := binary.LittleEndian.Uint32(data[size-4:]); sum != crc32.ChecksumIEEE(data[:size-4]) {
		return nil, "", errors.New("nnue: the net file is damaged (checksum mismatch)")
	}
	provenance := strings.TrimRight(string(data[12+archBytes:headerBytes]), "\x00")
	n := new(Network)
	body := bytes.NewReader(data[headerBytes : size-4])
	parts := []any{n.FeatureWeights[:], n.FeatureBias[:], n.OutputWeights[:buckets], n.OutputBias[:buckets]}
	for _, part := range parts {
		if err := binary.Read(body, binary.LittleEndian, part); err != nil {
			return nil, "", fmt.Errorf("nnue: reading the weights: %v", err)
		}
	}
	for b := buckets; b < OutputBuckets; b++ { // one output layer serves every bucket
		n.OutputWeights[b], n.OutputBias[b] = n.OutputWeights[0], n.OutputBias[0]
	}
	if err := n.checkOutputWeights(); err != nil {
		return nil, "", err
	}
	return n, provenance, nil
}

// LoadFile reads the net file at path: the net, its provenance and the
// SHA-256 of the file, the net's identity (training data names the net it
// was made with by it). It goes through package files, so a FIFO, a device
// or a directory is refused before anything could block, and no more than
// a net's size is read. Errors name the path.
func LoadFile(path string) (*Network, string, [32]byte, error) {
	var sum [32]byte
	data, err := files.Read(context.Background(), path, FileSize+1) // small: no need to stop it
	if err != nil {
		return nil, "", sum, err
	}
	n, provenance, err := Load(bytes.NewReader(data))
	if err != nil {
		return nil, "", sum, fmt.Errorf("%s: %v", files.Name(path), err)
	}
	return n, provenance, sha256.Sum256(data), nil
}

// oneLayer tells whether every output bucket is bucket 0.
func (n *Network) oneLayer() bool {
	for b := 1; b < OutputBuckets; b++ {
		if n.OutputWeights[b] != n.OutputWeights[0] || n.OutputBias[b] != n.OutputBias[0] {
			return false
		}
	}
	return true
}

func (n *Network) checkOutputWeights() error {
	for b := range n.OutputWeights {
		for i, w := range n.OutputWeights[b] {
			if w > MaxOutputWeight || w < -MaxOutputWeight {
				return fmt.Errorf("nnue: output weight %d of bucket %d is %d, beyond ±%d", i, b, w, MaxOutputWeight)
			}
		}
	}
	return nil
}
