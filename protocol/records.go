package protocol

import (
	"strconv"
	"strings"

	"tempest/variants"
)

// writeRecord answers "pgn" with the game so far between "pgn begin" and "pgn end".
func (s *Session) writeRecord() {
	var text string
	if s.variant.record != nil {
		text = s.variant.record(s.vgame)
	} else {
		f := strings.Fields(s.vgame.Start())
		blackFirst := len(f) > 1 && f[1] == "b"
		first := 1
		if len(f) >= 6 {
			if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
				first = n
			}
		}
		r := s.vgame.Record()
		text = r.Write(first, blackFirst)
	}
	s.out.println("pgn begin")
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		s.out.println(line)
	}
	s.out.println("pgn end")
}

// maxRecordLines bounds a record sent with loadpgn.
const maxRecordLines = 100000

// receiveRecordLine collects the lines after "loadpgn" until "endpgn", then
// loads the record. A failed load leaves the current game as it was.
func (s *Session) receiveRecordLine(line string) {
	if strings.TrimSpace(line) != "endpgn" {
		if len(s.loading) >= maxRecordLines {
			s.loading = nil
			s.out.errorf("game record longer than %d lines: not loaded", maxRecordLines)
			return
		}
		s.loading = append(s.loading, line)
		return
	}
	text := strings.Join(s.loading, "\n")
	s.loading = nil
	r, err := variants.ParsePGN(text)
	if err != nil {
		s.out.errorf("loadpgn: %v", err)
		return
	}
	v := s.variant
	if name := r.Tag("Variant"); name != "" && !strings.EqualFold(name, "chess960") && !strings.EqualFold(name, "standard") {
		if v = variantByName(name); v == nil {
			s.out.errorf("loadpgn: unknown variant %q in the record", truncate(name, 40))
			return
		}
	}
	if v != s.variant {
		s.out.errorf("loadpgn: the record is a %s game but UCI_Variant is %s", v.name, s.variant.name)
		return
	}
	g, err := v.load(s, r)
	if err != nil {
		s.out.errorf("loadpgn: %v", err)
		return
	}
	s.stopJob()
	s.setGame(g)
	s.out.printf("loadpgn ok moves %d", len(g.Actions()))
	s.state()
}
