package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
	"tempest/syzygy"
)

func testTables(t testing.TB) *syzygy.Tables {
	t.Helper()
	tb, err := syzygy.Open("../syzygy/testdata/tables")
	require.NoError(t, err)
	t.Cleanup(func() { tb.Close() })
	return tb
}

// randomEnding places the pieces of material ("KRvK": White's, then
// Black's) at random, White to move, until the position is legal and the
// tables give it the wanted result for White.
func randomEnding(t *testing.T, tb *syzygy.Tables, rng *rand.Rand, material string, want int) *movegen.Position {
	t.Helper()
	sides := strings.Split(material, "v")
	for try := 0; try < 100000; try++ {
		var board [64]byte
		ok := true
		for c, pieces := range sides {
			for _, p := range pieces {
				sq := rng.IntN(64)
				if board[sq] != 0 || p == 'P' && (sq < 8 || sq >= 56) {
					ok = false
					break
				}
				if c == 1 {
					p += 'a' - 'A'
				}
				board[sq] = byte(p)
			}
		}
		if !ok {
			continue
		}
		var fen strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				if b := board[r*8+f]; b != 0 {
					if empty > 0 {
						fmt.Fprint(&fen, empty)
						empty = 0
					}
					fen.WriteByte(b)
				} else {
					empty++
				}
			}
			if empty > 0 {
				fmt.Fprint(&fen, empty)
			}
			if r > 0 {
				fen.WriteByte('/')
			}
		}
		pos, err := movegen.ParseFEN(fen.String() + " w - - 0 1")
		if err != nil || pos.Outcome() != movegen.Ongoing {
			continue
		}
		if wdl, ok := tb.ProbeWDL(pos); ok && wdl == want {
			return pos
		}
	}
	t.Fatalf("no %s position with result %d found", material, want)
	return nil
}

// playOut plays pos to its end, each side searching a fixed number of
// nodes with its engine, for at most maxPlies plies.
func playOut(white, black *Engine, pos *movegen.Position, maxPlies int) (movegen.Outcome, []string) {
	var moves []string
	for ply := 0; ply < maxPlies; ply++ {
		if o := pos.Outcome(); o != movegen.Ongoing {
			return o, moves
		}
		e := white
		if pos.SideToMove() == movegen.Black {
			e = black
		}
		res := e.Search(context.Background(), pos, Limits{Nodes: 3000}, nil)
		moves = append(moves, res.BestMove.UCI(false))
		var u movegen.Undo
		pos.Make(res.BestMove, &u)
	}
	return pos.Outcome(), moves
}

func tablebaseEngine(tb *syzygy.Tables) *Engine {
	e := New(8)
	if tb != nil {
		e.SetTablebases(Tablebases{Tables: tb, ProbeDepth: 1, ProbeLimit: 7, Rule50: true})
	}
	return e
}

// With the tables the engine converts won endings from random starts, in
// time for the fifty-move rule, against a defender that has them too.
func TestTablebasesConvertWins(t *testing.T) {
	tb := testTables(t)
	rng := rand.New(rand.NewPCG(5, 5))
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, material := range []string{"KRvK", "KQvKR", "KPvK"} {
		for g := 0; g < games; g++ {
			start := randomEnding(t, tb, rng, material, 2)
			fen := start.FEN()
			a, b := tablebaseEngine(tb), tablebaseEngine(tb)
			outcome, moves := playOut(a, b, start, 300)
			if assert.Equal(t, movegen.Checkmate, outcome, "%s from %s: %v", material, fen, moves) {
				assert.Equal(t, movegen.Black, start.SideToMove(), "%s from %s: White mates", material, fen)
			}
		}
	}
}

// A side the tables give a draw holds it with them against an attacker
// that plays on without them.
func TestTablebasesHoldDraws(t *testing.T) {
	tb := testTables(t)
	rng := rand.New(rand.NewPCG(6, 6))
	games := 5
	if testing.Short() {
		games = 2
	}
	for _, material := range []string{"KPvK", "KBPvK", "KRvKP", "KQvKQ"} {
		for g := 0; g < games; g++ {
			start := randomEnding(t, tb, rng, material, 0)
			fen := start.FEN()
			attacker, defender := tablebaseEngine(nil), tablebaseEngine(tb)
			outcome, moves := playOut(attacker, defender, start, 200)
			lost := outcome == movegen.Checkmate && start.SideToMove() == movegen.Black
			assert.False(t, lost, "%s from %s: the defender lost: %v", material, fen, moves)
			if outcome == movegen.Ongoing {
				wdl, ok := tb.ProbeWDL(start)
				if ok && start.SideToMove() == movegen.Black {
					wdl = -wdl
				}
				assert.False(t, ok && wdl > 0, "%s from %s: White stands to win after %v", material, fen, moves)
			}
		}
	}
}

// Inside the search a probe after a capture gives a tablebase score, above
// every evaluation and below every mate, and counts as a hit; without
// tables the same search finds no such score.
func TestTablebaseScores(t *testing.T) {
	tb := testTables(t)
	// The black rook hangs to the queen, leaving KQvK.
	pos, err := movegen.ParseFEN("4k3/8/8/8/3r4/8/3Q4/4K3 w - - 0 1")
	require.NoError(t, err)
	e := tablebaseEngine(tb)
	res := e.Search(context.Background(), pos, Limits{Depth: 6}, nil)
	assert.Equal(t, "d2d4", res.BestMove.UCI(false))
	assert.GreaterOrEqual(t, res.Score, TBWinBound)
	assert.Less(t, res.Score, MateBound)
	assert.Positive(t, e.tbHits())

	// Two threads probe the same tables (make race runs this test).
	two := tablebaseEngine(tb)
	two.SetOptions(Options{Threads: 2, MultiPV: 1})
	res = two.Search(context.Background(), pos, Limits{Depth: 10}, nil)
	assert.Equal(t, "d2d4", res.BestMove.UCI(false))
	assert.GreaterOrEqual(t, res.Score, TBWinBound)

	plain := tablebaseEngine(nil)
	res = plain.Search(context.Background(), pos, Limits{Depth: 6}, nil)
	assert.Equal(t, "d2d4", res.BestMove.UCI(false))
	assert.Less(t, res.Score, TBWinBound)
	assert.Zero(t, plain.tbHits())
}
