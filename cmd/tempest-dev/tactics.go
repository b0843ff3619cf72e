package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"tempest/kit"
	"tempest/movegen"
	"tempest/search"
	"tempest/tt"
)

// tacticsCommand runs EPD test suites (bm/am operations) at a fixed time per
// position and reports how many were solved: a benchmark, not a test.
func tacticsCommand(args []string) int {
	fs := flag.NewFlagSet("tactics", flag.ContinueOnError)
	movetime := fs.Duration("movetime", time.Second, "search time per position")
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 64, "hash table size in MiB")
	verbose := fs.Bool("v", false, "print every position's result")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "tactics: give one or more EPD files")
		return 2
	}
	if *threads < 1 || *threads > kit.MaxThreads {
		fmt.Fprintf(os.Stderr, "tactics: -threads must be from 1 to %d\n", kit.MaxThreads)
		return 2
	}
	t, err := tt.New(*hash)
	if err != nil {
		fmt.Fprintln(os.Stderr, "tactics: -hash:", err)
		return 2
	}
	e := search.NewWithTable(t)
	if err := e.CheckThreads(*threads); err != nil {
		fmt.Fprintln(os.Stderr, "tactics: -threads:", err)
		return 2
	}
	e.SetOptions(search.Options{Threads: *threads, MultiPV: 1})
	totalSolved, totalTried := 0, 0
	for _, file := range fs.Args() {
		solved, tried, err := runSuite(e, file, *movetime, *verbose)
		if err != nil {
			fmt.Fprintln(os.Stderr, "tactics:", err)
			return 1
		}
		fmt.Printf("%s: %d/%d solved at %v per position\n", file, solved, tried, *movetime)
		totalSolved += solved
		totalTried += tried
	}
	fmt.Printf("total: %d/%d solved\n", totalSolved, totalTried)
	return 0
}

func runSuite(e *search.Engine, file string, movetime time.Duration, verbose bool) (solved, tried int, err error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 5 {
			return solved, tried, fmt.Errorf("%s:%d: not an EPD line", file, n)
		}
		pos, err := movegen.ParseFEN(strings.Join(fields[:4], " "))
		if err != nil {
			return solved, tried, fmt.Errorf("%s:%d: %v", file, n, err)
		}
		ops := epdOps(strings.Join(fields[4:], " "))
		best, err := sanList(pos, ops["bm"])
		if err != nil {
			return solved, tried, fmt.Errorf("%s:%d: bm: %v", file, n, err)
		}
		avoid, err := sanList(pos, ops["am"])
		if err != nil {
			return solved, tried, fmt.Errorf("%s:%d: am: %v", file, n, err)
		}
		if len(best) == 0 && len(avoid) == 0 {
			continue // no bm/am: nothing to check
		}
		e.NewGame()
		res := e.Search(context.Background(), pos, search.Limits{MoveTime: movetime}, nil)
		ok := (len(best) == 0 || slices.Contains(best, res.BestMove)) && !slices.Contains(avoid, res.BestMove)
		tried++
		if ok {
			solved++
		}
		if verbose {
			mark := "FAIL"
			if ok {
				mark = "ok  "
			}
			fmt.Printf("%s %-20s played %-6s bm %q am %q\n", mark, ops["id"], pos.SAN(res.BestMove), ops["bm"], ops["am"])
		}
	}
	return solved, tried, sc.Err()
}

// epdOps splits EPD operations ("bm Qg6; id \"WAC.001\";") into a map.
func epdOps(s string) map[string]string {
	ops := map[string]string{}
	for _, op := range strings.Split(s, ";") {
		op = strings.TrimSpace(op)
		if k, v, ok := strings.Cut(op, " "); ok {
			ops[k] = strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ops
}

func sanList(pos *movegen.Position, text string) ([]movegen.Move, error) {
	var moves []movegen.Move
	for _, san := range strings.Fields(text) {
		m, err := pos.ParseSAN(san)
		if err != nil {
			return nil, err
		}
		moves = append(moves, m)
	}
	return moves, nil
}
