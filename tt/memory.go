package tt

import (
	"fmt"
	"runtime/debug"
	"runtime/metrics"
)

// Memory is what the machine can give a table, in bytes; ok is false where
// it cannot be measured. A Go program cannot recover from an allocation the
// system refuses (the runtime aborts), so a table is sized against this
// before it is made.
type Memory struct {
	Total     uint64 // physical memory, or the process's limit if lower
	Available uint64 // what can still be allocated without swapping or a kill
	// MapLimited says the kernel refuses to map memory beyond a limit
	// (ulimit -v, ulimit -d, strict overcommit), and Mappable is how much
	// more it maps for this process, counted as the kernel counts it: the
	// address space the Go runtime reserved and never uses counts as used.
	MapLimited bool
	Mappable   uint64
}

// ProbeMemory reads the machine's memory; a variable so tests can stand in
// for a machine with little free memory.
var ProbeMemory = probeMemory

// The engine's working memory beside its tables (search stacks, the net,
// the runtime's own margin) and, on a whole machine, room for the GUI and
// the system: a quarter of what is available, from 32 to 256 MiB, so a
// small container or ulimit that holds the defaults is not refused them.
const (
	minReserve = 32 << 20
	maxReserve = 256 << 20
)

func reserveFor(available uint64) uint64 { return min(max(available/4, minReserve), maxReserve) }

// alwaysFits is an allocation too small to refuse: a machine that cannot
// give 1 MiB cannot run the engine at all, so the smallest table is always
// made and the engine always starts.
const alwaysFits = 1 << 20

// arenaBytes is the unit in which the Go runtime maps address space for
// its heap (heapArenaBytes on 64-bit Linux). It never unmaps it: a freed
// table's space is reused only by what fits in it.
const arenaBytes = 64 << 20

// maxTableMB is beyond every machine's memory; larger sizes are refused
// before their byte counts could overflow.
const maxTableMB = 1 << 30

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
func CheckFits(mb int) error { return CheckReplace(mb, 0) }

// CheckReplace reports whether a new table of mb MiB fits once a table of
// oldMB MiB it replaces is freed.
func CheckReplace(mb, oldMB int) error {
	if mb > maxTableMB {
		return tooLarge(mb)
	}
	return check(fmt.Sprintf("a %d MiB table", max(mb, 0)), uint64(max(mb, 0))<<20, uint64(min(max(oldMB, 0), maxTableMB))<<20)
}

// CheckBytes reports whether bytes more memory, for what the error names
// ("64 search threads"), fit beside everything already allocated: the
// check a table gets, for the engine's other large allocations.
func CheckBytes(what string, bytes uint64) error { return check(what, bytes, 0) }

func tooLarge(mb int) error {
	return fmt.Errorf("a %d MiB table does not fit: it is larger than any machine's memory", mb)
}

// check refuses bytes the machine cannot give, counting the freed bytes of
// what they replace: by the physical memory and cgroup limits, which kill
// a process that goes beyond them, and by the kernel's mapping limits,
// which refuse the runtime's next mapping (and so abort the engine).
func check(what string, bytes, freed uint64) error {
	if bytes <= alwaysFits {
		return nil
	}
	m, ok := ProbeMemory()
	if !ok {
		return nil
	}
	avail := m.Available + freed
	if reserve := reserveFor(avail); bytes+reserve > avail {
		return fmt.Errorf("%s does not fit: %d MiB of memory is available (%d MiB kept in reserve)",
			what, avail>>20, reserve>>20)
	}
	// The runtime maps whole arenas; one more is kept for everything else
	// the engine will still allocate.
	if need := newMapping(bytes, freed) + arenaBytes; m.MapLimited && need > m.Mappable {
		return fmt.Errorf("%s does not fit: the kernel maps %d MiB more for the engine (ulimit -v or -d, or strict overcommit), and it needs %d MiB",
			what, m.Mappable>>20, need>>20)
	}
	return nil
}

// newMapping is the address space the runtime maps anew to allocate bytes:
// none if they fit where the freed table was or, when smaller than an
// arena, in the heap's free space; else whole arenas.
func newMapping(bytes, freed uint64) uint64 {
	if bytes <= freed || bytes <= arenaBytes && bytes <= heapFree() {
		return 0
	}
	return (bytes + arenaBytes - 1) / arenaBytes * arenaBytes
}

// heapFree is the heap's mapped address space that holds no object.
func heapFree() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	var n uint64
	for _, x := range s {
		if x.Value.Kind() == metrics.KindUint64 {
			n += x.Value.Uint64()
		}
	}
	return n
}

// release returns a dropped table's memory to the system before a large
// new one is made, so the two are never held at once.
func release(bytes uint64) {
	if bytes >= arenaBytes {
		debug.FreeOSMemory()
	}
}
