package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordCase is one record sent with loadpgn and what must come of it: an
// error (the game stays as it was), or a load with the given lines, such as
// a warning or the state.
type recordCase struct {
	name, record string
	err          string   // the error's text, or "" for a load
	want         []string // lines expected after a load
}

// checkRecordCases loads each case after setup (which sets the variant and
// a game) and checks the outcome.
func checkRecordCases(t *testing.T, setup string, cases []recordCase) {
	t.Helper()
	for _, tc := range cases {
		out := runScript(t, setup+"state\nloadpgn\n"+tc.record+"\nendpgn\nstate\n")
		if tc.err != "" {
			assert.Contains(t, out, "info string error: loadpgn: "+tc.err, tc.name)
			assert.NotContains(t, out, "loadpgn ok", tc.name)
			positions := linesWith(out, "state position ")
			if assert.Len(t, positions, 2, tc.name) {
				assert.Equal(t, positions[0], positions[1], "%s: the game is kept", tc.name)
			}
			continue
		}
		assert.NotContains(t, out, "info string error", tc.name)
		assert.Contains(t, out, "loadpgn ok", tc.name)
		for _, w := range tc.want {
			assert.Contains(t, out, w+"\n", tc.name)
		}
	}
}

func linesWith(out, prefix string) []string {
	var found []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			found = append(found, l)
		}
	}
	return found
}

// TestChessRecordCorruptions (issue 14, findings 12-14 in chess): truncated
// records, results in the middle or contradicting the board, bad Result
// tags and text after the result are refused or loaded with a warning,
// never silently.
func TestChessRecordCorruptions(t *testing.T) {
	checkRecordCases(t, "position startpos moves d2d4\n", []recordCase{
		{"a lone tag line", `[Event "x"]`, "not a game record: no movetext after the tags", nil},
		{"tags cut short", "[Event \"x\"]\n[White \"Ann\"]\n[Black \"Bo", "not a game record: line 3: ", nil},
		{"movetext cut short", "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3", "", []string{
			`info string warning: loadpgn: the movetext ends with no result (1-0, 0-1, 1/2-1/2 or *) after move 3 (Nf3): the record may be cut short; its Result tag "1-0" is not trusted, the moves decide`,
			"loadpgn ok moves 3", "state variant chess tomove b check false over false result * reason none"}},
		{"a result mid-movetext", "[Event \"x\"]\n\n1. e4 e5 1-0 2. Nf3 Nc6 *", `not a game record: line 3: the result 1-0 after move 2 (e5) is followed by "Nf3"`, nil},
		{"text after the result", "[Event \"x\"]\n\n1. e4 e5 1-0\nsome words", `not a game record: line 3: the result 1-0 after move 2 (e5) is followed by "some"`, nil},
		{"a second game", "[Event \"x\"]\n\n1. e4 1-0\n\n[Event \"y\"]\n\n1. d4 *", "not a game record: line 5: a tag pair after the movetext", nil},
		{"the mated side wins", "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# 1-0", "the record's result 1-0 contradicts the game's end: 0-1 (checkmate)", nil},
		{"a stalemate won", "[Event \"x\"]\n[FEN \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"]\n\n1-0", "the record's result 1-0 contradicts the game's end: 1/2-1/2 (stalemate)", nil},
		{"a fivefold repetition won", "[Event \"x\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 4) + "1-0",
			"the record's result 1-0 contradicts the game's end: 1/2-1/2 (fivefold repetition)", nil},
		{"a banana result", "[Event \"x\"]\n[Result \"banana\"]\n\n1. e4 *", `the Result tag "banana" is not a result: want 1-0, 0-1, 1/2-1/2 or *`, nil},
		{"tag and marker disagree", "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 0-1", "the Result tag says 1-0 but the movetext ends with 0-1", nil},
		{"a mate given as *", "[Event \"x\"]\n\n1. f3 e5 2. g4 Qh4# *", "", []string{
			"info string warning: loadpgn: the record gives no result (*), but its moves end the game: 0-1 (checkmate)",
			"state variant chess tomove w check true over true result 0-1 reason checkmate"}},
		{"a resignation", "[Event \"Club\"]\n[Date \"2024.05.01\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 0-1", "", []string{
			"state variant chess tomove b check false over true result 0-1 reason result from the record"}},
		{"a threefold repetition won on time", "[Event \"x\"]\n[Termination \"time forfeit\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 2) + "1-0", "", []string{
			"state variant chess tomove w check false over true result 1-0 reason result from the record (time forfeit)"}},
		{"a threefold repetition unfinished", "[Event \"x\"]\n\n" + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 2) + "*", "", []string{
			"state variant chess tomove w check false over true result 1/2-1/2 reason threefold repetition"}},
	})
}

