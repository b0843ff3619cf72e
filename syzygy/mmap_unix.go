//go:build linux || android || darwin || freebsd || netbsd || openbsd || dragonfly

package syzygy

import (
	"errors"
	"os"
	"syscall"
)

// mapFile maps a table file read-only into memory.
func mapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := st.Size()
	if !st.Mode().IsRegular() || size <= 0 || int64(int(size)) != size {
		return nil, errors.New("not a regular file, empty or oversized")
	}
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}

// unmapFile releases what mapFile returned.
func unmapFile(data []byte) { _ = syscall.Munmap(data) }
