package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tempest/game"
	"tempest/games"
	"tempest/kit"
	"tempest/rules"
	"tempest/tuning/levels"
)

// maxSeats is the most engines a match seats.
const maxSeats = 4

// matchCommand plays any registered game between 2 to 4 UCI engine
// processes, one per seat, from what the game declares (game.Properties):
// its sides, whether a side sees only its view, its start words. The
// referee is the game's rules service in this process. Seats rotate over
// the sides from game to game, and the games of one rotation share their
// opening, so each engine plays each side of each opening.
func matchCommand(args []string) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	variant := fs.String("variant", "chess", "the game: "+strings.Join(games.Names(), ", "))
	nGames := fs.Int("games", 10, "games to play at most; a multiple of the seats gives every engine every side equally often")
	players := fs.Int("players", 0, "seats, 2 to 4 (default: as many as the start seats; choose who plays with -start)")
	var engines [maxSeats]string
	var options [maxSeats]optionList
	var goParams [maxSeats]string
	for i := range maxSeats {
		k := i + 1
		fs.StringVar(&engines[i], fmt.Sprint("engine", k), "", fmt.Sprintf("engine %d's command (default: this binary, \"tempest-dev uci\")", k))
		fs.Var(&options[i], fmt.Sprint("option", k), fmt.Sprintf("engine %d's option NAME=VALUE (repeatable)", k))
		fs.StringVar(&goParams[i], fmt.Sprint("go", k), "", fmt.Sprintf("engine %d's go parameters (default: -go)", k))
	}
	goAll := fs.String("go", "movetime 100", "the go parameters of every seat; with -tc, words sent after the clock (a game's own go words)")
	tc := fs.String("tc", "", "a running clock per side, seconds+increment (e.g. 10+0.1): a side whose clock falls below zero loses")
	start := fs.String("start", "", "the words after \"position startpos\", {seed} standing for the opening's seed (default: \"seed {seed}\" when the game takes a seed word)")
	randomPlies := fs.Int("random-plies", -1, "random legal actions played from the opening's seed before the engines take over (-1: 0 when -start holds {seed}, which varies the start itself, else 4)")
	seed := fs.Uint64("seed", 1, "the first opening's seed; rotation r uses seed+r")
	maxPlies := fs.Int("max-plies", 1000, "games reaching this many plies are drawn")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	pgnFile := fs.String("pgn", "", "append the games as PGN to this file")
	sprtFlag := fs.String("sprt", "", "elo0,elo1[,alpha,beta]: with two seats, stop when the test over game pairs accepts a hypothesis")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	m, err := newMatch(matchFlags{variant: *variant, games: *nGames, players: *players, engines: engines, options: options,
		goParams: goParams, goAll: *goAll, tc: *tc, start: *start, randomPlies: *randomPlies, seed: *seed, maxPlies: *maxPlies,
		concurrency: *concurrency, sprt: *sprtFlag, set: set, rest: fs.Args()})
	if err != nil {
		fmt.Fprintln(os.Stderr, "match:", err)
		return 2
	}
	if *pgnFile != "" {
		f, err := os.OpenFile(*pgnFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(os.Stderr, "match:", err)
			return 1
		}
		defer f.Close()
		m.pgn = f
	}
	m.run(*nGames, *concurrency)
	if m.played > 0 {
		m.summary()
	}
	if m.failed != nil {
		fmt.Fprintln(os.Stderr, "match:", m.failed)
		return 1
	}
	return 0
}

// matchFlags are the flags as given; set names those given explicitly.
type matchFlags struct {
	variant                            string
	games, players                     int
	engines                            [maxSeats]string
	options                            [maxSeats]optionList
	goParams                           [maxSeats]string
	goAll, tc, start, sprt             string
	randomPlies, maxPlies, concurrency int
	seed                               uint64
	set                                map[string]bool
	rest                               []string
}

// seat is one engine of the match.
type seat struct {
	name, command, goParams string
	options                 optionList
}

