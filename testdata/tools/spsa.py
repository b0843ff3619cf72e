#!/usr/bin/env python3
"""spsa.py - tune a UCI engine's spin options by SPSA over fastchess.

    spsa.py NAME ENGINE --params A,B,... [--iterations N] [--pairs P] [--nodes K | --tc T]

Each iteration perturbs every tuned option by +-c_k (a random sign per
option), plays P game pairs of ENGINE with the plus values against ENGINE
with the minus values in fastchess (each opening with both colours), and
moves every option by a_k * (wins - losses) * sign / c_k. The gain and
perturbation follow the usual SPSA schedules (Spall; the c_end / r_end form
OpenBench uses): c_k = c_end * (N / k)^0.101, a_k = a / (A + k)^0.602 with
A = N / 10 and a chosen so that a_N = r_end * c_end^2.

The options' defaults, minima and maxima come from ENGINE's `uci` answer
(`option name X type spin default D min A max B`); c_end is (max - min) / 20
unless a parameter is given as NAME:C_END. Everything a run makes goes to
DIR/NAME.json (the state: the settings, the iteration, the values; the same
command resumes it), DIR/NAME.csv (one line per iteration: results and
values), DIR/NAME.log and DIR/NAME.fastchess.json (fastchess's output and state
of the last iteration); DIR is
--dir (default ~/.cache/tempest/spsa). The seed fixes every sign and every
opening order, so a run is reproducible up to the games themselves.

Pause the self-play generator for runs on a clock (not for fixed nodes,
which load cannot change). Standard library only.
"""
import argparse
import csv
import json
import math
import os
import random
import re
import subprocess
import sys
import time

ALPHA = 0.602
GAMMA = 0.101
CACHE = os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")))
RUNNERS = os.environ.get("RUNNERS_DIR", os.path.join(CACHE, "chess-runners"))
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class SpsaError(Exception):
    """A problem the user can fix: bad parameters, a missing runner, a broken state file."""


def spin_options(uci_text):
    """{name: (default, min, max)} of the spin options in a `uci` answer."""
    found = {}
    for line in uci_text.splitlines():
        m = re.match(r"option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)\s*$", line.strip())
        if m:
            found[m.group(1)] = tuple(int(v) for v in m.group(2, 3, 4))
    return found


def engine_options(engine):
    try:
        out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SpsaError(f"cannot ask {engine} for its options: {e}")
    if "uciok" not in out:
        raise SpsaError(f"{engine} did not answer uci with uciok")
    return spin_options(out)


def parse_params(spec, options):
    """The tuned parameters from 'A,B:2.5,...' against the engine's spin options."""
    params = []
    for item in [s for s in spec.split(",") if s.strip()]:
        name, _, c = item.strip().partition(":")
        if name not in options:
            raise SpsaError(f"{name} is not a spin option of the engine (it has {len(options)}: "
                            f"{', '.join(sorted(options)[:8])}...)")
        default, lo, hi = options[name]
        if hi <= lo:
            raise SpsaError(f"{name} has no range to tune ({lo}..{hi})")
        try:
            c_end = float(c) if c else max((hi - lo) / 20, 1.0)
        except ValueError:
            raise SpsaError(f"{item}: the perturbation after ':' must be a number")
        if not c_end > 0:
            raise SpsaError(f"{item}: the perturbation must be positive")
        params.append({"name": name, "value": float(default), "start": default, "min": lo, "max": hi, "c_end": c_end})
    if not params:
        raise SpsaError("no parameter to tune: give --params A,B,...")
    if len({p["name"] for p in params}) != len(params):
        raise SpsaError("a parameter is named twice in --params")
    return params


def schedule(k, p, iterations, r_end):
    """(c_k, a_k) of parameter p at iteration k (1-based)."""
    big_a = iterations / 10
    c_k = p["c_end"] * (iterations / k) ** GAMMA
    a_end = r_end * p["c_end"] ** 2
    a_k = a_end * ((big_a + iterations) / (big_a + k)) ** ALPHA
    return c_k, a_k


