package tt

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// probeMemory takes the lowest of the limits that apply to this process:
// the kernel's MemTotal/MemAvailable, a cgroup (v2 or v1) memory limit and
// the address-space limit (ulimit -v).
func probeMemory() (Memory, bool) {
	info := meminfo()
	total, okTotal := info["MemTotal"]
	avail, okAvail := info["MemAvailable"]
	if !okTotal || !okAvail {
		return Memory{}, false
	}
	m := Memory{Total: total, Available: avail}
	limit := func(max, used uint64) {
		m.Total = min(m.Total, max)
		if used < max {
			m.Available = min(m.Available, max-used)
		} else {
			m.Available = 0
		}
	}
	if max, ok := readBytes("/sys/fs/cgroup/memory.max"); ok {
		used, _ := readBytes("/sys/fs/cgroup/memory.current")
		limit(max, used)
	} else if max, ok := readBytes("/sys/fs/cgroup/memory/memory.limit_in_bytes"); ok && max < 1<<60 {
		used, _ := readBytes("/sys/fs/cgroup/memory/memory.usage_in_bytes")
		limit(max, used)
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Cur != ^uint64(0) && rl.Cur > 0 {
		limit(rl.Cur, selfStatus("VmSize"))
	}
	return m, true
}

// meminfo reads /proc/meminfo in bytes.
func meminfo() map[string]uint64 {
	out := map[string]uint64{}
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		if kb, ok := parseKB(rest); ok {
			out[name] = kb
		}
	}
	return out
}

// selfStatus reads one "kB" field of /proc/self/status in bytes (0 if absent).
func selfStatus(field string) uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, rest, ok := strings.Cut(sc.Text(), ":"); ok && name == field {
			kb, _ := parseKB(rest)
			return kb
		}
	}
	return 0
}

func parseKB(s string) (uint64, bool) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.ParseUint(f[0], 10, 64)
	if err != nil {
		return 0, false
	}
	if len(f) > 1 && f[1] == "kB" {
		n <<= 10
	}
	return n, true
}

// readBytes reads a file holding one number of bytes ("max" is no limit).
func readBytes(path string) (uint64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	return n, err == nil
}
