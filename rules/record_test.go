package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckResultTag: the Result tag must be a PGN result and agree with
// the movetext's marker.
func TestCheckResultTag(t *testing.T) {
	for _, tc := range []struct{ text, msg string }{
		{"[Result \"1-0\"]\n\n1. e4 1-0\n", ""},
		{"[Event \"x\"]\n\n1. e4 0-1\n", ""},
		{"[Result \"1-0\"]\n\n1. e4\n", ""},
		{"[Result \"banana\"]\n\n1. e4 *\n", `the Result tag "banana" is not a result: want 1-0, 0-1, 1/2-1/2 or *`},
		{"[Result \"banana\"]\n\n1. e4\n", `the Result tag "banana" is not a result`},
		{"[Result \"\"]\n\n1. e4 *\n", `the Result tag "" is not a result`},
		{"[Result \"1-0\"]\n\n1. e4 0-1\n", "the Result tag says 1-0 but the movetext ends with 0-1"},
		{"[Result \"*\"]\n\n1. e4 1/2-1/2\n", "the Result tag says * but the movetext ends with 1/2-1/2"},
	} {
		r, err := ParsePGN(tc.text)
		require.NoError(t, err)
		err = r.CheckResultTag()
		if tc.msg == "" {
			assert.NoError(t, err, tc.text)
		} else {
			assert.ErrorContains(t, err, tc.msg, tc.text)
		}
	}
}

// TestSettleResult: a result the rules decide must be the record's; one they
// cannot decide is kept from the record; "*" and no result leave the game
// to the rules.
func TestSettleResult(t *testing.T) {
	mate := Status{Over: true, Result: "0-1", Reason: "checkmate"}
	going := Status{ToMove: "w", Result: "*"}
	claimable := Status{Over: true, Result: "1/2-1/2", Reason: "threefold repetition"}
	for _, tc := range []struct {
		claimed     string
		st          Status
		decided     bool
		termination string
		want        RecordedResult
		msg         string
	}{
		{"0-1", mate, true, "", RecordedResult{}, ""},
		{"1-0", mate, true, "", RecordedResult{}, "the record's result 1-0 contradicts the game's end: 0-1 (checkmate)"},
		{"1/2-1/2", mate, true, "", RecordedResult{}, "the record's result 1/2-1/2 contradicts the game's end: 0-1 (checkmate)"},
		{"*", mate, true, "", RecordedResult{}, ""},
		{"", mate, true, "", RecordedResult{}, ""},
		{"1-0", going, false, "", RecordedResult{"1-0", ReasonFromRecord}, ""},
		{"1/2-1/2", going, false, "time forfeit", RecordedResult{"1/2-1/2", ReasonFromRecord + " (time forfeit)"}, ""},
		{"*", going, false, "", RecordedResult{}, ""},
		{"1-0", claimable, false, "", RecordedResult{"1-0", ReasonFromRecord}, ""},
		{"1/2-1/2", claimable, false, "", RecordedResult{}, ""},
	} {
		got, err := SettleResult(tc.claimed, tc.st, tc.decided, tc.termination)
		if tc.msg != "" {
			assert.EqualError(t, err, tc.msg)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tc.want, got, "%s after %v", tc.claimed, tc.st)
	}
	st := RecordedResult{"1-0", ReasonFromRecord}.Apply(going)
	assert.Equal(t, Status{ToMove: "w", Over: true, Result: "1-0", Reason: ReasonFromRecord}, st)
	assert.Equal(t, going, RecordedResult{}.Apply(going))
}

// TestWithTags: kept tags override the defaults in place and follow them
// otherwise, in their order.
func TestWithTags(t *testing.T) {
	defaults := [][2]string{{"Event", "Tempest game"}, {"White", "?"}, {"Result", "*"}}
	kept := [][2]string{{"Annotator", "me"}, {"White", "Ann"}, {"ECO", "C20"}}
	assert.Equal(t, [][2]string{{"Event", "Tempest game"}, {"White", "Ann"}, {"Result", "*"}, {"Annotator", "me"}, {"ECO", "C20"}},
		WithTags(defaults, kept))
	assert.Equal(t, [][2]string{{"Event", "Tempest game"}, {"White", "?"}, {"Result", "*"}}, defaults, "defaults untouched")
	r := Record{Tags: WithTags(defaults, kept)}
	r.DeleteTag("White")
	r.DeleteTag("Nothing")
	assert.Equal(t, [][2]string{{"Event", "Tempest game"}, {"Result", "*"}, {"Annotator", "me"}, {"ECO", "C20"}}, r.Tags)
}
