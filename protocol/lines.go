package protocol

import (
	"bufio"
	"errors"
	"io"
)

// MaxLineLength bounds one input line. A move list of 5,000 plies takes
// about 25 kB, so 1 MiB leaves a wide margin while keeping memory bounded.
const MaxLineLength = 1 << 20

var errLineTooLong = errors.New("line too long")

// lineReader reads lines of at most max bytes, ended by "\n", "\r\n" or a
// lone "\r" (old Mac-style clients). A longer line is skipped to its end
// and reported as errLineTooLong, so the next line reads normally.
type lineReader struct {
	r      *bufio.Reader
	max    int
	buf    []byte
	skipLF bool // the last line ended with '\r': a '\n' right after it is part of that ending
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64*1024), max: max}
}

// next returns the next line without its line ending, or io.EOF at the end.
// A line is returned as soon as its ending arrives: after a '\r' it does
// not wait to see whether a '\n' follows.
func (lr *lineReader) next() (string, error) {
	lr.buf = lr.buf[:0]
	tooLong, started := false, false
	for {
		c, err := lr.r.ReadByte()
		if err != nil {
			switch {
			case err == io.EOF && tooLong:
				return "", errLineTooLong
			case err == io.EOF && started:
				return string(lr.buf), nil // last line without a line ending
			}
			return "", err
		}
		if lr.skipLF {
			lr.skipLF = false
			if c == '\n' {
				continue
			}
		}
		if c == '\n' || c == '\r' {
			lr.skipLF = c == '\r'
			if tooLong {
				return "", errLineTooLong
			}
			return string(lr.buf), nil
		}
		started = true
		if tooLong {
			continue
		}
		if len(lr.buf) >= lr.max {
			tooLong = true
			lr.buf = lr.buf[:0]
			continue
		}
		lr.buf = append(lr.buf, c)
	}
}
