package main

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tempest/game"
	"tempest/games"
	"tempest/variants/stratego"
)

// gameLine is one "game" line of the match's output: the sides' seats,
// the result, the reason and the plies.
var gameLine = regexp.MustCompile(`(?m)^game (\d+): (.*?) \| (\S+) \((.*)\) in (\d+) plies`)

// matchGame is a game line read back.
type matchGame struct {
	seats          map[string]string // engine by side, "(won)"/"(drew)" kept
	result, reason string
	plies          int
}

func readGames(t *testing.T, out string, want int) []matchGame {
	t.Helper()
	lines := gameLine.FindAllStringSubmatch(out, -1)
	require.Len(t, lines, want, out)
	// Games played at once may finish in any order.
	slices.SortFunc(lines, func(a, b []string) int { return cmp.Compare(atoi(a[1]), atoi(b[1])) })
	var gs []matchGame
	for i, l := range lines {
		require.Equal(t, strconv.Itoa(i+1), l[1], "every game once")
		g := matchGame{seats: map[string]string{}, result: l[3], reason: l[4]}
		g.plies = atoi(l[5])
		for _, s := range strings.Fields(l[2]) {
			side, engine, _ := strings.Cut(s, "=")
			g.seats[side] = engine
		}
		gs = append(gs, g)
	}
	return gs
}

// engineOf is the engine of a seat as a game line prints it.
func engineOf(seat string) string {
	return strings.TrimSuffix(strings.TrimSuffix(seat, "(won)"), "(drew)")
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// loggingEngine is this binary's engine behind a script that appends its
// input to a log.
func loggingEngine(t *testing.T, name string) (script, log string) {
	dir := t.TempDir()
	script, log = filepath.Join(dir, name+".sh"), filepath.Join(dir, name+".log")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\ntee -a "+log+" | "+engineBinary+"\n"), 0o755))
	return script, log
}

// faultyEngine speaks UCI but answers "go" with the move a1a1, which no
// game here has, or (crash) exits.
func faultyEngine(t *testing.T, crash bool) string {
	answer := `echo "bestmove a1a1"`
	if crash {
		answer = "exit 1"
	}
	script := filepath.Join(t.TempDir(), "faulty.sh")
	body := "#!/bin/sh\nwhile read -r line; do\n\tcase \"$line\" in\n\tuci) echo \"id name Faulty\"; echo uciok ;;\n" +
		"\tisready) echo readyok ;;\n\tgo*) " + answer + " ;;\n\tquit) exit 0 ;;\n\tesac\ndone\n"
	require.NoError(t, os.WriteFile(script, []byte(body), 0o755))
	return script
}

// inputLines are the lines of an engine's log that start with word.
func inputLines(t *testing.T, log, word string) []string {
	t.Helper()
	text, err := os.ReadFile(log)
	require.NoError(t, err)
	var out []string
	for _, l := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(l, word+" ") {
			out = append(out, l)
		}
	}
	return out
}

// loadAll loads every record of a PGN file through the game's own Load
// and checks it against the printed game: result, reason, plies, round.
func loadAll(t *testing.T, name, pgn string, gs []matchGame) []game.Game {
	t.Helper()
	v := games.ByName(name)
	var out []game.Game
	for i, r := range readRecords(t, pgn, len(gs)) {
		g, err := v.Load(r, game.Settings{Own: games.DefaultOwn()})
		require.NoError(t, err, "game %d reloads", i+1)
		assert.Equal(t, strconv.Itoa(i+1), r.Tag("Round"))
		assert.Equal(t, gs[i].result, r.Tag("Result"), "game %d", i+1)
		assert.Equal(t, gs[i].reason, r.Tag("Termination"), "game %d", i+1)
		assert.Len(t, g.Actions(), gs[i].plies, "game %d", i+1)
		if st := g.Status(); st.Over && !strings.Contains(gs[i].reason, "forfeit") {
			assert.Equal(t, gs[i].result, st.Result, "game %d: the rules' result", i+1)
		}
		out = append(out, g)
	}
	return out
}

// startsFrom checks that every game of a PGN file starts where
// "position startpos <words>" does, and loads back to what was printed.
func startsFrom(t *testing.T, name, words, pgn string, gs []matchGame) {
	t.Helper()
	want, err := games.ByName(name).Start(strings.Fields(words), game.Settings{})
	require.NoError(t, err)
	for i, r := range readRecords(t, pgn, len(gs)) {
		assert.Equal(t, want.Start(), r.Tag("FEN"), "game %d starts from startpos %s", i+1, words)
	}
	loadAll(t, name, pgn, gs)
}

