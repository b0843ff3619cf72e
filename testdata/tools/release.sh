#!/usr/bin/env bash
# release.sh - build Tempest's release binaries (make release VERSION=x.y.z).
#
#   VERSION=1.0.0 DIST=dist testdata/tools/release.sh
#
# One static engine binary per platform, named tempest-<version>-<os>-<arch>[-avx2][.exe]:
# Linux, Windows and macOS on amd64 twice (portable: any x86-64 CPU, the net's AVX2 kernels chosen
# at start-up when the CPU has them; -avx2: the whole program compiled for x86-64-v3, which the Go
# runtime refuses to start, with a message, on a CPU without AVX2) and on arm64 once. The net is
# embedded; `id name` says "Tempest <version>". Beside them: LICENSE, THIRD_PARTY_NOTICES.txt (the
# licences of what the binaries link, from notices.sh) and SHA256SUMS. The builds are
# reproducible: the same commit and Go toolchain give the same bytes (-trimpath, no build ID).
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${VERSION:?set VERSION, e.g. make release VERSION=1.0.0}"
case "$VERSION" in
*[!0-9A-Za-z.+-]* | "") echo "release.sh: VERSION may hold letters, digits, '.', '+' and '-' only" >&2; exit 2 ;;
esac
DIST=${DIST:-dist}
GO=${GO:-go}
rm -rf "$DIST"
mkdir -p "$DIST"
# os arch GOAMD64 suffix
targets=(
    "linux amd64 v1 "
    "linux amd64 v3 -avx2"
    "linux arm64 - "
    "windows amd64 v1 "
    "windows amd64 v3 -avx2"
    "windows arm64 - "
    "darwin amd64 v1 "
    "darwin amd64 v3 -avx2"
    "darwin arm64 - "
)
for t in "${targets[@]}"; do
    read -r os arch level suffix <<<"$t"
    exe=""
    [ "$os" = windows ] && exe=.exe
    out="$DIST/tempest-$VERSION-$os-$arch$suffix$exe"
    envs=(CGO_ENABLED=0 GOOS="$os" GOARCH="$arch")
    if [ "$level" != - ]; then envs+=(GOAMD64="$level"); fi
    env "${envs[@]}" "$GO" build -trimpath -buildvcs=false \
        -ldflags "-s -w -buildid= -X tempest/protocol.release=$VERSION" -o "$out" ./cmd/engine
    echo "release.sh: $out"
done
cp LICENSE "$DIST/LICENSE"
GO="$GO" testdata/tools/notices.sh "$DIST/THIRD_PARTY_NOTICES.txt" "$DIST"/tempest-*
(cd "$DIST" && sha256sum tempest-* LICENSE THIRD_PARTY_NOTICES.txt >SHA256SUMS)
echo "release.sh: $(ls "$DIST" | wc -l) files in $DIST, checksums in $DIST/SHA256SUMS"
