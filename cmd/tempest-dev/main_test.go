package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"tempest/rules"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// devBinary is this command, built once; engineBinary runs it as a UCI
// engine, which is what the referee starts by default.
var devBinary, engineBinary string

// TestMain builds the command once; the tests run it as developers do.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tempest-dev")
	if err != nil {
		panic(err)
	}
	devBinary = filepath.Join(dir, "tempest-dev")
	if out, err := exec.Command("go", "build", "-o", devBinary, ".").CombinedOutput(); err != nil {
		panic("building tempest-dev: " + err.Error() + "\n" + string(out))
	}
	engineBinary = filepath.Join(dir, "engine")
	if err := os.WriteFile(engineBinary, []byte("#!/bin/sh\nexec "+devBinary+" uci\n"), 0o755); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runEngine(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(devBinary, args...)
	cmd.Stdin = strings.NewReader(stdin)
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

func TestPerftSuiteSubcommand(t *testing.T) {
	good := filepath.Join(t.TempDir(), "good.epd")
	require.NoError(t, os.WriteFile(good, []byte("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197\n"), 0o644))
	out, _, code := runEngine(t, "", "perftsuite", good)
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "total: 3 checked, 3 passed, 0 failed, 1278 nodes")

	bad := filepath.Join(t.TempDir(), "bad.epd")
	require.NoError(t, os.WriteFile(bad, []byte("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n"), 0o644))
	out, _, code = runEngine(t, "", "perftsuite", "-maxdepth", "2", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "FAIL "+bad+":1 depth 2: got 66, want 67")
	assert.Contains(t, out, "total: 2 checked, 1 passed, 1 failed")
}

// Without a subcommand, or with -h, every subcommand is listed.
func TestUsageListsEverySubcommand(t *testing.T) {
	_, stderr, code := runEngine(t, "")
	assert.Equal(t, 2, code)
	for name := range subcommands {
		assert.Contains(t, stderr, "\n  "+name+" ", name)
	}
	_, stderr, code = runEngine(t, "", "-h")
	assert.Equal(t, 0, code)
	assert.Contains(t, stderr, "match")
}

// "tempest-dev uci" is the engine.
func TestUCISubcommand(t *testing.T) {
	out, _, code := runEngine(t, "uci\nisready\nquit\n", "uci")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "uciok")
	assert.Contains(t, out, "readyok")
}

// readRecords reads the referee's PGN file: one record per game, in order.
func readRecords(t *testing.T, path string, games int) []rules.Record {
	t.Helper()
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	parts := strings.Split(strings.TrimSpace(string(text)), "\n\n[Event")
	require.Len(t, parts, games)
	var records []rules.Record
	for i, rec := range parts {
		if i > 0 {
			rec = "[Event" + rec
		}
		r, err := rules.ParsePGN(rec)
		require.NoError(t, err, "game %d", i+1)
		records = append(records, r)
	}
	return records
}

// "ratings" fits the players of PGN games with SF<Elo> players held at
// their Elo: a player who scores 50% against SF1500 is rated 1500, and a
// file that is missing is an error naming it.
func TestRatingsSubcommand(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	var b strings.Builder
	for i, result := range []string{"1-0", "1-0", "1/2-1/2", "1/2-1/2"} { // one win each, two draws
		white, black := "L5", "SF1500"
		if i%2 == 1 {
			white, black = black, white
		}
		fmt.Fprintf(&b, "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n1. e4 e5 %s\n\n", white, black, result, result)
	}
	require.NoError(t, os.WriteFile(pgn, []byte(b.String()), 0o644))
	out, stderr, code := runEngine(t, "", "ratings", "-sf", pgn)
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `\| L5 \| 4 \| 50\.0% \| 1500 \|`, out)
	_, stderr, code = runEngine(t, "", "ratings", "-sf", pgn+".missing")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "games.pgn.missing")
}

// With -prior a clean sweep is fitted: one draw added to the pairing makes
// 4 wins 4.5 of 5 points, while the tables count the 4 real games.
func TestRatingsPriorFitsASweep(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "sweep.pgn")
	var b strings.Builder
	for range 4 {
		fmt.Fprintf(&b, "[Red \"L1\"]\n[Yellow \"L0\"]\n[Result \"r\"]\n\n*\n\n")
	}
	require.NoError(t, os.WriteFile(pgn, []byte(b.String()), 0o644))
	_, stderr, code := runEngine(t, "", "ratings", "-anchor", "L1=1000", pgn)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "won or lost every game")
	out, stderr, code := runEngine(t, "", "ratings", "-prior", "1", "-anchor", "L1=1000", pgn)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "4 games, fitted with 1 drawn game(s) added to each pairing")
	assert.Regexp(t, `\| L0 \| 4 \| 0\.0% \| 618 \|`, out) // 1000 - 400 log10(4.5/0.5)
}
