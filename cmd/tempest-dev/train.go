package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"tempest/nnue"
	"tempest/tuning/nnuetrain"
	"tempest/tuning/trainingdata"
)

// trainCommand trains the neural evaluation on self-play shards and writes
// a net file (docs/NNUE.md, "Training").
func trainCommand(args []string) int {
	cfg := nnuetrain.DefaultConfig
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	data := fs.String("data", "data/selfplay", "the data: files or globs of game files (.tgame, .tgame.xz) and record shards (.tdat), and directories searched for them, separated by commas")
	runDir := fs.String("run", "", "directory of the run: checkpoint, loss history, nets (default: ~/.cache/tempest/train/seed-<seed>)")
	fs.IntVar(&cfg.Epochs, "epochs", cfg.Epochs, "passes over the training positions")
	fs.IntVar(&cfg.BatchSize, "batch", cfg.BatchSize, "positions per step")
	lr := fs.Float64("lr", shortest(cfg.LR), "Adam's step size at the start")
	fs.IntVar(&cfg.LRDropEpoch, "lr-drop", cfg.LRDropEpoch, "epoch after which the step size falls by -lr-decay")
	fs.IntVar(&cfg.LRDropEvery, "lr-every", cfg.LRDropEvery, "epochs between further falls (0: once)")
	decay := fs.Float64("lr-decay", shortest(cfg.LRDecay), "factor of each fall")
	lambda := fs.Float64("lambda", shortest(cfg.Lambda), "the game result's share of the target (the rest: the search score)")
	fitScale := fs.Bool("fit-wdl-scale", false, "print the -wdl-scale that best predicts the data's results from its scores, and stop")
	wdlScale := fs.Float64("wdl-scale", 400, "centipawns of the logistic curve that turns scores into expected results (the score at which the side to move makes 73%); fit it to the data with -fit-wdl-scale")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "threads")
	fs.Uint64Var(&cfg.Seed, "seed", cfg.Seed, "seed of the initial weights and the sample order")
	fs.Float64Var(&cfg.Validation, "validation", cfg.Validation, "share of the positions held out")
	fs.BoolVar(&cfg.Mirror, "mirror", cfg.Mirror, "every other epoch, train on the a-to-h reflection of positions without castling rights")
	fs.IntVar(&cfg.OutputBuckets, "output-buckets", nnue.OutputBuckets, fmt.Sprintf("output layers, chosen by the number of pieces: %d, or 1 (one layer in every bucket, as the nets before buckets)", nnue.OutputBuckets))
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cfg.LR, cfg.LRDecay, cfg.Lambda = float32(*lr), float32(*decay), float32(*lambda)
	if *wdlScale != 400 { // 400 is the output's own unit: runs before the option had it as 0
		cfg.WDLScale = float32(*wdlScale)
	}
	if cfg.Lambda < 0 || cfg.Lambda > 1 || cfg.Validation <= 0 || cfg.Validation >= 1 || cfg.LR <= 0 || *wdlScale < 10 || *wdlScale > 2000 {
		fmt.Fprintln(os.Stderr, "train: need 0 <= -lambda <= 1, 0 < -validation < 1, -lr > 0 and 10 <= -wdl-scale <= 2000")
		return 2
	}
	if cfg.OutputBuckets != 1 && cfg.OutputBuckets != nnue.OutputBuckets {
		fmt.Fprintf(os.Stderr, "train: -output-buckets is 1 or %d, not %d\n", nnue.OutputBuckets, cfg.OutputBuckets)
		return 2
	}
	if *runDir == "" {
		*runDir = cacheDir("train", fmt.Sprintf("seed-%d", cfg.Seed))
	}
	cfg.CheckpointDir = *runDir
	paths, err := dataFiles(*data)
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		return 1
	}
	records, seeds, buildList, evalList, err := readData(paths)
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		return 1
	}
	if *fitScale {
		scale, mse := nnuetrain.FitWDLScale(records)
		fmt.Printf("wdl-scale %d (mean squared error %.5f of sigmoid(score/scale) against the results of %d positions)\n", scale, mse, len(records))
		return 0
	}
	fmt.Fprintf(os.Stderr, "train: %d positions from %d files (seeds %s; builds %s; evaluated with %s) into %s\n",
		len(records), len(paths), strings.Join(seeds, ","), strings.Join(buildList, ","), strings.Join(evalList, ", "), *runDir)
	if err := os.MkdirAll(*runDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	provenance := func(epochs int) string {
		mirror := ""
		if cfg.Mirror {
			mirror = " mirror"
		}
		scale := ""
		if cfg.WDLScale != 0 {
			scale = fmt.Sprintf(" k %g", cfg.WDLScale)
		}
		lr := fmt.Sprint(cfg.LR)
		p := fmt.Sprintf("%d pos, shards %s, build %s; %d ep lr %s l %g%s%s ob %d seed %d; trainer %s",
			len(records), seedRange(seeds), strings.Join(buildList, ","), epochs, lr, cfg.Lambda, scale, mirror, cfg.OutputBuckets, cfg.Seed, buildRevision())
		return p[:min(len(p), 128)]
	}
	model, hist, err := nnuetrain.Train(ctx, records, cfg, func(st nnuetrain.EpochStats) {
		fmt.Fprintf(os.Stderr, "train: epoch %d/%d  train loss %.6f  validation loss %.6f  lr %.2g  %.0f pos/s  (%s)\n",
			st.Epoch, cfg.Epochs, st.TrainLoss, st.ValLoss, st.LR, float64(st.Samples)/st.Elapsed.Seconds(),
			time.Since(start).Round(time.Second))
	})
	if len(hist) > 0 {
		if werr := writeHistory(filepath.Join(*runDir, "loss.csv"), hist); werr != nil {
			fmt.Fprintln(os.Stderr, "train:", werr)
			return 1
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(os.Stderr, "train: interrupted; the same command resumes from the last finished epoch")
			return 130
		}
		fmt.Fprintln(os.Stderr, "train:", err)
		return 1
	}
	out := filepath.Join(*runDir, "net.nnue")
	f, err := os.Create(out)
	if err == nil {
		err = model.Quantise().Save(f, provenance(len(hist)))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "train: wrote %s (%s)\n", out, provenance(len(hist)))
	return 0
}

