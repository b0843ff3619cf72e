// Command tempest-dev holds Tempest's developer tools, kept out of the
// engine binary (and so out of the Android app): perft suites and speed,
// tactics suites, and the match referee of every game, which runs engine
// processes against each other. It also speaks UCI ("tempest-dev uci"),
// so the referee can play it against itself by default.
//
//	tempest-dev uci
//	tempest-dev perftsuite [-maxdepth N] [-maxnodes N] [-threads N] [-hash MB] [-v] FILE...
//	tempest-dev perftbench [-engine CMD] [-reference CMD] [-runs N]
//	tempest-dev tactics [-movetime D] [-threads N] [-hash MB] [-v] FILE...
//	tempest-dev match [-variant V] [-games N] [-players N] [-engineK CMD] [-optionK N=V] [-go PARAMS] [-goK PARAMS] [-tc S+I] [-start WORDS] [-random-plies N] [-seed N] [-max-plies N] [-concurrency N] [-pgn FILE] [-sprt E0,E1[,A,B]]
//	tempest-dev datagen [-out DIR] [-seed N] [-shards N] [-games N] [-soft-nodes N] [-hard-nodes N] [-hash MB] [-eval E] [-openings FILE] [-random-plies N] [-progress D]
//	tempest-dev datapack [-from DIR] [-to DIR] [-chunk N] [-all]
//	tempest-dev ratings [-sf] [-anchor NAME=ELO ...] FILE.pgn...
//	tempest-dev vdatagen [-variant V] [-out DIR] [-seed N] [-shards N] [-games N] [-nodes N] [-worlds N] [-random-plies N] [-players P] [-progress D] (see -h for the rest)
//	tempest-dev vdatapack [-variant V] [-from DIR] -to DIR [-chunk N] [-all]
//	tempest-dev vdataunpack -from DIR -to DIR
//	tempest-dev vfit [-variant V] [-data DIR ...] [-out FILE] [-lambda X] [-k X] [-epochs N] [-lr X] [-l2 X] [-split N] [-from hand|fitted]
//	tempest-dev texel datagen|fit [flags]   (the tune build: go run -tags tune ./cmd/tempest-dev texel ...)
//	tempest-dev train [-data FILES] [-run DIR] [-epochs N] [-batch N] [-lr X] [-lambda X] [-mirror] [-threads N] [-seed N] (see -h for the rest)
//
// Each subcommand's -h lists its flags with their defaults (docs/DEVELOPING.md).
package main

import (
	"fmt"
	"os"
	"sort"

	"tempest/protocol"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

type subcommand struct {
	summary string
	run     func(args []string) int
}

// subcommands is filled here and by the init functions of files that
// exist only in some builds (texel.go, the tune build), which Go runs
// after this file's.
var subcommands map[string]subcommand

func init() {
	subcommands = map[string]subcommand{
		"uci":         {"speak UCI on stdin/stdout, as the engine binary does", uciCommand},
		"perftsuite":  {"check every count of EPD perft suites; report pass/fail and speed", perftSuiteCommand},
		"perftbench":  {"time perft over UCI against a reference engine (Stockfish)", perftBenchCommand},
		"tactics":     {"run EPD test suites (bm/am) at a fixed time per position; count solved", tacticsCommand},
		"match":       {"play any game between 2 to 4 UCI engines, seats rotating; SPRT and PGN", matchCommand},
		"datagen":     {"generate self-play training data for the neural evaluation (resumable shards)", dataCommand},
		"train":       {"train the neural evaluation on self-play shards; write a net file (resumable)", trainCommand},
		"datapack":    {"cut datagen's finished games into the compressed chunks that are committed", packCommand},
		"dataunpack":  {"rebuild datagen's shards from the committed chunks, so a new machine resumes after them", unpackCommand},
		"ratings":     {"fit Elo ratings to PGN games with anchored players (the levels' calibration)", ratingsCommand},
		"vdatagen":    {"generate a variant's self-play games for fitting its evaluation (resumable shards)", vdatagenCommand},
		"vdatapack":   {"cut vdatagen's finished games into the compressed chunks that are committed", vdatapackCommand},
		"vdataunpack": {"rebuild vdatagen's shards from the committed chunks, so a new machine resumes after them", vdataunpackCommand},
		"vfit":        {"fit a variant's evaluation weights to its self-play games; write the generated weights file", vfitCommand},
	}
}

func run(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage()
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := subcommands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown subcommand %q\n", args[0])
		usage()
		return 2
	}
	return cmd.run(args[1:])
}

// usage lists every subcommand there is.
func usage() {
	fmt.Fprintln(os.Stderr, "usage: tempest-dev SUBCOMMAND [flags]   (tempest-dev SUBCOMMAND -h for its flags)")
	fmt.Fprintln(os.Stderr, "\nsubcommands:")
	names := make([]string, 0, len(subcommands))
	for name := range subcommands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(os.Stderr, "  %-12s %s\n", name, subcommands[name].summary)
	}
}

func uciCommand(args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(os.Stderr, "uci takes no arguments, not %q\n", args[0])
		return 2
	}
	if err := protocol.NewSession(os.Stdout).Run(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "tempest-dev:", err)
		return 1
	}
	return 0
}

// selfUCI is the command that runs this binary as a UCI engine: the
// referee's default engine.
func selfUCI() string {
	self, err := os.Executable()
	if err != nil {
		self = os.Args[0]
	}
	return self + " uci"
}
