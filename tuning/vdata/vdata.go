// Package vdata keeps the variants' self-play games: one file format and
// one resumable, seeded shard runner for every variant, each variant
// bringing its own game encoding (tuning/cardchess for card chess). The
// format is in docs/VARIANT-TRAINING.md, "Game files".
package vdata

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ulikunitz/xz"

	"tempest/tuning/shards"
)

// A game file is a header and then its games, each a uvarint length and
// that many bytes of the variant's own encoding:
//
//	8 bytes   magic "TEMPVGAM"
//	4 bytes   Version, little-endian
//	4 bytes   the number of the file's first game within its shard
//	uvarint   the recipe's length, then the recipe: lines "key value"
//	          naming the variant and everything that decides the games
//	          (seed, search budget, build)
//	per game  uvarint length, then the game
//
// The length prefix lets this package count, cut and resume games without
// knowing any variant. A file whose name ends in ".xz" is compressed.
const Version = 1

var magic = [8]byte{'T', 'E', 'M', 'P', 'V', 'G', 'A', 'M'}

// Bounds on what a file may hold: a recipe is a few lines, a game a few
// kilobytes, and a shard of a hundred thousand games under a gigabyte.
const (
	maxRecipe = 4096
	maxGame   = 1 << 20
	maxFile   = 1 << 31
)

// Recipe is what decides a shard's games besides their numbers, as
// ordered "key value" pairs; the first is always the variant.
type Recipe [][2]string

// String writes the recipe as the header stores it.
func (r Recipe) String() string {
	var b strings.Builder
	for _, kv := range r {
		b.WriteString(kv[0] + " " + kv[1] + "\n")
	}
	return b.String()
}

// Get returns the value of key ("" when absent).
func (r Recipe) Get(key string) string {
	for _, kv := range r {
		if kv[0] == key {
			return kv[1]
		}
	}
	return ""
}

// parseRecipe reads a recipe's text.
func parseRecipe(text string) (Recipe, error) {
	var r Recipe
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		key, value, ok := strings.Cut(line, " ")
		if !ok || key == "" || strings.ContainsAny(value, "\n") {
			return nil, fmt.Errorf("recipe line %d (%q) is not \"key value\"", i+1, line)
		}
		r = append(r, [2]string{key, value})
	}
	if len(r) == 0 || r[0][0] != "variant" {
		return nil, errors.New("the recipe does not begin with the variant")
	}
	return r, nil
}

// appendHeader appends the header of a file whose first game is first.
func appendHeader(dst []byte, r Recipe, first uint32) ([]byte, error) {
	text := r.String()
	if back, err := parseRecipe(text); err != nil || back.String() != text || len(text) > maxRecipe {
		return dst, fmt.Errorf("vdata: a recipe of %d bytes that does not read back as written (%v)", len(text), err)
	}
	dst = append(dst, magic[:]...)
	dst = binary.LittleEndian.AppendUint32(dst, Version)
	dst = binary.LittleEndian.AppendUint32(dst, first)
	dst = binary.AppendUvarint(dst, uint64(len(text)))
	return append(dst, text...), nil
}

// File is a read game file: its recipe, the number of its first game in
// its shard, and its games' bytes.
type File struct {
	Recipe Recipe
	First  uint32
	body   []byte
	header int // the header's size
}

// Parse reads a whole game file's bytes (uncompressed).
func Parse(data []byte) (*File, error) {
	if len(data) < 17 || [8]byte(data[:8]) != magic {
		return nil, errors.New("not a Tempest variant game file (no TEMPVGAM magic)")
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != Version {
		return nil, fmt.Errorf("variant game format version %d, this build reads %d", v, Version)
	}
	first := binary.LittleEndian.Uint32(data[12:])
	n, k := binary.Uvarint(data[16:])
	if k <= 0 || n > maxRecipe || uint64(len(data)-16-k) < n {
		return nil, errors.New("the header's recipe is cut off or too long")
	}
	start := 16 + k
	r, err := parseRecipe(string(data[start : start+int(n)]))
	if err != nil {
		return nil, err
	}
	h := start + int(n)
	return &File{Recipe: r, First: first, body: data[h:], header: h}, nil
}

// Games calls f with each game's bytes in order, numbered within the
// shard; a damaged frame stops it with an error naming the game.
func (f *File) Games(fn func(i int, game []byte) error) error {
	b := f.body
	for i := int(f.First); len(b) > 0; i++ {
		n, k := binary.Uvarint(b)
		if k <= 0 || n > maxGame || uint64(len(b)-k) < n {
			return fmt.Errorf("game %d: its length is cut off, too long or beyond the file", i)
		}
		if err := fn(i, b[k:k+int(n)]); err != nil {
			return fmt.Errorf("game %d: %w", i, err)
		}
		b = b[k+int(n):]
	}
	return nil
}

// Count is the number of games in the file (their frames only are read).
func (f *File) Count() (int, error) {
	n := 0
	err := f.Games(func(int, []byte) error { n++; return nil })
	return n, err
}

// ReadFile reads a game file (".xz": compressed). A shard still being
// written holds only the games its progress file counts; the bytes of a
// game cut off by a stop are not read.
func ReadFile(path string) (*File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path) // a FIFO or device would block or never end
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(path, ".xz") {
		if r, err = xz.NewReader(fh); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	data, err := io.ReadAll(io.LimitReader(r, maxFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(data) > maxFile {
		return nil, fmt.Errorf("%s: more than %d bytes", path, maxFile)
	}
	f, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if _, size, err := shards.ReadProgress(path, "bytes"); err == nil {
		if size < int64(f.header) || size > int64(len(data)) {
			return nil, fmt.Errorf("%s: its progress file counts %d bytes, it holds %d", path, size, len(data))
		}
		f.body = data[f.header:size]
	}
	return f, nil
}

// writeFile writes a whole game file, compressed when its name ends in
// ".xz", through a temporary file renamed into place: a stop leaves the
// file whole or absent.
func writeFile(path string, r Recipe, first uint32, games [][]byte) error {
	data, err := appendHeader(nil, r, first)
	if err != nil {
		return err
	}
	for _, g := range games {
		data = binary.AppendUvarint(data, uint64(len(g)))
		data = append(data, g...)
	}
	if strings.HasSuffix(path, ".xz") {
		return shards.WriteXZ(path, data)
	}
	return shards.WriteAtomic(path, data)
}
