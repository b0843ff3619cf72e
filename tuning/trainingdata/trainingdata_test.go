package trainingdata

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/internal/pychess"
	"tempest/movegen"
	"tempest/nnue"
	"tempest/search"
)

// randomPositions plays random games and returns every position on the
// way, with castling, en passant, captures and promotions among them.
func randomPositions(t testing.TB, games int, seed uint64) []*movegen.Position {
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []*movegen.Position
	var buf [movegen.MaxMoves]movegen.Move
	for g := 0; g < games; g++ {
		pos := movegen.NewStartPosition()
		for ply := 0; ply < 200 && pos.Outcome() == movegen.Ongoing; ply++ {
			p := *pos
			out = append(out, &p)
			moves := pos.GenLegal(buf[:])
			var u movegen.Undo
			pos.Make(moves[rng.IntN(len(moves))], &u)
		}
	}
	return out
}

func TestRecordsReadBackTheSamePosition(t *testing.T) {
	for i, pos := range randomPositions(t, 40, 1) {
		score := []int{0, 17, -250, 32767, -40000}[i%5]
		res := Result(i % 3)
		r, err := Pack(pos, score, res)
		require.NoError(t, err)
		fen, err := r.FEN()
		require.NoError(t, err)
		require.Equal(t, pos.FEN(), fen)
		back, err := r.Position()
		require.NoError(t, err)
		assert.Equal(t, pos.Key(), back.Key(), fen)
		assert.Equal(t, min(max(score, -32767), 32767), r.Score())
		assert.Equal(t, res, r.Result())
		assert.Equal(t, pos.SideToMove() == movegen.Black, r.BlackToMove())
		castling := 0
		for _, c := range strings.Fields(fen)[2] {
			castling |= map[rune]int{'K': 1, 'Q': 2, 'k': 4, 'q': 8}[c]
		}
		assert.Equal(t, castling, r.Castling(), fen)
		n := 0
		r.ForEachPiece(func(sq movegen.Square, pc movegen.Piece) {
			assert.Equal(t, pos.Piece(sq), pc)
			n++
		})
		assert.Equal(t, pos.Occupied().Count(), n)
		assert.False(t, r.LastOfGame())
		r.MarkLastOfGame()
		r.SetResult(WhiteWins)
		assert.True(t, r.LastOfGame())
		assert.Equal(t, WhiteWins, r.Result())
	}
}

func TestPackRefusesChess960(t *testing.T) {
	pos, err := movegen.ParseFEN("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1")
	require.NoError(t, err)
	require.True(t, pos.IsChess960())
	_, err = Pack(pos, 0, Draw)
	assert.ErrorContains(t, err, "Chess960")
}

func TestBrokenRecordsAreNamed(t *testing.T) {
	pos := movegen.NewStartPosition()
	good, err := Pack(pos, 0, Draw)
	require.NoError(t, err)
	for name, spoil := range map[string]func(r *Record){
		"unknown piece code 7": func(r *Record) { r[8] = 0x17 },
		"result code 3":        func(r *Record) { r[27] = 3 },
		"en-passant byte 20":   func(r *Record) { r[25] = 20 },
		"unused bits set":      func(r *Record) { r[24] |= 0x40 },
		"33 occupied squares":  func(r *Record) { r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7] = 255, 255, 255, 255, 255, 1, 0, 0 },
		"no White king":        func(r *Record) { r[10] = r[10]&0xf0 | byte(movegen.WhiteQueen) }, // e1, the fifth piece
	} {
		r := good
		spoil(&r)
		_, err := r.Position()
		assert.Error(t, err, name)
	}
}

