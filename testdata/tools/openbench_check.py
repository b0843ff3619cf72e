#!/usr/bin/env python3
"""Check an engine binary the way an OpenBench worker uses it.

    python3 openbench_check.py ENGINE [--expect-bench N] [--net FILE]

A worker runs "ENGINE bench" (or, for a private net, ENGINE "setoption name
EvalFile value NET" bench quit), reads the node count and speed from the
output's last lines with case-insensitive patterns such as "<n> nodes" and
"<n> nps" after replacing every character that is not a letter, digit or
space by a space, and gives up after 60 seconds. Data generation runs
ENGINE "genfens N seed S book None " quit and reads every line that starts
with "info string genfens ". This script does the same and fails (exit 1)
on anything a worker would reject. Standard library only.
"""

import argparse
import re
import subprocess
import sys
import time

BENCH_LIMIT_SECONDS = 60


def parse_bench(text):
    """The (nodes, nps) a worker reads: the last line holding each wins."""
    nodes = nps = None
    for line in reversed(text.strip().splitlines()):
        line = re.sub(r"[^a-zA-Z0-9 ]+", " ", line)
        if nps is None:
            m = re.search(r"(\d+)\s+nps\b|\bnps\s+(\d+)|nodes second\s+(\d+)", line, re.I)
            if m:
                nps = int(next(g for g in m.groups() if g))
        if nodes is None:
            m = re.search(r"(\d+)\s+nodes\b|\bnodes\s+(\d+)|nodes searched\s+(\d+)", line, re.I)
            if m:
                nodes = int(next(g for g in m.groups() if g))
    return nodes, nps


def run(cmd):
    start = time.monotonic()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          timeout=BENCH_LIMIT_SECONDS, text=True)
    return proc.returncode, proc.stdout, time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine")
    ap.add_argument("--expect-bench", type=int, help="the node count the bench must give")
    ap.add_argument("--net", help="also run the private-net form with this EvalFile")
    args = ap.parse_args()
    failures = []

    forms = [("bench", [args.engine, "bench"])]
    if args.net:
        forms.append(("bench with EvalFile", [args.engine, "setoption name EvalFile value " + args.net, "bench", "quit"]))
    benches = set()
    for name, cmd in forms:
        for attempt in (1, 2):  # a worker runs it more than once and wants the same count
            try:
                code, out, secs = run(cmd)
            except subprocess.TimeoutExpired:
                failures.append(f"{name}: still running after {BENCH_LIMIT_SECONDS} s")
                break
            nodes, nps = parse_bench(out)
            print(f"{name} (run {attempt}): exit {code}, {secs:.1f} s, nodes {nodes}, nps {nps}")
            if code != 0:
                failures.append(f"{name}: exit code {code}")
            if nodes is None or nps is None:
                failures.append(f"{name}: no node count or speed a worker can read in:\n{out[-400:]}")
            else:
                benches.add(nodes)
    if len(benches) > 1:
        failures.append(f"the bench is not deterministic: {sorted(benches)}")
    if args.expect_bench is not None and benches and benches != {args.expect_bench}:
        failures.append(f"bench {sorted(benches)}, expected {args.expect_bench}")

    cmd = [args.engine, "genfens 16 seed 12345 book None ", "quit"]
    try:
        code, out, secs = run(cmd)
        fens = [l[len("info string genfens "):].strip() for l in out.splitlines()
                if l.startswith("info string genfens ")]
        print(f"genfens: exit {code}, {secs:.1f} s, {len(fens)} positions")
        if len(fens) != 16:
            failures.append(f"genfens gave {len(fens)} positions, not 16:\n{out[-400:]}")
        for fen in fens:
            if len(fen.split()) != 6:
                failures.append(f"genfens: {fen!r} is not a six-field FEN")
        again = run(cmd)[1]
        if again != out:
            failures.append("genfens: the same seed gave other positions")
    except subprocess.TimeoutExpired:
        failures.append(f"genfens: still running after {BENCH_LIMIT_SECONDS} s")

    for f in failures:
        print("FAIL:", f)
    print("OK: an OpenBench worker can use this engine" if not failures else f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
