package book

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tempest/movegen"
)

// entryText writes entries as the oracle does: "uci/weight/learn".
func entryText(entries []Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = fmt.Sprintf("%s/%d/%d", e.Move.UCI(false), e.Weight, e.Learn)
	}
	return out
}

// writeBook writes entries to a book file in a temporary directory.
func writeBook(t testing.TB, entries []KeyedEntry) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, entries); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "test.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEntriesMatchOracle builds a book from the positions of random games,
// with random weights and learn values, every castling move and promotion
// met, some moves written the way other tools write castling (king to its
// destination) and some entries that name illegal moves, then compares
// Entries with python-chess's reader on every position of the games and
// of other games that are mostly out of the book.
func TestEntriesMatchOracle(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 40
	}
	inBook := append(randomGames(2, games, 100), handSamples...)
	rng := rand.New(rand.NewPCG(7, 7))
	var entries []KeyedEntry
	seen := map[uint64]bool{}
	var buf [movegen.MaxMoves]movegen.Move
	weight := func() uint16 {
		switch rng.IntN(8) {
		case 0:
			return 0
		case 1:
			return 65535
		}
		return uint16(rng.IntN(200))
	}
	for _, s := range inBook {
		pos := s.position(t)
		key := KeyWithEnPassant(pos, s.ep)
		if seen[key] {
			continue
		}
		seen[key] = true
		legal := pos.GenLegal(buf[:])
		if len(legal) == 0 {
			continue
		}
		add := func(r RawMove) {
			entries = append(entries, KeyedEntry{Key: key, Move: r, Weight: weight(), Learn: rng.Uint32()})
		}
		for range 1 + rng.IntN(3) {
			add(EncodeMove(legal[rng.IntN(len(legal))]))
		}
		for _, m := range legal {
			switch {
			case m.IsCastling():
				add(EncodeMove(m))
				if rng.IntN(4) == 0 {
					add(EncodeMove(m)&^63 | RawMove(kingTo(m))) // e1g1 style
				}
			case m.IsPromotion(), m.IsEnPassant():
				add(EncodeMove(m))
			}
		}
		if rng.IntN(8) == 0 {
			add(RawMove(rng.Uint32()) & 0x4FFF) // mostly illegal: undefined promotion codes stay out
		}
		if rng.IntN(16) == 0 {
			m := legal[rng.IntN(len(legal))]
			if !m.IsPromotion() {
				add(EncodeMove(m) | 4<<12) // a queen promotion that is no promotion
			}
			add(EncodeMove(m) | 1<<15) // the unused top bit set
		}
	}
	path := writeBook(t, entries)
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != len(entries) {
		t.Fatalf("Len() = %d, wrote %d", b.Len(), len(entries))
	}

	samples := append(inBook, randomGames(3, games/5, 100)...)
	lines := make([]string, len(samples))
	for i, s := range samples {
		lines[i] = s.oracleFEN()
	}
	answers := oracle(t, path, lines)

	var found, castles, promotions, enPassants, skipped, failures int
	for i, s := range samples {
		pos := s.position(t)
		got := b.Entries(pos)
		want := answers[i][1:]
		if strings.Join(entryText(got), " ") != strings.Join(want, " ") {
			failures++
			t.Errorf("%s (en passant %s): Entries %v, python-chess %v", s.fen, s.ep, entryText(got), want)
			if failures > 10 {
				t.Fatal("too many failures")
			}
		}
		if len(got) > 0 {
			found++
		}
		for _, e := range got {
			switch {
			case e.Move.IsCastling():
				castles++
			case e.Move.IsPromotion():
				promotions++
			case e.Move.IsEnPassant():
				enPassants++
			}
		}
		for j := b.first(KeyWithEnPassant(pos, s.ep)); j < b.Len() && b.At(j).Key == KeyWithEnPassant(pos, s.ep); j++ {
			skipped++
		}
		skipped -= len(got)
	}
	t.Logf("%d entries; %d positions compared, %d with book moves: %d castling, %d promotion, %d en-passant entries; %d entries skipped as illegal",
		len(entries), len(samples), found, castles, promotions, enPassants, skipped)
	if found < len(samples)/2 || castles < 50 || promotions < 50 || enPassants < 10 || skipped < 50 {
		t.Errorf("the book does not cover the cases well enough")
	}
}

// kingTo is where a castling king lands.
func kingTo(m movegen.Move) movegen.Square {
	if m.To() > m.From() {
		return m.From() + 2
	}
	return m.From() - 2
}

