package tt

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// probeMemory measures the limits the kernel applies to this process.
func probeMemory() (Memory, bool) { return system.probe() }

// memorySource is where the probe reads: the real /proc and /sys, or a
// test's directory tree and limits in their place.
type memorySource struct {
	root   string
	rlimit func(resource int) (uint64, bool) // the soft limit; false if unlimited
}

var system = memorySource{root: "/", rlimit: func(resource int) (uint64, bool) {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(resource, &rl); err != nil || rl.Cur == ^uint64(0) {
		return 0, false
	}
	return rl.Cur, true
}}

// probe takes the lowest of the limits that apply: the kernel's MemTotal
// and MemAvailable, the memory limit of every cgroup the process is in
// (v2 and v1, at every level up to the root, since the kernel applies
// them all), and what the kernel will still map for it: ulimit -v against
// the address space (VmSize, the runtime's reservations included), ulimit -d
// against the data mappings (VmData), and under strict overcommit the
// commit limit.
func (src memorySource) probe() (Memory, bool) {
	info := src.fields("proc/meminfo")
	total, okTotal := info["MemTotal"]
	avail, okAvail := info["MemAvailable"]
	if !okTotal || !okAvail {
		return Memory{}, false
	}
	m := Memory{Total: total, Available: avail}
	for _, c := range src.cgroupLimits() {
		m.Total = min(m.Total, c.max)
		m.Available = min(m.Available, left(c.max, c.used))
	}
	mappable := func(limit, used uint64) {
		if !m.MapLimited || left(limit, used) < m.Mappable {
			m.Mappable = left(limit, used)
		}
		m.MapLimited = true
	}
	status := src.fields("proc/self/status")
	if limit, ok := src.rlimit(syscall.RLIMIT_AS); ok && limit > 0 {
		m.Total = min(m.Total, limit)
		mappable(limit, status["VmSize"])
	}
	if limit, ok := src.rlimit(syscall.RLIMIT_DATA); ok && limit > 0 {
		m.Total = min(m.Total, limit)
		mappable(limit, status["VmData"])
	}
	if mode, _ := os.ReadFile(src.path("proc/sys/vm/overcommit_memory")); strings.TrimSpace(string(mode)) == "2" {
		mappable(info["CommitLimit"], info["Committed_AS"])
	}
	return m, true
}

// left is what remains of max once used is taken.
func left(max, used uint64) uint64 {
	if used >= max {
		return 0
	}
	return max - used
}

type cgroupLimit struct{ max, used uint64 }

// cgroupLimits lists the memory limits of the process's cgroups, read
// from /proc/self/cgroup: each level from its own cgroup up to the root of
// the hierarchy as mounted. In a container the path names a cgroup outside
// the container's view; the walk up then finds the container's own limit
// at the root of the mount.
func (src memorySource) cgroupLimits() []cgroupLimit {
	f, err := os.Open(src.path("proc/self/cgroup"))
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []cgroupLimit
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "hierarchy-ID:controllers:path"; v2 is "0::path".
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		path := filepath.Clean("/" + parts[2])
		switch {
		case parts[0] == "0" && parts[1] == "":
			out = append(out, src.walkUp("sys/fs/cgroup", path, "memory.max", "memory.current")...)
		case hasController(parts[1], "memory"):
			out = append(out, src.walkUp("sys/fs/cgroup/memory", path, "memory.limit_in_bytes", "memory.usage_in_bytes")...)
		}
	}
	return out
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// walkUp reads the limit and usage files at every level from mount+path up
// to mount. "max" (v2) and v1's page-rounded 2^63 mean no limit.
func (src memorySource) walkUp(mount, path, maxFile, usedFile string) []cgroupLimit {
	var out []cgroupLimit
	for {
		dir := filepath.Join(mount, path)
		if max, ok := src.number(filepath.Join(dir, maxFile)); ok && max < 1<<60 {
			used, _ := src.number(filepath.Join(dir, usedFile))
			out = append(out, cgroupLimit{max, used})
		}
		if path == "/" {
			return out
		}
		path = filepath.Dir(path)
	}
}

func (src memorySource) path(name string) string { return filepath.Join(src.root, name) }

// fields reads a "Name: value [kB]" file (/proc/meminfo, /proc/self/status)
// in bytes.
func (src memorySource) fields(name string) map[string]uint64 {
	out := map[string]uint64{}
	f, err := os.Open(src.path(name))
	if err != nil {
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		if n, ok := parseKB(rest); ok {
			out[key] = n
		}
	}
	return out
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

// number reads a file holding one number ("max" is none).
func (src memorySource) number(name string) (uint64, bool) {
	b, err := os.ReadFile(src.path(name))
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	return n, err == nil
}
