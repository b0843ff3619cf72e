"""Test oracle for package book: python-chess's Polyglot key and reader.

Usage: python oracle.py [BOOK] < positions > answers

Each input line is "FEN" or "FEN;uci1 uci2 ...": the position is the FEN
with those moves played from it. For each, one output line: the position's
Polyglot key in hex, then, when BOOK is given, the reader's entries for it
in file order (weight 0 included) as "uci/weight/learn" items separated by
spaces. Castling prints as python-chess writes standard moves (e1g1).
"""

import sys

import chess
import chess.polyglot


def main():
    reader = chess.polyglot.open_reader(sys.argv[1]) if len(sys.argv) > 1 else None
    out = []
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        fen, _, moves = line.partition(";")
        board = chess.Board(fen)
        for uci in moves.split():
            board.push_uci(uci)
        fields = ["%016x" % chess.polyglot.zobrist_hash(board)]
        if reader is not None:
            for e in reader.find_all(board, minimum_weight=0):
                fields.append("%s/%d/%d" % (e.move.uci(), e.weight, e.learn))
        out.append(" ".join(fields))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
