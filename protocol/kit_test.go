package protocol

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/games"
	"tempest/kit"
	"tempest/nnue"
)

// Every game's engine takes the session's options through one interface.
// Before, "setoption name Hash" resized the chess table only: card chess
// kept the size it was first made with.
func TestHashResizesEveryGamesTable(t *testing.T) {
	for _, tc := range []struct {
		variant string
		want    int
		note    string
	}{
		{"chess", 32, ""},
		{"chessmate", 32, ""},
		{"chameleon", 32, ""},
		{"stratego", 1, "Hash does not apply to Stratego: its table stays at 1 MiB"},
	} {
		var out safeBuffer
		s := NewSession(&out)
		s.Execute("setoption name UCI_Variant value " + tc.variant)
		s.Execute("setoption name Hash value 32")
		assert.Equal(t, tc.want, s.engine.TableMB(), tc.variant)
		if tc.note != "" {
			assert.Contains(t, out.String(), tc.note, tc.variant)
		}
		// The size holds across a variant switch.
		s.Execute("setoption name UCI_Variant value chess")
		assert.Equal(t, 32, s.engine.TableMB(), "chess after %s", tc.variant)
	}
	var out safeBuffer
	s := NewSession(&out)
	s.Execute("setoption name UCI_Variant value chameleon")
	s.Execute("setoption name Hash value 1024")
	assert.Equal(t, 256, s.engine.TableMB())
	assert.Contains(t, out.String(), "info string Hash: Chameleon Chess uses at most 256 MiB")
}

// Options that mean nothing in a game say so, in that game only.
func TestOptionsSayWhereTheyDoNotApply(t *testing.T) {
	commands := []string{"setoption name Threads value 2", "setoption name MultiPV value 3",
		"setoption name Contempt value 50", "setoption name Clear Hash"}
	notes := map[string][]string{
		"chess":     nil,
		"chessmate": {"MultiPV does not apply to card chess"},
		"chameleon": {"Threads does not apply to Chameleon Chess", "MultiPV does not apply to Chameleon Chess",
			"Contempt does not apply to Chameleon Chess", "Clear Hash: nothing to clear"},
		"stratego": {"Threads does not apply to Stratego", "MultiPV does not apply to Stratego",
			"Contempt does not apply to Stratego", "Clear Hash: nothing to clear"},
	}
	for variant, want := range notes {
		var out safeBuffer
		s := NewSession(&out)
		s.Execute("setoption name UCI_Variant value " + variant)
		for _, c := range commands {
			s.Execute(c)
		}
		text := out.String()
		for _, n := range want {
			assert.Contains(t, text, "info string "+n, variant)
		}
		assert.Equal(t, len(want), strings.Count(text, "does not apply")+strings.Count(text, "nothing to clear"),
			"%s: only the options that do not apply are noted:\n%s", variant, text)
		assert.NotContains(t, text, "error", variant)
	}
}

// Move Overhead, Threads and the playing level reach every game's engine,
// and a switch of game carries them over.
func TestSettingsReachEveryEngine(t *testing.T) {
	for _, variant := range []string{"chess", "chessmate", "chameleon", "stratego"} {
		s := NewSession(&safeBuffer{})
		s.Execute("setoption name Move Overhead value 120")
		s.Execute("setoption name Skill Level value 3")
		s.Execute("setoption name UCI_Variant value " + variant)
		got := s.engine.Settings()
		assert.Equal(t, 120*time.Millisecond, got.MoveOverhead, variant)
		assert.Equal(t, s.settings.Level, got.Level, variant)
		s.Execute("setoption name Threads value 2")
		assert.Equal(t, 2, s.engine.Settings().Threads, variant)
	}
}

