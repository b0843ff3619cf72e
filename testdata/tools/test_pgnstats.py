#!/usr/bin/env python3
"""Tests of pgnstats.py on a hand-written match whose numbers are worked out
below: time a move, clock, the tenths of the game and where losses were decided."""
import contextlib
import io
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pgnstats  # noqa: E402


def game(white, black, result, comments):
    moves = " ".join("%d. a3 {%s} a6 {%s}" % (i + 1, w, b) for i, (w, b) in enumerate(comments))
    return '[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[Termination "normal"]\n\n%s %s\n\n' % (
        white, black, result, moves, result)


def run(pgn):
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(pgn)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            assert pgnstats.main([f.name]) == 0
    finally:
        os.unlink(f.name)
    return out.getvalue()


def test_decided_and_phases():
    # Game 1: "a" wins as White. Its score first reaches +1.50 on its 12th move
    # (moves 11-20); "b" says -0.40 on its next move. Twelve moves each: "a"
    # spends 0.5 s on its first ten and 0.1 s after, "b" 0.2 s throughout.
    comments = []
    for i in range(12):
        wscore = "+1.60" if i == 11 else "+0.20"
        bscore = "-0.40" if i == 11 else "-0.10"
        wt = "0.500" if i < 10 else "0.100"
        comments.append(("%s/10 %ss, tl=5.000s, n=100" % (wscore, wt), "%s/10 0.200s, tl=6.000s, n=100" % bscore))
    pgn = game("a", "b", "1-0", comments)
    # Game 2: a draw, which decides nothing, though "a" (Black) gives a mate score.
    pgn += game("b", "a", "1/2-1/2", [("0.00/5 0.200s", "+M3/5 0.500s")])
    out = run(pgn)
    a, b = out.split("\nb: ")
    assert "a: 2 games, 75.0%" in a, out
    assert "1-10 0.500s, 11-20 0.100s" in a, out
    assert "losses decided" not in a, out
    assert "1-10 0.200s, 11-20 0.200s" in b, out
    assert "losses decided (winner first at +1.50) by the loser's moves: 11-20: 1" in b, out
    assert "its own score on its next move: median -0.40 over 1 losses" in b, out


def test_mate_scores_and_median():
    assert pgnstats.pawns("+M3") == 100.0 and pgnstats.pawns("-M12") == -100.0
    assert pgnstats.pawns("-0.35") == -0.35
    assert pgnstats.median([3, 1, 2]) == 2 and pgnstats.median([4, 1, 2, 3]) == 2.5


if __name__ == "__main__":
    test_decided_and_phases()
    test_mate_scores_and_median()
    print("test_pgnstats: ok")
