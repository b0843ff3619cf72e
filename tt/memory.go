package tt

import (
	"fmt"
	"runtime/debug"
)

// Memory is what the machine can give a table, in bytes; ok is false where
// it cannot be measured. A Go program cannot recover from an allocation the
// system refuses (the runtime aborts), so a table is sized against this
// before it is made.
type Memory struct {
	Total     uint64 // physical memory, or the process's limit if lower
	Available uint64 // what can still be allocated without swapping or a kill
}

// ProbeMemory reads the machine's memory; a variable so tests can stand in
// for a machine with little free memory.
var ProbeMemory = probeMemory

// reserveBytes is kept free beside a table for the rest of the engine: the
// search stacks, the other games' tables, the runtime's own margin.
const reserveBytes = 256 << 20

// MaxMB is the largest table this machine can hold: half its memory, so
// the engine leaves room for the GUI and the system, but at least 16 MiB
// and at most 1 TiB. Where memory cannot be measured, 4 GiB.
func MaxMB() int {
	m, ok := ProbeMemory()
	if !ok {
		return 4096
	}
	return int(min(max(m.Total/2>>20, 16), 1<<20))
}

// CheckFits reports whether a new table of mb MiB fits beside everything
// already allocated.
func CheckFits(mb int) error { return checkFits(uint64(max(mb, 0))<<20, 0) }

// CheckReplace reports whether a new table of mb MiB fits once a table of
// oldMB MiB it replaces is freed.
func CheckReplace(mb, oldMB int) error {
	return checkFits(uint64(max(mb, 0))<<20, uint64(max(oldMB, 0))<<20)
}

// checkFits refuses a table of bytes when the machine cannot give it,
// counting the freed bytes of the table it replaces.
func checkFits(bytes, freed uint64) error {
	m, ok := ProbeMemory()
	if !ok {
		return nil
	}
	if avail := m.Available + freed; bytes+reserveBytes > avail {
		return fmt.Errorf("a %d MiB table does not fit: %d MiB of memory is available (%d MiB kept in reserve)",
			bytes>>20, avail>>20, reserveBytes>>20)
	}
	return nil
}

// release returns a dropped table's memory to the system before a large
// new one is made, so the two are never held at once.
func release(bytes uint64) {
	if bytes >= 64<<20 {
		debug.FreeOSMemory()
	}
}
