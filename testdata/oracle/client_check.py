#!/usr/bin/env python3
"""Drive Tempest through python-chess's chess.engine, as client programs do.

Usage: client_check.py ENGINE. Exits non-zero (with the reason) on the first
failure; python-chess itself rejects illegal moves and malformed info lines.
"""
import sys

import chess
import chess.engine


def check(cond, what):
    if not cond:
        raise SystemExit("FAIL: " + what)


def main():
    path = sys.argv[1]
    with chess.engine.SimpleEngine.popen_uci(path, timeout=20) as engine:
        check(engine.id.get("name", "").startswith("Tempest"), "id name: %r" % engine.id)
        for name in ("Hash", "Threads", "MultiPV", "Ponder", "Move Overhead", "UCI_Chess960"):
            check(name in engine.options, "option %s declared" % name)
        engine.configure({"Hash": 32, "Threads": 2, "Move Overhead": 50})

        # Analysis with several lines.
        board = chess.Board()
        infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
        check(len(infos) == 3, "three multipv lines, got %d" % len(infos))
        firsts = {info["pv"][0] for info in infos}
        check(len(firsts) == 3, "distinct first moves %s" % firsts)
        for info in infos:
            check(info["depth"] >= 8 and "score" in info and info["nodes"] > 0, "info fields %r" % info)

        # A mate in one is reported as such.
        mate = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
        info = engine.analyse(mate, chess.engine.Limit(depth=5))
        check(info["score"].relative.mate() == 1, "mate score %r" % info["score"])
        check(info["pv"][0] == chess.Move.from_uci("a1a8"), "mating move %r" % info["pv"])

        # Games against itself under a clock, standard and Chess960, with pondering.
        for start, chess960 in ((chess.Board(), False), (chess.Board.from_chess960_pos(518 + 1), True),
                                (chess.Board.from_chess960_pos(77), True)):
            board = start.copy()
            white = black = 2.0
            plies = 0
            while not board.is_game_over(claim_draw=True) and plies < 40:
                result = engine.play(board, chess.engine.Limit(white_clock=white, black_clock=black,
                                                               white_inc=0.05, black_inc=0.05),
                                     ponder=(plies % 2 == 0), info=chess.engine.INFO_SCORE)
                check(result.move in board.legal_moves, "legal move %s in %s" % (result.move, board.fen()))
                board.push(result.move)
                plies += 1
            check(plies > 10, "the game went on (%d plies, %s)" % (plies, board.result(claim_draw=True)))

        # Bad input does not break the engine: it still answers afterwards.
        # A "go" with a bad value still searches (with a note) and answers
        # with a bestmove; stop and the ping collect that answer before the
        # next command.
        engine.protocol.send_line("position fen this is no fen")
        engine.protocol.send_line("go depth x")
        engine.protocol.send_line("stop")
        engine.ping()
        info = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
        check(info["depth"] >= 4, "still answers after bad input")
    print("OK")


if __name__ == "__main__":
    main()
