package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// perftbench times "go perft N" over UCI, for this engine and a reference
// engine (Stockfish by default), alternating runs so both see the same
// machine load, and reports medians and the speed ratio. Both engines are
// timed the same way: from sending "go perft" to reading "Nodes searched",
// so process start-up is not counted.
func perftBenchCommand(args []string) int {
	fs := flag.NewFlagSet("perftbench", flag.ContinueOnError)
	reference := fs.String("reference", "/usr/games/stockfish", "reference engine command")
	runs := fs.Int("runs", 5, "timed runs per engine and position")
	self := fs.String("engine", selfUCI(), "Tempest's command (build the engine binary to time exactly what ships)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	positions := []struct {
		name, fen string
		depth     int
	}{
		{"startpos", "startpos", 6},
		{"kiwipete", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5},
	}
	fmt.Printf("| position | depth | nodes | Tempest median ms | Tempest Mnps | reference median ms | reference Mnps | ratio |\n")
	fmt.Printf("|---|---|---|---|---|---|---|---|\n")
	for _, pos := range positions {
		var ours, theirs []time.Duration
		var nodes string
		for i := 0; i < *runs; i++ {
			for _, e := range []struct {
				cmd   string
				times *[]time.Duration
			}{{*self, &ours}, {*reference, &theirs}} {
				d, n, err := timePerft(e.cmd, pos.fen, pos.depth)
				if err != nil {
					fmt.Fprintf(os.Stderr, "perftbench: %s: %v\n", e.cmd, err)
					return 1
				}
				if nodes != "" && n != nodes {
					fmt.Fprintf(os.Stderr, "perftbench: %s counted %s nodes, expected %s\n", e.cmd, n, nodes)
					return 1
				}
				nodes = n
				*e.times = append(*e.times, d)
			}
		}
		var count float64
		fmt.Sscan(nodes, &count)
		mo, mt := median(ours), median(theirs)
		fmt.Printf("| %s | %d | %s | %.0f | %.1f | %.0f | %.1f | %.2f |\n", pos.name, pos.depth, nodes,
			ms(mo), count/mo.Seconds()/1e6, ms(mt), count/mt.Seconds()/1e6, mt.Seconds()/mo.Seconds())
	}
	return 0
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// timePerft starts the engine, waits until it is ready, then times one perft.
func timePerft(command, position string, depth int) (time.Duration, string, error) {
	fields := strings.Fields(command)
	if len(fields) == 0 {
		return 0, "", fmt.Errorf("no engine command")
	}
	cmd := exec.Command(fields[0], fields[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, "", err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, "", err
	}
	if err := cmd.Start(); err != nil {
		return 0, "", err
	}
	defer cmd.Wait()
	defer stdin.Close()
	lines := bufio.NewScanner(stdout)
	waitFor := func(prefix string) (string, error) {
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), prefix) {
				return lines.Text(), nil
			}
		}
		return "", fmt.Errorf("engine ended before %q", prefix)
	}
	fmt.Fprintf(stdin, "uci\nsetoption name Threads value 1\nposition %s\nisready\n", position)
	if _, err := waitFor("readyok"); err != nil {
		return 0, "", err
	}
	start := time.Now()
	fmt.Fprintf(stdin, "go perft %d\n", depth)
	line, err := waitFor("Nodes searched:")
	elapsed := time.Since(start)
	if err != nil {
		return 0, "", err
	}
	io.WriteString(stdin, "quit\n")
	return elapsed, strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), nil
}