// TestChessRecordKeepsTagsAndResult (finding 14): a reloaded record is saved
// again with its players, event, date, its other tags and a result the
// rules cannot decide, and the game counts as over with that result.
func TestChessRecordKeepsTagsAndResult(t *testing.T) {
	record := `[Event "Club championship"]
[Site "Lisbon"]
[Date "2024.05.01"]
[Round "3"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1850"]
[Termination "normal"]
[Annotator "A \"quoted\" name"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0
`
	out := runScript(t, "loadpgn\n"+record+"endpgn\nstate\npgn\nplay a7a6\nlegalmoves\n")
	assert.Contains(t, out, "state variant chess tomove b check false over true result 1-0 reason result from the record (normal)\n")
	assert.Contains(t, out, "pgn begin\n"+record+"pgn end\n")
	assert.Contains(t, out, `info string error: move "a7a6": the game is over (result from the record (normal))`)
	assert.Contains(t, out, "legalmoves\n")
}

// TestCardChessRecordCorruptions: the same corruptions in card chess.
func TestCardChessRecordCorruptions(t *testing.T) {
	head := "[Event \"x\"]\n[Variant \"chessmate\"]\n[SetUp \"1\"]\n[FEN \"" + cardStart + "\"]\n"
	mated := "[Event \"x\"]\n[Variant \"chessmate\"]\n[FEN \"6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - MS,CW,DI/?,?,? 9 - -\"]\n"
	claim := "[Event \"x\"]\n[Variant \"chessmate\"]\n[FEN \"k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/?,?,? 9 - -\"]\n"
	checkRecordCases(t, "setoption name UCI_Variant value chessmate\nposition fen "+cardStart+" moves e2e4\n", []recordCase{
		{"a lone tag line", `[Variant "chessmate"]`, "not a game record: no movetext after the tags", nil},
		{"movetext cut short", head + "\n1. FC:e4@DD LJ:b8a6", "", []string{
			"info string warning: loadpgn: the movetext ends with no result (1-0, 0-1, 1/2-1/2 or *) after move 2 (LJ:b8a6): the record may be cut short",
			"loadpgn ok moves 2"}},
		{"a result mid-movetext", head + "\n1. FC:e4 1/2-1/2 LJ:b8a6 *", `not a game record: line 6: the result 1/2-1/2 after move 1 (FC:e4) is followed by "LJ:b8a6"`, nil},
		{"text after the result", head + "\n1. FC:e4 * LJ:b8a6", `not a game record: line 6: the result * after move 1 (FC:e4) is followed by "LJ:b8a6"`, nil},
		{"the mated side wins", mated + "\n1-0", "the record's result 1-0 contradicts the game's end: 0-1 (checkmate)", nil},
		{"a claimed stalemate lost", claim + "\n1. stalemate 0-1", "the record's result 0-1 contradicts the game's end: 1/2-1/2 (stalemate claimed)", nil},
		{"a banana result", head + "[Result \"banana\"]\n\n1. FC:e4 *", `the Result tag "banana" is not a result`, nil},
		{"tag and marker disagree", head + "[Result \"0-1\"]\n\n1. FC:e4 1-0", "the Result tag says 0-1 but the movetext ends with 1-0", nil},
		{"a resignation", head + "[White \"Ann\"]\n\n1. FC:e4@DD 0-1", "", []string{
			"state variant chessmate tomove b check false over true result 0-1 reason result from the record"}},
	})
}

// TestChameleonRecordCorruptions: the corruptions in Chameleon Chess, whose
// results are the winner's letter (in the Result tag; the movetext ends
// with *), 1/2-1/2 or *.
func TestChameleonRecordCorruptions(t *testing.T) {
	two := "[Event \"x\"]\n[Variant \"chameleon\"]\n[FEN \"d2g5 g5yg,d2gb g 0 0\"]\n"
	checkRecordCases(t, chameleonOn+"position startpos moves a1b3\n", []recordCase{
		{"a lone tag line", `[Variant "chameleon"]`, "not a game record: no movetext after the tags", nil},
		{"movetext cut short", "[Variant \"chameleon\"]\n\n1. a1b3 2. a8b6", "", []string{
			"info string warning: loadpgn: the movetext ends with no result (1-0, 0-1, 1/2-1/2 or *) after move 2 (a8b6): the record may be cut short",
			"loadpgn ok moves 2", "state variant chameleon tomove y check false over false result * reason none"}},
		{"a result mid-movetext", "[Variant \"chameleon\"]\n\n1. a1b3 * 2. a8b6 *", `not a game record: line 3: the result * after move 1 (a1b3) is followed by "a8b6"`, nil},
		{"a loser named the winner", two + "[Result \"g\"]\n\n1. d2f4 *", "the record's result g contradicts the game's end: y (last player standing)", nil},
		{"a won game drawn", two + "\n1. d2f4 1/2-1/2", "the record's result 1/2-1/2 contradicts the game's end: y (last player standing)", nil},
		{"a two-player result", "[Variant \"chameleon\"]\n\n1. a1b3 1-0", "the movetext ends with 1-0, which names no Chameleon player", nil},
		{"a banana result", "[Variant \"chameleon\"]\n[Result \"banana\"]\n\n1. a1b3 *", `the Result tag "banana" is not a Chameleon result: want the winner's letter (r, b, y, g), 1/2-1/2 or *`, nil},
		{"tag and marker disagree", "[Variant \"chameleon\"]\n[Result \"r\"]\n\n1. a1b3 1/2-1/2", "the Result tag says r but the movetext ends with 1/2-1/2", nil},
		{"an absent winner", "[Variant \"chameleon\"]\n[FEN \"d2g5 g5yg,e4yr,d2gb,g2gr g 0 0\"]\n[Result \"b\"]\n\n1. d2g5 *",
			"the record names b the winner, but blue has no pawns", nil},
		{"a resignation", "[Variant \"chameleon\"]\n[Result \"r\"]\n[Termination \"the others resigned\"]\n\n1. a1b3 2. a8b6 *", "", []string{
			"state variant chameleon tomove y check false over true result r reason result from the record (the others resigned)"}},
		{"a pass", "[Variant \"chameleon\"]\n[FEN \"e3g5 g5yg,f4rb r 7 20\"]\n\n1. 0000 *", "", []string{
			"loadpgn ok moves 1", "state variant chameleon tomove y check false over false result * reason none",
			"state position e3g5 g5yg,f4rb y 8 21"}},
	})
}

