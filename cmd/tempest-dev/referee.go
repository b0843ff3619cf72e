package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"tempest/game"
)

// referee plays one game of any registered game between engine processes,
// one per seated side. The game's rules service judges every action.
type referee struct {
	game    game.Game
	engines map[string]*uciProcess // by the side's letter, as Status().ToMove gives it
	views   map[string]*sideView   // what "position" tells each side
	// goFor is a side's "go" parameters: the whole limit without a clock,
	// the words after the clock's with one.
	goFor    func(side string) string
	clock    *clockSpec
	maxPlies int
	// movers are the sides that made the actions the referee saw played,
	// in order (the opening's included).
	movers []string
}

// outcome is how a refereed game ended: the game's result and reason,
// "ply limit" (result empty: the match decides what a draw is), or a
// forfeit by the side that stalled, crashed, answered no move or an
// illegal one, or ran out of time.
type outcome struct {
	result, reason string
	forfeit        string // the forfeiting side's letter, or ""
}

// stallLimit bounds the wait for a bestmove without a clock.
const stallLimit = 60 * time.Second

// play runs the game to its end. An error is the referee's, not a side's:
// the game names a side without a seat, or a side's view cannot be made.
func (r *referee) play() (outcome, error) {
	left := map[string]time.Duration{}
	if r.clock != nil {
		for side := range r.engines {
			left[side] = r.clock.base
		}
	}
	for {
		st := r.game.Status()
		if st.Over {
			return outcome{result: st.Result, reason: st.Reason}, nil
		}
		if len(r.game.Actions()) >= r.maxPlies {
			return outcome{reason: "ply limit"}, nil
		}
		mover := st.ToMove
		e, ok := r.engines[mover]
		if !ok {
			return outcome{}, fmt.Errorf("the game gives the move to %q, which has no seat", mover)
		}
		pos, err := r.views[mover].position(r.game)
		if err != nil {
			return outcome{}, err
		}
		e.send("position " + pos)
		params, wait := r.goFor(mover), stallLimit
		if r.clock != nil {
			params = strings.TrimSpace(r.clock.words(mover, left) + " " + params)
			wait = left[mover] + 5*time.Second
		}
		began := time.Now()
		e.send("go " + params)
		line, ok := e.waitFor("bestmove", wait)
		if !ok {
			return outcome{reason: "engine stalled or crashed", forfeit: mover}, nil
		}
		if r.clock != nil {
			left[mover] -= time.Since(began)
			if left[mover] < 0 {
				return outcome{reason: "time", forfeit: mover}, nil
			}
			left[mover] += r.clock.inc
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return outcome{reason: "no move", forfeit: mover}, nil
		}
		if _, err := r.game.Play(f[1]); err != nil {
			return outcome{reason: "illegal move " + f[1], forfeit: mover}, nil
		}
		r.movers = append(r.movers, mover)
	}
}

// sideView is what "position" tells one side: its start position (its
// own view of it in a game that hides information) and the actions
// played. In a hidden game whose actions, as the rules service writes
// them, do not lead the side's view to the view the referee has of the
// game (card chess: a card drawn from a pile the view only counts), the
// side gets the whole game, start and actions, as the game's own GUIs
// send it: its engine decides from the mover's view (docs/VARIANTS.md,
// "Fairness"), and only the whole record keeps the history that
// repetition and what the mover saw played need.
type sideView struct {
	side   string
	hidden bool
	start  string
	// replay is the side's view of the start with the actions followed
	// so far; nil once they no longer replay on it.
	replay   game.Game
	followed int
}

// newSideView makes side's view of game g at its start. A game that does
// not hide information tells every side the whole start.
func newSideView(v game.Variant, s game.Settings, g game.Game, side string, hidden bool) (*sideView, error) {
	if !hidden {
		return &sideView{side: side, start: g.Start()}, nil
	}
	start, err := g.View(side)
	if err != nil {
		return nil, fmt.Errorf("%s's view of the start: %v", side, err)
	}
	replay, err := v.Parse(start, s)
	if err != nil {
		return nil, fmt.Errorf("%s's view of the start does not parse: %v", side, err)
	}
	return &sideView{side: side, hidden: true, start: start, replay: replay}, nil
}

