// Package levels fits Elo ratings to the games of a calibration run, so that
// the playing levels' published Elo values rest on measured results.
package levels

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"

	"tempest/rules"
)

// Game is one finished game: Score is White's result (1, 0.5 or 0).
type Game struct {
	White, Black string
	Score        float64
}

// playerTags are the tags that name a game's players: chess's, and the
// colours tempest-dev match names the players of other games by.
var playerTags = []string{"White", "Black", "Red", "Blue", "Yellow", "Green"}

// ReadPGN returns the two-player games of a PGN stream from their player
// tags and Result: White and Black, or two colour tags as tempest-dev match
// writes a variant's players (Red and Yellow), "1-0" then being the first
// one's win and a side's letter ("y", for Yellow) naming the winner.
// Unfinished games ("*") are skipped. name reports errors.
func ReadPGN(r io.Reader, name string) ([]Game, error) {
	var games []Game
	var players [][2]string // tag, player, as they appear
	var result string
	line := 0
	finish := func() error {
		if len(players) == 0 && result == "" {
			return nil
		}
		if len(players) != 2 {
			return fmt.Errorf("%s:%d: game with %d player tags, want two (White and Black, or two of Red, Blue, Yellow, Green)",
				name, line, len(players))
		}
		if players[0][0] == "Black" && players[1][0] == "White" {
			players[0], players[1] = players[1], players[0]
		}
		g := Game{White: players[0][1], Black: players[1][1]}
		switch {
		case result == "1-0":
			g.Score = 1
		case result == "0-1":
			g.Score = 0
		case result == "1/2-1/2":
			g.Score = 0.5
		case result == "*":
			players, result = nil, ""
			return nil
		case len(result) == 1 && strings.EqualFold(result, players[0][0][:1]) && !strings.EqualFold(result, players[1][0][:1]):
			g.Score = 1
		case len(result) == 1 && strings.EqualFold(result, players[1][0][:1]) && !strings.EqualFold(result, players[0][0][:1]):
			g.Score = 0
		default:
			return fmt.Errorf("%s:%d: game %s vs %s has result %q, want 1-0, 0-1, 1/2-1/2, * or a player's side letter",
				name, line, g.White, g.Black, result)
		}
		games = append(games, g)
		players, result = nil, ""
		return nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	inMoves := false
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "[") {
			if text != "" {
				inMoves = true
			}
			continue
		}
		if inMoves { // a tag after movetext starts the next game
			if err := finish(); err != nil {
				return nil, err
			}
			inMoves = false
		}
		tags, err := rules.ParseTags(text) // one or more to a line
		if err != nil {
			return nil, fmt.Errorf("%s:%d: malformed tag: %v", name, line, err)
		}
		for _, t := range tags {
			switch {
			case t[0] == "Result":
				result = t[1]
			case slices.Contains(playerTags, t[0]):
				players = append(players, [2]string{t[0], t[1]})
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := finish(); err != nil {
		return nil, err
	}
	return games, nil
}

// WithPrior adds draws virtual games drawn between every two players that
// met, as BayesElo's prior does: a player who won or lost every game of a
// pairing gets a finite rating, pulled towards its opponent by as much as
// the draws weigh against the real games. The draws come after the games.
func WithPrior(games []Game, draws int) []Game {
	out := slices.Clone(games)
	met := map[[2]string]bool{}
	for _, g := range games {
		pair := [2]string{g.White, g.Black}
		if pair[0] > pair[1] {
			pair[0], pair[1] = pair[1], pair[0]
		}
		if !met[pair] {
			met[pair] = true
			for range draws {
				out = append(out, Game{White: pair[0], Black: pair[1], Score: 0.5})
			}
		}
	}
	return out
}

// Rating is one player's fitted Elo.
type Rating struct {
	Name     string
	Elo      float64
	Low, Hi  float64 // 95% interval (Elo itself for anchors)
	Games    int
	Points   float64 // points scored
	Anchored bool
}

// pairing is all games between two players, from the first one's side.
type pairing struct {
	a, b      int
	n, points float64
	squares   float64 // sum of a's squared game scores, for the spread
}

// Fit finds the ratings that make the games most likely under the logistic
// Elo model, with the anchors held at their given values. Every player must
// be connected to an anchor through games. Draws count as half a win, as in
// the Elo model. The 95% intervals come from the sandwich estimate of the
// fit's covariance, which takes each pairing's spread of results from the
// games themselves, so draws narrow it as they should.
func Fit(games []Game, anchors map[string]float64) ([]Rating, error) {
	if len(anchors) == 0 {
		return nil, fmt.Errorf("no anchor: give at least one player a fixed Elo")
	}
	index := map[string]int{}
	var names []string
	id := func(name string) int {
		if i, ok := index[name]; ok {
			return i
		}
		index[name] = len(names)
		names = append(names, name)
		return len(names) - 1
	}
	pairs := map[[2]int]*pairing{}
	for _, g := range games {
		w, b := id(g.White), id(g.Black)
		if w == b {
			return nil, fmt.Errorf("game of %s against itself", g.White)
		}
		a, o, s := w, b, g.Score
		if a > o {
			a, o, s = o, a, 1-s
		}
		p := pairs[[2]int{a, o}]
		if p == nil {
			p = &pairing{a: a, b: o}
			pairs[[2]int{a, o}] = p
		}
		p.n++
		p.points += s
		p.squares += s * s
	}
	for name := range anchors {
		if _, ok := index[name]; !ok {
			return nil, fmt.Errorf("anchor %s played no game", name)
		}
	}
	list := make([]*pairing, 0, len(pairs))
	for _, p := range pairs {
		list = append(list, p)
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].a != list[j].a {
			return list[i].a < list[j].a
		}
		return list[i].b < list[j].b
	})
	fixed := make([]bool, len(names))
	start := make([]float64, len(names))
	for name, elo := range anchors {
		fixed[index[name]] = true
		start[index[name]] = elo
	}
	if err := connected(names, list, fixed); err != nil {
		return nil, err
	}
	elo, err := maximise(list, fixed, start)
	if err != nil {
		return nil, err
	}
	sd := standardErrors(list, fixed, elo)
	out := make([]Rating, len(names))
	for i, name := range names {
		out[i] = Rating{Name: name, Elo: elo[i], Low: elo[i] - 1.96*sd[i], Hi: elo[i] + 1.96*sd[i], Anchored: fixed[i]}
	}
	for _, p := range list {
		out[p.a].Games += int(p.n)
		out[p.b].Games += int(p.n)
		out[p.a].Points += p.points
		out[p.b].Points += p.n - p.points
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Elo > out[j].Elo })
	return out, nil
}

