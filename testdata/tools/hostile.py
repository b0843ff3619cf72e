#!/usr/bin/env python3
"""hostile.py - try to break a Tempest engine the way a hostile frontend would.

  python3 hostile.py ./engine                     # every scenario, then 300 random scripts
  python3 hostile.py ./engine --list              # the scenarios
  python3 hostile.py ./engine --only f04,go-matrix -v
  python3 hostile.py ./engine --scenarios none --random 5000 --seed 7   # random scripts only

Each scenario starts a fresh engine process, sends what a careless or hostile
GUI may send (malformed positions and moves, out-of-range options and clocks,
commands in one write, quit in the middle of a job, broken game records) and
checks what must hold whatever was sent:

  * the process never dies unless told to quit, and prints no Go panic;
  * isready is answered within a second, also while a job runs;
  * every search "go" gets exactly one bestmove, and it is a legal token;
  * quit and the end of input end the process within a few seconds;
  * every position string the engine prints ("state") it accepts back;
  * every record it writes ("pgn") it reads back to the same game.

The scenarios named fNN reproduce the findings of issue 14, one each; the
others check the classes those findings belong to (of issue 35's:
game-switch-files, switch-leak and records: options of one game never break
another, a game switch releases what the old engine held, records other
programs write load; arguments and memory-limits: command lines end, and
memory limits are measured as the kernel applies them; files: paths that name
FIFOs, devices, directories, huge or truncated files, and a book beyond an
address-space limit). The random mode mixes
valid and malformed commands in all four games from a seeded generator, so a
failure is reproduced with --seed and --only random. Exit code 1 if anything
failed. Needs only Python 3.
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from typing import Callable, Dict, List, Optional

VARIANTS = ["chess", "chessmate", "chameleon", "stratego"]


class Fail(Exception):
    pass


class Engine:
    """One engine process: lines in, lines out, stderr kept for panics."""

    def __init__(self, argv: List[str], verbose: bool = False):
        self.verbose = verbose
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True)
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self.stderr: List[str] = []
        self.transcript: List[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self) -> None:
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self.transcript.append("< " + line[:300])
            if self.verbose:
                print("   <", line[:200])
            self.lines.put(line)
        self.lines.put(None)

    def _read_err(self) -> None:
        for raw in self.proc.stderr:
            self.stderr.append(raw.decode("utf-8", "replace"))

    def raw(self, data: bytes) -> None:
        """Send bytes as one write."""
        self.transcript.append("> " + data.decode("utf-8", "replace")[:300].replace("\n", "\\n"))
        if self.verbose:
            print("   >", data[:200])
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Fail("the engine no longer reads its input (%s)" % self.exit_note())

    def send(self, *lines: str) -> None:
        for line in lines:
            self.raw((line + "\n").encode())

    def close_input(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass

    def exit_note(self) -> str:
        code = self.proc.poll()
        note = "running" if code is None else "exited with %s" % code
        panic = self.panic()
        return note + (", " + panic if panic else "")

    def panic(self) -> str:
        text = "".join(self.stderr)
        m = re.search(r"(panic:.*|fatal error:.*)", text)
        return m.group(1)[:300] if m else ""

    def read(self, timeout: float) -> Optional[str]:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self.lines.put(None)
            raise Fail("the engine closed its output (%s)" % self.exit_note())
        return line

    def expect(self, prefix: str, timeout: float = 5.0, collect: Optional[List[str]] = None) -> str:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Fail("no %r within %.1f s" % (prefix, timeout))
            line = self.read(left)
            if line is None:
                continue
            if collect is not None:
                collect.append(line)
            if line.startswith(prefix):
                return line

    def quiet(self, prefix: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            line = self.read(max(0.0, deadline - time.monotonic()))
            if line is not None and line.startswith(prefix):
                raise Fail("unexpected %r" % line)

    def ping(self, timeout: float = 1.0, collect: Optional[List[str]] = None) -> None:
        """isready must be answered at once, whatever runs."""
        self.send("isready")
        self.expect("readyok", timeout, collect)

    def ask(self, command: str, prefix: str, timeout: float = 5.0) -> str:
        self.send(command)
        return self.expect(prefix, timeout)

    def until_ready(self, timeout: float = 5.0) -> List[str]:
        """Everything printed up to the answer of an isready."""
        got: List[str] = []
        self.ping(timeout, got)
        return got[:-1]

    def ended(self, timeout: float) -> None:
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Fail("the engine did not exit within %.1f s" % timeout)
        if self.panic():
            raise Fail("the engine panicked: " + self.panic())

    def rss_mb(self) -> float:
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()

    def check_alive(self) -> None:
        if self.proc.poll() is not None or self.panic():
            raise Fail("the engine died: " + self.exit_note())


def errors_in(lines: List[str]) -> List[str]:
    return [l for l in lines if l.startswith("info string error")]


def legal_tokens(e: Engine) -> List[str]:
    return e.ask("legalmoves", "legalmoves").split()[1:]


def state(e: Engine) -> Dict[str, str]:
    e.send("state")
    head = e.expect("state variant")
    pos = e.expect("state position")
    f = head.split()
    out = {f[i]: f[i + 1] for i in range(1, len(f) - 1, 2)}
    out["position"] = pos[len("state position "):]
    return out


def position_accepted(e: Engine, variant: str, pos: str) -> None:
    """The engine must accept back a position string it printed."""
    e.send("position fen " + pos)
    errs = errors_in(e.until_ready())
    if errs:
        raise Fail("%s: the engine refuses its own position %r: %s" % (variant, pos[:120], errs[0][:200]))


def search(e: Engine, go: str, timeout: float = 20.0) -> str:
    """Run a search; exactly one bestmove, checked against legalmoves."""
    legal = legal_tokens(e)
    e.send(go)
    got: List[str] = []
    best = e.expect("bestmove", timeout, got)
    e.until_ready()  # a second bestmove would arrive before readyok? not always: wait a moment too
    e.quiet("bestmove", 0.1)
    move = best.split()[1] if len(best.split()) > 1 else ""
    if move not in legal and move not in ("(none)", "0000"):
        raise Fail("%r answered %r, not among legalmoves %s" % (go, best, " ".join(legal[:20])))
    return move


# ---------------------------------------------------------------- scenarios

SCENARIOS: Dict[str, Callable[[Engine], None]] = {}
DESCRIPTIONS: Dict[str, str] = {}


def scenario(name: str, description: str):
    def wrap(fn):
        SCENARIOS[name] = fn
        DESCRIPTIONS[name] = description
        return fn
    return wrap


CARD = "setoption name UCI_Variant value chessmate"
CHAM = "setoption name UCI_Variant value chameleon"
STRAT = "setoption name UCI_Variant value stratego"
START_CM = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@scenario("f01", "card chess: a draw suffix naming a visible card is refused; go still answers")
def f01(e: Engine) -> None:
    e.send(CARD, "position fen %s - - - MS,VU,RV/?,?,? 9 - -" % START_CM, "play MS:e2@RV")
    if not errors_in(e.until_ready()):
        raise Fail("play MS:e2@RV (RV is in White's hand) was accepted")
    e.send("play e2e4", "play e7e5")
    search(e, "go depth 1")


@scenario("f02", "counters at the parser's limit stay readable in every game")
def f02(e: Engine) -> None:
    cases = [
        ("chess", "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1048576 moves e7e5"),
        ("chessmate", "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1048576 - - - MS,VU,RV/?,?,? 9 - - moves e7e5"),
    ]
    for variant, cmd in cases:
        e.send("setoption name UCI_Variant value " + variant, cmd)
        errs = errors_in(e.until_ready())
        if errs:
            raise Fail("%s: %s" % (variant, errs[0]))
        position_accepted(e, variant, state(e)["position"])
        if variant == "chessmate":
            e.send("play e2e4")  # White's own move from its view
        search(e, "go depth 1")
    for variant in ("chameleon", "stratego"):
        e.send("setoption name UCI_Variant value " + variant, "position startpos" + (" seed 3" if variant == "stratego" else ""))
        st = state(e)["position"].split()
        st[-1] = str(1 << (30 if variant == "chameleon" else 24))
        e.send("position fen " + " ".join(st))
        if errors_in(e.until_ready()):
            continue  # the limit differs: the point is only what the engine prints
        tok = legal_tokens(e)[0]
        e.send("play " + tok)
        e.until_ready()
        position_accepted(e, variant, state(e)["position"])


@scenario("f03", "Hash at the advertised maximum and beyond does not kill the engine")
def f03(e: Engine) -> None:
    e.send("uci")
    hash_line = e.expect("option name Hash")
    e.expect("uciok")
    top = int(hash_line.split(" max ")[1].split()[0])
    for value in (65536, top, 1 << 40, 16):
        e.send("setoption name Hash value %d" % value)
        e.ping(30.0)  # a large table takes a moment to map
        e.check_alive()
    search(e, "go depth 3")


@scenario("f04", "ponderhit in the same write as go ponder is not lost")
def f04(e: Engine) -> None:
    for _ in range(25):
        e.raw(b"position startpos moves e2e4\ngo ponder wtime 300 btime 300\nponderhit\n")
        e.expect("bestmove", 5.0)


@scenario("f05", "card chess: ponderhit reaches every sampled world")
def f05(e: Engine) -> None:
    e.send(CARD, "position startpos seed 3 moves e2e4")
    for gap in (0.0, 0.2):
        e.send("go ponder wtime 2000 btime 2000")
        time.sleep(gap)
        e.send("ponderhit")
        e.expect("bestmove", 10.0)


@scenario("f06", "Chameleon Chess: quit and end of input during go depth/nodes exit at once")
def f06(e: Engine) -> None:
    e.send(CHAM, "position startpos", "go depth 40")
    e.ping()
    e.send("quit")
    e.expect("bestmove", 3.0)
    e.ended(3.0)


@scenario("f06-eof", "Chameleon Chess: end of input during go nodes exits at once")
def f06eof(e: Engine) -> None:
    e.send(CHAM, "position startpos", "go nodes 4000000000")
    e.ping()
    e.close_input()
    e.ended(3.0)


@scenario("f07", "bench and variant go perft run beside the command loop")
def f07(e: Engine) -> None:
    e.send("bench 40")
    e.ping()
    e.send("stop")
    e.expect("info string bench stopped", 3.0)
    for variant in ("chessmate", "chameleon", "stratego"):
        e.send("setoption name UCI_Variant value " + variant, "position startpos", "go perft 9")
        e.ping()
        e.send("stop")
        e.expect("info string perft stopped", 3.0)
    e.send("go perft 9")
    e.ping()
    e.send("quit")
    e.ended(3.0)


@scenario("f08", "during a search, loadpgn does not swallow stop, isready or quit")
def f08(e: Engine) -> None:
    e.send("position startpos", "go infinite", "loadpgn", '[Event "x"]')
    e.ping()
    e.send("stop")
    e.expect("bestmove", 3.0)
    e.send("", "1. e4 e5 *", "endpgn")
    e.expect("loadpgn ok", 3.0)
    e.send("go infinite", "loadpgn", '[Event "y"]', "quit")
    e.ended(3.0)


@scenario("f09", "card chess: searching with the mover's own hand hidden is refused, with one bestmove")
def f09(e: Engine) -> None:
    e.send(CARD, "position fen %s - - - ?,?,?/HF,LC,RB 9 - -" % START_CM, "go depth 3")
    got: List[str] = []
    best = e.expect("bestmove", 5.0, got)
    if not errors_in(got):
        raise Fail("no error before %r" % best)
    if best != "bestmove (none)":
        raise Fail("the engine played %r from a hand it cannot see" % best)
    e.until_ready()
    e.quiet("bestmove", 0.2)


@scenario("f10", "position startpos deal with an unknown card is refused")
def f10(e: Engine) -> None:
    e.send(CARD, "position startpos deal ?,DM,DD,MS,VU,RV,LC,LJ,HF,HQ,CW,FC,RB,CR,DI")
    if not errors_in(e.until_ready()):
        raise Fail("a deal with ? was accepted")


def load_record(e: Engine, text: str) -> List[str]:
    e.send("loadpgn", *text.split("\n"), "endpgn")
    return e.until_ready()


@scenario("f11", "Chameleon Chess: a record with a forced pass 0000 loads whole")
def f11(e: Engine) -> None:
    # Red's pawn on f4 cannot move: Red must pass; then a few more moves.
    e.send(CHAM, "position fen e3g5 g5yg,f4rb r 7 20")
    if legal_tokens(e) != ["0000"]:
        raise Fail("the test position has no forced pass: %s" % legal_tokens(e))
    for _ in range(3):
        legal = legal_tokens(e)
        if not legal:
            break
        e.send("play " + legal[0])
        e.until_ready()
    e.send("history")
    hist = e.expect("history moves").split()[2:]
    e.send("pgn")
    rec: List[str] = []
    e.expect("pgn end", 5.0, rec)
    text = "\n".join(l for l in rec if l not in ("pgn begin", "pgn end"))
    got = load_record(e, text)
    if errors_in(got):
        raise Fail("the engine's own record does not load: %s" % errors_in(got)[0])
    e.send("history")
    again = e.expect("history moves").split()[2:]
    if again != hist:
        raise Fail("reloaded %d of %d actions (passes: %d)" % (len(again), len(hist), hist.count("0000")))


@scenario("f12", "truncated records are never loaded silently")
def f12(e: Engine) -> None:
    for text in ('[Event "x"]', '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3'):
        got = load_record(e, text)
        if not any("error" in l or "warning" in l for l in got):
            raise Fail("%r loaded without a word" % text)


@scenario("f13", "a result mid-movetext or text after the result is not ignored")
def f13(e: Engine) -> None:
    for text in ('[Event "x"]\n\n1. e4 e5 1-0 2. Nf3 Nc6 *', '[Event "x"]\n\n1. e4 e5 * 2. Nf3'):
        got = load_record(e, text)
        if not errors_in(got) and not any("warning" in l for l in got):
            raise Fail("%r loaded without a word" % text)


@scenario("f14", "results are checked and tags kept")
def f14(e: Engine) -> None:
    if not errors_in(load_record(e, '[Event "x"]\n\n1. f3 e5 2. g4 Qh4# 1-0')):
        raise Fail("a mated side's win was accepted")
    if not errors_in(load_record(e, '[Event "x"]\n[Result "banana"]\n\n1. e4 *')):
        raise Fail('[Result "banana"] was accepted')
    text = '[Event "Club"]\n[Site "Here"]\n[Date "2026.01.02"]\n[Round "3"]\n[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 e5 1-0'
    if errors_in(load_record(e, text)):
        raise Fail("a resignation record was refused")
    e.send("pgn")
    rec: List[str] = []
    e.expect("pgn end", 5.0, rec)
    body = "\n".join(rec)
    for tag in ('[White "Ann"]', '[Black "Bob"]', '[Event "Club"]', '[Date "2026.01.02"]', '[Result "1-0"]'):
        if tag not in body:
            raise Fail("re-saved record lost %s" % tag)


@scenario("f15", "an over-long line inside loadpgn fails the load")
def f15(e: Engine) -> None:
    e.send("position startpos moves d2d4", "loadpgn", '[Event "x"]', "", "{" + "x" * (1 << 20) + "}", "1. e4 *", "endpgn")
    got = e.until_ready(10.0)
    if any(l.startswith("loadpgn ok") for l in got):
        raise Fail("the record loaded although a line was dropped")
    if state(e)["position"] != "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1":
        raise Fail("the game changed")


@scenario("f16", "card chess: a game driven by views accepts the opponent's cards with @?")
def f16(e: Engine) -> None:
    e.send(CARD, "position startpos seed 11")
    e.send("view w")
    white_view = e.expect("view w ")[len("view w "):]
    e.send("position fen " + white_view)
    if errors_in(e.until_ready()):
        raise Fail("White's view is refused")
    e.send("play e2e4")
    e.until_ready()
    legal = legal_tokens(e)
    if not any(":" in t for t in legal):
        raise Fail("no card action listed for the opponent's hidden hand: %s" % " ".join(legal[:10]))
    e.send("view b")
    got = e.until_ready()
    if not errors_in(got) and not any(l.startswith("view b") for l in got):
        raise Fail("view b of White's view answered nothing")


@scenario("f17", "Chess960-style position with UCI_Chess960 false: tokens distinct and playable")
def f17(e: Engine) -> None:
    fen = "1r3k1r/8/8/8/8/8/8/1R3K1R w HBhb - 0 1"
    e.send("position fen " + fen)
    legal = legal_tokens(e)
    if len(legal) != len(set(legal)):
        raise Fail("duplicate tokens: %s" % " ".join(t for t in legal if legal.count(t) > 1))
    for tok in legal:
        e.send("position fen %s moves %s" % (fen, tok))
        if errors_in(e.until_ready()):
            raise Fail("listed token %s is refused" % tok)
    e.send("position fen " + fen)
    best = search(e, "go depth 6")
    if best[:2] == best[2:4]:
        raise Fail("bestmove %s" % best)


@scenario("f18", "d/eval after a variant switch, bounded error lines, CR line ends, bench 1abc, Threads memory")
def f18(e: Engine) -> None:
    e.send("position startpos moves e2e4", CHAM, "d", "eval")
    got = e.until_ready()
    if any(l.startswith("Fen: ") for l in got):
        raise Fail("d shows the old chess board after the switch")
    e.send("setoption name UCI_Variant value chess", "position fen " + "Q" * 5000, "x" * 5000)
    for l in e.until_ready():
        if len(l) > 600:
            raise Fail("a %d-byte diagnostic" % len(l))
    e.raw(b"position startpos moves e2e4\rd\r")
    e.expect("Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b", 3.0)
    e.send("bench 1abc")
    got = e.until_ready()
    if not errors_in(got):
        raise Fail("bench 1abc ran")
    e.quiet("", 0.3)
    base = e.rss_mb()
    e.send("setoption name Threads value 512")
    e.ping(10.0)
    e.send("go depth 2")
    e.expect("bestmove", 20.0)
    e.send("setoption name Threads value 1")
    e.ping()
    e.send("go depth 2")  # the next search runs with one worker; the others are garbage now
    e.expect("bestmove", 10.0)
    time.sleep(2.5)  # the runtime returns freed memory in the background
    after = e.rss_mb()
    if after > base + 150:
        raise Fail("RSS %d MiB after Threads 512 then 1 (was %d)" % (after, base))


def leaves(e: Engine, fen: str, moves: List[str], depth: int) -> int:
    """Perft by the rules service alone: legalmoves after every line."""
    e.send("position fen %s%s" % (fen, (" moves " + " ".join(moves)) if moves else ""))
    legal = legal_tokens(e)
    if depth == 1:
        return len(legal)
    return sum(leaves(e, fen, moves + [t], depth - 1) for t in legal)


@scenario("f19", "perft counts nothing below a finished game (a claim, a repetition)")
def f19(e: Engine) -> None:
    cases = [("chessmate", "k7/8/8/8/8/8/2q5/K7 w - - 0 1 - - - FC,MS,CW/LJ,CH,RV DD,DM,RB,LC,HQ,CR,HF,VU,DI - -", [], 2),
             ("stratego", "9f/e9/10/10/10/10/E9/9F v 00 -,- - 0 0", "a2b2 a7b7 b2a2 b7a7 a2b2".split(), 4),
             ("chameleon", "a1h8 e8yg,f8yr,g8yb,h8yy,a1rr,b1rg,c1ry,d1rb r 0 0", "b1c3 e8d6 c3b1 d6e8 b1c3".split(), 3),
             ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", [], 2)]
    for variant, fen, moves, depth in cases:
        e.send("setoption name UCI_Variant value " + variant)
        want = leaves(e, fen, moves, depth)
        e.send("position fen %s%s" % (fen, (" moves " + " ".join(moves)) if moves else ""), "go perft %d" % depth)
        got = int(e.expect("Nodes searched", 30.0).split()[-1])
        if got != want:
            raise Fail("%s: go perft %d counts %d, the rules service %d" % (variant, depth, got, want))


GO_PARAMS = ["depth", "depth x", "depth 0", "depth -3", "nodes 0", "nodes -1", "movetime 0",
             "movetime -50", "wtime -100 btime -100", "wtime 0 btime 0 winc 0 binc 0",
             "wtime 99999999999999999999 btime 1 depth 2", "btime 500", "time 500 inc -5",
             "movestogo 0 wtime 300 btime 300", "movestogo -5 wtime 300 btime 300",
             "movestogo 99999999 wtime 300 btime 300", "mate 0 depth 2", "frobnicate",
             "searchmoves zz depth 2", "depth 2 searchmoves", "infinite depth 2 ponder"]


@scenario("go-matrix", "every go in every game gets exactly one bestmove, whatever its values")
def go_matrix(e: Engine) -> None:
    for variant in VARIANTS:
        e.send("setoption name UCI_Variant value " + variant,
               "position startpos" + (" seed 4" if variant in ("chessmate", "stratego") else ""))
        for params in GO_PARAMS:
            legal = legal_tokens(e)
            e.send("go " + params)
            if "infinite" in params or "ponder" in params:
                e.ping()
                e.quiet("bestmove", 0.2)
                e.send("stop")
            best = e.expect("bestmove", 10.0).split()[1]
            e.until_ready()
            e.quiet("bestmove", 0.1)
            if best not in legal:
                raise Fail("%s: go %s answered %s" % (variant, params, best))


@scenario("quit-jobs", "quit and end of input end every job of every game at once")
def quit_jobs(e: Engine) -> None:
    e.kill()  # this scenario starts its own processes
    jobs = [("chess", "go infinite"), ("chess", "go depth 60"), ("chess", "go perft 9"), ("chess", "bench 40"),
            ("chessmate", "go depth 60"), ("chessmate", "go perft 9"), ("chameleon", "go depth 60"),
            ("chameleon", "go perft 9"), ("stratego", "go infinite"), ("stratego", "go perft 9")]
    for variant, job in jobs:
        for end in ("quit", "eof"):
            p = Engine(ENGINE_ARGV)
            try:
                p.send("setoption name UCI_Variant value " + variant,
                       "position startpos" + (" seed 4" if variant in ("chessmate", "stratego") else ""), job)
                p.ping()
                if end == "quit":
                    p.send("quit")
                else:
                    p.close_input()
                try:
                    p.ended(3.0)
                except Fail as f:
                    raise Fail("%s %s, then %s: %s" % (variant, job, end, f))
            finally:
                p.kill()


def run_args(argv: List[str], timeout: float) -> "subprocess.CompletedProcess[str]":
    """Run the engine to its end with argv; a Fail if it outlives timeout."""
    try:
        return subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Fail("%s did not end within %.0f s" % (" ".join(repr(a) for a in argv[-3:]), timeout))


def no_panic(r: "subprocess.CompletedProcess[str]", what: str) -> None:
    m = re.search(r"(panic:.*|fatal error:.*)", r.stderr)
    if m:
        raise Fail("%s: %s" % (what, m.group(1)[:200]))


# The smallest ulimit -v (KiB) that holds the defaults, with room for the
# runtime mapping more on a loaded machine (docs/PROTOCOL.md, "Memory
# limits"; cmd/engine's smallestAddressLimit).
SMALLEST_ADDRESS_LIMIT = 960000


def under_limit(kib: int, args: List[str]) -> List[str]:
    return ["sh", "-c", 'ulimit -v %d && exec "$0" "$@"' % kib] + ENGINE_ARGV + args


# Command-line argument lists: each ends on its own, whatever go it holds,
# with one bestmove per go, and the exit code says whether a line failed.
ARGUMENT_LISTS = [([], ["go", "quit"], 0), ([], ["go"], 0), ([], ["go searchmoves e2e4"], 0),
                  ([], ["go mate 1"], 0), ([], ["go movestogo 5"], 0), ([], ["go winc 100 binc 100"], 0),
                  ([], ["go inc 100"], 0), ([], ["go infinite"], 0), ([], ["go ponder"], 0),
                  ([], ["go ponder wtime 500 btime 500", "ponderhit"], 0), ([], ["go depth 2", "go nodes 500"], 0),
                  ([], ["go movetime 100"], 0), ([], ["go wtime 300 btime 300"], 0), ([], ["go time 300"], 0),
                  ([], ["go frobnicate"], 0), ([], ["position fen bad", "go depth 1"], 1),
                  ([CARD, "position startpos seed 4"], ["go worlds known"], 0),
                  ([CHAM], ["go algorithm paranoid"], 0), ([STRAT, "position startpos seed 4"], ["go deal uniform"], 0)]


@scenario("arguments", "command-line argument lists end, with the right exit code, whatever go or record they hold")
def arguments(e: Engine) -> None:
    e.kill()  # this scenario starts its own processes
    for setup, lines, code in ARGUMENT_LISTS:
        r = run_args(ENGINE_ARGV + setup + lines, 20.0)
        no_panic(r, str(lines))
        gos = sum(1 for l in lines if l.startswith("go"))
        got = r.stdout.count("\nbestmove ") + r.stdout.startswith("bestmove ")
        if got != gos or r.returncode != code:
            raise Fail("%s: exit %d (want %d), %d bestmoves for %d go" % (setup + lines, r.returncode, code, got, gos))
    record = ["loadpgn", '[Event "x"]', "", "1. e4 e5 *"]
    for lines, code, want in ((record, 1, "the arguments ended before endpgn"), (record + ["endpgn"], 0, "loadpgn ok moves 2"),
                              (["loadpgn"] + ["1. e4"] * 100001 + ["uci", "endpgn", "d"], 1, "more than 100000 lines"),
                              (["genfens 3 seed 1 book None", "quit"], 0, "info string genfens "),
                              (["bench 2", "quit"], 0, " nodes "), (["go perft 3"], 0, "Nodes searched: 8902")):
        r = run_args(ENGINE_ARGV + lines, 60.0)
        no_panic(r, lines[0])
        if r.returncode != code or want not in r.stdout:
            raise Fail("%s ...: exit %d (want %d), %r not in the output" % (lines[:2], r.returncode, code, want))
        if lines[0] == "loadpgn" and "id name" in r.stdout:
            raise Fail("a line inside a record ran as a command")
    for lines, want in ((["bench", "-hash", "100000", "2"], "does not fit"), (["bench", "-threads", "100000", "2"], "threads 1..512"),
                        (["perft", "-depth", "1", "-hash", "8796093022208"], "larger than any machine"),
                        (["perft", "-depth", "3", "-hash", "100000"], "does not fit")):
        # Under a ulimit, so an engine without the checks dies at once
        # instead of taking the machine's memory.
        r = run_args(under_limit(2 * SMALLEST_ADDRESS_LIMIT, lines), 30.0)
        no_panic(r, " ".join(lines))
        if r.returncode != 2 or want not in r.stderr:
            raise Fail("%s: exit %d (want 2), %r not in %r" % (" ".join(lines), r.returncode, want, r.stderr[-200:]))


@scenario("memory-limits", "under the smallest ulimit -v that holds the defaults: start, play, refuse what does not fit")
def memory_limits(e: Engine) -> None:
    e.kill()  # this scenario starts its own processes
    p = Engine(under_limit(SMALLEST_ADDRESS_LIMIT, []))
    try:
        p.send("uci")
        got: List[str] = []
        p.expect("uciok", 10.0, got)
        if any("warning" in l for l in got):
            raise Fail("the defaults do not hold: %s" % [l for l in got if "warning" in l][0])
        moves: List[str] = []
        for _ in range(4):
            p.send("position startpos moves " + " ".join(moves))
            moves.append(search(p, "go wtime 2000 btime 2000 winc 20 binc 20"))
        for option, value in (("Hash", "1000"), ("Threads", "512"), ("Hash", str(1 << 40))):
            p.send("setoption name %s value %s" % (option, value))
            errs = errors_in(p.until_ready(10.0))
            if not errs or "does not fit" not in errs[0]:
                raise Fail("%s %s under ulimit -v: %s" % (option, value, errs or "accepted"))
            p.check_alive()
        for variant in VARIANTS[1:] + VARIANTS[:1]:
            p.send("setoption name UCI_Variant value " + variant,
                   "position startpos" + (" seed 4" if variant in ("chessmate", "stratego") else ""))
            search(p, "go depth 2")
        p.send("quit")
        p.ended(5.0)
    finally:
        p.kill()
    for args in (["perft", "-depth", "3", "-hash", "1000"], ["bench", "-hash", "1000", "2"]):
        r = run_args(under_limit(SMALLEST_ADDRESS_LIMIT, args), 30.0)
        no_panic(r, " ".join(args))
        if r.returncode != 2 or "does not fit" not in r.stderr:
            raise Fail("%s under ulimit -v: exit %d, %r" % (" ".join(args), r.returncode, r.stderr[-200:]))
    r = run_args(under_limit(840000, ["position startpos", "go depth 4"]), 30.0)
    no_panic(r, "below the smallest limit")
    if r.returncode != 0 or "warning: Hash: a 16 MiB table does not fit" not in r.stdout or "bestmove" not in r.stdout:
        raise Fail("below the smallest limit: exit %d, %r" % (r.returncode, r.stdout[-300:]))


# ------------------------------------------------- issue 35: games, files, records

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
TABLES = os.path.join(ROOT, "syzygy", "testdata", "tables")


def chess_file_options(tmp: str) -> Dict[str, Callable[[], str]]:
    """The options naming a file only chess reads, each making a valid value
    in tmp that the scenario then deletes under the engine."""
    def net() -> str:
        path = os.path.join(tmp, "net.nnue")
        shutil.copy(os.path.join(ROOT, "nnue", "default.nnue"), path)
        return path

    def book() -> str:
        path = os.path.join(tmp, "book.bin")
        with open(path, "wb") as f:
            f.write(bytes(16))  # one Polyglot entry (key 0): a valid, sorted book
        return path

    def tables() -> str:
        path = os.path.join(tmp, "tables")
        os.makedirs(path, exist_ok=True)
        for name in ("KQvK.rtbw", "KQvK.rtbz"):
            shutil.copy(os.path.join(TABLES, name), os.path.join(path, name))
        return path

    return {"EvalFile": net, "BookFile": book, "SyzygyPath": tables}


@scenario("game-switch-files", "game switches with file options set: options, Hash and the game survive, errors are named")
def game_switch_files(e: Engine) -> None:
    e.send("setoption name Hash value 64")
    with tempfile.TemporaryDirectory() as tmp:
        for option, make in chess_file_options(tmp).items():
            for game in VARIANTS[1:]:
                what = "%s in %s" % (option, game)
                e.send("setoption name UCI_Variant value " + game)
                e.until_ready()
                e.send("setoption name %s value %s" % (option, os.path.join(tmp, "missing")))
                if not any(l.startswith("info string error: option %s: " % option) for l in e.until_ready()):
                    raise Fail("%s: a missing file was not refused by name" % what)
                value = make()
                e.send("setoption name %s value %s" % (option, value))
                got = e.until_ready()
                if errors_in(got) or not any("kept for chess" in l for l in got):
                    raise Fail("%s: a good file was not kept for chess: %s" % (what, got))
                # The file goes; switching to chess must fail by name and change nothing.
                if os.path.isdir(value):
                    shutil.rmtree(value)
                else:
                    os.remove(value)
                e.send("setoption name UCI_Variant value chess")
                got = e.until_ready()
                want = "info string error: option UCI_Variant: chess cannot start: %s: " % option
                if not any(l.startswith(want) for l in got):
                    raise Fail("%s: the failed switch does not name the option: %s" % (what, got))
                if any("MiB" in l for l in got):
                    raise Fail("%s: the failed switch touched Hash: %s" % (what, got))
                if state(e)["variant"] != game:
                    raise Fail("%s: the game did not stay %s after a failed switch" % (what, game))
                e.send("setoption name %s value <empty>" % option)
                e.send("setoption name UCI_Variant value chess")
                got = e.until_ready()
                if errors_in(got) or state(e)["variant"] != "chess":
                    raise Fail("%s: chess does not start once the option is emptied: %s" % (what, got))
                search(e, "go depth 2")


def map_count(e: Engine) -> int:
    with open("/proc/%d/maps" % e.proc.pid) as f:
        return sum(1 for _ in f)


@scenario("switch-leak", "300 game switches after tablebase searches leave mappings and memory flat")
def switch_leak(e: Engine) -> None:
    if not os.path.exists("/proc/self/maps"):
        return
    e.send("setoption name SyzygyPath value " + TABLES)
    e.until_ready()
    before = (0, 0.0)
    for i in range(320):
        if i == 20:  # the runtime's own mappings settle first
            before = (map_count(e), e.rss_mb())
        e.send("position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "go depth 1")  # KQvK: the root maps its tables
        e.expect("bestmove", 10.0)
        e.send("setoption name UCI_Variant value " + VARIANTS[1 + i % 3], "setoption name UCI_Variant value chess")
        e.until_ready()
    maps, rss = map_count(e), e.rss_mb()
    if maps - before[0] > 30:
        raise Fail("mappings grew from %d to %d over 300 switches" % (before[0], maps))
    if rss - before[1] > 100:
        raise Fail("resident memory grew from %.0f to %.0f MB over 300 switches" % (before[1], rss))


def pgn_records(data: bytes) -> List[bytes]:
    """A file of games cut into records: a game ends with the line whose
    last word is its result."""
    records, cur = [], []
    for line in data.split(b"\n"):
        if not cur and not line.strip():
            continue
        cur.append(line)
        words = line.split()
        if words and not line.strip().startswith(b"[") and words[-1] in (b"1-0", b"0-1", b"1/2-1/2", b"*"):
            records.append(b"\n".join(cur))
            cur = []
    return records


@scenario("records", "records other programs write load (testdata/pgn: runners, python-chess, lichess, pgn-extract, odd layouts)")
def records(e: Engine) -> None:
    folder = os.path.join(ROOT, "testdata", "pgn")
    want: Dict[str, List[str]] = {}
    with open(os.path.join(folder, "expected.tsv")) as f:
        for row in f:
            if not row.startswith("#"):
                name, _, moves, _ = row.rstrip("\n").split("\t")
                want.setdefault(name, []).append(moves)
    for name in sorted(want):
        with open(os.path.join(folder, name), "rb") as f:
            recs = pgn_records(f.read())
        if len(recs) != len(want[name]):
            raise Fail("%s: %d games, expected.tsv has %d" % (name, len(recs), len(want[name])))
        for i, rec in enumerate(recs):
            e.raw(b"loadpgn\n" + rec + b"\nendpgn\n")
            got = e.until_ready()
            ok = [l for l in got if l.startswith("loadpgn ok moves ")]
            if errors_in(got) or not ok or ok[0].split()[-1] != want[name][i]:
                raise Fail("%s game %d: %s" % (name, i + 1, (errors_in(got) or ok or got)[:1]))
def hostile_paths(tmp: str) -> Dict[str, str]:
    """What a path may name besides a usable file (issue 35)."""
    fifo = os.path.join(tmp, "fifo.bin")
    os.mkfifo(fifo)
    huge = os.path.join(tmp, "huge.bin")
    with open(huge, "wb") as f:
        f.truncate(1 << 40)  # sparse: a terabyte that takes no disk
    short = os.path.join(tmp, "short.bin")
    with open(short, "wb") as f:
        f.write(b"TEMPNNUE\x01\x00\x00")  # cut short: no book, no net
    empty_dir = os.path.join(tmp, "dir")
    os.mkdir(empty_dir)
    return {"a FIFO": fifo, "/dev/zero": "/dev/zero", "a directory": empty_dir,
            "a sparse terabyte": huge, "a truncated file": short}


def copy_tables(dst: str) -> None:
    """Copies, not links: the scenario cuts them short."""
    os.mkdir(dst)
    for name in os.listdir(TABLES):
        shutil.copy(os.path.join(TABLES, name), os.path.join(dst, name))


@scenario("files", "FIFOs, devices, directories, huge and truncated files in every file option and genfens")
def files(e: Engine) -> None:
    with tempfile.TemporaryDirectory(prefix="hostile-files-") as tmp:
        paths = hostile_paths(tmp)
        # Every file option: refused by name at once, isready answered, alive.
        for option in ("EvalFile", "BookFile", "SyzygyPath"):
            for what, path in paths.items():
                e.send("setoption name %s value %s" % (option, path))
                got = e.until_ready(2.0)
                if not errors_in(got):
                    raise Fail("%s = %s (%s) was accepted: %s" % (option, path, what, got))
                e.check_alive()
        # genfens reads its book inside its job: refused at once, stop and
        # isready answered.
        for what, path in paths.items():
            e.send("genfens 2 book " + path)
            e.expect("info string error: genfens: book:", 2.0)
            e.send("stop")
            e.ping(1.0)
        # Tables: a FIFO named like one when the path is set, another put in
        # place and a third table cut short after they were mapped.
        tables = os.path.join(tmp, "tables")
        copy_tables(tables)
        os.remove(os.path.join(tables, "KQvK.rtbw"))
        os.mkfifo(os.path.join(tables, "KQvK.rtbw"))
        e.send("setoption name SyzygyPath value " + tables)
        e.ping(2.0)
        krpvk = "position fen 7k/8/8/8/8/8/4P3/K3R3 b - - 0 1"
        e.send(krpvk)
        search(e, "go depth 3", 10.0)
        for name in ("KRPvK.rtbw", "KRPvK.rtbz"):
            os.truncate(os.path.join(tables, name), 0)
        os.remove(os.path.join(tables, "KRvK.rtbw"))
        os.mkfifo(os.path.join(tables, "KRvK.rtbw"))
        for fen in ("7k/8/8/8/2Q5/8/8/K7 w - - 0 1", "7k/8/8/8/8/8/4P3/K3R3 b - - 0 1",
                    "7k/8/8/8/3R4/8/8/K7 w - - 0 1"):
            e.send("position fen " + fen)
            search(e, "go depth 3", 10.0)
            e.check_alive()
        # A large book is read beside the command loop: isready at once, the
        # next go plays from it, quit does not wait for it.
        large = os.path.join(tmp, "large.bin")
        with open(large, "wb") as f:
            f.truncate(256 << 20)  # 2^24 entries of key 0: a sorted book
        e.send("setoption name BookFile value " + large)
        e.ping(1.0)
        e.send("position startpos")
        search(e, "go depth 1", 60.0)
        p = Engine(ENGINE_ARGV)
        try:
            p.send("setoption name BookFile value " + large, "quit")
            p.ended(3.0)
        finally:
            p.kill()
        # Under an address-space limit Hash 1000 fits, a 1.9 GB book does not:
        # it is refused, not read until the runtime dies.
        big = os.path.join(tmp, "big.bin")
        with open(big, "wb") as f:
            f.truncate(1900 << 20)
        p = Engine(["sh", "-c", 'ulimit -v 3500000 && exec "$0" "$@"'] + ENGINE_ARGV)
        try:
            p.send("setoption name Hash value 1000")
            p.ping(30.0)
            p.send("setoption name BookFile value " + big, "genfens 2 book /dev/zero")
            p.expect("info string error: option BookFile:", 5.0)
            p.expect("info string error: genfens", 5.0)
            p.ping(5.0)
            p.send("position startpos")
            search(p, "go depth 1", 20.0)
            p.check_alive()
        finally:
            p.kill()


def random_script(rng: random.Random) -> List[str]:
    """A burst of commands, valid and broken, for one game."""
    variant = rng.choice(VARIANTS)
    out = ["setoption name UCI_Variant value " + variant]
    words = ["position", "startpos", "fen", "moves", "go", "depth", "nodes", "movetime", "wtime", "btime",
             "infinite", "ponder", "ponderhit", "stop", "play", "legalmoves", "state", "pgn", "loadpgn",
             "endpgn", "view", "w", "b", "d", "eval", "history", "isready", "setoption", "name", "value",
             "Ponder", "MultiPV", "Move Overhead", "Contempt", "-1", "0", "1", "2", "99999999999999999999",
             "0000", "e2e4", "a1b3", "MS:e2@RV", "@?", "*", "1-0", '[Event "x"]', "perft", "seed", "deal",
             "players", "ry", "setup", "board", "searchmoves", "\x00", "é", "x" * rng.randint(1, 3000)]
    for _ in range(rng.randint(5, 30)):
        r = rng.random()
        if r < 0.3:
            out.append("legalmoves")  # the harness then plays from the answer
        elif r < 0.45:
            out.append("go " + rng.choice(GO_PARAMS))
        else:
            out.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 6))))
    return out


@scenario("random", "seeded random command bursts in every game, invariants checked after each")
def random_mode(e: Engine) -> None:
    rng = random.Random(RANDOM_SEED)
    for burst in range(RANDOM_COUNT):
        for cmd in random_script(rng):
            if cmd == "legalmoves":
                legal = legal_tokens(e)
                if legal:
                    e.send("play " + rng.choice(legal))
                continue
            e.send(cmd)
            fields = cmd.split()
            if fields[:1] == ["go"] and fields[1:2] != ["perft"]:
                # Exactly one bestmove: at once, or after stop for a search
                # that waits for one (infinite, ponder, or no limit at all).
                try:
                    e.expect("bestmove", 2.0)
                except Fail:
                    e.send("stop")
                    e.expect("bestmove", 3.0)
            if fields[:1] == ["loadpgn"]:
                e.send("endpgn")
        e.send("stop")
        got = e.until_ready(5.0)
        extra = [l for l in got if l.startswith("bestmove")]
        if extra:
            raise Fail("burst %d: a bestmove nobody asked for: %s" % (burst, extra[0]))
        st = state(e)
        position_accepted(e, st.get("variant", "?"), st["position"])
        e.check_alive()


# ---------------------------------------------------------------- main

ENGINE_ARGV: List[str] = []
RANDOM_SEED = 1
RANDOM_COUNT = 300


def main() -> int:
    global ENGINE_ARGV, RANDOM_SEED, RANDOM_COUNT
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("engine", help="the engine command (one path; arguments after it with --args)")
    ap.add_argument("--args", default="", help="arguments for the engine")
    ap.add_argument("--only", default="", help="comma-separated scenario names or prefixes")
    ap.add_argument("--scenarios", default="all", help="'none' to skip the fixed scenarios")
    ap.add_argument("--random", type=int, default=300, help="random bursts in the random scenario")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    ENGINE_ARGV = [a.engine] + a.args.split()
    RANDOM_SEED, RANDOM_COUNT = a.seed, a.random
    if a.list:
        for name, desc in DESCRIPTIONS.items():
            print("%-10s %s" % (name, desc))
        return 0
    names = list(SCENARIOS)
    if a.only:
        wanted = a.only.split(",")
        names = [n for n in names if any(n == w or n.startswith(w) for w in wanted)]
    elif a.scenarios == "none":
        names = ["random"]
    failed = 0
    for name in names:
        e = Engine(ENGINE_ARGV, a.verbose)
        start = time.monotonic()
        try:
            SCENARIOS[name](e)
            if e.proc.poll() is None:
                e.ping(5.0)
            if e.panic():
                raise Fail("panic on stderr: " + e.panic())
            print("PASS %-10s %5.1f s  %s" % (name, time.monotonic() - start, DESCRIPTIONS[name]))
        except Fail as f:
            failed += 1
            print("FAIL %-10s %5.1f s  %s\n     %s" % (name, time.monotonic() - start, DESCRIPTIONS[name], f))
            if a.verbose:
                print("     last lines:\n       " + "\n       ".join(e.transcript[-15:]))
        finally:
            e.kill()
        sys.stdout.flush()
    print("%d of %d scenarios failed" % (failed, len(names)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
