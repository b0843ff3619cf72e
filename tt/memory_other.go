//go:build !linux

package tt

// probeMemory has no portable source outside Linux (Android is Linux).
func probeMemory() (Memory, bool) { return Memory{}, false }
