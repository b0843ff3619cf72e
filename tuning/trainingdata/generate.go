package trainingdata

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"tempest/movegen"
	"tempest/nnue"
	"tempest/openings"
	"tempest/search"
)

// Config says how a shard's games are played and which positions are kept.
type Config struct {
	Games       int      // games per shard
	SoftNodes   uint64   // the search ends after the iteration that reaches this many nodes
	HardNodes   uint64   // and stops mid-iteration here
	Openings    []string // start positions (FEN); none: the standard start position
	OpeningsCRC uint32   // CRC-32 of the openings file, recorded in the header
	RandomPlies int      // uniformly random legal moves played after the opening
	HashMB      int      // the search's table
	// Net is what the search evaluates with (nil: by hand), NetID the start
	// of the SHA-256 of its file, recorded in the header.
	Net      *nnue.Network
	NetID    [8]byte
	MaxPlies int // a game that reaches this many plies is a draw

	// A game is adjudicated a win when the score, from White's view, stays
	// at or beyond ±WinScore for WinPlies plies in a row, and a draw from
	// ply DrawFromPly on when it stays within ±DrawScore for DrawPlies.
	WinScore, WinPlies             int
	DrawScore, DrawPlies, DrawFrom int
}

// DefaultConfig is what `tempest-dev datagen` uses unless told otherwise.
var DefaultConfig = Config{
	Games: 10000, SoftNodes: 2500, HardNodes: 50000, RandomPlies: 4, HashMB: 16, MaxPlies: 400,
	WinScore: 1500, WinPlies: 6, DrawScore: 10, DrawPlies: 12, DrawFrom: 80,
}

// Keep reports whether a searched position is kept: not in check, a best
// move that neither captures nor promotes, and a score that is no mate. A
// score there is the position's quiet value, which the net is to learn;
// tactics are the search's work.
func Keep(pos *movegen.Position, best movegen.Move, score int) bool {
	return !pos.InCheck() && !search.IsMate(score) && !best.IsPromotion() && !best.IsEnPassant() &&
		(best.IsCastling() || pos.Piece(best.To()) == movegen.NoPiece)
}

// GameStats describe one played game.
type GameStats struct {
	Plies    int // plies searched
	Kept     int // positions kept
	Nodes    uint64
	Result   Result
	Adjudged bool
}

