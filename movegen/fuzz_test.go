package movegen

import (
	"testing"
)

// Fuzz targets: run briefly by `make test`, for longer with e.g.
//
//	go test ./movegen -run '^$' -fuzz FuzzParseFEN -fuzztime 5m

var fuzzFENs = []string{
	StartFEN,
	kiwipete,
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
	"8/8/8/8/8/8/8 w - -",
	"",
	// Clocks at the parser's limit; Chess960 castling whose king
	// destination is a king step (f1g1) or the king's own square (c1c1).
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 1048576 1048576",
	"1r3k2/8/8/8/8/8/8/1R3K1R w Hb - 0 1",
	"r1k5/8/8/8/8/8/8/R1K5 w Qq - 0 1",
}

func FuzzParseFEN(f *testing.F) {
	for _, fen := range fuzzFENs {
		f.Add(fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		// A FEN that parses must describe a consistent position that
		// survives a write/read round trip and every legal move.
		if err := p.consistencyError(); err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("%q written as %q, which does not parse: %v", fen, out, err)
		}
		if q.FEN() != out || q.Key() != p.Key() {
			t.Fatalf("%q: round trip %q -> %q", fen, out, q.FEN())
		}
		if _, err := ParseFEN(p.ShredderFEN()); err != nil {
			t.Fatalf("%q: Shredder-FEN %q does not parse: %v", fen, p.ShredderFEN(), err)
		}
		var buf [MaxMoves]Move
		moves := p.GenLegal(buf[:])
		if len(moves) != p.CountLegal() {
			t.Fatalf("%q: %d moves generated, %d counted", fen, len(moves), p.CountLegal())
		}
		// Every move has its own token in both notations, which reads back
		// as the move, and the FEN after it reads back too.
		for _, chess960 := range []bool{false, true} {
			seen := map[string]bool{}
			for _, m := range moves {
				tok := m.UCI(chess960)
				if seen[tok] {
					t.Fatalf("%q: two moves are written %q (chess960 %t)", fen, tok, chess960)
				}
				seen[tok] = true
				if back, err := p.ParseUCIMove(tok, chess960); err != nil || back != m {
					t.Fatalf("%q: %q reads back as %v (%v), chess960 %t", fen, tok, back, err, chess960)
				}
			}
		}
		for _, m := range moves {
			var u Undo
			p.Make(m, &u)
			if err := p.consistencyError(); err != nil {
				t.Fatalf("%q after %v: %v", fen, m, err)
			}
			after := p.FEN()
			if q, err := ParseFEN(after); err != nil || q.FEN() != after || q.Key() != p.Key() {
				t.Fatalf("%q after %v: %q does not read back (%v)", fen, m, after, err)
			}
			p.Unmake(m, &u)
		}
		if p.FEN() != out {
			t.Fatalf("%q: make/unmake changed the position to %q", fen, p.FEN())
		}
	})
}

func fuzzPositions(t testing.TB) []*Position {
	var ps []*Position
	for _, fen := range fuzzFENs {
		if p, err := ParseFEN(fen); err == nil {
			ps = append(ps, p)
		}
	}
	return ps
}

func FuzzParseUCIMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e1g1", "e1h1", "a7a8q", "b7b8N", "0000", "e2e9", "e7e8k", "", "h1h1"} {
		f.Add(uint8(0), s, false)
		f.Add(uint8(3), s, true)
	}
	positions := fuzzPositions(f)
	f.Fuzz(func(t *testing.T, which uint8, text string, chess960 bool) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseUCIMove(text, chess960)
		if err != nil {
			return
		}
		if !isLegal(p, m) {
			t.Fatalf("%q accepted as %v, which is not legal in %s", text, m, p.FEN())
		}
		if back, err := p.ParseUCIMove(m.UCI(chess960), chess960); err != nil || back != m {
			t.Fatalf("%q: %v written as %q reads back as %v (%v)", text, m, m.UCI(chess960), back, err)
		}
	})
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6 e.p.", "Rxa8+", "b8=Q#", "Nbd7", "Qh4xe1", "e8N", "K", "=Q"} {
		f.Add(uint8(0), s)
		f.Add(uint8(1), s)
		f.Add(uint8(3), s)
	}
	positions := fuzzPositions(f)
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		p := positions[int(which)%len(positions)]
		m, err := p.ParseSAN(text)
		if err != nil {
			return
		}
		if !isLegal(p, m) {
			t.Fatalf("%q accepted as %v, which is not legal in %s", text, m, p.FEN())
		}
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%q: %v written as %q reads back as %v (%v)", text, m, san, back, err)
		}
	})
}

func isLegal(p *Position, m Move) bool {
	var buf [MaxMoves]Move
	for _, l := range p.GenLegal(buf[:]) {
		if l == m {
			return true
		}
	}
	return false
}
