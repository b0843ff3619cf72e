#!/usr/bin/env python3
"""Are the net's scores on the hand-crafted evaluation's scale?

    evalscale.py ENGINE EPD [N] [SEED]

Samples N (800) labelled positions of EPD (a FEN and a result in quotes, as
../shared/data/tuning's files), asks ENGINE's `eval` command for both
evaluations of each, and prints their spreads, the least-squares slope of
the net's score on the hand-crafted one, their correlation, and the
logistic scale K that best fits each to the results. The search's margins
were set with the hand-crafted evaluation; a slope far from 1 would mean
they need rescaling for the net. Standard library only.
"""
import math
import random
import re
import statistics
import subprocess
import sys

HCE = re.compile(r"Hand-crafted evaluation: [-+]?\d+ cp \(White's view\), ([-+]?\d+) cp")
NET = re.compile(r"NNUE evaluation \([^)]*\): [-+]?\d+ cp \(White's view\), ([-+]?\d+) cp")
RESULT = re.compile(r'"(1-0|0-1|1/2-1/2)"')


def fit_k(scores, results):
    """The scale K (10 to 800 cp) minimising the squared error of sigmoid(score/K)."""
    def loss(k):
        return sum((r - 1 / (1 + math.exp(-s / k))) ** 2 for s, r in zip(scores, results)) / len(scores)
    return min(range(10, 801, 10), key=loss)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip())
        return 2
    engine, epd = argv[0], argv[1]
    n = int(argv[2]) if len(argv) > 2 else 800
    seed = int(argv[3]) if len(argv) > 3 else 1
    lines = [l for l in open(epd, encoding="utf-8") if RESULT.search(l)]
    sample = random.Random(seed).sample(lines, min(n, len(lines)))
    cmds = ["uci"]
    results = []
    for line in sample:
        f = line.split()
        cmds += ["position fen %s 0 1" % " ".join(f[:4]), "eval"]
        r = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[RESULT.search(line).group(1)]
        results.append(r if f[1] == "w" else 1 - r)
    out = subprocess.run([engine], input="\n".join(cmds + ["quit"]) + "\n", capture_output=True, text=True,
                         check=True).stdout
    hce = [int(x) for x in HCE.findall(out)]
    net = [int(x) for x in NET.findall(out)]
    if len(hce) != len(sample) or len(net) != len(sample):
        print("evalscale: %d positions but %d hand-crafted and %d net scores: does the engine have a net?" % (
            len(sample), len(hce), len(net)), file=sys.stderr)
        return 1
    keep = [i for i in range(len(sample)) if abs(hce[i]) < 1500 and abs(net[i]) < 1500]
    h, t = [hce[i] for i in keep], [net[i] for i in keep]
    mh, mt = statistics.mean(h), statistics.mean(t)
    slope = sum((a - mh) * (b - mt) for a, b in zip(h, t)) / sum((a - mh) ** 2 for a in h)
    print("%d positions (%d within ±1500 cp)" % (len(sample), len(keep)))
    print("spread: hand-crafted %.0f cp, net %.0f cp; slope of the net on the hand-crafted %.2f, correlation %.2f" % (
        statistics.pstdev(h), statistics.pstdev(t), slope, statistics.correlation(h, t)))
    print("logistic scale K fitted to the results: hand-crafted %d, net %d" % (fit_k(hce, results),
                                                                               fit_k(net, results)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
