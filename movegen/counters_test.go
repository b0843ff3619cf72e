package movegen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/internal/pychess"
)

// TestCountersStayReadableAtTheLimit: a FEN whose clocks are at the
// largest value the parser accepts stays readable after a move; the
// counters stop at that value (issue 14, finding 2).
func TestCountersStayReadableAtTheLimit(t *testing.T) {
	limit := fmt.Sprint(maxClock)
	for _, tc := range []struct{ fen, move, want string }{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 " + limit, "e7e5",
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 " + limit},
		{"4k3/8/8/8/8/8/8/4K2R w K - " + limit + " 7", "h1h2",
			"4k3/8/8/8/8/8/7R/4K3 b - - " + limit + " 7"},
		{"4k3/8/8/8/8/8/8/4K2R b K - " + limit + " " + limit, "e8d8",
			"3k4/8/8/8/8/8/8/4K2R w K - " + limit + " " + limit},
	} {
		p := mustFEN(t, tc.fen)
		play(t, p, tc.move)
		require.Equal(t, tc.want, p.FEN(), tc.fen)
		q, err := ParseFEN(p.FEN())
		require.NoError(t, err, "the FEN after %s in %s", tc.move, tc.fen)
		assert.Equal(t, p.FEN(), q.FEN())
		assert.Equal(t, p.Key(), q.Key())
		assert.LessOrEqual(t, p.FullMoveNumber(), maxClock, "FullMoveNumber stops at the limit")
	}
}

// chess960Start is a random Chess960 back rank: bishops on squares of
// both colours, the king between the rooks.
func chess960Start(rng *rand.Rand) string {
	var rank [8]byte
	rank[2*rng.IntN(4)] = 'b'
	rank[2*rng.IntN(4)+1] = 'b'
	var free []int
	for i, c := range rank {
		if c == 0 {
			free = append(free, i)
		}
	}
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	rank[free[0]], rank[free[1]], rank[free[2]] = 'q', 'n', 'n'
	rest := slices.Sorted(slices.Values(free[3:]))
	rank[rest[0]], rank[rest[1]], rank[rest[2]] = 'r', 'k', 'r'
	black := string(rank[:])
	return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + strings.ToUpper(black) + " w KQkq - 0 1"
}

// checkTokens: the tokens of the legal moves are distinct in both modes and
// each reads back as its move.
func checkTokens(t *testing.T, p *Position) {
	t.Helper()
	var buf [MaxMoves]Move
	for _, chess960 := range []bool{false, true} {
		seen := map[string]Move{}
		for _, m := range p.GenLegal(buf[:]) {
			tok := m.UCI(chess960)
			if other, dup := seen[tok]; dup {
				t.Fatalf("%s: two moves (kinds %d and %d) are both written %q (chess960 %t)", p.FEN(), other.Kind()>>14, m.Kind()>>14, tok, chess960)
			}
			seen[tok] = m
			back, err := p.ParseUCIMove(tok, chess960)
			if err != nil || back != m {
				t.Fatalf("%s: %v written %q reads back as %v (%v), chess960 %t", p.FEN(), m, tok, back, err, chess960)
			}
		}
	}
}

// TestRandomPlayPositionStringsReadBack plays random games from standard
// and Chess960 starts, some with clocks at or near the limit, and checks
// after every move that the FEN and Shredder-FEN read back to the same
// position and that the move tokens are distinct and playable. python-chess
// then reads every FEN and writes it back unchanged, and lists the same
// move tokens in both notations.
func TestRandomPlayPositionStringsReadBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	games, plies := 60, 120
	if testing.Short() {
		games = 12
	}
	var fens []string
	for g := 0; g < games; g++ {
		start := StartFEN
		if g%2 == 1 {
			start = chess960Start(rng)
		}
		fields := strings.Fields(start)
		switch g % 3 {
		case 1:
			fields[4], fields[5] = fmt.Sprint(maxClock-rng.IntN(3)), fmt.Sprint(maxClock-rng.IntN(3))
		case 2:
			fields[5] = fmt.Sprint(maxClock)
		}
		p := mustFEN(t, strings.Join(fields, " "))
		for ply := 0; ply < plies; ply++ {
			checkTokens(t, p)
			var buf [MaxMoves]Move
			moves := p.GenLegal(buf[:])
			if len(moves) == 0 {
				break
			}
			var u Undo
			p.Make(moves[rng.IntN(len(moves))], &u)
			for _, fen := range []string{p.FEN(), p.ShredderFEN()} {
				q, err := ParseFEN(fen)
				require.NoError(t, err, "printed %q", fen)
				require.Equal(t, p.FEN(), q.FEN())
				require.Equal(t, p.Key(), q.Key(), fen)
				require.Equal(t, p.Castling(), q.Castling(), fen)
			}
			fens = append(fens, p.FEN())
		}
	}
	checkWithPythonChess(t, fens)
}

// pythonTokens reads FENs from stdin, one a line, and answers each with the
// FEN python-chess writes after reading it and the legal moves in standard
// and in Chess960 notation.
const pythonTokens = `
import chess, json, sys
for line in sys.stdin:
    b = chess.Board(line.strip(), chess960=True)
    print(json.dumps({"fen": b.fen(),
        "std": sorted(b.uci(m, chess960=False) for m in b.legal_moves),
        "c960": sorted(b.uci(m, chess960=True) for m in b.legal_moves)}))
`

func checkWithPythonChess(t *testing.T, fens []string) {
	t.Helper()
	py := pychess.Python(t)
	cmd := exec.Command(py, "-c", pythonTokens)
	cmd.Stdin = strings.NewReader(strings.Join(fens, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Len(t, lines, len(fens))
	for i, line := range lines {
		var r struct {
			FEN  string   `json:"fen"`
			Std  []string `json:"std"`
			C960 []string `json:"c960"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &r))
		require.Equal(t, fens[i], r.FEN, "python-chess reads %q back differently", fens[i])
		p := mustFEN(t, fens[i])
		var buf [MaxMoves]Move
		var std, ch []string
		for _, m := range p.GenLegal(buf[:]) {
			std = append(std, m.UCI(false))
			ch = append(ch, m.UCI(true))
		}
		slices.Sort(std)
		slices.Sort(ch)
		require.Equal(t, fmt.Sprint(r.Std), fmt.Sprint(std), "standard notation in %s", fens[i])
		require.Equal(t, fmt.Sprint(r.C960), fmt.Sprint(ch), "Chess960 notation in %s", fens[i])
	}
	t.Logf("python-chess reads %d FENs back unchanged and lists the same tokens", len(fens))
}
