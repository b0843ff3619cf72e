package protocol

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Card chess driven as a hostile frontend would (issue 14): every input is
// either played or refused with a reason, and nothing the engine prints is
// refused when sent back.

const cardVariant = "setoption name UCI_Variant value chessmate"

// TestCardChessDrawOfAShownCardRefused (finding 1): a draw suffix naming a
// card the position shows is refused, the game is kept, and the next search
// answers a move instead of crashing.
func TestCardChessDrawOfAShownCardRefused(t *testing.T) {
	const pos = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - MS,VU,RV/?,?,? 9 - -"
	l := startLive(t)
	l.send(cardVariant, "position fen "+pos, "play MS:e2@RV")
	assert.Contains(t, l.expect("info string error: ", 5*time.Second), "RV")
	l.send("play e7e5")
	l.expect("info string error: ", 5*time.Second) // White is still to move
	l.send("state")
	assert.Equal(t, "state position "+pos, l.expect("state position ", 5*time.Second))
	l.send("go depth 1")
	l.expect("bestmove ", 30*time.Second)
	l.send("isready")
	l.expect("readyok", 5*time.Second)
}

// TestCardChessFullmoveAtTheLimit (finding 2): after a move from a fullmove
// number at the parser's limit, the position the engine prints is accepted
// back, and a search of it answers.
func TestCardChessFullmoveAtTheLimit(t *testing.T) {
	l := startLive(t)
	l.send(cardVariant, "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1048576 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - - moves e7e5", "state")
	printed := strings.TrimPrefix(l.expect("state position ", 5*time.Second), "state position ")
	l.send("view w")
	view := strings.TrimPrefix(l.expect("view w ", 5*time.Second), "view w ")
	l.send("go depth 1")
	l.expect("bestmove ", 30*time.Second)
	for _, s := range []string{printed, view} {
		l.send("position fen "+s, "state")
		assert.Equal(t, "state position "+s, l.expect("state position ", 5*time.Second))
	}
}

// TestCardChessSearchNeedsTheMoversHand (finding 9): the engine plays from
// the mover's view, so a position where the mover's own cards are hidden
// (a view of the other player, or a draw given as "@?") is refused with an
// error and "bestmove (none)", so a GUI is not left waiting; the refusal
// leaves the game as it was.
func TestCardChessSearchNeedsTheMoversHand(t *testing.T) {
	for _, setup := range []string{
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - ?,?,?/HF,LC,RB 9 - -",
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/?,?,? 9 - - moves MS:e2@? e7e5",
	} {
		l := startLive(t)
		l.send(cardVariant, setup, "go depth 1")
		msg := l.expect("info string error: ", 5*time.Second)
		assert.Contains(t, msg, "hidden", setup)
		assert.Equal(t, "bestmove (none)", l.expect("bestmove", 5*time.Second), setup)
		l.quiet("bestmove", 300*time.Millisecond)
		l.send("isready")
		l.expect("readyok", 5*time.Second)
		// The other player can still be searched from its view of the game.
		l.send("legalmoves")
		assert.NotEqual(t, "legalmoves", l.expect("legalmoves", 5*time.Second))
	}
}

// TestCardChessDealOfAnUnknownCard (finding 10): a deal names the 15 cards;
// "?" or a repeated card is refused and the position kept.
func TestCardChessDealOfAnUnknownCard(t *testing.T) {
	for _, deal := range []string{
		"?,DM,DD,DI,CH,RB,RV,LJ,LC,MS,FC,HQ,HF,VU,CR",
		"CW,DM,DD,DI,CH,RB,RV,LJ,LC,MS,FC,HQ,HF,VU,?",
		"CW,DM,DD,DI,CH,RB,RV,LJ,LC,MS,FC,HQ,HF,VU,VU",
	} {
		out := runScript(t, cardVariant+"\nposition fen "+cardStart+"\nposition startpos deal "+deal+"\nstate\n")
		assert.Contains(t, out, "info string error: ", deal)
		assert.Contains(t, out, "state position "+cardStart+"\n", deal)
	}
}

// TestCardChessViewDrivenGame (finding 16): a frontend that keeps White's
// view plays Black's card turns with "@?" (§11): any card the view does not
// show may be in Black's hand, a card it shows may not. It cannot ask for
// Black's view, which White's does not hold.
func TestCardChessViewDrivenGame(t *testing.T) {
	out := runScript(t, strings.Join([]string{
		cardVariant,
		"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/?,?,? 9 - -",
		"play e2e4",
		"play MS:e8@?",
		"play LJ:g8d6@?",
		"play FC:f4@RB",
		"play VU+FC:e5@?",
		"view b",
		"view w",
	}, "\n")+"\n")
	assert.Contains(t, out, `info string error: action "MS:e8@?"`, "Mystic Shield is in White's hand")
	assert.Contains(t, out, "played LJ:g8d6@?")
	assert.Contains(t, out, "played FC:f4@RB")
	assert.Contains(t, out, "played VU+FC:e5@?")
	assert.Contains(t, out, "info string error: view: ")
	assert.NotContains(t, out, "view b ")
	assert.Contains(t, out, "view w rnbqkb1r/pppppppp/3n4/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3 3 f4,e5 - - MS,CW,RB/?,?,? 6 LJ,VU,FC FC\n")
}

// TestCardChessPerftStopsAtAClaim (finding 19, §13.4): a stalemate claim
// ends the game, so perft 2 counts nothing below it; the total is what the
// rules service lists after each action.
func TestCardChessPerftStopsAtAClaim(t *testing.T) {
	const pos = "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -"
	out := runScript(t, cardVariant+"\nposition fen "+pos+"\ngo perft 2\nlegalmoves\n")
	assert.Contains(t, out, "\nstalemate: 0\n")
	m := regexp.MustCompile(`Nodes searched: (\d+)`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	total, _ := strconv.Atoi(m[1])
	legal := strings.Fields(lineWith(t, out, "legalmoves "))[1:]
	var script strings.Builder
	script.WriteString(cardVariant + "\n")
	for _, tok := range legal {
		script.WriteString("position fen " + pos + " moves " + tok + "\nlegalmoves\n")
	}
	want := 0
	for _, line := range strings.Split(runScript(t, script.String()), "\n") {
		if strings.HasPrefix(line, "legalmoves") {
			want += len(strings.Fields(line)) - 1
		}
	}
	assert.Equal(t, want, total)
}

// TestCardChessGoWorlds: the experimental "go ... worlds" of card chess
// (docs/VARIANTS.md) searches and answers; a value it does not know is
// ignored with a note.
func TestCardChessGoWorlds(t *testing.T) {
	start := "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/?,?,? 9 - - moves FC:e5@RB VU+e7e6"
	for _, tc := range []struct{ cmd, note string }{
		{"go depth 2 worlds known", ""},
		{"go depth 2 worlds default", ""},
		{"go worlds open depth 2", `info string go worlds "open" is not "default" or "known"; using default`},
		{"go depth 2 worlds sealed,known", `info string go worlds "sealed,known" is not "default" or "known"; using default`},
	} {
		out := runScript(t, cardVariant+"\n"+start+"\n"+tc.cmd+"\nisready\n")
		assert.Regexp(t, `bestmove \S+\n`, out, tc.cmd)
		assert.NotContains(t, out, "bestmove (none)", tc.cmd)
		assert.NotContains(t, out, "error", tc.cmd)
		if tc.note != "" {
			assert.Contains(t, out, tc.note, tc.cmd)
		} else {
			assert.NotContains(t, out, "info string go", tc.cmd)
		}
	}
}
