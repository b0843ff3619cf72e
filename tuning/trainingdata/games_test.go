package trainingdata

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/ulikunitz/xz"

	"tempest/movegen"
	"tempest/search"
)

// Games played by the generator, stored in the game format and read back,
// give the very records (bit for bit) the generator packs while it plays,
// in at most 4 bytes a kept position.
func TestGameFormatGivesTheGeneratorsRecords(t *testing.T) {
	cfg := smallConfig()
	cfg.SoftNodes, cfg.HardNodes = 600, 6000
	e := search.New(1)
	var file []byte
	var want []Record
	kept := 0
	for game := 0; game < 6; game++ {
		if game == 3 {
			e.SetNet(materialNet()) // other games, other scores
		}
		g, recs, st, err := PlayGame(context.Background(), e, cfg, 21, game)
		require.NoError(t, err)
		require.Len(t, g.Plies, st.Plies)
		n := len(file)
		file, err = AppendGame(file, g)
		require.NoError(t, err)

		var back Game
		used, err := decodeGame(file[n:], &back)
		require.NoError(t, err)
		assert.Equal(t, len(file)-n, used)
		assert.Equal(t, g.Plies, back.Plies)
		assert.Equal(t, g.Result, back.Result)
		got, err := back.Records(nil)
		require.NoError(t, err)
		require.Equal(t, recs, got, "game %d", game)
		want = append(want, recs...)
		kept += len(recs)
	}
	perPosition := float64(len(file)) / float64(kept)
	t.Logf("%d kept positions in %d bytes: %.2f bytes each", kept, len(file), perPosition)
	assert.LessOrEqual(t, perPosition, 4.0)

	hdr, err := Header{Seed: 21, Build: "test"}.MarshalGames(0)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "g.tgame")
	require.NoError(t, os.WriteFile(path, append(hdr, file...), 0o644))
	_, got, err := ReadRecords(path)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}

// randomGame plays random legal moves from the start, keeping a random
// share of the positions that could be kept, with random scores.
func randomGame(rng *rand.Rand, plies int) *Game {
	pos := movegen.NewStartPosition()
	start := *pos
	g := &Game{Start: &start, Result: Result(rng.IntN(3))}
	var buf [movegen.MaxMoves]movegen.Move
	for i := 0; i < plies && pos.Outcome() == movegen.Ongoing; i++ {
		moves := pos.GenLegal(buf[:])
		m := moves[rng.IntN(len(moves))]
		p := Ply{Move: m}
		if couldKeep(pos, m) && rng.IntN(4) > 0 {
			p.Kept = true
			p.Score = int16(rng.IntN(4001) - 2000)
			if rng.IntN(20) == 0 {
				p.Score = []int16{-30000, 30000, 29999, -25000}[rng.IntN(4)] // far apart, but no mate
			}
		}
		g.Plies = append(g.Plies, p)
		var u movegen.Undo
		pos.Make(m, &u)
	}
	return g
}

// Random games (castling, en passant, promotions, scores far apart) come
// back move for move, and a Python reader written from the format's table
// (testdata/tools/trainingdata.py) replays them with python-chess into the
// same records as the Go reader, compressed or not.
func TestGameFormatAgainstPythonChess(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	hdr, err := Header{Seed: 77, Build: "test"}.MarshalGames(1000)
	require.NoError(t, err)
	file := hdr
	var want []Record
	for i := 0; i < 40; i++ {
		g := randomGame(rng, 300)
		file, err = AppendGame(file, g)
		require.NoError(t, err)
		want, err = g.Records(want)
		require.NoError(t, err)
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "games.tgame")
	require.NoError(t, os.WriteFile(plain, file, 0o644))
	var packed bytes.Buffer
	w, err := xz.NewWriter(&packed)
	require.NoError(t, err)
	_, err = w.Write(file)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	compressed := filepath.Join(dir, "games.tgame.xz")
	require.NoError(t, os.WriteFile(compressed, packed.Bytes(), 0o644))

	for _, path := range []string{plain, compressed} {
		gf, err := ReadGameFile(path)
		require.NoError(t, err)
		assert.Equal(t, uint32(1000), gf.First)
		got, games, err := gf.Records()
		require.NoError(t, err)
		assert.Equal(t, 40, games)
		require.Equal(t, want, got)

		out := runReader(t, path)
		dec := json.NewDecoder(bytes.NewReader(out))
		n := 0
		for ; dec.More(); n++ {
			var rec struct {
				FEN    string
				Score  int
				Result int
				Last   bool
			}
			require.NoError(t, dec.Decode(&rec))
			require.Less(t, n, len(want))
			fen, err := want[n].FEN()
			require.NoError(t, err)
			assert.Equal(t, fen, rec.FEN, "record %d", n)
			assert.Equal(t, want[n].Score(), rec.Score, "record %d", n)
			assert.Equal(t, int(want[n].Result()), rec.Result)
			assert.Equal(t, want[n].LastOfGame(), rec.Last)
		}
		assert.Equal(t, len(want), n)
	}
}

