#!/usr/bin/env python3
"""pgn_corpus.py - the game records other programs write, for the loadpgn tests.

  .venv/bin/python testdata/tools/pgn_corpus.py            # write the generated files and expected.tsv
  .venv/bin/python testdata/tools/pgn_corpus.py --check    # only say whether expected.tsv is current

testdata/pgn holds records as other programs write them (testdata/SOURCES.md
says where each came from). This script writes the ones made here:

  python-chess.pgn  python-chess's exporter: comments, NAGs, variations, a
                    Chess960 game, a game from a FEN, under- and en-passant moves
  lichess.pgn       lichess's export layout, written by python-chess: [%eval]
                    and [%clk] comments, move annotations (?!, !!), the
                    Variant tags "Standard" and "From Position"
  layout-*.pgn      the same games in the forms readers trip on: a UTF-8 byte
                    order mark with CRLF line ends, Latin-1 names, tabs and
                    several tag pairs on one line, comments and escape lines
                    before the tags, "0-0" castling and a separate "e.p."

and then expected.tsv, the oracle: for every game of every file, as
python-chess reads it, its number of moves and its final position (for
layout-tags.pgn, which python-chess cannot read, those of the games it was
made from).
Needs python-chess.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys

import chess
import chess.engine
import chess.pgn

DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pgn")


def random_game(seed: int, board: chess.Board, plies: int) -> chess.pgn.Game:
    rng = random.Random(seed)
    game = chess.pgn.Game()
    game.setup(board)
    node = game
    b = board.copy()
    for _ in range(plies):
        moves = sorted(b.legal_moves, key=lambda m: m.uci())
        if not moves:
            break
        # Captures and checks first now and then, so games reach endings.
        sharp = [m for m in moves if b.is_capture(m) or b.gives_check(m)]
        m = rng.choice(sharp if sharp and rng.random() < 0.6 else moves)
        node = node.add_variation(m)
        b.push(m)
    outcome = b.outcome(claim_draw=False)
    game.headers["Result"] = outcome.result() if outcome else "*"
    return game


def python_chess_file() -> str:
    out = []
    g = chess.pgn.Game()
    g.headers.update({"Event": "python-chess export", "White": "Müller, Jürgen", "Black": "O'Neil", "Result": "1-0"})
    node = g
    for san, comment, nag in [("e4", "best by test", chess.pgn.NAG_GOOD_MOVE), ("e5", "", None),
                              ("Nf3", "", None), ("Nc6", "a {braced} word is escaped", None),
                              ("Bc4", "", chess.pgn.NAG_SPECULATIVE_MOVE), ("Nf6", "", None),
                              ("Ng5", "", None), ("d5", "", None), ("exd5", "", None), ("Nxd5", "", None),
                              ("Nxf7", "the Fried Liver", chess.pgn.NAG_BRILLIANT_MOVE)]:
        parent = node
        node = node.add_variation(node.board().parse_san(san))
        if comment:
            node.comment = comment
        if nag:
            node.nags.add(nag)
        if san == "Ng5":
            side = parent.add_variation(parent.board().parse_san("O-O"))
            side.comment = "the quiet line"
            side.add_variation(side.board().parse_san("Nxe4"))
    out.append(str(g))
    # En passant and an underpromotion, from a FEN.
    b = chess.Board("4k3/1P6/8/8/5p2/8/4P3/4K3 w - - 0 1")
    g = chess.pgn.Game()
    g.setup(b)
    g.headers["Result"] = "*"
    node = g
    for uci in ["e2e4", "f4e3", "b7b8n", "e8f7"]:
        node = node.add_variation(chess.Move.from_uci(uci))
    out.append(str(g))
    # Chess960: python-chess writes Variant "Chess960" and the FEN.
    b = chess.Board.from_chess960_pos(518 - 3)
    out.append(str(random_game(11, b, 70)))
    for seed in (1, 2):
        out.append(str(random_game(seed, chess.Board(), 120)))
    return "\n\n".join(out) + "\n"


def lichess_file() -> str:
    out = []
    for seed, variant in ((3, "Standard"), (4, "From Position")):
        board = chess.Board() if variant == "Standard" else chess.Board(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        g = random_game(seed, board, 60)
        g.headers.update({"Event": "Rated Blitz game", "Site": "https://lichess.org/abcdEFGH", "Date": "2024.03.09",
                          "White": "player_one", "Black": "player-two", "UTCDate": "2024.03.09",
                          "UTCTime": "18:04:11", "WhiteElo": "1843", "BlackElo": "1790",
                          "WhiteRatingDiff": "+6", "BlackRatingDiff": "-6", "Variant": variant,
                          "TimeControl": "180+2", "ECO": "C44", "Termination": "Normal"})
        clock = [180.0, 180.0]
        rng = random.Random(seed)
        for i, node in enumerate(g.mainline()):
            clock[i % 2] = max(0.0, clock[i % 2] - rng.uniform(0.5, 6.0) + 2)
            node.set_eval(chess.engine.PovScore(chess.engine.Cp(rng.randint(-150, 150)), chess.WHITE))
            node.set_clock(clock[i % 2])
            if i % 7 == 3:
                node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
        if g.headers["Result"] == "*":
            g.headers["Result"] = "0-1"  # resigned, as lichess records it
            g.headers["Termination"] = "Normal"
        out.append(str(g))
    return "\n\n".join(out) + "\n"


def layout_files(games: str) -> dict:
    """The first two games of python-chess.pgn in awkward layouts."""
    first = list(read_games(games))[:2]
    texts = [str(g) for g in first]
    files = {}
    files["layout-bom-crlf.pgn"] = ("\ufeff" + "\n\n".join(texts) + "\n").replace("\n", "\r\n").encode("utf-8")
    files["layout-latin1.pgn"] = ("\n\n".join(texts) + "\n").encode("latin-1")
    # Tags several to a line, separated by tabs and spaces, and spaces inside
    # the brackets, as hand edits and some old programs leave them.
    lines = []
    for t in texts:
        tags, moves = t.split("\n\n", 1)
        tag_lines = tags.split("\n")
        joined = "\t".join(tag_lines[:3]) + "\n" + " ".join(tag_lines[3:5]) + "\n"
        joined += "\n".join(l.replace("[", "[ ", 1).replace("]", " ]") for l in tag_lines[5:])
        lines.append("{ a comment before the tags }\n% an escape line\n; a rest-of-line comment\n" + joined + "\n\n" + moves)
    files["layout-tags.pgn"] = ("\n\n".join(lines) + "\n").encode("utf-8")
    # "0-0" castling and an "e.p." apart from its move.
    files["layout-notation.pgn"] = ('[Event "notation"]\n[Result "*"]\n\n'
                                    "1. e4 Nf6 2. e5 d5 3. exd6 e.p. e6 4. Nf3 Be7 5. Bd3 0-0 6. 0-0 *\n").encode()
    return files


def read_games(text: str):
    f = io.StringIO(text)
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            return
        yield g


def decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# Files python-chess cannot read itself (it takes one tag pair to a line,
# with no space after "["): their games are the first ones of the file they
# were made from, so that file's rows are their oracle.
MADE_FROM = {"layout-tags.pgn": ("python-chess.pgn", 2)}


def rows_of(name: str) -> list:
    with open(os.path.join(DIR, name), "rb") as f:
        text = decode(f.read())
    rows = []
    for g in read_games(text):
        if dict(g.headers) == dict(chess.pgn.Game().headers) and not g.variations:
            continue  # python-chess reads a comment before the first tags as a game of its own
        if g.errors:
            raise SystemExit("%s game %d: python-chess: %s" % (name, len(rows) + 1, g.errors[0]))
        board = g.end().board()
        rows.append((len(list(g.mainline_moves())), board.fen()))
    return rows


def expected() -> str:
    rows = ["# file\tgame\tmoves\tfinal FEN (python-chess)"]
    for name in sorted(os.listdir(DIR)):
        if not name.endswith(".pgn"):
            continue
        games = rows_of(name) if name not in MADE_FROM else rows_of(MADE_FROM[name][0])[:MADE_FROM[name][1]]
        for i, (moves, fen) in enumerate(games):
            rows.append("%s\t%d\t%d\t%s" % (name, i + 1, moves, fen))
    return "\n".join(rows) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if not a.check:
        pc = python_chess_file()
        files = {"python-chess.pgn": pc.encode(), "lichess.pgn": lichess_file().encode()}
        files.update(layout_files(pc))
        for name, data in files.items():
            with open(os.path.join(DIR, name), "wb") as f:
                f.write(data)
    want = expected()
    path = os.path.join(DIR, "expected.tsv")
    if a.check:
        with open(path) as f:
            if f.read() != want:
                print("expected.tsv is not current: run pgn_corpus.py")
                return 1
        return 0
    with open(path, "w") as f:
        f.write(want)
    return 0


if __name__ == "__main__":
    sys.exit(main())
