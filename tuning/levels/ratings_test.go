package levels

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const samplePGN = `[Event "match"]
[White "L4"]
[Black "SF1350"]
[Result "1-0"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 {0.01s} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "match"]
[White "SF1350"]
[Black "L4"]
[Result "1/2-1/2"]

1. e4 e5 1/2-1/2
[White "L4"]
[Black "SF1350"]
[Result "*"]

*
[White "SF1350"]
[Black "L4"]
[Result "1-0"]

1. f3 e5 2. g4 Qh4# 1-0
`

func TestReadPGNTakesPlayersAndResults(t *testing.T) {
	games, err := ReadPGN(strings.NewReader(samplePGN), "sample.pgn")
	require.NoError(t, err)
	assert.Equal(t, []Game{
		{White: "L4", Black: "SF1350", Score: 1},
		{White: "SF1350", Black: "L4", Score: 0.5},
		{White: "SF1350", Black: "L4", Score: 1},
	}, games, "the unfinished game is skipped")
}

func TestReadPGNNamesBadInput(t *testing.T) {
	_, err := ReadPGN(strings.NewReader("[White \"a\"]\n[Black \"b\"]\n[Result \"2-0\"]\n\n1. e4 2-0\n"), "bad.pgn")
	assert.ErrorContains(t, err, `bad.pgn:5: game a vs b has result "2-0"`)
	_, err = ReadPGN(strings.NewReader("[White a]\n"), "bad.pgn")
	assert.ErrorContains(t, err, "bad.pgn:1: malformed tag")
	_, err = ReadPGN(strings.NewReader("[Result \"1-0\"]\n\n1. e4 1-0\n"), "bad.pgn")
	assert.ErrorContains(t, err, "game with 0 player tags, want two")
	_, err = ReadPGN(strings.NewReader("[Red \"a\"]\n[Blue \"b\"]\n[Yellow \"c\"]\n[Result \"r\"]\n\n*\n"), "four.pgn")
	assert.ErrorContains(t, err, "game with 3 player tags")
	_, err = ReadPGN(strings.NewReader("[Red \"a\"]\n[Yellow \"b\"]\n[Result \"g\"]\n\n*\n"), "bad.pgn")
	assert.ErrorContains(t, err, `game a vs b has result "g"`)
}

// A variant's players, as tempest-dev match names them: two colour tags,
// the winner by its side's letter or PGN's markers (the first tag's win
// for 1-0), Black before White read as White and Black.
func TestReadPGNTakesTheRefereesColours(t *testing.T) {
	pgn := "[Round \"1\"]\n[Red \"L3\"]\n[Yellow \"L4\"]\n[Result \"y\"]\n\n1. a2a3 *\n\n" +
		"[Round \"2\"]\n[Red \"L4\"]\n[Yellow \"L3\"]\n[Result \"r\"]\n\n*\n\n" +
		"[Red \"L4\"]\n[Yellow \"L3\"]\n[Result \"1/2-1/2\"]\n\n1/2-1/2\n\n" +
		"[Black \"L2\"]\n[White \"L1\"]\n[Result \"0-1\"]\n\n0-1\n"
	games, err := ReadPGN(strings.NewReader(pgn), "two.pgn")
	require.NoError(t, err)
	assert.Equal(t, []Game{
		{White: "L3", Black: "L4", Score: 0},
		{White: "L4", Black: "L3", Score: 1},
		{White: "L4", Black: "L3", Score: 0.5},
		{White: "L1", Black: "L2", Score: 0},
	}, games)
}

// The prior's draws make a clean sweep finite: 10 wins and one virtual draw
// are 10.5 of 11 points, once per pairing whichever side the games list.
func TestPriorDrawsMakeASweepFinite(t *testing.T) {
	var games []Game
	for range 10 {
		games = append(games, Game{White: "L1", Black: "L0", Score: 1}, Game{White: "L2", Black: "L1", Score: 0.5})
	}
	_, err := Fit(games, map[string]float64{"L1": 1000})
	require.ErrorContains(t, err, "won or lost every game")
	with := WithPrior(games, 1)
	assert.Len(t, with, len(games)+2)
	r, err := Fit(with, map[string]float64{"L1": 1000})
	require.NoError(t, err)
	elo := map[string]float64{}
	for _, x := range r {
		elo[x.Name] = x.Elo
	}
	assert.InDelta(t, 1000-ScoreToElo(10.5/11), elo["L0"], 0.01)
	assert.InDelta(t, 1000, elo["L2"], 0.01)
}

