package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tempest/internal/pychess"
)

// pgnOracle is python-chess's side of the record tests: "read" parses each
// PGN text of stdin (a JSON list) and gives its tags, moves in UCI notation,
// parse errors and the result the rules decide at its end (no claims);
// "make" plays random games and writes them with python-chess's exporter.
const pgnOracle = `
import io, json, random, sys
import chess, chess.pgn

def read(text):
    game = chess.pgn.read_game(io.StringIO(text))
    board = game.board()
    moves = []
    for move in game.mainline_moves():
        moves.append(board.uci(move))
        board.push(move)
    outcome = board.outcome()
    return {"headers": list(game.headers.items()), "moves": moves,
            "errors": [str(e) for e in game.errors], "decided": outcome.result() if outcome else None}

def make(seed, count):
    rng = random.Random(seed)
    games = []
    for i in range(count):
        chess960 = i % 3 == 2
        board = chess.Board.from_chess960_pos(rng.randrange(960)) if chess960 else chess.Board()
        # Tempest claims a draw by the fifty-move rule or threefold repetition at once.
        claimable = lambda: board.can_claim_fifty_moves() or board.is_repetition(3)
        for _ in range(rng.randrange(300)):
            if board.is_game_over() or claimable():
                break
            board.push(rng.choice(list(board.legal_moves)))
        game = chess.pgn.Game.from_board(board)
        outcome = board.outcome()
        if outcome:
            result = outcome.result()
        elif claimable():
            result = "1/2-1/2"
        else:
            result = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
        game.headers.update({"Event": "Oracle %d" % i, "White": "Py \"Thon\"", "Black": "Chess", "Result": result,
                             "Date": "2023.12.31", "ECO": "A00"})
        replay, moves = game.board(), []
        for move in board.move_stack:
            moves.append(replay.uci(move))
            replay.push(move)
        games.append({"pgn": str(game), "moves": moves, "result": result})
    return games

mode = sys.argv[1]
if mode == "read":
    print(json.dumps([read(t) for t in json.load(sys.stdin)]))
else:
    print(json.dumps(make(int(sys.argv[2]), int(sys.argv[3]))))
`

type oracleRead struct {
	Headers [][2]string `json:"headers"`
	Moves   []string    `json:"moves"`
	Errors  []string    `json:"errors"`
	Decided *string     `json:"decided"`
}

type oracleMade struct {
	PGN    string   `json:"pgn"`
	Moves  []string `json:"moves"`
	Result string   `json:"result"`
}

// unescapeTags applies PGN's escapes (\" and \\ in a tag value, PGN
// standard 8.1.1), which python-chess leaves in the values it reads.
func unescapeTags(tags [][2]string) [][2]string {
	out := make([][2]string, len(tags))
	for i, tag := range tags {
		var b strings.Builder
		for k := 0; k < len(tag[1]); k++ {
			if tag[1][k] == '\\' && k+1 < len(tag[1]) && (tag[1][k+1] == '"' || tag[1][k+1] == '\\') {
				k++
			}
			b.WriteByte(tag[1][k])
		}
		out[i] = [2]string{tag[0], b.String()}
	}
	return out
}

// runPGNOracle runs the oracle script; input, if not nil, is sent as JSON.
func runPGNOracle(t *testing.T, input any, out any, args ...string) {
	t.Helper()
	py := pychess.Python(t)
	cmd := exec.Command(py, append([]string{"-c", pgnOracle}, args...)...)
	if input != nil {
		in, err := json.Marshal(input)
		require.NoError(t, err)
		cmd.Stdin = bytes.NewReader(in)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	text, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	require.NoError(t, json.Unmarshal(text, out))
}

// TestChessRecordsAgainstPythonChess: python-chess reads every chess record
// Tempest writes (random games, standard and Chess960, with a frontend's
// tags and kept results) to the same moves, tags and result, and a result
// the rules decide is the one python-chess decides; Tempest reads the
// records python-chess writes to the same moves and result, and writes them
// back to the same tags.
func TestChessRecordsAgainstPythonChess(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 10
	}
	rng := rand.New(rand.NewPCG(11, 14))
	d := newDriver(t)
	var texts, histories []string
	for i := 0; i < games; i++ {
		chess960 := i%3 == 2
		d.do(fmt.Sprintf("setoption name UCI_Chess960 value %t", chess960))
		setup := "position startpos"
		if chess960 {
			setup = "position fen " + random960(rng)
		}
		g := d.randomGame(rng, "chess", setup, rng.IntN(301))
		texts, histories = append(texts, g.text), append(histories, g.history)
		checkRoundTrip(t, d, rng, g) // leaves the game loaded with a frontend's tags
		texts, histories = append(texts, d.record()), append(histories, d.do("history"))
	}
	var read []oracleRead
	runPGNOracle(t, texts, &read, "read")
	require.Len(t, read, len(texts))
	for i, r := range read {
		require.Empty(t, r.Errors, texts[i])
		want := strings.Fields(lineWith(t, histories[i], "history moves"))[2:]
		require.Equal(t, want, append([]string{}, r.Moves...), texts[i])
		tempest := parse(t, texts[i])
		require.Equal(t, tempest.Tags, unescapeTags(r.Headers), texts[i])
		if r.Decided != nil {
			require.Equal(t, *r.Decided, tempest.Result, "the rules decide the result:\n%s", texts[i])
		}
	}

	var made []oracleMade
	runPGNOracle(t, nil, &made, "make", "5", fmt.Sprint(games))
	var written []string
	for _, m := range made {
		d.do(fmt.Sprintf("setoption name UCI_Chess960 value %t", strings.Contains(m.PGN, `[Variant "Chess960"]`)))
		out := d.load(m.PGN)
		require.Contains(t, out, fmt.Sprintf("loadpgn ok moves %d\n", len(m.Moves)), m.PGN)
		require.NotContains(t, out, "info string", m.PGN)
		require.Equal(t, m.Moves, append([]string{}, strings.Fields(lineWith(t, d.do("history"), "history moves"))[2:]...), m.PGN)
		require.Contains(t, d.do("state"), " result "+m.Result+" ", m.PGN)
		written = append(written, d.record())
	}
	runPGNOracle(t, written, &read, "read")
	for i, r := range read {
		original := parse(t, made[i].PGN)
		require.Empty(t, r.Errors, written[i])
		require.Equal(t, made[i].Moves, append([]string{}, r.Moves...), written[i])
		for _, tag := range original.Tags {
			require.Contains(t, unescapeTags(r.Headers), tag, "python-chess's tag, as Tempest wrote it back:\n%s", written[i])
		}
	}
}
