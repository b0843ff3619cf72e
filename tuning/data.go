// Package tuning improves the engine from data: it generates labelled
// positions by self-play and fits the evaluation weights to game results
// (Texel tuning). Tools: go run -tags tune ./cmd/tempest-dev texel (see
// docs/DEVELOPING.md).
package tuning

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ulikunitz/xz"

	"tempest/movegen"
)

// Sample is a position labelled with the result of the game it came from,
// from White's point of view: 1 White won, 0.5 draw, 0 Black won.
type Sample struct {
	FEN    string
	Result float64
}

// ReadSamplesFile reads labelled positions; ".xz" files are decompressed.
func ReadSamplesFile(path string) ([]Sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".xz") {
		if r, err = xz.NewReader(bufio.NewReader(f)); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	return ReadSamples(r, path)
}

// ReadSamples reads one labelled position per line, in either format:
//
//	<FEN or EPD> c9 "1-0";        (also "0-1", "1/2-1/2"; other EPD opcodes are ignored)
//	<FEN> [1.0]                   (also [0.5], [0.0], [1-0] ...)
//
// Blank lines and lines starting with '#' are skipped. Errors name the line.
func ReadSamples(r io.Reader, name string) ([]Sample, error) {
	var samples []Sample
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		s, err := parseSample(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		samples = append(samples, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return samples, nil
}

func parseSample(line string) (Sample, error) {
	var fen, label string
	if i := strings.Index(line, "c9 "); i >= 0 {
		fen = strings.TrimSpace(line[:i])
		label = line[i+3:]
		if j := strings.IndexByte(label, ';'); j >= 0 {
			label = label[:j]
		}
		label = strings.Trim(strings.TrimSpace(label), `"`)
	} else if i := strings.LastIndexByte(line, '['); i >= 0 && strings.HasSuffix(line, "]") {
		fen = strings.TrimSpace(line[:i])
		label = line[i+1 : len(line)-1]
	} else {
		return Sample{}, fmt.Errorf("no result label (want c9 \"1-0\"; or [1.0])")
	}
	// EPD lines may carry other opcodes after the four position fields;
	// keep the clocks only when they are there.
	if fields := strings.Fields(fen); len(fields) > 4 {
		if _, err := strconv.Atoi(fields[4]); err != nil || len(fields) > 6 {
			fen = strings.Join(fields[:4], " ")
		}
	}
	if _, err := movegen.ParseFEN(fen); err != nil {
		return Sample{}, fmt.Errorf("invalid position %q: %v", fen, err)
	}
	var result float64
	switch label {
	case "1-0", "1.0", "1":
		result = 1
	case "0-1", "0.0", "0":
		result = 0
	case "1/2-1/2", "0.5", "1/2":
		result = 0.5
	default:
		return Sample{}, fmt.Errorf("unknown result %q", label)
	}
	return Sample{FEN: fen, Result: result}, nil
}

// resultLabel writes a result as an EPD c9 value.
func resultLabel(r float64) string {
	switch r {
	case 1:
		return "1-0"
	case 0:
		return "0-1"
	}
	return "1/2-1/2"
}
