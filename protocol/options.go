package protocol

import (
	"errors"
	"fmt"
	"strings"

	"tempest/game"
	"tempest/games"
	"tempest/internal/quote"
)

// OptionKind is a UCI option type.
type OptionKind = game.OptionKind

const (
	Spin   = game.Spin
	Check  = game.Check
	Combo  = game.Combo
	Button = game.Button
	String = game.String
)

// Option is one UCI option: its declaration and what setting it does. The
// table of options is the single source of truth: "uci" prints it,
// "setoption" parses and range-checks against it, and docs/PROTOCOL.md
// describes each entry.
type Option struct {
	game.Option
	// DuringSearch marks an option that may change while a search runs
	// (it reaches the engine at the next go); every other one is refused.
	DuringSearch bool

	// apply makes the value take effect; value has been validated.
	apply func(s *Session, value string) error
	value string
}

// Options returns the option table, for documentation and tests.
func Options() []Option {
	table := (&Session{}).optionTable()
	out := make([]Option, len(table))
	for i, o := range table {
		out[i] = *o
	}
	return out
}

// findOption looks an option up by name, ignoring case as UCI allows.
func (s *Session) findOption(name string) *Option {
	for _, o := range s.options {
		if strings.EqualFold(o.Name, name) {
			return o
		}
	}
	return nil
}

// setOption handles "setoption name <name> [value <value>]"; names and
// values may contain spaces.
func (s *Session) setOption(args []string) {
	if len(args) < 2 || args[0] != "name" {
		s.out.errorf("setoption needs \"name <option> [value <value>]\"")
		return
	}
	nameEnd := len(args)
	for i, a := range args {
		if a == "value" {
			nameEnd = i
			break
		}
	}
	name := strings.Join(args[1:nameEnd], " ")
	value := ""
	if nameEnd < len(args) {
		value = strings.Join(args[nameEnd+1:], " ")
	}
	o := s.findOption(name)
	if o == nil {
		s.out.errorf("unknown option %q", quote.Truncate(name, 40))
		return
	}
	if o.Kind != Button && nameEnd == len(args) {
		s.out.errorf("option %s needs a value", o.Name)
		return
	}
	v, note, err := o.Normalize(value)
	if err != nil {
		s.out.errorf("%v", err)
		return
	}
	if s.searching() && !o.DuringSearch {
		s.out.errorf("option %s cannot change during a search; send stop first", o.Name)
		return
	}
	if note != "" {
		s.out.info("%s", note)
	}
	if o.apply != nil {
		if err := o.apply(s, v); err == errReading {
			return // the value is taken once the file has been read
		} else if err != nil {
			s.optionError(o.Name, err)
			return
		}
	}
	o.value = v
}

// optionError reports why an option was refused, naming it once.
func (s *Session) optionError(name string, err error) {
	var own *game.OptionError
	if errors.As(err, &own) && own.Option == name {
		err = own.Err
	}
	s.out.errorf("option %s: %v", name, err)
}

// gameOptions are the options the games declare for themselves
// (game.Properties.Options), each once, in the order of the games. A
// game that declares an option gets its changes; in another game a change
// is kept for the games that declare it, and noted (ownOption).
func (s *Session) gameOptions() []*Option {
	var table []*Option
	seen := map[string]bool{}
	for _, v := range games.All() {
		for _, spec := range v.Properties().Options {
			if seen[spec.Name] {
				continue
			}
			seen[spec.Name] = true
			table = append(table, &Option{Option: spec.Option,
				apply: func(s *Session, v string) error { return s.ownOption(spec, v) }})
		}
	}
	return table
}

// ownOption sets a game's own option. The game played gets it if it
// declares it (a file read off the command loop); otherwise the value is
// checked as its game will read it (a bad file is refused now, not at the
// switch), kept, and noted as not applying.
func (s *Session) ownOption(spec game.OptionSpec, v string) error {
	set := func(c *game.Settings) { c.Own = c.Own.With(spec.Name, v) }
	if declares(s.variant, spec.Name) {
		if spec.File {
			return s.readFile(spec.Name, v, set)
		}
		return s.reconfigure(set)
	}
	if s.settings.Own.Text(spec.Name) == v {
		return nil
	}
	note := ""
	if spec.Check != nil {
		read, err := spec.Check(v)
		if err != nil {
			return err
		}
		note = strings.TrimPrefix(read, spec.Name+": ")
	}
	var owners []string
	for _, g := range games.All() {
		if declares(g, spec.Name) {
			owners = append(owners, g.Properties().Title)
		}
	}
	why := spec.Elsewhere
	if why == "" {
		why = "it is " + strings.Join(owners, " and ") + "'s own"
	}
	msg := fmt.Sprintf("%s does not apply to %s: %s; kept for %s", spec.Name, s.variant.Properties().Title, why,
		strings.Join(owners, " and "))
	if note != "" {
		msg += ": " + note
	}
	s.settings.Own = s.settings.Own.With(spec.Name, v)
	s.out.info("%s", msg)
	return nil
}

// declares says whether game v has the option name of its own.
func declares(v game.Variant, name string) bool {
	for _, o := range v.Properties().Options {
		if o.Name == name {
			return true
		}
	}
	return false
}