// tally is one seat's record: points are 1 a win, 1/n a draw shared by
// n sides, 0 a loss.
type tally struct {
	wins, draws, losses int
	points              float64
	bySide              map[string]*[3]int // wins, draws, losses by side
}

// opening is what the games of one rotation share: their start words,
// start position and the random actions played from it.
type opening struct {
	words   []string
	start   string
	actions []string
}

// match is one match: its settings, then (under mu) its progress.
type match struct {
	variant  game.Variant
	props    game.Properties
	settings game.Settings
	seats    []seat
	sides    []string // the sides that play, in turn order; game i seats seat j on sides[(i+j) mod n]
	// startWords may hold "{seed}"; randomPlies are played from each opening.
	startWords  []string
	randomPlies int
	seed        uint64
	clock       *clockSpec
	clockText   string
	maxPlies    int
	pgn         io.Writer
	out         io.Writer // the game lines and the summary
	sprt        *sprt

	mu       sync.Mutex
	openings map[int]*opening
	played   int
	tally    []tally
	reasons  map[string]int
	pairs    [5]int          // two seats: pairs by engine 1's points times 2
	halves   map[int]float64 // two seats: engine 1's points in the rotations with one game played
	llr      float64
	stopped  bool  // the SPRT decided: no more games start
	failed   error // the referee could not go on: no more games start
}

