#!/usr/bin/env bash
# Builds a libFuzzer target with -sanitize=fuzzer,address and runs it for SECONDS.
# Usage: Tests/Fuzzing/run.sh DifferentialFuzzer|ImporterFuzzer SECONDS [libFuzzer flags...]
# Findings (crash inputs) go to Tests/Fuzzing/findings/; new coverage stays in a temporary
# copy of the seed corpus. FuzzCase(bytes:) reaches million-node trees: the RSS and time
# limits leave room for them. Exit code 0: no finding.
set -euo pipefail
target="${1:?usage: run.sh DifferentialFuzzer|ImporterFuzzer SECONDS}"
seconds="${2:?usage: run.sh TARGET SECONDS}"
shift 2
here="$(cd "$(dirname "$0")" && pwd)"
case "$target" in
    DifferentialFuzzer) seeds="$here/Corpus/differential" ;;
    ImporterFuzzer) seeds="$here/Corpus/importer" ;;
    *) echo "error: unknown target $target (DifferentialFuzzer or ImporterFuzzer)" >&2; exit 2 ;;
esac
cd "$here"
# A failed build stops here: an old binary must not run in its place.
log="$(mktemp)"
if ! swift build -c release --product "$target" -Xswiftc -sanitize=fuzzer,address >"$log" 2>&1; then
    grep -v "Cannot export local symbol" "$log" >&2 || true
    rm -f "$log"
    echo "error: the $target build failed (above)" >&2
    if [ "$(uname -s)" = Darwin ]; then
        echo "Xcode's Swift has no libFuzzer. Fix: install a swift.org toolchain and run with it (TOOLCHAINS=swift $0 $target $seconds)" >&2
    fi
    exit 2
fi
grep -v "Cannot export local symbol" "$log" || true
rm -f "$log"
binary="$(swift build -c release --product "$target" -Xswiftc -sanitize=fuzzer,address --show-bin-path)/$target"
[ -x "$binary" ] || { echo "error: $binary was not built" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$seeds/." "$work/"
mkdir -p "$here/findings"
# Swift's own crash handler confuses ASan; libFuzzer reports crashes itself.
dict=()
[ -f "$here/$target.dict" ] && dict=(-dict="$here/$target.dict")
SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -artifact_prefix="$here/findings/$target-" ${dict[@]+"${dict[@]}"} \
    -print_final_stats=1 -rss_limit_mb=20000 -timeout=600 "$@" "$work"
