package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"tempest/games"
	"tempest/kit"
	"tempest/nnue"
	"tempest/protocol"
	"tempest/tt"
)

// benchCommand searches a game's fixed bench positions; its last line,
// "<nodes> nodes <nps> nps", is that game's signature and speed
// (testdata/bench.txt keeps the signatures).
func benchCommand(args []string) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	variant := fs.String("variant", "chess", "the game: "+strings.Join(games.Names(), ", "))
	depth := fs.Int("depth", 0, "search depth per position (default: the game's bench depth)")
	threads := fs.Int("threads", 1, "search threads, in the games that search on several (1 for a reproducible node count)")
	hash := fs.Int("hash", 16, "hash table size in MiB, in the games with a table")
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
	v := games.ByName(*variant)
	if v == nil {
		fmt.Fprintf(os.Stderr, "bench: unknown game %q (%s)\n", *variant, strings.Join(games.Names(), ", "))
		return 2
	}
	settings := protocol.DefaultSettings()
	settings.HashMB, settings.Threads = *hash, *threads
	if v.Properties().Net {
		useNNUE, file, err := benchNet(*evalFlag)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench: -eval:", err)
			return 2
		}
		settings.Own = settings.Own.With("Use NNUE", strconv.FormatBool(useNNUE)).With("EvalFile", file)
	}
	res := v.Bench(context.Background(), depthOr(v.Properties().BenchDepth), settings, report)
	if res.Err != nil {
		fmt.Fprintln(os.Stderr, "bench:", res.Err)
		return 2
	}
	fmt.Printf("%d nodes %d nps\n", res.Nodes, res.NPS())
	return 0
}

// benchNet is the evaluation -eval names: whether the net is used, and
// its file ("" the net built in), checked to load.
func benchNet(eval string) (useNNUE bool, file string, err error) {
	switch eval {
	case "hce":
		return false, "", nil
	case "default":
		return games.NNUEByDefault, "", nil
	case "net":
		return true, "", nil
	}
	_, _, _, err = nnue.LoadFile(eval)
	return true, eval, err
}