// position is the argument of "position" for the side in game g now.
func (s *sideView) position(g game.Game) (string, error) {
	moves := g.Actions()
	if s.hidden && s.replay != nil {
		for ; s.followed < len(moves); s.followed++ {
			if s.replay.Follow(moves[s.followed]) != nil {
				s.replay = nil
				break
			}
		}
		if s.replay != nil {
			want, err1 := g.View(s.side)
			got, err2 := s.replay.View(s.side)
			if err1 != nil || err2 != nil || got != want {
				s.replay = nil
			}
		}
	}
	start := s.start
	if s.hidden && s.replay == nil {
		start = g.Start()
	}
	pos := "fen " + start
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	return pos, nil
}

// clockSpec is a running clock per side: base time and increment per
// move. moverOnly sends the mover's clock as "time T inc I"; otherwise
// both clocks go as UCI's "wtime btime winc binc", wtime for order[0].
type clockSpec struct {
	base, inc time.Duration
	moverOnly bool
	order     [2]string
}

func (c *clockSpec) words(mover string, left map[string]time.Duration) string {
	inc := c.inc.Milliseconds()
	if c.moverOnly {
		return fmt.Sprintf("time %d inc %d", left[mover].Milliseconds(), inc)
	}
	return fmt.Sprintf("wtime %d btime %d winc %d binc %d", left[c.order[0]].Milliseconds(), left[c.order[1]].Milliseconds(), inc, inc)
}

// parseClock reads -tc: seconds, optionally "+" and the increment in
// seconds.
func parseClock(s string) (base, inc time.Duration, err error) {
	b, i, _ := strings.Cut(s, "+")
	bs, err1 := strconv.ParseFloat(b, 64)
	is := 0.0
	var err2 error
	if i != "" {
		is, err2 = strconv.ParseFloat(i, 64)
	}
	// The bounds keep the durations finite: a day per game is plenty.
	if err1 != nil || err2 != nil || !(bs > 0 && bs <= 86400) || !(is >= 0 && is <= 3600) {
		return 0, 0, fmt.Errorf("-tc %q is not seconds+increment such as 10+0.1", s)
	}
	return time.Duration(bs * float64(time.Second)), time.Duration(is * float64(time.Second)), nil
}

// uciProcess is an engine child process spoken to over UCI.
type uciProcess struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	name  string // its "id name", or its command
}

// startUCI starts an engine, sets its options (NAME=VALUE) and waits
// until it is ready for a new game.
func startUCI(command string, options []string) (*uciProcess, error) {
	fields := strings.Fields(command)
	if len(fields) == 0 {
		return nil, fmt.Errorf("an empty engine command")
	}
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
	p := &uciProcess{cmd: cmd, in: in, lines: make(chan string, 1024), name: command}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	p.send("uci")
	deadline := time.Now().Add(20 * time.Second)
	for {
		line, ok := p.waitFor("", time.Until(deadline))
		if !ok {
			p.close()
			return nil, fmt.Errorf("%s: no uciok", command)
		}
		if name, found := strings.CutPrefix(line, "id name "); found {
			p.name = strings.TrimSpace(name)
		}
		if strings.TrimSpace(line) == "uciok" {
			break
		}
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
	timer := time.NewTimer(max(limit, 0))
	defer timer.Stop()
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				return "", false
			}
			if strings.HasPrefix(line, prefix) {
				return line, true
			}
		case <-timer.C:
			return "", false
		}
	}
}

// close asks the engine to quit and kills it if it has not within two
// seconds.
func (p *uciProcess) close() {
	p.send("quit")
	p.in.Close()
	go func() {
		for range p.lines { // unread output must not block the reader
		}
	}()
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}

// optionList collects repeated NAME=VALUE flags.
type optionList []string

func (o *optionList) String() string { return strings.Join(*o, ",") }
func (o *optionList) Set(v string) error {
	if name, _, ok := strings.Cut(v, "="); !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("%q is not NAME=VALUE", v)
	}
	*o = append(*o, v)
	return nil
}
