package chessmate

import (
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const recordStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -"

func loadText(t *testing.T, text string) (*Game, error) {
	t.Helper()
	r, err := rules.ParsePGN(text)
	require.NoError(t, err, text)
	return LoadRecord(r)
}

// TestRecordKeepsTagsAndResult (issue 14, finding 14): a loaded record's
// tags and a result the rules do not decide come back when it is written;
// the game is over with that result. A result the rules decide must be
// the record's.
func TestRecordKeepsTagsAndResult(t *testing.T) {
	text := "[Event \"Cards\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"0-1\"]\n[FEN \"" + recordStart + "\"]\n[Annotator \"me\"]\n\n1. FC:e4@DD e7e5 0-1\n"
	g, err := loadText(t, text)
	require.NoError(t, err)
	st := g.Status()
	assert.Equal(t, rules.Status{ToMove: "w", Over: true, Result: "0-1", Reason: rules.ReasonFromRecord}, st)
	assert.Empty(t, g.Legal())
	_, err = g.Play("e2e3")
	assert.ErrorContains(t, err, "the game is over (result from the record)")
	r := g.Record()
	for _, tag := range [][2]string{{"Event", "Cards"}, {"White", "Ann"}, {"Black", "Bob"}, {"Result", "0-1"}, {"Annotator", "me"}, {"Variant", Name}} {
		assert.Equal(t, tag[1], r.Tag(tag[0]), tag[0])
	}
	assert.Equal(t, []string{"FC:e4@DD", "e7e5"}, r.Moves)
	assert.Equal(t, "0-1", r.Result)

	_, err = loadText(t, "[FEN \"6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - MS,CW,DI/?,?,? 9 - -\"]\n\n1/2-1/2\n")
	assert.EqualError(t, err, "the record's result 1/2-1/2 contradicts the game's end: 0-1 (checkmate)")
	_, err = loadText(t, "[FEN \""+recordStart+"\"]\n[Result \"banana\"]\n\n1. FC:e4 *\n")
	assert.ErrorContains(t, err, `the Result tag "banana" is not a result`)
}

// FuzzRecordRoundTrip: any text either fails to load as a card-chess
// record, or its game's record reads back to the same game, text and tags.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add("[Event \"x\"]\n[FEN \"" + recordStart + "\"]\n\n1. FC:e4@DD LJ:b8a6 2. e2e3 *\n")
	f.Add("[Event \"x\"]\n[White \"Ann\"]\n[FEN \"" + recordStart + "\"]\n\n1. MS:e2 HF+e7e5 2. VU+CW:e2e4 1-0\n")
	f.Add("[FEN \"k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/?,?,? 9 - -\"]\n\n1. stalemate 1/2-1/2\n")
	f.Add("[FEN \"6k1/8/8/8/8/8/5PPP/r5K1 w - - 0 1 - - - MS,CW,DI/?,?,? 9 - -\"]\n\n0-1\n")
	f.Add("[FEN \"" + recordStart + "\"]\n[Result \"1-0\"]\n\n1. FC:e4 LJ:b8a6\n")
	load := func(r rules.Record) (rules.Service, error) { return LoadRecord(r) }
	write := func(g rules.Service) string {
		r := g.Record()
		return r.Write(1, false)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if err := rules.CheckRoundTrip(text, load, write, "FEN", "SetUp", "Variant"); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	})
}