// TestStrategoRecordCorruptions: the corruptions in Stratego.
func TestStrategoRecordCorruptions(t *testing.T) {
	flag := "[Event \"x\"]\n[Variant \"stratego\"]\n[FEN \"c9/10/4f5/4C5/10/10/10/F9 v 00 -,- - 0 0\"]\n"
	checkRecordCases(t, strategoOn+"position startpos moves a3a4\n", []recordCase{
		{"a lone tag line", `[Variant "stratego"]`, "not a game record: no movetext after the tags", nil},
		{"movetext cut short", "[Variant \"stratego\"]\n[Result \"0-1\"]\n\n1. a3a4 a6a5 2. a4a5", "", []string{
			`info string warning: loadpgn: the movetext ends with no result (1-0, 0-1, 1/2-1/2 or *) after move 3 (a4a5): the record may be cut short; its Result tag "0-1" is not trusted, the moves decide`,
			"loadpgn ok moves 3", "state variant stratego tomove e check false over false result * reason none"}},
		{"a result mid-movetext", "[Variant \"stratego\"]\n\n1. a3a4 0-1 a6a5 *", `not a game record: line 3: the result 0-1 after move 1 (a3a4) is followed by "a6a5"`, nil},
		{"the flag's owner wins", flag + "\n1. e5e6 0-1", "the record's result 0-1 contradicts the game's end: 1-0 (flag captured)", nil},
		{"a banana result", "[Variant \"stratego\"]\n[Result \"banana\"]\n\n1. a3a4 *", `the Result tag "banana" is not a result`, nil},
		{"tag and marker disagree", "[Variant \"stratego\"]\n[Result \"1-0\"]\n\n1. a3a4 1/2-1/2", "the Result tag says 1-0 but the movetext ends with 1/2-1/2", nil},
		{"a resignation", "[Variant \"stratego\"]\n[White \"Ann\"]\n\n1. a3a4 0-1", "", []string{
			"state variant stratego tomove e check false over true result 0-1 reason result from the record"}},
	})
}

// TestRecordsKeepTagsInEveryVariant: every variant writes a reloaded
// record's tags and kept result back.
func TestRecordsKeepTagsInEveryVariant(t *testing.T) {
	for _, tc := range []struct{ setup, record string }{
		{"setoption name UCI_Variant value chessmate\n", "[Event \"Cards\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"-\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n" +
			"[Variant \"chessmate\"]\n[SetUp \"1\"]\n[FEN \"" + cardStart + "\"]\n[Opening \"Forbidden\"]\n\n1. FC:e4@DD 1/2-1/2\n"},
		{chameleonOn, "[Event \"Four\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"-\"]\n[Red \"Ann\"]\n[Blue \"Bo\"]\n[Yellow \"Cy\"]\n[Green \"Di\"]\n[Result \"b\"]\n" +
			"[Variant \"chameleon\"]\n[SetUp \"1\"]\n[FEN \"a1h8 a8bb,e8yg,f8yr,g8yb,h8yy,a7br,a6bg,a5by,h4gr,h3gb,h2gy,a1rr,b1rg,c1ry,d1rb,h1gg r 0 0\"]\n" +
			"[Termination \"adjudication\"]\n\n1. a1b3 {blue wins: adjudication} *\n"},
		{strategoOn, "[Event \"Fantasy\"]\n[Site \"?\"]\n[Date \"2024.01.02\"]\n[Round \"-\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n" +
			"[Variant \"stratego\"]\n[SetUp \"1\"]\n[FEN \"c9/10/4f5/4C5/10/10/10/F9 v 00 -,- - 0 0\"]\n[TimeControl \"300\"]\n\n1. e5e6:Cf 1-0\n"},
	} {
		out := runScript(t, tc.setup+"loadpgn\n"+tc.record+"endpgn\npgn\n")
		require.Contains(t, out, "loadpgn ok", tc.record)
		assert.Contains(t, out, "pgn begin\n"+tc.record+"pgn end\n")
	}
}