// newMatch checks the flags and sets the match up.
func newMatch(f matchFlags) (*match, error) {
	if len(f.rest) > 0 {
		return nil, fmt.Errorf("match takes flags only, not %q", f.rest[0])
	}
	v := games.ByName(f.variant)
	if v == nil {
		return nil, fmt.Errorf("-variant %q is not a game (want one of %s)", f.variant, strings.Join(games.Names(), ", "))
	}
	switch {
	case f.games < 1:
		return nil, fmt.Errorf("-games %d: want at least 1", f.games)
	case f.concurrency < 1:
		return nil, fmt.Errorf("-concurrency %d: want at least 1", f.concurrency)
	case f.maxPlies < 1:
		return nil, fmt.Errorf("-max-plies %d: want at least 1", f.maxPlies)
	case f.randomPlies < -1 || f.randomPlies >= f.maxPlies:
		return nil, fmt.Errorf("-random-plies %d: want 0 or more, below -max-plies %d", f.randomPlies, f.maxPlies)
	case f.players != 0 && (f.players < 2 || f.players > maxSeats):
		return nil, fmt.Errorf("-players %d: want 2, 3 or 4", f.players)
	}
	m := &match{variant: v, props: v.Properties(), settings: game.Settings{Own: games.DefaultOwn()}, seed: f.seed, out: os.Stdout,
		maxPlies: f.maxPlies, openings: map[int]*opening{}, reasons: map[string]int{}, halves: map[int]float64{}}
	m.startWords = strings.Fields(f.start)
	if !f.set["start"] && slices.ContainsFunc(m.props.StartWords, func(w game.Word) bool { return w.Name == "seed" }) {
		m.startWords = []string{"seed", "{seed}"}
	}
	m.randomPlies = f.randomPlies
	if m.randomPlies < 0 {
		m.randomPlies = 4
		if slices.Contains(m.startWords, "{seed}") {
			m.randomPlies = 0 // the seed varies the start itself
		}
	}
	op, err := m.makeOpening(0)
	if err != nil {
		return nil, err
	}
	m.openings[0] = op
	if again, err := m.variant.Start(op.words, m.settings); err != nil || again.Start() != op.start {
		return nil, fmt.Errorf("-start %q gives another start position each time; give a seed (for instance {seed}) so that every side plays the same start (its words: %s)",
			strings.Join(m.startWords, " "), startWordsHelp(m.props))
	}
	if m.sides, err = m.seatedSides(op.words); err != nil {
		return nil, err
	}
	n := len(m.sides)
	if f.players != 0 && f.players != n {
		return nil, fmt.Errorf("-players %d: the %s start %q seats %d (%s); choose who plays with -start (its words: %s)",
			f.players, v.Name(), strings.Join(op.words, " "), n, strings.Join(m.sides, " "), startWordsHelp(m.props))
	}
	if n < 2 || n > maxSeats {
		return nil, fmt.Errorf("the %s start %q seats %d sides (%s); a match seats 2 to 4", v.Name(), strings.Join(op.words, " "), n, strings.Join(m.sides, " "))
	}
	if f.tc != "" {
		base, inc, err := parseClock(f.tc)
		if err != nil {
			return nil, err
		}
		// A game that declares the mover's clock reads it from time and inc;
		// the others get UCI's two clocks, which is all a two-player engine knows.
		m.clock = &clockSpec{base: base, inc: inc, moverOnly: n > 2 || m.props.Clocks == kit.MoverClock}
		if !m.clock.moverOnly {
			m.clock.order = [2]string(m.inDeclaredOrder(m.sides))
		}
		m.clockText = "clock " + f.tc
	}
	self := selfUCI()
	for i := range maxSeats {
		k := i + 1
		given := f.set[fmt.Sprint("engine", k)] || f.set[fmt.Sprint("option", k)] || f.set[fmt.Sprint("go", k)]
		if i >= n {
			if given {
				return nil, fmt.Errorf("-engine%d, -option%d or -go%d given, but the %s start seats %d", k, k, k, v.Name(), n)
			}
			continue
		}
		s := seat{name: fmt.Sprint("engine", k), command: f.engines[i], options: f.options[i], goParams: f.goParams[i]}
		if !f.set[fmt.Sprint("engine", k)] {
			s.command = self
		}
		if len(strings.Fields(s.command)) == 0 {
			return nil, fmt.Errorf("-engine%d is empty", k)
		}
		goSet := f.set[fmt.Sprint("go", k)]
		if !goSet {
			s.goParams = f.goAll
		}
		if err := checkGo(s.goParams, m.clock != nil, goSet || f.set["go"], k); err != nil {
			return nil, err
		}
		if m.clock != nil && !goSet && !f.set["go"] {
			s.goParams = "" // -go's default is a limit; the clock replaces it
		}
		m.seats = append(m.seats, s)
	}
	m.tally = make([]tally, n)
	for j := range m.tally {
		m.tally[j].bySide = map[string]*[3]int{}
		for _, side := range m.sides {
			m.tally[j].bySide[side] = &[3]int{}
		}
	}
	if f.sprt != "" {
		if n != 2 {
			return nil, fmt.Errorf("-sprt needs two seats, not %d", n)
		}
		t, err := parseSPRT(f.sprt)
		if err != nil {
			return nil, err
		}
		m.sprt = &t
	}
	if f.games%n != 0 {
		fmt.Fprintf(os.Stderr, "match: note: -games %d is not a multiple of the %d seats; the last rotation is cut short\n", f.games, n)
	}
	return m, nil
}

// checkGo checks a seat's go parameters: without a clock they must end a
// search; with one, explicit words must not set a limit of their own.
func checkGo(params string, clock, explicit bool, k int) error {
	words := strings.Fields(params)
	if !clock {
		if kit.Unending(words) {
			return fmt.Errorf("engine %d's go parameters %q set no limit that ends a search (give depth, nodes, movetime or a clock, or -tc)", k, params)
		}
		return nil
	}
	if !explicit {
		return nil
	}
	for _, w := range words {
		if kit.IsGoKeyword(w) {
			return fmt.Errorf("engine %d's go parameters %q: %q sets a limit, which -tc's clock sets (give only a game's own words)", k, params, w)
		}
	}
	return nil
}

// startWordsHelp lists the game's start words for an error message.
func startWordsHelp(p game.Properties) string {
	if len(p.StartWords) == 0 {
		return "none"
	}
	var parts []string
	for _, w := range p.StartWords {
		parts = append(parts, w.Name+" "+w.Arg)
	}
	return strings.Join(parts, "; ")
}

