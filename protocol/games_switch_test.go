package protocol

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/movegen"
)

// run executes a command and waits for the job it started, as a script of
// commands does.
func run(s *Session, line string) {
	s.Execute(line)
	if s.job != nil {
		<-s.job.done
	}
}

// chessFileOptions are the options that name a file only chess reads, each
// with a valid value made for the test and a way to break that value
// afterwards (the file deleted under the engine).
func chessFileOptions(t *testing.T) map[string]func() (value string, remove func()) {
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(to, data, 0o644))
	}
	return map[string]func() (string, func()){
		"EvalFile": func() (string, func()) {
			path := filepath.Join(t.TempDir(), "net.nnue")
			copyFile("../nnue/default.nnue", path)
			return path, func() { require.NoError(t, os.Remove(path)) }
		},
		"BookFile": func() (string, func()) {
			path := writeBook(t, map[string]map[string]uint16{movegen.StartFEN: {"e2e4": 1}})
			return path, func() { require.NoError(t, os.Remove(path)) }
		},
		"SyzygyPath": func() (string, func()) {
			dir := t.TempDir()
			for _, name := range []string{"KQvK.rtbw", "KQvK.rtbz"} {
				copyFile(filepath.Join("../syzygy/testdata/tables", name), filepath.Join(dir, name))
			}
			return dir, func() { require.NoError(t, os.RemoveAll(dir)) }
		},
	}
}

// A chess-only file option set while another game is current is read as
// chess would read it: a bad file is refused at once by name. A file that
// was good but is gone when the game switches back to chess makes the switch
// fail with an error naming the option, and the game, Hash and every
// option stay as they were. Before, the bad value was accepted with a note,
// and the switch failed as "using 16 MiB", resetting Hash (issue 35,
// finding 10: 9 of 9 option and game combinations).
func TestChessFileOptionsInOtherGames(t *testing.T) {
	for option, valid := range chessFileOptions(t) {
		for _, game := range []string{"chessmate", "chameleon", "stratego"} {
			name := option + " in " + game
			var out safeBuffer
			s := NewSession(&out)
			run(s, "setoption name Hash value 64")
			run(s, "setoption name UCI_Variant value "+game)
			tableMB := s.engine.TableMB()

			run(s, "setoption name "+option+" value "+filepath.Join(t.TempDir(), "missing"))
			assert.Contains(t, out.String(), "info string error: option "+option+": ", name)
			assert.NotContains(t, out.String(), "error: option "+option+": "+option, name+": the option is named once")

			value, remove := valid()
			out.Reset()
			run(s, "setoption name "+option+" value "+value)
			assert.Contains(t, out.String(), option+" does not apply to ", name)
			assert.Contains(t, out.String(), "; kept for chess: ", name)
			assert.NotContains(t, out.String(), "error", name)

			remove()
			out.Reset()
			run(s, "setoption name UCI_Variant value chess")
			assert.Contains(t, out.String(), "info string error: option UCI_Variant: chess cannot start: "+option+": ", name)
			assert.NotContains(t, out.String(), "using 16 MiB", name)
			assert.Equal(t, game, s.variant.Name(), name)
			assert.Equal(t, 64, s.settings.HashMB, name)
			assert.Equal(t, "64", s.findOption("Hash").value, name)
			assert.Equal(t, tableMB, s.engine.TableMB(), name)
			assert.Equal(t, game, s.findOption("UCI_Variant").value, name)
			assert.Equal(t, value, s.findOption(option).value, name)
			out.Reset()
			run(s, "state")
			assert.Contains(t, out.String(), "state variant "+game+" ", name)

			// Named again as something that loads, chess starts with the
			// table Hash asks for.
			run(s, "setoption name "+option+" value <empty>")
			run(s, "setoption name UCI_Variant value chess")
			assert.Equal(t, "chess", s.variant.Name(), name)
			assert.Equal(t, 64, s.engine.TableMB(), name)
		}
	}
}

// procCounts reads this process's memory mappings and resident memory.
func procCounts(t *testing.T) (mappings int, rssKB int) {
	f, err := os.Open("/proc/self/maps")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		mappings++
	}
	status, err := os.ReadFile("/proc/self/status")
	require.NoError(t, err)
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			rssKB, err = strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			require.NoError(t, err)
		}
	}
	return mappings, rssKB
}

// Every switch of game releases what the engine it drops holds: the chess
// engine's tables are unmapped, its net and book collected, and no goroutine
// stays behind. Two thousand switches, each after a chess search that maps
// a table, leave the mappings, the resident memory and the goroutines where
// they were after the first ones. Before, each switch kept the chess
// engine's mapped tables: 5 more mappings per switch until the kernel's
// vm.max_map_count ran out (issue 35, finding 16).
func TestGameSwitchesReleaseEverything(t *testing.T) {
	if _, err := os.Stat("/proc/self/maps"); err != nil {
		t.Skip("no /proc/self/maps on this system")
	}
	rounds := 2000
	if testing.Short() {
		rounds = 300
	}
	s := NewSession(&safeBuffer{})
	path := writeBook(t, map[string]map[string]uint16{movegen.StartFEN: {"e2e4": 1}})
	for _, line := range []string{"setoption name SyzygyPath value ../syzygy/testdata/tables",
		"setoption name BookFile value " + path} {
		run(s, line)
	}
	games := []string{"chessmate", "chameleon", "stratego"}
	round := func(i int) {
		run(s, "position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1") // KQvK: the root probes its tables
		run(s, "go depth 1")
		run(s, "setoption name UCI_Variant value "+games[i%len(games)])
		run(s, "setoption name UCI_Variant value chess")
	}
	for i := range 20 { // the runtime's own mappings settle
		round(i)
	}
	// FreeOSMemory, not GC: freed heap spans count as resident until the
	// scavenger returns them, which on a loaded machine can be never
	// within the test.
	debug.FreeOSMemory()
	maps0, rss0 := procCounts(t)
	goroutines0 := runtime.NumGoroutine()
	for i := range rounds {
		round(i)
	}
	debug.FreeOSMemory()
	maps1, rss1 := procCounts(t)
	t.Logf("mappings %d -> %d, resident %d kB -> %d kB", maps0, maps1, rss0, rss1)
	require.Equal(t, "chess", s.variant.Name())
	assert.LessOrEqual(t, maps1-maps0, 16, "mappings after %d switches: %d, before: %d", rounds, maps1, maps0)
	assert.LessOrEqual(t, rss1-rss0, 64<<10, "resident memory after %d switches: %d kB, before: %d kB", rounds, rss1, rss0)
	// A search's goroutines end with it; give the last one a moment.
	goroutines := runtime.NumGoroutine()
	for deadline := time.Now().Add(5 * time.Second); goroutines > goroutines0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		goroutines = runtime.NumGoroutine()
	}
	assert.LessOrEqual(t, goroutines, goroutines0, "goroutines after %d switches", rounds)
}
