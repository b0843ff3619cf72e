package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"tempest/variants/stratego"
)

// stratmatch plays Stratego matches between two UCI engine processes. The
// arbiter is this process: it holds the full-knowledge game, checks every
// move and judges the end. Each engine only ever receives its own view:
// the start position as it sees it and the move tokens with the arbiter's
// announcements (battle identities, ends that depend on hidden pieces).
func stratMatchCommand(args []string) int {
	fs := flag.NewFlagSet("stratmatch", flag.ContinueOnError)
	games := fs.Int("games", 10, "games to play (engine 1 is Volcandria in even games)")
	engine1 := fs.String("engine1", "", "first engine command (default: this binary, \"tempest-dev uci\")")
	engine2 := fs.String("engine2", "", "second engine command (default: this binary, \"tempest-dev uci\")")
	var opts1, opts2 optionList
	fs.Var(&opts1, "option1", "engine 1 option NAME=VALUE (repeatable), e.g. \"Skill Level=1\"")
	fs.Var(&opts2, "option2", "engine 2 option NAME=VALUE (repeatable)")
	goCmd := fs.String("go", "movetime 100", "the go command's parameters for every move")
	go1 := fs.String("go1", "", "engine 1's go parameters (default: -go)")
	go2 := fs.String("go2", "", "engine 2's go parameters (default: -go)")
	setup1 := fs.String("setup1", "engine", "engine 1's arrangement: engine (its setup command), random (dealt at random) or default (§3.1)")
	setup2 := fs.String("setup2", "random", "engine 2's arrangement: engine, random or default")
	seed := fs.Uint64("seed", 1, "seed of game 0's arrangements (game i uses seed+i)")
	maxPlies := fs.Int("max-plies", 3000, "games reaching this many plies are drawn (a safety net; the rules end every game)")
	concurrency := fs.Int("concurrency", 1, "games played at the same time")
	pgnFile := fs.String("pgn", "", "append the games as PGN (full knowledge) to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	for _, s := range []string{*setup1, *setup2} {
		if s != "engine" && s != "random" && s != "default" {
			fmt.Fprintf(os.Stderr, "stratmatch: unknown setup mode %q (want engine, random or default)\n", s)
			return 2
		}
	}
	self := selfUCI()
	if *engine1 == "" {
		*engine1 = self
	}
	if *engine2 == "" {
		*engine2 = self
	}
	if *go1 == "" {
		*go1 = *goCmd
	}
	if *go2 == "" {
		*go2 = *goCmd
	}
	var pgn io.Writer
	if *pgnFile != "" {
		f, err := os.OpenFile(*pgnFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "stratmatch:", err)
			return 1
		}
		defer f.Close()
		pgn = f
	}
	players := [2]stratPlayer{{*engine1, opts1, *go1, *setup1}, {*engine2, opts2, *go2, *setup2}}

	var mu sync.Mutex
	var wins, draws, losses int // engine 1's
	var bySide [2][3]int        // engine 1's wins, draws, losses as Volcandria and as Everwinter
	reasons := map[string]int{}
	failed := false
	sem := make(chan struct{}, max(*concurrency, 1))
	var wg sync.WaitGroup
	for i := 0; i < *games; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			first := i%2 == 0 // engine 1 is Volcandria
			sides := [2]stratPlayer{players[0], players[1]}
			if !first {
				sides = [2]stratPlayer{players[1], players[0]}
			}
			g, result, reason, err := playStratGame(sides, *seed+uint64(i), *maxPlies)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fmt.Fprintf(os.Stderr, "stratmatch: game %d: %v\n", i+1, err)
				failed = true
				return
			}
			score := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[result]
			if !first {
				score = 1 - score
			}
			colour := 0
			if !first {
				colour = 1
			}
			switch score {
			case 1:
				wins++
				bySide[colour][0]++
			case 0:
				losses++
				bySide[colour][2]++
			default:
				draws++
				bySide[colour][1]++
			}
			reasons[reason]++
			if pgn != nil {
				r := g.Record()
				r.SetTag("Round", fmt.Sprint(i+1))
				r.SetTag("White", sides[0].command+" (Volcandria)")
				r.SetTag("Black", sides[1].command+" (Everwinter)")
				r.SetTag("Result", result)
				r.SetTag("Termination", reason)
				r.Result = result
				fmt.Fprintln(pgn, r.Write(1, false))
			}
			side := "Volcandria"
			if !first {
				side = "Everwinter"
			}
			fmt.Printf("game %d: %s (%s, %d plies) engine1 %s | engine1 +%d =%d -%d\n", i+1, result, reason,
				len(g.Actions()), side, wins, draws, losses)
		}(i)
	}
	wg.Wait()
	if failed {
		return 1
	}
	n := wins + draws + losses
	if n == 0 {
		return 0
	}
	elo, margin := eloWithMargin(wins, draws, losses)
	// The win rate's 95% interval by the normal approximation.
	p := float64(wins) / float64(n)
	fmt.Printf("engine1 vs engine2: +%d =%d -%d, wins %.1f%%, score %.1f%%, Elo %+.0f +/- %.0f (95%%)\n", wins, draws, losses,
		100*p, 100*(float64(wins)+0.5*float64(draws))/float64(n), elo, margin)
	fmt.Printf("  wins %.1f%% +/- %.1f%% (95%%); engine1 as Volcandria +%d =%d -%d, as Everwinter +%d =%d -%d\n",
		100*p, 196*math.Sqrt(p*(1-p)/float64(n)), bySide[0][0], bySide[0][1], bySide[0][2], bySide[1][0], bySide[1][1], bySide[1][2])
	for r, c := range reasons {
		fmt.Printf("  %4d %s\n", c, r)
	}
	return 0
}