def perturb(params, k, iterations, seed):
    """The signs and the plus and minus values (integers within range) of iteration k."""
    rng = random.Random(seed * 1_000_003 + k)
    signs, plus, minus = [], {}, {}
    for p in params:
        s = rng.choice((-1, 1))
        c_k, _ = schedule(k, p, iterations, 0)
        signs.append(s)
        plus[p["name"]] = min(max(round(p["value"] + s * c_k), p["min"]), p["max"])
        minus[p["name"]] = min(max(round(p["value"] - s * c_k), p["min"]), p["max"])
    return signs, plus, minus


def update(params, signs, k, iterations, r_end, wins, losses):
    """Moves every value by a_k * (wins - losses) * sign / c_k, within range."""
    for p, s in zip(params, signs):
        c_k, a_k = schedule(k, p, iterations, r_end)
        p["value"] = min(max(p["value"] + a_k * (wins - losses) * s / c_k, p["min"]), p["max"])


RESULT = re.compile(r"Results of plus vs minus.*?Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+)", re.S)


def fastchess_batch(state, plus, minus, k, log_path):
    """Plays one iteration's game pairs; (wins, losses, draws) of the plus side."""
    cfg = state["config"]
    fastchess = os.path.join(RUNNERS, "fastchess")
    if not os.access(fastchess, os.X_OK):
        raise SpsaError(f"{fastchess} is not built: third_party/runners/build.sh fastchess")
    limit = ["tc=inf", f"nodes={cfg['nodes']}"] if cfg.get("nodes") else [f"tc={cfg['tc']}"]
    cmd = [fastchess,
           "-engine", f"cmd={cfg['engine']}", "name=plus", *[f"option.{n}={v}" for n, v in plus.items()],
           "-engine", f"cmd={cfg['engine']}", "name=minus", *[f"option.{n}={v}" for n, v in minus.items()],
           "-each", "option.Threads=1", f"option.Hash={cfg['hash']}", *limit,
           "-rounds", str(cfg["pairs"]), "-repeat", "-concurrency", str(cfg["concurrency"]),
           "-openings", f"file={cfg['openings']}", "format=epd", "order=random",
           "-srand", str(cfg["seed"] * 1_000_003 + k),
           # fastchess saves its state; without a name it writes config.json where it runs
           "-config", f"outname={os.path.splitext(log_path)[0]}.fastchess.json"]
    with open(log_path, "w") as log:
        rc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT).returncode
    text = open(log_path).read()
    found = RESULT.findall(text)
    if rc != 0 or not found:
        raise SpsaError(f"fastchess failed (exit {rc}); its output is in {log_path}")
    games, wins, losses, draws = (int(v) for v in found[-1])
    if games != 2 * cfg["pairs"]:
        raise SpsaError(f"fastchess played {games} games, not {2 * cfg['pairs']}; see {log_path}")
    return wins, losses, draws


def load_or_start(path, args):
    if os.path.exists(path):
        try:
            with open(path) as f:
                state = json.load(f)
        except (OSError, ValueError) as e:
            raise SpsaError(f"{path} is not a readable state file ({e}); move it away to start again")
        given = {p.partition(":")[0] for p in args.params.split(",") if p} if args.params else None
        if given is not None and given != {p["name"] for p in state["params"]}:
            raise SpsaError(f"{path} tunes {','.join(p['name'] for p in state['params'])}, not {args.params}; "
                            "choose another NAME to start a new run")
        print(f"spsa: resuming {path} at iteration {state['k'] + 1} of {state['config']['iterations']}", file=sys.stderr)
        return state
    if not args.params:
        raise SpsaError("a new run needs --params")
    if (args.nodes is None) == (args.tc is None):
        raise SpsaError("give exactly one of --nodes and --tc")
    engine = os.path.abspath(args.engine)
    params = parse_params(args.params, engine_options(engine))
    openings = os.path.join(os.path.dirname(path), "2moves_v1.epd")
    if not os.path.exists(openings):
        import lzma
        with lzma.open(os.path.join(ROOT, "testdata/openings/2moves_v1.epd.xz"), "rt") as src, open(openings, "w") as dst:
            dst.write(src.read())
    config = {"engine": engine, "iterations": args.iterations, "pairs": args.pairs, "r_end": args.r_end,
              "seed": args.seed, "nodes": args.nodes, "tc": args.tc, "hash": args.hash,
              "concurrency": args.concurrency, "openings": openings}
    return {"config": config, "k": 0, "games": [0, 0, 0], "params": params}


