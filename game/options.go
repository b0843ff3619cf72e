package game

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"tempest/internal/quote"
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

// Option declares a UCI option: what "uci" shows of it (Declaration) and
// what a value sent with setoption must be (Normalize).
type Option struct {
	Name    string
	Kind    OptionKind
	Default string
	Min     int      // spin
	Max     int      // spin
	Vars    []string // combo
	Help    string   // one line for docs
}

// OptionSpec is a UCI option a game declares for itself (chess's book and
// tables, card chess's Play Cards), beside the options every game shares.
// The protocol offers the options of every registered game, keeps their
// values in Settings.Own whatever the game played, and hands them to the
// engine of a game that declares them; in another game a change is noted
// as not applying, and kept.
type OptionSpec struct {
	Option
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

// Declaration is the "option ..." line sent in reply to "uci".
func (o Option) Declaration() string {
	var b strings.Builder
	fmt.Fprintf(&b, "option name %s type %s", o.Name, KindNames[o.Kind])
	switch o.Kind {
	case Spin:
		fmt.Fprintf(&b, " default %s min %d max %d", o.Default, o.Min, o.Max)
	case Check, String:
		def := o.Default
		if o.Kind == String && def == "" {
			def = "<empty>"
		}
		fmt.Fprintf(&b, " default %s", def)
	case Combo:
		fmt.Fprintf(&b, " default %s", o.Default)
		for _, v := range o.Vars {
			fmt.Fprintf(&b, " var %s", v)
		}
	}
	return b.String()
}

// Normalize checks value against the option's type and range. Out-of-range
// spin values are clamped, and the note says so.
func (o Option) Normalize(value string) (normalized, note string, err error) {
	switch o.Kind {
	case Spin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", "", fmt.Errorf("option %s needs a whole number from %d to %d, not %q", o.Name, o.Min, o.Max, quote.Truncate(value, 20))
		}
		if n < o.Min || n > o.Max {
			clamped := min(max(n, o.Min), o.Max)
			return strconv.Itoa(clamped), fmt.Sprintf("option %s value %d is outside %d..%d; using %d", o.Name, n, o.Min, o.Max, clamped), nil
		}
		return strconv.Itoa(n), "", nil
	case Check:
		switch strings.ToLower(value) {
		case "true":
			return "true", "", nil
		case "false":
			return "false", "", nil
		}
		return "", "", fmt.Errorf("option %s needs true or false, not %q", o.Name, quote.Truncate(value, 20))
	case Combo:
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return v, "", nil
			}
		}
		return "", "", fmt.Errorf("option %s must be one of %s, not %q", o.Name, strings.Join(o.Vars, ", "), quote.Truncate(value, 40))
	case Button:
		return "", "", nil
	case String:
		if value == "<empty>" { // what "uci" shows for an empty default, as GUIs send it back
			return "", "", nil
		}
	}
	return value, "", nil
}
