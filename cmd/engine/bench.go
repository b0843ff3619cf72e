package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"tempest/search"
)

// benchCommand searches the fixed bench positions; its last line,
// "<nodes> nodes <nps> nps", is the engine's signature and speed.
func benchCommand(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	depth := fs.Int("depth", search.BenchDepth, "search depth per position")
	threads := fs.Int("threads", 1, "search threads (1 for a reproducible node count)")
	hash := fs.Int("hash", 16, "hash table size in MiB")
	quiet := fs.Bool("q", false, "print only the final line")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *depth < 1 || *depth > 64 || *threads < 1 || *hash < 1 {
		fmt.Fprintln(os.Stderr, "bench: depth must be 1..64, threads and hash at least 1")
		return 2
	}
	res := search.Bench(context.Background(), *depth, *threads, *hash, func(line string) {
		if !*quiet {
			fmt.Println(line)
		}
	})
	fmt.Printf("%d nodes %d nps\n", res.Nodes, res.NPS())
	return 0
}
