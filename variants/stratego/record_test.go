package stratego

import (
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordKeepsTagsAndResult (issue 14, finding 14): a resignation and
// the record's tags are kept and written back; the game is over with that
// result.
func TestRecordKeepsTagsAndResult(t *testing.T) {
	g := game(t, StartPosition)
	play(t, g, "a3a4", "a6a5")
	r := g.Record()
	r.SetTag("White", "Ann")
	r.SetTag("Date", "2024.03.01")
	r.SetTag("Result", "0-1")
	r.Result = "0-1"
	loaded, err := LoadRecord(r)
	require.NoError(t, err)
	assert.Equal(t, rules.Status{ToMove: "v", Over: true, Result: "0-1", Reason: rules.ReasonFromRecord}, loaded.Status())
	assert.Empty(t, loaded.Legal())
	back, err := rules.ParsePGN(loaded.RecordText())
	require.NoError(t, err)
	assert.Equal(t, "Ann", back.Tag("White"))
	assert.Equal(t, "2024.03.01", back.Tag("Date"))
	assert.Equal(t, "0-1", back.Tag("Result"))
	assert.Equal(t, "0-1", back.Result)
}

// FuzzRecordRoundTrip: any text either fails to load as a Stratego record,
// or its game's record reads back to the same game, text and tags.
func FuzzRecordRoundTrip(f *testing.F) {
	f.Add("[Variant \"stratego\"]\n[FEN \"e1ws4tf/2M4W2/4k5/10/10/10/9C/FT8 v 00 -,- V:KCT 0 0\"]\n\n1. c7c8:Mw e6e5 2. c8d8 e5e4 *\n")
	f.Add("[Event \"x\"]\n[White \"Ann\"]\n\n1. a3a4 a6a5 2. a4a5 0-1\n")
	f.Add("[Variant \"stratego\"]\n[FEN \"c9/10/4f5/4C5/10/10/10/F9 v 00 -,- - 0 0\"]\n\n1. e5e6 1-0\n")
	f.Add("[Variant \"stratego\"]\n[FEN \"9f/9y/4t5/4U5/10/10/10/UU8 v 00 -,- - 0 0\"]\n\n1. e5e6:Kt#nomovable 0-1\n")
	f.Add("[Variant \"stratego\"]\n[Result \"1-0\"]\n\n1. a3a4\n")
	load := func(r rules.Record) (rules.Service, error) { return LoadRecord(r) }
	write := func(g rules.Service) string { return g.(*Game).RecordText() }
	f.Fuzz(func(t *testing.T, text string) {
		if err := rules.CheckRoundTrip(text, load, write, "FEN", "SetUp", "Variant"); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	})
}
