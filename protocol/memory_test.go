package protocol

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"tempest/tt"
)

// Issue 35, finding 3: where the default table does not fit, the session
// starts with the largest smaller one that does, the Hash option says so,
// and a warning names the shortfall (it panicked); then it plays.
func TestSessionStartsWhereTheDefaultTableDoesNotFit(t *testing.T) {
	fakeMemory(t, tt.Memory{Total: 1 << 30, Available: 40 << 20})
	var out safeBuffer
	s := NewSession(&out)
	assert.Equal(t, "info string warning: Hash: a 16 MiB table does not fit: 40 MiB of memory is available (32 MiB kept in reserve); using 8 MiB\n", out.String())
	assert.Equal(t, 8, s.engine.TableMB())
	assert.Equal(t, "8", s.findOption("Hash").value)
	s.Execute("position startpos")
	s.Execute("go depth 3")
	<-s.job.done
	assert.Contains(t, out.String(), "bestmove ")
	assert.NotContains(t, out.String(), "error")
}

// Issue 35, finding 4: Threads is checked by the memory its threads hold,
// as Hash is by its table's: a count that does not fit is refused, the old
// threads stay, and the engine plays on. The UCI bench's table gets the
// same check.
func TestThreadsBeyondMemoryAreRefused(t *testing.T) {
	var out safeBuffer
	s := NewSession(&out)
	fakeMemory(t, tt.Memory{Total: 1 << 30, Available: 200 << 20})
	s.Execute("setoption name Threads value 512")
	assert.Regexp(t, `info string error: option Threads: \d+ MiB for 512 search threads does not fit: 200 MiB of memory is available \(50 MiB kept in reserve\)\n`, out.String())
	assert.Equal(t, "1", s.findOption("Threads").value, "the option keeps its old value")
	s.Execute("setoption name Threads value 8")
	assert.Equal(t, "8", s.findOption("Threads").value, "a count that fits is taken")
	s.Execute("setoption name UCI_Variant value chessmate")
	s.Execute("setoption name Threads value 512")
	assert.Equal(t, 2, strings.Count(out.String(), "for 512 search threads does not fit"), "card chess checks its threads too")
	s.Execute("setoption name UCI_Variant value chess")
	s.Execute("position startpos")
	s.Execute("go depth 3")
	<-s.job.done
	assert.Contains(t, out.String(), "bestmove ")

	fakeMemory(t, tt.Memory{Total: 1 << 30, Available: 40 << 20})
	s.Execute("bench 1")
	<-s.job.done
	assert.Contains(t, out.String(), "info string error: bench: a 16 MiB table does not fit: 40 MiB of memory is available")
	s.quit()
}
