package protocol

import (
	"fmt"
	"strings"

	"tempest/game"
	"tempest/games"
	"tempest/internal/quote"
	"tempest/rules"
)

// writeRecord answers "pgn" with the game so far between "pgn begin" and "pgn end".
func (s *Session) writeRecord() {
	text := s.game.RecordText()
	s.out.println("pgn begin")
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		s.out.println(line)
	}
	s.out.println("pgn end")
}

// maxRecordLines bounds a record sent with loadpgn, as
// rules.MaxRecordBytes bounds its bytes, so a client that never sends
// endpgn cannot fill the memory.
const maxRecordLines = 100000

// receiveRecordLine collects the lines after "loadpgn" until "endpgn", then
// loads the record. A failed load leaves the current game as it was. A
// record beyond the bounds is read to its endpgn and not loaded: what
// follows the bound is the rest of the record, never a command.
func (s *Session) receiveRecordLine(line string) {
	if strings.TrimSpace(line) != "endpgn" {
		if s.loadErr != "" {
			return // the record will not load: its lines are only read
		}
		over := ""
		switch {
		case len(s.loading) >= maxRecordLines:
			over = fmt.Sprintf("more than %d lines", maxRecordLines)
		case s.loadBytes+len(line) > rules.MaxRecordBytes:
			over = fmt.Sprintf("more than %d bytes", rules.MaxRecordBytes)
		}
		if over != "" {
			s.out.errorf("loadpgn: the record has %s; the rest is read up to endpgn and the record will not be loaded", over)
			s.loadErr, s.loading, s.loadBytes = over, []string{}, 0
			return
		}
		s.loading = append(s.loading, line)
		s.loadBytes += len(line) + 1
		return
	}
	text := strings.Join(s.loading, "\n")
	s.loading = nil
	r, err := rules.ParsePGN(text)
	if err != nil {
		s.out.errorf("loadpgn: %v", err)
		return
	}
	v := s.variant
	if name := r.Tag("Variant"); name != "" {
		if v, _ = games.RecordVariant(name); v == nil {
			s.out.errorf("loadpgn: unknown variant %q in the record", quote.Truncate(name, 40))
			return
		}
	}
	if v.Name() != s.variant.Name() {
		s.out.errorf("loadpgn: the record is a %s game but UCI_Variant is %s", v.Name(), s.variant.Name())
		return
	}
	g, err := v.Load(r, s.settings)
	if err != nil {
		s.out.errorf("loadpgn: %v", err)
		return
	}
	s.stopJob()
	s.game = g
	for _, w := range append(r.Warnings, unknownResultWarning(r, g)...) {
		s.out.info("warning: loadpgn: %s", w)
	}
	s.out.printf("loadpgn ok moves %d", len(g.Actions()))
	s.state()
}

// unknownResultWarning notes a record that gives its result as unknown (*)
// although its moves end the game: the game's result replaces it.
func unknownResultWarning(r rules.Record, g game.Game) []string {
	if r.Result != rules.Unfinished {
		return nil
	}
	if tag := r.Tag("Result"); tag != "" && tag != rules.Unfinished {
		return nil // a multi-player record gives the winner in the tag
	}
	st := g.Status()
	if !st.Over {
		return nil
	}
	return []string{fmt.Sprintf("the record gives no result (*), but its moves end the game: %s (%s)", st.Result, st.Reason)}
}
