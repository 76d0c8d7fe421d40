#!/usr/bin/env bash
# How often `treerows gate` calls a planted slowdown a regression, and an unchanged build one.
#
# The mutant tool (treerows-mutants) has `planted-slowdown`: fenwick-counts whose toggle does
# TREEROWS_PLANTED_NANOSECONDS of extra work (0 when unset). Each gate compares the tool with
# itself (base) against the tool with the variable set (head), on toggle-random alone, in
# alternating rounds; the verdict is read again at each threshold from the gate's combined
# files. Usage: bash Benchmarks/gate-power.sh [GATES] [ROUNDS] [NANOSECONDS...]
# (defaults: 20 gates, 10 rounds, 0 8 15 38 ns: about 0, 5, 10 and 25% of the median).
set -euo pipefail
cd "$(dirname "$0")/.."
gates="${1:-20}"; rounds="${2:-10}"; shift $(( $# > 2 ? 2 : $# )) || true
planted=("$@"); [ ${#planted[@]} -gt 0 ] || planted=(0 8 15 38)
release=(-c release --scratch-path .build-release-tests -Xswiftc -enable-testing)
swift build "${release[@]}" --product treerows-mutants >&2
tool="$(swift build "${release[@]}" --show-bin-path)/treerows-mutants"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
echo "planted ns | threshold | regression | within noise | improvement  ($gates gates of $rounds rounds, commit $(git rev-parse --short HEAD))"
for ns in "${planted[@]}"; do
    printf '#!/bin/sh\nTREEROWS_PLANTED_NANOSECONDS=%s exec "%s" "$@"\n' "$ns" "$tool" > "$work/head"
    chmod +x "$work/head"
    for gate in $(seq 1 "$gates"); do
        "$tool" gate --base-tool "$tool" --head-tool "$work/head" --rounds "$rounds" --out "$work/g-$ns-$gate" \
            -- --operations toggle-random --strategies planted-slowdown > /dev/null 2>&1 || true
    done
    for threshold in 10% 5%; do
        regression=0; noise=0; improvement=0
        for gate in $(seq 1 "$gates"); do
            verdict=$("$tool" compare "$work/g-$ns-$gate/base.json" "$work/g-$ns-$gate/head.json" --metric median \
                --threshold "$threshold" 2>/dev/null | grep '^planted-slowdown' || true)
            case "$verdict" in
                *regression*) regression=$((regression + 1)) ;;
                *improvement*) improvement=$((improvement + 1)) ;;
                *) noise=$((noise + 1)) ;;
            esac
        done
        echo "$ns | $threshold | $regression | $noise | $improvement"
    done
done
