package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"tempest/nnue"
	"tempest/openings"
	"tempest/tuning/trainingdata"
)

// cacheDir is a directory under ~/.cache/tempest (the system's temporary
// directory where there is no cache directory): the developer tools' long
// jobs keep their output there, outside the repository, since it is
// regenerated from seeds rather than committed.
func cacheDir(parts ...string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(append([]string{dir, "tempest"}, parts...)...)
}

// defaultDataDir is where self-play data goes unless -out says otherwise.
func defaultDataDir() string { return cacheDir("data", "selfplay") }

// dataCommand generates training data for the neural evaluation: one
// shard per seed, each played by one search thread, resumable.
func dataCommand(args []string) int {
	cfg := trainingdata.DefaultConfig
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	out := fs.String("out", defaultDataDir(), "directory of the shards")
	seed := fs.Uint64("seed", 1, "seed of the first shard; shard k has seed+k")
	shards := fs.Int("shards", runtime.NumCPU(), "shards generated at once, one search thread each")
	fs.IntVar(&cfg.Games, "games", cfg.Games, "games per shard")
	fs.Uint64Var(&cfg.SoftNodes, "soft-nodes", cfg.SoftNodes, "the search ends after the iteration that reaches this many nodes")
	fs.Uint64Var(&cfg.HardNodes, "hard-nodes", cfg.HardNodes, "the search stops mid-iteration at this many nodes")
	fs.IntVar(&cfg.RandomPlies, "random-plies", cfg.RandomPlies, "random legal moves after the opening")
	fs.IntVar(&cfg.HashMB, "hash", cfg.HashMB, "hash table per shard, MiB")
	openingsFile := fs.String("openings", "testdata/openings/2moves_v1.epd.xz", "EPD file of start positions (.xz read); \"\" for the start position")
	every := fs.Duration("progress", 10*time.Second, "how often to print the progress line")
	evalFlag := fs.String("eval", "hce", "what the search evaluates with: hce (by hand), net (the net built in), or a net file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "datagen: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	switch {
	case *shards < 1:
		fmt.Fprintln(os.Stderr, "datagen: -shards must be at least 1")
		return 2
	case cfg.Games < 1:
		fmt.Fprintln(os.Stderr, "datagen: -games must be at least 1")
		return 2
	case cfg.SoftNodes < 1 || cfg.HardNodes < cfg.SoftNodes || cfg.HardNodes > 1<<31:
		fmt.Fprintln(os.Stderr, "datagen: need 1 <= -soft-nodes <= -hard-nodes <= 2^31")
		return 2
	case cfg.RandomPlies < 0 || cfg.RandomPlies > 100:
		fmt.Fprintln(os.Stderr, "datagen: -random-plies must be 0..100")
		return 2
	}
	if *openingsFile != "" {
		fens, crc, err := openings.ReadFile(context.Background(), *openingsFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "datagen:", err)
			return 1
		}
		cfg.Openings, cfg.OpeningsCRC = fens, crc
	}
	evaluation, err := datagenNet(*evalFlag, &cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "datagen:", err)
		return 1
	}
	build := buildRevision()
	fmt.Fprintf(os.Stderr, "datagen: %d shards (seeds %d..%d) of %d games into %s; soft %d / hard %d nodes, %d openings + %d random plies; %s; build %s\n",
		*shards, *seed, *seed+uint64(*shards)-1, cfg.Games, *out, cfg.SoftNodes, cfg.HardNodes, max(len(cfg.Openings), 1), cfg.RandomPlies, evaluation, build)
	run := func(ctx context.Context, k int, report func(shardStatus)) error {
		_, err := trainingdata.RunShard(ctx, *out, *seed+uint64(k), cfg, build, func(p trainingdata.ShardProgress) { report(p.Status) })
		return err
	}
	return runShards("datagen", *shards, cfg.Games, *every, run, func(t shardTotals) string {
		plies := float64(max(t.NewPlies, 1))
		return fmt.Sprintf("games %d/%d, %.1f MB; this run: %d positions (%.0f/s, %.2f M/h, %.0f nodes a move, %.0f%% kept), ETA %s",
			t.Games, t.Target, float64(t.Bytes)/1e6, t.NewKept, float64(t.NewKept)/t.Elapsed, float64(t.NewKept)/t.Elapsed*3600/1e6,
			float64(t.NewNodes)/plies, 100*float64(t.NewKept)/plies, t.ETA)
	})
}

