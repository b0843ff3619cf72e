package protocol

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/kit"
)

const chameleonOn = "setoption name UCI_Variant value chameleon\n"

const chameleonStart4 = "a1h8 a8bb,e8yg,f8yr,g8yb,h8yy,a7br,a6bg,a5by,h4gr,h3gb,h2gy,a1rr,b1rg,c1ry,d1rb,h1gg r 0 0"

func TestChameleonStartposAndRulesService(t *testing.T) {
	out := runScript(t, chameleonOn+"state\nlegalmoves\nposition startpos players ry\nstate\nplay a1b3\n")
	assert.Contains(t, out, "info string variant chameleon: Chameleon Chess for 2-4 players")
	assert.Contains(t, out, "state variant chameleon tomove r check false over false result * reason none\n")
	assert.Contains(t, out, "state position "+chameleonStart4+"\n")
	assert.Contains(t, out, "legalmoves a1b3 a1c2 b1a3 b1c3 b1d2 c1a2 c1b3 c1d3 c1e2 d1b2 d1c3 d1e3 d1f2\n")
	// Example 4: red and yellow; a1b3 empties the a-file.
	assert.Contains(t, out, "state position a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0\n")
	assert.Contains(t, out, "played a1b3 bounds b1h8; next y\n")
	assert.Contains(t, out, "state position b1h8 e8yg,f8yr,g8yb,h8yy,b3rr,b1rg,c1ry,d1rb y 0 1\n")

	// The players of startpos in any order; the initial bounds of §2.3.
	for players, want := range map[string]string{"rb": "a1d8", "rg": "a1h4", "yb": "a5h8", "gy": "e1h8", "gyr": "a1h8"} {
		out = runScript(t, chameleonOn+"position startpos players "+players+"\nstate\n")
		assert.Regexp(t, "state position "+want+" ", out, players)
	}
}

func TestChameleonReportsCentreRemovalEliminationAndWinner(t *testing.T) {
	// Example 7: the opponent's centre knight goes.
	out := runScript(t, chameleonOn+"position fen d2g5 g5yg,f4yb,d2gb g 0 0\nplay d2e3\n")
	assert.Contains(t, out, "played d2e3 bounds e3g5; removed f4; next y\n")
	// Example 9: blue's last pawn is taken, green is next.
	out = runScript(t, chameleonOn+"position fen a1h4 h4gr,b3bb,h3gb,h2gy,a1rr,h1gg r 0 0\nlegalmoves\nplay a1b3\n")
	assert.Contains(t, out, "legalmoves a1b3 a1c2\n")
	assert.Contains(t, out, "played a1b3 captured b3; bounds b1h4; eliminated b; next g\n")
	// Example 6: the mover's own centre knight is removed; yellow wins.
	out = runScript(t, chameleonOn+"position fen d2g5 g5yg,d2gb g 0 0\nplay d2f4\nlegalmoves\n")
	assert.Contains(t, out, "played d2f4 bounds e3g5; removed f4; eliminated g; winner y\n")
	assert.Contains(t, out, "state variant chameleon tomove y check false over true result y reason last player standing\n")
	assert.Contains(t, out, "legalmoves\n")
	// A stuck player passes with 0000.
	out = runScript(t, chameleonOn+"position fen e3g5 e5gb,f4rb r 0 0\nlegalmoves\nplay 0000\ngo depth 2\n")
	assert.Contains(t, out, "legalmoves 0000\n")
	assert.Contains(t, out, "played 0000 bounds e3g5; next g\n")
}

func TestChameleonErrorsKeepState(t *testing.T) {
	for _, tc := range []struct{ cmd, msg string }{
		{"position fen a1h8 a1rr,a1yy r 0 0", "invalid chameleon position"},
		{"position fen a1h8 a1rr r 0", "invalid chameleon position"},
		{"position startpos players r", "startpos"},
		{"position startpos players rr", "startpos"},
		{"position startpos banana", "startpos takes \"players <2 to 4 of r g y b>\""},
		{"position startpos moves a1a2", "a1a2"},
		{"play a1a2", "a1a2"},
		{"play e8f6", "e8f6"},
		{"play xyz", "xyz"},
		{"board x", "board takes no arguments"},
	} {
		out := runScript(t, chameleonOn+"position startpos\n"+tc.cmd+"\nstate\n")
		assert.Contains(t, out, "info string error: ", tc.cmd)
		assert.Contains(t, out, tc.msg, tc.cmd)
		assert.Contains(t, out, "state position "+chameleonStart4+"\n", "%s must keep the position", tc.cmd)
	}
}

