package shards

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"
)

func TestChunkNameRoundTrip(t *testing.T) {
	for _, c := range []struct {
		seed        uint64
		first, last int
	}{{0, 0, 0}, {3000, 2000, 3999}, {1<<64 - 1, 0, 9999999}, {7, 12345678, 12345679}} {
		name := ChunkName(c.seed, c.first, c.last, ".vgame.xz")
		s, a, b, ok := ParseChunkName(name, ".vgame.xz")
		if !ok || s != c.seed || a != c.first || b != c.last {
			t.Errorf("%s read back as %d %d %d %v", name, s, a, b, ok)
		}
		if _, _, _, ok := ParseChunkName(name, ".tgame.xz"); ok {
			t.Errorf("%s read as a chunk of another extension", name)
		}
	}
	if got := ChunkName(3000, 2000, 3999, ".tgame.xz"); got != "3000-0002000-0003999.tgame.xz" {
		t.Errorf("ChunkName = %q, want the committed chunks' form", got)
	}
}

func TestParseChunkNameRefuses(t *testing.T) {
	for _, name := range []string{
		"3000-0002000-0003999.tgame", "3000-0002000.vgame.xz", "3000-1-2-3.vgame.xz",
		"x-0000000-0000001.vgame.xz", "1-a-2.vgame.xz", "1-0-b.vgame.xz", "1--1-2.vgame.xz",
		"1-0000005-0000004.vgame.xz", "-1-0-1.vgame.xz", "README.md", ".vgame.xz",
	} {
		if s, a, b, ok := ParseChunkName(name, ".vgame.xz"); ok {
			t.Errorf("%q read as a chunk (%d %d %d)", name, s, a, b)
		}
	}
}

func FuzzParseChunkName(f *testing.F) {
	f.Add("3000-0002000-0003999.vgame.xz")
	f.Add("1-0-0.vgame.xz")
	f.Fuzz(func(t *testing.T, name string) {
		s, a, b, ok := ParseChunkName(name, ".vgame.xz")
		if !ok {
			return
		}
		if a < 0 || b < a {
			t.Fatalf("%q gave games %d..%d", name, a, b)
		}
		// A name that reads is one ChunkName could have written, up to leading zeros.
		s2, a2, b2, ok := ParseChunkName(ChunkName(s, a, b, ".vgame.xz"), ".vgame.xz")
		if !ok || s2 != s || a2 != a || b2 != b {
			t.Fatalf("%q: rewritten name does not read back", name)
		}
	})
}

func TestWriteXZRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.xz")
	data := bytes.Repeat([]byte("Tempest chunk "), 1000)
	if err := WriteXZ(path, data); err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	r, err := xz.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	back, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(back, data) {
		t.Fatalf("read back %d bytes (%v), wrote %d", len(back), err, len(data))
	}
	if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("the temporary file is left behind (%v)", err)
	}
}

func TestWriteXZIntoMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "c.xz")
	if err := WriteXZ(path, []byte("x")); err == nil {
		t.Fatal("a write into a missing directory succeeded")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("a file is there after a failed write (%v)", err)
	}
}

func TestProgressRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shard-1.vgame")
	if err := WriteProgress(path, 42, 123456); err != nil {
		t.Fatal(err)
	}
	g, n, err := ReadProgress(path, "bytes")
	if err != nil || g != 42 || n != 123456 {
		t.Fatalf("ReadProgress = %d, %d, %v; want 42, 123456", g, n, err)
	}
	if b, _ := os.ReadFile(path + ".progress"); string(b) != "games 42 bytes 123456\n" {
		t.Fatalf("progress file holds %q", b)
	}
}

func TestReadProgressRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "shard-1.vgame")
	if _, _, err := ReadProgress(path, "bytes"); err == nil || !strings.Contains(err.Error(), "no readable progress file") {
		t.Errorf("a missing progress file: %v", err)
	}
	for text, want := range map[string]string{
		"games 3 records 40\n": `is not "games N bytes M"`,
		"games 3 bytes\n":      `is not "games N bytes M"`,
		"":                     `is not "games N bytes M"`,
		"games x bytes 40\n":   "holds no counts",
		"games 3 bytes -1\n":   "holds no counts",
		"games -3 bytes 40\n":  "holds no counts",
	} {
		if err := os.WriteFile(path+".progress", []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadProgress(path, "bytes"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", text, err, want)
		}
	}
	if err := os.WriteFile(path+".progress", []byte("games 3 records 40\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if g, n, err := ReadProgress(path, "records"); err != nil || g != 3 || n != 40 {
		t.Errorf("records unit: %d %d %v", g, n, err)
	}
}

// checkHeader accepts a file beginning with hdr.
func checkHeader(hdr []byte) func(*os.File, int64) (int64, error) {
	return func(f *os.File, _ int64) (int64, error) {
		b := make([]byte, len(hdr))
		if _, err := io.ReadFull(f, b); err != nil || !bytes.Equal(b, hdr) {
			return 0, errors.New("another recipe")
		}
		return int64(len(hdr)), nil
	}
}

func TestOpenAppendResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shard-5.vgame")
	hdr := []byte("HEADER")
	s, err := Open(path, hdr, checkHeader(hdr))
	if err != nil {
		t.Fatal(err)
	}
	if s.Resumed || s.Games != 0 || s.Bytes != 6 {
		t.Fatalf("a new shard: %+v", s)
	}
	for _, g := range []string{"one", "two"} {
		if err := s.Append([]byte(g)); err != nil {
			t.Fatal(err)
		}
	}
	// A stop in the middle of the third game: its bytes are written, not counted.
	if _, err := s.f.Write([]byte("thr")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(path, hdr, checkHeader(hdr))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Resumed || s.Games != 2 || s.Bytes != 12 {
		t.Fatalf("the resumed shard: %+v, want 2 games in 12 bytes", s)
	}
	if err := s.Append([]byte("three")); err != nil {
		t.Fatal(err)
	}
	if err := s.Sync(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if b, _ := os.ReadFile(path); string(b) != "HEADERonetwothree" {
		t.Fatalf("the shard holds %q", b)
	}
	if g, n, err := ReadProgress(path, "bytes"); err != nil || g != 3 || n != 17 {
		t.Fatalf("progress %d %d %v", g, n, err)
	}
}

func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	hdr := []byte("HEADER")
	path := filepath.Join(dir, "shard-1.vgame")
	s, err := Open(path, hdr, checkHeader(hdr))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Append([]byte("game")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(path, []byte("OTHERS"), checkHeader([]byte("OTHERS"))); err == nil || err.Error() != "another recipe" {
		t.Errorf("another header: %v", err)
	}
	if _, err := Open(path, hdr, nil); err == nil {
		t.Error("a shard on disk opened with nothing to check it")
	}
	// The progress file counts more bytes than the file holds.
	if err := WriteProgress(path, 2, 100); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, hdr, checkHeader(hdr)); err == nil || !strings.Contains(err.Error(), "its progress file counts 100") {
		t.Errorf("a progress file beyond the shard: %v", err)
	}
	// ... or fewer than the header.
	if err := WriteProgress(path, 0, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, hdr, checkHeader(hdr)); err == nil || !strings.Contains(err.Error(), "its progress file counts 3") {
		t.Errorf("a progress file inside the header: %v", err)
	}
	os.Remove(path + ".progress")
	if _, err := Open(path, hdr, checkHeader(hdr)); err == nil || !strings.Contains(err.Error(), "no readable progress file") {
		t.Errorf("no progress file: %v", err)
	}
	if _, err := Open(filepath.Join(dir, "no", "shard-2.vgame"), hdr, checkHeader(hdr)); err == nil {
		t.Error("a shard opened in a missing directory")
	}
}

func TestSum(t *testing.T) {
	got := Sum([]Status{
		{Seed: 1, Games: 3, Bytes: 10, NewGames: 1, NewPlies: 50, NewKept: 30, NewNodes: 1000, Resumed: true},
		{Seed: 2, Games: 4, Bytes: 20, NewGames: 4, NewPlies: 70, NewKept: 40, NewNodes: 2000, Completed: true},
	})
	want := Status{Games: 7, Bytes: 30, NewGames: 5, NewPlies: 120, NewKept: 70, NewNodes: 3000}
	if got != want {
		t.Fatalf("Sum = %+v, want %+v", got, want)
	}
}
