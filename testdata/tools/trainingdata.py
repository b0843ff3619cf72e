#!/usr/bin/env python3
"""Read Tempest's self-play training data (docs/NNUE.md, "Data format" and
"Game files").

    trainingdata.py FILE...            one JSON object per record on stdout
    trainingdata.py --check FILE...    check every record with python-chess

A FILE is a shard of 32-byte records (TEMPDATA) or a game file (TEMPGAME,
".xz" compressed or not); a game file's games are replayed with python-chess
into the records they stand for. Written from the formats' description, not
from the Go code, so the tests use it as a second reader: every record must
decode to a legal position (python-chess), a kept position is never in
check and never has a mate score, and the records of one game share one
result and end with the last-of-game flag.
"""

import json
import lzma
import os
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


def uvarint(data, pos):
    shift = value = 0
    while True:
        if pos >= len(data):
            raise ValueError("a varint cut off")
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if b < 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise ValueError("a varint longer than 64 bits")


def move_key(move):
    """The game format's order of legal moves: castling as the king taking
    its own rook (python-chess writes it so on a Chess960 board)."""
    promo = move.promotion - 1 if move.promotion else 0  # knight 2 -> 1 ... queen 5 -> 4
    return move.from_square + 64 * move.to_square + 4096 * promo


def board_record(board, score, result, last):
    """The 32-byte record of a python-chess board, built from the table."""
    import chess
    rec = bytearray(32)
    struct.pack_into("<Q", rec, 0, board.occupied)
    for i, sq in enumerate(chess.SquareSet(board.occupied)):
        piece = board.piece_at(sq)
        rec[8 + i // 2] |= (piece.piece_type + (0 if piece.color else 8)) << (4 * (i % 2))
    rights = 0
    for bit, rook in enumerate((chess.H1, chess.A1, chess.H8, chess.A8)):
        if board.castling_rights & chess.BB_SQUARES[rook]:
            rights |= 1 << bit
    rec[24] = (0 if board.turn else 1) | rights << 1
    rec[25] = board.ep_square if board.has_legal_en_passant() else 255
    rec[26] = min(board.halfmove_clock, 255)
    rec[27] = result | (0x80 if last else 0)
    struct.pack_into("<hH", rec, 28, score, min(board.fullmove_number, 65535))
    return bytes(rec)


def game_records(body, name, first):
    """Replays the games of a game file's body; returns their records."""
    import chess
    out = []
    pos = 0
    game = first
    while pos < len(body):
        plies, pos = uvarint(body, pos)
        start = bytearray(32)
        start[0:8] = body[pos:pos + 8]
        pieces = bin(struct.unpack_from("<Q", start)[0]).count("1")
        if pieces > 32 or pos + 11 + (pieces + 1) // 2 > len(body):
            raise ValueError(f"{name} game {game}: a start position cut off or of {pieces} pieces")
        n = (pieces + 1) // 2
        start[8:8 + n] = body[pos + 8:pos + 8 + n]
        pos += 8 + n
        flags, ep, halfmove = body[pos:pos + 3]
        pos += 3
        fullmove, pos = uvarint(body, pos)
        start[24], start[25], start[26] = flags & 0x1F, ep, halfmove
        struct.pack_into("<H", start, 30, fullmove)
        result = flags >> 5 & 3
        board = chess.Board(decode(bytes(start))["fen"], chess960=True)
        kept, last_white = [], 0
        for ply in range(plies):
            if pos >= len(body):
                raise ValueError(f"{name} game {game}: ply {ply} cut off")
            moves = sorted(board.legal_moves, key=move_key)
            if body[pos] >= len(moves):
                raise ValueError(f"{name} game {game}: move index {body[pos]} of {len(moves)}")
            move = moves[body[pos]]
            pos += 1
            quiet = (not board.is_check() and not move.promotion and not board.is_en_passant(move)
                     and (board.is_castling(move) or board.piece_at(move.to_square) is None))
            if quiet:
                code, pos = uvarint(body, pos)
                if code:
                    z = code - 1
                    last_white += (z >> 1) ^ -(z & 1)
                    score = last_white if board.turn else -last_white
                    kept.append(board_record(board, score, result, False))
            board.push(move)
        if kept:
            kept[-1] = kept[-1][:27] + bytes([kept[-1][27] | 0x80]) + kept[-1][28:]
        out.extend(kept)
        game += 1
    return out


def read_game_file(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rb") as f:
        data = f.read()
    if len(data) < HEADER or data[:8] != b"TEMPGAME":
        raise ValueError(f"{path}: not a game file")
    version, first = struct.unpack_from("<II", data, 8)
    if version != 1:
        raise ValueError(f"{path}: game format version {version}")
    header = read_header(b"TEMPDATA" + struct.pack("<II", 2, RECORD) + data[16:HEADER], path)
    header["version"], header["first_game"] = version, first
    end = len(data)
    if os.path.exists(path + ".progress"):  # a shard being made: its finished games only
        with open(path + ".progress") as f:
            fields = f.read().split()
        if len(fields) != 4 or fields[:1] != ["games"] or fields[2] != "bytes":
            raise ValueError(f"{path}.progress: not 'games N bytes M'")
        end = int(fields[3])
        if not HEADER <= end <= len(data):
            raise ValueError(f"{path}.progress counts {end} bytes, the file holds {len(data)}")
    return header, [decode(r) for r in game_records(data[HEADER:end], path, first)]


def records(path):
    with open(path, "rb") as f:
        magic = f.read(8)
    if magic != b"TEMPDATA":
        return read_game_file(path)
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
