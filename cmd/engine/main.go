// Command engine is Tempest, the binary GUIs and the Android app run.
// With no arguments it speaks UCI on stdin and stdout. Two subcommands
// serve scripts and test frameworks (OpenBench runs "bench"); the other
// developer tools are in cmd/tempest-dev:
//
//	engine [-profile cpu|mem|allocs|block|mutex|trace] [-profile-dir DIR] [subcommand]
//	engine perft [-depth N] [-fen FEN] [-threads N] [-hash MB] [-chess960]
//	engine bench [-variant V] [-depth N] [-threads N] [-hash MB] [-eval E] [-q] [depth]
//	engine "UCI command" ["UCI command" ...]
//
// Arguments that are not a subcommand are UCI command lines, run in order,
// each after the job of the one before has ended; then the engine quits,
// with exit code 1 if the session reported an error.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

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
		if _, ok := profileFiles[*profileKind]; !ok {
			fmt.Fprintf(os.Stderr, "unknown profile %q (want %s)\n", *profileKind, strings.Join(profileNames(), ", "))
			return 2
		}
		stop, err := startProfile(*profileKind, *profileDir)
		if err != nil {
			fmt.Fprintln(os.Stderr, "engine: -profile:", err)
			return 2
		}
		defer func() {
			if err := stop(); err != nil {
				fmt.Fprintln(os.Stderr, "engine: -profile:", err)
			}
		}()
	}
	rest := global.Args()
	if len(rest) == 0 {
		if err := protocol.NewSession(os.Stdout).Run(os.Stdin); err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
			return 1
		}
		return 0
	}
	if cmd, ok := subcommands[rest[0]]; ok {
		return cmd.run(rest[1:])
	}
	// Anything else is UCI commands, one per argument, as OpenBench and
	// other scripts call engines: engine "bench 13" quit.
	if protocol.NewSession(os.Stdout).RunCommands(rest) > 0 {
		return 1 // the errors went to standard output, as in a UCI session
	}
	return 0
}

type subcommand struct {
	summary string
	run     func(args []string) int
}

var subcommands = map[string]subcommand{
	"perft": {"count leaf nodes of one position, with a divide per root move", perftCommand},
	"bench": {"search the fixed bench positions; last line: <nodes> nodes <nps> nps", benchCommand},
}

func usage(fs *flag.FlagSet) func() {
	return func() {
		out := fs.Output()
		fmt.Fprintln(out, "usage: engine [flags] [subcommand [flags]]")
		fmt.Fprintln(out, "       engine [flags] \"UCI command\" [\"UCI command\" ...]")
		fmt.Fprintln(out, "With no argument, speaks UCI on stdin/stdout; arguments that are not a")
		fmt.Fprintln(out, "subcommand are UCI commands, run one after another before the engine quits.")
		fmt.Fprintln(out, "\nflags:")
		fs.PrintDefaults()
		fmt.Fprintln(out, "\nsubcommands (engine SUBCOMMAND -h for flags):")
		names := make([]string, 0, len(subcommands))
		for name := range subcommands {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			fmt.Fprintf(out, "  %-12s %s\n", name, subcommands[name].summary)
		}
		fmt.Fprintln(out, "\nDeveloper tools (perft suites, tactics, match referees): go run ./cmd/tempest-dev")
	}
}
