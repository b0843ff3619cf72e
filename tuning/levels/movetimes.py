#!/usr/bin/env python3
"""How long each playing level thinks per move in a game, to see whether a
time cap binds: levels 2-5 stop at their depth or at their own move time
(200 ms to 1 s), and in the app every level also gets the app's thinking
time ("go movetime 1000" by default), which a level's depth or node limit
must reach first for the level to play as it was measured.

    tuning/levels/movetimes.py ENGINE VARIANT [START WORDS...]

plays one game of PLIES plies (default 40) per level, the level against
itself, from "position startpos START WORDS", each move searched with
"go nodes 5000000" as variants.sh plays the levels, and prints per level
the median and the largest time per move (the engine's own "time" of its
last info line, else the wall time) and how many moves reached each cap.
"""
import os
import statistics
import subprocess
import sys
import time

CAPS = {2: 200, 3: 300, 4: 500, 5: 1000}  # kit.PlayingLevels' MoveTime
APP_MS = 1000  # the app's default thinking time (Settings.THINK_MILLIS[1])


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    cmd, variant, start = sys.argv[1], sys.argv[2], " ".join(sys.argv[3:])
    plies = int(os.environ.get("PLIES", "40"))
    e = Engine(cmd.split())
    e.send("uci")
    e.until("uciok")
    e.send("setoption name UCI_Variant value " + variant)
    for level in range(0, 11):
        if level == 10:
            break  # full strength plays on the app's time: it is the cap itself
        e.send("setoption name Skill Level value %d" % level)
        e.send("ucinewgame")
        moves, times = [], []
        for _ in range(plies):
            pos = "position startpos" + (" " + start if start else "") + (" moves " + " ".join(moves) if moves else "")
            e.send(pos)
            t0 = time.monotonic()
            e.send("go nodes 5000000")
            lines = e.until("bestmove")
            wall = (time.monotonic() - t0) * 1000
            own = None
            for line in lines:
                f = line.split()
                if f[:1] == ["info"] and "time" in f:
                    own = int(f[f.index("time") + 1])
            best = lines[-1].split()[1]
            if best in ("0000", "(none)"):
                break
            times.append(own if own is not None else wall)
            moves.append(best)
            e.send("isready")
            e.until("readyok")
        if not times:
            print("level %d: no move" % level)
            continue
        cap = CAPS.get(level)
        hit = sum(1 for t in times if cap and t >= cap * 0.95)
        app = sum(1 for t in times if t >= APP_MS * 0.95)
        print("level %d: %d moves, median %.0f ms, largest %.0f ms; at its own cap (%s): %d; at the app's %d ms: %d" % (
            level, len(times), statistics.median(times), max(times), "%d ms" % cap if cap else "none", hit, APP_MS, app))
        sys.stdout.flush()
    e.close()


if __name__ == "__main__":
    main()
