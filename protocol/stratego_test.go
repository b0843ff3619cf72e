package protocol

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/variants/stratego"
)

const strategoOn = "setoption name UCI_Variant value stratego\n"

func TestStrategoVariantSwitchAndRules(t *testing.T) {
	out := runScript(t, strategoOn+"state\nlegalmoves\nplay a3a4\nlegalmoves\nplay a3a4\nplay a6a5\nplay a4a5\nstate\n")
	assert.Contains(t, out, "info string variant stratego: fantasy Stratego")
	assert.Contains(t, out, "state variant stratego tomove v check false over false result * reason none\n")
	assert.Contains(t, out, "state position "+stratego.StartPosition+"\n")
	assert.Contains(t, out, "legalmoves a3a4 b3b4 e3e4 f3f4 i3i4 j3j4\n")
	assert.Contains(t, out, "played a3a4\n")
	assert.Contains(t, out, "legalmoves a6a5 i6i5 j6j5\n")
	assert.Contains(t, out, `info string error: move "a3a4": no piece on a3`)
	// The Dragon from a4 beats the Slayer that came to a5.
	assert.Contains(t, out, "played a4a5 battle Dx; attacker wins; removed x a5\n")
	assert.Contains(t, out, "state position dmkkrrrsse/ewwwwwcccc/1ttttttfyy/D!'9/10/1MKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL e 00 -,- E:x 0 3\n")
}

func TestStrategoExampleGamesThroughProtocol(t *testing.T) {
	// Example 4: resurrections and the Scout's flag capture.
	out := runScript(t, strategoOn+"position fen e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0\n"+
		"play c7c8\nplay e6e5\nplay c8d8\nplay e5e4\nplay h7h8\nplay e4e3\nplay h8i8\nplay e3d3\nplay j2j8\nlegalmoves\n")
	assert.Contains(t, out, "played c7c8 battle Mw; attacker wins; removed w c8; resurrected C a3\n")
	assert.Contains(t, out, "played h8i8 battle Wt; attacker wins; removed t i8; resurrected K b3\n")
	assert.Contains(t, out, "played j2j8 battle Cf; attacker wins; removed f j8; over flag captured\n")
	assert.Contains(t, out, "state variant stratego tomove e check false over true result 1-0 reason flag captured\n")
	assert.Contains(t, out, "legalmoves\n")

	// Example 5 and 6: the ends by movable pieces.
	out = runScript(t, strategoOn+"position fen 9f/9y/4t5/4K5/10/10/10/FT8 v 00 -,- - 0 0\nlegalmoves\nplay e5e6\n")
	assert.Contains(t, out, "legalmoves e5e4 e5e6 e5f5\n")
	assert.Contains(t, out, "over true result 0-1 reason no movable pieces\n")
	out = runScript(t, strategoOn+"position fen 9f/9t/4y5/4L5/10/10/10/F9 v 00 -,- - 0 0\nplay e5e6\n")
	assert.Contains(t, out, "over true result 1/2-1/2 reason draw: both armies immobile\n")
	// Example 7: no legal move, judged as given.
	out = runScript(t, strategoOn+"position fen 9f/9y/10/10/10/10/T9/WTF7 v 00 -,- - 0 0\nstate\nlegalmoves\n")
	assert.Contains(t, out, "over true result 0-1 reason no legal move\n")
}

func TestStrategoViewsAndAnnouncements(t *testing.T) {
	out := runScript(t, strategoOn+"position startpos moves a3a4 a6a5 a4a5\nview v\nview e\nview w\n")
	assert.Contains(t, out, "view v uuuuuuuuuu/uuuuuuuuuu/1uuuuuuuuu/D!'9/10/1MKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL e 00 -,- E:x 0 3\n")
	assert.Contains(t, out, "view e dmkkrrrsse/ewwwwwcccc/1ttttttfyy/D!'9/10/1UUUUUUUUU/UUUUUUUUUU/UUUUUUUUUU e 00 -,- E:x 0 3\n")
	assert.Contains(t, out, `info string error: view: the side is v (Volcandria) or e (Everwinter), not "w"`)

	// A player's view is a position too; battles with unknown pieces need
	// the arbiter's announcement, and the engine derives the outcome.
	view := "uuuuuuuuuu/uuuuuuuuuu/uuuuuuuuuu/10/10/DMKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL v 00 -,- - 0 0"
	out = runScript(t, strategoOn+"position fen "+view+" moves a3a4 a6a5\nplay a4a5\nplay a4a5:Dx\nview e\n")
	assert.Contains(t, out, "info string error: move \"a4a5\": the battle needs the arbiter's announcement")
	assert.Contains(t, out, "played a4a5:Dx battle Dx; attacker wins; removed x a5\n")
	assert.Contains(t, out, "info string error: view: the game is Volcandria's view; Everwinter's view cannot be derived from it")
}