func TestHeaderRoundTripAndRefusals(t *testing.T) {
	h := Header{Seed: 1 << 40, SoftNodes: 5000, HardNodes: 50000, RandomPlies: 4, HashMB: 16, OpeningsHash: 0xdeadbeef,
		Build: "0123456789ab+", Net: [8]byte{1, 2, 3, 4, 5, 6, 7, 8}}
	b, err := h.MarshalBinary()
	require.NoError(t, err)
	require.Len(t, b, HeaderSize)
	var back Header
	require.NoError(t, back.UnmarshalBinary(b))
	assert.Equal(t, h, back)
	assert.Equal(t, "net 0102030405060708", back.Evaluation())

	// Version 1: the build in bytes 40-63, no net.
	v1 := bytes.Clone(b)
	v1[8] = 1
	copy(v1[40:], "0123456789ab+\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	require.NoError(t, back.UnmarshalBinary(v1))
	h1 := h
	h1.Net = [8]byte{}
	assert.Equal(t, h1, back)
	assert.True(t, back.HandCrafted())
	assert.Equal(t, "hand-crafted", back.Evaluation())

	bad := bytes.Clone(b)
	bad[0] = 'X'
	assert.ErrorContains(t, back.UnmarshalBinary(bad), "magic")
	bad = bytes.Clone(b)
	bad[8] = 3
	assert.ErrorContains(t, back.UnmarshalBinary(bad), "version 3")
	assert.ErrorContains(t, back.UnmarshalBinary(b[:10]), "64 bytes")
	_, err = Header{Build: "a build longer than 16 bytes"}.MarshalBinary()
	assert.Error(t, err)
}

// A shard made with a net records the net's identity, plays other games
// than the hand-crafted evaluation does, and is not continued by a run
// that evaluates otherwise; the Python reader names the evaluation.
func TestShardRecordsItsNet(t *testing.T) {
	cfg := smallConfig()
	cfg.Games = 1
	hce := t.TempDir()
	_, err := RunShard(context.Background(), hce, 5, cfg, "test", nil)
	require.NoError(t, err)

	withNet := cfg
	withNet.Net, withNet.NetID = materialNet(), [8]byte{0xab, 0xcd}
	dir := t.TempDir()
	_, err = RunShard(context.Background(), dir, 5, withNet, "test", nil)
	require.NoError(t, err)
	h, recs, err := ReadRecords(ShardPath(dir, 5))
	require.NoError(t, err)
	assert.Equal(t, "net abcd000000000000", h.Evaluation())
	assert.NotEmpty(t, recs)
	assert.NotEqual(t, readAll(t, ShardPath(hce, 5))[HeaderSize:], readAll(t, ShardPath(dir, 5))[HeaderSize:])
	_, err = RunShard(context.Background(), dir, 5, cfg, "test", nil)
	assert.ErrorContains(t, err, "other settings")
	noID := withNet
	noID.NetID = [8]byte{}
	_, err = RunShard(context.Background(), t.TempDir(), 5, noID, "test", nil)
	assert.ErrorContains(t, err, "identity")

	out := runReader(t, "--check", ShardPath(dir, 5), ShardPath(hce, 5))
	dec := json.NewDecoder(bytes.NewReader(out))
	var evals []string
	for dec.More() {
		var summary struct {
			Version    int
			Evaluation string
		}
		require.NoError(t, dec.Decode(&summary))
		assert.Equal(t, GameVersion, summary.Version)
		evals = append(evals, summary.Evaluation)
	}
	assert.Equal(t, []string{"net abcd000000000000", "hand-crafted"}, evals)
}

// materialNet is a crude net that likes material: hidden unit k < 12
// grows with the pieces of one kind and side (squared and clipped by the
// activation), weighted by a tenth of the kind's value.
func materialNet() *nnue.Network {
	n := new(nnue.Network)
	values := [6]int16{100, 300, 320, 500, 900, 0}
	for f := 0; f < nnue.Inputs; f++ {
		kind := f / 64 // 0-5 ours, 6-11 theirs
		n.FeatureWeights[f*nnue.Hidden+kind] = 40
	}
	for kind := 0; kind < 12; kind++ {
		w := values[kind%6] / 10
		if kind >= 6 {
			w = -w
		}
		for b := range n.OutputWeights {
			n.OutputWeights[b][kind] = w
		}
	}
	return n
}

// FuzzRecord: any 32 bytes either decode to a position that packs back to
// the same position, or give an error; nothing panics.
func FuzzRecord(f *testing.F) {
	for _, pos := range randomPositions(f, 2, 3)[:20] {
		r, err := Pack(pos, 12, Draw)
		require.NoError(f, err)
		f.Add(r[:])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		copy(r[:], data)
		pos, err := r.Position()
		if err != nil {
			return
		}
		again, err := Pack(pos, r.Score(), r.Result())
		if err != nil {
			return // Chess960-looking castling rights
		}
		fen1, _ := r.FEN()
		fen2, err := again.FEN()
		require.NoError(t, err)
		p1, _ := movegen.ParseFEN(fen1)
		p2, _ := movegen.ParseFEN(fen2)
		assert.Equal(t, p1.Key(), p2.Key(), "%s / %s", fen1, fen2)
	})
}