// TestMatchChess plays four short chess games. Engine 1 is White in the
// first game of each pair and Black in the second; both games of a pair
// share their random opening and the pairs differ; the engine is told
// the game and gets the start and the moves; the PGN names the engines
// and loads back to what was printed.
func TestMatchChess(t *testing.T) {
	script, log := loggingEngine(t, "engine1")
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	out, stderr, code := runEngine(t, "", "match", "-variant", "chess", "-games", "4", "-go", "depth 1", "-max-plies", "30",
		"-seed", "3", "-engine1", script, "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	gs := readGames(t, out, 4)
	for i, g := range gs {
		white := map[bool]string{true: "engine1", false: "engine2"}[i%2 == 0]
		assert.Equal(t, white, engineOf(g.seats["w"]), "game %d", i+1)
	}
	assert.Regexp(t, `(?m)^engine1 vs engine2: \+\d+ =\d+ -\d+, score [\d.]+, Elo [-+]\d+ \+/- \d+ \(95%\)$`, out)
	assert.Regexp(t, `(?m)^pairs by engine1's points \(0, 1/2, 1, 3/2, 2\): \d+ \d+ \d+ \d+ \d+$`, out)

	loaded := loadAll(t, "chess", pgn, gs)
	records := readRecords(t, pgn, 4)
	for i, r := range records {
		e1 := map[bool]string{true: "White", false: "Black"}[i%2 == 0]
		assert.True(t, strings.HasPrefix(r.Tag(e1), "engine1: Tempest"), "game %d: %s is engine 1: %q", i+1, e1, r.Tag(e1))
	}
	opening := func(i int) []string { return loaded[i].Actions()[:4] }
	assert.Equal(t, opening(0), opening(1), "one opening per pair")
	assert.Equal(t, opening(2), opening(3), "one opening per pair")
	assert.NotEqual(t, opening(0), opening(2), "each pair its own opening")

	assert.Contains(t, inputLines(t, log, "setoption"), "setoption name UCI_Variant value chess")
	start := "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves "
	for _, l := range inputLines(t, log, "position") {
		require.True(t, strings.HasPrefix(l, start), l)
	}
}

// TestMatchCardChessViews plays two card-chess games from the deal of
// "position startpos seed 5" (the default start words take the seed).
// Engine 1 gets its view of the start (one hand hidden, the draw pile
// only counted) with the moves while they replay on it; once a drawn card
// makes them stop, it gets the whole game, deal and moves, as a GUI sends
// it (its engine decides from the mover's view): never a position without
// the moves that led there.
func TestMatchCardChessViews(t *testing.T) {
	script, log := loggingEngine(t, "engine1")
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	out, stderr, code := runEngine(t, "", "match", "-variant", "chessmate", "-games", "2", "-go", "depth 1", "-option2", "Skill Level=0",
		"-max-plies", "40", "-seed", "5", "-engine1", script, "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	gs := readGames(t, out, 2)
	startsFrom(t, "chessmate", "seed 5", pgn, gs)
	deal, err := games.ByName("chessmate").Start([]string{"seed", "5"}, game.Settings{})
	require.NoError(t, err)

	positions := inputLines(t, log, "position")
	require.NotEmpty(t, positions)
	views, whole := 0, 0
	for _, l := range positions {
		start, moves, _ := strings.Cut(strings.TrimPrefix(l, "position fen "), " moves ")
		if moves == "" {
			assert.False(t, strings.Contains(l, " moves"), "a position without moves is a start: %s", l)
		}
		if start == deal.Start() {
			whole++
			require.NotEmpty(t, moves, "the whole deal is sent only once the view stops replaying: %s", l)
			continue
		}
		views++
		f := strings.Fields(start)
		require.GreaterOrEqual(t, len(f), 11, l)
		own, other, _ := strings.Cut(f[9], "/") // the hands: White's, then Black's
		if !strings.Contains(own, "?") {
			own, other = other, own
		}
		require.Equal(t, strings.Repeat("?,", strings.Count(own, ",")+1), own+",", "one hand hidden: %s", l)
		require.NotContains(t, other, "?", "the other hand its own: %s", l)
		_, err := strconv.Atoi(f[10])
		require.NoError(t, err, "the draw pile only counted: %s", l)
	}
	assert.Positive(t, views, "engine 1 starts from its view")
	t.Logf("%d positions from the view, %d from the whole deal", views, whole)
}

// TestMatchStrategoViews plays two Stratego games. Engine 1 runs behind a
// log, which shows that it only ever receives its own view of the start,
// with the moves; the start is that of "position startpos seed 3", and the
// PGN records reload to the printed results.
func TestMatchStrategoViews(t *testing.T) {
	script, log := loggingEngine(t, "engine1")
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	out, stderr, code := runEngine(t, "", "match", "-variant", "stratego", "-games", "2", "-engine1", script,
		"-option1", "Skill Level=1", "-option2", "Skill Level=0", "-go", "depth 1", "-max-plies", "200", "-seed", "3", "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	gs := readGames(t, out, 2)
	assert.Equal(t, "engine1", engineOf(gs[0].seats["v"]))
	assert.Equal(t, "engine1", engineOf(gs[1].seats["e"]))
	split := regexp.MustCompile(`(?m)^engine1 .*\n    as v \+(\d) =(\d) -(\d), as e \+(\d) =(\d) -(\d)$`).FindStringSubmatch(out)
	require.Len(t, split, 7, out)
	for _, side := range [][]string{split[1:4], split[4:7]} {
		n := 0
		for _, c := range side {
			n += int(c[0] - '0')
		}
		assert.Equal(t, 1, n, "one game on each side: %s", out)
	}
	startsFrom(t, "stratego", "seed 3", pgn, gs)

	positions := inputLines(t, log, "position")
	firsts := 0
	for _, l := range positions {
		f := strings.Fields(l)
		require.GreaterOrEqual(t, len(f), 9, l)
		p, err := stratego.ParsePosition(strings.Join(f[2:9], " "))
		require.NoError(t, err, l)
		viewer, hidden := p.Viewer()
		require.True(t, hidden, "a view, not the whole position: %s", l)
		for sq := stratego.Square(0); sq < 80; sq++ {
			if pc := p.At(sq); pc != stratego.NoPiece && pc.Side() != viewer {
				require.Equal(t, stratego.Unknown, pc.Kind(), "the opponent's pieces start unknown: %s", l)
			}
		}
		if len(f) == 9 {
			firsts++ // only a game's first move comes without moves: they replay on the view
		}
	}
	assert.Greater(t, len(positions), 2)
	assert.LessOrEqual(t, firsts, 2, "every later position carries the moves")
}

// TestMatchChameleonSeats plays three three-player games: a shallow search
// against the greedy and the random tier. Seats rotate over the colours,
// each seat keeps its options and go parameters, the colour tags name the
// engines, and the PGN records reload to the printed results.
func TestMatchChameleonSeats(t *testing.T) {
	pgn := filepath.Join(t.TempDir(), "games.pgn")
	out, stderr, code := runEngine(t, "", "match", "-variant", "chameleon", "-start", "players rby", "-games", "3", "-go", "depth 2",
		"-option2", "Skill Level=1", "-option3", "Skill Level=0", "-go3", "nodes 1", "-seed", "5", "-pgn", pgn)
	require.Equal(t, 0, code, stderr)
	gs := readGames(t, out, 3)
	order := []string{"r", "b", "y"} // the turn order
	for i, g := range gs {
		for j := range 3 {
			// Seat j plays the (i+j)-th colour of the turn order.
			engine := engineOf(g.seats[order[(i+j)%3]])
			assert.Equal(t, fmt.Sprint("engine", j+1), engine, "game %d", i+1)
		}
	}
	assert.Contains(t, out, "3 games of chameleon, 3 seats (r b y)")
	assert.Regexp(t, `(?m)^engine1 \([^;]+; go depth 2\): \+\d+ =\d+ -\d+, wins [\d.]+% \(95% interval [\d.]+% to [\d.]+%\), points [\d.]+`, out)
	assert.Contains(t, out, "Skill Level=1; go depth 2)")
	assert.Contains(t, out, "Skill Level=0; go nodes 1)")

	loadAll(t, "chameleon", pgn, gs)
	tags := map[string]string{"r": "Red", "b": "Blue", "y": "Yellow"}
	for i, r := range readRecords(t, pgn, 3) {
		for side, tag := range tags {
			engine := engineOf(gs[i].seats[side])
			assert.True(t, strings.HasPrefix(r.Tag(tag), engine+": "), "game %d: %s is %s: %q", i+1, tag, engine, r.Tag(tag))
		}
		_, green := r.LookupTag("Green")
		assert.False(t, green, "green does not play")
	}
}

// An engine that answers an illegal move loses the game at once: with two
// seats the other side wins, which the SPRT counts (it stops once the
// test accepts a hypothesis); with three the game stops and the others
// share it. An engine that crashes loses too.
func TestMatchForfeits(t *testing.T) {
	faulty, crashing := faultyEngine(t, false), faultyEngine(t, true)
	for _, c := range []struct{ faultySeat, verdict string }{{"2", "H1 accepted"}, {"1", "H0 accepted"}} {
		pgn := filepath.Join(t.TempDir(), "games.pgn")
		out, stderr, code := runEngine(t, "", "match", "-games", "40", "-go", "depth 1", "-engine"+c.faultySeat, faulty,
			"-sprt", "0,400", "-pgn", pgn)
		require.Equal(t, 0, code, stderr)
		llrs := regexp.MustCompile(`(?m)^game \d+: .* \| LLR (-?[\d.]+) \(-2\.94, 2\.94\)$`).FindAllStringSubmatch(out, -1)
		require.NotEmpty(t, llrs, out)
		require.Less(t, len(llrs), 40, "the SPRT stopped the match: %s", out)
		assert.Zero(t, len(llrs)%2, "it stops after a pair")
		last, _ := strconv.ParseFloat(llrs[len(llrs)-1][1], 64)
		before, _ := strconv.ParseFloat(llrs[len(llrs)-3][1], 64)
		assert.Greater(t, 2.94, abs(before), "not decided a pair earlier")
		assert.LessOrEqual(t, 2.94, abs(last))
		assert.Contains(t, out, c.verdict)
		gs := readGames(t, out, len(llrs))
		for i, g := range gs {
			loser := "engine" + c.faultySeat
			side := map[bool]string{true: "w", false: "b"}[g.seats["w"] == loser]
			assert.Equal(t, "forfeit by "+side+": illegal move a1a1", g.reason, "game %d", i+1)
		}
		loadAll(t, "chess", pgn, gs)
	}

	out, stderr, code := runEngine(t, "", "match", "-variant", "chameleon", "-start", "players rby", "-games", "3", "-go", "depth 1",
		"-engine3", faulty)
	require.Equal(t, 0, code, stderr)
	for i, g := range readGames(t, out, 3) {
		var faultySide string
		for side, e := range g.seats {
			if e == "engine3" {
				faultySide = side
			} else {
				assert.Contains(t, e, "(drew)", "game %d: the others share the game", i+1)
			}
		}
		assert.Equal(t, "1/2-1/2", g.result)
		assert.Equal(t, "forfeit by "+faultySide+": illegal move a1a1", g.reason, "game %d", i+1)
	}
	assert.Regexp(t, `(?m)^engine1 .*: \+0 =3 -0, .*points 1\.5 `, out)
	assert.Regexp(t, `(?m)^engine3 .*: \+0 =0 -3, .*points 0\.0 `, out)

	out, stderr, code = runEngine(t, "", "match", "-variant", "stratego", "-games", "2", "-go", "depth 1", "-engine2", crashing,
		"-concurrency", "2")
	require.Equal(t, 0, code, stderr)
	for i, g := range readGames(t, out, 2) {
		assert.Contains(t, g.reason, ": engine stalled or crashed", "game %d", i+1)
		assert.Contains(t, g.seats[map[bool]string{true: "v", false: "e"}[i == 0]], "engine1(won)", "game %d", i+1)
	}
}

// Games played at once (in this process, so the race detector sees the
// match's goroutines) are all played and counted, each engine on each
// side of each opening.
func TestMatchRunsGamesConcurrently(t *testing.T) {
	f := matchFlags{variant: "chameleon", games: 6, goAll: "depth 1", start: "players ry", randomPlies: -1, seed: 9, maxPlies: 40,
		concurrency: 3, set: map[string]bool{"start": true, "engine1": true, "engine2": true}}
	f.engines[0], f.engines[1] = engineBinary, engineBinary
	m, err := newMatch(f)
	require.NoError(t, err)
	var out bytes.Buffer
	m.out = &out
	m.run(f.games, f.concurrency)
	m.summary()
	require.NoError(t, m.failed)
	gs := readGames(t, out.String(), 6)
	for r := range 3 {
		assert.NotEqual(t, engineOf(gs[2*r].seats["r"]), engineOf(gs[2*r+1].seats["r"]), "rotation %d: each engine red once", r)
	}
	assert.Equal(t, 6, m.played)
	for j, tl := range m.tally {
		assert.Equal(t, 6, tl.wins+tl.draws+tl.losses, "engine %d", j+1)
		for side, b := range tl.bySide {
			assert.Equal(t, 3, b[0]+b[1]+b[2], "engine %d as %s", j+1, side)
		}
	}
	assert.Equal(t, 3, m.pairs[0]+m.pairs[1]+m.pairs[2]+m.pairs[3]+m.pairs[4])
	assert.InDelta(t, 6, m.tally[0].points+m.tally[1].points, 1e-9, "every game gives one point")
}

func abs(x float64) float64 { return max(x, -x) }

// With -tc each side plays on its own running clock: a two-player game
// without its own "time" word gets both clocks as wtime/btime, the first
// move at the full base; Chameleon, which declares "time", gets the
// mover's, followed by -go's words.
func TestMatchClock(t *testing.T) {
	script, log := loggingEngine(t, "engine1")
	_, stderr, code := runEngine(t, "", "match", "-games", "2", "-tc", "2+0.05", "-random-plies", "0", "-max-plies", "6", "-engine1", script)
	require.Equal(t, 0, code, stderr)
	gos := inputLines(t, log, "go")
	require.Len(t, gos, 6, "three moves a game")
	assert.Equal(t, "go wtime 2000 btime 2000 winc 50 binc 50", gos[0])
	clock := regexp.MustCompile(`^go wtime (\d+) btime (\d+) winc 50 binc 50$`)
	for _, g := range gos {
		m := clock.FindStringSubmatch(g)
		require.NotNil(t, m, g)
		for _, ms := range m[1:] {
			n, _ := strconv.Atoi(ms)
			assert.LessOrEqual(t, n, 2100, g)
		}
	}

	script, log = loggingEngine(t, "engine1")
	out, stderr, code := runEngine(t, "", "match", "-variant", "chameleon", "-start", "players ry", "-games", "2", "-tc", "2+0.05",
		"-go", "algorithm paranoid", "-random-plies", "0", "-max-plies", "4", "-engine1", script)
	require.Equal(t, 0, code, stderr)
	gos = inputLines(t, log, "go")
	require.Len(t, gos, 4, "two moves a game")
	assert.Equal(t, "go time 2000 inc 50 algorithm paranoid", gos[0])
	for _, g := range gos {
		assert.Regexp(t, `^go time \d+ inc 50 algorithm paranoid$`, g)
	}
	assert.Contains(t, out, "; go clock 2+0.05 algorithm paranoid)")
}

// Bad flags are refused before any game, naming the problem.
func TestMatchFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-variant", "checkers"}, `-variant "checkers" is not a game (want one of chess, chessmate, chameleon, stratego`},
		{[]string{"-players", "5"}, "-players 5: want 2, 3 or 4"},
		{[]string{"-variant", "chameleon", "-players", "2"}, `-players 2: the chameleon start "" seats 4 (r b y g); choose who plays with -start (its words: players <2 to 4 of rgyb>)`},
		{[]string{"-variant", "chameleon", "-start", "players rq"}, `-start "players rq": startpos`},
		{[]string{"-variant", "chessmate", "-start", ""}, `-start "" gives another start position each time; give a seed`},
		{[]string{"-variant", "stratego", "-engine3", "x"}, "-engine3, -option3 or -go3 given, but the stratego start seats 2"},
		{[]string{"-variant", "chameleon", "-sprt", "0,5"}, "-sprt needs two seats, not 4"},
		{[]string{"-sprt", "5,0"}, `-sprt "5,0": elo0 must be below elo1`},
		{[]string{"-sprt", "0,5,0.7,0.05"}, "alpha and beta are error rates between 0 and 0.5"},
		{[]string{"-sprt", "0,x"}, `"x" is not a number`},
		{[]string{"-tc", "fast"}, `-tc "fast" is not seconds+increment`},
		{[]string{"-tc", "10+0.1", "-go", "depth 3"}, `"depth" sets a limit, which -tc's clock sets`},
		{[]string{"-go2", "infinite"}, `engine 2's go parameters "infinite" set no limit that ends a search`},
		{[]string{"-engine1", " "}, "-engine1 is empty"},
		{[]string{"-option1", "Hash"}, `"Hash" is not NAME=VALUE`},
		{[]string{"-games", "0"}, "-games 0: want at least 1"},
		{[]string{"-random-plies", "50", "-max-plies", "50"}, "-random-plies 50: want 0 or more, below -max-plies 50"},
		{[]string{"-games", "2", "extra"}, `match takes flags only, not "extra"`},
	} {
		_, stderr, code := runEngine(t, "", append([]string{"match"}, c.args...)...)
		assert.Equal(t, 2, code, "%q", c.args)
		assert.Contains(t, stderr, c.want, "%q", c.args)
	}
	_, stderr, code := runEngine(t, "", "match", "-games", "2", "-engine2", "/nonexistent/engine")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "match: game 1: engine2: ")
}
