#!/usr/bin/env bash
# ClusterFuzzLite's build without Docker: .clusterfuzzlite/build.sh with the environment its
# base image (gcr.io/oss-fuzz-base/base-builder-swift) gives a build for SANITIZER=address:
# SRC, WORK, OUT, CFLAGS, CXXFLAGS, and precompile_swift, which derives SWIFTFLAGS from them
# (its logic restated below). Then each target build.sh put in $OUT runs SECONDS from the seed
# corpus it zipped there, as a fuzzing job starts. Exit 0: both built and ran without a finding.
# Usage: Tests/Fuzzing/cfl-dry-run.sh [SECONDS]   (default 30)
set -euo pipefail
seconds="${1:-30}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
findings="$root/Tests/Fuzzing/findings"
mkdir -p "$scratch/out" "$scratch/work" "$scratch/bin" "$findings"
export SANITIZER=address SRC="$scratch" WORK="$scratch/work" OUT="$scratch/out" TREEROWS_ROOT="$root"
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
# What the base image's precompile_swift exports for an address build (it also copies a symbolizer).
cat > "$scratch/bin/precompile_swift" <<'SH'
export SWIFTFLAGS="-Xswiftc -parse-as-library -Xswiftc -static-stdlib --static-swift-stdlib"
export SWIFTFLAGS="$SWIFTFLAGS -Xswiftc -sanitize=fuzzer,$SANITIZER --sanitize=$SANITIZER"
for f in $CFLAGS; do export SWIFTFLAGS="$SWIFTFLAGS -Xcc=$f"; done
for f in $CXXFLAGS; do export SWIFTFLAGS="$SWIFTFLAGS -Xcxx=$f"; done
SH
PATH="$scratch/bin:$PATH" bash "$root/.clusterfuzzlite/build.sh"
for target in DifferentialFuzzer ImporterFuzzer; do
    if [ ! -x "$OUT/$target" ] || [ ! -s "$OUT/${target}_seed_corpus.zip" ]; then
        echo "cfl-dry-run: build.sh left no $target, or no seed corpus for it, in \$OUT" >&2
        exit 1
    fi
    corpus="$scratch/corpus-$target"
    mkdir -p "$corpus"
    unzip -q "$OUT/${target}_seed_corpus.zip" -d "$corpus"
    echo "cfl-dry-run: $target for $seconds s from $(ls "$corpus" | wc -l) seeds" >&2
    # Swift's own crash handler confuses ASan; libFuzzer reports crashes itself.
    dict=()
    [ -f "$OUT/$target.dict" ] && dict=(-dict="$OUT/$target.dict")
    if ! SWIFT_BACKTRACE=enable=no "$OUT/$target" -max_total_time="$seconds" -rss_limit_mb=20000 -timeout=600 ${dict[@]+"${dict[@]}"} \
        -artifact_prefix="$findings/$target-" -print_final_stats=1 "$corpus" > "$scratch/$target.log" 2>&1; then
        tail -30 "$scratch/$target.log" >&2
        echo "cfl-dry-run: $target failed (above; a crash input is in Tests/Fuzzing/findings/)" >&2
        exit 1
    fi
    grep -E "^(Done|stat::number_of_executed_units)" "$scratch/$target.log"
done
echo "cfl-dry-run: both targets built by .clusterfuzzlite/build.sh and ran $seconds s each"
