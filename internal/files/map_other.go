//go:build !(linux || android || darwin || freebsd || netbsd || openbsd || dragonfly)

package files

import (
	"context"
	"fmt"
)

// Map reads the regular file at path into memory, where mapping is not
// available; the memory check applies as to any read.
func Map(path string) ([]byte, error) {
	data, err := Read(context.Background(), path, 0)
	if err == nil && len(data) == 0 {
		err = fmt.Errorf("%s: empty file", Name(path))
	}
	return data, err
}

// Unmap releases what Map returned (nothing to do: the garbage collector
// frees it).
func Unmap([]byte) {}
