package protocol

import (
	"bufio"
	"fmt"
	"io"
	"sync"
)

// output is the single writer of stdout: the command loop and the search
// goroutine both print through it, one whole line at a time.
type output struct {
	mu sync.Mutex
	w  *bufio.Writer
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
	o.println("info string " + fmt.Sprintf(format, args...))
}

// errorf reports bad input; the engine's state is unchanged.
func (o *output) errorf(format string, args ...any) {
	o.println("info string error: " + fmt.Sprintf(format, args...))
}
