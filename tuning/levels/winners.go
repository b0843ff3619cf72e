package levels

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Standing is one finished game of several players: who played and the
// points each took, 1 for the winner, 1/k each for a draw shared by k of
// them, 0 for the others.
type Standing struct {
	Players []string
	Points  []float64
}

// gameLine is tempest-dev match's line for a finished game: "game 7:"
// then side=player pairs, the winner marked (won), the players sharing a
// draw (drew), before the result after " | ".
var gameLine = regexp.MustCompile(`^game \d+:((?: [a-z]+=[^ |]+)+) \|`)

// ReadStandings reads the finished games of tempest-dev match's output
// (its per-game lines; everything else is skipped), with the players named
// as the output names them (a script renames engine1 to L3 first). A game
// with no winner and no sharer (a forfeit among several) is refused.
func ReadStandings(r io.Reader, name string) ([]Standing, error) {
	var out []Standing
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		m := gameLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		var s Standing
		var won, drew []int
		for _, pair := range strings.Fields(m[1]) {
			_, player, _ := strings.Cut(pair, "=")
			switch {
			case strings.HasSuffix(player, "(won)"):
				won = append(won, len(s.Players))
				player = strings.TrimSuffix(player, "(won)")
			case strings.HasSuffix(player, "(drew)"):
				drew = append(drew, len(s.Players))
				player = strings.TrimSuffix(player, "(drew)")
			}
			s.Players = append(s.Players, player)
		}
		s.Points = make([]float64, len(s.Players))
		switch {
		case len(won) == 1 && len(drew) == 0:
			s.Points[won[0]] = 1
		case len(won) == 0 && len(drew) > 0:
			for _, i := range drew {
				s.Points[i] = 1 / float64(len(drew))
			}
		default:
			return nil, fmt.Errorf("%s:%d: a game with %d winners and %d sharing a draw", name, line, len(won), len(drew))
		}
		for i, p := range s.Players {
			if slices.Contains(s.Players[i+1:], p) {
				return nil, fmt.Errorf("%s:%d: %s plays two seats", name, line, p)
			}
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// StandingsWithPrior adds draws virtual two-player games drawn between
// every two players that met, as WithPrior does for two-player games: a
// player who never won gets a finite rating, pulled towards those it met.
func StandingsWithPrior(games []Standing, draws int) []Standing {
	out := slices.Clone(games)
	met := map[[2]string]bool{}
	for _, g := range games {
		for i, a := range g.Players {
			for _, b := range g.Players[i+1:] {
				pair := [2]string{min(a, b), max(a, b)}
				if !met[pair] {
					met[pair] = true
					for range draws {
						out = append(out, Standing{Players: pair[:], Points: []float64{0.5, 0.5}})
					}
				}
			}
		}
	}
	return out
}

// FitWinners fits one rating per player to games of several players by
// who won each, under Plackett–Luce's first choice: a player rated R wins a
// game of the set S with probability γ/Σγ over S, γ = 10^(R/400). It is
// Elo's model where two play (γa/(γa+γb) is the logistic expected score),
// and the whole Plackett–Luce ranking gives each two players exactly that
// chance of finishing in either order, so the ratings also predict a
// pairwise comparison by finishing order. A draw shared by k counts 1/k of
// a win each. The fit is the MM algorithm of Hunter (2004); the anchor is
// held at its Elo (one anchor fixes the scale's origin, its width is
// 400 per factor of ten). The 95% intervals come from refitting resamples
// of the games (bootstrap), the prior's games added to each (prior draws
// per pairing, StandingsWithPrior); seed makes them reproducible.
func FitWinners(games []Standing, anchor string, anchorElo float64, prior int, seed uint64) ([]Rating, error) {
	elo, err := fitWinners(StandingsWithPrior(games, prior), anchor, anchorElo)
	if err != nil {
		return nil, err
	}
	const resamples = 200
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	samples := map[string][]float64{}
	for range resamples {
		pick := make([]Standing, len(games))
		for i := range pick {
			pick[i] = games[rng.IntN(len(games))]
		}
		e, err := fitWinners(StandingsWithPrior(pick, prior), anchor, anchorElo)
		if err != nil {
			continue // a resample without the anchor, or one the games do not connect
		}
		for name, v := range e {
			samples[name] = append(samples[name], v)
		}
	}
	var out []Rating
	for name, v := range elo {
		r := Rating{Name: name, Elo: v, Low: v, Hi: v, Anchored: name == anchor}
		if s := samples[name]; len(s) > 0 && !r.Anchored {
			sort.Float64s(s)
			r.Low, r.Hi = quantile(s, 0.025), quantile(s, 0.975)
		}
		for _, g := range games {
			if i := slices.Index(g.Players, name); i >= 0 {
				r.Games++
				r.Points += g.Points[i]
			}
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Elo > out[j].Elo })
	return out, nil
}

// fitWinners is the maximum-likelihood fit by minorisation-maximisation:
// γi ← Wi / Σ over i's games of 1/Σγ of the game's players.
func fitWinners(games []Standing, anchor string, anchorElo float64) (map[string]float64, error) {
	gamma := map[string]float64{}
	wins := map[string]float64{}
	for _, g := range games {
		for i, p := range g.Players {
			gamma[p] = 1
			wins[p] += g.Points[i]
		}
	}
	if _, ok := gamma[anchor]; !ok {
		return nil, fmt.Errorf("anchor %s played no game", anchor)
	}
	for p, w := range wins {
		if w == 0 {
			return nil, fmt.Errorf("%s won no game: no finite rating (add a prior)", p)
		}
	}
	names := make([]string, 0, len(gamma))
	for p := range gamma {
		names = append(names, p)
	}
	sort.Strings(names)
	for iter := 0; iter < 10000; iter++ {
		denominator := map[string]float64{}
		for _, g := range games {
			sum := 0.0
			for _, p := range g.Players {
				sum += gamma[p]
			}
			for _, p := range g.Players {
				denominator[p] += 1 / sum
			}
		}
		change := 0.0
		next := map[string]float64{}
		for _, p := range names {
			next[p] = wins[p] / denominator[p]
		}
		scale := next[anchor]
		for _, p := range names {
			next[p] /= scale
			change = math.Max(change, math.Abs(math.Log(next[p]/gamma[p])))
		}
		gamma = next
		if change < 1e-10 {
			break
		}
	}
	if err := connectedStandings(names, games, anchor); err != nil {
		return nil, err
	}
	elo := map[string]float64{}
	for _, p := range names {
		elo[p] = anchorElo + 400*math.Log10(gamma[p])
	}
	return elo, nil
}

// connectedStandings checks that every player reaches the anchor through games.
func connectedStandings(names []string, games []Standing, anchor string) error {
	reach := map[string]bool{anchor: true}
	for changed := true; changed; {
		changed = false
		for _, g := range games {
			in := slices.ContainsFunc(g.Players, func(p string) bool { return reach[p] })
			for _, p := range g.Players {
				if in && !reach[p] {
					reach[p], changed = true, true
				}
			}
		}
	}
	for _, p := range names {
		if !reach[p] {
			return fmt.Errorf("%s is not connected to the anchor by games", p)
		}
	}
	return nil
}