// makeOpening makes rotation r's opening: the start from the words, with
// {seed} replaced by the rotation's seed, and the random actions drawn
// from that seed. The generator is that of the old Chameleon referee, so
// its openings are played again from the same seeds.
func (m *match) makeOpening(r int) (*opening, error) {
	seed := m.seed + uint64(r)
	words := make([]string, len(m.startWords))
	for i, w := range m.startWords {
		words[i] = strings.ReplaceAll(w, "{seed}", strconv.FormatUint(seed, 10))
	}
	g, err := m.variant.Start(words, m.settings)
	if err != nil {
		return nil, fmt.Errorf("-start %q: %v", strings.Join(words, " "), err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x0AE1))
	for range m.randomPlies {
		legal := g.Legal()
		if g.Status().Over || len(legal) == 0 {
			break
		}
		a := legal[rng.IntN(len(legal))]
		if _, err := g.Play(a); err != nil {
			return nil, fmt.Errorf("random opening action %s: %v", a, err)
		}
	}
	return &opening{words: words, start: g.Start(), actions: g.Actions()}, nil
}

// opening returns rotation r's opening, made once.
func (m *match) opening(r int) (*opening, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if op, ok := m.openings[r]; ok {
		return op, nil
	}
	op, err := m.makeOpening(r)
	if err == nil {
		m.openings[r] = op
	}
	return op, err
}

// seatedSides finds who plays a game started from words: the sides the
// game gives the move to in its first plies, in that order (the game
// says who plays only by playing).
func (m *match) seatedSides(words []string) ([]string, error) {
	g, err := m.variant.Start(words, m.settings)
	if err != nil {
		return nil, fmt.Errorf("-start %q: %v", strings.Join(words, " "), err)
	}
	var sides []string
	for range 2 * len(m.props.Sides) {
		st := g.Status()
		if st.Over {
			break
		}
		if !slices.Contains(sides, st.ToMove) {
			sides = append(sides, st.ToMove)
		}
		legal := g.Legal()
		if len(legal) == 0 {
			break
		}
		if _, err := g.Play(legal[0]); err != nil {
			break
		}
	}
	for _, s := range sides {
		if !slices.Contains(m.props.Sides, s) {
			return nil, fmt.Errorf("the %s game gives the move to %q, which it does not declare among its sides %q", m.variant.Name(), s, m.props.Sides)
		}
	}
	return sides, nil
}

// inDeclaredOrder sorts sides as the game declares them.
func (m *match) inDeclaredOrder(sides []string) []string {
	out := slices.Clone(sides)
	slices.SortFunc(out, func(a, b string) int { return slices.Index(m.props.Sides, a) - slices.Index(m.props.Sides, b) })
	return out
}

// run plays up to n games, c at a time, until the SPRT decides or the
// referee fails.
func (m *match) run(n, c int) {
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if m.done() {
					continue // decided while this game waited
				}
				if err := m.play(i); err != nil {
					m.mu.Lock()
					if m.failed == nil {
						m.failed = fmt.Errorf("game %d: %v", i+1, err)
					}
					m.mu.Unlock()
				}
			}
		}()
	}
	for i := 0; i < n && !m.done(); i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
}

func (m *match) done() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stopped || m.failed != nil
}

// pairing is one game being played: which seat plays which side.
type pairing struct {
	index  int
	seatOf map[string]int // by side
	names  map[string]string
}

