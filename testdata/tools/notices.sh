#!/usr/bin/env bash
# notices.sh - write the licence notices of what Tempest's binaries contain.
#
#   testdata/tools/notices.sh OUT BINARY...
#
# OUT gets Tempest's LICENSE first, then one section per third-party component
# linked into any of the BINARYs (Go programs, any GOOS/GOARCH): the Go
# standard library and runtime, and every module `go version -m` lists as a
# dependency. Each section is headed by four lines,
#
#   ========================================================================
#   <name> <version>
#   Licence: <kind>
#   ========================================================================
#
# and holds the licence text as the Go distribution or the module cache has
# it (and a NOTICE file, which Apache-2.0 asks to pass on). The list comes from
# the binaries, not from go.mod: a module used only by tests or tools, or only
# on another platform, is not in them. Fails when a binary was built by another
# Go than $GO (its licence would not be the one read here), when a module has no
# licence file, or when the licence is not one of the permissive kinds known
# below (read it before teaching this script its kind). Deterministic: the
# same binaries, module cache and Go give the same bytes (release.sh relies
# on it).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
GO=${GO:-go}
die() { echo "notices.sh: $*" >&2; exit 1; }
[ $# -ge 2 ] || die "usage: notices.sh OUT BINARY..."
out=$1
shift
rule=========================================================================

# The kind of a licence text, from phrases each kind has (whitespace
# collapsed, since files wrap their lines differently); empty if none fits.
kind() {
    local t
    t=$(tr -s ' \t\r\n' ' ' <"$1")
    case "$t" in
    *"advertising materials"*) ;; # the four-clause BSD: not passed on unread
    *"Permission is hereby granted, free of charge, to any person obtaining a copy"*) echo MIT ;;
    *"Permission to use, copy, modify, and/or distribute this software for any purpose"*) echo ISC ;;
    *"Apache License"*"Version 2.0, January 2004"*) echo Apache-2.0 ;;
    *"Redistribution and use in source and binary forms"*"endorse or promote products derived"*) echo BSD-3-Clause ;;
    *"Redistribution and use in source and binary forms"*) echo BSD-2-Clause ;;
    esac
}

# section NAME_AND_VERSION FILE...: the heading, then each file's text.
section() {
    local head=$1 k
    shift
    k=$(kind "$1")
    [ -n "$k" ] || die "$head: the licence in $1 is none of MIT, ISC, Apache-2.0, BSD-2-Clause, BSD-3-Clause; read it"
    printf '%s\n%s\nLicence: %s\n%s\n\n' "$rule" "$head" "$k" "$rule"
    for f in "$@"; do
        cat "$f"
        printf '\n'
    done
}

# The licence file of the module directory $1, or a loud failure.
licence_file() {
    local f
    for f in LICENSE LICENSE.txt LICENSE.md LICENCE LICENCE.txt COPYING COPYING.txt; do
        if [ -f "$1/$f" ]; then
            echo "$1/$f"
            return
        fi
    done
    die "$2: no licence file (LICENSE, LICENCE or COPYING) in $1"
}

goversion=$("$GO" env GOVERSION)
goroot=$("$GO" env GOROOT)
deps=() # "path version" of every dependency of every binary, replacements applied
for b in "$@"; do
    info=$("$GO" version -m "$b") || die "$b: no Go build information"
    v=$(sed -n '1s/^.*: //p' <<<"$info")
    [ "$v" = "$goversion" ] || die "$b was built by $v, but $GO is $goversion: its Go licence would not be read from the Go that built it"
    # A "=>" line after a dep line replaces it: the code (and licence) is the replacement's.
    while read -r path version; do
        [ -n "$version" ] || die "$b: $path is replaced by a local directory; add its licence by hand"
        deps+=("$path $version")
    done < <(awk -F'\t' '
        $2 == "dep" { if (d != "") print d; d = $3 " " $4 }
        $2 == "=>"  { d = $3 " " $4 }
        END         { if (d != "") print d }' <<<"$info")
done

tmp=$out.tmp # beside OUT, so the move is atomic and keeps the umask's mode
trap 'rm -f "$tmp"' EXIT
{
    section "Tempest" "$ROOT/LICENSE"
    printf 'Tempest includes the components below, each under its own licence.\n\n'
    section "Go standard library and runtime $goversion" "$goroot/LICENSE"
    if [ ${#deps[@]} -gt 0 ]; then
        while read -r path version; do
            dir=$(cd "$ROOT" && "$GO" list -m -f '{{.Dir}}' "$path@$version") || die "$path $version: not in the module cache"
            [ -n "$dir" ] && [ -d "$dir" ] || die "$path $version: not in the module cache"
            lic=$(licence_file "$dir" "$path $version")
            files=("$lic")
            for n in NOTICE NOTICE.txt NOTICE.md; do
                if [ -f "$dir/$n" ]; then files+=("$dir/$n"); fi
            done
            section "$path $version" "${files[@]}"
        done < <(printf '%s\n' "${deps[@]}" | LC_ALL=C sort -u)
    fi
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
