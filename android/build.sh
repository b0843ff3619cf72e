#!/usr/bin/env bash
# Builds the signed Tempest APK (android/build/tempest.apk) with no Gradle and
# no Android SDK, then checks it; "build.sh test" also runs the app's tests,
# "build.sh screenshots" runs them and redraws docs/screenshots.
#
#   aapt, zipalign, apksigner, android-framework-res   Debian packages
#   org.robolectric:android-all                       the Android API to compile against
#   com.jakewharton.android.repackaged:dalvik-dx      class files -> classes.dex
#   Go                                                the engine, cross-compiled
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

t0=$SECONDS
step() { echo "== [$((SECONDS - t0))s] $*"; }
die() { echo "build.sh: $*" >&2; exit 1; }

step "tools"
missing=()
for p in aapt zipalign apksigner android-framework-res qemu-user; do
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

rm -rf "$OUT/gen" "$OUT/classes" "$OUT/stage" "$OUT"/*.apk "$OUT/res.ap_"
mkdir -p "$OUT/gen" "$OUT/classes" "$OUT/stage/lib/arm64-v8a" "$OUT/stage/lib/x86_64" "$OUT/host"

step "engine: linux/arm64 and linux/amd64 (static), and the host build for tests"
GOFLAGS_ENGINE=(-trimpath -ldflags='-s -w')
(cd "$REPO" && CGO_ENABLED=0 GOOS=linux GOARCH=arm64 go build "${GOFLAGS_ENGINE[@]}" -o "$OUT/stage/lib/arm64-v8a/libtempest.so" ./cmd/engine)
(cd "$REPO" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build "${GOFLAGS_ENGINE[@]}" -o "$OUT/stage/lib/x86_64/libtempest.so" ./cmd/engine)
(cd "$REPO" && CGO_ENABLED=0 go build -o "$OUT/host/tempest" ./cmd/engine)

step "resources (aapt)"
aapt package -f -m -M "$APP/AndroidManifest.xml" -S "$APP/res" -I "$FRAMEWORK_RES" -J "$OUT/gen" -F "$OUT/res.ap_"

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
KEYSTORE=$OUT/debug.keystore
if [ ! -f "$KEYSTORE" ]; then
  keytool -genkeypair -keystore "$KEYSTORE" -storepass android -keypass android -alias tempestdebug \
    -keyalg RSA -keysize 2048 -validity 10000 -dname "CN=Tempest Debug,O=Tempest" -storetype PKCS12 2>/dev/null
fi
apksigner sign --ks "$KEYSTORE" --ks-pass pass:android --key-pass pass:android --ks-key-alias tempestdebug \
  --min-sdk-version 24 --out "$OUT/tempest.apk" "$OUT/aligned.apk"
rm -f "$OUT/unaligned.apk" "$OUT/aligned.apk" "$OUT/tempest.apk.idsig"

step "verify"
apksigner verify "$OUT/tempest.apk" || die "apksigner verify failed"
aapt dump badging "$OUT/tempest.apk" > "$OUT/badging.txt"
grep -q "^package: name='org.tempest.app'" "$OUT/badging.txt" || die "badging: wrong package"
grep -q "^sdkVersion:'24'" "$OUT/badging.txt" || die "badging: minSdk is not 24"
grep -q "^targetSdkVersion:'34'" "$OUT/badging.txt" || die "badging: targetSdk is not 34"
grep -q "^native-code: 'arm64-v8a'" "$OUT/badging.txt" || die "badging: no arm64-v8a native code"
grep -E "^(package|sdkVersion|targetSdkVersion|native-code)" "$OUT/badging.txt"
size=$(stat -c %s "$OUT/tempest.apk")
[ "$size" -le "$MAX_APK_BYTES" ] || die "the APK is $size bytes, more than $MAX_APK_BYTES"
echo "apk: $OUT/tempest.apk, $size bytes"

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
