#!/usr/bin/env bash
# fuzz.sh - run every fuzz target in the module, found by `go test -list`, so a
# new package's targets are fuzzed without being listed anywhere.
#
#   fuzz.sh [BUDGETS...]     each BUDGET is pkg:FuzzName:inputs (the Makefile's FUZZ_TARGETS)
#
# A listed target runs its budget of inputs, an unlisted one FUZZ_DEFAULT (10000);
# FUZZSCALE (default 1) multiplies them all. GO names the go command. With
# FUZZ_LIST=1 it only prints the targets and their budgets.
set -euo pipefail
GO=${GO:-go}
FUZZ_DEFAULT=${FUZZ_DEFAULT:-10000}
FUZZSCALE=${FUZZSCALE:-1}
declare -A budget
for b in "$@"; do
    budget[${b%:*}]=${b##*:}
done
module=$($GO list -m)
targets=()
# `go test -list` prints a package's matching names, then "ok  <package> ...".
names=()
listing=$(mktemp)
trap 'rm -f "$listing"' EXIT
# A package whose tests do not build must fail the run, not lose its targets.
if ! $GO test -list '^Fuzz' ./... >"$listing" 2>&1; then
    echo "fuzz.sh: listing the fuzz targets failed:" >&2
    grep -v '^Fuzz\|^ok\|no test files' "$listing" >&2 || true
    exit 1
fi
while read -r first second _; do
    case "$first" in
    Fuzz*) names+=("$first") ;;
    ok)
        for n in "${names[@]}"; do targets+=("${second#"$module"/}:$n"); done
        names=()
        ;;
    esac
done <"$listing"
[ ${#targets[@]} -gt 0 ] || { echo "fuzz.sh: no fuzz targets found" >&2; exit 1; }
for b in "${!budget[@]}"; do
    printf '%s\n' "${targets[@]}" | grep -qx "$b" || { echo "fuzz.sh: $b is listed but does not exist" >&2; exit 1; }
done
for t in "${targets[@]}"; do
    pkg=${t%%:*} name=${t#*:}
    n=$(( ${budget[$t]:-$FUZZ_DEFAULT} * FUZZSCALE ))
    echo "fuzz.sh: $pkg $name, $n inputs"
    [ "${FUZZ_LIST:-}" = 1 ] && continue
    $GO test "./$pkg" -run '^$' -fuzz "^$name\$" -fuzztime "${n}x"
done