// stratPlayer is one engine of a match.
type stratPlayer struct {
	command string
	options optionList
	goArgs  string
	setup   string // engine, random or default
}

// playStratGame plays one game; sides[0] is Volcandria. An engine that
// answers an illegal move, no move, or crashes loses.
func playStratGame(sides [2]stratPlayer, seed uint64, maxPlies int) (*stratego.Game, string, string, error) {
	var engines [2]*uciProcess
	for i := range engines {
		e, err := startUCI(sides[i].command, append([]string{"UCI_Variant=" + stratego.Name}, sides[i].options...))
		if err != nil {
			return nil, "", "", err
		}
		engines[i] = e
		defer e.close()
	}
	var setups [2]stratego.Setup
	for i := range setups {
		side := stratego.Side(i)
		rng := rand.New(rand.NewPCG(seed, uint64(0x57A7+i)))
		switch sides[i].setup {
		case "random":
			setups[i] = stratego.RandomSetup(rng)
		case "default":
			setups[i] = stratego.DefaultSetup(side)
		default:
			engines[i].send(fmt.Sprintf("setup %s seed %d", side.Letter(), seed))
			line, ok := engines[i].waitFor("setup ", 20*time.Second)
			f := strings.Fields(line)
			if !ok || len(f) != 3 {
				return nil, "", "", fmt.Errorf("%s: no answer to the setup command", sides[i].command)
			}
			st, err := stratego.ParseSetup(side, f[2])
			if err != nil {
				return nil, "", "", fmt.Errorf("%s: illegal setup %q: %v", sides[i].command, f[2], err)
			}
			setups[i] = st
		}
	}
	start := stratego.NewStart(setups[0], setups[1], stratego.Volcandria)
	g := stratego.NewGame(start)
	views := map[string]string{}
	for i := range 2 {
		side := stratego.Side(i)
		v := start.View(side)
		views[string(side.Letter())] = v.String()
	}
	goArgs := map[string]string{"v": sides[0].goArgs, "e": sides[1].goArgs}
	r := referee{game: g, engines: map[string]*uciProcess{"v": engines[0], "e": engines[1]},
		startFor: func(p string) string { return views[p] }, goFor: func(p string) string { return goArgs[p] }, maxPlies: maxPlies}
	result, reason := twoPlayerResult(r.play(), "v")
	return g, result, reason, nil
}
