package stratego

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPerftSignature pins the move generator and battle rules: perft of
// startpos and of Example 4's position. Depths 1-2 of startpos are
// Example 1 (6 moves, then 3 replies each); the deeper counts were produced
// by this implementation, after TestGeneratorAgainstNaive and the examples
// passed, and guard against regressions.
func TestPerftSignature(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want []uint64
	}{
		{StartPosition, []uint64{6, 18, 192, 1275, 14947, 105555}},
		{"e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0", []uint64{24, 229, 5060, 49566}},
	} {
		p, err := ParsePosition(tc.pos)
		require.NoError(t, err)
		for d, want := range tc.want {
			assert.Equal(t, want, perftCount(t, p, d+1), "%s depth %d", tc.pos, d+1)
		}
		var sum uint64
		div, err := Divide(context.Background(), p, 3)
		require.NoError(t, err)
		for _, n := range div {
			sum += n
		}
		assert.Equal(t, tc.want[2], sum, "divide adds up to perft")
	}
}

// naiveMoves is the movement rule of §4 written the slow, obvious way: try
// every square in the four lines from each piece and keep those reached
// over empty non-lake squares.
func naiveMoves(p *Position) []string {
	out := []string{}
	for from := Square(0); from < numSquares; from++ {
		pc := p.board[from]
		if pc == NoPiece || pc.Side() != p.stm || pc.Kind() == Trap || pc.Kind() == Flag {
			continue
		}
		for to := Square(0); to < numSquares; to++ {
			df, dr := to.File()-from.File(), to.Rank()-from.Rank()
			if (df != 0) == (dr != 0) || lake[to] {
				continue
			}
			steps := max(df, -df, dr, -dr)
			if steps > 1 && pc.Kind() != Scout {
				continue
			}
			clear := true
			for i := 1; i < steps; i++ {
				mid := MakeSquare(from.File()+df/steps*i, from.Rank()+dr/steps*i)
				if lake[mid] || p.board[mid] != NoPiece {
					clear = false
				}
			}
			if q := p.board[to]; clear && (q == NoPiece || q.Side() != p.stm) {
				out = append(out, from.String()+to.String())
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestGeneratorAgainstNaive compares the generator with naiveMoves over
// the positions of random games from random setups.
func TestGeneratorAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	positions := 0
	for n := 0; n < 40; n++ {
		p := NewStart(RandomSetup(rng), RandomSetup(rng), Side(n%2))
		for ply := 0; ply < 400; ply++ {
			var buf [MaxMoves]Move
			moves := p.GenMoves(buf[:0])
			got := make([]string, len(moves))
			for i, m := range moves {
				got[i] = m.String()
			}
			slices.Sort(got)
			require.Equal(t, naiveMoves(p), got, p.String())
			positions++
			if len(moves) == 0 || p.Ending().Result != Ongoing {
				break
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions compared", positions)
}

// TestGenBattlesFor: each side's battles, whoever is to move, are its
// moves onto enemy pieces (GenMoves with that side to move), and
// GenBattles is the side to move's.
func TestGenBattlesFor(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	for n := 0; n < 20; n++ {
		p := NewStart(RandomSetup(rng), RandomSetup(rng), Side(n%2))
		for ply := 0; ply < 300; ply++ {
			var buf [MaxMoves]Move
			for _, s := range []Side{Volcandria, Everwinter} {
				q := *p
				q.stm = s
				var want []Move
				for _, m := range q.GenMoves(buf[:0]) {
					if q.At(m.To()) != NoPiece {
						want = append(want, m)
					}
				}
				assert.ElementsMatch(t, want, p.GenBattlesFor(s, nil), "%s, %s", p, s)
			}
			assert.Equal(t, p.GenBattlesFor(p.SideToMove(), nil), p.GenBattles(nil))
			moves := p.GenMoves(buf[:0])
			if len(moves) == 0 || p.Ending().Result != Ongoing {
				break
			}
			p.Play(moves[rng.IntN(len(moves))])
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	p, _ := ParsePosition("e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	var nodes uint64
	for b.Loop() {
		n, _ := Perft(context.Background(), p, 4)
		nodes += n
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// TestMoveGenerationAndPlayDoNotAllocate: the search's per-node work.
func TestMoveGenerationAndPlayDoNotAllocate(t *testing.T) {
	p, _ := ParsePosition("e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	var buf, battles [MaxMoves]Move
	moves := append([]Move(nil), p.GenMoves(buf[:0])...)
	n := testing.AllocsPerRun(50, func() {
		for _, m := range p.GenMoves(buf[:0]) {
			child := *p
			child.Play(m)
			child.GenBattles(battles[:0])
			_ = child.Ending()
		}
	})
	assert.Zero(t, n)
	assert.NotEmpty(t, moves)
}

// perftCount is Perft without a deadline, for tests.
func perftCount(t *testing.T, p *Position, depth int) uint64 {
	t.Helper()
	n, err := Perft(context.Background(), p, depth)
	require.NoError(t, err)
	return n
}

// refGamePerft counts through the Game alone, replayed from its start for
// every node: Legal() is empty once the game is over for any reason,
// repetition included (§12.13), and a battle with an unknown participant
// counts as one leaf, as in Perft.
func refGamePerft(t *testing.T, start *Position, tokens []string, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	g := NewGame(start)
	play(t, g, tokens...)
	legal := g.Legal()
	if depth == 1 {
		return uint64(len(legal))
	}
	var n uint64
	for _, tok := range legal {
		tk, err := ParseToken(tok, g.Pos().SideToMove())
		require.NoError(t, err)
		if g.Pos().hiddenBattle(tk.Move) {
			n++
			continue
		}
		n += refGamePerft(t, start, append(tokens[:len(tokens):len(tokens)], tok), depth-1)
	}
	return n
}

// TestGamePerftStopsAtRepetition: in a game given with its moves, perft
// counts nothing below a move that repeats a position for the third time
// (issue 14, finding 19), with full knowledge and in a view. The root is
// the second occurrence of the position after a2b2; three plies later the
// start occurs for the third time.
func TestGamePerftStopsAtRepetition(t *testing.T) {
	history := []string{"a2b2", "a7b7", "b2a2", "b7a7", "a2b2"}
	for _, s := range []string{
		"9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 0",
		"9f/u9/10/10/10/10/E9/9F v 00 -,- - 0 0", // Volcandria's view
	} {
		start, err := ParsePosition(s)
		require.NoError(t, err)
		g := NewGame(start)
		play(t, g, history...)
		for depth := 1; depth <= 5; depth++ {
			want := refGamePerft(t, start, history, depth)
			div, err := g.Divide(context.Background(), depth)
			require.NoError(t, err)
			var total uint64
			for _, n := range div {
				total += n
			}
			assert.Equal(t, want, total, "%s: divide at depth %d", s, depth)
			n, err := g.Perft(context.Background(), depth)
			require.NoError(t, err)
			assert.Equal(t, want, n, "%s: perft at depth %d", s, depth)
		}
		assert.Greater(t, perftCount(t, g.Pos(), 4), refGamePerft(t, start, history, 4), "%s: the history makes the difference", s)
	}
}

// TestGamePerftAgainstGameRules: after random histories in small
// positions, full-knowledge and views with several unknown pieces (which
// a view tells apart by identity), perft agrees with counting through the
// Game's own rules.
func TestGamePerftAgainstGameRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 14))
	for _, s := range []string{
		"9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 0",
		// Two pieces a side in pens of four squares: they shuffle, swap
		// places and repeat positions.
		"ewt6f/2t7/tt8/10/10/TT8/2T7/EMT6F v 00 -,- - 0 0",
		"uut6f/2t7/tt8/10/10/TT8/2T7/EMT6F v 00 -,- - 0 0",
		"ewt6f/2t7/tt8/10/10/TT8/2T7/UUT6F e 00 -,- - 0 0",
	} {
		start, err := ParsePosition(s)
		require.NoError(t, err)
		for n := 0; n < 12; n++ {
			g := NewGame(start)
			var history []string
			for len(history) < 12+rng.IntN(12) && !g.Status().Over {
				var legal []string
				for _, tok := range g.Legal() {
					tk, err := ParseToken(tok, g.Pos().SideToMove())
					require.NoError(t, err)
					if g.Pos().At(tk.Move.To()) == NoPiece { // battles in a view need the arbiter
						legal = append(legal, tok)
					}
				}
				if len(legal) == 0 {
					break
				}
				tok := legal[rng.IntN(len(legal))]
				play(t, g, tok)
				history = append(history, tok)
			}
			got, err := g.Perft(context.Background(), 4)
			require.NoError(t, err)
			require.Equal(t, refGamePerft(t, start, history, 4), got, "%s after %v", s, history)
		}
	}
}

// TestPerftCancels: a cancelled context stops perft at once with its error.
func TestPerftCancels(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, err := ParsePosition(StartPosition)
	require.NoError(t, err)
	_, err = Perft(ctx, p, 12)
	assert.ErrorIs(t, err, context.Canceled)
	_, err = Divide(ctx, p, 12)
	assert.ErrorIs(t, err, context.Canceled)
}

// TestPerftDoesNotAllocatePerNode: a perft allocates its stack once,
// whatever the number of nodes.
func TestPerftDoesNotAllocatePerNode(t *testing.T) {
	p, err := ParsePosition("e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(5, func() { _, _ = Perft(context.Background(), p, 3) })
	assert.LessOrEqual(t, allocs, 6.0)
}
