package protocol

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// output is the single writer of stdout: the command loop and the search
// goroutine both print through it, one whole line at a time.
type output struct {
	mu     sync.Mutex
	w      *bufio.Writer
	errors atomic.Int64 // error lines written, for the exit code of command-line commands
}

func newOutput(w io.Writer) *output { return &output{w: bufio.NewWriter(w)} }

// println writes one line and flushes it, so a GUI sees it at once.
func (o *output) println(line string) {
	o.mu.Lock()
	o.w.WriteString(line)
	o.w.WriteByte('\n')
	o.w.Flush()
	o.mu.Unlock()
}

func (o *output) printf(format string, args ...any) { o.println(fmt.Sprintf(format, args...)) }

// info sends a diagnostic as "info string", the only free text UCI allows.
func (o *output) info(format string, args ...any) {
	o.println("info string " + capMessage(fmt.Sprintf(format, args...)))
}

// errorf reports bad input; the engine's state is unchanged.
func (o *output) errorf(format string, args ...any) {
	o.errors.Add(1)
	o.println("info string error: " + capMessage(fmt.Sprintf(format, args...)))
}

// maxMessageBytes bounds a diagnostic: a message quoting a client's token
// must not echo a megabyte back to it.
const maxMessageBytes = 400

// capMessage shortens a message to maxMessageBytes, cutting between
// characters, and says how long it was. Line breaks become spaces, so a
// message is always one line.
func capMessage(msg string) string {
	msg = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return ' '
		}
		return r
	}, msg)
	if len(msg) <= maxMessageBytes {
		return msg
	}
	cut := maxMessageBytes
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes in all)", msg[:cut], len(msg))
}
