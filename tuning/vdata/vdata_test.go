package vdata

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toyGenerator writes games that depend on the seed and number alone, of
// varying length, and can stop the run after a number of games.
type toyGenerator struct {
	stopAfter int // cancel when asked for this game (0: never)
	cancel    context.CancelFunc
}

func (toyGenerator) Recipe() Recipe { return Recipe{{"variant", "toy"}, {"nodes", "5"}} }

func (g toyGenerator) Play(ctx context.Context, seed uint64, game int, dst []byte) ([]byte, GameStats, error) {
	if g.stopAfter > 0 && game == g.stopAfter {
		g.cancel()
		return dst, GameStats{}, ctx.Err()
	}
	for i := 0; i < 3+game%7; i++ {
		dst = append(dst, byte(seed)+byte(game*i))
	}
	return dst, GameStats{Plies: 3 + game%7, Kept: 1, Nodes: 10}, nil
}

func readGames(t *testing.T, path string) (*File, [][]byte) {
	t.Helper()
	f, err := ReadFile(path)
	require.NoError(t, err)
	var games [][]byte
	require.NoError(t, f.Games(func(i int, g []byte) error {
		require.Equal(t, int(f.First)+len(games), i)
		games = append(games, bytes.Clone(g))
		return nil
	}))
	return f, games
}

// A run stopped anywhere (here: mid-game, with the cut game's bytes left
// behind as a kill would leave them) and run again writes the same shard
// as one that never stopped.
func TestResumedShardIsTheUninterruptedOne(t *testing.T) {
	whole, parts := t.TempDir(), t.TempDir()
	p, err := RunShard(context.Background(), whole, 9, "abc", 12, toyGenerator{}, nil)
	require.NoError(t, err)
	assert.True(t, p.Completed)
	assert.Equal(t, 12, p.Games)

	ctx, cancel := context.WithCancel(context.Background())
	p, err = RunShard(ctx, parts, 9, "abc", 12, toyGenerator{stopAfter: 5, cancel: cancel}, nil)
	require.NoError(t, err)
	assert.False(t, p.Completed)
	assert.Equal(t, 5, p.Games)
	f, err := os.OpenFile(ShardPath(parts, 9), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.Write([]byte{40, 1, 2}) // half a game
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, cut := readGames(t, ShardPath(parts, 9))
	assert.Len(t, cut, 5, "a reader sees only the counted games")

	p, err = RunShard(context.Background(), parts, 9, "abc", 12, toyGenerator{}, nil)
	require.NoError(t, err)
	assert.True(t, p.Resumed)
	assert.Equal(t, 7, p.NewGames)
	a, err := os.ReadFile(ShardPath(whole, 9))
	require.NoError(t, err)
	b, err := os.ReadFile(ShardPath(parts, 9))
	require.NoError(t, err)
	assert.Equal(t, a, b)

	file, games := readGames(t, ShardPath(whole, 9))
	assert.Equal(t, "toy", file.Recipe.Get("variant"))
	assert.Equal(t, "9", file.Recipe.Get("seed"))
	assert.Equal(t, "abc", file.Recipe.Get("build"))
	require.Len(t, games, 12)
	want, _, _ := toyGenerator{}.Play(context.Background(), 9, 11, nil)
	assert.Equal(t, want, games[11])
}

// A shard is continued only with the recipe that began it.
func TestShardRefusesAnotherRecipe(t *testing.T) {
	dir := t.TempDir()
	_, err := RunShard(context.Background(), dir, 3, "abc", 2, toyGenerator{}, nil)
	require.NoError(t, err)
	_, err = RunShard(context.Background(), dir, 3, "def", 4, toyGenerator{}, nil)
	require.ErrorContains(t, err, "another recipe")
}

// Chunks cut from a shard hold its games once, and unpacked they make the
// shard again, which a run then continues.
func TestChunksPackAndUnpack(t *testing.T) {
	scratch, repo, fresh := t.TempDir(), t.TempDir(), t.TempDir()
	_, err := RunShard(context.Background(), scratch, 4, "abc", 10, toyGenerator{}, nil)
	require.NoError(t, err)
	made, err := PackChunks(ShardPath(scratch, 4), repo, 4, false)
	require.NoError(t, err)
	require.Len(t, made, 2)
	assert.Equal(t, filepath.Join(repo, "4-0000004-0000007.vgame.xz"), made[1])
	made, err = PackChunks(ShardPath(scratch, 4), repo, 4, false)
	require.NoError(t, err)
	assert.Empty(t, made, "two games left over are not a chunk")
	made, err = PackChunks(ShardPath(scratch, 4), repo, 4, true)
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(repo, "4-0000008-0000009.vgame.xz")}, made)

	chunk, games := readGames(t, made[0])
	assert.Equal(t, uint32(8), chunk.First)
	_, all := readGames(t, ShardPath(scratch, 4))
	assert.Equal(t, all[8:], games)

	shards, err := Unpack(repo, fresh)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{ShardPath(fresh, 4): 10}, shards)
	p, err := RunShard(context.Background(), fresh, 4, "abc", 12, toyGenerator{}, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, p.NewGames)
	_, err = RunShard(context.Background(), scratch, 4, "abc", 12, toyGenerator{}, nil)
	require.NoError(t, err)
	a, _ := os.ReadFile(ShardPath(scratch, 4))
	b, _ := os.ReadFile(ShardPath(fresh, 4))
	assert.Equal(t, a, b)

	require.NoError(t, os.Remove(filepath.Join(repo, "4-0000004-0000007.vgame.xz")))
	_, err = Unpack(repo, t.TempDir())
	require.ErrorContains(t, err, "do not follow on at game 4")
}

