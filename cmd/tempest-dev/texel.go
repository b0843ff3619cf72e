//go:build tune

package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"tempest/eval"
	"tempest/openings"
	"tempest/tuning"
)

func init() {
	subcommands["texel"] = subcommand{"Texel tuning of the hand-crafted evaluation: self-play positions, then a fit (tune build)", texelCommand}
}

// texelCommand generates training data by self-play and fits the
// evaluation weights to it. It exists in the tune build, which compiles
// the evaluation trace in:
//
//	go run -tags tune ./cmd/tempest-dev texel datagen -games 20000 -out selfplay.epd
//	go run -tags tune ./cmd/tempest-dev texel fit -data selfplay.epd -out eval/weights.go
func texelCommand(args []string) int {
	if len(args) < 1 {
		texelUsage()
		return 2
	}
	switch args[0] {
	case "datagen":
		return texelDatagen(args[1:])
	case "fit":
		return texelFit(args[1:])
	}
	texelUsage()
	return 2
}

func texelUsage() {
	fmt.Fprintln(os.Stderr, "usage: tempest-dev texel datagen [flags]   (self-play positions labelled with results)")
	fmt.Fprintln(os.Stderr, "       tempest-dev texel fit [flags]       (Texel tuning of eval weights; writes Go source)")
	fmt.Fprintln(os.Stderr, "run either with -h for its flags")
}

func texelDatagen(args []string) int {
	cfg := tuning.DefaultSelfPlay
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.IntVar(&cfg.Games, "games", 1000, "games to play")
	fs.Uint64Var(&cfg.Nodes, "nodes", cfg.Nodes, "search nodes per move")
	fs.IntVar(&cfg.Threads, "threads", runtime.GOMAXPROCS(0), "games played at once")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "random seed (openings and random plies)")
	fs.IntVar(&cfg.RandomPlies, "random-plies", cfg.RandomPlies, "random moves after the opening")
	openingsFile := fs.String("openings", "", "EPD/FEN file of start positions (default: the start position)")
	out := fs.String("out", "selfplay.epd", "output file (appended to)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *openingsFile != "" {
		fens, _, err := openings.ReadFile(context.Background(), *openingsFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "datagen:", err)
			return 1
		}
		cfg.Openings = fens
	}
	f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "datagen:", err)
		return 1
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	start := time.Now()
	last := time.Now()
	stats, err := tuning.GenerateSelfPlay(context.Background(), cfg, w, func(s tuning.SelfPlayStats) {
		if time.Since(last) > 10*time.Second {
			last = time.Now()
			fmt.Fprintf(os.Stderr, "%d/%d games, %d positions, %.0f s\n", s.Games, cfg.Games, s.Positions, time.Since(start).Seconds())
		}
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "datagen:", err)
		return 1
	}
	fmt.Printf("%d games (+%d =%d -%d for White), %d positions in %.0f s\n", stats.Games, stats.WhiteWins,
		stats.Draws, stats.BlackWins, stats.Positions, time.Since(start).Seconds())
	return 0
}

func texelFit(args []string) int {
	cfg := tuning.DefaultConfig
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	data := fs.String("data", "", "comma-separated labelled position files (.epd, .txt, .xz)")
	limit := fs.Int("limit", 0, "use at most this many positions per file (0: all)")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "full passes over the training set")
	fs.Float64Var(&cfg.LearningRate, "lr", cfg.LearningRate, "Adam step size (centipawns)")
	fs.IntVar(&cfg.Threads, "threads", cfg.Threads, "threads")
	fs.Float64Var(&cfg.K, "k", 0, "sigmoid scale (0: fit it)")
	fs.Float64Var(&cfg.L2, "l2", cfg.L2, "pull towards the starting weights: adds L2 × Σ((w − w₀)/100)² to the loss")
	quietOnly := fs.Bool("quiet", false, "keep only positions that are already quiet (no pending capture, not in check)")
	validation := fs.Float64("validation", 0.1, "share of positions held out for validation")
	out := fs.String("out", "", "write the tuned weights as Go source here (e.g. eval/weights.go)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *data == "" {
		fmt.Fprintln(os.Stderr, "fit: give -data")
		return 2
	}
	var samples []tuning.Sample
	for _, file := range strings.Split(*data, ",") {
		s, err := tuning.ReadSamplesFile(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fit:", err)
			return 1
		}
		if *limit > 0 && len(s) > *limit {
			s = s[:*limit]
		}
		fmt.Printf("%s: %d positions\n", file, len(s))
		samples = append(samples, s...)
	}
	trainSamples, validationSamples := tuning.Split(samples, *validation)
	start := time.Now()
	train, err := tuning.Prepare(context.Background(), trainSamples, cfg.Threads, *quietOnly)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fit:", err)
		return 1
	}
	val, err := tuning.Prepare(context.Background(), validationSamples, cfg.Threads, *quietOnly)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fit:", err)
		return 1
	}
	fmt.Printf("resolved to quiet leaves: %d training, %d validation positions in %.0f s\n", len(train), len(val), time.Since(start).Seconds())
	cfg.Report = func(epoch int, trainMSE, valMSE float64) {
		if epoch%100 == 0 {
			fmt.Printf("epoch %5d  train %.6f  validation %.6f  (%.0f s)\n", epoch, trainMSE, valMSE, time.Since(start).Seconds())
		}
	}
	res := tuning.Tune(train, val, tuning.VectorOf(&eval.Weights), cfg)
	fmt.Printf("K %.4f\ntrain MSE %.6f -> %.6f\nvalidation MSE %.6f -> %.6f (best epoch %d)\n",
		res.K, res.TrainBefore, res.TrainAfter, res.ValidationBefore, res.ValidationAfter, res.BestEpoch)
	if *out != "" {
		params := res.Weights.Params()
		header := fmt.Sprintf("// Code generated by tempest-dev texel fit; DO NOT EDIT.\n// Data: %s (%d training, %d validation positions).\n"+
			"// Fit: %d epochs, lr %g, l2 %g, quiet only %v; K %.4f; validation MSE %.6f -> %.6f.\n",
			*data, len(train), len(val), cfg.Epochs, cfg.LearningRate, cfg.L2, *quietOnly, res.K, res.ValidationBefore, res.ValidationAfter)
		src, err := params.GoSource(header)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fit:", err)
			return 1
		}
		if err := os.WriteFile(*out, src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "fit:", err)
			return 1
		}
		fmt.Println("wrote", *out)
	}
	return 0
}