// play plays game i and records it.
func (m *match) play(i int) error {
	n := len(m.sides)
	op, err := m.opening(i / n)
	if err != nil {
		return err
	}
	g, err := m.variant.Start(op.words, m.settings)
	if err != nil {
		return err
	}
	if g.Start() != op.start {
		return fmt.Errorf("-start %q gave another start position than for the rotation's first game; give a seed (for instance {seed}) so that both colours play the same start", strings.Join(op.words, " "))
	}
	gm := pairing{index: i, seatOf: map[string]int{}, names: map[string]string{}}
	views := map[string]*sideView{}
	for j := range m.seats {
		side := m.sides[(j+i)%n]
		gm.seatOf[side] = j
		if views[side], err = newSideView(m.variant, m.settings, g, side, m.props.Hidden != game.NothingHidden); err != nil {
			return err
		}
	}
	ref := &referee{game: g, views: views, engines: map[string]*uciProcess{}, clock: m.clock, maxPlies: m.maxPlies,
		goFor: func(side string) string { return m.seats[gm.seatOf[side]].goParams }}
	for _, a := range op.actions {
		mover := g.Status().ToMove
		if _, err := g.Play(a); err != nil {
			return fmt.Errorf("opening action %s: %v", a, err)
		}
		ref.movers = append(ref.movers, mover)
	}
	defer func() {
		for _, p := range ref.engines {
			p.close()
		}
	}()
	for side, j := range gm.seatOf {
		s := m.seats[j]
		p, err := startUCI(s.command, append([]string{"UCI_Variant=" + m.variant.Name()}, s.options...))
		if err != nil {
			return fmt.Errorf("%s: %v", s.name, err)
		}
		ref.engines[side] = p
		gm.names[side] = describeEngine(s, p.name)
	}
	o, err := ref.play()
	if err != nil {
		return err
	}
	return m.record(gm, ref, o)
}

// describeEngine names a seat's engine in the PGN: its seat, its id
// name and its options.
func describeEngine(s seat, id string) string {
	d := s.name + ": " + id
	if len(s.options) > 0 {
		d += " (" + strings.Join(s.options, ", ") + ")"
	}
	return d
}

// verdict is a finished game scored: the winning side ("" for a draw),
// the sides that share a draw, and the result and reason to record.
type verdict struct {
	winner, result, reason string
	sharing                []string
}

// judge scores an outcome. A game's result is a winning side's letter, or
// PGN's "1-0"/"0-1" in a game of two declared sides, or a draw. A forfeit
// loses: with two seats the other side wins, with more the game stops as
// a draw among the others. The ply limit draws. A draw is shared by the
// sides still in the game: those that moved in its last round (a side the
// game skips has left it), a forfeiting side excepted.
func (m *match) judge(ref *referee, o outcome) verdict {
	v := verdict{result: o.result, reason: o.reason}
	two := len(m.props.Sides) == 2
	switch {
	case o.forfeit != "" && len(m.sides) == 2:
		v.winner = m.sides[0]
		if v.winner == o.forfeit {
			v.winner = m.sides[1]
		}
		v.result = v.winner
		if two {
			v.result = map[bool]string{true: rules.WhiteWins, false: rules.BlackWins}[v.winner == m.props.Sides[0]]
		}
		v.reason = "forfeit by " + o.forfeit + ": " + o.reason
	case o.forfeit != "":
		v.result, v.reason = rules.Draw, "forfeit by "+o.forfeit+": "+o.reason
	case o.result == "":
		v.result = rules.Draw
	case slices.Contains(m.sides, o.result):
		v.winner = o.result
	case two && o.result == rules.WhiteWins:
		v.winner = m.props.Sides[0]
	case two && o.result == rules.BlackWins:
		v.winner = m.props.Sides[1]
	}
	if v.winner == "" {
		v.sharing = lastRound(ref.movers, m.sides)
		v.sharing = slices.DeleteFunc(v.sharing, func(s string) bool { return s == o.forfeit })
	}
	return v
}

// lastRound lists the sides that moved since the last mover last moved
// before: the players still in. Without moves it is every side.
func lastRound(movers, sides []string) []string {
	var in []string
	for i := len(movers) - 1; i >= 0 && !slices.Contains(in, movers[i]); i-- {
		in = append(in, movers[i])
	}
	if len(in) == 0 {
		return slices.Clone(sides)
	}
	return in
}

