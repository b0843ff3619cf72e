package rules

import (
	"fmt"
	"slices"

	"tempest/internal/quote"
)

// The PGN result markers; Unfinished is also "result unknown".
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// IsResultMarker reports whether tok is one of PGN's four result markers.
func IsResultMarker(tok string) bool {
	switch tok {
	case WhiteWins, BlackWins, Draw, Unfinished:
		return true
	}
	return false
}

// CheckResultTag checks the Result tag of a two-player game's record: when
// present it must be a PGN result and agree with the movetext's marker.
func (r *Record) CheckResultTag() error {
	tag, tagged := r.lookup("Result")
	switch {
	case tagged && !IsResultMarker(tag):
		return fmt.Errorf("the Result tag %q is not a result: want 1-0, 0-1, 1/2-1/2 or *", quote.Truncate(tag, 20))
	case tagged && r.Result != "" && tag != r.Result:
		return fmt.Errorf("the Result tag says %s but the movetext ends with %s", tag, r.Result)
	}
	return nil
}

// ReasonFromRecord is the end reason of a game whose result comes from its
// record, not from the rules: resignation, agreement, time forfeit.
const ReasonFromRecord = "result from the record"

// RecordedResult is a result a record gives that the rules cannot decide;
// the zero value means the rules' verdict stands.
type RecordedResult struct{ Result, Reason string }

// Apply makes st the status of a game over with the recorded result.
func (e RecordedResult) Apply(st Status) Status {
	if e.Result != "" {
		st.Over, st.Result, st.Reason = true, e.Result, e.Reason
	}
	return st
}

// MaxTerminationBytes bounds the reason a kept result shows from the
// record's Termination tag, and the reason "result" takes: the same bound,
// so that state shows whole what result was given.
const MaxTerminationBytes = 80

// SettleResult checks a record's result against the game its moves lead to,
// whose status is st. decided says the rules ended the game (a claimable
// draw is not decided): then the record's result must be the same. A result
// the position does not decide is returned, to be kept; "*" (unknown) and ""
// (no result) leave the game to the rules. termination is the record's
// Termination tag, which details the reason.
func SettleResult(claimed string, st Status, decided bool, termination string) (RecordedResult, error) {
	switch {
	case claimed == "" || claimed == Unfinished:
		return RecordedResult{}, nil
	case st.Over && decided && claimed != st.Result:
		return RecordedResult{}, fmt.Errorf("the record's result %s contradicts the game's end: %s (%s)", quote.Truncate(claimed, 20), st.Result, st.Reason)
	case st.Over && claimed == st.Result:
		return RecordedResult{}, nil
	}
	reason := ReasonFromRecord
	if termination != "" {
		reason += " (" + quote.Truncate(termination, MaxTerminationBytes) + ")"
	}
	return RecordedResult{Result: claimed, Reason: reason}, nil
}

// SevenTagRoster is the tags every two-player record starts with, as PGN
// requires, before a frontend or a loaded record fills them in.
func SevenTagRoster(result string) [][2]string {
	return [][2]string{{"Event", "Tempest game"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "-"},
		{"White", "?"}, {"Black", "?"}, {"Result", result}}
}

// WithTags is the tag list of a game written again: the defaults, each
// replaced by the kept tag of its name, then the other kept tags in order.
func WithTags(defaults, kept [][2]string) [][2]string {
	r := Record{Tags: append([][2]string(nil), defaults...)}
	for _, t := range kept {
		r.SetTag(t[0], t[1])
	}
	return r.Tags
}

// DeleteTag removes a tag, if present.
func (r *Record) DeleteTag(name string) {
	for i, t := range r.Tags {
		if t[0] == name {
			r.Tags = append(r.Tags[:i:i], r.Tags[i+1:]...)
			return
		}
	}
}

// LookupTag returns a tag's value and whether the record has the tag.
func (r *Record) LookupTag(name string) (string, bool) { return r.lookup(name) }

func (r *Record) lookup(name string) (string, bool) {
	for _, t := range r.Tags {
		if t[0] == name {
			return t[1], true
		}
	}
	return "", false
}

// CheckRoundTrip checks the record contract on a text that loads: the
// game's record, written and read again, has no warning, loads to the same
// game (position, status, actions), is written the same, and keeps every
// tag of the text except the ones the game owns (Result, and those named
// in owned). load and write are a variant's loader and writer. It is for
// the fuzz tests of every variant; a text that does not load passes.
func CheckRoundTrip[G Service](text string, load func(Record) (G, error), write func(G) string, owned ...string) error {
	r, err := ParsePGN(text)
	if err != nil {
		return nil
	}
	g, err := load(r)
	if err != nil {
		return nil
	}
	written := write(g)
	again, err := ParsePGN(written)
	switch {
	case err != nil:
		return fmt.Errorf("the written record does not parse: %v\n%s", err, written)
	case len(again.Warnings) > 0:
		return fmt.Errorf("the written record has warnings %q\n%s", again.Warnings, written)
	}
	back, err := load(again)
	if err != nil {
		return fmt.Errorf("the written record does not load: %v\n%s", err, written)
	}
	if back.Position() != g.Position() || back.Status() != g.Status() || !slices.Equal(back.Actions(), g.Actions()) {
		return fmt.Errorf("the written record loads to another game: %s %+v %q, not %s %+v %q\n%s",
			back.Position(), back.Status(), back.Actions(), g.Position(), g.Status(), g.Actions(), written)
	}
	if rewritten := write(back); rewritten != written {
		return fmt.Errorf("the reloaded game is written differently:\n%s\nnot\n%s", rewritten, written)
	}
	for _, tag := range r.Tags {
		if tag[0] != "Result" && !slices.Contains(owned, tag[0]) && again.Tag(tag[0]) != tag[1] {
			return fmt.Errorf("tag %s %q is lost: %q\n%s", tag[0], tag[1], again.Tag(tag[0]), written)
		}
	}
	return nil
}

// TwoPlayerRecord is the record of a two-player game of the variant named
// name, started from the position string start: the seven-tag roster
// (filled from the kept tags of a loaded record), the game's result, the
// variant and its start, and the actions.
func TwoPlayerRecord(name, start string, st Status, actions []string, kept [][2]string) Record {
	r := Record{Tags: WithTags(SevenTagRoster(st.Result), kept), Moves: actions, Result: st.Result}
	r.SetTag("Result", st.Result)
	r.SetTag("Variant", name)
	r.SetTag("SetUp", "1")
	r.SetTag("FEN", start)
	return r
}

// Settle is the end of loading a record onto a game whose moves were
// played and whose status is now st: the record's result checked against
// the game's (SettleResult), its Result tag against its movetext, and the
// tags the game keeps.
func (r *Record) Settle(st Status) (RecordedResult, [][2]string, error) {
	recorded, err := SettleResult(r.Result, st, st.Over, r.Tag("Termination"))
	if err != nil {
		return RecordedResult{}, nil, err
	}
	if err := r.CheckResultTag(); err != nil {
		return RecordedResult{}, nil, err
	}
	return recorded, slices.Clone(r.Tags), nil
}