func TestChameleonBoard(t *testing.T) {
	out := runScript(t, chameleonOn+"position fen a1h4 h4gr,b3bb,h3gb,h2gy,a1rr,h1gg r 0 0 moves a1b3\nboard\n")
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "board") {
			lines = append(lines, l)
		}
	}
	require.Len(t, lines, 11, out)
	assert.Equal(t, "board begin", lines[0])
	assert.Equal(t, "board rank 8 b... r... b... y... g... r... b... y...", lines[1])
	assert.Equal(t, "board rank 3 r... GrrQ G... Y... B... Y... R... BgbN", lines[6])
	assert.Equal(t, "board rank 1 r... G... Y... B... R... G... Y... GggN", lines[8])
	assert.Equal(t, "board bounds b1h4 tomove g quiet 0 ply 1 players rbg eliminated b@1 over false", lines[9])
	assert.Equal(t, "board end", lines[10])
	// Every square: field colour, then "..." or owner, knight colour, role.
	square := regexp.MustCompile(`^[RGYBrgyb](\.\.\.|[rgyb][rgyb][NQBR])$`)
	for _, l := range lines[1:9] {
		f := strings.Fields(l)
		require.Len(t, f, 11, l)
		for _, sq := range f[3:] {
			assert.Regexp(t, square, sq, l)
		}
	}
}

func TestChameleonRecordRoundTrip(t *testing.T) {
	out := runScript(t, chameleonOn+"position startpos players ry moves a1b3 h8g6 b3b2\npgn\n")
	var rec []string
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case l == "pgn begin":
			in = true
		case l == "pgn end":
			in = false
		case in:
			rec = append(rec, l)
		}
	}
	text := strings.Join(rec, "\n")
	assert.Contains(t, text, `[Variant "chameleon"]`)
	assert.Contains(t, text, "1. a1b3 2. h8g6 3. b3b2")
	out = runScript(t, chameleonOn+"loadpgn\n"+text+"\nendpgn\nhistory\n")
	assert.Contains(t, out, "loadpgn ok moves 3\n")
	assert.Contains(t, out, "history moves a1b3 h8g6 b3b2\n")

	// A broken record names the move and keeps the game.
	broken := strings.Replace(text, "3. b3b2", "3. b3a5", 1)
	out = runScript(t, chameleonOn+"position startpos\nloadpgn\n"+broken+"\nendpgn\nstate\n")
	assert.Contains(t, out, "info string error: loadpgn: move 3 (b3a5) is illegal")
	assert.Contains(t, out, "state position "+chameleonStart4+"\n")
}

func TestChameleonPerftThroughProtocol(t *testing.T) {
	out := runScript(t, chameleonOn+"go perft 2\n")
	assert.Contains(t, out, "a1b3: ")
	// 13 red moves, each followed by blue's moves.
	assert.Regexp(t, `Nodes searched: \d+`, out)
	assert.Equal(t, 13, strings.Count(out, ": ")-strings.Count(out, "Nodes searched: ")-strings.Count(out, "info string"))
}

// TestChameleonGoDepth: "go depth N" reports every depth up to N and the
// first move of the deepest line, even when the input ends right after it.
func TestChameleonGoDepth(t *testing.T) {
	out := runScript(t, chameleonOn+"position startpos players gyrb\ngo depth 4\n")
	depths := regexp.MustCompile(`info depth (\d+) .* pv (\S+)`).FindAllStringSubmatch(out, -1)
	require.Len(t, depths, 4, out)
	assert.Equal(t, "4", depths[3][1])
	assert.Contains(t, out, "bestmove "+depths[3][2]+"\n")
	// The mover's clock as wtime/btime or time; nodes.
	for _, goCmd := range []string{"go nodes 3000", "go wtime 500 btime 800 winc 10", "go time 300 inc 5", "go movetime 50",
		"go depth 3 algorithm model", "go depth 3 algorithm paranoid"} {
		out = runScript(t, chameleonOn+"position startpos\n"+goCmd+"\nisready\n")
		assert.Regexp(t, `bestmove [a-h][1-8][a-h][1-8]\n`, out, goCmd)
		assert.NotContains(t, out, "error", goCmd)
	}
	// Twenty moves into a game the opponent model judges the players; the
	// search still answers with a legal move.
	game := "position startpos moves b1d2 a8c7 e8d6 h2g4 c1a2 c7d6 h8f7 g4g8 a2c2 d6f8 f7a7 g8f8 d2h2 a5b7 a7d4 h1f2 d1f2 b7b5 d4h4 h3f2"
	out = runScript(t, chameleonOn+game+"\nlegalmoves\ngo depth 4\nisready\n")
	legalLine := regexp.MustCompile(`legalmoves (.*)\n`).FindStringSubmatch(out)
	best := regexp.MustCompile(`bestmove (\S+)\n`).FindStringSubmatch(out)
	require.NotNil(t, legalLine, out)
	require.NotNil(t, best, out)
	assert.Contains(t, strings.Fields(legalLine[1]), best[1], out)
}

