// Command engine is Tempest. With no arguments it speaks UCI on stdin and
// stdout. Subcommands serve developers:
//
//	engine [-profile cpu|mem|allocs|block|mutex] [-profile-dir DIR] [subcommand]
//	engine perft [-depth N] [-fen FEN] [-threads N] [-hash MB] [-chess960]
//	engine perftsuite [-maxdepth N] [-maxnodes N] [-threads N] [-hash MB] [-v] FILE...
//	engine perftbench [-reference CMD] [-runs N]
//	engine bench [-depth N] [-threads N] [-hash MB] [-q]
//	engine tactics [-movetime D] [-threads N] [-hash MB] [-v] FILE...
//	engine varmatch [-variant V] [-games N] [-engine1 CMD] [-engine2 CMD] [-option1 N=V] [-option2 N=V] [-go PARAMS]
//	engine stratmatch [-games N] [-engine1 CMD] [-engine2 CMD] [-option1 N=V] [-option2 N=V] [-go PARAMS] [-setup1 M] [-setup2 M] [-seed N] [-concurrency N] [-pgn FILE]
//	engine chamatch [-players N] [-games N] [-engineK CMD] [-optionK N=V] [-go PARAMS] [-goK PARAMS] [-tc S+I] [-seed N] [-pgn FILE]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/pkg/profile"

	"tempest/protocol"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	global := flag.NewFlagSet("engine", flag.ContinueOnError)
	profileKind := global.String("profile", "", "write a profile: cpu, mem, allocs, block, mutex or trace")
	profileDir := global.String("profile-dir", ".", "directory for the profile file")
	global.Usage = usage(global)
	if err := global.Parse(args); err != nil {
		return 2
	}
	if *profileKind != "" {
		mode, ok := profileModes[*profileKind]
		if !ok {
			fmt.Fprintf(os.Stderr, "unknown profile %q (want %s)\n", *profileKind, strings.Join(profileNames(), ", "))
			return 2
		}
		// Profile messages go to stderr-free quiet mode: stdout belongs to UCI.
		defer profile.Start(mode, profile.ProfilePath(*profileDir), profile.Quiet, profile.NoShutdownHook).Stop()
	}
	rest := global.Args()
	if len(rest) == 0 {
		if err := protocol.NewSession(os.Stdout).Run(os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
			return 1
		}
		return 0
	}
	cmd, ok := subcommands[rest[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown subcommand %q\n", rest[0])
		global.Usage()
		return 2
	}
	return cmd.run(rest[1:])
}

type subcommand struct {
	summary string
	run     func(args []string) int
}

var subcommands = map[string]subcommand{
	"perft":      {"count leaf nodes of one position, with a divide per root move", perftCommand},
	"perftsuite": {"check every count of EPD perft suites; report pass/fail and speed", perftSuiteCommand},
	"perftbench": {"time perft over UCI against a reference engine (Stockfish)", perftBenchCommand},
	"bench":      {"search the fixed bench positions; last line: <nodes> nodes <nps> nps", benchCommand},
	"tactics":    {"run EPD test suites (bm/am) at a fixed time per position; count solved", tacticsCommand},
	"varmatch":   {"play a match in a variant (card chess) between two UCI engines", varMatchCommand},
	"stratmatch": {"play Stratego games between two UCI engines, each seeing only its own view", stratMatchCommand},
	"chamatch":   {"play Chameleon Chess games between 2 to 4 UCI engines, seats rotating", chameleonMatchCommand},
}

var profileModes = map[string]func(*profile.Profile){
	"cpu":    profile.CPUProfile,
	"mem":    profile.MemProfile,
	"allocs": profile.MemProfileAllocs,
	"block":  profile.BlockProfile,
	"mutex":  profile.MutexProfile,
	"trace":  profile.TraceProfile,
}

func profileNames() []string {
	return []string{"cpu", "mem", "allocs", "block", "mutex", "trace"}
}

func usage(fs *flag.FlagSet) func() {
	return func() {
		out := fs.Output()
		fmt.Fprintln(out, "usage: engine [flags] [subcommand [flags]]")
		fmt.Fprintln(out, "With no subcommand, speaks UCI on stdin/stdout.")
		fmt.Fprintln(out, "\nflags:")
		fs.PrintDefaults()
		fmt.Fprintln(out, "\nsubcommands (engine SUBCOMMAND -h for flags):")
		for _, name := range []string{"bench", "tactics", "varmatch", "perft", "perftsuite", "perftbench"} {
			fmt.Fprintf(out, "  %-12s %s\n", name, subcommands[name].summary)
		}
	}
}
