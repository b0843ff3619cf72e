#!/usr/bin/env python3
"""release_check.py - check the release binaries that `make release` made.

    release_check.py DIST VERSION

For every binary tempest-<version>-<os>-<arch>[-avx2][.exe] in DIST:

  * its format is the platform's, read from its header (ELF for Linux with
    the machine x86-64 or AArch64 and no interpreter, i.e. static; PE32+
    for Windows with the machine AMD64 or ARM64; Mach-O 64-bit for macOS
    with the CPU type x86-64 or ARM64);
  * SHA256SUMS lists it with its hash, and LICENSE is there;
  * where this machine can run it, it answers `uci` with "id name Tempest
    <version>", runs `bench` to the chess bench signature of
    testdata/bench.txt, and plays a short game against itself by UCI:
    Linux amd64 natively, Linux arm64 under qemu-aarch64, Windows amd64
    under wine64 (in a scratch Wine prefix; a Wine older than 9.0 gets the
    bcryptprimitives.dll that wine/bcryptprimitives.s describes, built
    with binutils-mingw-w64);
  * the AVX2 build, run under qemu-x86_64 on a CPU model without AVX2
    (Nehalem), says so and exits with an error instead of crashing.

Beside them, LICENSE is the repository's and THIRD_PARTY_NOTICES.txt
begins with it; SHA256SUMS lists both with their hashes; and the notices
have one section for the Go standard library and runtime and for each
module that `go version -m` reports for any binary (the Go release and
the module versions in the headings, the licence file of GOROOT or of the
module's directory in the module cache in each), and none for anything
else. test_notices.py checks this check.

A platform whose runner (qemu, wine) is missing is reported as SKIP and
fails the check unless --allow-skip is given. Standard library only, and
the Go toolchain ($GO, or go) that built the binaries.
"""

import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
NAME = re.compile(r"^tempest-(?P<version>.+)-(?P<os>linux|windows|darwin)-(?P<arch>amd64|arm64)(?P<avx2>-avx2)?(?:\.exe)?$")


def bench_signature():
    with open(os.path.join(ROOT, "testdata", "bench.txt")) as f:
        for line in f:
            w = line.split()
            if len(w) == 2 and w[0] == "chess":
                return int(w[1])
    raise SystemExit("release_check: no chess signature in testdata/bench.txt")


def header_format(path):
    """(os, arch, static) read from the file's header, or raises ValueError."""
    with open(path, "rb") as f:
        head = f.read(4096)
    if head[:4] == b"\x7fELF":
        if head[4] != 2 or head[5] != 1:
            raise ValueError("not a 64-bit little-endian ELF file")
        machine, = struct.unpack_from("<H", head, 18)
        arch = {0x3E: "amd64", 0xB7: "arm64"}.get(machine)
        phoff, = struct.unpack_from("<Q", head, 32)
        phentsize, phnum = struct.unpack_from("<HH", head, 54)
        with open(path, "rb") as f:
            f.seek(phoff)
            ph = f.read(phentsize * phnum)
        interp = any(struct.unpack_from("<I", ph, i * phentsize)[0] == 3 for i in range(phnum))  # PT_INTERP
        return "linux", arch, not interp
    if head[:2] == b"MZ":
        pe, = struct.unpack_from("<I", head, 0x3C)
        if head[pe:pe + 4] != b"PE\0\0":
            raise ValueError("an MZ file without a PE header")
        machine, = struct.unpack_from("<H", head, pe + 4)
        magic, = struct.unpack_from("<H", head, pe + 24)
        if magic != 0x20B:
            raise ValueError("not PE32+")
        return "windows", {0x8664: "amd64", 0xAA64: "arm64"}.get(machine), True
    if head[:4] == b"\xcf\xfa\xed\xfe":
        cpu, = struct.unpack_from("<I", head, 4)
        return "darwin", {0x01000007: "amd64", 0x0100000C: "arm64"}.get(cpu), True
    raise ValueError("an unknown executable format")


NOTICES = "THIRD_PARTY_NOTICES.txt"
RULE = "=" * 72


