package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sprt is a sequential probability ratio test of H0 "engine 1 is elo0
// stronger" against H1 "elo1 stronger", in logistic Elo, over game pairs:
// the two games of one opening with the sides swapped. A pair scores 0,
// 1/2, 1, 3/2 or 2 points for engine 1, so the record is pentanomial, and
// pairing takes the opening's bias out of the variance. The test is the
// generalised SPRT: the log-likelihood ratio of the two most likely
// pentanomial distributions whose mean is each hypothesis's score,
// 1/(1+10^(-elo/400)) a game. A category no pair has yet counts 0.001
// pairs, so the ratio stays finite.
type sprt struct{ elo0, elo1, alpha, beta float64 }

// parseSPRT reads -sprt: "elo0,elo1" or "elo0,elo1,alpha,beta"; alpha
// and beta default to 0.05.
func parseSPRT(s string) (sprt, error) {
	f := strings.Split(s, ",")
	t := sprt{alpha: 0.05, beta: 0.05}
	bad := func(why string) (sprt, error) {
		return sprt{}, fmt.Errorf("-sprt %q: %s (want elo0,elo1[,alpha,beta] such as 0,5 or 0,5,0.05,0.05)", s, why)
	}
	if len(f) != 2 && len(f) != 4 {
		return bad("two or four numbers")
	}
	vals := []*float64{&t.elo0, &t.elo1, &t.alpha, &t.beta}
	for i, x := range f {
		v, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return bad(fmt.Sprintf("%q is not a number", x))
		}
		*vals[i] = v
	}
	switch {
	case t.elo0 >= t.elo1:
		return bad("elo0 must be below elo1")
	case math.Abs(t.elo0) > 2000 || math.Abs(t.elo1) > 2000:
		return bad("the bounds are Elo differences within ±2000")
	case !(t.alpha > 0 && t.alpha < 0.5 && t.beta > 0 && t.beta < 0.5):
		return bad("alpha and beta are error rates between 0 and 0.5")
	}
	return t, nil
}

// bounds are the log-likelihood ratios at which the test accepts H0
// (lower) and H1 (upper).
func (t sprt) bounds() (lower, upper float64) {
	return math.Log(t.beta / (1 - t.alpha)), math.Log((1 - t.beta) / t.alpha)
}

// verdict names where llr stands.
func (t sprt) verdict(llr float64) string {
	lower, upper := t.bounds()
	switch {
	case llr >= upper:
		return "H1 accepted"
	case llr <= lower:
		return "H0 accepted"
	}
	return "no decision"
}

// eloScore is the expected score a game of an engine elo stronger.
func eloScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// llr is the log-likelihood ratio of H1 against H0 after pairs, where
// pairs[k] counts the pairs in which engine 1 scored k/2 points.
func (t sprt) llr(pairs [5]int) float64 {
	var p [5]float64
	n, played := 0.0, 0
	for k, c := range pairs {
		p[k] = max(float64(c), 1e-3)
		n += p[k]
		played += c
	}
	if played == 0 {
		return 0
	}
	for k := range p {
		p[k] /= n
	}
	q0, q1 := closestWithMean(p, eloScore(t.elo0)), closestWithMean(p, eloScore(t.elo1))
	sum := 0.0
	for k := range p {
		sum += p[k] * math.Log(q1[k]/q0[k])
	}
	return n * sum
}

// closestWithMean is the distribution q over the pair scores a_k = k/4
// (a game's share) that is most likely to give the frequencies p and has
// mean s: q_k = p_k / (1 + λ(a_k - s)), with λ the root of
// Σ p_k (a_k - s) / (1 + λ(a_k - s)) = 0, which falls as λ grows; λ lies
// where every denominator is positive, between -1/(1-s) and 1/s.
func closestWithMean(p [5]float64, s float64) [5]float64 {
	f := func(lambda float64) float64 {
		sum := 0.0
		for k, pk := range p {
			d := float64(k)/4 - s
			sum += pk * d / (1 + lambda*d)
		}
		return sum
	}
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2
	var q [5]float64
	for k, pk := range p {
		q[k] = pk / (1 + lambda*(float64(k)/4-s))
	}
	return q
}
