package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"

	"tempest/games"
	"tempest/kit"
	"tempest/nnue"
	"tempest/search"
	"tempest/tt"
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
	evalFlag := fs.String("eval", "default", "chess: what the search evaluates with: default (as the engine plays unless told otherwise), hce, net (the net built in) or a net file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	// "engine bench 13", the form OpenBench and other engines' scripts use.
	switch fs.NArg() {
	case 0:
	case 1:
		n, err := strconv.Atoi(fs.Arg(0))
		if err != nil || n < 1 || *depth != 0 {
			fmt.Fprintf(os.Stderr, "bench: %q is not a depth (give it once, as -depth N or as the last argument)\n", fs.Arg(0))
			return 2
		}
		*depth = n
	default:
		fmt.Fprintf(os.Stderr, "bench: unexpected arguments %q\n", fs.Args()[1:])
		return 2
	}
	if *depth < 0 || *depth > 64 || *threads < 1 || *threads > kit.MaxThreads || *hash < 1 {
		fmt.Fprintf(os.Stderr, "bench: depth must be 1..64, threads 1..%d, hash at least 1\n", kit.MaxThreads)
		return 2
	}
	if err := tt.CheckFits(*hash); err != nil {
		fmt.Fprintln(os.Stderr, "bench: -hash:", err)
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
		net, err := benchNet(*evalFlag)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: -eval:", err)
			return 2
		}
		res = search.Bench(ctx, depthOr(search.BenchDepth), *threads, *hash, net, report)
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
	if res.Err != nil {
		fmt.Fprintln(os.Stderr, "bench:", res.Err)
		return 2
	}
	fmt.Printf("%d nodes %d nps\n", res.Nodes, res.NPS())
	return 0
}

// benchNet is the net -eval names (nil: the hand-crafted evaluation).
func benchNet(eval string) (*nnue.Network, error) {
	switch {
	case eval == "hce" || eval == "default" && !games.NNUEByDefault:
		return nil, nil
	case eval == "net" || eval == "default":
		net, _ := nnue.Default()
		return net, nil
	}
	net, _, _, err := nnue.LoadFile(eval)
	return net, err
}
