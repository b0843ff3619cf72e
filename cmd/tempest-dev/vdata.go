package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"tempest/tuning/cardchess"
	"tempest/tuning/chameleondata"
	"tempest/tuning/strategodata"
	"tempest/tuning/vdata"
	"tempest/tuning/vfit"
	"tempest/variants/chameleon"
	"tempest/variants/chameleon/chsearch"
	"tempest/variants/chessmate"
	"tempest/variants/stratego"
	"tempest/variants/stratego/stsearch"
)

// The variants' self-play data and the fit of their evaluation weights
// (docs/VARIANT-TRAINING.md). Card chess is the first; Chameleon Chess and
// Stratego plug in by a case in newVariantGenerator and in vfitCommand.

// defaultVariantDataDir is where a variant's shards go unless -out says otherwise.
func defaultVariantDataDir(variant string) string { return cacheDir("data", "variants", variant) }

// variantSearch are the generator's search settings every variant reads.
type variantSearch struct {
	nodes                      uint64
	worlds, randomPlies, hash  int
	maxTurns, winScore, winRun int
	players                    string // Chameleon Chess: the two colours
}

// newVariantGenerator returns a maker of one shard's generator. set holds
// the flags given: the others take the variant's defaults.
func newVariantGenerator(variant string, s variantSearch, set map[string]bool) (func() vdata.Generator, error) {
	switch variant {
	case chessmate.Name:
		if s.players != "" {
			return nil, errors.New("-players is Chameleon Chess's")
		}
		cfg := cardchess.Config{Nodes: s.nodes, Worlds: s.worlds, RandomPlies: s.randomPlies, HashMB: s.hash,
			MaxTurns: s.maxTurns, WinScore: s.winScore, WinTurns: s.winRun}
		return func() vdata.Generator { return cardchess.NewGenerator(cfg) }, nil
	case stratego.Name:
		if set["random-plies"] || set["hash"] || s.players != "" {
			return nil, errors.New("-random-plies, -hash and -players are not Stratego's: its setups vary the games, and its table is fixed")
		}
		cfg := strategodata.DefaultConfig
		cfg.Nodes, cfg.WinScore, cfg.WinTurns = s.nodes, s.winScore, s.winRun
		if set["worlds"] {
			cfg.Worlds = s.worlds
		}
		if set["max-turns"] {
			cfg.MaxPlies = s.maxTurns
		}
		return func() vdata.Generator { return strategodata.NewGenerator(cfg) }, nil
	case chameleon.Name:
		if set["worlds"] {
			return nil, errors.New("-worlds is for the hidden-information variants: Chameleon Chess hides nothing")
		}
		cfg := chameleondata.DefaultConfig
		cfg.RandomPlies, cfg.HashMB, cfg.WinScore, cfg.WinTurns = s.randomPlies, s.hash, s.winScore, s.winRun
		if set["nodes"] {
			cfg.Nodes = s.nodes
		}
		if set["max-turns"] {
			cfg.MaxPlies = s.maxTurns
		}
		if s.players != "" {
			p, err := chameleon.ParsePlayers(s.players)
			if err != nil || bits.OnesCount8(p) != 2 {
				return nil, fmt.Errorf("-players %q: two of the letters r, g, y, b (the data is of two-player games)", s.players)
			}
			cfg.Players = p
		}
		return func() vdata.Generator { return chameleondata.NewGenerator(cfg) }, nil
	}
	if s.players != "" {
		return nil, errors.New("-players is Chameleon Chess's")
	}
	return nil, fmt.Errorf("no self-play generator for variant %q yet (there are: %s, %s, %s)", variant, chessmate.Name, stratego.Name, chameleon.Name)
}