func TestStrategoErrorsKeepState(t *testing.T) {
	for _, tc := range []struct{ cmd, msg string }{
		{"position fen 10/10/10/10/10/10/10 v 00 -,- - 0 0", "invalid stratego position \"10/10/10/10/10/10/10 v 00 -,- - 0 0\": placement: 7 ranks"},
		{"position fen 10/10/10/10/10/10/10/DD8 v 00 -,- - 0 0", "pieces: Volcandria has 2 Dragon(s)"},
		{"position startpos moves a3a4 a6a5 a4a6", "move 3 (a4a6) of the move list: move \"a4a6\": a Dragon moves one square; only a Scout runs further"},
		{"position startpos setup DMKK/EWWW e", "startpos setup, Volcandria: setup: \"DMKK/EWWW\" has 2 rows"},
		{"position startpos seed x", "startpos seed \"x\" is not a number"},
		{"position startpos banana", "startpos takes \"seed <n>\", \"random <n>\" or \"setup <volcandria rows> <everwinter rows>\""},
		{"play b6b5", "a Trap never moves"},
		{"play b1b2", "the piece on b1 is Volcandria's, but Everwinter is to move"},
		{"play a3", "want two squares"},
	} {
		out := runScript(t, strategoOn+"position startpos moves a3a4\n"+tc.cmd+"\nstate\n")
		assert.Contains(t, out, "info string error: ", tc.cmd)
		assert.Contains(t, out, tc.msg, tc.cmd)
		assert.Contains(t, out, "state position dmkkrrrsse/ewwwwwcccc/xttttttfyy/10/D'9/1MKKRRRSSE/EWWWWWCCCC/XTTTTTTFLL e 00 -,- - 1 1\n", "%s: game kept", tc.cmd)
	}
}

func TestStrategoStartposForms(t *testing.T) {
	out := runScript(t, strategoOn+"position startpos seed 7\nstate\nposition startpos seed 7\nstate\nposition startpos random 3\nstate\n"+
		"position startpos setup XTTTTTTFLL/EWWWWWCCCC/DMKKRRRSSE dmkkrrrsse/ewwwwwcccc/xttttttfyy\nstate\n")
	positions := regexp.MustCompile(`(?m)^state position (.*)$`).FindAllStringSubmatch(out, -1)
	require.Len(t, positions, 4)
	assert.Equal(t, positions[0][1], positions[1][1], "a seed gives the same setups")
	assert.NotEqual(t, positions[0][1], positions[2][1])
	for _, p := range positions {
		_, err := stratego.ParsePosition(p[1])
		assert.NoError(t, err, p[1])
	}
	assert.Equal(t, "dmkkrrrsse/ewwwwwcccc/xttttttfyy/10/10/XTTTTTTFLL/EWWWWWCCCC/DMKKRRRSSE v 00 -,- - 0 0", positions[3][1])
}

func TestStrategoSetupCommand(t *testing.T) {
	out := runScript(t, strategoOn+"setup v seed 1\nsetup v seed 1\nsetup e seed 2\nsetup e\nsetup x\nsetup\nsetup v seed y\n")
	lines := regexp.MustCompile(`(?m)^setup ([ve]) (\S+)$`).FindAllStringSubmatch(out, -1)
	require.Len(t, lines, 4)
	assert.Equal(t, lines[0][2], lines[1][2], "the same seed gives the same arrangement")
	for _, l := range lines {
		side, _ := stratego.ParseSetupSide(l[1])
		_, err := stratego.ParseSetup(side, l[2])
		assert.NoError(t, err, l[2])
	}
	assert.Len(t, strings.Split(lines[0][2], "/"), 3, "three rows")
	assert.Contains(t, out, `info string error: setup: the side is v (Volcandria) or e (Everwinter), not "x"`)
	assert.Contains(t, out, `info string error: setup needs the side and optionally a seed`)
	assert.Contains(t, out, `info string error: setup seed "y" is not a number`)
	// In chess the command does not exist.
	out = runScript(t, "setup v\n")
	assert.Contains(t, out, `info string error: unknown command "setup"`)
}

