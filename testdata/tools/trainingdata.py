#!/usr/bin/env python3
"""Read Tempest's self-play training data (docs/NNUE.md, "Data format").

    trainingdata.py SHARD...            one JSON object per record on stdout
    trainingdata.py --check SHARD...    check every record with python-chess

Written from the format's description, not from the Go code, so the tests
use it as a second reader: every record must decode to a legal position
(python-chess), a kept position is never in check and never has a mate
score, and the records of one game share one result and end with the
last-of-game flag.
"""

import json
import struct
import sys

HEADER = 64
RECORD = 32
PIECES = {1: "P", 2: "N", 3: "B", 4: "R", 5: "Q", 6: "K",
          9: "p", 10: "n", 11: "b", 12: "r", 13: "q", 14: "k"}
MATE_BOUND = 31000 - 128  # the search's mate scores lie beyond this


def read_header(data, name):
    if len(data) < HEADER or data[:8] != b"TEMPDATA":
        raise ValueError(f"{name}: not a training-data shard")
    version, size, seed, soft, hard, plies, hash_mb, crc = struct.unpack_from("<IIQIIHHI", data, 8)
    if version not in (1, 2) or size != RECORD:
        raise ValueError(f"{name}: version {version}, record size {size}")
    if version == 1:  # the build filled bytes 40-63; no net
        build, net = data[40:64], bytes(8)
    else:
        build, net = data[40:56], data[56:64]
    evaluation = "hand-crafted" if net == bytes(8) else "net " + net.hex()
    return {"version": version, "seed": seed, "soft_nodes": soft, "hard_nodes": hard, "random_plies": plies,
            "hash_mb": hash_mb, "openings_crc": crc, "build": build.rstrip(b"\0").decode("ascii"),
            "evaluation": evaluation}


def decode(rec):
    occupied, = struct.unpack_from("<Q", rec, 0)
    board = {}
    i = 0
    for sq in range(64):
        if occupied >> sq & 1:
            if i >= 32:
                raise ValueError("more than 32 occupied squares")
            code = rec[8 + i // 2] >> (4 * (i % 2)) & 15
            if code not in PIECES:
                raise ValueError(f"piece code {code}")
            board[sq] = PIECES[code]
            i += 1
    ranks = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            p = board.get(rank * 8 + file)
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        if empty:
            row += str(empty)
        ranks.append(row)
    side = "b" if rec[24] & 1 else "w"
    castling = "".join(c for bit, c in enumerate("KQkq") if rec[24] >> (1 + bit) & 1) or "-"
    ep = rec[25]
    ep_text = "-" if ep == 255 else "abcdefgh"[ep % 8] + str(ep // 8 + 1)
    fullmove, = struct.unpack_from("<H", rec, 30)
    score, = struct.unpack_from("<h", rec, 28)
    fen = f"{'/'.join(ranks)} {side} {castling} {ep_text} {rec[26]} {max(fullmove, 1)}"
    return {"fen": fen, "score": score, "result": rec[27] & 3, "last": bool(rec[27] & 0x80)}


def records(path):
    with open(path, "rb") as f:
        data = f.read()
    header = read_header(data, path)
    body = data[HEADER:]
    if len(body) % RECORD:
        raise ValueError(f"{path}: {len(body) % RECORD} bytes after the last whole record")
    return header, [decode(body[i:i + RECORD]) for i in range(0, len(body), RECORD)]


def check(path):
    import chess
    header, recs = records(path)
    game_result = None
    games = 0
    for n, r in enumerate(recs):
        board = chess.Board(r["fen"])
        if not board.is_valid():
            raise ValueError(f"{path} record {n}: {r['fen']} is not a legal position ({board.status()!r})")
        if board.is_check():
            raise ValueError(f"{path} record {n}: {r['fen']} is in check")
        if abs(r["score"]) >= MATE_BOUND:
            raise ValueError(f"{path} record {n}: mate score {r['score']}")
        if r["result"] not in (0, 1, 2):
            raise ValueError(f"{path} record {n}: result code {r['result']}")
        if game_result is None:
            game_result = r["result"]
        elif r["result"] != game_result:
            raise ValueError(f"{path} record {n}: result {r['result']} within a game of result {game_result}")
        if r["last"]:
            games += 1
            game_result = None
    if game_result is not None:
        raise ValueError(f"{path}: the last game has no last-of-game record")
    return {"path": path, "records": len(recs), "games": games, **header}


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    if argv[0] == "--check":
        for path in argv[1:]:
            print(json.dumps(check(path)))
        return 0
    for path in argv:
        _, recs = records(path)
        for r in recs:
            print(json.dumps(r))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except ValueError as e:
        print(f"trainingdata.py: {e}", file=sys.stderr)
        sys.exit(1)