// PlayGame plays game number game of the shard of seed and returns it with
// its kept positions' records, results filled in and the last one marked.
// It depends on nothing but its arguments (and the build), so a game is the
// same every time it is played; e is reset for it.
func PlayGame(ctx context.Context, e *search.Engine, cfg Config, seed uint64, game int) (*Game, []Record, GameStats, error) {
	var st GameStats
	pos, err := openings.Random(rand.New(rand.NewPCG(seed, uint64(game))), cfg.Openings, cfg.RandomPlies)
	if err != nil {
		return nil, nil, st, err
	}
	start := *pos
	g := &Game{Start: &start}
	e.NewGame()
	var recs []Record
	winStreak, drawStreak := 0, 0
	lastSign := 0
	result := Draw
play:
	for {
		switch pos.Outcome() {
		case movegen.Checkmate:
			result = WhiteWins
			if pos.SideToMove() == movegen.White {
				result = BlackWins
			}
			break play
		case movegen.Ongoing:
		default:
			break play // stalemate or a draw by rule
		}
		if st.Plies >= cfg.MaxPlies {
			st.Adjudged = true
			break
		}
		res := e.Search(ctx, pos, search.Limits{SoftNodes: cfg.SoftNodes, Nodes: cfg.HardNodes}, nil)
		if err := ctx.Err(); err != nil {
			return nil, nil, st, err
		}
		if res.BestMove == movegen.NullMove {
			return nil, nil, st, errors.New("trainingdata: the search found no move in an ongoing game")
		}
		st.Plies++
		st.Nodes += res.Nodes
		white := res.Score
		if pos.SideToMove() == movegen.Black {
			white = -white
		}
		ply := Ply{Move: res.BestMove}
		if Keep(pos, res.BestMove, res.Score) {
			r, err := Pack(pos, res.Score, Draw)
			if err != nil {
				return nil, nil, st, err
			}
			recs = append(recs, r)
			ply.Score, ply.Kept = int16(r.Score()), true
		}
		g.Plies = append(g.Plies, ply)
		// Adjudication, by the score from White's view.
		sign := 0
		switch {
		case white >= cfg.WinScore:
			sign = 1
		case white <= -cfg.WinScore:
			sign = -1
		}
		if sign != 0 && sign == lastSign {
			winStreak++
		} else if sign != 0 {
			winStreak = 1
		} else {
			winStreak = 0
		}
		lastSign = sign
		if cfg.WinPlies > 0 && winStreak >= cfg.WinPlies {
			result = WhiteWins
			if sign < 0 {
				result = BlackWins
			}
			st.Adjudged = true
			break
		}
		if pos.GamePly() >= cfg.DrawFrom && abs(white) <= cfg.DrawScore {
			drawStreak++
		} else {
			drawStreak = 0
		}
		if cfg.DrawPlies > 0 && drawStreak >= cfg.DrawPlies {
			st.Adjudged = true
			break
		}
		var u movegen.Undo
		pos.Make(res.BestMove, &u)
	}
	for i := range recs {
		recs[i].SetResult(result)
	}
	if len(recs) > 0 {
		recs[len(recs)-1].MarkLastOfGame()
	}
	st.Kept, st.Result = len(recs), result
	g.Result = result
	return g, recs, st, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ShardProgress is where a shard stands.
type ShardProgress struct {
	Seed      uint64
	Games     int    // games finished, resumed ones included
	Records   int64  // positions kept in this run's games (a resumed shard's earlier ones are not counted)
	Bytes     int64  // the shard's size
	NewGames  int    // games played in this run
	NewPlies  int    // plies searched in this run
	NewNodes  uint64 // nodes searched in this run
	NewKept   int64  // positions kept in this run
	Resumed   bool   // the run continued a shard on disk
	Completed bool
}

// ShardPath is the game file of the shard of seed in dir; its progress is
// kept beside it, in the same name with ".progress".
func ShardPath(dir string, seed uint64) string {
	return filepath.Join(dir, fmt.Sprintf("shard-%d.tgame", seed))
}

// RunShard plays the games of the shard of seed that are not yet in dir,
// appending them to its game file, and records after every game how far it
// got, so a run stopped anywhere resumes where it stopped and writes the
// same bytes as one that never stopped. A shard on disk made with other
// settings or by another build is refused: appending would mix two recipes
// in one file. progress, if not nil, is called after every game.
func RunShard(ctx context.Context, dir string, seed uint64, cfg Config, build string, progress func(ShardProgress)) (ShardProgress, error) {
	p := ShardProgress{Seed: seed}
	hdr := Header{Seed: seed, SoftNodes: uint32(cfg.SoftNodes), HardNodes: uint32(cfg.HardNodes),
		RandomPlies: uint16(cfg.RandomPlies), HashMB: uint16(cfg.HashMB), OpeningsHash: cfg.OpeningsCRC, Build: build, Net: cfg.NetID}
	if (cfg.Net == nil) != (cfg.NetID == [8]byte{}) {
		return p, errors.New("trainingdata: a net needs its identity in the header, and only a net has one")
	}
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
		b, err := hdr.MarshalGames(0)
		if err != nil {
			return p, err
		}
		if _, err := f.Write(b); err != nil {
			return p, err
		}
		if err := writeProgress(path, 0, HeaderSize); err != nil {
			return p, err
		}
		p.Bytes = HeaderSize
	} else {
		b := make([]byte, HeaderSize)
		if _, err := io.ReadFull(f, b); err != nil {
			return p, fmt.Errorf("%s: reading the header: %v", path, err)
		}
		old, first, err := UnmarshalGames(b)
		if err != nil {
			return p, fmt.Errorf("%s: %v", path, err)
		}
		if old != hdr || first != 0 {
			return p, fmt.Errorf("%s was made with other settings or another build (%+v), this run has %+v: "+
				"continue it with the same ones or write into another directory", path, old, hdr)
		}
		games, size, err := readProgress(path)
		if err != nil {
			return p, err
		}
		if info.Size() < size || size < HeaderSize {
			return p, fmt.Errorf("%s: %d bytes, but its progress file counts %d", path, info.Size(), size)
		}
		// The bytes of a game cut off by the stop are dropped; it is played again.
		if err := f.Truncate(size); err != nil {
			return p, err
		}
		p.Games, p.Bytes, p.Resumed = games, size, true
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		return p, err
	}
	if progress != nil {
		progress(p)
	}
	e := search.New(max(cfg.HashMB, 1))
	e.SetNet(cfg.Net)
	var out []byte
	for p.Games < cfg.Games {
		g, recs, st, err := PlayGame(ctx, e, cfg, seed, p.Games)
		if err != nil {
			if ctx.Err() != nil {
				return p, nil // stopped: the shard resumes from here
			}
			return p, err
		}
		if out, err = AppendGame(out[:0], g); err != nil {
			return p, fmt.Errorf("game %d: %v", p.Games, err)
		}
		if _, err := f.Write(out); err != nil {
			return p, err
		}
		p.Games++
		p.Bytes += int64(len(out))
		p.Records += int64(len(recs))
		p.NewGames++
		p.NewPlies += st.Plies
		p.NewNodes += st.Nodes
		p.NewKept += int64(len(recs))
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

// readProgress reads a shard's progress file: its finished games and,
// for a game file, the bytes they fill ("games N bytes M"), or, for a
// record shard of the old format, their records ("games N records M").
func readProgress(path string) (games int, count int64, err error) {
	b, err := os.ReadFile(path + ".progress")
	if err != nil {
		return 0, 0, fmt.Errorf("%s has no readable progress file (%v): without it the games already in it are unknown", path, err)
	}
	unit := "bytes"
	if !isGameFile(path) {
		unit = "records"
	}
	f := strings.Fields(string(b))
	if len(f) != 4 || f[0] != "games" || f[2] != unit {
		return 0, 0, fmt.Errorf("%s.progress: %q is not \"games N %s M\"", path, strings.TrimSpace(string(b)), unit)
	}
	g, err1 := strconv.Atoi(f[1])
	r, err2 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil || g < 0 || r < 0 {
		return 0, 0, fmt.Errorf("%s.progress: %q holds no counts", path, strings.TrimSpace(string(b)))
	}
	return g, r, nil
}
