package tt

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The probe reads the limits the kernel applies, from a tree standing in
// for /proc and /sys: every cgroup level up to the root (v2 and v1), a
// container whose path is outside its view, ulimit -v and -d against what
// is mapped, and strict overcommit.
func TestProbeReadsEveryLimit(t *testing.T) {
	const mib = 1 << 20
	meminfo := "MemTotal:       8388608 kB\nMemAvailable:   6291456 kB\nCommitLimit:    4194304 kB\nCommitted_AS:   3145728 kB\n"
	status := "Name:\tengine\nVmSize:\t  800000 kB\nVmData:\t  100000 kB\n"
	for _, tc := range []struct {
		name     string
		files    map[string]string
		rlimits  map[int]uint64
		want     Memory
		wantNone bool
	}{
		{name: "no limit", files: map[string]string{"proc/self/cgroup": "0::/user.slice/session.scope\n"},
			want: Memory{Total: 8192 * mib, Available: 6144 * mib}},
		{name: "cgroup v2, the limit two levels up", files: map[string]string{
			"proc/self/cgroup": "0::/user.slice/run.scope\n",
			"sys/fs/cgroup/user.slice/run.scope/memory.max":     "max\n",
			"sys/fs/cgroup/user.slice/memory.max":               "536870912\n",
			"sys/fs/cgroup/user.slice/memory.current":           "134217728\n",
			"sys/fs/cgroup/user.slice/run.scope/memory.current": "1000\n",
		}, want: Memory{Total: 512 * mib, Available: 384 * mib}},
		{name: "cgroup v2 in a container: the path is not in its view", files: map[string]string{
			"proc/self/cgroup":             "0::/../../docker/abc\n",
			"sys/fs/cgroup/memory.max":     "268435456\n",
			"sys/fs/cgroup/memory.current": "67108864\n",
		}, want: Memory{Total: 256 * mib, Available: 192 * mib}},
		{name: "cgroup v1, two levels, the lower limit wins", files: map[string]string{
			"proc/self/cgroup": "4:memory:/box/task\n3:cpu:/box\n",
			"sys/fs/cgroup/memory/box/task/memory.limit_in_bytes": "1073741824\n",
			"sys/fs/cgroup/memory/box/task/memory.usage_in_bytes": "1000\n",
			"sys/fs/cgroup/memory/box/memory.limit_in_bytes":      "314572800\n",
			"sys/fs/cgroup/memory/box/memory.usage_in_bytes":      "104857600\n",
			"sys/fs/cgroup/memory/memory.limit_in_bytes":          "9223372036854771712\n",
		}, want: Memory{Total: 300 * mib, Available: 200 * mib}},
		{name: "ulimit -v counts VmSize", rlimits: map[int]uint64{syscall.RLIMIT_AS: 1000000 << 10},
			want: Memory{Total: 1000000 << 10, Available: 6144 * mib, MapLimited: true, Mappable: 200000 << 10}},
		{name: "ulimit -d counts VmData", rlimits: map[int]uint64{syscall.RLIMIT_AS: 4 << 30, syscall.RLIMIT_DATA: 300000 << 10},
			want: Memory{Total: 300000 << 10, Available: 6144 * mib, MapLimited: true, Mappable: 200000 << 10}},
		{name: "ulimit -v below what is mapped", rlimits: map[int]uint64{syscall.RLIMIT_AS: 700000 << 10},
			want: Memory{Total: 700000 << 10, Available: 6144 * mib, MapLimited: true, Mappable: 0}},
		{name: "strict overcommit", files: map[string]string{"proc/sys/vm/overcommit_memory": "2\n"},
			want: Memory{Total: 8192 * mib, Available: 6144 * mib, MapLimited: true, Mappable: 1024 * mib}},
		{name: "heuristic overcommit", files: map[string]string{"proc/sys/vm/overcommit_memory": "0\n"},
			want: Memory{Total: 8192 * mib, Available: 6144 * mib}},
		{name: "no meminfo", files: map[string]string{"proc/meminfo": ""}, wantNone: true},
	} {
		root := t.TempDir()
		files := map[string]string{"proc/meminfo": meminfo, "proc/self/status": status}
		for name, text := range tc.files {
			files[name] = text
		}
		for name, text := range files {
			writeFile(t, root, name, text)
		}
		src := memorySource{root: root, rlimit: func(r int) (uint64, bool) { n, ok := tc.rlimits[r]; return n, ok }}
		got, ok := src.probe()
		if tc.wantNone {
			assert.False(t, ok, tc.name)
			continue
		}
		require.True(t, ok, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
}

func writeFile(t *testing.T, root, name, text string) {
	t.Helper()
	path := filepath.Join(root, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}
