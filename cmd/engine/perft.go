package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"tempest/kit"
	"tempest/movegen"
	"tempest/perft"
	"tempest/tt"
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
	if *threads < 1 || *threads > kit.MaxThreads || *hash < 0 {
		fmt.Fprintf(os.Stderr, "perft: -threads must be from 1 to %d, -hash 0 (none) or more\n", kit.MaxThreads)
		return 2
	}
	if err := tt.CheckFits(*hash); err != nil {
		fmt.Fprintln(os.Stderr, "perft: -hash:", err)
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
