package trainingdata

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"tempest/tuning/shards"
)

// Chunks are how self-play data is committed: a shard's finished games cut
// into xz-compressed game files of consecutive games, named
// "<seed>-<first game>-<last game>.tgame.xz". A chunk is written once and
// never changed, so the repository's history holds each game once, and the
// training set is the union of every chunk there is.

// Chunk is one chunk file of a shard: the games first..last.
type Chunk struct {
	Path        string
	Seed        uint64
	First, Last int
}

// chunkExt ends a chunk's name.
const chunkExt = ".tgame.xz"

// ChunkName names the chunk of games first..last of the shard of seed.
func ChunkName(seed uint64, first, last int) string {
	return shards.ChunkName(seed, first, last, chunkExt)
}

func parseChunkName(name string) (seed uint64, first, last int, ok bool) {
	return shards.ParseChunkName(name, chunkExt)
}

// ChunkSeeds are the seeds of the chunks in dir, in order.
func ChunkSeeds(dir string) ([]uint64, error) {
	entries, err := os.ReadDir(dir)
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
	return seeds, nil
}

// ShardChunks lists the chunks of the shard of seed in dir, in order, and
// refuses a gap or an overlap between them (a lost or doubled chunk).
func ShardChunks(dir string, seed uint64) ([]Chunk, error) {
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	var out []Chunk
	for _, e := range entries {
		if s, a, b, ok := parseChunkName(e.Name()); ok && s == seed {
			out = append(out, Chunk{filepath.Join(dir, e.Name()), s, a, b})
		}
	}
	slices.SortFunc(out, func(x, y Chunk) int { return x.First - y.First })
	next := 0
	for _, c := range out {
		if c.First != next {
			return nil, fmt.Errorf("%s: the chunks of seed %d should go on at game %d, this one starts at %d", c.Path, seed, next, c.First)
		}
		next = c.Last + 1
	}
	return out, nil
}

// PackChunks cuts the finished games of a shard (a game file being made,
// see RunShard) that no chunk in dir holds yet into chunks of size games;
// with all, the games left over make one last, smaller chunk. Each chunk is
// read back and compared before it counts. Chunks already in dir must come
// from a shard made the same way (the same header).
func PackChunks(shard, dir string, size int, all bool) ([]Chunk, error) {
	if size < 1 {
		return nil, fmt.Errorf("trainingdata: a chunk of %d games", size)
	}
	gf, err := ReadGameFile(shard)
	if err != nil {
		return nil, err
	}
	if gf.First != 0 {
		return nil, fmt.Errorf("%s starts at game %d: chunks are cut from whole shards", shard, gf.First)
	}
	// Where each game starts in the shard's body (decoding checks it too).
	var offsets []int
	var g Game
	off := 0
	for off < len(gf.body) {
		n, err := decodeGame(gf.body[off:], &g)
		if err != nil {
			return nil, fmt.Errorf("%s: game %d: %v", shard, len(offsets), err)
		}
		offsets = append(offsets, off)
		off += n
	}
	offsets = append(offsets, off)
	have, err := ShardChunks(dir, gf.Header.Seed)
	if err != nil {
		return nil, err
	}
	next := 0
	if len(have) > 0 {
		old, err := ReadGameFile(have[0].Path)
		if err != nil {
			return nil, err
		}
		if old.Header != gf.Header {
			return nil, fmt.Errorf("%s was cut from a shard made otherwise (%+v) than %s (%+v)", have[0].Path, old.Header, shard, gf.Header)
		}
		next = have[len(have)-1].Last + 1
	}
	games := len(offsets) - 1
	if next > games {
		return nil, fmt.Errorf("%s holds %d games, but the chunks in %s reach game %d", shard, games, dir, next-1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var made []Chunk
	for next < games && (next+size <= games || all) {
		end := min(next+size, games)
		hdr, err := gf.Header.MarshalGames(uint32(next))
		if err != nil {
			return made, err
		}
		raw := append(hdr, gf.body[offsets[next]:offsets[end]]...)
		c := Chunk{filepath.Join(dir, ChunkName(gf.Header.Seed, next, end-1)), gf.Header.Seed, next, end - 1}
		if err := shards.WriteXZ(c.Path, raw); err != nil {
			return made, err
		}
		made = append(made, c)
		next = end
	}
	return made, nil
}

// UnpackChunks rebuilds the shard of seed in shardDir from its committed
// chunks in dir: the same game file and progress the generator left when it
// made them, so that on a new machine the same datagen command continues
// after the last committed game instead of playing the committed games
// again. Each chunk's games are decoded before they count; an existing
// shard is never overwritten. It returns the games the shard holds.
func UnpackChunks(dir string, seed uint64, shardDir string) (int, error) {
	chunks, err := ShardChunks(dir, seed)
	if err != nil {
		return 0, err
	}
	if len(chunks) == 0 {
		return 0, fmt.Errorf("no chunks of seed %d in %s", seed, dir)
	}
	path := ShardPath(shardDir, seed)
	if _, err := os.Lstat(path); err == nil {
		return 0, fmt.Errorf("%s exists: the generator resumes it as it is (move it away to rebuild it from the chunks)", path)
	}
	var hdr Header
	var out []byte
	for i, c := range chunks {
		gf, err := ReadGameFile(c.Path)
		if err != nil {
			return 0, err
		}
		if int(gf.First) != c.First {
			return 0, fmt.Errorf("%s: its header says game %d first, its name %d", c.Path, gf.First, c.First)
		}
		if i == 0 {
			hdr = gf.Header
			if out, err = hdr.MarshalGames(0); err != nil {
				return 0, err
			}
		} else if gf.Header != hdr {
			return 0, fmt.Errorf("%s was made otherwise (%+v) than %s (%+v)", c.Path, gf.Header, chunks[0].Path, hdr)
		}
		games := 0
		if err := gf.Games(func(int, *Game) error { games++; return nil }); err != nil {
			return 0, fmt.Errorf("%s: %v", c.Path, err)
		}
		if games != c.Last-c.First+1 {
			return 0, fmt.Errorf("%s holds %d games, its name says %d", c.Path, games, c.Last-c.First+1)
		}
		out = append(out, gf.body...)
	}
	if err := os.MkdirAll(shardDir, 0o755); err != nil {
		return 0, err
	}
	if err := shards.WriteAtomic(path, out); err != nil {
		return 0, err
	}
	games := chunks[len(chunks)-1].Last + 1
	return games, shards.WriteProgress(path, games, int64(len(out)))
}