// A damaged game file is refused with the game and the fault named.
func TestGameFileDamageIsNamed(t *testing.T) {
	g := randomGame(rand.New(rand.NewPCG(9, 9)), 60)
	good, err := AppendGame(nil, g)
	require.NoError(t, err)
	hdr, err := Header{Build: "test"}.MarshalGames(7)
	require.NoError(t, err)
	dir := t.TempDir()
	for name, body := range map[string][]byte{
		"cut off":        good[:len(good)-1],
		"move index 250": append(bytes.Clone(good[:14]), append([]byte{250}, good[15:]...)...),
	} {
		path := filepath.Join(dir, "bad.tgame")
		require.NoError(t, os.WriteFile(path, append(bytes.Clone(hdr), body...), 0o644))
		_, _, err := ReadRecords(path)
		assert.ErrorContains(t, err, "game 7", name)
	}
	path := filepath.Join(dir, "x.tgame")
	require.NoError(t, os.WriteFile(path, []byte("TEMPDATA and more, but not a game file at all, sixty-four bytes long"), 0o644))
	_, _, err = ReadRecords(path)
	assert.ErrorContains(t, err, "TEMPGAME")

	// A move that is not legal, or a kept capture, is refused when written.
	bad := *g
	bad.Plies = append([]Ply{{Move: movegen.NewMove(movegen.E2, movegen.E5)}}, g.Plies...)
	_, err = AppendGame(nil, &bad)
	assert.ErrorContains(t, err, "not a legal move")
}

// FuzzGameFile: any bytes after a game file's header decode to games that
// write back and read again to the same games, or give an error; nothing
// panics.
func FuzzGameFile(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 4; i++ {
		b, err := AppendGame(nil, randomGame(rng, 40))
		require.NoError(f, err)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var g Game
		n, err := decodeGame(body, &g)
		if err != nil {
			return
		}
		require.LessOrEqual(t, n, len(body))
		again, err := AppendGame(nil, &g)
		require.NoError(t, err)
		var back Game
		_, err = decodeGame(again, &back)
		require.NoError(t, err)
		assert.Equal(t, g.Plies, back.Plies)
		assert.Equal(t, g.Start.FEN(), back.Start.FEN())
	})
}

