package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"tempest/kit"
	"tempest/search"
	"tempest/variants/chameleon/chsearch"
	"tempest/variants/chessmate/cmsearch"
	"tempest/variants/stratego/stsearch"
)

// benchCommand searches a game's fixed bench positions; its last line,
// "<nodes> nodes <nps> nps", is that game's signature and speed
// (testdata/bench.txt keeps the signatures).
func benchCommand(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	variant := fs.String("variant", "chess", "the game: chess, chessmate, chameleon or stratego")
	depth := fs.Int("depth", 0, "search depth per position (default: the game's bench depth)")
	threads := fs.Int("threads", 1, "search threads, chess only (1 for a reproducible node count)")
	hash := fs.Int("hash", 16, "hash table size in MiB (chess, card chess, Chameleon Chess)")
	quiet := fs.Bool("q", false, "print only the final line")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *depth < 0 || *depth > 64 || *threads < 1 || *hash < 1 {
		fmt.Fprintln(os.Stderr, "bench: depth must be 1..64, threads and hash at least 1")
		return 2
	}
	report := func(line string) {
		if !*quiet {
			fmt.Println(line)
		}
	}
	depthOr := func(d int) int {
		if *depth > 0 {
			return *depth
		}
		return d
	}
	ctx := context.Background()
	var res kit.BenchResult
	switch *variant {
	case "chess":
		res = search.Bench(ctx, depthOr(search.BenchDepth), *threads, *hash, report)
	case "chessmate":
		res = cmsearch.Bench(ctx, depthOr(cmsearch.BenchDepth), *hash, report)
	case "chameleon":
		res = chsearch.Bench(ctx, depthOr(chsearch.BenchDepth), *hash, report)
	case "stratego":
		res = stsearch.Bench(ctx, depthOr(stsearch.BenchDepth), report)
	default:
		fmt.Fprintf(os.Stderr, "bench: unknown game %q (chess, chessmate, chameleon or stratego)\n", *variant)
		return 2
	}
	fmt.Printf("%d nodes %d nps\n", res.Nodes, res.NPS())
	return 0
}