// record adds a finished game to the tallies, the SPRT and the PGN file,
// and prints it.
func (m *match) record(gm pairing, ref *referee, o outcome) error {
	v := m.judge(ref, o)
	text, err := m.recordText(gm, ref.game, v)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.played++
	m.reasons[v.reason]++
	var line strings.Builder
	fmt.Fprintf(&line, "game %d:", gm.index+1)
	for _, side := range m.sides {
		j := gm.seatOf[side]
		t := &m.tally[j]
		kind := 2 // a loss
		switch {
		case v.winner == side:
			kind = 0
			t.points++
		case v.winner == "" && slices.Contains(v.sharing, side):
			kind = 1
			t.points += 1 / float64(len(v.sharing))
		}
		switch kind {
		case 0:
			t.wins++
		case 1:
			t.draws++
		default:
			t.losses++
		}
		t.bySide[side][kind]++
		fmt.Fprintf(&line, " %s=%s%s", side, m.seats[j].name, [3]string{"(won)", "(drew)", ""}[kind])
	}
	fmt.Fprintf(&line, " | %s (%s) in %d plies", v.result, v.reason, len(ref.game.Actions()))
	if len(m.seats) == 2 {
		t := m.tally[0]
		fmt.Fprintf(&line, " | engine1 +%d =%d -%d", t.wins, t.draws, t.losses)
		m.addPairGame(gm, v)
		if m.sprt != nil {
			lower, upper := m.sprt.bounds()
			fmt.Fprintf(&line, " | LLR %.2f (%.2f, %.2f)", m.llr, lower, upper)
		}
	}
	fmt.Fprintln(m.out, line.String())
	if err != nil {
		return err
	}
	if m.pgn != nil {
		fmt.Fprintln(m.pgn, text)
	}
	return nil
}

// addPairGame counts engine 1's points of a two-seat game towards its
// pair and, when the pair is complete, the pentanomial record and the SPRT.
func (m *match) addPairGame(gm pairing, v verdict) {
	points := 0.5
	switch {
	case v.winner == "":
	case gm.seatOf[v.winner] == 0:
		points = 1
	default:
		points = 0
	}
	r := gm.index / 2
	first, ok := m.halves[r]
	if !ok {
		m.halves[r] = points
		return
	}
	delete(m.halves, r)
	m.pairs[int(math.Round(2*(first+points)))]++
	if m.sprt != nil {
		m.llr = m.sprt.llr(m.pairs)
		if m.sprt.verdict(m.llr) != "no decision" {
			m.stopped = true
		}
	}
}

// recordText is the game's PGN with the match's tags, written by the game
// itself after loading it back, so every record is one its game loads.
func (m *match) recordText(gm pairing, g game.Game, v verdict) (string, error) {
	r := g.Record()
	for side, tag := range playerTags(r, m.sides, m.props.Sides) {
		r.SetTag(tag, gm.names[side])
	}
	r.SetTag("Round", strconv.Itoa(gm.index+1))
	r.SetTag("Result", v.result)
	r.SetTag("Termination", v.reason)
	// PGN's markers know two players: a winner named by its letter is in
	// the Result tag, and the movetext ends with "*".
	r.Result = v.result
	if !rules.IsResultMarker(v.result) {
		r.Result = rules.Unfinished
	}
	back, err := m.variant.Load(r, m.settings)
	if err != nil {
		return "", fmt.Errorf("its record does not load back: %v", err)
	}
	return back.RecordText(), nil
}

// playerTags maps the sides to the record's player tags: the tags between
// Round and Result (White and Black; Red, Blue ... in a game that names
// more), by initial when every side is the initial of exactly one, else in
// the order the game declares its sides. Tags that do not fit the seated
// sides give none.
func playerTags(r rules.Record, seated, declared []string) map[string]string {
	var tags []string
	in := false
	for _, t := range r.Tags {
		switch {
		case t[0] == "Round":
			in = true
		case t[0] == "Result":
			in = false
		case in:
			tags = append(tags, t[0])
		}
	}
	out := map[string]string{}
	if len(tags) != len(seated) {
		return out
	}
	for _, side := range seated {
		initial := func(t string) bool { return strings.HasPrefix(strings.ToLower(t), side) }
		i := slices.IndexFunc(tags, initial)
		if i < 0 || slices.ContainsFunc(tags[i+1:], initial) {
			clear(out)
			break
		}
		out[side] = tags[i]
	}
	if len(out) == len(seated) {
		return out
	}
	ordered := slices.Clone(seated)
	slices.SortFunc(ordered, func(a, b string) int { return slices.Index(declared, a) - slices.Index(declared, b) })
	for i, side := range ordered {
		out[side] = tags[i]
	}
	return out
}