// A shard's finished games are cut into chunks that hold them once each,
// in order, whatever the chunk size; the chunks read back into the shard's
// records, later runs add chunks without touching the old ones, and a gap
// or a chunk of another recipe is refused.
func TestChunksHoldTheShardOnce(t *testing.T) {
	cfg := smallConfig()
	cfg.Games = 5
	dir, out := t.TempDir(), t.TempDir()
	_, err := RunShard(context.Background(), dir, 11, cfg, "test", nil)
	require.NoError(t, err)
	shard := ShardPath(dir, 11)
	_, want, err := ReadRecords(shard)
	require.NoError(t, err)

	made, err := PackChunks(shard, out, 2, false)
	require.NoError(t, err)
	require.Len(t, made, 2)
	assert.Equal(t, filepath.Join(out, "11-0000000-0000001.tgame.xz"), made[0].Path)
	assert.Equal(t, filepath.Join(out, "11-0000002-0000003.tgame.xz"), made[1].Path)
	before := readAll(t, made[0].Path)
	made, err = PackChunks(shard, out, 2, false)
	require.NoError(t, err)
	assert.Empty(t, made, "game 4 waits for a whole chunk")
	made, err = PackChunks(shard, out, 2, true)
	require.NoError(t, err)
	require.Len(t, made, 1)
	assert.Equal(t, 4, made[0].First)
	assert.Equal(t, before, readAll(t, filepath.Join(out, "11-0000000-0000001.tgame.xz")), "old chunks are never rewritten")

	chunks, err := ShardChunks(out, 11)
	require.NoError(t, err)
	var got []Record
	for _, c := range chunks {
		gf, err := ReadGameFile(c.Path)
		require.NoError(t, err)
		assert.Equal(t, uint32(c.First), gf.First)
		recs, games, err := gf.Records()
		require.NoError(t, err)
		assert.Equal(t, c.Last-c.First+1, games)
		got = append(got, recs...)
	}
	assert.Equal(t, want, got)

	// A lost chunk leaves a gap, which is named.
	require.NoError(t, os.Remove(chunks[1].Path))
	_, err = ShardChunks(out, 11)
	assert.ErrorContains(t, err, "should go on at game 2")
	// A shard of another recipe does not continue these chunks.
	other := cfg
	other.SoftNodes++
	dir2 := t.TempDir()
	_, err = RunShard(context.Background(), dir2, 11, other, "test", nil)
	require.NoError(t, err)
	out2 := t.TempDir()
	_, err = PackChunks(shard, out2, 5, false)
	require.NoError(t, err)
	_, err = PackChunks(ShardPath(dir2, 11), out2, 5, true)
	assert.ErrorContains(t, err, "made otherwise")
}

// On a new machine the committed chunks rebuild the shard the generator
// left, byte for byte with its progress, so the same command goes on after
// the last committed game and writes what one uninterrupted run writes; a
// shard already there is never overwritten, and a chunk that does not
// decode is refused.
func TestUnpackedChunksResumeTheShard(t *testing.T) {
	cfg := smallConfig()
	cfg.Games = 5
	dir, out, fresh := t.TempDir(), t.TempDir(), t.TempDir()
	_, err := RunShard(context.Background(), dir, 12, cfg, "test", nil)
	require.NoError(t, err)
	_, err = PackChunks(ShardPath(dir, 12), out, 2, true)
	require.NoError(t, err)

	games, err := UnpackChunks(out, 12, fresh)
	require.NoError(t, err)
	assert.Equal(t, 5, games)
	assert.Equal(t, readAll(t, ShardPath(dir, 12)), readAll(t, ShardPath(fresh, 12)))
	assert.Equal(t, readAll(t, ShardPath(dir, 12)+".progress"), readAll(t, ShardPath(fresh, 12)+".progress"))
	_, err = UnpackChunks(out, 12, fresh)
	assert.ErrorContains(t, err, "exists")

	cfg.Games = 7
	p, err := RunShard(context.Background(), fresh, 12, cfg, "test", nil)
	require.NoError(t, err)
	assert.True(t, p.Resumed)
	assert.Equal(t, 2, p.NewGames, "only the games after the chunks are played")
	whole := t.TempDir()
	_, err = RunShard(context.Background(), whole, 12, cfg, "test", nil)
	require.NoError(t, err)
	assert.Equal(t, readAll(t, ShardPath(whole, 12)), readAll(t, ShardPath(fresh, 12)))

	_, err = UnpackChunks(t.TempDir(), 12, t.TempDir())
	assert.ErrorContains(t, err, "no chunks of seed 12")
	chunks, err := ShardChunks(out, 12)
	require.NoError(t, err)
	raw := readAll(t, chunks[1].Path)
	damaged := append([]byte{}, raw[:len(raw)/2]...)
	require.NoError(t, os.WriteFile(chunks[1].Path, damaged, 0o644))
	_, err = UnpackChunks(out, 12, t.TempDir())
	assert.Error(t, err)
}
