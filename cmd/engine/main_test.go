package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/internal/pychess"
)

var engineBinary string

// TestMain builds the engine once; the tests run it as users do.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tempest-engine")
	if err != nil {
		panic(err)
	}
	engineBinary = filepath.Join(dir, "engine")
	if out, err := exec.Command("go", "build", "-o", engineBinary, ".").CombinedOutput(); err != nil {
		panic("building the engine: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runEngine(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runCommand(t, exec.Command(engineBinary, args...), stdin)
}

// runCommand runs cmd with stdin: its output, its error output, its exit code.
func runCommand(t *testing.T, cmd *exec.Cmd, stdin string) (string, string, int) {
	t.Helper()
	cmd.Stdin = strings.NewReader(stdin)
	return runCmd(t, cmd)
}

// runCmd runs cmd and returns its output and exit code.
func runCmd(t *testing.T, cmd *exec.Cmd) (string, string, int) {
	t.Helper()
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return stdout.String(), stderr.String(), code
}

func TestPerftSubcommand(t *testing.T) {
	out, _, code := runEngine(t, "", "perft", "-depth", "3", "-fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "\ne1g1: 2059\n") // published Kiwipete divide
	assert.Contains(t, out, "Nodes searched: 97862\n")

	out, _, code = runEngine(t, "", "perft", "-depth", "4", "-threads", "2", "-hash", "8", "-divide=false")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Nodes searched: 197281\n")

	_, stderr, code := runEngine(t, "", "perft", "-fen", "8/8 w - -")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `invalid FEN "8/8 w - -": piece placement`)
}

// TestUCIIsDefault talks to the engine as a client does: it waits for the
// perft's count before sending quit, since quit ends a running job at once.
func TestUCIIsDefault(t *testing.T) {
	cmd := exec.Command(engineBinary)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	_, err = io.WriteString(stdin, "uci\nisready\nposition startpos\ngo perft 2\n")
	require.NoError(t, err)
	var out strings.Builder
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "Nodes searched") {
			break
		}
	}
	_, err = io.WriteString(stdin, "quit\n")
	require.NoError(t, err)
	for sc.Scan() {
	}
	require.NoError(t, cmd.Wait())
	assert.Contains(t, out.String(), "uciok\nreadyok\n")
	assert.Contains(t, out.String(), "Nodes searched: 400\n")
}

func TestProfileFlag(t *testing.T) {
	dir := t.TempDir()
	_, _, code := runEngine(t, "", "-profile", "cpu", "-profile-dir", dir, "perft", "-depth", "3")
	require.Equal(t, 0, code)
	_, err := os.Stat(filepath.Join(dir, "cpu.pprof"))
	assert.NoError(t, err)
	_, stderr, code := runEngine(t, "", "-profile", "bogus")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown profile "bogus"`)
}

// An argument that is no subcommand is a UCI command: an unknown one is
// answered as in a session, and the exit code says so.
func TestUnknownCommand(t *testing.T) {
	out, _, code := runEngine(t, "", "frobnicate")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, `info string error: unknown command "frobnicate"`)
}

// UCI commands as arguments, the way OpenBench calls engines: each runs
// after the job of the one before has ended, then the engine quits.
func TestCommandsAsArguments(t *testing.T) {
	out, _, code := runEngine(t, "", "bench 3", "quit")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Regexp(t, `^\d+ nodes \d+ nps$`, lines[len(lines)-1])

	// The subcommand's positional depth gives the same count.
	out2, _, code := runEngine(t, "", "bench", "3")
	require.Equal(t, 0, code)
	assert.Equal(t, strings.Fields(lines[len(lines)-1])[0], strings.Fields(lastLine(out2))[0])

	// A search with a limit ends before the next command; one that waits
	// for stop runs until the arguments end, and each "go" gets its one
	// bestmove.
	out, _, code = runEngine(t, "", "position startpos moves e2e4", "go depth 4", "isready", "go infinite", "isready")
	require.Equal(t, 0, code)
	assert.Equal(t, 2, strings.Count(out, "bestmove "))
	assert.Regexp(t, `(?s)info depth 4 .*bestmove \S+\nreadyok\n`, out)

	// Errors keep the engine going and set the exit code.
	out, _, code = runEngine(t, "", "position fen bad", "go depth 2")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "info string error: invalid FEN")
	assert.Contains(t, out, "bestmove ")

	_, stderr, code := runEngine(t, "", "bench", "0")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `bench: "0" is not a depth`)
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// genfens as OpenBench's data generation calls it: N positions, the same
// for the same seed, legal and balanced by python-chess's judgement, and
// from the book's positions when one is given.
func TestGenFENs(t *testing.T) {
	genfens := func(args string) []string {
		out, _, code := runEngine(t, "", "genfens "+args, "quit")
		require.Equal(t, 0, code, out)
		var fens []string
		for _, l := range strings.Split(out, "\n") {
			if f, ok := strings.CutPrefix(l, "info string genfens "); ok {
				fens = append(fens, f)
			}
		}
		return fens
	}
	a := genfens("40 seed 1 book None ")
	require.Len(t, a, 40)
	assert.Equal(t, a, genfens("40 seed 1 book None"))
	b := genfens("40 seed 2 book None")
	assert.NotEqual(t, a, b)
	book := genfens("20 seed 1 book ../../testdata/openings/2moves_v1.epd.xz")
	require.Len(t, book, 20)

	py := pychess.Python(t)
	check := `
import sys, chess
for fen in sys.stdin.read().splitlines():
    b = chess.Board(fen)
    assert b.is_valid(), fen
    assert b.outcome() is None, fen
`
	cmd := exec.Command(py, "-c", check)
	cmd.Stdin = strings.NewReader(strings.Join(append(append(a, b...), book...), "\n"))
	res, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", res)
	distinct := map[string]bool{}
	for _, f := range a {
		distinct[f] = true
	}
	assert.Greater(t, len(distinct), 35, "start positions should vary")

	out, _, code := runEngine(t, "", "genfens 5 seed x")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, `info string error: genfens: the seed "x" is not a number`)
}

// TestPythonChessClient drives the engine with python-chess's chess.engine,
// the reference UCI client (analysis, MultiPV, mate scores, clocked games in
// standard chess and Chess960, pondering, bad input).
func TestPythonChessClient(t *testing.T) {
	py := pychess.Python(t)
	out, err := exec.Command(py, "../../testdata/oracle/client_check.py", engineBinary).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "OK")
}

// "-h" lists every subcommand there is, and the developer tools are not
// in the shipped binary.
func TestHelpListsEverySubcommand(t *testing.T) {
	_, stderr, code := runEngine(t, "", "-h")
	assert.Equal(t, 2, code, "flag's -h")
	for name := range subcommands {
		assert.Contains(t, stderr, "\n  "+name+" ", name)
	}
	for _, dev := range []string{"match", "tactics", "perftsuite", "perftbench"} {
		out, _, code := runEngine(t, "", dev)
		assert.Equal(t, 1, code, dev)
		assert.Contains(t, out, "unknown command", dev)
	}
}
