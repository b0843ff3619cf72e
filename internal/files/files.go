// Package files opens every file the engine reads because someone named it:
// EvalFile, BookFile, the tables of SyzygyPath, genfens books and the files
// of cmd/engine's flags. Such a path may name a FIFO, a device, a directory,
// a file larger than the memory, or a file that shrinks while it is mapped,
// and none of them may freeze or kill the engine (docs/PROTOCOL.md, "Files").
// So the kind is checked before anything that could block (stat first, then
// a non-blocking open, then the same check on the open file), only regular
// files are read, a read is refused when the memory cannot hold it (the
// check the Hash option makes), and long reads stop with their context.
package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"unsafe"

	"tempest/internal/quote"
	"tempest/tt"
)

// maxShown bounds a path in an error message: a GUI may send a path of a
// megabyte.
const maxShown = 80

// Name is path as error messages show it.
func Name(path string) string { return quote.Truncate(path, maxShown) }

// chunk is how much Read reads between two looks at its context.
const chunk = 4 << 20

// Check reports whether path names a regular file whose size the memory can
// hold, without opening it (a stat never blocks on a FIFO or a device). It
// is the quick check a command makes before it hands the reading to a job.
func Check(path string) (int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, pathError(path, err)
	}
	if err := regular(path, st); err != nil {
		return 0, err
	}
	return st.Size(), Fits(path, st.Size())
}

// CheckTarget reports whether path may be written: absent, or a regular
// file (a FIFO would block the writer for ever, a device swallow the
// data). Like Check, it opens nothing.
func CheckTarget(path string) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return pathError(path, err)
	}
	return regular(path, st)
}

// Open opens path for reading when it names a regular file, and never
// blocks on one that is not: the kind is checked by stat first, the open
// does not wait for a FIFO's writer (see openFile), and the open file must
// still be that regular file. Errors name the path.
func Open(path string) (*os.File, fs.FileInfo, error) {
	before, err := os.Stat(path)
	if err != nil {
		return nil, nil, pathError(path, err)
	}
	if err := regular(path, before); err != nil {
		return nil, nil, err
	}
	f, err := openFile(path)
	if err != nil {
		return nil, nil, pathError(path, err)
	}
	st, err := f.Stat()
	if err == nil {
		err = regular(path, st)
		if err == nil && !os.SameFile(before, st) {
			err = fmt.Errorf("%s: replaced while being opened", Name(path))
		}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// ReadDir lists the directory at path, sorted by name, and never blocks on
// what is not a directory: stat first, a non-blocking open, and the open
// file must be that directory.
func ReadDir(path string) ([]fs.DirEntry, error) {
	before, err := os.Stat(path)
	if err != nil {
		return nil, pathError(path, err)
	}
	if !before.IsDir() {
		return nil, fmt.Errorf("%s is not a directory (%s)", Name(path), kind(before.Mode()))
	}
	f, err := openFile(path)
	if err != nil {
		return nil, pathError(path, err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !os.SameFile(before, st) {
		return nil, fmt.Errorf("%s: replaced while being opened", Name(path))
	}
	list, err := f.ReadDir(-1)
	if err != nil {
		return nil, pathError(path, err)
	}
	slices.SortFunc(list, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return list, nil
}

// Read returns the bytes of the regular file at path: all of them, or only
// the first limit when limit > 0 (a reader that knows the size it wants
// reads no further). It refuses what the memory cannot hold before it
// allocates, reads in chunks and returns ctx's error once ctx is done. A
// file that changes size while it is read is refused.
func Read(ctx context.Context, path string, limit int64) ([]byte, error) {
	f, st, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := st.Size()
	if limit > 0 {
		size = min(size, limit)
	}
	if int64(int(size)) != size {
		return nil, fmt.Errorf("%s: %d bytes, more than this machine can address", Name(path), size)
	}
	if err := Fits(path, size); err != nil {
		return nil, err
	}
	data := make([]byte, size)
	for off := 0; off < len(data); {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := f.Read(data[off:min(off+chunk, len(data))])
		off += n
		switch {
		case err == io.EOF:
			return nil, fmt.Errorf("%s: shrank while being read (%d of %d bytes)", Name(path), off, size)
		case err != nil:
			return nil, pathError(path, err)
		}
	}
	if now, err := f.Stat(); err == nil && now.Size() < size {
		return nil, fmt.Errorf("%s: shrank while being read", Name(path))
	} else if err == nil && limit <= 0 && now.Size() != size {
		return nil, fmt.Errorf("%s: grew while being read", Name(path))
	}
	return data, nil
}

// Fits refuses bytes the memory cannot hold beside what the engine holds:
// the check the Hash option makes (tt.CheckBytes), so a file never gets
// memory a table would be refused, and its error names the limit that
// refused it (the memory, a cgroup, or ulimit -v).
func Fits(path string, bytes int64) error {
	mb := (bytes + 1<<20 - 1) >> 20
	if mb > math.MaxInt32 {
		return fmt.Errorf("%s: %d MiB is more than any machine's memory", Name(path), mb)
	}
	return tt.CheckBytes(fmt.Sprintf("%s: %d MiB", Name(path), mb), uint64(bytes))
}

// regular refuses anything but a regular file, naming what it is.
func regular(path string, st fs.FileInfo) error {
	if st.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s is not a regular file (%s)", Name(path), kind(st.Mode()))
}

func kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a plain file"
}

// pathError names the path, cut to maxShown, with the system's reason: an
// *fs.PathError would repeat the whole path.
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("%s: %w", Name(path), err)
}

// FaultAddr reports whether r, a value recovered from a panic, is a memory
// fault the runtime turned into a panic (debug.SetPanicOnFault), and the
// address that faulted: how a mapped file cut short under the engine shows.
func FaultAddr(r any) (uintptr, bool) {
	if err, ok := r.(runtime.Error); ok {
		if a, ok := err.(interface{ Addr() uintptr }); ok {
			return a.Addr(), true
		}
	}
	return 0, false
}

// Holds reports whether addr lies in data, the bytes of a mapping.
func Holds(data []byte, addr uintptr) bool {
	start := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	return len(data) > 0 && addr >= start && addr-start < uintptr(len(data))
}
