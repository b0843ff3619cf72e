package nnue

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"fmt"
	"sync"
)

// defaultFile is the net a build plays with unless EvalFile names another
// (docs/NNUE.md, "The shipped net", says which run made it).
//
//go:embed default.nnue
var defaultFile []byte

// DefaultSum is the SHA-256 of the embedded net's file: its identity in
// training data made with it, and its name.
var DefaultSum = sha256.Sum256(defaultFile)

// DefaultName names the embedded net by the start of its SHA-256, the way
// the EvalFile option shows it: a different net has a different name.
var DefaultName = fmt.Sprintf("tempest-%x.nnue", DefaultSum[:6])

// Default is the embedded net and its provenance, read on first use.
var Default = sync.OnceValues(func() (*Network, string) {
	n, provenance, err := Load(bytes.NewReader(defaultFile))
	if err != nil {
		// A build with a broken embedded net is a broken build; the test
		// TestDefaultNetLoads stops it before it ships.
		panic(fmt.Sprintf("nnue: the embedded net %s does not load: %v", DefaultName, err))
	}
	return n, provenance
})
