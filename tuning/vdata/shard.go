package vdata

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"tempest/tuning/shards"
)

// Generator plays one variant's self-play games. A shard's games depend on
// nothing but the recipe, the shard's seed and the game's number, so a
// stopped shard resumes with the same games an uninterrupted run plays.
type Generator interface {
	// Recipe names the variant first and then everything else that
	// decides the games (the caller adds the seed and the build).
	Recipe() Recipe
	// Play plays game number game of the shard of seed and appends its
	// encoding to dst. A cancelled ctx returns its error.
	Play(ctx context.Context, seed uint64, game int, dst []byte) ([]byte, GameStats, error)
}

// GameStats describe one played game.
type GameStats struct {
	Plies int    // turns searched
	Kept  int    // positions kept for fitting
	Nodes uint64 // nodes searched
}

// Progress is where a shard stands.
type Progress = shards.Status

// ShardPath is the game file of the shard of seed in dir; its progress
// file is beside it, the same name with ".progress".
func ShardPath(dir string, seed uint64) string {
	return filepath.Join(dir, fmt.Sprintf("shard-%d.vgame", seed))
}

// RunShard plays the games of the shard of seed that are not yet in dir,
// up to games, appending each to the shard's file and then counting it in
// the progress file, so a run stopped anywhere loses at most the game in
// play and resumes where it stopped. A shard on disk with another recipe
// is refused: appending would mix two recipes in one file. progress, if
// not nil, is called after every game.
func RunShard(ctx context.Context, dir string, seed uint64, build string, games int, gen Generator, progress func(Progress)) (Progress, error) {
	p := Progress{Seed: seed}
	recipe := append(slices.Clone(gen.Recipe()), [2]string{"seed", strconv.FormatUint(seed, 10)}, [2]string{"build", build})
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return p, err
	}
	header, err := appendHeader(nil, recipe, 0)
	if err != nil {
		return p, err
	}
	path := ShardPath(dir, seed)
	sh, err := shards.Open(path, header, func(f *os.File, size int64) (int64, error) {
		old, err := readHeader(f, size)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", path, err)
		}
		if old.Recipe.String() != recipe.String() || old.First != 0 {
			return 0, fmt.Errorf("%s was made with another recipe:\n%sthis run's is:\n%scontinue it with the same settings and build, or write into another directory",
				path, old.Recipe, recipe)
		}
		return int64(old.header), nil
	})
	if err != nil {
		return p, err
	}
	defer sh.Close()
	p.Games, p.Bytes, p.Resumed = sh.Games, sh.Bytes, sh.Resumed
	if progress != nil {
		progress(p)
	}
	var game, frame []byte
	for p.Games < games {
		var st GameStats
		game, st, err = gen.Play(ctx, seed, p.Games, game[:0])
		if err != nil {
			if ctx.Err() != nil {
				return p, nil // stopped: the shard resumes from here
			}
			return p, fmt.Errorf("shard %d, game %d: %v", seed, p.Games, err)
		}
		if len(game) > maxGame {
			return p, fmt.Errorf("shard %d, game %d: %d bytes encoded, more than a game may hold", seed, p.Games, len(game))
		}
		frame = binary.AppendUvarint(frame[:0], uint64(len(game)))
		frame = append(frame, game...)
		if err := sh.Append(frame); err != nil {
			return p, err
		}
		p.Games, p.Bytes = sh.Games, sh.Bytes
		p.NewGames++
		p.NewPlies += st.Plies
		p.NewKept += int64(st.Kept)
		p.NewNodes += st.Nodes
		if progress != nil {
			progress(p)
		}
	}
	p.Completed = true
	return p, sh.Sync()
}

// readHeader reads the header at the start of an open shard of size bytes.
func readHeader(f *os.File, size int64) (*File, error) {
	b := make([]byte, min(size, 16+10+maxRecipe))
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, fmt.Errorf("reading the header: %v", err)
	}
	h, err := Parse(b)
	if err != nil {
		return nil, err
	}
	h.body = nil
	return h, nil
}