func TestStrategoPerftAndRecord(t *testing.T) {
	out := runScript(t, strategoOn+"go perft 3\n")
	assert.Contains(t, out, "\na3a4: 30\n")
	assert.Contains(t, out, "\nb3b4: 33\n")
	assert.Contains(t, out, "\nNodes searched: 192\n")

	out = runScript(t, strategoOn+"position fen e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0 moves c7c8 e6e5 c8d8\npgn\n")
	start := strings.Index(out, "pgn begin\n")
	end := strings.Index(out, "pgn end\n")
	require.True(t, start >= 0 && end > start, out)
	record := out[start+len("pgn begin\n") : end]
	assert.Contains(t, record, "[Variant \"stratego\"]")
	assert.Contains(t, record, "[FEN \"e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0\"]")
	assert.Contains(t, record, "1. c7c8:Mw e6e5 2. c8d8:Ms *")
	out = runScript(t, strategoOn+"loadpgn\n"+record+"endpgn\nstate\n")
	assert.Contains(t, out, "loadpgn ok moves 3")
	assert.Contains(t, out, "state position e2M!'4tf/7W2/10/4k'5/10/C!9/9C/FT8 e 10 d8,- V:KT,E:ws 0 3\n")

	// A broken record names the move; the game is kept.
	broken := strings.Replace(record, "c8d8:Ms", "c8c1", 1)
	out = runScript(t, strategoOn+"position startpos moves a3a4\nloadpgn\n"+broken+"endpgn\nstate\n")
	assert.Contains(t, out, "info string error: loadpgn: move 3 (c8c1) is illegal")
	assert.Contains(t, out, "state position dmkkrrrsse/ewwwwwcccc/xttttttfyy/10/D'9/")
	// A stratego record while playing chess is refused.
	out = runScript(t, "loadpgn\n"+record+"endpgn\n")
	assert.Contains(t, out, "info string error: loadpgn: the record is a stratego game but UCI_Variant is chess")
}

func TestStrategoSearchThroughProtocol(t *testing.T) {
	l := startLive(t)
	l.send("setoption name UCI_Variant value stratego", "position startpos seed 4 moves a3a4", "go nodes 20000")
	info := l.expect("info depth ", 10*time.Second)
	assert.Regexp(t, `^info depth \d+ score cp -?\d+ nodes \d+ nps \d+ time \d+ pv [a-j][1-8][a-j][1-8] string worlds \d+$`, info)
	best := l.expect("bestmove ", 20*time.Second)
	move := strings.Fields(best)[1]
	l.send("legalmoves")
	legal := l.expect("legalmoves", 5*time.Second)
	assert.Contains(t, strings.Fields(legal)[1:], move)

	// go infinite runs until stop; isready is answered meanwhile.
	l.send("go infinite", "isready")
	l.expect("readyok", 5*time.Second)
	l.quiet("bestmove", 200*time.Millisecond)
	l.send("stop")
	l.expect("bestmove ", 5*time.Second)

	// Clock parameters: Everwinter's clock is btime.
	l.send("go wtime 100 btime 2000 binc 10")
	l.expect("bestmove ", 5*time.Second)

	// Levels: the random and greedy tiers answer at once with a legal move.
	for _, lvl := range []string{"0", "1", "2"} {
		l.send("setoption name Skill Level value "+lvl, "go nodes 5000")
		best = l.expect("bestmove ", 10*time.Second)
		assert.Contains(t, strings.Fields(legal)[1:], strings.Fields(best)[1], "level %s", lvl)
	}

	// Unsupported and bad parameters are ignored with a note; each go
	// still gets its bestmove. Pondering holds the answer until ponderhit.
	l.send("go searchmoves a6a5 depth 1")
	l.expect("info string go searchmoves is not supported in stratego; ignored", 5*time.Second)
	l.expect("bestmove ", 5*time.Second)
	l.send("go depth x")
	l.expect("info string go depth needs a number, not \"x\"; ignored", 5*time.Second)
	l.expect("bestmove ", 5*time.Second)
	l.send("go ponder depth 1")
	l.quiet("bestmove", 300*time.Millisecond)
	l.send("ponderhit")
	l.expect("bestmove ", 5*time.Second)

	// A view of the other player cannot be searched.
	l.send("position fen dmkkrrrsse/ewwwwwcccc/xttttttfyy/10/10/UUUUUUUUUU/UUUUUUUUUU/UUUUUUUUUU v 00 -,- - 0 0", "go depth 1")
	l.expect("info string error: go: the position is Everwinter's view, but Volcandria is to move", 5*time.Second)
	l.expect("bestmove (none)", 5*time.Second)
	l.send("quit")
}
