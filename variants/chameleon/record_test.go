package chameleon

import (
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordKeepsForcedPass (issue 14, finding 11): the forced pass 0000
// (rules §6) is written in the record and read back as a move, so the
// game reloads whole, with the right player to move.
func TestRecordKeepsForcedPass(t *testing.T) {
	g := game(t, "e3g5 g5yg,f4rb,e5gb r 7 20")
	require.Equal(t, []string{"0000"}, g.Legal())
	play(t, g, "0000")
	play(t, g, g.Legal()[0])
	text := WriteRecord(g.Record())
	assert.Contains(t, text, "1. 0000 2. ")
	r, err := rules.ParsePGN(text)
	require.NoError(t, err)
	back, err := LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, g.Actions(), back.Actions())
	assert.Equal(t, g.Position(), back.Position())
	assert.Equal(t, g.Status(), back.Status())
}

// TestRecordKeepsTagsAndResult (finding 14): a win the rules do not decide
// (the others resigned) is kept with the record's tags, its winner named
// in the Result tag and the movetext's comment; a win the rules decide must
// be the record's.
func TestRecordKeepsTagsAndResult(t *testing.T) {
	g := game(t, start4)
	play(t, g, "a1b3", "a7c6")
	r := g.Record()
	r.SetTag("Red", "Ann")
	r.SetTag("Result", "b")
	r.SetTag("Termination", "the others resigned")
	r.SetTag("Site", "Porto")
	r.Result = "b"
	text := WriteRecord(r)
	assert.Contains(t, text, "2. a7c6 {blue wins: the others resigned} *")
	back, err := rules.ParsePGN(text)
	require.NoError(t, err)
	loaded, err := LoadRecord(back)
	require.NoError(t, err)
	assert.Equal(t, rules.Status{ToMove: "y", Over: true, Result: "b", Reason: rules.ReasonFromRecord + " (the others resigned)"}, loaded.Status())
	assert.Empty(t, loaded.Legal())
	assert.Equal(t, text, WriteRecord(loaded.Record()))

	r = game(t, "d2g5 g5yg,d2gb g 0 0").Record()
	r.Moves = []string{"d2f4"}
	r.SetTag("Result", "g")
	_, err = LoadRecord(r)
	assert.EqualError(t, err, "the record's result g contradicts the game's end: y (last player standing)")
}

// FuzzRecordRoundTrip: any text either fails to load as a Chameleon record,
// or its game's record reads back to the same game, text and tags.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add("[Variant \"chameleon\"]\n\n1. a1b3 2. a8b6 *\n")
	f.Add("[Variant \"chameleon\"]\n[FEN \"d2g5 g5yg,d2gb g 0 0\"]\n\n1. d2f4 {yellow wins} *\n")
	f.Add("[Event \"x\"]\n[FEN \"e3g5 g5yg,f4rb r 7 20\"]\n\n1. 0000 2. g5g4 *\n")
	f.Add("[Variant \"chameleon\"]\n[Result \"r\"]\n[Termination \"time\"]\n\n1. a1b3 2. a8b6 {red wins} *\n")
	f.Add("[Variant \"chameleon\"]\n\n1. a1b3 ( 1. a1c2 ) 2. a8b6 $1 1/2-1/2\n")
	f.Add("[Variant \"chameleon\"]\n[Result \"y\"]\n\n1. a1b3 2. a8b6\n")
	load := func(r rules.Record) (rules.Service, error) { return LoadRecord(r) }
	write := func(g rules.Service) string { return WriteRecord(g.Record()) }
	f.Fuzz(func(t *testing.T, text string) {
		if err := rules.CheckRoundTrip(text, load, write, "FEN", "SetUp", "Variant", "Termination", "Eliminated"); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	})
}
