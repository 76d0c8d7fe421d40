#!/usr/bin/env bash
# A/A under load: how often `treerows gate` fails one build against a copy of itself on the
# workflow's bench (reddit-worldnews-sxvem7, 126 cells, the gate's defaults), while this
# package's release build runs beside it over and over (a source file of the core module
# touched before each, so that whole modules compile again): the competing load of a shared
# 2-core runner. The gate's two binaries and the loaded build are copies taken at the start, so
# that editing or building the work tree meanwhile changes neither.
# Usage: bash Benchmarks/gate-aa.sh [GATES] [GATE OPTIONS...]   (default 20 gates; e.g. 5 --instructions)
# BUILD_LOCK=FILE: each loaded build holds flock(1) on FILE, so builds of one's own that take
# the same lock run in turn with it (never two builds at once) and the load stays continuous.
set -euo pipefail
cd "$(dirname "$0")/.."
gates="${1:-20}"; shift $(( $# > 0 ? 1 : 0 ))
release=(-c release --scratch-path .build-release-tests -Xswiftc -enable-testing)
lock=(); [ -n "${BUILD_LOCK:-}" ] && lock=(flock "$BUILD_LOCK")
"${lock[@]}" swift build "${release[@]}" --product treerows >&2
tool="$(swift build "${release[@]}" --show-bin-path)/treerows"
work="$(mktemp -d)"; load=""
trap '[ -n "$load" ] && kill -- -$load 2>/dev/null; rm -rf "$work"' EXIT
cp "$tool" "$work/base"; cp "$tool" "$work/head"; tool="$work/head"
git clone -q . "$work/load"
"${lock[@]}" swift build --package-path "$work/load" -c release >&2
setsid bash -c 'while true; do touch "$1/Sources/TreeRows/Tree.swift"; "${@:2}" swift build --package-path "$1" -c release > /dev/null 2>&1 || true; done' load "$work/load" "${lock[@]}" &
load=$!
echo "gate | exit | wall | time verdicts: regression / improvement / within noise  ($gates gates, commit $(git rev-parse --short HEAD), options: ${*:-none})"
failed=0
# Cells with a verdict: it ends the line, or precedes a note such as "(batches of 16 and 1 inputs)".
verdicts() { grep -cE " $1( \(.*\))?\$" <<< "$time" || true; }
for gate in $(seq 1 "$gates"); do
    start=$SECONDS; status=0
    "$tool" gate --base-tool "$work/base" --out "$work/g-$gate" "$@" \
        -- --corpus reddit-worldnews-sxvem7 --seed 1 --budget 25 --repetitions 30 > "$work/gate.txt" 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then echo "gate $gate failed to run (exit $status):" >&2; tail -3 "$work/gate.txt" >&2; exit 2; fi
    [ "$status" -eq 1 ] && failed=$((failed + 1))
    time=$(sed -n '/^compare median/,/^compare allocations/p' "$work/gate.txt")
    echo "$gate | $status | $((SECONDS - start)) s | $(verdicts regression) / $(verdicts improvement) / $(verdicts 'within noise')"
    [ "$status" -eq 1 ] && grep -E "regressed|WRONG|CRASHED" "$work/gate.txt" | head -3 | sed 's/^/    /'
done
echo "failed: $failed of $gates gates"
