package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"tempest/tuning/levels"
	"tempest/variants"
	"tempest/variants/chessmate"
)

// varmatch plays matches in a variant between two UCI engine processes.
// The referee is the variant's own Game, in this process: it deals, checks
// every move and judges the end. Engines receive the start position and
// the moves played, as in chess.
func varMatchCommand(args []string) int {
	fs := flag.NewFlagSet("varmatch", flag.ContinueOnError)
	variant := fs.String("variant", chessmate.Name, "variant: chessmate")
	games := fs.Int("games", 10, "games to play (colors alternate)")
	engine1 := fs.String("engine1", "", "first engine command (default: this binary, \"tempest-dev uci\")")
	engine2 := fs.String("engine2", "", "second engine command (default: this binary, \"tempest-dev uci\")")
	var opts1, opts2 optionList
	fs.Var(&opts1, "option1", "engine 1 option NAME=VALUE (repeatable)")
	fs.Var(&opts2, "option2", "engine 2 option NAME=VALUE (repeatable)")
	goCmd := fs.String("go", "movetime 200", "the go command's parameters for every move")
	go1 := fs.String("go1", "", "engine 1 go parameters (default: -go)")
	go2 := fs.String("go2", "", "engine 2 go parameters (default: -go)")
	seed := fs.Uint64("seed", 1, "first deal's seed (game i uses seed+i/2, both colors)")
	maxPlies := fs.Int("max-plies", 400, "games reaching this many plies are drawn")
	pgnFile := fs.String("pgn", "", "append the games as PGN to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *variant != chessmate.Name {
		fmt.Fprintf(os.Stderr, "varmatch: unknown variant %q\n", *variant)
		return 2
	}
	if *go1 == "" {
		*go1 = *goCmd
	}
	if *go2 == "" {
		*go2 = *goCmd
	}
	self := selfUCI()
	if *engine1 == "" {
		*engine1 = self
	}
	if *engine2 == "" {
		*engine2 = self
	}
	var pgn io.Writer
	if *pgnFile != "" {
		f, err := os.OpenFile(*pgnFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "varmatch:", err)
			return 1
		}
		defer f.Close()
		pgn = f
	}
	var wins, draws, losses int // from engine 1's point of view
	reasons := map[string]int{}
	for i := 0; i < *games; i++ {
		first := i%2 == 0 // engine 1 plays White in even games
		white, black := *engine1, *engine2
		wOpts, bOpts := opts1, opts2
		wGo, bGo := *go1, *go2
		if !first {
			white, black, wOpts, bOpts, wGo, bGo = black, white, bOpts, wOpts, bGo, wGo
		}
		deal, err := chessmate.Deal(chessmate.ShuffledDeck(*seed + uint64(i/2)))
		if err != nil {
			fmt.Fprintln(os.Stderr, "varmatch:", err)
			return 1
		}
		g := chessmate.NewGame(deal)
		result, reason, err := playVariantGame(g, [2]string{white, black}, [2]optionList{wOpts, bOpts}, [2]string{wGo, bGo}, *maxPlies)
		if err != nil {
			fmt.Fprintln(os.Stderr, "varmatch:", err)
			return 1
		}
		score := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[result]
		if !first {
			score = 1 - score
		}
		switch score {
		case 1:
			wins++
		case 0:
			losses++
		default:
			draws++
		}
		reasons[reason]++
		if pgn != nil {
			r := g.Record()
			r.SetTag("White", white)
			r.SetTag("Black", black)
			r.SetTag("Result", result)
			r.SetTag("Termination", reason)
			r.Result = result
			fmt.Fprintln(pgn, r.Write(1, false))
		}
		fmt.Printf("game %d: %s (%s) | engine1 +%d =%d -%d\n", i+1, result, reason, wins, draws, losses)
	}
	n := float64(wins + draws + losses)
	score := (float64(wins) + 0.5*float64(draws)) / n
	elo, margin := eloWithMargin(wins, draws, losses)
	fmt.Printf("engine1 vs engine2: +%d =%d -%d, score %.3f, Elo %+.0f +/- %.0f (95%%)\n", wins, draws, losses, score, elo, margin)
	for r, c := range reasons {
		fmt.Printf("  %4d %s\n", c, r)
	}
	return 0
}

// playVariantGame plays one game; an engine that answers an illegal move,
// no move, or crashes loses.
func playVariantGame(g *chessmate.Game, cmds [2]string, opts [2]optionList, goArgs [2]string, maxPlies int) (result, reason string, err error) {
	var engines [2]*uciProcess
	for i := range engines {
		engines[i], err = startUCI(cmds[i], append([]string{"UCI_Variant=" + chessmate.Name}, opts[i]...))
		if err != nil {
			return "", "", err
		}
		defer engines[i].close()
	}
	start := g.Start()
	r := referee{game: g, engines: map[string]*uciProcess{"w": engines[0], "b": engines[1]},
		startFor: func(string) string { return start }, goFor: func(p string) string {
			if p == "b" {
				return goArgs[1]
			}
			return goArgs[0]
		}, maxPlies: maxPlies}
	result, reason = twoPlayerResult(r.play(), "w")
	return result, reason, nil
}

// uciProcess is an engine child process spoken to over UCI.
type uciProcess struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startUCI(command string, options []string) (*uciProcess, error) {
	fields := strings.Fields(command)
	cmd := exec.Command(fields[0], fields[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &uciProcess{cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	p.send("uci")
	if _, ok := p.waitFor("uciok", 20*time.Second); !ok {
		p.close()
		return nil, fmt.Errorf("%s: no uciok", command)
	}
	for _, o := range options {
		name, value, _ := strings.Cut(o, "=")
		p.send("setoption name " + name + " value " + value)
	}
	p.send("ucinewgame")
	p.send("isready")
	if _, ok := p.waitFor("readyok", 20*time.Second); !ok {
		p.close()
		return nil, fmt.Errorf("%s: no readyok", command)
	}
	return p, nil
}

func (p *uciProcess) send(line string) { io.WriteString(p.in, line+"\n") }

// waitFor reads lines until one starts with prefix; false on timeout or exit.
func (p *uciProcess) waitFor(prefix string, limit time.Duration) (string, bool) {
	deadline := time.After(limit)
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", false
			}
			if strings.HasPrefix(line, prefix) {
				return line, true
			}
		case <-deadline:
			return "", false
		}
	}
}

func (p *uciProcess) close() {
	p.send("quit")
	p.in.Close()
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		p.cmd.Process.Kill()
	}
}

// optionList collects repeated NAME=VALUE flags.
type optionList []string

func (o *optionList) String() string     { return strings.Join(*o, ",") }
func (o *optionList) Set(v string) error { *o = append(*o, v); return nil }

// eloWithMargin converts a W/D/L record into an Elo difference and the 95%
// error margin, with scores kept inside (0, 1) so both stay finite.
func eloWithMargin(w, d, l int) (elo, margin float64) {
	if w+d+l == 0 {
		return 0, 0
	}
	s, half := levels.ScoreInterval(w, d, l)
	toElo := func(x float64) float64 { return levels.ScoreToElo(min(max(x, 1e-6), 1-1e-6)) }
	return toElo(s), (toElo(s+half) - toElo(s-half)) / 2
}

var _ variants.Rules = (*chessmate.Game)(nil)
