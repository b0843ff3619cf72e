package vdata

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"tempest/tuning/shards"
)

// Chunks are how the games are committed (data/variants/<variant>/): a
// shard's finished games cut into xz-compressed game files of consecutive
// games, named "<seed>-<first game>-<last game>.vgame.xz", each with the
// shard's recipe and its first game's number in the header. A chunk is
// written once and never changed, so the repository holds each game once.

// chunkExt ends a chunk's name.
const chunkExt = ".vgame.xz"

// ChunkName names the chunk of games first..last of the shard of seed.
func ChunkName(seed uint64, first, last int) string {
	return shards.ChunkName(seed, first, last, chunkExt)
}

func parseChunkName(name string) (seed uint64, first, last int, ok bool) {
	return shards.ParseChunkName(name, chunkExt)
}

// packedUpTo is the number of games of the shard of seed that chunks in
// dir already hold (they must run from game 0 without a gap).
func packedUpTo(dir string, seed uint64) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return 0, err
	}
	type span struct{ first, last int }
	var spans []span
	for _, e := range entries {
		if s, a, b, ok := parseChunkName(e.Name()); ok && s == seed {
			spans = append(spans, span{a, b})
		}
	}
	slices.SortFunc(spans, func(x, y span) int { return x.first - y.first })
	next := 0
	for _, s := range spans {
		if s.first != next {
			return 0, fmt.Errorf("%s: the chunks of seed %d do not follow on at game %d (a lost or doubled chunk)", dir, seed, next)
		}
		next = s.last + 1
	}
	return next, nil
}

// PackChunks cuts the finished games of the shard at path that chunks in
// dir do not hold yet into chunks of size games (with all, the games left
// over too, as a smaller chunk) and returns the names it wrote.
func PackChunks(path, dir string, size int, all bool) ([]string, error) {
	f, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	if f.First != 0 {
		return nil, fmt.Errorf("%s: a shard starts at game 0, this file at %d", path, f.First)
	}
	seed, err := strconv.ParseUint(f.Recipe.Get("seed"), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("%s: the recipe names no seed", path)
	}
	done, err := packedUpTo(dir, seed)
	if err != nil {
		return nil, err
	}
	var games [][]byte
	if err := f.Games(func(i int, g []byte) error {
		if i >= done {
			games = append(games, g)
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var made []string
	for len(games) >= size || (all && len(games) > 0) {
		n := min(size, len(games))
		name := filepath.Join(dir, ChunkName(seed, done, done+n-1))
		if err := writeFile(name, f.Recipe, uint32(done), games[:n]); err != nil {
			return made, err
		}
		made = append(made, name)
		games, done = games[n:], done+n
	}
	return made, nil
}

// Unpack rebuilds the shard of every seed whose chunks are in from as
// shards in to (refusing to overwrite one), so that on a new machine the
// generator's same command continues after the committed games. It
// returns the shards and their games.
func Unpack(from, to string) (map[string]int, error) {
	entries, err := os.ReadDir(from)
	if err != nil {
		return nil, err
	}
	var seeds []uint64
	for _, e := range entries {
		if s, _, _, ok := parseChunkName(e.Name()); ok && !slices.Contains(seeds, s) {
			seeds = append(seeds, s)
		}
	}
	slices.Sort(seeds)
	made := map[string]int{}
	for _, seed := range seeds {
		n, err := packedUpTo(from, seed)
		if err != nil {
			return made, err
		}
		var recipe Recipe
		var games [][]byte
		for first := 0; first < n; {
			var chunk string
			for _, e := range entries {
				if s, a, _, ok := parseChunkName(e.Name()); ok && s == seed && a == first {
					chunk = filepath.Join(from, e.Name())
				}
			}
			if chunk == "" {
				return made, fmt.Errorf("%s: no chunk of seed %d begins at game %d, though the names say one does", from, seed, first)
			}
			f, err := ReadFile(chunk)
			if err != nil {
				return made, err
			}
			if recipe == nil {
				recipe = f.Recipe
			} else if f.Recipe.String() != recipe.String() {
				return made, fmt.Errorf("%s: another recipe than the seed's earlier chunks", chunk)
			}
			if int(f.First) != first {
				return made, fmt.Errorf("%s: its header says it begins at game %d", chunk, f.First)
			}
			if err := f.Games(func(_ int, g []byte) error { games = append(games, g); first++; return nil }); err != nil {
				return made, fmt.Errorf("%s: %v", chunk, err)
			}
		}
		path := ShardPath(to, seed)
		if _, err := os.Stat(path); err == nil {
			return made, fmt.Errorf("%s exists: unpack only where no shard of seed %d is", path, seed)
		}
		if err := os.MkdirAll(to, 0o755); err != nil {
			return made, err
		}
		if err := writeFile(path, recipe, 0, games); err != nil {
			return made, err
		}
		info, err := os.Stat(path)
		if err != nil {
			return made, err
		}
		if err := shards.WriteProgress(path, len(games), info.Size()); err != nil {
			return made, err
		}
		made[path] = len(games)
	}
	return made, nil
}
