// Package openings is where games start: reading a file of start
// positions, drawing a random start from them, and the balanced starts
// the engine's genfens command makes for self-play.
package openings

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/ulikunitz/xz"

	"tempest/internal/files"
	"tempest/movegen"
	"tempest/search"
	"tempest/tt"
)

// ReadFile reads start positions, one per line, from an EPD or FEN file
// (".xz" files are decompressed): the first four fields of each line make
// the position, whose legality is checked. It returns them with the CRC-32
// of the file as stored, which shard headers record. The path may name
// anything (genfens takes it from a GUI): package files reads only a
// regular file the memory can hold, the positions are held to the memory
// as they grow (an .xz file unpacks to far more than its size), and the
// reading stops with ctx's error once ctx is done.
func ReadFile(ctx context.Context, path string) ([]string, uint32, error) {
	raw, err := files.Read(ctx, path, 0)
	if err != nil {
		return nil, 0, err
	}
	name := files.Name(path)
	crc := crc32.ChecksumIEEE(raw)
	var r io.Reader = bytes.NewReader(raw)
	if strings.HasSuffix(path, ".xz") {
		if r, err = xz.NewReader(r); err != nil {
			return nil, 0, fmt.Errorf("%s: %v", name, err)
		}
	}
	const batch = 1 << 16 // positions between two looks at ctx and the memory
	var fens []string
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		if n%batch == 0 {
			if err := ctx.Err(); err != nil {
				return nil, 0, err
			}
			// The next batch, its strings and the list's growth: about 200 bytes a position.
			if files.Fits(path, 200*batch) != nil {
				return nil, 0, fmt.Errorf("%s: the memory holds no more than the %d positions of its first %d lines", name, len(fens), n)
			}
		}
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) < 4 {
			return nil, 0, fmt.Errorf("%s:%d: a position needs four fields", name, n)
		}
		fen := strings.Join(fields[:4], " ") + " 0 1"
		pos, err := movegen.ParseFEN(fen)
		if err != nil {
			return nil, 0, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		if pos.IsChess960() {
			return nil, 0, fmt.Errorf("%s:%d: a Chess960 position; the data format records standard chess", name, n)
		}
		fens = append(fens, fen)
	}
	if err := sc.Err(); err != nil {
		return nil, 0, fmt.Errorf("%s: %v", name, err)
	}
	if len(fens) == 0 {
		return nil, 0, fmt.Errorf("%s: no positions", name)
	}
	return fens, crc, nil
}

// Random draws a game's start: one of openings (FENs; none: the standard
// start position) and then randomPlies uniformly random legal moves, fewer
// when the game ends on the way.
func Random(rng *rand.Rand, openings []string, randomPlies int) (*movegen.Position, error) {
	pos := movegen.NewStartPosition()
	if len(openings) > 0 {
		p, err := movegen.ParseFEN(openings[rng.IntN(len(openings))])
		if err != nil {
			return nil, err
		}
		pos = p
	}
	var buf [movegen.MaxMoves]movegen.Move
	for i := 0; i < randomPlies; i++ {
		moves := pos.GenLegal(buf[:])
		if len(moves) == 0 {
			break
		}
		var u movegen.Undo
		pos.Make(moves[rng.IntN(len(moves))], &u)
	}
	return pos, nil
}

// What GenFENs keeps: a short search of each candidate must score it
// within ±GenFENsMaxScore centipawns, so self-play games start balanced
// enough to be worth playing.
const (
	GenFENsScreenNodes = 5000
	GenFENsMaxScore    = 400
	// GenFENsMax bounds one request: a million positions take about an
	// hour and a half on one core.
	GenFENsMax = 1_000_000
)

// GenFENs makes n start positions for self-play, as OpenBench's
// data-generation workloads ask of engines ("genfens N seed S book B"),
// and hands each to emit as a FEN. A position is one of openings (none:
// the start position) followed by random legal moves, 8 or 9 from the
// start position (so either side may be to move) and 4 or 5 from a book
// position, kept when the game goes on and a search of
// GenFENsScreenNodes nodes scores it within ±GenFENsMaxScore. The same
// n, seed and openings give the same positions, in the same order.
func GenFENs(ctx context.Context, n int, seed uint64, openings []string, emit func(fen string)) error {
	if n < 1 || n > GenFENsMax {
		return fmt.Errorf("genfens: the count %d is not from 1 to %d", n, GenFENsMax)
	}
	rng := rand.New(rand.NewPCG(seed, 0x67656e66656e73)) // "genfens"
	t, err := tt.New(16)
	if err != nil {
		return fmt.Errorf("genfens: %v", err)
	}
	e := search.NewWithTable(t)
	plies := 8
	if len(openings) > 0 {
		plies = 4
	}
	// Nearly every candidate is kept; the bound only ends a hopeless run
	// (a book of lost positions) with an error instead of never.
	for made, tries := 0, 0; made < n; tries++ {
		if tries >= 100*n+1000 {
			return fmt.Errorf("genfens: only %d of %d positions were balanced after %d tries", made, n, tries)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		pos, err := Random(rng, openings, plies+rng.IntN(2))
		if err != nil {
			return fmt.Errorf("genfens: %v", err)
		}
		if pos.Outcome() != movegen.Ongoing {
			continue
		}
		e.NewGame()
		res := e.Search(ctx, pos, search.Limits{Nodes: GenFENsScreenNodes}, nil)
		if res.BestMove == movegen.NullMove || max(res.Score, -res.Score) > GenFENsMaxScore {
			continue
		}
		emit(pos.FEN())
		made++
	}
	return nil
}
