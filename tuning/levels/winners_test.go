package levels

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The referee's game lines, players renamed: the winner's point, a draw's
// shared points; other lines skipped; a game no one won or shared refused.
func TestReadStandingsTakesTheRefereesGameLines(t *testing.T) {
	out := "starting\n" +
		"game 1: r=L3 b=L4(won) y=L5 g=L6 | b (last player standing) in 80 plies\n" +
		"game 2: r=L4(drew) b=L5(drew) y=L6 g=L3 | 1/2-1/2 (ply limit) in 1000 plies\n" +
		"engine1 (...): +1 =0 -1\n"
	s, err := ReadStandings(strings.NewReader(out), "four.txt")
	require.NoError(t, err)
	require.Len(t, s, 2)
	assert.Equal(t, []string{"L3", "L4", "L5", "L6"}, s[0].Players)
	assert.Equal(t, []float64{0, 1, 0, 0}, s[0].Points)
	assert.Equal(t, []float64{0.5, 0.5, 0, 0}, s[1].Points)
	_, err = ReadStandings(strings.NewReader("game 3: r=L1 b=L2 y=L3 g=L4 | 1/2-1/2 (forfeit) in 9 plies\n"), "x.txt")
	assert.ErrorContains(t, err, "x.txt:1: a game with 0 winners and 0 sharing a draw")
}

// Between two players the first choice is Elo's model: the fit is the
// two-player fit's.
func TestFitWinnersOfTwoIsElo(t *testing.T) {
	var games []Game
	var standings []Standing
	add := func(a, b string, s float64, n int) {
		for range n {
			games = append(games, Game{White: a, Black: b, Score: s})
			standings = append(standings, Standing{Players: []string{a, b}, Points: []float64{s, 1 - s}})
		}
	}
	add("A", "B", 1, 60)
	add("A", "B", 0, 40)
	add("B", "C", 1, 30)
	add("B", "C", 0.5, 10)
	add("B", "C", 0, 20)
	want, err := Fit(games, map[string]float64{"B": 1000})
	require.NoError(t, err)
	got, err := FitWinners(standings, "B", 1000, 0, 1)
	require.NoError(t, err)
	for _, w := range want {
		for _, g := range got {
			if g.Name == w.Name {
				assert.InDelta(t, w.Elo, g.Elo, 0.01, w.Name)
			}
		}
	}
}

// Games of four drawn from known ratings give them back within their
// intervals; a player who never won needs the prior.
func TestFitWinnersRecoversFourPlayerRatings(t *testing.T) {
	truth := map[string]float64{"L0": 500, "L1": 1000, "L2": 1150, "L3": 1300, "L4": 1400, "L5": 1600}
	windows := [][]string{{"L0", "L1", "L2", "L3"}, {"L2", "L3", "L4", "L5"}, {"L1", "L2", "L4", "L5"}}
	rng := rand.New(rand.NewPCG(7, 7))
	var games []Standing
	for range 400 {
		for _, w := range windows {
			total := 0.0
			for _, p := range w {
				total += math.Pow(10, truth[p]/400)
			}
			x := rng.Float64() * total
			s := Standing{Players: w, Points: make([]float64, 4)}
			for i, p := range w {
				x -= math.Pow(10, truth[p]/400)
				if x < 0 {
					s.Points[i] = 1
					break
				}
			}
			games = append(games, s)
		}
	}
	r, err := FitWinners(games, "L1", 1000, 0, 3)
	require.NoError(t, err)
	for _, x := range r {
		assert.InDelta(t, truth[x.Name], x.Elo, 60, x.Name)
		assert.True(t, x.Low <= truth[x.Name]+20 && truth[x.Name]-20 <= x.Hi, "%s: %.0f (%.0f to %.0f)", x.Name, x.Elo, x.Low, x.Hi)
		if x.Name == "L1" {
			assert.True(t, x.Anchored)
			assert.Equal(t, 1000.0, x.Elo)
		}
	}
	never := []Standing{{Players: []string{"A", "B", "C"}, Points: []float64{1, 0, 0}},
		{Players: []string{"A", "B", "C"}, Points: []float64{0, 1, 0}}}
	_, err = FitWinners(never, "A", 1000, 0, 1)
	assert.ErrorContains(t, err, "C won no game")
	r, err = FitWinners(never, "A", 1000, 1, 1)
	require.NoError(t, err)
	assert.Equal(t, "C", r[len(r)-1].Name)
}
