package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"tempest/variants/chameleon"
)

// chamatch plays Chameleon Chess games between 2 to 4 UCI engine processes,
// one per seat. The referee is the chameleon Game in this process: it
// checks every move and judges the end. Seats rotate over the colours from
// game to game, and each group of rotations starts from the same opening
// (a few random plies drawn from the seed), so no engine profits from its
// seat. Engines get "position fen <start> moves ..." and "go <params>".
func chameleonMatchCommand(args []string) int {
	fs := flag.NewFlagSet("chamatch", flag.ContinueOnError)
	players := fs.Int("players", 4, "number of players, 2 to 4")
	colours := fs.String("colours", "", "the colours that play (default: ry for 2, rby for 3, rgyb for 4)")
	games := fs.Int("games", 8, "games to play (seats rotate every game)")
	var engines [4]string
	var options [4]optionList
	var goParams [4]string
	goAll := fs.String("go", "movetime 100", "the go command's parameters for every seat")
	for i := range engines {
		fs.StringVar(&engines[i], fmt.Sprintf("engine%d", i+1), "", fmt.Sprintf("engine %d command (default: this binary, \"tempest-dev uci\")", i+1))
		fs.Var(&options[i], fmt.Sprintf("option%d", i+1), fmt.Sprintf("engine %d option NAME=VALUE (repeatable)", i+1))
		fs.StringVar(&goParams[i], fmt.Sprintf("go%d", i+1), "", fmt.Sprintf("engine %d go parameters (default: -go)", i+1))
	}
	tc := fs.String("tc", "", "clock per player as seconds+increment (e.g. 10+0.1): the driver sends \"go time T inc I\" and a flag fall loses")
	seed := fs.Uint64("seed", 1, "seed of the random openings")
	randomPlies := fs.Int("random-plies", 4, "random plies played by the driver before the engines take over")
	maxPlies := fs.Int("max-plies", 1000, "games reaching this many plies are drawn")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	pgnFile := fs.String("pgn", "", "append the games as PGN to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *players < 2 || *players > 4 {
		fmt.Fprintln(os.Stderr, "chamatch: -players must be 2, 3 or 4")
		return 2
	}
	if *colours == "" {
		*colours = map[int]string{2: "ry", 3: "rby", 4: "rgyb"}[*players]
	}
	set, err := chameleon.ParsePlayers(*colours)
	if err != nil || len(*colours) != *players {
		fmt.Fprintf(os.Stderr, "chamatch: -colours %q must name %d distinct colours of r, g, y, b\n", *colours, *players)
		return 2
	}
	start, _ := chameleon.StartPosition(set)
	var clock *matchClock
	if *tc != "" {
		if clock, err = parseClock(*tc); err != nil {
			fmt.Fprintln(os.Stderr, "chamatch:", err)
			return 2
		}
	}
	self := selfUCI()
	var seats []seat
	for i := 0; i < *players; i++ {
		s := seat{name: fmt.Sprintf("engine%d", i+1), command: engines[i], options: options[i], goParams: goParams[i]}
		if s.command == "" {
			s.command = self
		}
		if s.goParams == "" {
			s.goParams = *goAll
		}
		if clock != nil {
			s.goParams = "time T inc I, clock " + *tc // the summary names what was played
		}
		seats = append(seats, s)
	}
	var pgn io.Writer
	if *pgnFile != "" {
		f, err := os.OpenFile(*pgnFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "chamatch:", err)
			return 1
		}
		defer f.Close()
		pgn = f
	}
	order := cycleColours(set)
	m := &match{seats: seats, order: order, start: start, clock: clock, maxPlies: *maxPlies, pgn: pgn,
		tally: make([]tally, len(seats)), reasons: map[string]int{}}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(*concurrency, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				// Game i: seat j plays colour order[(j+i) mod n]; the opening
				// is shared by the n games of one rotation.
				opening := randomOpening(start, *randomPlies, *seed+uint64(i/len(order)))
				if err := m.play(i, opening); err != nil {
					fmt.Fprintln(os.Stderr, "chamatch:", err)
				}
			}
		}()
	}
	for i := 0; i < *games; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	m.summary()
	return 0
}

