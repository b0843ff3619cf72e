//go:build !(linux || android || darwin || freebsd || netbsd || openbsd || dragonfly)

package syzygy

import (
	"errors"
	"os"
)

// mapFile reads a table file into memory: the fallback where mapping is
// not available.
func mapFile(path string) ([]byte, error) {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	data, err := os.ReadFile(path)
	if err == nil && len(data) == 0 {
		err = errors.New("empty file")
	}
	return data, err
}

// unmapFile releases what mapFile returned (nothing to do: the garbage
// collector frees it).
func unmapFile([]byte) {}