// "d", "eval", "view", perft and the game's own commands go to the current
// game whatever it is: the session has one game and asks it.
func TestCommandsFollowTheCurrentGame(t *testing.T) {
	out := runScript(t, strings.Join([]string{
		"setoption name UCI_Variant value stratego", "d", "eval", "view", "board",
		"setoption name UCI_Variant value chameleon", "board", "setup v",
		"setoption name UCI_Variant value chess", "view w", "d",
	}, "\n")+"\n")
	require.Contains(t, out, "Variant: stratego")
	assert.Contains(t, out, "info string error: eval: the term-by-term evaluation exists for chess only; UCI_Variant is stratego")
	assert.Contains(t, out, "info string error: view needs the player")
	assert.Contains(t, out, `info string error: unknown command "board"`, "board is Chameleon's")
	assert.Contains(t, out, "board begin")
	assert.Contains(t, out, `info string error: unknown command "setup"`, "setup is Stratego's")
	assert.Contains(t, out, "info string error: view: the chess variant has no hidden information")
	assert.Contains(t, out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
}

// EvalFile loads a net for the chess search, refuses a file it cannot
// read with an error that names it (keeping the net it had), goes back to
// the embedded net on <empty>; Use NNUE switches between the net and the
// hand-crafted evaluation; both say where they do not apply.
func TestEvalFileAndUseNNUE(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "zero.nnue")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, new(nnue.Network).Save(f, "all-zero test net"))
	require.NoError(t, f.Close())
	broken := filepath.Join(dir, "broken.nnue")
	require.NoError(t, os.WriteFile(broken, []byte("TEMPNNUE but nothing more"), 0o644))

	var out safeBuffer
	s := NewSession(&out)
	s.Execute("uci")
	assert.Contains(t, out.String(), "option name EvalFile type string default "+nnue.DefaultName+"\n")
	assert.Contains(t, out.String(), fmt.Sprintf("option name Use NNUE type check default %v\n", games.NNUEByDefault))
	s.Execute("setoption name Use NNUE value false")
	s.Execute("setoption name EvalFile value " + path)
	assert.Contains(t, out.String(), "info string EvalFile: "+path+" (all-zero test net); not in use while Use NNUE is false")
	s.Execute("setoption name Use NNUE value true")
	assert.Contains(t, out.String(), "info string Use NNUE: chess evaluates with the net of EvalFile")
	s.Execute("setoption name EvalFile value " + broken)
	assert.Contains(t, out.String(), "info string error: option EvalFile: "+broken+": nnue: not a Tempest net file")
	s.Execute("setoption name EvalFile value " + filepath.Join(dir, "missing.nnue"))
	assert.Contains(t, out.String(), "no such file")
	s.Execute("setoption name EvalFile value /dev/stdin")
	assert.Contains(t, out.String(), "info string error: option EvalFile: /dev/stdin is not a regular file")
	assert.Equal(t, path, s.settings.Own.Text("EvalFile"), "a refused file leaves the net in force")
	// The all-zero net scores every position 0: the search says so.
	s.Execute("position fen 4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1")
	s.Execute("go depth 2")
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "bestmove ") }, 10*time.Second, 5*time.Millisecond)
	assert.Contains(t, out.String(), "score cp 0 ")
	s.Execute("setoption name EvalFile value <empty>")
	assert.Contains(t, out.String(), "info string EvalFile: the embedded net "+nnue.DefaultName+" (")
	assert.Equal(t, "", s.settings.Own.Text("EvalFile"))
	s.Execute("setoption name Use NNUE value false")
	assert.Contains(t, out.String(), "info string Use NNUE: chess evaluates by hand")
	out.Reset()
	s.Execute("go depth 2")
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "bestmove ") }, 10*time.Second, 5*time.Millisecond)
	assert.NotContains(t, out.String(), "score cp 0 ", "four queens up, by hand")
	// The weakened levels evaluate by hand, as when they were calibrated.
	s.Execute("setoption name Skill Level value 5")
	s.Execute("setoption name Use NNUE value true")
	assert.Contains(t, out.String(), "the playing level in force evaluates by hand")
	out.Reset()
	s.Execute("eval")
	assert.Contains(t, out.String(), "NNUE evaluation ("+nnue.DefaultName+")")
	assert.Contains(t, out.String(), "the hand-crafted one, which the search uses")
	s.Execute(fmt.Sprintf("setoption name Skill Level value %d", len(kit.PlayingLevels)-1))
	out.Reset()
	s.Execute("eval")
	assert.Contains(t, out.String(), "the NNUE one, which the search uses")

	s.Execute("setoption name UCI_Variant value stratego")
	s.Execute("setoption name EvalFile value " + path)
	assert.Contains(t, out.String(), "EvalFile does not apply to Stratego: it evaluates by hand")
	s.Execute("setoption name Use NNUE value false")
	assert.Contains(t, out.String(), "Use NNUE does not apply to Stratego: it evaluates by hand")
}