// TestChameleonLevels: Skill Level and UCI_Elo choose the tier; the
// greedy tier always takes a free pawn.
func TestChameleonLevels(t *testing.T) {
	const free = "position fen a1h8 h8yy,e8yg,b3yr,a1rr,d1rb r 0 0\n"
	for _, opts := range []string{
		"setoption name Skill Level value 1\n",
		fmt.Sprintf("setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value %d\n", kit.PlayingLevels[1].Elo+1),
	} {
		for range 5 {
			out := runScript(t, chameleonOn+opts+free+"go depth 5\nisready\n")
			assert.Contains(t, out, "bestmove a1b3\n", opts)
			assert.NotContains(t, out, "info depth", "greedy does not search")
		}
	}
	// The random tier plays something legal, without searching.
	out := runScript(t, chameleonOn+"setoption name Skill Level value 0\n"+free+"go depth 5\nisready\n")
	assert.Regexp(t, `bestmove (a1b3|a1c2|d1b2|d1c3|d1e3|d1f2)\n`, out)
	assert.NotContains(t, out, "info depth")
}

// FuzzChameleonCommands: no input line makes the Chameleon Chess commands
// panic, and a rejected line leaves a valid position behind. "go" is left
// out: a fuzzed depth could run for hours.
func FuzzChameleonCommands(f *testing.F) {
	for _, s := range []string{"play a1b3", "position fen e3g5 e5gb,f4rb r 0 0", "position startpos players gy moves h1g3",
		"board", "legalmoves", "play 0000", "loadpgn\n[FEN \"x\"]\nendpgn", "position fen a1h8 - r 0 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.Contains(line, "go") {
			return
		}
		out := runScript(t, chameleonOn+"position startpos\n"+line+"\nendpgn\nstate\n")
		assert.Regexp(t, `state position \S+ \S+ [rgyb] \d+ \d+\n`, out)
	})
}

// TestChameleonGoNotes: parameters that cannot apply in Chameleon Chess are
// ignored with a note, and the go still gets its bestmove.
func TestChameleonGoNotes(t *testing.T) {
	for _, tc := range []struct{ cmd, note string }{
		{"go wtime 100 time 100 depth 2", "info string go: the mover's clock was given both as time/inc and as wtime/btime; using time/inc"},
		{"go algorithm brsplus depth 2", `info string go algorithm "brsplus" is not "model" or "paranoid"; using model`},
		{"go algorithm maxn depth 2", `info string go algorithm "maxn" is not "model" or "paranoid"; using model`},
		{"go algorithm bestreply depth 2", `info string go algorithm "bestreply" is not "model" or "paranoid"; using model`},
		{"go algorithm mcts depth 2", `info string go algorithm "mcts" is not "model" or "paranoid"; using model`},
		{"go weights best depth 2", `info string go weights "best" is not "default", "fitted" or "hand"; using default`},
		{"go mate 3 depth 2", "info string go mate is not supported in Chameleon Chess; ignored"},
		{"go pruning on depth 2", `info string go: unknown parameter "pruning" ignored`},
		{"go brsdefault gain depth 2", `info string go: unknown parameter "brsdefault" ignored`},
		{"go searchmoves a1a2 depth 2", "info string go searchmoves: "},
		{"go algorithm", "info string go algorithm needs a value; ignored"},
	} {
		out := runScript(t, chameleonOn+"position startpos\n"+tc.cmd+"\nstate\n")
		assert.Contains(t, out, tc.note, tc.cmd)
		assert.Equal(t, 1, strings.Count(out, "bestmove "), tc.cmd)
		assert.NotContains(t, out, "info string error", tc.cmd)
		assert.Contains(t, out, "state position "+chameleonStart4+"\n", "%s must keep the position", tc.cmd)
	}
}
