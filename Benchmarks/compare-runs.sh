#!/usr/bin/env bash
# What `treerows compare --metric median` says of separate runs: the comparison most CI
# setups make (main's artifact against a pull request's run), base and head benched at
# different times, one after the other.
#
# 1. One run a side, at the defaults: PAIRS pairs of the same binary, each `bench` of the
#    docs' 28 cells twice in a row. compare exits 2 ("time was not tested") and calls no cell
#    a regression; the script also counts the cells whose medians differ by more than the
#    10% threshold, the noise a test over one run's samples took for changes.
# 2. K runs a side: COMPARISONS comparisons of the mutant tool's `planted-slowdown` toggle
#    (fenwick-counts with TREEROWS_PLANTED_ITERATIONS extra steps; see gate-power.sh), K base
#    runs then K head runs, compare --base ... --head .... A/A (no steps) and a planted +25%
#    of the median toggle (calibrated first, as gate-power.sh does).
# Usage: bash Benchmarks/compare-runs.sh [PAIRS] [K] [COMPARISONS]   (defaults 20, 10, 5)
set -euo pipefail
cd "$(dirname "$0")/.."
pairs="${1:-20}"; runs="${2:-10}"; comparisons="${3:-5}"
release=(-c release --scratch-path .build-release-tests -Xswiftc -enable-testing)
swift build "${release[@]}" --product treerows >&2
swift build "${release[@]}" --product treerows-mutants >&2
bin="$(swift build "${release[@]}" --show-bin-path)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
# Copies, so that building meanwhile changes neither.
cp "$bin/treerows" "$work/treerows"; cp "$bin/treerows-mutants" "$work/mutants"
tool="$work/treerows"; mutants="$work/mutants"
echo "commit $(git rev-parse --short HEAD)"

echo "1. one run a side: $pairs pairs of bench --operations toggle-random,toggle-heavy,row-at-random,expand-all"
exits=""; called=0; apart=0; cells=0
for pair in $(seq 1 "$pairs"); do
    for side in a b; do
        "$tool" bench --operations toggle-random,toggle-heavy,row-at-random,expand-all --json "$work/$side.json" > /dev/null
    done
    status=0
    "$tool" compare "$work/a.json" "$work/b.json" --metric median > "$work/out.txt" 2> "$work/err.txt" || status=$?
    exits="$exits $status"
    grep -q 'regression' "$work/out.txt" && called=$((called + 1))
    # The medians' change, column "change" of each "not tested" row: beyond ±10%?
    read -r far all < <(awk '/ not tested$/ { n++; c = $(NF-2); sub(/%/, "", c); if (c + 0 > 10 || c + 0 < -9.0909) f++ } END { print f + 0, n + 0 }' "$work/out.txt")
    apart=$((apart + far)); cells=$((cells + all))
done
echo "exit codes:$exits"
echo "pairs with a cell called a regression: $called of $pairs; cells whose medians differ by more than 10%: $apart of $cells"

tool="$mutants"; source Benchmarks/planted.sh
plain=$(median_of 0); steps=$(median_of 2000)
echo "2. $runs runs a side, $comparisons comparisons each: median toggle $plain ns, $steps ns with 2,000 steps planted"
echo "planted | steps | regression / within noise / improvement / other exit"
for percent in 0 25; do
    iterations=$(steps_for "$percent")
    regression=0; noise=0; improvement=0; other=0
    for comparison in $(seq 1 "$comparisons"); do
        base=(); head=()
        for run in $(seq 1 "$runs"); do
            TREEROWS_PLANTED_ITERATIONS=0 "$mutants" bench "${bench[@]}" --json "$work/base-$run.json" > /dev/null
            base+=("$work/base-$run.json")
        done
        for run in $(seq 1 "$runs"); do
            TREEROWS_PLANTED_ITERATIONS="$iterations" "$mutants" bench "${bench[@]}" --json "$work/head-$run.json" > /dev/null
            head+=("$work/head-$run.json")
        done
        status=0
        "$work/treerows" compare --metric median --base "${base[@]}" --head "${head[@]}" > "$work/out.txt" 2>&1 || status=$?
        verdict=$(grep '^planted-slowdown' "$work/out.txt" || true)
        case "$status:$verdict" in
            [01]:*regression*) regression=$((regression + 1)) ;;
            [01]:*improvement*) improvement=$((improvement + 1)) ;;
            0:*"within noise"*) noise=$((noise + 1)) ;;
            *) other=$((other + 1)); cat "$work/out.txt" >&2 ;;
        esac
        grep '^planted-slowdown' "$work/out.txt" | sed "s/^/  $percent%: /"
    done
    echo "$percent% | $iterations | $regression / $noise / $improvement / $other"
done
