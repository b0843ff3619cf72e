#!/usr/bin/env python3
"""runners_check.py - play short matches with the standard match runners and
fail on anything they say against the engine.

    runners_check.py ENGINE                     # both runners, every check
    runners_check.py ENGINE --only fastchess    # one runner
    runners_check.py ENGINE --match standard    # the standard-chess matches only
    runners_check.py ENGINE --plant pv --expect-fault 'illegal PV'  # exit 0 only if that problem is found

The runners are Cute Chess's command-line runner (cutechess-cli 1.5.1, the
engine handling of the Cute Chess GUI) and fastchess (the runner OpenBench
workers use), built from source by third_party/runners/build.sh into
$RUNNERS_DIR (default ~/.cache/chess-runners). The engine plays itself, so
everything the runners report is about it. Each runner plays, at two games
at a time:

  * standard chess at 1+0.01 (Cute Chess with pondering on: go ponder,
    ponderhit and stop between the moves);
  * Chess960 (fischerandom) at 1+0.01 from testdata/openings/FRC_openings.epd;
  * standard chess at a fixed node count.

A check fails on any warning a runner prints (an option it could not set,
an illegal move, PV or ponder move, a PV that plays on after the game's end,
a bestmove that is not the PV's first move, an engine that does not
answer), on a game lost on time, by disconnection, by a stall or by an
illegal move, and on a match that does not finish all its games. Standard
library only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OPENINGS = os.path.join(ROOT, "testdata", "openings", "2moves_v1.epd.xz")
FRC = os.path.join(ROOT, "testdata", "openings", "FRC_openings.epd")

# What a runner says when something went wrong. Cute Chess's qWarning lines
# start "Warning:", fastchess's "Warning;"; results name the losing reason.
BAD = re.compile(r"Warning[:;]|loses on time|disconnects|connection stalls|makes an illegal move|"
                 r"illegal move|time forfeit|timeout|crash", re.IGNORECASE)


def runners_dir():
    return os.environ.get("RUNNERS_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "chess-runners")


def unpacked_openings(tmp):
    """The 2moves openings as plain EPD, the first 200 (runners read no .xz)."""
    import lzma
    out = os.path.join(tmp, "2moves.epd")
    with lzma.open(OPENINGS, "rt") as f, open(out, "w") as w:
        for i, line in enumerate(f):
            if i >= 200:
                break
            w.write(line)
    return out


def cutechess_runs(runner, engine, tmp, games):
    epd = unpacked_openings(tmp)
    rounds = max(games // 2, 1)

    # Cute Chess takes -each once: the settings of every engine and the run's own.
    def argv(each, rest):
        return [runner, "-engine", "cmd=" + engine, "name=tempest-a", "-engine", "cmd=" + engine, "name=tempest-b",
                "-each", "proto=uci", "option.Hash=16", "option.Threads=1"] + each + [
                "-games", "2", "-rounds", str(rounds), "-repeat", "-concurrency", "2", "-recover",
                "-srand", "7"] + rest

    yield "cutechess standard 1+0.01 ponder", argv(["tc=1+0.01", "ponder"], [
        "-openings", "file=" + epd, "format=epd", "order=random", "-pgnout", os.path.join(tmp, "cc-std.pgn")]), \
        2 * rounds
    yield "cutechess fischerandom 1+0.01", argv(["tc=1+0.01"], [
        "-variant", "fischerandom",
        "-openings", "file=" + FRC, "format=epd", "order=random", "-pgnout", os.path.join(tmp, "cc-frc.pgn")]), \
        2 * rounds
    yield "cutechess nodes 4000", argv(["tc=inf", "nodes=4000"], [
        "-openings", "file=" + epd, "format=epd", "order=random", "-pgnout", os.path.join(tmp, "cc-nodes.pgn")]), \
        2 * rounds


def fastchess_runs(runner, engine, tmp, games):
    epd = unpacked_openings(tmp)
    common = ["-engine", "cmd=" + engine, "name=tempest-a", "-engine", "cmd=" + engine, "name=tempest-b",
              "-each", "option.Hash=16", "option.Threads=1", "-repeat", "-concurrency", "2", "-recover",
              "-srand", "7", "-ratinginterval", "0"]
    rounds = max(games // 2, 1)
    yield "fastchess standard 1+0.01", [runner] + common + [
        "-each", "tc=1+0.01", "-rounds", str(rounds),
        "-openings", "file=" + epd, "format=epd", "order=random", "-pgnout", "file=" + os.path.join(tmp, "fc-std.pgn")], \
        2 * rounds
    yield "fastchess fischerandom 1+0.01", [runner] + common + [
        "-variant", "fischerandom", "-each", "tc=1+0.01", "-rounds", str(rounds),
        "-openings", "file=" + FRC, "format=epd", "order=random", "-pgnout", "file=" + os.path.join(tmp, "fc-frc.pgn")], \
        2 * rounds
    yield "fastchess nodes 4000", [runner] + common + [
        "-each", "nodes=4000", "tc=inf", "-rounds", str(rounds),
        "-openings", "file=" + epd, "format=epd", "order=random", "-pgnout", "file=" + os.path.join(tmp, "fc-nodes.pgn")], \
        2 * rounds


FINISHED = re.compile(r"^Finished game \d+")


def check(name, argv, want_games, verbose, cwd):
    """Runs one match in cwd (fastchess writes its state file there);
    returns the problems found (empty: clean)."""
    try:
        p = subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=900)
    except subprocess.TimeoutExpired:
        return ["%s: the match did not end within 15 minutes" % name]
    lines = p.stdout.splitlines()
    if verbose:
        print("\n".join("    " + l for l in lines))
    problems = ["%s: %s" % (name, l.strip()) for l in lines if BAD.search(l)]
    finished = sum(1 for l in lines if FINISHED.match(l))
    if finished != want_games:
        problems.append("%s: %d of %d games finished (exit code %d)" % (name, finished, want_games, p.returncode))
    if p.returncode != 0:
        problems.append("%s: the runner exited with code %d" % (name, p.returncode))
    return problems


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("engine", help="the engine binary")
    ap.add_argument("--only", choices=["cutechess", "fastchess"], help="one runner only")
    ap.add_argument("--match", default="", help="only the matches whose name holds this text (e.g. 'standard')")
    ap.add_argument("--games", type=int, default=6, help="games of the standard match of each runner (default 6)")
    ap.add_argument("--expect-fault", metavar="REGEX",
                    help="succeed only if a problem matching REGEX is found (to test this script with a faulty engine)")
    ap.add_argument("--plant", choices=["pv", "ponder"],
                    help="run the engine behind faulty_engine.py with this fault (see --expect-fault)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the runners' output")
    args = ap.parse_args(argv)
    engine = os.path.abspath(args.engine) if os.path.exists(args.engine) else args.engine
    rdir = runners_dir()
    runners = {"cutechess": os.path.join(rdir, "cutechess-cli"), "fastchess": os.path.join(rdir, "fastchess")}
    for name, path in runners.items():
        if (args.only in (None, name)) and not os.access(path, os.X_OK):
            print("runners_check: %s is not built; run third_party/runners/build.sh" % path, file=sys.stderr)
            return 2
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.plant:
            # The runners start one executable without arguments.
            wrapper = os.path.join(tmp, "faulty-engine")
            with open(wrapper, "w") as w:
                w.write("#!/bin/sh\nexec %s %s --fault %s %s\n" % (
                    sys.executable, os.path.join(HERE, "faulty_engine.py"), args.plant, engine))
            os.chmod(wrapper, 0o755)
            engine = wrapper
        gens = []
        if args.only in (None, "cutechess"):
            gens.append(cutechess_runs(runners["cutechess"], engine, tmp, args.games))
        if args.only in (None, "fastchess"):
            gens.append(fastchess_runs(runners["fastchess"], engine, tmp, args.games))
        for gen in gens:
            for name, cmd, want in gen:
                if args.match not in name:
                    continue
                found = check(name, cmd, want, args.verbose, tmp)
                print("%s %s%s" % (("FOUND" if args.expect_fault else "FAIL") if found else "PASS", name, "" if not found else ": %d problems" % len(found)))
                for f in found[:20]:
                    print("    " + f)
                problems += found
    if args.expect_fault:
        caught = [p for p in problems if re.search(args.expect_fault, p, re.IGNORECASE)]
        if caught:
            print("runners_check: the planted fault was caught: %s" % caught[0])
            return 0
        print("runners_check: no problem matches %r: the planted fault went unseen" % args.expect_fault, file=sys.stderr)
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
