#!/usr/bin/env bash
# build.sh - build cutechess-cli and fastchess from the archives beside this file.
#
#   third_party/runners/build.sh                  # both, into $RUNNERS_DIR
#   JOBS=2 third_party/runners/build.sh fastchess
#
# cutechess-cli needs Debian's Qt 6 (qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-5compat-dev) and
# cmake, installed here when missing (as root, or with sudo); Debian 12's Qt 6.4 builds the command-line
# runner. fastchess needs g++ 9 or later. A runner already in $RUNNERS_DIR that answers --version is
# kept. Builds run one job at a time by default and niced, so a match on the same cores is barely
# disturbed: about 2.5 CPU-minutes each.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
RUNNERS_DIR=${RUNNERS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/chess-runners}
JOBS=${JOBS:-1}
want=("$@")
[ ${#want[@]} -gt 0 ] || want=(cutechess-cli fastchess)
mkdir -p "$RUNNERS_DIR"
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo

apt_need() {
    local missing=()
    for p in "$@"; do
        dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed' || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        export DEBIAN_FRONTEND=noninteractive
        $SUDO apt-get update -qq
        $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
        echo "build.sh: installed ${missing[*]}"
    fi
}

# build NAME ARCHIVE: unpack ARCHIVE into a scratch directory and run the
# build commands read from stdin there; the log is shown only on failure.
build() {
    local name=$1 archive=$2 work
    work=$(mktemp -d)
    tar -xzf "$here/$archive" -C "$work"
    if ! (cd "$work" && LANG=C.UTF-8 nice -n 10 bash -e) >"$work/build.log" 2>&1; then
        tail -30 "$work/build.log" >&2
        rm -rf "$work"
        echo "build.sh: building $name failed" >&2
        exit 1
    fi
    echo "$work"
}

ready() { [ -x "$RUNNERS_DIR/$1" ] && "$RUNNERS_DIR/$1" --version >/dev/null 2>&1; }

for w in "${want[@]}"; do
    case "$w" in
    cutechess-cli | cutechess)
        if ready cutechess-cli; then echo "build.sh: $RUNNERS_DIR/cutechess-cli ready"; continue; fi
        apt_need cmake g++ make qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-5compat-dev
        # The CMake target is `cli`; its output is named cutechess-cli.
        work=$(build cutechess-cli cutechess-1.5.1.tar.gz <<SH
cmake -S cutechess-1.5.1 -B build -DCMAKE_BUILD_TYPE=Release -DWITH_TESTS=OFF
cmake --build build --target cli -j $JOBS
SH
)
        install -m 755 "$work/build/cutechess-cli" "$RUNNERS_DIR/cutechess-cli"
        rm -rf "$work"
        echo "build.sh: $("$RUNNERS_DIR/cutechess-cli" --version | head -1) at $RUNNERS_DIR/cutechess-cli"
        ;;
    fastchess)
        if ready fastchess; then echo "build.sh: $RUNNERS_DIR/fastchess ready"; continue; fi
        apt_need g++ make
        work=$(build fastchess fastchess-1.8.2-alpha.tar.gz <<SH
make -C fastchess-1.8.2-alpha -j $JOBS
SH
)
        install -m 755 "$work/fastchess-1.8.2-alpha/fastchess" "$RUNNERS_DIR/fastchess"
        rm -rf "$work"
        echo "build.sh: $("$RUNNERS_DIR/fastchess" --version 2>&1 | head -1) at $RUNNERS_DIR/fastchess"
        ;;
    *)
        echo "build.sh: unknown runner '$w' (cutechess-cli, fastchess)" >&2
        exit 2
        ;;
    esac
done
