#!/usr/bin/env python3
"""Checks of match.py's statistics: python3 testdata/tools/test_match.py."""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402


class Result:
    def __init__(self, pair, points):
        self.pair, self.points = pair, points

    def engine1_points(self):
        return self.points


class PentanomialTest(unittest.TestCase):
    def test_counts_whole_pairs_only(self):
        rs = [Result(0, 1), Result(0, 0.5), Result(1, 0), Result(1, 0), Result(2, 1)]
        self.assertEqual(match.pentanomial(rs), [1, 0, 0, 1, 0])

    def test_llr_matches_the_normal_approximation(self):
        # By hand: pair scores x in {0, .25, .5, .75, 1}; mean and variance
        # of x; LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 var).
        penta = [10, 60, 200, 90, 20]
        n = sum(penta)
        xs = [k / 4 for k in range(5)]
        mean = sum(x * c for x, c in zip(xs, penta)) / n
        var = sum(c * (x - mean) ** 2 for x, c in zip(xs, penta)) / n
        s0, s1 = 0.5, 1 / (1 + 10 ** (-5 / 400))
        want = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
        got = match.Sprt(0, 5, 0.05, 0.05).llr_pairs(penta)
        self.assertAlmostEqual(got, want, places=9)

    def test_pairs_decide_differently_from_games(self):
        # Every pair split 1-1 (each side wins with White): by games the
        # variance is large; by pairs it is zero, and the LLR says nothing.
        sprt = match.Sprt(0, 5, 0.05, 0.05)
        self.assertEqual(sprt.llr_pairs([0, 0, 500, 0, 0]), 0.0)
        # Correlated pairs: the same score with less spread moves the LLR further.
        games = sprt.llr(w=330, d=340, l=330 - 20)
        pairs = sprt.llr_pairs([40, 120, 320, 130, 50])
        self.assertTrue(math.isfinite(games) and math.isfinite(pairs))
        self.assertNotAlmostEqual(games, pairs, places=2)

    def test_decisions(self):
        sprt = match.Sprt(0, 5, 0.05, 0.05)
        self.assertEqual(sprt.decide(3.0), "H1 accepted (elo >= 5)")
        self.assertEqual(sprt.decide(-3.0), "H0 accepted (elo <= 0)")
        self.assertIsNone(sprt.decide(0.0))
        strong = [0, 10, 100, 300, 300]
        self.assertEqual(sprt.decide(sprt.llr_pairs(strong)), "H1 accepted (elo >= 5)")
        weak = [300, 300, 100, 10, 0]
        self.assertEqual(sprt.decide(sprt.llr_pairs(weak)), "H0 accepted (elo <= 0)")

    def test_pair_elo(self):
        even = match.pair_elo_report([50, 100, 200, 100, 50])
        self.assertAlmostEqual(even["elo"], 0.0, places=9)
        self.assertTrue(0 < even["error"] < 50)
        ahead = match.pair_elo_report([0, 0, 100, 100, 0])  # 62.5%
        self.assertAlmostEqual(ahead["elo"], -400 * math.log10(1 / 0.625 - 1), places=6)


if __name__ == "__main__":
    unittest.main()
