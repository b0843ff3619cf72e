package protocol

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docs/PROTOCOL.md names the options that may change during a search, and
// the code refuses every other one: both read the table's DuringSearch.
// Before, the docs listed 7 options as refused while the code refused 22 of
// 25 (issue 35, finding 17).
func TestOptionsDuringSearchDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/PROTOCOL.md")
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(doc)), " ")
	m := regexp.MustCompile("During a search only (.*?) may change").FindStringSubmatch(text)
	require.NotNil(t, m, "docs/PROTOCOL.md names the options that may change during a search")
	documented := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[1], -1)
	var names, allowed []string
	for _, d := range documented {
		names = append(names, d[1])
	}
	for _, o := range Options() {
		if o.DuringSearch {
			allowed = append(allowed, o.Name)
		}
	}
	assert.ElementsMatch(t, allowed, names)
	assert.Contains(t, text, "every other option is refused with an error asking for `stop` first")

	// And the code does what the table says, for every option.
	var out safeBuffer
	s := NewSession(&out)
	s.Execute("go infinite")
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "info depth") }, 10*time.Second, 5*time.Millisecond)
	refused := 0
	for _, o := range Options() {
		value := o.Default
		if o.Kind == String && value == "" {
			value = "<empty>"
		}
		out.Reset()
		s.Execute("setoption name " + o.Name + " value " + value)
		if o.Kind == Button {
			s.Execute("setoption name " + o.Name)
		}
		got := strings.Contains(out.String(), "cannot change during a search")
		assert.Equal(t, !o.DuringSearch, got, o.Name)
		if got {
			refused++
		}
	}
	s.Execute("stop")
	t.Logf("%d of %d options refused during a search", refused, len(Options()))
}

// The reason "result" takes is the reason state shows: the same 80 bytes.
// Before, state cut it at 40 (issue 35, finding 17).
func TestResultReasonShownWhole(t *testing.T) {
	reason := strings.Repeat("lost on time ", 6) + "in a long game" // 92 bytes
	reason = strings.TrimSpace(reason[:80])
	require.Len(t, reason, 80)
	out := runScript(t, "position startpos moves e2e4\nresult 1-0 "+reason+"\nstate\n")
	assert.Contains(t, out, "reason result from the record ("+reason+")\n")
	assert.NotContains(t, out, "error")
}

// A SyzygyPath whose directories hold DTZ tables (.rtbz) alone is refused:
// the results are in the WDL tables. Before, it was accepted as "positions
// of up to 0 pieces" (issue 35, finding 17).
func TestSyzygyPathOfDTZTablesOnly(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("../syzygy/testdata/tables/KQvK.rtbz")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "KQvK.rtbz"), data, 0o644))
	out := runScript(t, "setoption name SyzygyPath value "+dir+"\n")
	assert.Contains(t, out, "info string error: option SyzygyPath: no WDL table (.rtbw) in "+dir+", only 1 DTZ tables (.rtbz)")
	assert.NotContains(t, out, "up to 0 pieces")
	out = runScript(t, "setoption name UCI_Variant value stratego\nsetoption name SyzygyPath value "+dir+"\n")
	assert.Contains(t, out, "info string error: option SyzygyPath: no WDL table", "refused in every game")
}