// Damaged files are refused with a reason, never a panic.
func TestBadFilesGiveClearErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := RunShard(context.Background(), dir, 1, "abc", 3, toyGenerator{}, nil)
	require.NoError(t, err)
	good, err := os.ReadFile(ShardPath(dir, 1))
	require.NoError(t, err)
	f, err := Parse(good)
	require.NoError(t, err)
	header := f.header

	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "no TEMPVGAM magic"},
		{"another magic", append([]byte("TEMPGAME"), good[8:]...), "no TEMPVGAM magic"},
		{"version", append(append(bytes.Clone(good[:8]), 9, 0, 0, 0), good[12:]...), "version 9"},
		{"recipe cut", good[:20], "recipe is cut off"},
		{"no variant", append(append(bytes.Clone(good[:16]), 6), "seed 1"...), "does not begin with the variant"},
		{"game cut", good[:len(good)-1], "game 2: its length is cut off"},
		{"huge game", append(bytes.Clone(good[:header]), 0xff, 0xff, 0xff, 0xff, 0x0f), "game 0: its length"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.data)
			if err == nil {
				_, err = f.Count()
			}
			require.ErrorContains(t, err, tc.want)
		})
	}

	_, err = ReadFile(dir)
	require.ErrorContains(t, err, "not a regular file")
	bad := filepath.Join(dir, "bad.vgame.xz")
	require.NoError(t, os.WriteFile(bad, good, 0o644))
	_, err = ReadFile(bad)
	require.ErrorContains(t, err, "bad.vgame.xz")

	require.NoError(t, os.WriteFile(ShardPath(dir, 1)+".progress", []byte("games 3 bytes 99999\n"), 0o644))
	_, err = ReadFile(ShardPath(dir, 1))
	require.ErrorContains(t, err, "its progress file counts 99999 bytes")
	require.NoError(t, os.WriteFile(ShardPath(dir, 1)+".progress", []byte("three games\n"), 0o644))
	_, err = RunShard(context.Background(), dir, 1, "abc", 4, toyGenerator{}, nil)
	require.ErrorContains(t, err, "is not \"games N bytes M\"")
}

