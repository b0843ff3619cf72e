//go:build unix

package files

import (
	"os"
	"syscall"
)

// openFile opens path without waiting: a FIFO put in place of the file
// after the stat would otherwise block the open until a writer comes.
func openFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}
