#!/usr/bin/env bash
# How often `treerows gate` calls a planted slowdown a regression, and an unchanged build one.
#
# The mutant tool (treerows-mutants) has `planted-slowdown`: fenwick-counts whose toggle does
# TREEROWS_PLANTED_ITERATIONS steps of extra dependent arithmetic (none when unset). First the
# script measures, in the toggle itself, the median toggle and the cost of a step (nine bench
# runs without and nine with 2,000 steps, interleaved), and turns each planted percentage of
# the median into a fixed number of steps, the same in every process. Each gate compares the
# tool (base) with the tool planted (head), on toggle-random alone, in rounds that take turns; the
# verdict is read again at each threshold from the gate's combined files.
# Usage: bash Benchmarks/gate-power.sh [GATES] [ROUNDS] [PERCENT...]
# (defaults: 20 gates, 20 rounds, 0 5 10 25 percent of the median).
# With --instructions first, the same for instructions: the steps plant a percentage of the
# toggle's instructions (counted once without and once with 2,000 steps, exact for the seed),
# and each gate runs with --instructions, its instruction verdict read at the default 1%
# (defaults: 20 gates, 6 rounds, 0 2 percent).
# Usage: bash Benchmarks/gate-power.sh --instructions [GATES] [ROUNDS] [PERCENT...]
set -euo pipefail
cd "$(dirname "$0")/.."
counting=false
if [ "${1:-}" = --instructions ]; then counting=true; shift; fi
gates="${1:-20}"; rounds="${2:-$($counting && echo 6 || echo 20)}"; shift $(( $# > 2 ? 2 : $# )) || true
planted=("$@"); [ ${#planted[@]} -gt 0 ] || { if $counting; then planted=(0 2); else planted=(0 5 10 25); fi; }
release=(-c release --scratch-path .build-release-tests -Xswiftc -enable-testing)
swift build "${release[@]}" --product treerows-mutants >&2
tool="$(swift build "${release[@]}" --show-bin-path)/treerows-mutants"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
source Benchmarks/planted.sh
plant() {  # $work/head: the tool with $1 percent of $plain planted, at ($steps - $plain) a 2,000 steps
    iterations=$(steps_for "$1")
    printf '#!/bin/sh\nTREEROWS_PLANTED_ITERATIONS=%s exec "%s" "$@"\n' "$iterations" "$tool" > "$work/head"
    chmod +x "$work/head"
}
count_of() {  # the toggle's instructions per operation with $1 steps planted
    TREEROWS_PLANTED_ITERATIONS="$1" "$tool" bench "${bench[@]}" --instructions --json "$work/calibrate.json" > /dev/null
    grep -o '"instructionsPerOp":[0-9.e+]*' "$work/calibrate.json" | head -1 | cut -d: -f2
}
if $counting; then
    plain=$(count_of 0); steps=$(count_of 2000)
    echo "calibration: $plain instructions a toggle, $steps with 2,000 steps planted"
    echo "planted | steps | instructions threshold | regression | unchanged | improvement  ($gates gates of $rounds rounds, commit $(git rev-parse --short HEAD))"
    for percent in "${planted[@]}"; do
        plant "$percent"
        regression=0; unchanged=0; improvement=0
        for gate in $(seq 1 "$gates"); do
            status=0
            "$tool" gate --base-tool "$tool" --head-tool "$work/head" --rounds "$rounds" --instructions --out "$work/g-$percent-$gate" \
                -- "${bench[@]}" > "$work/gate.txt" 2>&1 || status=$?
            if [ "$status" -gt 1 ]; then echo "gate $gate failed (exit $status):" >&2; tail -3 "$work/gate.txt" >&2; exit 2; fi
            verdict=$("$tool" compare "$work/g-$percent-$gate/base.json" "$work/g-$percent-$gate/head.json" --metric instructions \
                2>/dev/null | grep '^planted-slowdown' || true)
            case "$verdict" in
                *regression*) regression=$((regression + 1)) ;;
                *improvement*) improvement=$((improvement + 1)) ;;
                *unchanged*) unchanged=$((unchanged + 1)) ;;
                *) echo "gate $gate: no instruction verdict" >&2; exit 2 ;;
            esac
        done
        echo "$percent% | $iterations | 1% | $regression | $unchanged | $improvement"
    done
    exit 0
fi
plain=$(median_of 0); steps=$(median_of 2000)
echo "calibration: median toggle $plain ns, $steps ns with 2,000 steps planted"
echo "planted | steps | threshold | regression | within noise | improvement  ($gates gates of $rounds rounds, commit $(git rev-parse --short HEAD))"
for percent in "${planted[@]}"; do
    plant "$percent"
    for gate in $(seq 1 "$gates"); do
        status=0
        "$tool" gate --base-tool "$tool" --head-tool "$work/head" --rounds "$rounds" --out "$work/g-$percent-$gate" \
            -- "${bench[@]}" > "$work/gate.txt" 2>&1 || status=$?
        # 1 is a regression (read again below); anything else is no measurement.
        if [ "$status" -gt 1 ]; then echo "gate $gate failed (exit $status):" >&2; tail -3 "$work/gate.txt" >&2; exit 2; fi
    done
    for threshold in 10% 5%; do
        regression=0; noise=0; improvement=0
        for gate in $(seq 1 "$gates"); do
            verdict=$("$tool" compare "$work/g-$percent-$gate/base.json" "$work/g-$percent-$gate/head.json" --metric median \
                --threshold "$threshold" 2>/dev/null | grep '^planted-slowdown' || true)
            case "$verdict" in
                *regression*) regression=$((regression + 1)) ;;
                *improvement*) improvement=$((improvement + 1)) ;;
                *"within noise"*) noise=$((noise + 1)) ;;
                *) echo "gate $gate: no verdict at $threshold" >&2; exit 2 ;;
            esac
        done
        echo "$percent% | $iterations | $threshold | $regression | $noise | $improvement"
    done
done