def read(path, mode="r"):
    with open(path, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as f:
        return f.read()


def build_info(path):
    """(Go release, {module path: version}) that `go version -m` reads from a binary."""
    p = subprocess.run([os.environ.get("GO", "go"), "version", "-m", path], capture_output=True, text=True)
    if p.returncode != 0:
        raise ValueError("go version -m: %s" % p.stderr.strip())
    lines = p.stdout.splitlines()
    release = lines[0].rsplit(": ", 1)[1]
    deps = {}
    last = None
    for line in lines[1:]:
        f = line.strip().split("\t")
        if f[0] == "dep":
            last = f[1]
            deps[last] = f[2]
        elif f[0] == "=>" and last:
            deps[last] = f[2] if len(f) > 2 else ""  # a replacement's version; a local directory has none
    return release, deps


def notice_sections(text):
    """[(heading, body)] of a notices file: a heading is the two lines between two rules."""
    lines = text.split("\n")
    heads = [i for i in range(len(lines) - 3)
             if lines[i] == RULE and lines[i + 3] == RULE and lines[i + 2].startswith("Licence: ")]
    return [(lines[i + 1], "\n".join(lines[i + 4:j])) for i, j in zip(heads, heads[1:] + [len(lines)])]


def check_notices(dist, bins):
    """The problems of the notices against the binaries' build information."""
    problems = []
    text = read(os.path.join(dist, NOTICES))
    sections = notice_sections(text)
    licence = read(os.path.join(ROOT, "LICENSE"))
    if not sections or sections[0][0] != "Tempest" or not sections[0][1].strip().startswith(licence.strip()):
        problems.append("Tempest's LICENSE is not the first section")
    want = {}  # heading -> module path, "" for Go itself
    for b in bins:
        try:
            release, deps = build_info(os.path.join(dist, b))
        except (ValueError, IndexError) as e:
            problems.append("%s: %s" % (b, e))
            continue
        want["Go standard library and runtime " + release] = ""
        for path, version in deps.items():
            want["%s %s" % (path, version)] = path + "@" + version
    have = {h: body for h, body in sections[1:]}
    for h in sorted(set(want) - set(have)):
        problems.append("no section for %s" % h)
    for h in sorted(set(have) - set(want)):
        problems.append("a section for %s, which no binary links" % h)
    for h, mod in sorted(want.items()):
        if h not in have:
            continue
        # Go's licence is in GOROOT, a module's in its directory of the module cache.
        cmd = ["list", "-m", "-f", "{{.Dir}}", mod] if mod else ["env", "GOROOT"]
        p = subprocess.run([os.environ.get("GO", "go")] + cmd, cwd=ROOT, capture_output=True, text=True)
        d = p.stdout.strip()
        files = [f for f in (os.listdir(d) if p.returncode == 0 and d else [])
                 if f.upper().startswith(("LICENSE", "LICENCE", "COPYING"))]
        if not any(read(os.path.join(d, f)).strip() in have[h] for f in files):
            problems.append("the section for %s does not hold its licence file %s" % (h, files or "(none found)"))
    return problems


def find_wine():
    for w in ("wine64", "/usr/lib/wine/wine64"):
        path = shutil.which(w)
        if path:
            return path
    return None


def wine_runner(tmp):
    """The argv prefix that runs a Windows amd64 program, or why there is none."""
    wine = find_wine()
    if not wine:
        return "wine64 is not installed"
    env = dict(os.environ, WINEPREFIX=os.path.join(tmp, "wine"), WINEDEBUG="-all")
    p = subprocess.run([wine, "wineboot", "-i"], env=env, capture_output=True, text=True, timeout=300)
    system32 = os.path.join(env["WINEPREFIX"], "drive_c", "windows", "system32")
    if not os.path.isdir(system32):
        return "wineboot made no prefix (exit %d): %s" % (p.returncode, p.stderr[-200:])
    if not os.path.exists(os.path.join(system32, "bcryptprimitives.dll")):
        tools = ["x86_64-w64-mingw32-" + t for t in ("as", "dlltool", "ld")]
        if not all(shutil.which(t) for t in tools):
            return "this Wine lacks bcryptprimitives.dll and binutils-mingw-w64-x86-64 is not installed"
        src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wine", "bcryptprimitives.s")
        with open(os.path.join(tmp, "advapi32.def"), "w") as f:
            f.write("LIBRARY advapi32.dll\nEXPORTS\nSystemFunction036\n")
        with open(os.path.join(tmp, "bcryptprimitives.def"), "w") as f:
            f.write("LIBRARY bcryptprimitives.dll\nEXPORTS\nProcessPrng\n")
        for cmd in ([tools[0], "-o", "shim.o", src],
                    [tools[1], "-d", "advapi32.def", "-l", "libadvapi32.a"],
                    [tools[2], "-shared", "-e", "DllMain", "-o", os.path.join(system32, "bcryptprimitives.dll"),
                     "bcryptprimitives.def", "shim.o", "libadvapi32.a"]):
            subprocess.run(cmd, cwd=tmp, check=True)
    return ["env", "WINEPREFIX=" + env["WINEPREFIX"], "WINEDEBUG=-all", wine]


def uci_session(argv, commands, timeout=300):
    p = subprocess.run(argv, input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def short_game(argv, plies=40, timeout=300):
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, bufsize=1)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    moves = []
    try:
        proc.stdin.write("uci\nisready\nucinewgame\n")
        for _ in range(plies):
            proc.stdin.write("position startpos moves %s\ngo nodes 3000\n" % " ".join(moves))
            proc.stdin.flush()
            best = None
            for line in proc.stdout:
                if line.startswith("bestmove"):
                    best = line.split()[1] if len(line.split()) > 1 else "?"
                    break
            if best is None:
                return ["game: the engine ended without a bestmove after %s" % moves]
            if best == "(none)":
                break
            moves.append(best)
        proc.stdin.write("quit\n")
        proc.stdin.flush()
        proc.wait(timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        return ["game: %s after %s" % (e, moves)]
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
    if proc.returncode != 0:
        return ["game: exit code %d after quit" % proc.returncode]
    return []


def play_checks(argv, version, signature):
    """uci, bench and a short game; returns the problems found."""
    problems = []
    code, out, err = uci_session(argv, ["uci", "quit"])
    if "id name Tempest %s" % version not in out:
        problems.append("uci: no 'id name Tempest %s' (exit %d): %s" % (version, code, (out + err)[-300:]))
    # The subcommand: in a session, "quit" would stop the bench.
    p = subprocess.run(argv + ["bench"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900)
    out, err = p.stdout, p.stderr
    m = re.search(r"(\d+) nodes \d+ nps", out + err)
    if not m or int(m.group(1)) != signature:
        problems.append("bench: %s nodes, the signature is %d" % (m.group(1) if m else "no", signature))
    # A short game against itself in one session: each move searched to
    # 3000 nodes and played into the next position, until the game ends
    # or 40 plies.
    problems += short_game(argv)
    return problems


def main(argv):
    allow_skip = "--allow-skip" in argv
    argv = [a for a in argv if a != "--allow-skip"]
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    dist, version = argv
    signature = bench_signature()
    files = sorted(os.listdir(dist))
    bins = [f for f in files if NAME.match(f)]
    failed = skipped = 0
    wine = None
    tmp = tempfile.mkdtemp(prefix="release-check-")
    want = {(o, a, x) for o in ("linux", "windows", "darwin") for a, x in (("amd64", False), ("amd64", True), ("arm64", False))}
    have = set()
    sums = {}
    if "SHA256SUMS" in files:
        for line in open(os.path.join(dist, "SHA256SUMS")):
            h, name = line.split()
            sums[name] = h
    else:
        print("FAIL SHA256SUMS is missing")
        failed += 1
    for name in ("LICENSE", NOTICES):
        if name not in files:
            print("FAIL %s is missing" % name)
            failed += 1
        elif sums.get(name) != hashlib.sha256(read(os.path.join(dist, name), "rb")).hexdigest():
            print("FAIL SHA256SUMS does not list %s with its hash" % name)
            failed += 1
    if "LICENSE" in files and read(os.path.join(dist, "LICENSE"), "rb") != read(os.path.join(ROOT, "LICENSE"), "rb"):
        print("FAIL LICENSE is not the repository's")
        failed += 1
    if NOTICES in files:
        problems = check_notices(dist, bins)
        print("%s %s%s" % ("FAIL" if problems else "PASS", NOTICES, "".join("\n    " + x for x in problems)))
        failed += bool(problems)
    for b in bins:
        m = NAME.match(b)
        path = os.path.join(dist, b)
        problems = []
        if m.group("version") != version:
            problems.append("version %s in the name, not %s" % (m.group("version"), version))
        have.add((m.group("os"), m.group("arch"), bool(m.group("avx2"))))
        try:
            fos, farch, static = header_format(path)
            if (fos, farch) != (m.group("os"), m.group("arch")):
                problems.append("its header says %s/%s" % (fos, farch))
            if not static:
                problems.append("dynamically linked (it has an ELF interpreter)")
        except ValueError as e:
            problems.append(str(e))
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
        if sums.get(b) != digest:
            problems.append("SHA256SUMS says %s, the file hashes to %s" % (sums.get(b), digest))
        runner = None
        target = (m.group("os"), m.group("arch"))
        if target == ("linux", "amd64") and not m.group("avx2"):
            runner = [path]
        elif target == ("linux", "amd64"):
            runner = [path] if "avx2" in open("/proc/cpuinfo").read() else None
        elif target == ("linux", "arm64"):
            runner = ["qemu-aarch64", path] if shutil.which("qemu-aarch64") else "qemu-aarch64"
        elif target == ("windows", "amd64") and not m.group("avx2"):
            if wine is None:
                wine = wine_runner(tmp)
            runner = wine + [path] if isinstance(wine, list) else wine
        if isinstance(runner, list):
            problems += play_checks(runner, version, signature)
        elif isinstance(runner, str):
            print("SKIP %s: %s" % (b, runner if " " in runner else runner + " is not installed"))
            skipped += 1
        if m.group("avx2") and target == ("linux", "amd64"):
            if shutil.which("qemu-x86_64"):
                p = subprocess.run(["qemu-x86_64", "-cpu", "Nehalem", path], input="uci\nquit\n",
                                   capture_output=True, text=True, timeout=60)
                if p.returncode == 0 or "id name" in p.stdout or "microarchitecture" not in p.stderr:
                    problems.append("on a CPU without AVX2 (qemu -cpu Nehalem): exit %d, stderr %r" % (
                        p.returncode, p.stderr[-200:]))
            else:
                print("SKIP %s without AVX2: qemu-x86_64 is not installed" % b)
                skipped += 1
        scope = " (header and hash only)" if isinstance(runner, str) else ""
        print("%s %s%s%s" % ("FAIL" if problems else "PASS", b, scope, "".join("\n    " + x for x in problems)))
        failed += bool(problems)
    for o, a, x in sorted(want - have):
        print("FAIL tempest-%s-%s-%s%s is missing" % (version, o, a, "-avx2" if x else ""))
        failed += 1
    shutil.rmtree(tmp, ignore_errors=True)
    if failed or (skipped and not allow_skip):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