// vdatagenCommand generates a variant's self-play games: one shard per
// seed, each played by one search thread, resumable.
func vdatagenCommand(args []string) int {
	d := cardchess.DefaultConfig
	fs := flag.NewFlagSet("vdatagen", flag.ContinueOnError)
	variant := fs.String("variant", chessmate.Name, "the variant")
	out := fs.String("out", "", "directory of the shards (default ~/.cache/tempest/data/variants/<variant>)")
	seed := fs.Uint64("seed", 1, "seed of the first shard; shard k has seed+k")
	shards := fs.Int("shards", runtime.NumCPU(), "shards generated at once, one search thread each")
	games := fs.Int("games", 10000, "games per shard")
	s := variantSearch{}
	fs.Uint64Var(&s.nodes, "nodes", d.Nodes, "nodes per decision, shared by its worlds (as go nodes N; Chameleon Chess: 50000 unless given)")
	fs.IntVar(&s.worlds, "worlds", d.Worlds, "worlds dealt per decision (Stratego: 12 unless given)")
	fs.IntVar(&s.randomPlies, "random-plies", d.RandomPlies, "random regular moves after the deal (card chess)")
	fs.IntVar(&s.hash, "hash", d.HashMB, "hash table per side and shard, MiB (card chess)")
	fs.IntVar(&s.maxTurns, "max-turns", d.MaxTurns, "a game this long is adjudicated a draw (Stratego: 2000 plies, Chameleon Chess: 600 plies, unless given)")
	fs.StringVar(&s.players, "players", "", "Chameleon Chess: the two colours (default ry)")
	fs.IntVar(&s.winScore, "win-score", d.WinScore, "adjudicate a win when the score stays beyond this (cp) ...")
	fs.IntVar(&s.winRun, "win-turns", d.WinTurns, "... for this many turns in a row (0: never)")
	every := fs.Duration("progress", 60*time.Second, "how often to print the progress line")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" {
		*out = defaultVariantDataDir(*variant)
	}
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(os.Stderr, "vdatagen: unexpected argument %q\n", fs.Arg(0))
		return 2
	case *shards < 1 || *games < 1:
		fmt.Fprintln(os.Stderr, "vdatagen: -shards and -games must be at least 1")
		return 2
	case s.nodes < 1 || s.nodes > 1<<31 || s.worlds < 1 || s.worlds > 64:
		fmt.Fprintln(os.Stderr, "vdatagen: need 1 <= -nodes <= 2^31 and 1 <= -worlds <= 64")
		return 2
	case s.randomPlies < 0 || s.randomPlies > 100 || s.maxTurns < 1 || s.maxTurns > 10000 || s.winRun < 0 || s.hash < 1:
		fmt.Fprintln(os.Stderr, "vdatagen: -random-plies 0..100, -max-turns 1..10000, -win-turns >= 0, -hash >= 1")
		return 2
	case *every <= 0:
		fmt.Fprintln(os.Stderr, "vdatagen: -progress must be positive")
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	makeGen, err := newVariantGenerator(*variant, s, set)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vdatagen:", err)
		return 2
	}
	build := buildRevision()
	fmt.Fprintf(os.Stderr, "vdatagen: %s, %d shards (seeds %d..%d) of %d games into %s; build %s; recipe %s\n",
		*variant, *shards, *seed, *seed+uint64(*shards)-1, *games, *out, build,
		strings.ReplaceAll(strings.TrimSpace(makeGen().Recipe().String()), "\n", ", "))
	run := func(ctx context.Context, k int, report func(shardStatus)) error {
		_, err := vdata.RunShard(ctx, *out, *seed+uint64(k), build, *games, makeGen(), report)
		return err
	}
	return runShards("vdatagen", *shards, *games, *every, run, func(t shardTotals) string {
		return fmt.Sprintf("games %d/%d, %.2f MB; this run: %d games, %d positions kept (%.0f%% of turns searched, %.0f/h), %.0f nodes a turn, ETA %s",
			t.Games, t.Target, float64(t.Bytes)/1e6, t.NewGames, t.NewKept, 100*float64(t.NewKept)/float64(max(t.NewPlies, 1)),
			float64(t.NewKept)/t.Elapsed*3600, float64(t.NewNodes)/float64(max(t.NewPlies, 1)), t.ETA)
	})
}