// buildRevision names the build in shard headers: the VCS revision (12
// hex digits, "+" when the tree had changes) stamped into the binary, or,
// for a binary built without it (GOFLAGS=-buildvcs=false), the revision of
// the git checkout it runs in; "unknown" when neither is there.
func buildRevision() string {
	rev, dirty := "", false
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if rev == "" {
		out, err := exec.Command("git", "rev-parse", "HEAD").Output()
		if err != nil {
			return "unknown"
		}
		rev = strings.TrimSpace(string(out))
		status, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output()
		dirty = err != nil || len(bytes.TrimSpace(status)) > 0
	}
	rev = rev[:min(len(rev), 12)]
	if dirty {
		rev += "+"
	}
	return rev
}

// datagenNet sets the generator's evaluation from -eval: "hce", "net" (the
// net built in) or a net file, with the identity its shards record, and
// says which it is.
func datagenNet(eval string, cfg *trainingdata.Config) (string, error) {
	switch eval {
	case "hce":
		return "hand-crafted evaluation", nil
	case "net":
		net, provenance := nnue.Default()
		cfg.Net, cfg.NetID = net, [8]byte(nnue.DefaultSum[:8])
		return fmt.Sprintf("the net built in, %s (%s)", nnue.DefaultName, provenance), nil
	}
	net, provenance, sum, err := nnue.LoadFile(eval)
	if err != nil {
		return "", fmt.Errorf("-eval: %v", err)
	}
	cfg.Net, cfg.NetID = net, [8]byte(sum[:8])
	return fmt.Sprintf("the net %s, sha256 %x... (%s)", eval, sum[:8], provenance), nil
}

// packCommand cuts the finished games of datagen's shards into the
// compressed chunks that are committed (docs/NNUE.md, "Committed data").
func packCommand(args []string) int {
	fs := flag.NewFlagSet("datapack", flag.ContinueOnError)
	from := fs.String("from", defaultDataDir(), "directory of the shards (shard-<seed>.tgame)")
	to := fs.String("to", "", "directory of the chunks, in the repository (data/selfplay/<round>)")
	size := fs.Int("chunk", 2000, "games a chunk")
	all := fs.Bool("all", false, "also pack the games left over as one smaller chunk (before work stops)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *to == "" || fs.NArg() > 0 || *size < 1 {
		fmt.Fprintln(os.Stderr, "datapack: need -to DIR, a -chunk of at least 1 game, and no arguments")
		return 2
	}
	shards, err := filepath.Glob(filepath.Join(*from, "shard-*.tgame"))
	if err != nil || len(shards) == 0 {
		fmt.Fprintf(os.Stderr, "datapack: no shards (shard-*.tgame) in %s\n", *from)
		return 1
	}
	for _, s := range shards {
		made, err := trainingdata.PackChunks(s, *to, *size, *all)
		for _, c := range made {
			info, _ := os.Stat(c.Path)
			fmt.Fprintf(os.Stderr, "datapack: %s: games %d-%d, %d bytes\n", c.Path, c.First, c.Last, info.Size())
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "datapack:", err)
			return 1
		}
		if len(made) == 0 {
			fmt.Fprintf(os.Stderr, "datapack: %s: nothing new to pack\n", s)
		}
	}
	return 0
}

// unpackCommand rebuilds datagen's shards from committed chunks, so that
// on a machine without the scratch directory the same datagen command
// continues after the last committed game (docs/NNUE.md, "Committed data").
func unpackCommand(args []string) int {
	fs := flag.NewFlagSet("dataunpack", flag.ContinueOnError)
	from := fs.String("from", "", "directory of the chunks, in the repository (data/selfplay/<round>)")
	to := fs.String("to", "", "directory of the shards datagen resumes (its -out)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *from == "" || *to == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "dataunpack: need -from DIR and -to DIR, and no arguments")
		return 2
	}
	seeds, err := trainingdata.ChunkSeeds(*from)
	if err != nil || len(seeds) == 0 {
		fmt.Fprintf(os.Stderr, "dataunpack: no chunks (<seed>-<first>-<last>.tgame.xz) in %s (%v)\n", *from, err)
		return 1
	}
	for _, seed := range seeds {
		games, err := trainingdata.UnpackChunks(*from, seed, *to)
		if err != nil {
			fmt.Fprintln(os.Stderr, "dataunpack:", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "dataunpack: %s: games 0-%d of seed %d\n", trainingdata.ShardPath(*to, seed), games-1, seed)
	}
	return 0
}
