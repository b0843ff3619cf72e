package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"tempest/perft"
	"tempest/tt"
)

// perftSuiteCommand checks every count of EPD perft suites.
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
	if err := tt.CheckFits(*hash); err != nil {
		fmt.Fprintln(os.Stderr, "perftsuite: -hash:", err)
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
