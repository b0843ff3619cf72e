package trainingdata

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"

	"tempest/movegen"
	"tempest/nnue"
	"tempest/openings"
	"tempest/search"
	"tempest/tuning/shards"
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
	shards.Status
	Records int64 // positions kept in this run's games (a resumed shard's earlier ones are not counted)
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
	p := ShardProgress{Status: shards.Status{Seed: seed}}
	hdr := Header{Seed: seed, SoftNodes: uint32(cfg.SoftNodes), HardNodes: uint32(cfg.HardNodes),
		RandomPlies: uint16(cfg.RandomPlies), HashMB: uint16(cfg.HashMB), OpeningsHash: cfg.OpeningsCRC, Build: build, Net: cfg.NetID}
	if (cfg.Net == nil) != (cfg.NetID == [8]byte{}) {
		return p, errors.New("trainingdata: a net needs its identity in the header, and only a net has one")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return p, err
	}
	header, err := hdr.MarshalGames(0)
	if err != nil {
		return p, err
	}
	path := ShardPath(dir, seed)
	sh, err := shards.Open(path, header, func(f *os.File, _ int64) (int64, error) {
		b := make([]byte, HeaderSize)
		if _, err := io.ReadFull(f, b); err != nil {
			return 0, fmt.Errorf("%s: reading the header: %v", path, err)
		}
		old, first, err := UnmarshalGames(b)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", path, err)
		}
		if old != hdr || first != 0 {
			return 0, fmt.Errorf("%s was made with other settings or another build (%+v), this run has %+v: "+
				"continue it with the same ones or write into another directory", path, old, hdr)
		}
		return HeaderSize, nil
	})
	if err != nil {
		return p, err
	}
	defer sh.Close()
	p.Games, p.Bytes, p.Resumed = sh.Games, sh.Bytes, sh.Resumed
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
		if err := sh.Append(out); err != nil {
			return p, err
		}
		p.Games, p.Bytes = sh.Games, sh.Bytes
		p.Records += int64(len(recs))
		p.NewGames++
		p.NewPlies += st.Plies
		p.NewNodes += st.Nodes
		p.NewKept += int64(len(recs))
		if progress != nil {
			progress(p)
		}
	}
	p.Completed = true
	return p, sh.Sync()
}

// readProgress reads a shard's progress file: its finished games and,
// for a game file, the bytes they fill ("games N bytes M"), or, for a
// record shard of the old format, their records ("games N records M").
func readProgress(path string) (games int, count int64, err error) {
	unit := "bytes"
	if !isGameFile(path) {
		unit = "records"
	}
	return shards.ReadProgress(path, unit)
}
