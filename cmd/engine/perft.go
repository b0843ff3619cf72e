package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"tempest/movegen"
	"tempest/perft"
)

func perftCommand(args []string) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	depth := fs.Int("depth", 5, "depth in plies")
	fen := fs.String("fen", movegen.StartFEN, "position (FEN, X-FEN or Shredder-FEN)")
	threads := fs.Int("threads", 1, "goroutines sharing the root moves")
	hash := fs.Int("hash", 0, "subtree-count table size in MiB (0: none)")
	chess960 := fs.Bool("chess960", false, "print castling as king-takes-rook")
	divide := fs.Bool("divide", true, "print the count below each root move")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *depth < 1 || *depth > 20 {
		fmt.Fprintln(os.Stderr, "perft: -depth must be from 1 to 20")
		return 2
	}
	pos, err := movegen.ParseFEN(*fen)
	if err != nil {
		fmt.Fprintf(os.Stderr, "perft: invalid FEN %q: %v\n", *fen, err)
		return 2
	}
	start := time.Now()
	counts, err := perft.Divide(context.Background(), pos, *depth, perft.Options{Threads: *threads, HashMB: *hash})
	if err != nil {
		fmt.Fprintln(os.Stderr, "perft:", err)
		return 1
	}
	elapsed := time.Since(start)
	if *divide {
		for _, c := range counts {
			fmt.Printf("%s: %d\n", c.Move.UCI(*chess960), c.Nodes)
		}
		fmt.Println()
	}
	total := perft.Total(counts)
	fmt.Printf("Nodes searched: %d\n", total)
	fmt.Printf("Time: %d ms, %.0f nps (threads %d, hash %d MiB)\n", elapsed.Milliseconds(),
		float64(total)/(elapsed.Seconds()+1e-9), max(*threads, 1), *hash)
	return 0
}

func perftSuiteCommand(args []string) int {
	fs := flag.NewFlagSet("perftsuite", flag.ContinueOnError)
	maxDepth := fs.Int("maxdepth", 0, "skip counts deeper than this (0: no limit)")
	maxNodes := fs.Uint64("maxnodes", 0, "skip counts larger than this (0: no limit)")
	threads := fs.Int("threads", perft.DefaultThreads(), "goroutines sharing the root moves")
	hash := fs.Int("hash", 0, "subtree-count table size in MiB (0: none)")
	verbose := fs.Bool("v", false, "print passing counts too")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "perftsuite: give one or more suite files")
		return 2
	}
	var total perft.Summary
	for _, file := range fs.Args() {
		cases, err := perft.ReadSuiteFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, "perftsuite:", err)
			return 2
		}
		sum, err := perft.RunSuite(context.Background(), cases,
			perft.SuiteLimits{MaxDepth: *maxDepth, MaxNodes: *maxNodes},
			perft.Options{Threads: *threads, HashMB: *hash},
			func(r perft.Result) {
				switch {
				case r.Err != nil:
					fmt.Printf("FAIL %s: %v\n", r.Case.Source, r.Err)
				case !r.Pass():
					fmt.Printf("FAIL %s depth %d: got %d, want %d  (%s)\n", r.Case.Source, r.Depth, r.Got, r.Want, r.Case.FEN)
				case *verbose:
					fmt.Printf("pass %s depth %d: %d\n", r.Case.Source, r.Depth, r.Got)
				}
			})
		if err != nil {
			fmt.Fprintln(os.Stderr, "perftsuite:", err)
			return 1
		}
		fmt.Printf("%s: %d checked, %d failed, %d nodes, %.0f nps\n", file, sum.Checked, sum.Failed, sum.Nodes, sum.NodesPerSecond())
		total.Checked += sum.Checked
		total.Failed += sum.Failed
		total.Nodes += sum.Nodes
		total.Elapsed += sum.Elapsed
	}
	fmt.Printf("total: %d checked, %d passed, %d failed, %d nodes in %.1f s, %.0f nps\n",
		total.Checked, total.Checked-total.Failed, total.Failed, total.Nodes, total.Elapsed.Seconds(), total.NodesPerSecond())
	if total.Failed > 0 {
		return 1
	}
	return 0
}