// quantile is the q-quantile of sorted s (nearest rank).
func quantile(s []float64, q float64) float64 {
	i := int(math.Round(q * float64(len(s)-1)))
	return s[min(max(i, 0), len(s)-1)]
}

// connected checks that every player reaches an anchor through games.
func connected(names []string, list []*pairing, fixed []bool) error {
	reach := append([]bool(nil), fixed...)
	for changed := true; changed; {
		changed = false
		for _, p := range list {
			if reach[p.a] != reach[p.b] {
				reach[p.a], reach[p.b] = true, true
				changed = true
			}
		}
	}
	for i, ok := range reach {
		if !ok {
			return fmt.Errorf("%s is not connected to any anchor by games", names[i])
		}
	}
	return nil
}

const eloScale = 400 / math.Ln10

// expected is the expected score of a player rated diff above the opponent.
func expected(diff float64) float64 { return 1 / (1 + math.Exp(-diff/eloScale)) }

// maximise runs Newton's method on the log-likelihood over the free players.
func maximise(list []*pairing, fixed []bool, start []float64) ([]float64, error) {
	elo := append([]float64(nil), start...)
	free, slot := freePlayers(fixed)
	m := len(free)
	if m == 0 {
		return elo, nil
	}
	for iter := 0; iter < 200; iter++ {
		grad := make([]float64, m)
		hess := square(m)
		for _, p := range list {
			e := expected(elo[p.a] - elo[p.b])
			g := (p.points - p.n*e) / eloScale // d logL / d elo[a]
			if sa := slot[p.a]; sa >= 0 {
				grad[sa] += g
			}
			if sb := slot[p.b]; sb >= 0 {
				grad[sb] -= g
			}
			addPairing(hess, slot, p, p.n*e*(1-e)/(eloScale*eloScale)) // -d2 logL
		}
		step, ok := solve(hess, grad)
		if !ok {
			if iter > 0 { // the connected start was solvable: ratings ran away
				return nil, fmt.Errorf("a player won or lost every game: no finite rating")
			}
			return nil, fmt.Errorf("ratings are not determined by these games")
		}
		largest := 0.0
		for k, i := range free {
			s := math.Max(-200, math.Min(200, step[k])) // damped: far from the optimum the model is flat
			elo[i] += s
			largest = math.Max(largest, math.Abs(s))
		}
		if largest < 1e-4 {
			for _, i := range free {
				if math.Abs(elo[i]) > 1e5 {
					return nil, fmt.Errorf("a player won or lost every game: no finite rating")
				}
			}
			return elo, nil
		}
	}
	return nil, fmt.Errorf("a player won or lost every game: no finite rating")
}

