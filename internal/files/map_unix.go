//go:build linux || android || darwin || freebsd || netbsd || openbsd || dragonfly

package files

import (
	"errors"
	"fmt"
	"syscall"
)

// Map maps the regular file at path read-only. The mapping costs address
// space, not memory, so its size is not held to the memory; it is refused
// when it leaves less than the reserve the Hash check keeps (under ulimit
// -v the mappings could otherwise starve the runtime). A mapped file that
// shrinks faults when the lost pages are read: readers recover with
// debug.SetPanicOnFault and FaultAddr.
func Map(path string) ([]byte, error) {
	f, st, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := st.Size()
	switch {
	case size == 0:
		return nil, fmt.Errorf("%s: empty file", Name(path))
	case int64(int(size)) != size:
		return nil, fmt.Errorf("%s: %d bytes, more than this machine can map", Name(path), size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("%s: mapping %d MiB: %w", Name(path), size>>20, err)
	}
	if err := Fits(path, 0); err != nil {
		_ = syscall.Munmap(data)
		return nil, errors.New(Name(path) + ": mapping it leaves the engine too little memory")
	}
	return data, nil
}

// Unmap releases what Map returned.
func Unmap(data []byte) { _ = syscall.Munmap(data) }
