package book

import (
	"bufio"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tempest/internal/pychess"
	"tempest/movegen"
)

// sample is a position met in a random game.
type sample struct {
	fen string         // as Tempest writes it: en passant only when the capture is legal
	ep  movegen.Square // the square the previous move passed over, if it was a two-square pawn step
}

// oracleFEN is the FEN the oracle gets: the en-passant square after every
// two-square step, as the FEN standard has it, so python-chess applies the
// format's rule (a pawn beside the stepped pawn, legal or not) by itself.
func (s sample) oracleFEN() string {
	f := strings.Fields(s.fen)
	f[3] = s.ep.String()
	return strings.Join(f, " ")
}

// position parses the sample's FEN.
func (s sample) position(t testing.TB) *movegen.Position {
	t.Helper()
	pos, err := movegen.ParseFEN(s.fen)
	if err != nil {
		t.Fatalf("%s: %v", s.fen, err)
	}
	return pos
}

// randomGames plays games of random legal moves from the start position
// and returns every position met, the start included. The moves lean
// towards pawn moves, castling and captures en passant, so two-square
// steps (with and without a pawn beside), castling rights lost one at a
// time, castling itself and promotions all come up often.
func randomGames(seed uint64, games, plies int) []sample {
	rng := rand.New(rand.NewPCG(seed, 0xB00C))
	var out []sample
	var buf [movegen.MaxMoves]movegen.Move
	var u movegen.Undo
	for g := 0; g < games; g++ {
		pos := movegen.NewStartPosition()
		ep := movegen.NoSquare
		for ply := 0; ; ply++ {
			out = append(out, sample{fen: pos.FEN(), ep: ep})
			legal := pos.GenLegal(buf[:])
			if len(legal) == 0 || ply == plies {
				break
			}
			m := legal[rng.IntN(len(legal))]
			if rng.IntN(3) == 0 {
				var special []movegen.Move
				for _, c := range legal {
					if c.IsCastling() || c.IsPromotion() || c.IsEnPassant() ||
						pos.Piece(c.From()).Type() == movegen.Pawn {
						special = append(special, c)
					}
				}
				if len(special) > 0 {
					m = special[rng.IntN(len(special))]
				}
			}
			ep = movegen.NoSquare
			if pos.Piece(m.From()).Type() == movegen.Pawn && (m.From()^m.To()) == 16 {
				ep = (m.From() + m.To()) / 2
			}
			pos.Make(m, &u)
		}
	}
	return out
}

// oracle runs testdata/oracle.py on the input lines ("FEN" or
// "FEN;moves") with the book at bookPath ("" for keys only) and returns
// its answer for each line, split into fields.
func oracle(t *testing.T, bookPath string, lines []string) [][]string {
	t.Helper()
	py := pychess.Python(t)
	in := filepath.Join(t.TempDir(), "positions.txt")
	if err := os.WriteFile(in, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	args := []string{filepath.Join("testdata", "oracle.py")}
	if bookPath != "" {
		args = append(args, bookPath)
	}
	cmd := exec.Command(py, args...)
	cmd.Stdin = f
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle: %v\n%s", err, stderr.String())
	}
	var answers [][]string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		answers = append(answers, strings.Fields(sc.Text()))
	}
	if len(answers) != len(lines) {
		t.Fatalf("oracle answered %d lines for %d positions", len(answers), len(lines))
	}
	return answers
}
