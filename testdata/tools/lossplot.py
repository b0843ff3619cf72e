#!/usr/bin/env python3
"""Plot training runs' losses as an SVG (no dependencies).

    lossplot.py OUT.svg RUN=loss.csv [RUN=loss.csv ...]

Each loss.csv is what `tempest-dev train` writes in its run directory
(epoch,train_loss,validation_loss,lr,seconds). The plot shows, per run,
the training loss as a dashed line and the validation loss as a solid one,
against the epoch, on one linear scale.
"""

import csv
import sys

WIDTH, HEIGHT, MARGIN = 640, 400, 60
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise ValueError(f"{path}: no epochs")
    return ([int(r["epoch"]) for r in rows], [float(r["train_loss"]) for r in rows],
            [float(r["validation_loss"]) for r in rows])


def main(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    out, runs = argv[0], []
    for spec in argv[1:]:
        name, _, path = spec.partition("=")
        if not path:
            raise ValueError(f"{spec!r}: write NAME=loss.csv")
        runs.append((name, *read(path)))
    max_epoch = max(max(r[1]) for r in runs)
    top = max(max(max(r[2]), max(r[3])) for r in runs) * 1.05
    x = lambda e: MARGIN + (WIDTH - 2 * MARGIN) * (e - 1) / max(max_epoch - 1, 1)
    y = lambda v: HEIGHT - MARGIN - (HEIGHT - 2 * MARGIN) * v / top
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
             f'<line x1="{MARGIN}" y1="{HEIGHT - MARGIN}" x2="{WIDTH - MARGIN}" y2="{HEIGHT - MARGIN}" stroke="black"/>',
             f'<line x1="{MARGIN}" y1="{MARGIN}" x2="{MARGIN}" y2="{HEIGHT - MARGIN}" stroke="black"/>',
             f'<text x="{WIDTH / 2}" y="{HEIGHT - 20}" text-anchor="middle">epoch</text>',
             f'<text x="15" y="{HEIGHT / 2}" transform="rotate(-90 15 {HEIGHT / 2})" text-anchor="middle">loss</text>']
    for i in range(5):
        v = top * i / 4
        parts.append(f'<text x="{MARGIN - 5}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.4f}</text>')
    for e in range(1, max_epoch + 1):
        parts.append(f'<text x="{x(e):.1f}" y="{HEIGHT - MARGIN + 15}" text-anchor="middle">{e}</text>')
    for i, (name, epochs, train, val) in enumerate(runs):
        c = COLOURS[i % len(COLOURS)]
        for series, dash in ((train, ' stroke-dasharray="5,4"'), (val, "")):
            pts = " ".join(f"{x(e):.1f},{y(v):.1f}" for e, v in zip(epochs, series))
            parts.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"{dash}/>')
        parts.append(f'<text x="{WIDTH - MARGIN - 5}" y="{MARGIN + 15 * (i + 1)}" text-anchor="end" fill="{c}">'
                     f'{name}: validation (solid), training (dashed)</text>')
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ValueError, OSError, KeyError) as e:
        print(f"lossplot.py: {e}", file=sys.stderr)
        sys.exit(1)
