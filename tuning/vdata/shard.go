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
	"strings"
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
type Progress struct {
	Seed      uint64
	Games     int   // games finished, resumed ones included
	Bytes     int64 // the shard's size
	NewGames  int   // games played in this run
	NewPlies  int
	NewKept   int64
	NewNodes  uint64
	Resumed   bool // the run continued a shard on disk
	Completed bool
}

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
	path := ShardPath(dir, seed)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return p, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return p, err
	}
	if info.Size() == 0 {
		b, err := appendHeader(nil, recipe, 0)
		if err != nil {
			return p, err
		}
		if _, err := f.Write(b); err != nil {
			return p, err
		}
		if err := writeProgress(path, 0, int64(len(b))); err != nil {
			return p, err
		}
		p.Bytes = int64(len(b))
	} else {
		old, err := readHeader(f, info.Size())
		if err != nil {
			return p, fmt.Errorf("%s: %v", path, err)
		}
		if old.Recipe.String() != recipe.String() || old.First != 0 {
			return p, fmt.Errorf("%s was made with another recipe:\n%sthis run's is:\n%scontinue it with the same settings and build, or write into another directory",
				path, old.Recipe, recipe)
		}
		n, size, err := readProgress(path)
		if err != nil {
			return p, err
		}
		if info.Size() < size || size < int64(old.header) {
			return p, fmt.Errorf("%s: %d bytes, but its progress file counts %d", path, info.Size(), size)
		}
		// The bytes of a game cut off by the stop are dropped; it is played again.
		if err := f.Truncate(size); err != nil {
			return p, err
		}
		p.Games, p.Bytes, p.Resumed = n, size, true
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		return p, err
	}
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
		if _, err := f.Write(frame); err != nil {
			return p, err
		}
		p.Games++
		p.Bytes += int64(len(frame))
		p.NewGames++
		p.NewPlies += st.Plies
		p.NewKept += int64(st.Kept)
		p.NewNodes += st.Nodes
		if err := writeProgress(path, p.Games, p.Bytes); err != nil {
			return p, err
		}
		if progress != nil {
			progress(p)
		}
	}
	p.Completed = true
	return p, f.Sync()
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

// writeProgress replaces the shard's progress file in one rename, so a
// stop leaves the old count or the new one, never half of one. It is
// written after the games it counts.
func writeProgress(path string, games int, size int64) error {
	tmp := path + ".progress.tmp"
	if err := os.WriteFile(tmp, fmt.Appendf(nil, "games %d bytes %d\n", games, size), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path+".progress")
}

// readProgress reads a shard's progress file: "games N bytes M".
func readProgress(path string) (games int, size int64, err error) {
	b, err := os.ReadFile(path + ".progress")
	if err != nil {
		return 0, 0, fmt.Errorf("%s has no readable progress file (%v): without it the games already in it are unknown", path, err)
	}
	f := strings.Fields(string(b))
	if len(f) != 4 || f[0] != "games" || f[2] != "bytes" {
		return 0, 0, fmt.Errorf("%s.progress: %q is not \"games N bytes M\"", path, strings.TrimSpace(string(b)))
	}
	g, err1 := strconv.Atoi(f[1])
	s, err2 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil || g < 0 || s < 0 {
		return 0, 0, fmt.Errorf("%s.progress: %q holds no counts", path, strings.TrimSpace(string(b)))
	}
	return g, s, nil
}
