// Package shards is what the self-play generators share about their files
// (chess's tuning/trainingdata and the variants' tuning/vdata): a shard is
// one seed's game file, appended to game by game and counted in a progress
// file beside it, so a stopped run resumes where it stopped; chunks are a
// shard's finished games cut into xz-compressed files for committing. The
// formats of the games themselves are the generators' own.
package shards

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/ulikunitz/xz"
)

// ChunkName names the chunk of games first..last of the shard of seed;
// ext is the generator's (".tgame.xz", ".vgame.xz").
func ChunkName(seed uint64, first, last int, ext string) string {
	return fmt.Sprintf("%d-%07d-%07d%s", seed, first, last, ext)
}

// ParseChunkName reads a chunk file's name ending in ext; ok is false for
// other names.
func ParseChunkName(name, ext string) (seed uint64, first, last int, ok bool) {
	f := strings.Split(strings.TrimSuffix(name, ext), "-")
	if len(f) != 3 || !strings.HasSuffix(name, ext) {
		return 0, 0, 0, false
	}
	s, err1 := strconv.ParseUint(f[0], 10, 64)
	a, err2 := strconv.Atoi(f[1])
	b, err3 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || err3 != nil || a < 0 || b < a {
		return 0, 0, 0, false
	}
	return s, a, b, true
}

// WriteXZ writes data xz-compressed to path through a temporary file,
// reads the compressed bytes back and compares them, and only then renames
// the file into place: a stop or a faulty compressor leaves no file rather
// than a wrong one.
func WriteXZ(path string, data []byte) error {
	var buf bytes.Buffer
	w, err := xz.NewWriter(&buf)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	r, err := xz.NewReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return err
	}
	back, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(back, data) {
		return fmt.Errorf("%s: the compressed chunk does not read back the same (%v)", path, err)
	}
	return WriteAtomic(path, buf.Bytes())
}

// WriteAtomic writes data to path through a temporary file renamed into
// place, so a stop leaves the file whole or absent.
func WriteAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// WriteProgress replaces the progress file of the shard at path in one
// rename, so a stop leaves the old count or the new one, never half of
// one. It is written after the games it counts.
func WriteProgress(path string, games int, size int64) error {
	return WriteAtomic(path+".progress", fmt.Appendf(nil, "games %d bytes %d\n", games, size))
}

// ReadProgress reads the progress file of the shard at path, "games N
// <unit> M": the finished games and the bytes they fill (unit "bytes"), or
// for chess's old record shards their records ("records").
func ReadProgress(path, unit string) (games int, count int64, err error) {
	b, err := os.ReadFile(path + ".progress")
	if err != nil {
		return 0, 0, fmt.Errorf("%s has no readable progress file (%v): without it the games already in it are unknown", path, err)
	}
	f := strings.Fields(string(b))
	if len(f) != 4 || f[0] != "games" || f[2] != unit {
		return 0, 0, fmt.Errorf("%s.progress: %q is not \"games N %s M\"", path, strings.TrimSpace(string(b)), unit)
	}
	g, err1 := strconv.Atoi(f[1])
	r, err2 := strconv.ParseInt(f[3], 10, 64)
	if err1 != nil || err2 != nil || g < 0 || r < 0 {
		return 0, 0, fmt.Errorf("%s.progress: %q holds no counts", path, strings.TrimSpace(string(b)))
	}
	return g, r, nil
}

// Shard is a shard's game file open for appending games.
type Shard struct {
	Path    string
	Games   int   // games finished, resumed ones included
	Bytes   int64 // the file's size: the header and the finished games
	Resumed bool  // the file was on disk already
	f       *os.File
}

// Open opens the shard at path for appending. A new file gets header and a
// progress file counting no games. A file on disk is first shown to check,
// which reads its header from the start and refuses another recipe (check
// returns the header's size); it is then cut back to the bytes its progress
// file counts, dropping the part of a game a stop cut off (that game is
// played again), and continued after them.
func Open(path string, header []byte, check func(f *os.File, size int64) (headerSize int64, err error)) (*Shard, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	s := &Shard{Path: path, f: f}
	if err := s.start(header, check); err != nil {
		f.Close()
		return nil, err
	}
	return s, nil
}

func (s *Shard) start(header []byte, check func(f *os.File, size int64) (int64, error)) error {
	info, err := s.f.Stat()
	if err != nil {
		return err
	}
	if info.Size() == 0 {
		if _, err := s.f.Write(header); err != nil {
			return err
		}
		s.Bytes = int64(len(header))
		return WriteProgress(s.Path, 0, s.Bytes)
	}
	if check == nil {
		return errors.New("shards: a shard on disk and nothing to check its header")
	}
	headerSize, err := check(s.f, info.Size())
	if err != nil {
		return err
	}
	games, size, err := ReadProgress(s.Path, "bytes")
	if err != nil {
		return err
	}
	if info.Size() < size || size < headerSize {
		return fmt.Errorf("%s: %d bytes, but its progress file counts %d", s.Path, info.Size(), size)
	}
	if err := s.f.Truncate(size); err != nil {
		return err
	}
	if _, err := s.f.Seek(0, io.SeekEnd); err != nil {
		return err
	}
	s.Games, s.Bytes, s.Resumed = games, size, true
	return nil
}

// Append writes one finished game's bytes and then counts it in the
// progress file.
func (s *Shard) Append(game []byte) error {
	if _, err := s.f.Write(game); err != nil {
		return err
	}
	s.Games++
	s.Bytes += int64(len(game))
	return WriteProgress(s.Path, s.Games, s.Bytes)
}

// Sync flushes the file to disk (at the end of a completed shard).
func (s *Shard) Sync() error { return s.f.Sync() }

// Close closes the file.
func (s *Shard) Close() error { return s.f.Close() }

// Status is where a shard stands, as the generators report it after every
// game.
type Status struct {
	Seed      uint64
	Games     int    // games finished, resumed ones included
	Bytes     int64  // the shard's size
	NewGames  int    // games played in this run
	NewPlies  int    // turns searched in this run
	NewKept   int64  // positions kept in this run
	NewNodes  uint64 // nodes searched in this run
	Resumed   bool   // the run continued a shard on disk
	Completed bool
}

// Sum adds up the counts of several shards (Seed, Resumed and Completed
// are left zero).
func Sum(all []Status) Status {
	var t Status
	for _, s := range all {
		t.Games += s.Games
		t.Bytes += s.Bytes
		t.NewGames += s.NewGames
		t.NewPlies += s.NewPlies
		t.NewKept += s.NewKept
		t.NewNodes += s.NewNodes
	}
	return t
}
