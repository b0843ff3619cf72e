//go:build linux || android || darwin || freebsd || netbsd || openbsd || dragonfly

package files

import (
	"fmt"
	"syscall"

	"tempest/tt"
)

// Map maps the regular file at path read-only. The mapping costs address
// space, not memory, so its size is not held to the memory; it is refused
// when the kernel's mapping limit (ulimit -v) would be left without room
// for the runtime's next heap mappings. A mapped file that
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
	if err := tt.CheckAddressSpace(Name(path), uint64(size)); err != nil {
		return nil, err
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("%s: mapping %d MiB: %w", Name(path), size>>20, err)
	}
	return data, nil
}

// Unmap releases what Map returned.
func Unmap(data []byte) { _ = syscall.Munmap(data) }