// TestEntriesAfterIllegalEnPassant checks that a position after a
// two-square step whose capture is illegal is found under the format's key
// (which hashes the file) even though Tempest's position forgot the step.
func TestEntriesAfterIllegalEnPassant(t *testing.T) {
	pos, err := movegen.ParseFEN("4k3/4r3/8/3pP3/8/8/8/4K3 w - d6 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if pos.EnPassant() != movegen.NoSquare {
		t.Fatal("the position should not record the illegal capture")
	}
	m, err := pos.ParseUCIMove("e1d2", false)
	if err != nil {
		t.Fatal(err)
	}
	key := KeyWithEnPassant(pos, movegen.D6)
	if key == Key(pos) {
		t.Fatal("the format's key should differ from Key here")
	}
	b, err := Parse(mustWrite(t, []KeyedEntry{{Key: key, Move: EncodeMove(m), Weight: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := b.Pick(pos, nil, Best); !ok || got != m {
		t.Errorf("Pick = %v, %v; want %v", got, ok, m)
	}
}

func mustWrite(t testing.TB, entries []KeyedEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, entries); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// realBook is Debian's gnuchess-book, a Polyglot book from games of
// masters (`apt-get install gnuchess-book`); TEMPEST_POLYGLOT_BOOK names
// another.
func realBook(t *testing.T) string {
	path := os.Getenv("TEMPEST_POLYGLOT_BOOK")
	if path == "" {
		path = "/usr/share/games/gnuchess/book.bin"
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no real book to compare with (%v): apt-get install gnuchess-book", err)
	}
	return path
}

// TestRealBookMatchesOracle follows random lines of a real book, up to 30
// plies each, and compares Entries with python-chess's reader at every
// position (python-chess replays the moves itself, so it tracks en passant
// independently).
func TestRealBookMatchesOracle(t *testing.T) {
	path := realBook(t)
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	lineCount := 400
	if testing.Short() {
		lineCount = 60
	}
	rng := rand.New(rand.NewPCG(11, 0))
	var lines []string
	var ours [][]string
	var u movegen.Undo
	for range lineCount {
		pos := movegen.NewStartPosition()
		var moves []string
		for ply := 0; ply <= 30; ply++ {
			got := b.Entries(pos)
			lines = append(lines, movegen.StartFEN+";"+strings.Join(moves, " "))
			ours = append(ours, entryText(got))
			if len(got) == 0 || ply == 30 {
				break
			}
			// Half the lines follow the weights, half wander off the main
			// lines by choosing uniformly.
			m, ok := b.Pick(pos, rng, Weighted)
			if !ok || len(lines)%2 == 0 {
				m = got[rng.IntN(len(got))].Move
			}
			moves = append(moves, m.UCI(false))
			pos.Make(m, &u)
		}
	}
	answers := oracle(t, path, lines)
	var inBook, entries, castles, promotions, failures int
	for i := range lines {
		for _, e := range ours[i] {
			if strings.HasPrefix(e, "e1g1/") || strings.HasPrefix(e, "e1c1/") || strings.HasPrefix(e, "e8g8/") || strings.HasPrefix(e, "e8c8/") {
				castles++
			}
			if e[4] != '/' {
				promotions++
			}
		}
		want := answers[i][1:]
		if strings.Join(ours[i], " ") != strings.Join(want, " ") {
			failures++
			t.Errorf("after %s: Entries %v, python-chess %v", lines[i], ours[i], want)
			if failures > 10 {
				t.Fatal("too many failures")
			}
		}
		if len(want) > 0 {
			inBook++
			entries += len(want)
		}
	}
	t.Logf("%s: %d entries; %d lines, %d positions compared, %d in the book with %d entries (%d castling, %d promotions)",
		path, b.Len(), lineCount, len(lines), inBook, entries, castles, promotions)
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.bin")
	if _, err := Open(missing); err == nil || !strings.Contains(err.Error(), missing) || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing) error %v should name the file and be ErrNotExist", err)
	}

	good := mustWrite(t, []KeyedEntry{{Key: 1}, {Key: 2}, {Key: 2}, {Key: 3}})
	unsorted := bytes.Clone(good)
	copy(unsorted[2*EntrySize:], good[0:EntrySize]) // key 1 after key 2
	for _, tc := range []struct {
		name   string
		data   []byte
		offset int64
		want   string
	}{
		{"empty", nil, -1, "empty"},
		{"odd", good[:len(good)-1], -1, "not a whole number"},
		{"short", good[:7], -1, "not a whole number"},
		{"unsorted", unsorted, 2 * EntrySize, "not sorted"},
	} {
		path := filepath.Join(dir, tc.name+".bin")
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Open(path)
		var fe *FormatError
		switch {
		case err == nil:
			t.Errorf("%s: no error", tc.name)
		case !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: error %q should name the file and say %q", tc.name, err, tc.want)
		case !errors.As(err, &fe) || fe.Offset != tc.offset:
			t.Errorf("%s: error %v: want a FormatError at offset %d", tc.name, err, tc.offset)
		}
	}
	if _, err := Parse(good); err != nil {
		t.Errorf("a sorted book with repeated keys: %v", err)
	}
}

// TestWriteSortsAndRoundTrips checks that Write sorts by key, keeps the
// order of entries with the same key, and that reading gives them back.
func TestWriteSortsAndRoundTrips(t *testing.T) {
	in := []KeyedEntry{
		{Key: 9, Move: 1, Weight: 5, Learn: 6},
		{Key: 1, Move: 2, Weight: 7, Learn: 8},
		{Key: 9, Move: 3, Weight: 9, Learn: 10},
		{Key: 1<<64 - 1, Move: 0xFFFF, Weight: 0xFFFF, Learn: 0xFFFFFFFF},
		{Key: 9, Move: 4},
	}
	orig := append([]KeyedEntry(nil), in...)
	b, err := Parse(mustWrite(t, in))
	if err != nil {
		t.Fatal(err)
	}
	want := []KeyedEntry{in[1], in[0], in[2], in[4], in[3]}
	for i, w := range want {
		if got := b.At(i); got != w {
			t.Errorf("At(%d) = %+v, want %+v", i, got, w)
		}
	}
	for i := range in {
		if in[i] != orig[i] {
			t.Fatal("Write reordered its argument")
		}
	}
	if err := Write(&bytes.Buffer{}, nil); err == nil {
		t.Error("writing no entries should fail")
	}
}

func TestMoveEncoding(t *testing.T) {
	for _, tc := range []struct {
		fen, uci string
		raw      RawMove
		text     string
	}{
		{movegen.StartFEN, "e2e4", 0x031C, "e2e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", 0x0107, "e1h1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", 0x0100, "e1a1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", 0x0F3F, "e8h8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", 0x0F38, "e8a8"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 0x4000 | 0x0C79, "b7b8q"},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", 0x1000 | 0x0C79, "b7b8n"},
		{"4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "g2g1r", 0x3000 | 0x0386, "g2g1r"},
		{"4k3/8/8/8/8/8/6p1/4K3 b - - 0 1", "g2g1b", 0x2000 | 0x0386, "g2g1b"},
		{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 0x092B, "e5d6"},
	} {
		pos, err := movegen.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseUCIMove(tc.uci, false)
		if err != nil {
			t.Fatal(err)
		}
		raw := EncodeMove(m)
		if raw != tc.raw || raw.String() != tc.text {
			t.Errorf("%s: EncodeMove = %#04x %q, want %#04x %q", tc.uci, uint16(raw), raw, uint16(tc.raw), tc.text)
		}
		if got, ok := DecodeMove(pos, raw); !ok || got != m {
			t.Errorf("%s: DecodeMove(%s) = %v, %v", tc.uci, raw, got, ok)
		}
	}
	// Every legal move of many positions survives the round trip, and
	// nothing else decodes.
	var buf [movegen.MaxMoves]movegen.Move
	for _, s := range randomGames(5, 20, 80) {
		pos := s.position(t)
		for _, m := range pos.GenLegal(buf[:]) {
			if got, ok := DecodeMove(pos, EncodeMove(m)); !ok || got != m {
				t.Fatalf("%s: %v decodes as %v, %v", s.fen, m, got, ok)
			}
		}
	}
	pos := movegen.NewStartPosition()
	for _, text := range []string{"e2e5", "e7e5", "e1g1", "e2e4q", "a1a1"} {
		from, _ := movegen.ParseSquare(text[:2])
		to, _ := movegen.ParseSquare(text[2:4])
		raw := RawMove(to) | RawMove(from)<<6
		if len(text) == 5 {
			raw |= 4 << 12
		}
		if m, ok := DecodeMove(pos, raw); ok {
			t.Errorf("%s decodes as %v in the start position", text, m)
		}
	}
	if s := RawMove(0x7000 | 0x031C).String(); s != "e2e4?" {
		t.Errorf("undefined promotion code prints %q", s)
	}
}

// TestChess960NeverProbed checks that a Chess960 position gets no book
// move even when the book holds its key.
func TestChess960NeverProbed(t *testing.T) {
	pos, err := movegen.ParseFEN("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !pos.IsChess960() {
		t.Fatal("not a Chess960 position")
	}
	m, err := pos.ParseUCIMove("e2e4", true)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse(mustWrite(t, []KeyedEntry{NewEntry(pos, m, 10, 0)}))
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Entries(pos); len(got) != 0 {
		t.Errorf("Entries = %v", got)
	}
	if got, ok := b.Pick(pos, rand.New(rand.NewPCG(1, 1)), Weighted); ok {
		t.Errorf("Pick = %v", got)
	}
}
