#!/usr/bin/env python3
"""How each engine of a match spent its clock and how its games ended.

    pgnstats.py GAMES.pgn [MORE.pgn ...]

Reads PGN written by fastchess with `-pgnout ... timeleft=true nodes=true`
(move comments like `{+0.27/17 0.253s, tl=9.947s, n=692998}`) and prints per
engine: games, score, the mean time a move, the clock left after its 10th,
20th, 40th and 60th move (mean over the games that got there), the depth
and nodes a second it reached, and the games' terminations (time
forfeits counted apart). Two more views say where a match is won or lost:
the mean time a move in each tenth of the game (the mover's moves 1-10,
11-20, ...), and, for each engine's losses, the move at which the winner's
own score first reached +1.50 (the game decided, as the winner saw it) and
the loser's own score on its next move (did it see the trouble?).
Standard library only.
"""

import re
import sys
from collections import defaultdict

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
MOVE = re.compile(r'\{([^}]*)\}')
COMMENT = re.compile(r'(?:(?P<score>[-+]?\d+\.\d+|[-+]?M\d+)/(?P<depth>\d+) )?(?P<time>\d+\.\d+)s(?:, tl=(?P<tl>-?\d+\.\d+)s)?(?:, n=(?P<n>\d+))?')


def games(paths):
    for path in paths:
        tags, body = {}, []
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.strip()
                m = TAG.match(line)
                if m:
                    if body:
                        yield tags, " ".join(body)
                        tags, body = {}, []
                    tags[m.group(1)] = m.group(2)
                elif line:
                    body.append(line)
        if tags:
            yield tags, " ".join(body)


LATE = 9  # moves 91 on share one tenth
DECIDED = 1.5  # the winner's score, in pawns, from which a lost game counts as decided


def pawns(score):
    """A PGN comment's score in pawns; a mate counts as 100."""
    if score.lstrip("+-").startswith("M"):
        return -100.0 if score.startswith("-") else 100.0
    return float(score)


def median(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2


def main(paths):
    if not paths:
        print(__doc__.strip())
        return 2
    st = defaultdict(lambda: {"games": 0, "points": 0.0, "moves": 0, "time": 0.0, "depth": 0, "nodes": 0,
                              "tl": defaultdict(list), "end": defaultdict(int),
                              "phase": defaultdict(list), "decided": defaultdict(int), "seen": []})
    for tags, body in games(paths):
        white, black, result = tags.get("White"), tags.get("Black"), tags.get("Result", "*")
        if result == "*":
            continue
        for name, pts in ((white, {"1-0": 1, "0-1": 0}.get(result, 0.5)),
                          (black, {"1-0": 0, "0-1": 1}.get(result, 0.5))):
            s = st[name]
            s["games"] += 1
            s["points"] += pts
            term = tags.get("Termination", "?")
            if term == "time forfeit":
                term += " (lost)" if pts == 0 else " (won)"
            s["end"][term] += 1
        fen = tags.get("FEN", "").split()
        white_to_move = len(fen) < 2 or fen[1] == "w"
        counts = {white: 0, black: 0}
        winner = {"1-0": white, "0-1": black}.get(result)
        loser = black if winner == white else white
        decided_at = None
        for c in MOVE.findall(body):
            m = COMMENT.match(c.strip())
            mover = white if white_to_move else black
            white_to_move = not white_to_move
            if not m:
                continue
            s = st[mover]
            counts[mover] += 1
            s["moves"] += 1
            s["time"] += float(m.group("time"))
            s["phase"][min((counts[mover] - 1) // 10, LATE)].append(float(m.group("time")))
            if winner and m.group("score"):
                if decided_at is None and mover == winner and pawns(m.group("score")) >= DECIDED:
                    decided_at = counts[mover]
                    st[loser]["decided"][(decided_at - 1) // 10] += 1
                elif decided_at is not None and mover == loser and decided_at > 0:
                    st[loser]["seen"].append(pawns(m.group("score")))
                    decided_at = 0  # the loser's next score is taken once
            if m.group("depth"):
                s["depth"] += int(m.group("depth"))
            if m.group("n"):
                s["nodes"] += int(m.group("n"))
            if m.group("tl") and counts[mover] in (10, 20, 40, 60):
                s["tl"][counts[mover]].append(float(m.group("tl")))
    for name, s in sorted(st.items()):
        moves = max(s["moves"], 1)
        tl = ", ".join("after %d: %.2fs (%d games)" % (k, sum(v) / len(v), len(v)) for k, v in sorted(s["tl"].items()))
        print("%s: %d games, %.1f%%; %.3fs a move over %d moves, depth %.1f, %.2f M nodes/s" % (
            name, s["games"], 100 * s["points"] / max(s["games"], 1), s["time"] / moves, s["moves"],
            s["depth"] / moves, s["nodes"] / max(s["time"], 1e-9) / 1e6))
        print("  clock left %s" % tl)
        print("  endings: %s" % ", ".join("%s %d" % kv for kv in sorted(s["end"].items())))
        print("  time a move by its moves: %s" % ", ".join(
            "%d-%s %.3fs" % (10 * k + 1, "" if k == LATE else 10 * k + 10, sum(v) / len(v))
            for k, v in sorted(s["phase"].items())))
        lost = sum(s["decided"].values())
        if lost:
            print("  losses decided (winner first at +%.2f) by the loser's moves: %s" % (DECIDED, ", ".join(
                "%d-%d: %d" % (10 * k + 1, 10 * k + 10, n) for k, n in sorted(s["decided"].items()))))
        if s["seen"]:
            print("  its own score on its next move: median %+.2f over %d losses" % (median(s["seen"]), len(s["seen"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
