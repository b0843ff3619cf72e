package variants

import (
	"maps"
	"strconv"
)

// OptionKind is a UCI option type.
type OptionKind int

const (
	Spin OptionKind = iota
	Check
	Combo
	Button
	String
)

// KindNames are the UCI names of the option types, by OptionKind.
var KindNames = [...]string{"spin", "check", "combo", "button", "string"}

// OptionSpec is a UCI option a game declares for itself (chess's book and
// tables, card chess's Play Cards), beside the options every game shares.
// The protocol offers the options of every registered game, keeps their
// values in Settings.Own whatever the game played, and hands them to the
// engine of a game that declares them; in another game a change is noted
// as not applying, and kept.
type OptionSpec struct {
	Name    string
	Kind    OptionKind
	Default string
	Min     int      // spin
	Max     int      // spin
	Vars    []string // combo
	Help    string   // one line for docs
	// File says the value names a file the game's engine reads: the
	// protocol has it read off the command loop (Loader).
	File bool
	// Check reads a value as the game will (a file opened, then let go),
	// so that one set while another game is played is refused at once
	// rather than when the game switches; it returns what it read, for
	// the note. Nil: nothing to check.
	Check func(value string) (note string, err error)
	// Elsewhere says why the option does not apply to the games that do
	// not declare it ("it evaluates by hand").
	Elsewhere string
}

// Values are the values of the games' own options by name, as the
// protocol validated them ("true"/"false", a whole number, text). A
// Values is never changed in place: With makes a new one, so settings
// copied by value never share a change.
type Values map[string]string

// With is v with the option name set to value.
func (v Values) With(name, value string) Values {
	out := maps.Clone(v)
	if out == nil {
		out = Values{}
	}
	out[name] = value
	return out
}

// Flag is a check option's value; false when unset.
func (v Values) Flag(name string) bool { return v[name] == "true" }

// Int is a spin option's value; 0 when unset.
func (v Values) Int(name string) int {
	n, _ := strconv.Atoi(v[name])
	return n
}

// Text is a string or combo option's value; "" when unset.
func (v Values) Text(name string) string { return v[name] }