// One pairing has the closed form: the difference whose expected score is
// the observed one.
func TestFitOnePairingMatchesTheEloFormula(t *testing.T) {
	var games []Game
	for i := range 100 { // 60 wins, 20 draws, 20 losses for A: 70%
		s := 1.0
		if i >= 60 {
			s = 0.5
		}
		if i >= 80 {
			s = 0
		}
		games = append(games, Game{White: "A", Black: "B", Score: s})
	}
	r, err := Fit(games, map[string]float64{"B": 1500})
	require.NoError(t, err)
	want := 1500 - 400*math.Log10(1/0.7-1)
	assert.Equal(t, "A", r[0].Name)
	assert.InDelta(t, want, r[0].Elo, 0.01)
	assert.Equal(t, 1500.0, r[1].Elo)
	assert.True(t, r[1].Anchored)
	assert.Equal(t, 100, r[0].Games)
	assert.Equal(t, 70.0, r[0].Points)
}

// Games simulated from known ratings: a chain of players linked only through
// neighbours and two anchors must come back close to the truth, inside its
// 95% interval.
func TestFitRecoversSimulatedRatings(t *testing.T) {
	truth := map[string]float64{"L0": 400, "L1": 750, "L2": 1000, "L3": 1300, "L4": 1450, "SF1350": 1350, "SF1700": 1700}
	rng := rand.New(rand.NewPCG(3, 4))
	play := func(a, b string, n int) []Game {
		var g []Game
		e := expected(truth[a] - truth[b])
		for range n {
			x := rng.Float64()
			s := 0.0
			switch {
			case x < e-0.1:
				s = 1
			case x < e+0.1:
				s = 0.5 // a fifth of the games drawn, keeping the expectation
			}
			g = append(g, Game{White: a, Black: b, Score: s})
		}
		return g
	}
	var games []Game
	for _, p := range [][2]string{{"L0", "L1"}, {"L1", "L2"}, {"L2", "L3"}, {"L3", "L4"}, {"L3", "SF1350"}, {"L4", "SF1700"}} {
		games = append(games, play(p[0], p[1], 400)...)
	}
	r, err := Fit(games, map[string]float64{"SF1350": 1350, "SF1700": 1700})
	require.NoError(t, err)
	for _, x := range r {
		assert.InDelta(t, truth[x.Name], x.Elo, 60, x.Name)
		assert.LessOrEqual(t, x.Low, truth[x.Name], x.Name)
		assert.GreaterOrEqual(t, x.Hi, truth[x.Name], x.Name)
		if !x.Anchored {
			assert.Greater(t, x.Hi-x.Low, 20.0, "%s: a real interval", x.Name)
		}
	}
}

func TestFitRefusesWhatGamesCannotDecide(t *testing.T) {
	games := []Game{{"A", "B", 1}, {"B", "A", 0.5}, {"C", "D", 1}, {"D", "C", 0}}
	_, err := Fit(games, map[string]float64{"A": 1000})
	assert.ErrorContains(t, err, "C is not connected to any anchor")
	_, err = Fit(games, nil)
	assert.ErrorContains(t, err, "no anchor")
	_, err = Fit(games, map[string]float64{"E": 1000})
	assert.ErrorContains(t, err, "anchor E played no game")
	_, err = Fit([]Game{{"A", "B", 1}, {"B", "A", 0}}, map[string]float64{"A": 1000})
	assert.ErrorContains(t, err, "no finite rating")
}

func TestPairingsCountFromTheFirstPlayersSide(t *testing.T) {
	games := []Game{{"L4", "SF1350", 1}, {"SF1350", "L4", 0.5}, {"SF1350", "L4", 1}, {"L3", "L4", 0}}
	p := Pairings(games)
	assert.Equal(t, []Pairing{{"L4", "SF1350", 1, 1, 1}, {"L3", "L4", 0, 0, 1}}, p)
	assert.Equal(t, Pairing{"L4", "L3", 1, 0, 0}, p[1].Flip())
	assert.InDelta(t, 0.5, p[0].Score(), 1e-9)
	diff, margin := p[0].Elo()
	assert.InDelta(t, 0, diff, 1e-9)
	assert.Greater(t, margin, 100.0)
	_, margin = p[1].Elo()
	assert.True(t, math.IsInf(margin, 1))
	// 60 wins, 20 draws, 20 losses: match.py reports +147.2 +/- 66.0.
	q := Pairing{Wins: 60, Draws: 20, Losses: 20}
	diff, margin = q.Elo()
	assert.InDelta(t, 147.2, diff, 0.1)
	assert.InDelta(t, 66.0, margin, 0.1)
}