// vdatapackCommand cuts the finished games of a variant's shards into the
// compressed chunks that are committed (data/variants/<variant>/).
func vdatapackCommand(args []string) int {
	fs := flag.NewFlagSet("vdatapack", flag.ContinueOnError)
	variant := fs.String("variant", chessmate.Name, "the variant (the default -from)")
	from := fs.String("from", "", "directory of the shards (default ~/.cache/tempest/data/variants/<variant>)")
	to := fs.String("to", "", "directory of the chunks, in the repository (data/variants/<variant>)")
	size := fs.Int("chunk", 1000, "games a chunk")
	all := fs.Bool("all", false, "also pack the games left over as one smaller chunk")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *to == "" || fs.NArg() > 0 || *size < 1 {
		fmt.Fprintln(os.Stderr, "vdatapack: need -to DIR, a -chunk of at least 1 game, and no arguments")
		return 2
	}
	if *from == "" {
		*from = defaultVariantDataDir(*variant)
	}
	shards, err := filepath.Glob(filepath.Join(*from, "shard-*.vgame"))
	if err != nil || len(shards) == 0 {
		fmt.Fprintf(os.Stderr, "vdatapack: no shards (shard-*.vgame) in %s\n", *from)
		return 1
	}
	for _, s := range shards {
		made, err := vdata.PackChunks(s, *to, *size, *all)
		for _, c := range made {
			fmt.Fprintf(os.Stderr, "vdatapack: %s\n", c)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "vdatapack:", err)
			return 1
		}
		if len(made) == 0 {
			fmt.Fprintf(os.Stderr, "vdatapack: %s: nothing new to pack\n", s)
		}
	}
	return 0
}

// vdataunpackCommand rebuilds the shards from committed chunks, so that a
// new machine's vdatagen continues after the last committed game.
func vdataunpackCommand(args []string) int {
	fs := flag.NewFlagSet("vdataunpack", flag.ContinueOnError)
	from := fs.String("from", "", "directory of the chunks (data/variants/<variant>)")
	to := fs.String("to", "", "directory of the shards vdatagen resumes (its -out)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "vdataunpack: need -from DIR and -to DIR, and no arguments")
		return 2
	}
	made, err := vdata.Unpack(*from, *to)
	names := make([]string, 0, len(made))
	for name := range made {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(os.Stderr, "vdataunpack: %s: %d games\n", name, made[name])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "vdataunpack:", err)
		return 1
	}
	return 0
}

// stringList is a repeatable flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// variantFit is what vfit needs of a variant: its weights file, its
// model from the hand-set or the fitted weights, a reader of one stored
// game's samples, and the writer of the fitted weights.
type variantFit struct {
	out     string
	model   func(fitted bool) vfit.Model
	samples func(game []byte, validation bool, fitted bool) ([]vfit.Sample, error)
	write   func(path string, weights []float64, fitted bool, provenance []string) error
}

// variantFits are the variants vfit knows.
var variantFits = map[string]variantFit{
	chessmate.Name: {
		out: "variants/chessmate/eval_weights.go",
		model: func(fitted bool) vfit.Model {
			if fitted {
				return cardchess.Model(&chessmate.FittedWeights)
			}
			return cardchess.Model(&chessmate.HandSetWeights)
		},
		samples: func(game []byte, validation, _ bool) ([]vfit.Sample, error) {
			return cardchess.Samples(game, validation, nil)
		},
		write: func(path string, w []float64, _ bool, provenance []string) error {
			return cardchess.WriteWeights(path, cardchess.Weights(w), provenance)
		},
	},
	chameleon.Name: {
		out:   "variants/chameleon/chsearch/eval_weights.go",
		model: func(fitted bool) vfit.Model { return chameleondata.Model(chameleonStart(fitted)) },
		samples: func(game []byte, validation, _ bool) ([]vfit.Sample, error) {
			return chameleondata.Samples(game, validation, nil)
		},
		write: func(path string, w []float64, fitted bool, provenance []string) error {
			return chameleondata.WriteWeights(path, chameleondata.Weights(chameleonStart(fitted), w), provenance)
		},
	},
	stratego.Name: {
		out:   "variants/stratego/stsearch/eval_weights.go",
		model: func(fitted bool) vfit.Model { return strategodata.Model(strategoStart(fitted)) },
		samples: func(game []byte, validation, fitted bool) ([]vfit.Sample, error) {
			return strategodata.Samples(game, validation, strategoStart(fitted), nil)
		},
		write: func(path string, w []float64, fitted bool, provenance []string) error {
			return strategodata.WriteWeights(path, strategodata.Weights(strategoStart(fitted), w), provenance)
		},
	},
}

