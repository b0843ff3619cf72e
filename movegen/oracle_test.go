package movegen

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"tempest/internal/pychess"
)

// oracleRecord is one line written by testdata/oracle/pychess_games.py.
type oracleRecord struct {
	Start    string      `json:"start"`
	Chess960 bool        `json:"chess960"`
	FEN      string      `json:"fen"`
	Shredder string      `json:"shredder"`
	Legal    [][2]string `json:"legal"`
	Check    bool        `json:"check"`
	Mate     bool        `json:"checkmate"`
	Stale    bool        `json:"stalemate"`
	Insuff   bool        `json:"insufficient"`
	Fifty    bool        `json:"fifty"`
	Three    bool        `json:"threefold"`
	Play     string      `json:"play"`
}

// runOracle asks python-chess for random games and their full judgement.
func runOracle(t *testing.T, args ...string) []oracleRecord {
	t.Helper()
	py := pychess.Python(t)
	cmd := exec.Command(py, append([]string{"../testdata/oracle/pychess_games.py"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("oracle failed: %v\n%s", err, stderr.String())
	}
	var recs []oracleRecord
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var r oracleRecord
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("oracle output: %v", err)
		}
		recs = append(recs, r)
	}
	return recs
}

// TestAgainstPythonChess replays random standard and Chess960 games chosen
// by python-chess and compares, at every position, the FEN (X-FEN and
// Shredder), the set of legal moves, the SAN of each, and the game-end flags.
func TestAgainstPythonChess(t *testing.T) {
	games := 75
	if testing.Short() {
		games = 10
	}
	total := 0
	var kinds [4]int // positions offering each MoveKind, to show the games reach them
	for _, variant := range []struct {
		name string
		args []string
	}{
		{"standard", []string{"--games", fmt.Sprint(games), "--seed", "20261122"}},
		{"chess960", []string{"--games", fmt.Sprint(games), "--seed", "960", "--chess960"}},
	} {
		t.Run(variant.name, func(t *testing.T) {
			total += checkOracleGames(t, runOracle(t, variant.args...), &kinds)
		})
	}
	t.Logf("%d positions agree with python-chess; offering promotion %d, en passant %d, castling %d",
		total, kinds[Promotion>>14], kinds[EnPassant>>14], kinds[Castling>>14])
	for _, k := range []MoveKind{Promotion, EnPassant, Castling} {
		if !testing.Short() && kinds[k>>14] < 20 {
			t.Errorf("only %d positions offered move kind %d; the games do not exercise it", kinds[k>>14], k>>14)
		}
	}
	if !testing.Short() && total < 10000 {
		t.Errorf("only %d positions compared, want at least 10000", total)
	}
}

func checkOracleGames(t *testing.T, recs []oracleRecord, kinds *[4]int) int {
	var pos *Position
	chess960 := false
	checked := 0
	for _, r := range recs {
		switch {
		case r.Start != "":
			var err error
			if pos, err = ParseFEN(r.Start); err != nil {
				t.Fatalf("start %q: %v", r.Start, err)
			}
			chess960 = r.Chess960
			continue
		case r.FEN == "":
			pos = nil // end of game
			continue
		}
		if pos == nil {
			t.Fatal("oracle position outside a game")
		}
		if msg := comparePosition(pos, chess960, r); msg != "" {
			t.Fatalf("position %s (python-chess %s):\n%s", pos.FEN(), r.FEN, msg)
		}
		checked++
		var seen [4]bool
		var buf [MaxMoves]Move
		for _, m := range pos.GenLegal(buf[:]) {
			seen[m.Kind()>>14] = true
		}
		for k, ok := range seen {
			if ok {
				kinds[k]++
			}
		}
		if r.Play != "" {
			m, err := pos.ParseUCIMove(r.Play, chess960)
			if err != nil {
				t.Fatalf("position %s: %v", r.FEN, err)
			}
			var u Undo
			pos.Make(m, &u)
		}
	}
	return checked
}

func comparePosition(pos *Position, chess960 bool, r oracleRecord) string {
	var problems []string
	if got := pos.FEN(); got != r.FEN {
		problems = append(problems, fmt.Sprintf("FEN %q, want %q", got, r.FEN))
	}
	if got := pos.ShredderFEN(); got != r.Shredder {
		problems = append(problems, fmt.Sprintf("Shredder-FEN %q, want %q", got, r.Shredder))
	}
	var buf [MaxMoves]Move
	var got [][2]string
	for _, m := range pos.GenLegal(buf[:]) {
		got = append(got, [2]string{m.UCI(chess960), pos.SAN(m)})
	}
	sort.Slice(got, func(i, j int) bool { return got[i][0] < got[j][0] })
	if fmt.Sprint(got) != fmt.Sprint(r.Legal) {
		problems = append(problems, fmt.Sprintf("legal moves\n got %v\nwant %v", got, r.Legal))
	}
	// Every SAN must read back as the same move, and GivesCheck must agree
	// with the oracle's check suffix.
	oracleSAN := map[string]string{}
	for _, l := range r.Legal {
		oracleSAN[l[0]] = l[1]
	}
	for _, m := range pos.GenLegal(buf[:]) {
		want := strings.ContainsAny(oracleSAN[m.UCI(chess960)], "+#")
		if pos.GivesCheck(m) != want {
			problems = append(problems, fmt.Sprintf("GivesCheck(%v) = %v, oracle SAN %q", m, !want, oracleSAN[m.UCI(chess960)]))
		}
		san := pos.SAN(m)
		if back, err := pos.ParseSAN(san); err != nil || back != m {
			problems = append(problems, fmt.Sprintf("SAN %q reads back as %v (%v), want %v", san, back, err, m))
		}
	}
	outcome := pos.Outcome()
	flags := []struct {
		name      string
		got, want bool
	}{
		{"check", pos.InCheck(), r.Check},
		{"checkmate", outcome == Checkmate, r.Mate},
		{"stalemate", outcome == Stalemate, r.Stale},
		{"insufficient material", pos.IsInsufficientMaterial(), r.Insuff},
		{"fifty moves", pos.IsFiftyMoveDraw(), r.Fifty},
		{"threefold", pos.RepetitionCount() >= 3, r.Three},
	}
	for _, f := range flags {
		if f.got != f.want {
			problems = append(problems, fmt.Sprintf("%s: %v, want %v", f.name, f.got, f.want))
		}
	}
	return strings.Join(problems, "\n")
}
