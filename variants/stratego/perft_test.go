package stratego

import (
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
			assert.Equal(t, want, Perft(p, d+1), "%s depth %d", tc.pos, d+1)
		}
		var sum uint64
		for _, n := range Divide(p, 3) {
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

func BenchmarkPerft(b *testing.B) {
	p, _ := ParsePosition("e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0")
	var nodes uint64
	for b.Loop() {
		nodes += Perft(p, 4)
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
