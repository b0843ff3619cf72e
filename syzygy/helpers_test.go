package syzygy

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tempest/internal/pychess"
	"tempest/movegen"
)

// committedTables holds every 3- and 4-piece table, committed with the tests.
const committedTables = "testdata/tables"

// testDirs is the table path of the tests: the committed tables, and the
// directory named by TEMPEST_SYZYGY (more tables, such as 5-piece ones) when
// it is set and exists.
func testDirs(t testing.TB) string {
	dirs := []string{committedTables}
	if extra := os.Getenv("TEMPEST_SYZYGY"); extra != "" {
		if st, err := os.Stat(extra); err == nil && st.IsDir() {
			dirs = append(dirs, extra)
		} else {
			t.Logf("TEMPEST_SYZYGY=%s is not a directory; using the committed tables only", extra)
		}
	}
	return strings.Join(dirs, string(os.PathListSeparator))
}

func openTest(t testing.TB) *Tables {
	t.Helper()
	tb, err := Open(testDirs(t))
	require.NoError(t, err)
	t.Cleanup(func() { tb.Close() })
	return tb
}

func mustFEN(t testing.TB, fen string) *movegen.Position {
	t.Helper()
	pos, err := movegen.ParseFEN(fen)
	require.NoError(t, err, fen)
	return pos
}

// fullRun reports whether SYZYGY_FULL=1 asks for the long oracle runs.
func fullRun() bool { return os.Getenv("SYZYGY_FULL") == "1" }

var pieceChar = map[movegen.PieceType]byte{
	movegen.Pawn: 'p', movegen.Knight: 'n', movegen.Bishop: 'b',
	movegen.Rook: 'r', movegen.Queen: 'q', movegen.King: 'k',
}

// randomFEN places material m (colours swapped when swap is set) at random,
// with side to move stm, until the position is legal. With ep it puts a
// pawn of each side side by side as after a two-square move, with the
// en-passant square set, and insists that the capture is legal; ok is false
// when the material has no pawns of both colours.
func randomFEN(rng *rand.Rand, m material, swap bool, stm movegen.Color, ep bool, rule50 int) (string, bool) {
	if swap {
		m = m.mirror()
	}
	if ep && (m.count(movegen.White, movegen.Pawn) == 0 || m.count(movegen.Black, movegen.Pawn) == 0) {
		return "", false
	}
	for tries := 0; tries < 10000; tries++ {
		var board [64]byte
		put := func(c movegen.Color, pt movegen.PieceType, sq int) bool {
			if board[sq] != 0 {
				return false
			}
			ch := pieceChar[pt]
			if c == movegen.White {
				ch -= 'a' - 'A'
			}
			board[sq] = ch
			return true
		}
		epField := "-"
		placedPawns := [2]int{}
		if ep {
			// The opponent's pawn has just moved two squares; ours stands beside it.
			them := stm.Other()
			file := rng.IntN(8)
			rank := 4 // white to move: a black pawn on rank 5
			behind, origin := 5, 6
			if stm == movegen.Black {
				rank, behind, origin = 3, 2, 1
			}
			side := file - 1
			if file == 0 || (file < 7 && rng.IntN(2) == 0) {
				side = file + 1
			}
			put(them, movegen.Pawn, rank*8+file)
			put(stm, movegen.Pawn, rank*8+side)
			board[behind*8+file] = '.' // must stay empty
			board[origin*8+file] = '.'
			epField = movegen.Square(behind*8 + file).String()
			placedPawns = [2]int{1, 1}
		}
		ok := true
		for c := movegen.White; c <= movegen.Black && ok; c++ {
			for pt := movegen.Pawn; pt <= movegen.King && ok; pt++ {
				n := m.count(c, pt)
				if pt == movegen.Pawn {
					n -= placedPawns[c]
				}
				for i := 0; i < n; i++ {
					lo, hi := 0, 64
					if pt == movegen.Pawn {
						lo, hi = 8, 56
					}
					placed := false
					for k := 0; k < 100 && !placed; k++ {
						placed = put(c, pt, lo+rng.IntN(hi-lo))
					}
					ok = ok && placed
				}
			}
		}
		if !ok {
			continue
		}
		var sb strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				ch := board[r*8+f]
				if ch == 0 || ch == '.' {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
					empty = 0
				}
				sb.WriteByte(ch)
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
		side := "w"
		if stm == movegen.Black {
			side = "b"
		}
		fen := fmt.Sprintf("%s %s - %s %d 1", sb.String(), side, epField, rule50)
		pos, err := movegen.ParseFEN(fen)
		if err != nil || (ep && pos.EnPassant() == movegen.NoSquare) {
			continue
		}
		return fen, true
	}
	return "", false
}

// oracleLine is python-chess's answer for one position.
type oracleLine struct {
	wdl, dtz   string
	moves      map[string][2]string // uci -> wdl, dtz after the move
	moveOrder  []string
	sourceLine string
}

// runOracle asks python-chess (testdata/oracle.py) about every FEN.
func runOracle(t testing.TB, dirs string, fens []string, withMoves bool) []oracleLine {
	t.Helper()
	py := pychess.Python(t)
	fenFile := filepath.Join(t.TempDir(), "fens.txt")
	require.NoError(t, os.WriteFile(fenFile, []byte(strings.Join(fens, "\n")+"\n"), 0o644))
	args := []string{"testdata/oracle.py", dirs, fenFile}
	if withMoves {
		args = append(args, "--moves")
	}
	cmd := exec.Command(py, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	require.NoError(t, err, "running the python-chess oracle")
	var lines []oracleLine
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		require.GreaterOrEqual(t, len(fields), 2, sc.Text())
		l := oracleLine{wdl: fields[0], dtz: fields[1], sourceLine: sc.Text()}
		if withMoves {
			l.moves = map[string][2]string{}
			for _, item := range fields[2:] {
				parts := strings.Split(item, ":")
				require.Len(t, parts, 3, item)
				l.moves[parts[0]] = [2]string{parts[1], parts[2]}
				l.moveOrder = append(l.moveOrder, parts[0])
			}
		}
		lines = append(lines, l)
	}
	require.Len(t, lines, len(fens), "one oracle line per position")
	return lines
}

// show renders a probe result as the oracle does.
func show(v int, ok bool) string {
	if !ok {
		return "none"
	}
	return fmt.Sprint(v)
}
