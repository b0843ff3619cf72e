#!/usr/bin/env python3
"""Tests of spsa.py: its parsing, that its schedule finds a known optimum of a
simulated match, that a resumed run equals an uninterrupted one, and (given
a tune build with --engine) one real iteration through fastchess."""
import argparse
import io
import json
import math
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spsa  # noqa: E402

UCI = """id name Test
option name Hash type spin default 16 min 1 max 33554432
option name Skill Level type spin default 10 min 0 max 10
option name RfpMargin type spin default 75 min 20 max 200
option name LmrDivisor type spin default 200 min 100 max 400
option name Ponder type check default false
uciok
"""
OPTIMUM = {"RfpMargin": 130.0, "LmrDivisor": 150.0}


def simulated_batch(state, plus, minus, k, log_path):
    """Game pairs whose plus side scores by the logistic of how much nearer
    the optimum it is (an Elo-like strength falling with the squared distance)."""
    rng = random.Random(k)

    def strength(values):
        return -sum(((values[n] - o) / 40) ** 2 for n, o in OPTIMUM.items()) * 100

    p_win = 1 / (1 + 10 ** (-(strength(plus) - strength(minus)) / 400))
    wins = losses = draws = 0
    for _ in range(2 * state["config"]["pairs"]):
        r = rng.random()
        if r < 0.3:
            draws += 1
        elif rng.random() < p_win:
            wins += 1
        else:
            losses += 1
    return wins, losses, draws


def new_state(iterations=600, pairs=4, seed=7, r_end=0.01):
    params = spsa.parse_params("RfpMargin,LmrDivisor", spsa.spin_options(UCI))
    config = {"engine": "none", "iterations": iterations, "pairs": pairs, "r_end": r_end, "seed": seed,
              "nodes": 1000, "tc": None, "hash": 16, "concurrency": 2, "openings": "none"}
    return {"config": config, "k": 0, "games": [0, 0, 0], "params": params}


def test_parsing():
    opts = spsa.spin_options(UCI)
    assert opts == {"Hash": (16, 1, 33554432), "RfpMargin": (75, 20, 200), "LmrDivisor": (200, 100, 400)}, opts
    p = spsa.parse_params("RfpMargin:3,LmrDivisor", opts)
    assert [q["c_end"] for q in p] == [3.0, 15.0], p
    for bad, says in (("Nope", "not a spin option"), ("RfpMargin:x", "must be a number"),
                      ("RfpMargin:0", "positive"), ("RfpMargin,RfpMargin", "twice"), ("", "no parameter")):
        try:
            spsa.parse_params(bad, opts)
        except spsa.SpsaError as e:
            assert says in str(e), (bad, e)
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_schedule():
    p = {"c_end": 10.0}
    c1, a1 = spsa.schedule(1, p, 1000, 0.002)
    cn, an = spsa.schedule(1000, p, 1000, 0.002)
    assert math.isclose(cn, 10.0) and math.isclose(an, 0.002 * 100), (cn, an)
    assert c1 > cn and a1 > an, "perturbations and steps shrink"


def test_finds_the_optimum():
    state = new_state()
    with tempfile.TemporaryDirectory() as d:
        spsa.run(state, os.path.join(d, "sim.json"), batch=simulated_batch, out=io.StringIO())
    for p in state["params"]:
        start_gap, end_gap = abs(p["start"] - OPTIMUM[p["name"]]), abs(p["value"] - OPTIMUM[p["name"]])
        assert end_gap < start_gap / 2, f"{p['name']}: {p['start']} -> {p['value']:.1f}, optimum {OPTIMUM[p['name']]}"


def test_resume_equals_one_run():
    with tempfile.TemporaryDirectory() as d:
        whole = spsa.run(new_state(iterations=60), os.path.join(d, "a.json"), batch=simulated_batch, out=io.StringIO())
        path = os.path.join(d, "b.json")
        spsa.run(new_state(iterations=60), path, batch=simulated_batch, until=25, out=io.StringIO())
        with open(path) as f:
            half = json.load(f)
        assert half["k"] == 25
        resumed = spsa.run(half, path, batch=simulated_batch, out=io.StringIO())
        assert resumed["params"] == whole["params"] and resumed["games"] == whole["games"]
        with open(os.path.join(d, "b.csv")) as f:
            assert len(f.read().splitlines()) == 61, "a header and one line per iteration"


def test_real_iteration(engine):
    with tempfile.TemporaryDirectory() as d:
        argv = ["real", engine, "--params", "RfpMargin,LmrDivisor", "--iterations", "10", "--pairs", "1",
                "--nodes", "2000", "--until", "1", "--dir", d]
        here = os.getcwd()
        os.chdir(d)  # fastchess writes config.json where it runs unless told where
        try:
            assert spsa.main(argv) == 0
            assert not os.path.exists("config.json"), "fastchess's state went to the working directory"
        finally:
            os.chdir(here)
        with open(os.path.join(d, "real.json")) as f:
            state = json.load(f)
        assert state["k"] == 1 and sum(state["games"]) == 2, state
        assert spsa.main(argv[:2] + ["--until", "2", "--dir", d]) == 0, "resumes without --params"
        with open(os.path.join(d, "real.json")) as f:
            assert json.load(f)["k"] == 2
        assert spsa.main(["other", engine, "--params", "NoSuchOption", "--nodes", "10", "--dir", d]) == 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", help="a tune build: also play one real iteration through fastchess")
    args = ap.parse_args()
    tests = [test_parsing, test_schedule, test_finds_the_optimum, test_resume_equals_one_run]
    for t in tests:
        t()
        print(f"PASS {t.__name__}")
    if args.engine:
        test_real_iteration(args.engine)
        print("PASS test_real_iteration")


if __name__ == "__main__":
    main()
