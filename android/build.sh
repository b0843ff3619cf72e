#!/usr/bin/env bash
# Builds the signed Tempest APK (android/build/tempest.apk) with no Gradle and
# no Android SDK, then checks it; "build.sh test" also runs the app's tests,
# "build.sh screenshots" runs them and redraws docs/screenshots.
#
#   aapt, zipalign, apksigner, android-framework-res   Debian packages
#   org.robolectric:android-all                       the Android API to compile against
#   com.jakewharton.android.repackaged:dalvik-dx      class files -> classes.dex
#   Go                                                the engine, cross-compiled
#   testdata/tools/notices.sh                         the licences of what the engine links, an asset
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$PWD
REPO=$(cd .. && pwd)
APP=$ROOT/app/src/main
OUT=$ROOT/build
TOOLS=$OUT/tools
FRAMEWORK_RES=/usr/share/android-framework-res/framework-res.apk
ANDROID_ALL=org.robolectric:android-all:14-robolectric-10818077
DX=com.jakewharton.android.repackaged:dalvik-dx:16.0.1
MAX_APK_BYTES=$((10 * 1024 * 1024))
# The certificate of android/debug.keystore (keytool -list -v -keystore debug.keystore -storepass android).
DEBUG_CERT_SHA256=df6d49affb815431a577edf40f8e4834798546f38563c7c4f78df27f6d5d16be

t0=$SECONDS
step() { echo "== [$((SECONDS - t0))s] $*"; }
die() { echo "build.sh: $*" >&2; exit 1; }