// summary prints each engine's record; with two seats also the Elo
// difference, the pairs and the SPRT.
func (m *match) summary() {
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintf(m.out, "%d games of %s, %d seats (%s)\n", m.played, m.variant.Name(), len(m.seats), strings.Join(m.sides, " "))
	for j, s := range m.seats {
		limit := s.goParams
		if m.clock != nil {
			limit = strings.TrimSpace(m.clockText + " " + s.goParams)
		}
		t := m.tally[j]
		games := max(t.wins+t.draws+t.losses, 1)
		p, lo, hi := winRate(t.wins, games)
		fmt.Fprintf(m.out, "%s (%s; go %s): +%d =%d -%d, wins %.1f%% (95%% interval %.1f%% to %.1f%%), points %.1f (%.1f%%)\n",
			s.name, strings.Join(append([]string{s.command}, s.options...), " "), limit, t.wins, t.draws, t.losses,
			100*p, 100*lo, 100*hi, t.points, 100*t.points/float64(games))
		var sides []string
		for _, side := range m.sides {
			b := t.bySide[side]
			sides = append(sides, fmt.Sprintf("as %s +%d =%d -%d", side, b[0], b[1], b[2]))
		}
		fmt.Fprintf(m.out, "    %s\n", strings.Join(sides, ", "))
	}
	if len(m.seats) == 2 {
		t := m.tally[0]
		if n := t.wins + t.draws + t.losses; n > 0 {
			elo, margin := eloWithMargin(t.wins, t.draws, t.losses)
			fmt.Fprintf(m.out, "engine1 vs engine2: +%d =%d -%d, score %.3f, Elo %+.0f +/- %.0f (95%%)\n", t.wins, t.draws, t.losses,
				t.points/float64(n), elo, margin)
		}
		p := m.pairs
		fmt.Fprintf(m.out, "pairs by engine1's points (0, 1/2, 1, 3/2, 2): %d %d %d %d %d\n", p[0], p[1], p[2], p[3], p[4])
		if m.sprt != nil {
			lower, upper := m.sprt.bounds()
			fmt.Fprintf(m.out, "SPRT elo0 %g elo1 %g alpha %g beta %g: LLR %.2f (%.2f, %.2f), %s\n", m.sprt.elo0, m.sprt.elo1,
				m.sprt.alpha, m.sprt.beta, m.llr, lower, upper, m.sprt.verdict(m.llr))
		}
	}
	reasons := make([]string, 0, len(m.reasons))
	for r := range m.reasons {
		reasons = append(reasons, r)
	}
	slices.Sort(reasons)
	for _, r := range reasons {
		fmt.Fprintf(m.out, "  %4d %s\n", m.reasons[r], r)
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

// eloWithMargin converts a W/D/L record into an Elo difference and the 95%
// error margin, with scores kept inside (0, 1) so both stay finite.
func eloWithMargin(w, d, l int) (elo, margin float64) {
	if w+d+l == 0 {
		return 0, 0
	}
	s, half := levels.ScoreInterval(w, d, l)
	toElo := func(x float64) float64 { return levels.ScoreToElo(min(max(x, 1e-6), 1-1e-6)) }
	elo = toElo(s)
	if elo == 0 {
		elo = 0 // an even score gives -0, which prints as "-0"
	}
	return elo, (toElo(s+half) - toElo(s-half)) / 2
}
