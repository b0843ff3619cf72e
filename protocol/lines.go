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

// lineReader reads lines of at most max bytes. A longer line is skipped
// to its end and reported as errLineTooLong, so the next line reads normally.
type lineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64*1024), max: max}
}

// next returns the next line without its line ending, or io.EOF at the end.
func (lr *lineReader) next() (string, error) {
	lr.buf = lr.buf[:0]
	tooLong := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !tooLong {
			if len(lr.buf)+len(chunk) > lr.max+2 { // +2 for "\r\n"
				tooLong = true
				lr.buf = lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && (len(chunk) > 0 || len(lr.buf) > 0) && !tooLong:
			return trimEOL(lr.buf), nil // last line without a newline
		case err != nil && !(err == io.EOF && tooLong):
			return "", err
		}
		if tooLong {
			return "", errLineTooLong
		}
		return trimEOL(lr.buf), nil
	}
}

func trimEOL(b []byte) string {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return string(b)
}