type seat struct {
	name, command, goParams string
	options                 optionList
}

// tally is one engine's record: a win is being the last player standing;
// a draw is sharing a drawn game while still having pawns; anything else is
// a loss. Points: 1 a win, 1/n a draw shared by n players.
type tally struct {
	wins, draws, losses int
	points              float64
	byColour            [4][3]int // wins, draws, losses by colour
}

type match struct {
	seats    []seat
	order    []chameleon.Color // the playing colours in turn order
	start    *chameleon.Position
	clock    *matchClock
	maxPlies int
	pgn      io.Writer

	mu      sync.Mutex
	played  int
	tally   []tally
	reasons map[string]int
}

// cycleColours lists the colours of set in turn order (red, blue, yellow, green).
func cycleColours(set uint8) []chameleon.Color {
	var out []chameleon.Color
	for _, c := range chameleon.CycleOrder {
		if set>>c&1 != 0 {
			out = append(out, c)
		}
	}
	return out
}

// randomOpening plays plies random moves from start, with a generator drawn
// from seed; it stops early if the game ends.
func randomOpening(start *chameleon.Position, plies int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 0x0AE1))
	g := chameleon.NewGame(start)
	for i := 0; i < plies; i++ {
		legal := g.Legal()
		if len(legal) == 0 {
			break
		}
		if _, err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			break
		}
	}
	return g.Actions()
}

// play plays game i and records it.
func (m *match) play(i int, opening []string) error {
	n := len(m.order)
	seatOf := map[chameleon.Color]int{}
	for j := range m.seats {
		seatOf[m.order[(j+i)%n]] = j
	}
	g := chameleon.NewGame(m.start)
	for _, tok := range opening {
		if _, err := g.Play(tok); err != nil {
			return fmt.Errorf("opening move %s: %v", tok, err)
		}
	}
	procs := make(map[chameleon.Color]*uciProcess)
	for c, j := range seatOf {
		p, err := startUCI(m.seats[j].command, append([]string{"UCI_Variant=" + chameleon.Name}, m.seats[j].options...))
		if err != nil {
			for _, q := range procs {
				q.close()
			}
			return err
		}
		procs[c] = p
	}
	defer func() {
		for _, p := range procs {
			p.close()
		}
	}()
	result, reason, forfeit := m.run(g, procs, seatOf)
	m.record(i, g, seatOf, result, reason, forfeit)
	return nil
}

// run lets the engines play until the game ends. A seat that stalls,
// crashes, answers an illegal move or runs out of time forfeits: the game
// stops there (forfeit names its colour).
func (m *match) run(g *chameleon.Game, procs map[chameleon.Color]*uciProcess, seatOf map[chameleon.Color]int) (result, reason string, forfeit chameleon.Color) {
	start := g.Start()
	engines := map[string]*uciProcess{}
	for c, p := range procs {
		engines[c.String()] = p
	}
	r := referee{game: g, engines: engines, startFor: func(string) string { return start }, clock: m.clock, maxPlies: m.maxPlies,
		goFor: func(p string) string {
			c, _ := chameleon.ColorFromLetter(p[0])
			return m.seats[seatOf[c]].goParams
		}}
	o := r.play()
	switch {
	case o.forfeit != "":
		c, _ := chameleon.ColorFromLetter(o.forfeit[0])
		return chameleon.DrawResult, "forfeit " + o.forfeit + ": " + o.reason, c
	case o.result == "":
		return chameleon.DrawResult, o.reason, chameleon.NoColor
	}
	return o.result, o.reason, chameleon.NoColor
}

