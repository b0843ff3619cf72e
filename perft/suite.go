package perft

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"tempest/movegen"
)

// Case is one position of a perft suite with its published counts.
type Case struct {
	Source string // file:line, or the id of a block
	FEN    string
	Counts []Expected
}

// Expected is a published count: perft(Depth) = Nodes.
type Expected struct {
	Depth int
	Nodes uint64
}

// ReadSuiteFile reads a perft suite in either of the two common formats
// (see ReadSuite).
func ReadSuiteFile(path string) ([]Case, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSuite(f, path)
}

// ReadSuite reads perft cases. Two formats are understood, also mixed:
//
//	FEN ;D1 20 ;D2 400            (EPD style; "; D1 20;" spacing also works)
//	id name / epd FEN / perft 1 20 / perft 2 400   (block style, one item per line)
//
// Blank lines and lines starting with '#' are skipped. name labels errors.
func ReadSuite(r io.Reader, name string) ([]Case, error) {
	var cases []Case
	block := -1 // index of the block-style case being read
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := strings.TrimSpace(sc.Text())
		where := fmt.Sprintf("%s:%d", name, lineNo)
		if line == "" || line[0] == '#' {
			continue
		}
		keyword, rest, _ := strings.Cut(line, " ")
		rest = strings.TrimSpace(rest)
		switch keyword {
		case "id":
			cases = append(cases, Case{Source: rest})
			block = len(cases) - 1
			continue
		case "epd":
			if block < 0 || cases[block].FEN != "" {
				cases = append(cases, Case{Source: where})
				block = len(cases) - 1
			}
			cases[block].FEN = rest
			continue
		case "perft":
			if block < 0 {
				return nil, fmt.Errorf("%s: \"perft\" line before any \"epd\" line", where)
			}
			e, err := parseExpected(strings.Fields(rest))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			cases[block].Counts = append(cases[block].Counts, e)
			continue
		}
		block = -1
		parts := strings.Split(line, ";")
		c := Case{Source: where, FEN: strings.TrimSpace(parts[0])}
		for _, part := range parts[1:] {
			fields := strings.Fields(part)
			if len(fields) == 0 {
				continue
			}
			if len(fields[0]) < 2 || fields[0][0] != 'D' {
				return nil, fmt.Errorf("%s: %q is not a count such as \"D3 8902\"", where, strings.TrimSpace(part))
			}
			e, err := parseExpected(append([]string{fields[0][1:]}, fields[1:]...))
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			c.Counts = append(c.Counts, e)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return cases, nil
}

func parseExpected(fields []string) (Expected, error) {
	if len(fields) != 2 {
		return Expected{}, fmt.Errorf("want a depth and a count, got %q", strings.Join(fields, " "))
	}
	depth, err1 := strconv.Atoi(fields[0])
	nodes, err2 := strconv.ParseUint(fields[1], 10, 64)
	if err1 != nil || err2 != nil || depth < 1 {
		return Expected{}, fmt.Errorf("bad depth or count in %q", strings.Join(fields, " "))
	}
	return Expected{depth, nodes}, nil
}

// SuiteLimits selects which published counts a suite run checks.
type SuiteLimits struct {
	MaxDepth int    // skip counts deeper than this; 0 means no limit
	MaxNodes uint64 // skip counts larger than this; 0 means no limit
	Chess960 bool   // only affects how moves would be printed; counts are the same
}

// Result is the outcome of checking one count of one case.
type Result struct {
	Case    *Case
	Depth   int
	Want    uint64
	Got     uint64
	Err     error // the FEN did not parse
	Elapsed time.Duration
}

// Pass reports whether the count matched.
func (r Result) Pass() bool { return r.Err == nil && r.Got == r.Want }

// Summary totals a suite run.
type Summary struct {
	Checked, Failed int
	Nodes           uint64
	Elapsed         time.Duration
}

// NodesPerSecond is the speed over the whole run.
func (s Summary) NodesPerSecond() float64 {
	return float64(s.Nodes) / (s.Elapsed.Seconds() + 1e-9)
}

// RunSuite checks every selected count of every case, calling report after
// each one (report may be nil). It stops early if ctx is cancelled.
func RunSuite(ctx context.Context, cases []Case, lim SuiteLimits, opt Options, report func(Result)) (Summary, error) {
	var sum Summary
	for i := range cases {
		c := &cases[i]
		pos, err := movegen.ParseFEN(c.FEN)
		for _, e := range c.Counts {
			if (lim.MaxDepth > 0 && e.Depth > lim.MaxDepth) || (lim.MaxNodes > 0 && e.Nodes > lim.MaxNodes) {
				continue
			}
			r := Result{Case: c, Depth: e.Depth, Want: e.Nodes, Err: err}
			if err == nil {
				start := time.Now()
				counts, cerr := Divide(ctx, pos, e.Depth, opt)
				if cerr != nil {
					return sum, cerr
				}
				r.Got = Total(counts)
				r.Elapsed = time.Since(start)
				sum.Nodes += r.Got
				sum.Elapsed += r.Elapsed
			}
			sum.Checked++
			if !r.Pass() {
				sum.Failed++
			}
			if report != nil {
				report(r)
			}
		}
	}
	return sum, nil
}