func chameleonStart(fitted bool) *chsearch.Weights {
	if fitted {
		return &chsearch.FittedWeights
	}
	return &chsearch.HandSetWeights
}

func strategoStart(fitted bool) *stsearch.Weights {
	if fitted {
		return &stsearch.FittedWeights
	}
	return &stsearch.HandSetWeights
}

// vfitCommand fits a variant's evaluation weights to its self-play games
// and writes them as the generated Go file the evaluation reads.
func vfitCommand(args []string) int {
	cfg := vfit.DefaultConfig
	fs := flag.NewFlagSet("vfit", flag.ContinueOnError)
	variant := fs.String("variant", chessmate.Name, "the variant")
	var data stringList
	fs.Var(&data, "data", "a directory of shards or chunks, or one game file (repeatable; default: the scratch shards and data/variants/<variant>)")
	out := fs.String("out", "-", "the generated weights file (default: the variant's; \"\": print only)")
	fs.Float64Var(&cfg.Lambda, "lambda", cfg.Lambda, "the game result's share of the target (the rest: the search score)")
	fs.Float64Var(&cfg.K, "k", 0, "sigmoid scale in cp (0: fit it to the results first)")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "full-batch Adam epochs")
	fs.Float64Var(&cfg.LearningRate, "lr", cfg.LearningRate, "Adam step, cp")
	fs.Float64Var(&cfg.L2, "l2", cfg.L2, "pull towards the starting weights: L2 × Σ((w−w₀)/100)²")
	split := fs.Uint64("split", 1, "seed of the validation split (one game in ten held out)")
	from := fs.String("from", "hand", "the starting weights: hand (the hand-set ones) or fitted (the current generated ones)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || cfg.Epochs < 0 || cfg.LearningRate <= 0 || cfg.L2 < 0 || cfg.K < 0 {
		fmt.Fprintln(os.Stderr, "vfit: no arguments; -epochs >= 0, -lr > 0, -l2 >= 0, -k >= 0")
		return 2
	}
	v, ok := variantFits[*variant]
	if !ok {
		fmt.Fprintf(os.Stderr, "vfit: no fit for variant %q yet (there are: %s, %s, %s)\n", *variant, chessmate.Name, stratego.Name, chameleon.Name)
		return 2
	}
	if *out == "-" {
		*out = v.out
	}
	fitted := false
	switch *from {
	case "hand":
	case "fitted":
		fitted = true
	default:
		fmt.Fprintf(os.Stderr, "vfit: -from is hand or fitted, not %q\n", *from)
		return 2
	}
	if len(data) == 0 {
		data = stringList{defaultVariantDataDir(*variant), filepath.Join("data", "variants", *variant)}
	}
	samples, games, err := readVariantSamples(data, *variant, *split, func(game []byte, validation bool) ([]vfit.Sample, error) {
		return v.samples(game, validation, fitted)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "vfit:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "vfit: %d games, %d positions from %s\n", games, len(samples), strings.Join(data, ", "))
	model := v.model(fitted)
	cfg.Report = func(epoch int, train, validation float64) {
		if epoch%100 == 0 {
			fmt.Fprintf(os.Stderr, "vfit: epoch %d: loss %.6f training, %.6f validation\n", epoch, train, validation)
		}
	}
	res, err := vfit.Fit(samples, model, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "vfit:", err)
		return 1
	}
	for i, name := range model.Names {
		fmt.Printf("%-24s %6.1f -> %6.1f\n", name, model.Start[i], res.Weights[i])
	}
	fmt.Printf("K %.1f; loss %.6f -> %.6f training (%d positions), %.6f -> %.6f validation (%d), best epoch %d\n",
		res.K, res.TrainBefore, res.TrainAfter, res.Train, res.ValidationBefore, res.ValidationAfter, res.Validation, res.BestEpoch)
	if *out == "" {
		return 0
	}
	provenance := []string{
		"Fitted by: tempest-dev vfit " + strings.Join(args, " "),
		fmt.Sprintf("Data: %s: %d games, %d positions (%d training, %d validation), split seed %d.", strings.Join(data, ", "),
			games, len(samples), res.Train, res.Validation, *split),
		fmt.Sprintf("From the %s weights; λ %g, K %.1f, %d epochs (best %d), learning rate %g, L2 %g; build %s.",
			*from, cfg.Lambda, res.K, cfg.Epochs, res.BestEpoch, cfg.LearningRate, cfg.L2, buildRevision()),
		fmt.Sprintf("Loss before/after: %.6f/%.6f training, %.6f/%.6f validation.", res.TrainBefore, res.TrainAfter,
			res.ValidationBefore, res.ValidationAfter),
	}
	if err := v.write(*out, res.Weights, fitted, provenance); err != nil {
		fmt.Fprintln(os.Stderr, "vfit:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "vfit: wrote %s\n", *out)
	return 0
}

// gameFiles lists the game files a -data entry names: the file itself, or
// a directory's shards and chunks; a missing directory names none.
func gameFiles(entry string) ([]string, error) {
	info, err := os.Stat(entry)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{entry}, nil
	}
	var files []string
	for _, pattern := range []string{"*.vgame", "*.vgame.xz"} {
		m, err := filepath.Glob(filepath.Join(entry, pattern))
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	slices.Sort(files)
	return files, nil
}

// readVariantSamples reads every game of the files the entries name
// (each game once: a shard and the chunks cut from it hold the same games,
// told apart by their recipe and number) into the fitter's samples, in
// the order of the files and games, so the fit does not depend on how
// many threads read them.
func readVariantSamples(entries []string, variant string, split uint64, sampler func(game []byte, validation bool) ([]vfit.Sample, error)) ([]vfit.Sample, int, error) {
	var files []string
	for _, e := range entries {
		f, err := gameFiles(e)
		if err != nil {
			return nil, 0, err
		}
		files = append(files, f...)
	}
	if len(files) == 0 {
		return nil, 0, fmt.Errorf("no game files (*.vgame, *.vgame.xz) in %s", strings.Join(entries, ", "))
	}
	type fileGames struct {
		keys    []string
		samples [][]vfit.Sample
	}
	read := make([]fileGames, len(files))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, path := range files {
		g.Go(func() error {
			f, err := vdata.ReadFile(path)
			if err != nil {
				return err
			}
			if v := f.Recipe.Get("variant"); v != variant {
				return fmt.Errorf("%s: games of %q, not %s", path, v, variant)
			}
			seed, err := strconv.ParseUint(f.Recipe.Get("seed"), 10, 64)
			if err != nil {
				return fmt.Errorf("%s: the recipe names no seed", path)
			}
			recipe := f.Recipe.String()
			return f.Games(func(n int, game []byte) error {
				s, err := sampler(game, vfit.Validation(split, seed, n))
				if err != nil {
					return fmt.Errorf("%s: %v", path, err)
				}
				read[i].keys = append(read[i].keys, recipe+"#"+strconv.Itoa(n))
				read[i].samples = append(read[i].samples, s)
				return nil
			})
		})
	}
	if err := g.Wait(); err != nil {
		return nil, 0, err
	}
	seen := map[string]bool{}
	var samples []vfit.Sample
	games := 0
	for _, r := range read {
		for j, key := range r.keys {
			if seen[key] {
				continue
			}
			seen[key] = true
			games++
			samples = append(samples, r.samples[j]...)
		}
	}
	return samples, games, nil
}