// A recipe is written as it reads back, or refused.
func TestRecipeMustReadBack(t *testing.T) {
	_, err := appendHeader(nil, Recipe{{"variant", "toy"}, {"bad", "two\nlines"}}, 0)
	require.Error(t, err)
	_, err = appendHeader(nil, Recipe{{"seed", "1"}}, 0)
	require.Error(t, err)
	b, err := appendHeader(nil, Recipe{{"variant", "toy"}, {"empty", ""}}, 7)
	require.NoError(t, err)
	f, err := Parse(b)
	require.NoError(t, err)
	assert.Equal(t, Recipe{{"variant", "toy"}, {"empty", ""}}, f.Recipe)
	assert.Equal(t, uint32(7), f.First)
}

// FuzzParse: any bytes are a file and its games, or an error.
func FuzzParse(f *testing.F) {
	b, _ := appendHeader(nil, Recipe{{"variant", "toy"}, {"seed", "1"}}, 0)
	f.Add(b)
	f.Add(append(bytes.Clone(b), 3, 1, 2, 3, 0))
	f.Add([]byte("TEMPVGAM\x01\x00\x00\x00\x00\x00\x00\x00\x0avariant x\n\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		if file.Recipe.Get("variant") == "" && !strings.HasPrefix(file.Recipe.String(), "variant ") {
			t.Fatalf("a recipe without its variant was read: %q", file.Recipe)
		}
		n := 0
		err = file.Games(func(i int, g []byte) error {
			if len(g) > maxGame {
				return fmt.Errorf("game %d of %d bytes", i, len(g))
			}
			n++
			return nil
		})
		count, err2 := file.Count()
		if (err == nil) != (err2 == nil) || (err == nil && count != n) || errors.Is(err, context.Canceled) {
			t.Fatalf("Games and Count disagree: %v/%v, %d/%d", err, err2, n, count)
		}
	})
}

// The kept scores' coding reads back what it wrote, the sign following
// the mover, and refuses a score beyond the bound or cut off.
func TestScoreDeltasPlies(t *testing.T) {
	var w ScoreDeltas
	type ply struct {
		move  uint16
		kept  bool
		score int16
	}
	plies := []ply{{0x1234, false, 0}, {0x0101, true, 120}, {0x0202, true, -40}, {0x0303, false, 0}, {0x0404, true, 1500}}
	var b []byte
	for i, p := range plies {
		b = w.AppendPly(b, i, p.move, p.kept, p.score)
	}
	var r ScoreDeltas
	for i, want := range plies {
		move, kept, score, rest, err := r.ReadPly(b, i, 1500)
		require.NoError(t, err)
		assert.Equal(t, want, ply{move, kept, score}, "ply %d", i+1)
		b = rest
	}
	assert.Empty(t, b)
	_, _, _, _, err := (&ScoreDeltas{}).ReadPly([]byte{1}, 4, 1500)
	require.ErrorContains(t, err, "ply 5: its move is cut off")
	_, _, _, _, err = (&ScoreDeltas{}).ReadPly([]byte{1, 0}, 0, 1500)
	require.ErrorContains(t, err, "ply 1: its score is cut off")
	beyond := (&ScoreDeltas{}).AppendPly(nil, 0, 1, true, 1600)
	_, _, _, _, err = (&ScoreDeltas{}).ReadPly(beyond, 0, 1500)
	require.ErrorContains(t, err, "beyond ±1500")
}

// A win is adjudicated after the streak, in either direction, and a score
// inside the bound breaks it.
func TestWinStreak(t *testing.T) {
	w := WinStreak{Score: 100, Turns: 3}
	for i, c := range []struct{ score, want int }{{150, 0}, {120, 0}, {50, 0}, {100, 0}, {101, 0}, {-100, 0}, {-200, 0}, {-300, -1}} {
		assert.Equal(t, c.want, w.Add(c.score), "turn %d", i+1)
	}
	never := WinStreak{Score: 100}
	for range 10 {
		assert.Equal(t, 0, never.Add(500))
	}
}
