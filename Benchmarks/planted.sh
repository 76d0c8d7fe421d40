# Shared by gate-power.sh and compare-runs.sh (sourced, not run): the mutant tool's
# `planted-slowdown` toggle and its calibration. Needs $tool (the treerows-mutants binary)
# and $work (a scratch folder).
bench=(--operations toggle-random --strategies planted-slowdown)
median_of() {  # the median toggle of nine runs with $1 steps planted
    for run in 1 2 3 4 5 6 7 8 9; do
        TREEROWS_PLANTED_ITERATIONS="$1" "$tool" bench "${bench[@]}" --json "$work/calibrate.json" > /dev/null
        grep -o '"medianNs":[0-9.e+]*' "$work/calibrate.json" | head -1 | cut -d: -f2
    done | sort -g | sed -n 5p
}
steps_for() {  # the steps that plant $1 percent of $plain, at ($steps - $plain) a 2,000 steps
    awk "BEGIN { d = $steps - $plain; if (d <= 0) d = 1; printf \"%d\", $1 / 100 * $plain * 2000 / d + 0.5 }"
}
