"""Gardner minichess answers from pyffish (Fairy-Stockfish's move generator),
the independent oracle of internal/minichess's tests.

Reads JSON requests, one a line, on stdin and writes one JSON answer a line:

  {"perft": FEN, "depth": D}            -> {"divide": {move: leaves}}
  {"games": N, "seed": S, "start": FEN}  -> N lines, one per game: {"plies": [...]}
  {"mate": FEN, "n": N}                 -> {"solutions": [...], "shorter": [...]}

where the solutions are the moves that mate within N moves against every
defence and the shorter ones those that mate within N-1.

A game's plies give at every position pyffish's FEN, sorted legal moves and
ending ("" while the game goes on), and the move played next.
"""

import json
import random
import sys

import pyffish as sf

V = "gardner"


def legal(fen, moves):
    return sf.legal_moves(V, fen, moves)


def perft(fen, moves, depth):
    ms = legal(fen, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(fen, moves + [m], depth - 1) for m in ms)


def divide(fen, depth):
    return {m: perft(fen, [m], depth - 1) if depth > 1 else 1 for m in legal(fen, [])}


def ending(start, moves, fen, ms):
    """The game's end by pyffish, as (reason, result), or ("", "*")."""
    white = fen.split()[1] == "w"
    if not ms:
        value = sf.game_result(V, start, moves)
        if value == -sf.VALUE_MATE:
            return "checkmate", "0-1" if white else "1-0"
        if value == sf.VALUE_DRAW:
            return "stalemate", "1/2-1/2"
        raise SystemExit(f"unexpected game_result {value} at {fen}")
    # A threefold repetition takes at least 8 reversible plies, the
    # fifty-move rule 100; skip the call before (it is slow).
    over, value = False, 0
    if int(fen.split()[4]) >= 8:
        over, value = sf.is_optional_game_end(V, start, moves)
    if over:
        if value != sf.VALUE_DRAW:
            raise SystemExit(f"unexpected optional end {value} at {fen}")
        # Without history only the fifty-move rule can hold.
        if sf.is_optional_game_end(V, fen, [])[0]:
            return "fifty-move rule", "1/2-1/2"
        return "threefold repetition", "1/2-1/2"
    # pyffish's game_result leaves insufficient material to the caller; a
    # side with a pawn, rook or queen always has enough, so skip the call then.
    board = fen.split()[0]
    if not any(c in board for c in "PRQprq") and sf.has_insufficient_material(V, fen, []) == (True, True):
        return "insufficient material", "1/2-1/2"
    return "", "*"


def occupied(fen, square):
    """Whether a square holds a piece; used only to pick moves, not to judge."""
    rows = fen.split()[0].split("/")
    row = "".join("." * int(c) if c.isdigit() else c for c in rows[5 - int(square[1])])
    return row["abcde".index(square[0])] != "."


def game(rng, start):
    """A random game. It takes back its own last move a quarter of the time
    it can, so that repetitions come up, and captures half the time it can,
    so that games reach their endings sooner."""
    moves, plies = [], []
    while True:
        fen = sf.get_fen(V, start, moves)
        ms = sorted(legal(start, moves))
        reason, result = ending(start, moves, fen, ms)
        ply = {"fen": fen, "legal": ms, "end": reason, "result": result, "play": ""}
        plies.append(ply)
        if reason:
            return plies
        back = moves[-2][2:4] + moves[-2][0:2] if len(moves) >= 2 else ""
        captures = [m for m in ms if occupied(fen, m[2:4])]
        if back in ms and rng.random() < 1 / 4:
            ply["play"] = back
        elif captures and rng.random() < 1 / 2:
            ply["play"] = rng.choice(captures)
        else:
            ply["play"] = rng.choice(ms)
        moves.append(ply["play"])


def mates_after(fen, moves, n):
    """After moves, is the side to move mated now or within n-1 of its moves?"""
    replies = legal(fen, moves)
    if not replies:
        return sf.game_result(V, fen, moves) == -sf.VALUE_MATE
    return n > 1 and all(mates_in(fen, moves + [r], n - 1) for r in replies)


def mates_in(fen, moves, n):
    """After moves, can the side to move mate within n moves?"""
    return any(mates_after(fen, moves + [m], n) for m in legal(fen, moves))


def main():
    for line in sys.stdin:
        req = json.loads(line)
        if "perft" in req:
            print(json.dumps({"divide": divide(req["perft"], req["depth"])}), flush=True)
        elif "games" in req:
            rng = random.Random(req["seed"])
            for _ in range(req["games"]):
                print(json.dumps({"plies": game(rng, req["start"])}), flush=True)
        elif "mate" in req:
            fen, n, ms = req["mate"], req["n"], sorted(legal(req["mate"], []))
            print(json.dumps({
                "solutions": [m for m in ms if mates_after(fen, [m], n)],
                "shorter": [m for m in ms if n > 1 and mates_after(fen, [m], n - 1)],
            }), flush=True)
        else:
            raise SystemExit(f"unknown request {line!r}")


main()
