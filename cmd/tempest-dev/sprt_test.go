package main

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The bounds are Wald's: log(beta/(1-alpha)) and log((1-beta)/alpha).
func TestSPRTBounds(t *testing.T) {
	lower, upper := sprt{elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05}.bounds()
	assert.InDelta(t, -2.944439, lower, 1e-6)
	assert.InDelta(t, 2.944439, upper, 1e-6)
	lower, upper = sprt{elo0: 0, elo1: 5, alpha: 0.01, beta: 0.1}.bounds()
	assert.InDelta(t, math.Log(0.1/0.99), lower, 1e-12)
	assert.InDelta(t, math.Log(0.9/0.01), upper, 1e-12)
	assert.Equal(t, "H1 accepted", sprt{alpha: 0.05, beta: 0.05}.verdict(3))
	assert.Equal(t, "H0 accepted", sprt{alpha: 0.05, beta: 0.05}.verdict(-3))
	assert.Equal(t, "no decision", sprt{alpha: 0.05, beta: 0.05}.verdict(2.9))
}

// When every pair is won or lost outright, the only distribution of mean
// s on those two outcomes is (1-s, s): the ratio is the binomial SPRT's,
// up to the 0.001 pairs given to each empty category.
func TestSPRTAgreesWithTheBinomialTest(t *testing.T) {
	for _, c := range []struct {
		lost, won  int
		elo0, elo1 float64
	}{{40, 60, 0, 50}, {55, 45, -20, 20}, {10, 30, 0, 100}, {200, 230, 0, 10}} {
		s0, s1 := eloScore(c.elo0), eloScore(c.elo1)
		want := float64(c.won)*math.Log(s1/s0) + float64(c.lost)*math.Log((1-s1)/(1-s0))
		got := sprt{elo0: c.elo0, elo1: c.elo1, alpha: 0.05, beta: 0.05}.llr([5]int{c.lost, 0, 0, 0, c.won})
		assert.InDelta(t, want, got, 0.001, "%+v", c)
	}
}

// For hypotheses close together the generalised ratio approaches the
// normal approximation N (s1-s0) (2m - s0 - s1) / (2 var), with m and var
// the mean and variance of a pair's score share.
func TestSPRTAgreesWithTheNormalApproximation(t *testing.T) {
	for _, pairs := range [][5]int{{300, 1500, 4000, 1700, 500}, {80, 900, 2600, 1000, 120}, {500, 1000, 1000, 1000, 500}} {
		n, mean, sq := 0.0, 0.0, 0.0
		for k, c := range pairs {
			a := float64(k) / 4
			n += float64(c)
			mean += float64(c) * a
			sq += float64(c) * a * a
		}
		mean /= n
		variance := sq/n - mean*mean
		s0, s1 := eloScore(0), eloScore(5)
		want := n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
		got := sprt{elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05}.llr(pairs)
		require.NotZero(t, want)
		assert.InDelta(t, want, got, 0.005*math.Abs(want), "%v", pairs)
	}
	assert.Zero(t, sprt{elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05}.llr([5]int{}), "no pairs, no evidence")
}

// A draw is shared by the sides still in the game: those that moved since
// the last mover's previous move.
func TestLastRound(t *testing.T) {
	all := []string{"r", "b", "y", "g"}
	assert.ElementsMatch(t, all, lastRound([]string{"r", "b", "y", "g", "r", "b", "y", "g"}, all))
	assert.ElementsMatch(t, []string{"r", "b", "g"}, lastRound([]string{"r", "b", "y", "g", "r", "b", "g", "r", "b"}, all), "yellow left")
	assert.ElementsMatch(t, []string{"r", "y"}, lastRound([]string{"r", "b", "y", "r", "y"}, all))
	assert.ElementsMatch(t, all, lastRound(nil, all), "nobody moved: every side")
}
