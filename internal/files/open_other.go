//go:build !unix

package files

import "os"

// openFile opens path; where there are no FIFOs to wait on, a plain open.
func openFile(path string) (*os.File, error) { return os.Open(path) }
