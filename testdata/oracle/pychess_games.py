#!/usr/bin/env python3
"""Random games judged by python-chess, the independent rules oracle.

Plays seeded random games (standard or Chess960) and writes one JSON object
per position: the FEN in X-FEN and Shredder-FEN, every legal move in UCI and
SAN, and the game-end flags. Tempest's tests replay the same games and
compare everything. Special moves (castling, en passant, promotion, checks)
are preferred half of the time so that the games reach them often.
"""
import argparse
import json
import random
import sys

import chess


def position_record(board):
    legal = sorted((board.uci(m), board.san(m)) for m in board.legal_moves)
    return {
        "fen": board.fen(),
        "shredder": board.fen(shredder=True),
        "legal": legal,
        "check": board.is_check(),
        "checkmate": board.is_checkmate(),
        "stalemate": board.is_stalemate(),
        "insufficient": board.is_insufficient_material(),
        "fifty": board.is_fifty_moves(),
        "threefold": board.is_repetition(3),
    }


def special(board, move):
    return (board.is_castling(move) or board.is_en_passant(move) or move.promotion is not None
            or board.gives_check(move))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--chess960", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    for _ in range(args.games):
        if args.chess960:
            board = chess.Board.from_chess960_pos(rng.randrange(960))
        else:
            board = chess.Board()
        out.write(json.dumps({"start": board.fen(), "chess960": args.chess960}) + "\n")
        for _ in range(args.max_plies):
            rec = position_record(board)
            moves = list(board.legal_moves)
            if not moves:
                out.write(json.dumps(rec) + "\n")
                break
            specials = [m for m in moves if special(board, m)]
            pool = specials if specials and rng.random() < 0.5 else moves
            move = rng.choice(pool)
            rec["play"] = board.uci(move)
            out.write(json.dumps(rec) + "\n")
            board.push(move)
        out.write("{}\n")  # end of game


if __name__ == "__main__":
    main()
