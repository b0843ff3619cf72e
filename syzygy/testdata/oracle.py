"""Tablebase oracle for the syzygy package's tests: python-chess's prober.

usage: oracle.py TABLE_DIRS FEN_FILE [--moves]

TABLE_DIRS is a list of directories separated by os.pathsep. For each FEN of
FEN_FILE (one a line) it prints one line: the position's WDL and DTZ from the
side to move's view, "none" where python-chess cannot probe. With --moves the
line goes on with one "uci:wdl:dtz" item per legal move, giving the values of
the position after the move (from the view of the side then to move).
"""

import os
import sys

import chess
import chess.syzygy


def value(x):
    return "none" if x is None else str(x)


def main():
    dirs, fen_file = sys.argv[1], sys.argv[2]
    with_moves = "--moves" in sys.argv[3:]
    tb = chess.syzygy.Tablebase()
    for d in dirs.split(os.pathsep):
        if d:
            tb.add_directory(d)
    out = []
    with open(fen_file) as f:
        for line in f:
            fen = line.strip()
            if not fen:
                continue
            board = chess.Board(fen)
            items = [value(tb.get_wdl(board)), value(tb.get_dtz(board))]
            if with_moves:
                for move in list(board.legal_moves):
                    board.push(move)
                    items.append("%s:%s:%s" % (move.uci(), value(tb.get_wdl(board)), value(tb.get_dtz(board))))
                    board.pop()
            out.append(" ".join(items))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