// seedRange writes the shard seeds compactly: "1000-1003" when they run
// consecutively, else the first and a count.
func seedRange(seeds []string) string {
	if len(seeds) == 1 {
		return seeds[0]
	}
	return fmt.Sprintf("%s..%s (%d)", seeds[0], seeds[len(seeds)-1], len(seeds))
}

// writeHistory writes the losses per epoch as CSV, for the plots in
// docs/NNUE.md.
func writeHistory(path string, hist []nnuetrain.EpochStats) error {
	var b strings.Builder
	b.WriteString("epoch,train_loss,validation_loss,lr,seconds\n")
	for _, st := range hist {
		fmt.Fprintf(&b, "%d,%.6f,%.6f,%g,%.1f\n", st.Epoch, st.TrainLoss, st.ValLoss, st.LR, st.Elapsed.Seconds())
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// shortest is a float32 as the float64 its shortest decimal form names, so
// that -h shows 0.001 rather than 0.0010000000474974513.
func shortest(x float32) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(float64(x), 'g', -1, 32), 64)
	return v
}

// dataFiles expands -data: comma-separated files, globs and directories
// (searched, with their subdirectories, for .tdat, .tgame and .tgame.xz
// files), in a fixed order.
func dataFiles(spec string) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if info, err := os.Stat(part); err == nil && info.IsDir() {
			err := filepath.WalkDir(part, func(p string, d os.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if !d.IsDir() && isDataFile(p) && !seen[p] {
					seen[p] = true
					out = append(out, p)
				}
				return nil
			})
			if err != nil {
				return nil, err
			}
			continue
		}
		matches, err := filepath.Glob(part)
		if err != nil {
			return nil, fmt.Errorf("-data %q: %v", part, err)
		}
		for _, p := range matches {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no shards match %q (data files end in .tgame, .tgame.xz or .tdat)", spec)
	}
	sort.Strings(out)
	return out, nil
}

func isDataFile(p string) bool {
	return strings.HasSuffix(p, ".tdat") || strings.HasSuffix(p, ".tgame") || strings.HasSuffix(p, ".tgame.xz")
}

// readData reads every file's records, refusing the same games twice (a
// shard in the cache and the committed chunks made from it, say), and
// names the seeds, builds and evaluations behind them.
func readData(paths []string) (records []trainingdata.Record, seeds, builds, evals []string, err error) {
	type span struct {
		file        string
		first, last int
	}
	spans := map[trainingdata.Header][]span{}
	seedSet, buildSet, evalSet := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range paths {
		var h trainingdata.Header
		if strings.HasSuffix(p, ".tdat") {
			var recs []trainingdata.Record
			if h, recs, err = trainingdata.ReadShard(p); err != nil {
				return
			}
			records = append(records, recs...)
		} else {
			gf, rerr := trainingdata.ReadGameFile(p)
			if rerr != nil {
				return nil, nil, nil, nil, rerr
			}
			h = gf.Header
			games := 0
			err = gf.Games(func(i int, g *trainingdata.Game) error {
				games++
				var gerr error
				records, gerr = g.Records(records)
				return gerr
			})
			if err != nil {
				return nil, nil, nil, nil, fmt.Errorf("%s: %v", p, err)
			}
			s := span{p, int(gf.First), int(gf.First) + games - 1}
			for _, o := range spans[h] {
				if games > 0 && s.first <= o.last && o.first <= s.last {
					return nil, nil, nil, nil, fmt.Errorf("%s and %s hold the same games (%d-%d and %d-%d of seed %d): give only one of them",
						o.file, p, o.first, o.last, s.first, s.last, h.Seed)
				}
			}
			spans[h] = append(spans[h], s)
		}
		if !seedSet[fmt.Sprint(h.Seed)] {
			seedSet[fmt.Sprint(h.Seed)] = true
			seeds = append(seeds, fmt.Sprint(h.Seed))
		}
		buildSet[h.Build] = true
		evalSet[h.Evaluation()] = true
	}
	return records, seeds, slices.Sorted(maps.Keys(buildSet)), slices.Sorted(maps.Keys(evalSet)), nil
}