step "tools"
missing=()
for p in aapt zipalign apksigner android-framework-res qemu-user binutils; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "install these Debian packages first: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
mkdir -p "$TOOLS"
fetch() { # group:artifact:version -> path of the jar in $TOOLS
  local a=(${1//:/ })
  local jar=$TOOLS/${a[1]}-${a[2]}.jar
  [ -f "$jar" ] || mvn -q -B dependency:copy -Dartifact="$1" -DoutputDirectory="$TOOLS" >&2
  echo "$jar"
}
ANDROID_JAR=$(fetch $ANDROID_ALL)
DX_JAR=$(fetch $DX)

rm -rf "$OUT/gen" "$OUT/classes" "$OUT/stage" "$OUT/assets" "$OUT"/*.apk "$OUT/res.ap_"
mkdir -p "$OUT/gen" "$OUT/classes" "$OUT/stage/lib/arm64-v8a" "$OUT/stage/lib/x86_64" "$OUT/host" "$OUT/assets"

step "engine: linux/arm64 and linux/amd64 (static), and the host build for tests"
# -R 0x4000: segments aligned for 16 KB pages, which Android 15+ devices may use (arm64's
# default is 64 KB already; amd64's is 4 KB). Checked in the verify step.
GOFLAGS_ENGINE=(-trimpath -ldflags='-s -w -R 0x4000')
(cd "$REPO" && CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build "${GOFLAGS_ENGINE[@]}" -o "$OUT/stage/lib/arm64-v8a/libtempest.so" ./cmd/engine)
(cd "$REPO" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build "${GOFLAGS_ENGINE[@]}" -o "$OUT/stage/lib/x86_64/libtempest.so" ./cmd/engine)
(cd "$REPO" && CGO_ENABLED=0 go build -o "$OUT/host/tempest" ./cmd/engine)

step "licence notices of what the engines link (the About screen shows them)"
"$REPO/testdata/tools/notices.sh" "$OUT/assets/THIRD_PARTY_NOTICES.txt" \
  "$OUT/stage/lib/arm64-v8a/libtempest.so" "$OUT/stage/lib/x86_64/libtempest.so"

step "resources and assets (aapt)"
aapt package -f -m -M "$APP/AndroidManifest.xml" -S "$APP/res" -A "$OUT/assets" -I "$FRAMEWORK_RES" \
  -J "$OUT/gen" -F "$OUT/res.ap_"

step "compile (javac --release 8 against android-all)"
find "$APP/java" "$OUT/gen" -name '*.java' > "$OUT/sources.txt"
javac --release 8 -Xlint:all,-options,-classfile -Werror -encoding UTF-8 \
  -classpath "$ANDROID_JAR" -d "$OUT/classes" @"$OUT/sources.txt"

step "dex"
java -cp "$DX_JAR" com.android.dx.command.Main --dex --min-sdk-version=24 \
  --output="$OUT/stage/classes.dex" "$OUT/classes"

step "package, align, sign"
cp "$OUT/res.ap_" "$OUT/unaligned.apk"
(cd "$OUT/stage" && zip -q -X -9 "$OUT/unaligned.apk" classes.dex lib/arm64-v8a/libtempest.so lib/x86_64/libtempest.so)
zipalign -f -p 4 "$OUT/unaligned.apk" "$OUT/aligned.apk"
# One key for every debug build of the project (committed), so a newer build installs over an
# older one and keeps its autosave and profiles; a release key comes from the environment.
if [ -n "${TEMPEST_RELEASE_KEYSTORE:-}" ]; then
  : "${TEMPEST_RELEASE_KEY_ALIAS:?set it with TEMPEST_RELEASE_KEYSTORE}"
  : "${TEMPEST_RELEASE_STORE_PASS:?set it with TEMPEST_RELEASE_KEYSTORE}"
  apksigner sign --ks "$TEMPEST_RELEASE_KEYSTORE" --ks-pass env:TEMPEST_RELEASE_STORE_PASS \
    --key-pass env:"${TEMPEST_RELEASE_KEY_PASS_VAR:-TEMPEST_RELEASE_STORE_PASS}" \
    --ks-key-alias "$TEMPEST_RELEASE_KEY_ALIAS" --min-sdk-version 24 --out "$OUT/tempest.apk" "$OUT/aligned.apk"
else
  apksigner sign --ks "$ROOT/debug.keystore" --ks-pass pass:android --key-pass pass:android \
    --ks-key-alias tempestdebug --min-sdk-version 24 --out "$OUT/tempest.apk" "$OUT/aligned.apk"
fi
rm -f "$OUT/unaligned.apk" "$OUT/aligned.apk" "$OUT/tempest.apk.idsig"

step "verify"
apksigner verify "$OUT/tempest.apk" || die "apksigner verify failed"
aapt dump badging "$OUT/tempest.apk" > "$OUT/badging.txt"
grep -q "^package: name='org.tempest.app'" "$OUT/badging.txt" || die "badging: wrong package"
grep -q "^sdkVersion:'24'" "$OUT/badging.txt" || die "badging: minSdk is not 24"
grep -q "^targetSdkVersion:'36'" "$OUT/badging.txt" || die "badging: targetSdk is not 36"
grep -q "^native-code: 'arm64-v8a'" "$OUT/badging.txt" || die "badging: no arm64-v8a native code"
grep -E "^(package|sdkVersion|targetSdkVersion|native-code)" "$OUT/badging.txt"
size=$(stat -c %s "$OUT/tempest.apk")
[ "$size" -le "$MAX_APK_BYTES" ] || die "the APK is $size bytes, more than $MAX_APK_BYTES"
echo "apk: $OUT/tempest.apk, $size bytes"
if [ -z "${TEMPEST_RELEASE_KEYSTORE:-}" ]; then
  apksigner verify --print-certs "$OUT/tempest.apk" | grep -qi "SHA-256 digest: $DEBUG_CERT_SHA256" \
    || die "the APK is not signed with the project's debug key (android/debug.keystore)"
fi
# What the APK holds is the app's own (code, resources), the engines and their notices, and the
# signature; anything else (a library's classes, a font, a sound) would need its licence in the
# notices first, so it fails here until notices.sh covers it.
unzip -p "$OUT/tempest.apk" assets/THIRD_PARTY_NOTICES.txt | cmp -s - "$OUT/assets/THIRD_PARTY_NOTICES.txt" \
  || die "the APK's assets/THIRD_PARTY_NOTICES.txt is not the generated one"
others=$(unzip -Z1 "$OUT/tempest.apk" | grep -Ev '^(AndroidManifest\.xml|resources\.arsc|classes\.dex|res/.+\.xml|assets/THIRD_PARTY_NOTICES\.txt|lib/(arm64-v8a|x86_64)/libtempest\.so|META-INF/.+)$' || true)
[ -z "$others" ] || die "the APK holds files the notices do not cover: $others"
others=$(cd "$OUT/classes" && find . -type f ! -path './org/tempest/app/*')
[ -z "$others" ] || die "classes.dex would hold classes that are not the app's: $others"
echo "contents: the app's code and resources, the engines, their notices"
for abi in arm64-v8a x86_64; do
  # Every LOAD segment aligned for 16 KB pages: p_align at least 0x4000, offset and address on it.
  loads=0
  while read -r off va al; do
    loads=$((loads + 1))
    (( al >= 16384 && off % 16384 == 0 && va % 16384 == 0 )) \
      || die "the $abi engine is not aligned for 16 KB pages: LOAD at offset $off, address $va, align $al"
  done < <(readelf -lW "$OUT/stage/lib/$abi/libtempest.so" | awk '$1 == "LOAD" { print $2, $3, $NF }')
  [ "$loads" -gt 0 ] || die "the $abi engine has no LOAD segment"
done
echo "engines: every LOAD segment aligned for 16 KB pages (arm64-v8a, x86_64)"

step "the packaged arm64 engine under qemu-aarch64: uci and bench"
unzip -p "$OUT/tempest.apk" lib/arm64-v8a/libtempest.so > "$OUT/libtempest-arm64"
chmod +x "$OUT/libtempest-arm64"
printf 'uci\nquit\n' | qemu-aarch64 "$OUT/libtempest-arm64" | grep -q '^uciok$' || die "arm64 engine: no uciok"
qemu-aarch64 "$OUT/libtempest-arm64" bench -depth 6 | tail -1 | tee "$OUT/qemu-bench.txt" | grep -q ' nodes ' \
  || die "arm64 engine: bench failed"

case "${1:-}" in
test)
  step "app tests (Robolectric, against the host engine build)"
  mvn -q -B -f "$ROOT/pom.xml" test
  ;;
screenshots)
  # The same tests, drawing their screenshots into docs/ instead of target/.
  step "app tests, screenshots into docs/screenshots"
  mvn -q -B -f "$ROOT/pom.xml" test -Dscreenshot.dir="$REPO/docs/screenshots"
  ;;
esac
step "done"
