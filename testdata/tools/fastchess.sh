#!/usr/bin/env bash
# fastchess.sh - the project's chess matches, played by fastchess (third_party/runners).
#
#   fastchess.sh sprt NAME NEW BASE [OPTIONS...]      # SPRT(ELO0, ELO1) of NEW against BASE (default 0, 10)
#   fastchess.sh match NAME TEMPEST OPPONENT GAMES [OPTIONS...]   # a fixed number of games
#
# Both engines: one thread, Hash 64 (as users run Tempest), the 2moves_v1 openings in a random order
# (the seed is SEED, default 1), colours swapped on every opening, 10+0.1 unless TC says otherwise
# (TC=5+0.05, or NODES=20000 for fixed nodes), two games at a time (CONCURRENCY). OPTIONS are more
# fastchess arguments (e.g. -engine options are given as OPT1="RfpMargin=90 LmrDivisor=220" and
# OPT2=... for the two engines). Output goes to $MATCHES (default ~/.cache/tempest/matches): NAME.txt
# (fastchess's report, with the pentanomial counts), NAME.pgn (with clock and node comments, for
# testdata/tools/pgnstats.py) and NAME.json (fastchess's state: the same command resumes a stopped
# match). Pause the self-play generator first (kill -STOP) and say so where the result is written.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
FASTCHESS=${FASTCHESS:-${RUNNERS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/chess-runners}/fastchess}
MATCHES=${MATCHES:-${XDG_CACHE_HOME:-$HOME/.cache}/tempest/matches}
SEED=${SEED:-1}
TC=${TC:-10+0.1}
CONCURRENCY=${CONCURRENCY:-2}
HASH=${HASH:-64}
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 4 ] || usage
mode=$1 name=$2
[ -x "$FASTCHESS" ] || { echo "fastchess.sh: $FASTCHESS is not built: third_party/runners/build.sh fastchess" >&2; exit 2; }
mkdir -p "$MATCHES"
openings="$MATCHES/2moves_v1.epd"
[ -s "$openings" ] || xz -dc "$root/testdata/openings/2moves_v1.epd.xz" >"$openings"
limit=(tc="$TC")
[ -n "${NODES:-}" ] && limit=(tc=inf nodes="$NODES")
opts() { local o out=(); for o in $1; do out+=("option.$o"); done; echo "${out[@]}"; }
case "$mode" in
sprt)
    new=$3 base=$4; shift 4
    # shellcheck disable=SC2046
    set -- -engine cmd="$new" name=new $(opts "${OPT1:-}") -engine cmd="$base" name=base $(opts "${OPT2:-}") \
        -rounds 20000 -sprt elo0="${ELO0:-0}" elo1="${ELO1:-10}" alpha=0.05 beta=0.05 model=logistic "$@"
    ;;
match)
    [ $# -ge 5 ] || usage
    tempest=$3 opponent=$4 games=$5; shift 5
    # shellcheck disable=SC2046
    set -- -engine cmd="$tempest" name=tempest $(opts "${OPT1:-}") -engine cmd="$opponent" name=opponent $(opts "${OPT2:-}") \
        -rounds $(((games + 1) / 2)) "$@"
    ;;
*) usage ;;
esac
echo "fastchess.sh: $MATCHES/$name.txt" >&2
if [ -s "$MATCHES/$name.json" ]; then
    # fastchess's saved state holds the whole match (engines, openings, seed, results so far).
    echo "fastchess.sh: resuming from $MATCHES/$name.json" >&2
    exec "$FASTCHESS" -config file="$MATCHES/$name.json" >>"$MATCHES/$name.txt" 2>&1
fi
exec "$FASTCHESS" "$@" -each option.Threads=1 option.Hash="$HASH" "${limit[@]}" -repeat -concurrency "$CONCURRENCY" \
    -openings file="$openings" format=epd order=random -srand "$SEED" \
    -pgnout file="$MATCHES/$name.pgn" timeleft=true nodes=true -ratinginterval 20 \
    -config outname="$MATCHES/$name.json" >>"$MATCHES/$name.txt" 2>&1