def save(path, state):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(state, f, indent=1)
    os.replace(tmp, path)


def run(state, path, batch=fastchess_batch, until=None, out=sys.stderr):
    """Iterates from the saved iteration to the last (or to `until`), saving after each."""
    cfg = state["config"]
    csv_path = os.path.splitext(path)[0] + ".csv"
    log_path = os.path.splitext(path)[0] + ".log"
    last = min(cfg["iterations"], until or cfg["iterations"])
    started, done_here = time.time(), 0
    while state["k"] < last:
        k = state["k"] + 1
        signs, plus, minus = perturb(state["params"], k, cfg["iterations"], cfg["seed"])
        wins, losses, draws = batch(state, plus, minus, k, log_path)
        update(state["params"], signs, k, cfg["iterations"], cfg["r_end"], wins, losses)
        state["k"] = k
        state["games"] = [state["games"][0] + wins, state["games"][1] + draws, state["games"][2] + losses]
        new_file = not os.path.exists(csv_path)
        with open(csv_path, "a", newline="") as f:
            w = csv.writer(f)
            if new_file:
                w.writerow(["iteration", "wins", "draws", "losses"] + [p["name"] for p in state["params"]])
            w.writerow([k, wins, draws, losses] + [round(p["value"], 3) for p in state["params"]])
        save(path, state)
        done_here += 1
        per = (time.time() - started) / done_here
        values = " ".join(f"{p['name']}={p['value']:.1f}" for p in state["params"])
        print(f"spsa: iteration {k}/{cfg['iterations']} +{wins}={draws}-{losses}; "
              f"{per:.0f} s each, {(cfg['iterations'] - k) * per / 3600:.1f} h to go; {values}", file=out, flush=True)
    return state


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("name", help="the run's name: DIR/NAME.json holds its state")
    ap.add_argument("engine", help="the engine (a tune build: its parameters are spin options)")
    ap.add_argument("--params", help="options to tune, comma separated; NAME:C_END sets a perturbation")
    ap.add_argument("--iterations", type=int, default=2000, help="iterations of the schedule (default 2000)")
    ap.add_argument("--pairs", type=int, default=2, help="game pairs per iteration (default 2)")
    ap.add_argument("--r-end", type=float, default=0.002, help="the final learning rate a_N / c_end^2 (default 0.002)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, help="a fixed node count a move")
    ap.add_argument("--tc", help="a clock, e.g. 2+0.02")
    ap.add_argument("--hash", type=int, default=16, help="Hash in MiB for both (default 16)")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--until", type=int, help="stop after this iteration (the run resumes later)")
    ap.add_argument("--dir", default=os.path.join(CACHE, "tempest", "spsa"))
    args = ap.parse_args(argv)
    for flag in ("iterations", "pairs", "concurrency", "hash"):
        if getattr(args, flag) < 1:
            ap.error(f"--{flag} must be at least 1")
    if args.nodes is not None and args.nodes < 1:
        ap.error("--nodes must be at least 1")
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", args.name):
        ap.error("NAME may hold letters, digits, '_', '.' and '-' only")
    os.makedirs(args.dir, exist_ok=True)
    path = os.path.join(args.dir, args.name + ".json")
    try:
        state = load_or_start(path, args)
        save(path, state)
        run(state, path, until=args.until)
    except SpsaError as e:
        print(f"spsa: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"spsa: interrupted; the same command resumes from {path}", file=sys.stderr)
        return 130
    g = state["games"]
    print(f"spsa: {state['k']} iterations, {sum(g)} games (+{g[0]}={g[1]}-{g[2]} for the plus side)", file=sys.stderr)
    for p in state["params"]:
        print(f"{p['name']}: {p['start']} -> {p['value']:.2f} (rounded {round(p['value'])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