// record adds a finished game to the tallies and the PGN file, and prints it.
func (m *match) record(i int, g *chameleon.Game, seatOf map[chameleon.Color]int, result, reason string, forfeit chameleon.Color) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.played++
	m.reasons[reason]++
	pos := g.Pos()
	sharing := 0
	for c := range seatOf {
		if pos.Has(c) && c != forfeit {
			sharing++
		}
	}
	var line strings.Builder
	fmt.Fprintf(&line, "game %d: ", i+1)
	for _, c := range m.order {
		j := seatOf[c]
		t := &m.tally[j]
		outcome := 2 // loss
		switch {
		case result == c.String():
			outcome = 0
			t.wins++
			t.points++
		case result == chameleon.DrawResult && pos.Has(c) && c != forfeit:
			outcome = 1
			t.draws++
			t.points += 1 / float64(max(sharing, 1))
		default:
			t.losses++
		}
		t.byColour[c][outcome]++
		fmt.Fprintf(&line, "%s=%s%s ", c, m.seats[j].name, [3]string{"(won)", "(drew)", ""}[outcome])
	}
	fmt.Fprintf(&line, "| %s (%s) in %d plies", result, reason, len(g.Actions()))
	fmt.Println(line.String())
	if m.pgn != nil {
		r := g.Record()
		for c, j := range seatOf {
			r.SetTag(chameleon.PlayerTag(c), m.seats[j].name+": "+m.seats[j].command+" "+strings.Join(m.seats[j].options, " "))
		}
		r.SetTag("Round", strconv.Itoa(i+1))
		r.SetTag("Result", result)
		r.SetTag("Termination", reason)
		r.Result = result
		fmt.Fprintln(m.pgn, chameleon.WriteRecord(r))
	}
}

// summary prints each engine's record.
func (m *match) summary() {
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Printf("%d games, %d players (%s)\n", m.played, len(m.order), colourLetters(m.order))
	for j, s := range m.seats {
		t := m.tally[j]
		n := max(t.wins+t.draws+t.losses, 1)
		p, lo, hi := winRate(t.wins, n)
		fmt.Printf("%s (%s %s; go %s): +%d =%d -%d, wins %.1f%% (95%% interval %.1f%% to %.1f%%), points %.1f (%.1f%%)\n",
			s.name, s.command, strings.Join(s.options, " "), s.goParams, t.wins, t.draws, t.losses, 100*p, 100*lo, 100*hi,
			t.points, 100*t.points/float64(n))
		for _, c := range m.order {
			b := t.byColour[c]
			fmt.Printf("    as %s: +%d =%d -%d\n", c, b[0], b[1], b[2])
		}
	}
	for r, c := range m.reasons {
		fmt.Printf("  %4d %s\n", c, r)
	}
}

// winRate is the share of games won and its 95% interval. The Wilson
// interval is used because a strong engine wins nearly every game, where the
// normal approximation would claim a zero error bar.
func winRate(wins, games int) (p, lo, hi float64) {
	if games <= 0 {
		return 0, 0, 1
	}
	const z = 1.96
	n := float64(games)
	p = float64(wins) / n
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return p, max(centre-half, 0), min(centre+half, 1)
}

func colourLetters(cs []chameleon.Color) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(c.String())
	}
	return b.String()
}

// matchClock is a time control: base time and increment per move.
type matchClock struct{ base, inc time.Duration }

func parseClock(s string) (*matchClock, error) {
	base, inc, _ := strings.Cut(s, "+")
	b, err1 := strconv.ParseFloat(base, 64)
	i := 0.0
	var err2 error
	if inc != "" {
		i, err2 = strconv.ParseFloat(inc, 64)
	}
	if err1 != nil || err2 != nil || b <= 0 || i < 0 {
		return nil, fmt.Errorf("-tc %q is not seconds+increment such as 10+0.1", s)
	}
	return &matchClock{time.Duration(b * float64(time.Second)), time.Duration(i * float64(time.Second))}, nil
}