// solve solves a·x = b by Gaussian elimination with partial pivoting.
func solve(a [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	for col := range n {
		piv := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-15 {
			return nil, false
		}
		a[col], a[piv] = a[piv], a[col]
		b[col], b[piv] = b[piv], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			for c := col; c < n; c++ {
				a[r][c] -= f * a[col][c]
			}
			b[r] -= f * b[col]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for c := r + 1; c < n; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}

// standardErrors is the sandwich estimate H⁻¹JH⁻¹ of the ratings' spread:
// H is the information the logistic model expects, J the spread of the
// scores actually seen in each pairing.
func standardErrors(list []*pairing, fixed []bool, elo []float64) []float64 {
	free, slot := freePlayers(fixed)
	m := len(free)
	sd := make([]float64, len(fixed))
	if m == 0 {
		return sd
	}
	h, j := square(m), square(m)
	for _, p := range list {
		e := expected(elo[p.a] - elo[p.b])
		addPairing(h, slot, p, p.n*e*(1-e)/(eloScale*eloScale))
		mean := p.points / p.n
		addPairing(j, slot, p, p.n*(p.squares/p.n-mean*mean)/(eloScale*eloScale))
	}
	// cov = H⁻¹ J H⁻¹, one column at a time (H and cov are symmetric).
	inverseTimes := func(b [][]float64) [][]float64 {
		out := square(m)
		for c := range m {
			col := make([]float64, m)
			for r := range m {
				col[r] = b[r][c]
			}
			hc := square(m)
			for r := range m {
				copy(hc[r], h[r])
			}
			x, ok := solve(hc, col)
			if !ok {
				for r := range m {
					out[r][c] = math.Inf(1)
				}
				continue
			}
			for r := range m {
				out[r][c] = x[r]
			}
		}
		return out
	}
	hj := inverseTimes(j)
	t := square(m)
	for r := range m {
		for c := range m {
			t[r][c] = hj[c][r]
		}
	}
	cov := inverseTimes(t)
	for k, i := range free {
		sd[i] = math.Sqrt(math.Max(cov[k][k], 0))
	}
	return sd
}

// Pairing is the games between two players from the first one's side, in
// the order the pairing first appears.
type Pairing struct {
	Player, Opponent    string
	Wins, Draws, Losses int
}

// Score is the first player's share of the points.
func (p Pairing) Score() float64 {
	return (float64(p.Wins) + float64(p.Draws)/2) / float64(p.Wins+p.Draws+p.Losses)
}

// Elo is the rating difference the score implies, with the half-width of
// its 95% interval; a score of 0 or 1, or an interval reaching either, gives
// an infinite margin.
func (p Pairing) Elo() (diff, margin float64) {
	s, half := ScoreInterval(p.Wins, p.Draws, p.Losses)
	if s-half <= 0 || s+half >= 1 {
		return ScoreToElo(s), math.Inf(1)
	}
	return ScoreToElo(s), (ScoreToElo(s+half) - ScoreToElo(s-half)) / 2
}

// ScoreInterval is a W/D/L record's mean score per game and the half-width
// of its 95% interval (normal approximation of the per-game score, as
// match.py computes it). An empty record scores 0.5 with no width.
func ScoreInterval(w, d, l int) (score, half float64) {
	n := float64(w + d + l)
	if n == 0 {
		return 0.5, 0
	}
	s := (float64(w) + float64(d)/2) / n
	variance := (float64(w)*(1-s)*(1-s) + float64(d)*(0.5-s)*(0.5-s) + float64(l)*s*s) / n
	return s, 1.96 * math.Sqrt(variance/n)
}

// ScoreToElo is the Elo difference whose expected score is s (infinite at 0
// and 1).
func ScoreToElo(s float64) float64 { return -400 * math.Log10(1/s-1) }

// Pairings sums the games by pairing.
func Pairings(games []Game) []Pairing {
	var out []Pairing
	at := map[[2]string]int{}
	for _, g := range games {
		white, black, s := g.White, g.Black, g.Score
		i, ok := at[[2]string{white, black}]
		if !ok {
			if j, rev := at[[2]string{black, white}]; rev {
				i, ok, s = j, true, 1-s
			}
		}
		if !ok {
			i = len(out)
			at[[2]string{white, black}] = i
			out = append(out, Pairing{Player: white, Opponent: black})
		}
		switch s {
		case 1:
			out[i].Wins++
		case 0:
			out[i].Losses++
		default:
			out[i].Draws++
		}
	}
	return out
}

// Flip returns the pairing from the opponent's side.
func (p Pairing) Flip() Pairing {
	return Pairing{Player: p.Opponent, Opponent: p.Player, Wins: p.Losses, Draws: p.Draws, Losses: p.Wins}
}

// freePlayers lists the players the fit moves, and each player's index
// among them (-1 for anchors).
func freePlayers(fixed []bool) (free, slot []int) {
	slot = make([]int, len(fixed))
	for i, f := range fixed {
		slot[i] = -1
		if !f {
			slot[i] = len(free)
			free = append(free, i)
		}
	}
	return free, slot
}

func square(m int) [][]float64 {
	a := make([][]float64, m)
	for i := range a {
		a[i] = make([]float64, m)
	}
	return a
}

// addPairing adds v for a pairing to a matrix over the free players: the
// pattern of the second derivatives of the log-likelihood.
func addPairing(a [][]float64, slot []int, p *pairing, v float64) {
	sa, sb := slot[p.a], slot[p.b]
	if sa >= 0 {
		a[sa][sa] += v
	}
	if sb >= 0 {
		a[sb][sb] += v
	}
	if sa >= 0 && sb >= 0 {
		a[sa][sb] -= v
		a[sb][sa] -= v
	}
}