// smallConfig plays quick games for the tests.
func smallConfig() Config {
	c := DefaultConfig
	c.Games, c.SoftNodes, c.HardNodes, c.HashMB = 3, 300, 3000, 1
	c.Openings = []string{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"}
	return c
}

func readAll(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

// A shard is the same bytes whenever it is made, and a run stopped after
// any game resumes to those same bytes.
func TestShardIsReproducibleAndResumable(t *testing.T) {
	cfg := smallConfig()
	whole := t.TempDir()
	p, err := RunShard(context.Background(), whole, 9, cfg, "test", nil)
	require.NoError(t, err)
	require.True(t, p.Completed)
	require.Equal(t, 3, p.Games)
	want := readAll(t, ShardPath(whole, 9))
	require.Greater(t, p.Records, int64(10), "the games kept positions")
	assert.Equal(t, int64(len(want)), p.Bytes)

	again := t.TempDir()
	_, err = RunShard(context.Background(), again, 9, cfg, "test", nil)
	require.NoError(t, err)
	assert.Equal(t, want, readAll(t, ShardPath(again, 9)), "made twice, the same bytes")

	for stopAfter := 1; stopAfter < 3; stopAfter++ {
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		p, err := RunShard(ctx, dir, 9, cfg, "test", func(p ShardProgress) {
			if p.Games == stopAfter {
				cancel()
			}
		})
		require.NoError(t, err)
		require.False(t, p.Completed)
		// A stop mid-game leaves records of an unfinished game behind only
		// in theory; append junk to prove the resume drops whatever follows
		// the last counted record.
		f, err := os.OpenFile(ShardPath(dir, 9), os.O_APPEND|os.O_WRONLY, 0)
		require.NoError(t, err)
		_, err = f.Write(make([]byte, 3*RecordSize))
		require.NoError(t, err)
		require.NoError(t, f.Close())
		p, err = RunShard(context.Background(), dir, 9, cfg, "test", nil)
		require.NoError(t, err)
		assert.True(t, p.Resumed && p.Completed)
		assert.Equal(t, 3-stopAfter, p.NewGames)
		assert.Equal(t, want, readAll(t, ShardPath(dir, 9)), "stopped after game %d and resumed", stopAfter)
	}

	// Another recipe or build is refused rather than mixed in.
	other := cfg
	other.SoftNodes++
	_, err = RunShard(context.Background(), whole, 9, other, "test", nil)
	assert.ErrorContains(t, err, "other settings")
	_, err = RunShard(context.Background(), whole, 9, cfg, "another build", nil)
	assert.ErrorContains(t, err, "another build")
	require.NoError(t, os.Remove(ShardPath(whole, 9)+".progress"))
	_, err = RunShard(context.Background(), whole, 9, cfg, "test", nil)
	assert.ErrorContains(t, err, "progress file")
}

// The kept positions follow the filters, and the records agree with
// python-chess read through an independent reader of the format
// (testdata/tools/trainingdata.py): the same positions, all legal, none in
// check, no mate score, one result per game.
func TestShardsAgainstPythonChess(t *testing.T) {
	dir := t.TempDir()
	// Records packed from random games, with their FENs as movegen writes them.
	var want []string
	path := filepath.Join(dir, "random.tdat")
	f, err := os.Create(path)
	require.NoError(t, err)
	w := bufio.NewWriter(f)
	hdr, _ := Header{Build: "test"}.MarshalBinary()
	w.Write(hdr)
	for i, pos := range randomPositions(t, 20, 5) {
		r, err := Pack(pos, i%700-350, Result(i%3))
		require.NoError(t, err)
		w.Write(r[:])
		want = append(want, pos.FEN())
	}
	require.NoError(t, w.Flush())
	require.NoError(t, f.Close())
	out := runReader(t, path)
	var got []string
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var rec struct {
			FEN    string
			Score  int
			Result int
		}
		require.NoError(t, dec.Decode(&rec))
		got = append(got, rec.FEN)
	}
	assert.Equal(t, want, got)

	// A generated shard passes every check of the reader.
	_, err = RunShard(context.Background(), dir, 3, smallConfig(), "test", nil)
	require.NoError(t, err)
	out = runReader(t, "--check", ShardPath(dir, 3))
	var summary struct{ Records, Games int }
	require.NoError(t, json.Unmarshal(out, &summary))
	assert.Greater(t, summary.Records, 10)
	assert.LessOrEqual(t, summary.Games, 3)
}

func runReader(t *testing.T, args ...string) []byte {
	t.Helper()
	py := pychess.Python(t)
	cmd := exec.Command(py, append([]string{"../../testdata/tools/trainingdata.py"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	return out
}

// Every kept position passes Keep, judged again from the record.
func TestKeptPositionsAreQuiet(t *testing.T) {
	e := search.New(1)
	_, recs, st, err := PlayGame(context.Background(), e, smallConfig(), 4, 0)
	require.NoError(t, err)
	require.NotEmpty(t, recs)
	assert.Equal(t, len(recs), st.Kept)
	assert.Less(t, st.Kept, st.Plies+1)
	for i, r := range recs {
		pos, err := r.Position()
		require.NoError(t, err)
		assert.False(t, pos.InCheck())
		assert.False(t, search.IsMate(r.Score()))
		assert.Equal(t, st.Result, r.Result())
		assert.Equal(t, i == len(recs)-1, r.LastOfGame())
	}
}

// BenchmarkPlayGame plays whole games at the default node limits: the
// positions kept per second of one thread (docs/NNUE.md).
func BenchmarkPlayGame(b *testing.B) {
	cfg := DefaultConfig
	if v, err := strconv.Atoi(os.Getenv("DATAGEN_SOFT")); err == nil {
		cfg.SoftNodes = uint64(v)
	}
	if v, err := strconv.Atoi(os.Getenv("DATAGEN_HASH")); err == nil {
		cfg.HashMB = v
	}
	cfg.Openings = []string{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}
	e := search.New(cfg.HashMB)
	kept, plies := 0, 0
	var nodes uint64
	for i := 0; b.Loop(); i++ {
		_, _, st, err := PlayGame(context.Background(), e, cfg, 77, i)
		if err != nil {
			b.Fatal(err)
		}
		kept += st.Kept
		plies += st.Plies
		nodes += st.Nodes
	}
	b.ReportMetric(float64(kept)/b.Elapsed().Seconds(), "kept/s")
	b.ReportMetric(float64(nodes)/float64(max(plies, 1)), "nodes/move")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nps")
}

// writeRecordShard writes records as a shard of the 32-byte format, with
// a progress file counting games records.
func writeRecordShard(t *testing.T, path string, recs []Record, games int) {
	t.Helper()
	hdr, err := Header{Seed: 5, Build: "test"}.MarshalBinary()
	require.NoError(t, err)
	for i := range recs {
		hdr = append(hdr, recs[i][:]...)
	}
	require.NoError(t, os.WriteFile(path, hdr, 0o644))
	require.NoError(t, os.WriteFile(path+".progress", fmt.Appendf(nil, "games %d records %d\n", games, len(recs)), 0o644))
}

// ReadShard (the 32-byte format of the first rounds) gives the records of
// the finished games, even beside a half-written one, and refuses a
// damaged length without a progress file.
func TestReadShard(t *testing.T) {
	_, recs, _, err := PlayGame(context.Background(), search.New(1), smallConfig(), 5, 0)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "shard-5.tdat")
	writeRecordShard(t, path, recs, 1)
	h, got, err := ReadRecords(path)
	require.NoError(t, err)
	assert.Equal(t, uint64(5), h.Seed)
	assert.Equal(t, recs, got)
	assert.True(t, got[len(got)-1].LastOfGame())

	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.Write(make([]byte, RecordSize+5)) // a game being written
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, again, err := ReadShard(path)
	require.NoError(t, err)
	assert.Equal(t, recs, again)

	require.NoError(t, os.Remove(path+".progress"))
	_, _, err = ReadShard(path)
	assert.ErrorContains(t, err, "after the last whole record")
}
