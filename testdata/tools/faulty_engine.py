#!/usr/bin/env python3
"""faulty_engine.py - a UCI engine with one planted fault, for testing the
tools that are meant to catch it (runners_check.py).

    faulty_engine.py --fault pv ENGINE [ARGS...]

It runs ENGINE and passes every line through, except:

  --fault pv       after the engine's first info line with a PV in the
                   third search, one more info line whose PV repeats its
                   first move (an illegal PV);
  --fault ponder   the ponder move of the third bestmove that names one is
                   replaced by a move from a1 to a1 (an illegal ponder move).

Standard library only.
"""

import subprocess
import sys
import threading


def main(argv):
    if len(argv) < 3 or argv[0] != "--fault" or argv[1] not in ("pv", "ponder"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    fault, cmd = argv[1], argv[2:]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    state = {"go": 0, "done": False, "ponders": 0}

    def upstream():
        for line in sys.stdin:
            if line.startswith("go"):
                state["go"] += 1
            try:
                proc.stdin.write(line)
                proc.stdin.flush()
            except BrokenPipeError:
                return
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass

    threading.Thread(target=upstream, daemon=True).start()
    for line in proc.stdout:
        out = line
        words = line.split()
        if not state["done"] and fault == "pv" and state["go"] >= 3 and words[:1] == ["info"] and "pv" in words:
            first = words[words.index("pv") + 1]
            out = line + "info depth 1 score cp 0 pv %s %s\n" % (first, first)
            state["done"] = True
        if not state["done"] and fault == "ponder" and words[:1] == ["bestmove"] and "ponder" in words:
            state["ponders"] += 1
            if state["ponders"] == 3:
                out = "bestmove %s ponder a1a1\n" % words[1]
                state["done"] = True
        sys.stdout.write(out)
        sys.stdout.flush()
    return proc.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
