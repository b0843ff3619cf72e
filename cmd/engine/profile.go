package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"runtime/trace"

	"tempest/internal/files"
)

// profileFiles are the kinds -profile takes, each with the file it writes.
var profileFiles = map[string]string{
	"cpu": "cpu.pprof", "mem": "mem.pprof", "allocs": "mem.pprof",
	"block": "block.pprof", "mutex": "mutex.pprof", "trace": "trace.out",
}

func profileNames() []string {
	return []string{"cpu", "mem", "allocs", "block", "mutex", "trace"}
}

// startProfile starts a profile of kind that stop writes into dir. The
// standard library alone: a profiling package that imports net/http links
// cgo into the engine, and each thread cgo starts maps an 8 MiB stack and
// a 64 MiB malloc arena that ulimit -v counts (docs/PROTOCOL.md, "Memory
// limits").
func startProfile(kind, dir string) (stop func() error, err error) {
	name, ok := profileFiles[kind]
	if !ok {
		return nil, fmt.Errorf("unknown profile %q", kind)
	}
	path := filepath.Join(dir, name)
	// Written at exit: a FIFO or a device in its place would hold the
	// engine there.
	if err := files.CheckTarget(path); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	write := func(profile string) func() error {
		return func() error {
			if err := pprof.Lookup(profile).WriteTo(f, 0); err != nil {
				f.Close()
				return err
			}
			return f.Close()
		}
	}
	switch kind {
	case "cpu":
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, err
		}
		return func() error { pprof.StopCPUProfile(); return f.Close() }, nil
	case "trace":
		if err := trace.Start(f); err != nil {
			f.Close()
			return nil, err
		}
		return func() error { trace.Stop(); return f.Close() }, nil
	case "mem", "allocs":
		runtime.MemProfileRate = 4096 // finer than the default 512 KiB
		if kind == "mem" {
			return write("heap"), nil
		}
		return write("allocs"), nil
	case "block":
		runtime.SetBlockProfileRate(1)
		return write("block"), nil
	default: // mutex
		runtime.SetMutexProfileFraction(1)
		return write("mutex"), nil
	}
}
