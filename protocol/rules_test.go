package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const cardStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -"

func lineWith(t *testing.T, out, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("no line starting with %q in:\n%s", prefix, out)
	return ""
}

func TestRulesServiceChess(t *testing.T) {
	out := runScript(t, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nlegalmoves\nstate\nplay a1a8\nplay e2e4\nlegalmoves\n")
	legal := strings.Fields(lineWith(t, out, "legalmoves "))[1:]
	assert.Contains(t, legal, "a1a8")
	assert.Len(t, legal, 17) // rook 12, king 5
	assert.Contains(t, out, "state variant chess tomove w check false over false result * reason none\n")
	assert.Contains(t, out, "played a1a8 san Ra8#\n")
	assert.Contains(t, out, "state variant chess tomove b check true over true result 1-0 reason checkmate\n")
	assert.Contains(t, out, `info string error: move "e2e4": the game is over (checkmate)`)
	assert.Contains(t, out, "legalmoves\n", "no legal moves once the game is over")
}

func TestPGNRoundTripChess(t *testing.T) {
	out := runScript(t, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5\npgn\n")
	start := strings.Index(out, "pgn begin\n")
	end := strings.Index(out, "pgn end\n")
	require.True(t, start >= 0 && end > start)
	record := out[start+len("pgn begin\n") : end]
	assert.Contains(t, record, "1. e4 e5 2. Nf3 Nc6 3. Bb5 *")
	out = runScript(t, "loadpgn\n"+record+"endpgn\nstate\n")
	assert.Contains(t, out, "loadpgn ok moves 5")
	assert.Contains(t, out, "state position r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
}

// TestBrokenRecords: every kind of broken game record gets an error naming
// the problem, and the current game stays as it was.
func TestBrokenRecords(t *testing.T) {
	for _, tc := range []struct{ name, record, msg string }{
		{"board not 8x8", "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *\n", "the board is not 8x8"},
		{"unknown piece", "[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\"]\n\n*\n", "a piece or colour that does not exist"},
		{"no side to move", "[Event \"x\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3\"]\n\n*\n", "the side to move is missing"},
		{"not a record", "this is a shopping list\neggs\n", "not a game record"},
		{"unclosed comment", "[Event \"x\"]\n\n1. e4 { hello\n", "not a game record: a comment { is never closed"},
		{"illegal move", "[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n", "move 3 (Ke3) is illegal"},
	} {
		out := runScript(t, "position startpos moves d2d4\nloadpgn\n"+tc.record+"endpgn\nstate\n")
		assert.Contains(t, out, "info string error: loadpgn: ", tc.name)
		assert.Contains(t, out, tc.msg, tc.name)
		assert.Contains(t, out, "state position rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "%s: game kept", tc.name)
	}
}

func TestVariantSwitch(t *testing.T) {
	out := runScript(t, "setoption name UCI_Variant value chessmate\nstate\nsetoption name UCI_Variant value chess\nstate\n")
	assert.Contains(t, out, "info string variant chessmate: chess with a shared deck")
	assert.Contains(t, out, "state variant chessmate tomove w")
	assert.Contains(t, out, "info string variant chess: standard chess")
	assert.Contains(t, out, "state position rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
}

func TestCardChessRulesService(t *testing.T) {
	out := runScript(t, strings.Join([]string{
		"setoption name UCI_Variant value chessmate",
		"position fen " + cardStart,
		"legalmoves",
		"play FC:e4",
		"view b",
		"view w",
		"go perft 1",
		"pgn",
	}, "\n")+"\n")
	legal := strings.Fields(lineWith(t, out, "legalmoves "))[1:]
	assert.Len(t, legal, 68)
	assert.Contains(t, out, "played FC:e4 drew DD; forbidden e4\n")
	assert.Contains(t, out, "view b rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1 e4 - - ?,?,?/LJ,CH,RV 8 FC FC\n")
	assert.Contains(t, out, "view w rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1 e4 - - MS,CW,DD/?,?,? 8 FC FC\n")
	assert.Contains(t, out, "Nodes searched: 63\n") // Black: 20 moves + 31 Long Jumps + 4 Champions + 8 Revelations
	assert.Contains(t, out, "[Variant \"chessmate\"]")
	assert.Contains(t, out, "[FEN \""+cardStart+"\"]")
	assert.Contains(t, out, "1. FC:e4 *")
}

func TestCardChessStartposAndErrors(t *testing.T) {
	out := runScript(t, strings.Join([]string{
		"setoption name UCI_Variant value chessmate",
		"position startpos deal FC,MS,CW,LJ,CH,RV,DD,DM,RB,LC,HQ,CR,HF,VU,DI moves e2e4",
		"state",
		"position startpos deal FC,MS,CW moves e2e4",
		"position startpos deal FC,MS,CW,LJ,CH,RV,DD,DM,RB,LC,HQ,CR,HF,VU,XX",
		"position startpos deal FC,FC,CW,LJ,CH,RV,DD,DM,RB,LC,HQ,CR,HF,VU,DI",
		"position fen " + strings.Replace(cardStart, "FC,MS,CW", "FC,MS", 1),
		"position fen " + strings.Replace(cardStart, "- - - FC", "e4,e2 - - FC", 1),
		"position fen " + cardStart + " moves FC:e4 LJ:b8z9",
		"position fen " + cardStart + " moves DI:e2",
		"state",
	}, "\n")+"\n")
	assert.Contains(t, out, "state position rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -")
	assert.Contains(t, out, "info string error: startpos deal has 3 cards, want the 15 cards of the deck")
	assert.Contains(t, out, `startpos deal: draw pile: "XX" is not a card code`)
	assert.Contains(t, out, "FC (Forbidden City) appears twice")
	assert.Contains(t, out, "hands: white's hand has 2 cards, want 3")
	assert.Contains(t, out, "forbidden squares: e2 holds a piece")
	assert.Contains(t, out, `move 2 (LJ:b8z9) of the move list: action "LJ:b8z9": not an action token: "b8z9" is not a list of squares`)
	assert.Contains(t, out, `move 1 (DI:e2) of the move list: action "DI:e2": illegal: Disintegration is not in the hand of the side to move`)
	// After all the errors the game is still the one set first.
	assert.Equal(t, 2, strings.Count(out, "state position rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -"))
}

func TestCardChessRecordLoad(t *testing.T) {
	record := "[Event \"x\"]\n[Variant \"chessmate\"]\n[SetUp \"1\"]\n[FEN \"" + cardStart + "\"]\n\n1. FC:e4 LJ:b8a6 2. e2e3 *\n"
	out := runScript(t, "setoption name UCI_Variant value chessmate\nloadpgn\n"+record+"endpgn\n")
	assert.Contains(t, out, "loadpgn ok moves 3")
	bad := strings.Replace(record, "LJ:b8a6", "LJ:b8e4", 1) // e4 is forbidden by then
	out = runScript(t, "setoption name UCI_Variant value chessmate\nloadpgn\n"+bad+"endpgn\n")
	assert.Contains(t, out, "info string error: loadpgn: action 2 (LJ:b8e4) is illegal")
	wrong := strings.Replace(record, "chessmate", "chess", 1)
	out = runScript(t, "setoption name UCI_Variant value chessmate\nloadpgn\n"+wrong+"endpgn\n")
	assert.Contains(t, out, "info string error: loadpgn: the record is a chess game but UCI_Variant is chessmate")
}

// TestHistoryRebuildsLoadedGame: "history" after loadpgn gives a start and
// tokens that "position" turns back into the same game.
func TestHistoryRebuildsLoadedGame(t *testing.T) {
	out := runScript(t, "loadpgn\n[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\nendpgn\nhistory\nstate\n")
	start := strings.TrimPrefix(lineWith(t, out, "history start "), "history start ")
	moves := strings.TrimPrefix(lineWith(t, out, "history moves"), "history moves")
	assert.Equal(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", start)
	assert.Equal(t, " e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1", moves)
	loaded := lineWith(t, out, "state position ")
	again := runScript(t, "position fen "+start+" moves"+moves+"\nstate\n")
	assert.Equal(t, loaded, lineWith(t, again, "state position "))
}

// TestResultEndsTheGame: "result" ends a game with a result the rules do not
// decide, as a loaded record with that result would end it, in every game;
// the record says so and loads back to the same end; a finished game, "*"
// and a result the game cannot have are refused with the game unchanged.
func TestResultEndsTheGame(t *testing.T) {
	out := runScript(t, "position startpos moves e2e4 e7e5\nresult 0-1 White resigns\nlegalmoves\nplay g1f3\npgn\n")
	assert.Contains(t, out, "state variant chess tomove w check false over true result 0-1 reason result from the record (White resigns)\n")
	assert.Contains(t, out, "legalmoves\n")
	assert.Contains(t, out, "info string error: move \"g1f3\": the game is over")
	assert.Contains(t, out, "[Result \"0-1\"]\n")
	assert.Contains(t, out, "[Termination \"White resigns\"]\n")
	assert.Contains(t, out, "\n1. e4 e5 0-1\n")

	record := out[strings.Index(out, "pgn begin\n")+len("pgn begin\n") : strings.Index(out, "pgn end")]
	again := runScript(t, "loadpgn\n"+record+"endpgn\nstate\n")
	assert.Contains(t, again, "loadpgn ok moves 2")
	assert.Contains(t, again, "over true result 0-1 reason result from the record (White resigns)")

	for _, c := range []struct{ script, want string }{
		{"result 1/2-1/2 draw agreed\nresult 1-0\n", "info string error: result: the game is already over: 1/2-1/2 (result from the record (draw agreed))"},
		{"result *\n", "info string error: result: * leaves the game unfinished"},
		{"result\n", "info string error: result needs the result"},
		{"result 2-0\n", "info string error: result: the Result tag \"2-0\" is not a result"},
		{"result 1-0 say \"hi\"\n", "info string error: result: the reason must be at most 80 bytes"},
		{"position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1\nresult 1/2-1/2\n", "info string error: result: the game is already over: 1-0 (checkmate)"},
		{"setoption name UCI_Variant value chameleon\nposition startpos players ry\nresult 1-0\n", "info string error: result: the Result tag \"1-0\" is not a Chameleon result"},
	} {
		out := runScript(t, c.script+"state\n")
		assert.Contains(t, out, c.want, c.script)
	}
	// A refused result leaves the game as it was: still on, e4 still playable.
	out = runScript(t, "result 2-0\nstate\nplay e2e4\n")
	assert.Contains(t, out, "over false result * reason none")
	assert.Contains(t, out, "played e2e4")

	for _, c := range []struct{ variant, start, result string }{
		{"chessmate", "startpos seed 1", "0-1 time forfeit"},
		{"chameleon", "startpos players ry", "y Red resigns"},
		{"stratego", "startpos seed 2", "1-0 Everwinter resigns"},
	} {
		out := runScript(t, "setoption name UCI_Variant value "+c.variant+"\nposition "+c.start+"\nresult "+c.result+"\npgn\n")
		marker, reason, _ := strings.Cut(c.result, " ")
		assert.Contains(t, out, "over true result "+marker+" reason result from the record ("+reason+")", c.variant)
		assert.Contains(t, out, "[Termination \""+reason+"\"]", c.variant)
	}
	// A new position starts a new game.
	out = runScript(t, "result 1-0\nposition startpos\nstate\n")
	assert.Contains(t, out, "over false result * reason none")
}

// TestMoveListReplaysTheGame: "movelist" lists every action from the start
// with the facts "play" reported, SAN included, in every game; a loaded
// game's moves get theirs too, and a chess move played on after a
// threefold repetition nobody claimed is listed without facts.
func TestMoveListReplaysTheGame(t *testing.T) {
	out := runScript(t, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1\nmovelist\n")
	assert.Contains(t, out, "movelist begin\nmove 1 e2e4 san e4\nmove 2 e7e5 san e5\nmove 3 g1f3 san Nf3\n"+
		"move 4 b8c6 san Nc6\nmove 5 f1b5 san Bb5\nmove 6 a7a6 san a6\nmove 7 b5c6 captured c6; san Bxc6\n"+
		"move 8 d7c6 captured c6; san dxc6\n"+
		"move 9 e1g1 san O-O\nmovelist end\n")

	out = runScript(t, "loadpgn\n[Event \"x\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\nendpgn\nmovelist\n")
	assert.Contains(t, out, "move 8 f6g8 san Ng8\n")
	assert.Contains(t, out, "move 9 e2e4\nmovelist end\n")

	out = runScript(t, "setoption name UCI_Variant value chessmate\nposition startpos deal RV,LC,VU,HF,DM,CR,DD,DI,CH,RB,LJ,MS,FC,HQ,CW\n"+
		"play LC:a1a8\nplay HF+e7e5\nplay d2d4\nmovelist\n")
	assert.Contains(t, out, "movelist begin\nmove 1 LC:a1a8 drew DD\nmove 2 HF+e7e5 san e5; hands exchanged\nmove 3 d2d4 san d4\nmovelist end\n")

	out = runScript(t, "setoption name UCI_Variant value chameleon\nposition startpos players ry moves a1b3\nmovelist\n")
	assert.Contains(t, out, "movelist begin\nmove 1 a1b3 bounds b1h8; next y\nmovelist end\n")

	out = runScript(t, "movelist\n")
	assert.Contains(t, out, "movelist begin\nmovelist end\n")
}
