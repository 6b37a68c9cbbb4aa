#!/bin/bash
# bench/rma.sh - wall cost of the one-sided wrappers: small puts in a
# lock_all epoch (flushed every 64, and once at the end), one put per fence epoch, one put per lock/unlock epoch,
# natively and under seshat (direct path, clock = cpu and none), 2 ranks,
# interleaved, median of REPS; the table goes to docs/performance.md
# (BEGIN/END rma) unless --no-doc.
# Usage: BUILD=build REPS=5 ITERS=100000 tests/bench/rma.sh [--no-doc]
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
B="$BUILD/tests/bench/rma_put"
REPS=${REPS:-5}
ITERS=${ITERS:-100000}
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
run() {   # run MODE WHAT N: MODE is native or PATH-CLOCK
    local mode=$1; shift
    if [ "$mode" = native ]; then
        timeout 300 mpirun --oversubscribe $root -np 2 "$B" "$@"
    else
        timeout 300 "$BUILD/bin/seshat-run" --set network.path="${mode%-*}" \
            --set simulator.clock="${mode#*-}" --set report.summary=false -np 2 -- "$B" "$@"
    fi 2>/dev/null | awk '/^BENCH/ { print $3 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }

modes="native direct-cpu direct-none"
declare -A raw med
load0=$(cut -d' ' -f1 /proc/loadavg)
for r in $(seq "$REPS"); do
    for mode in $modes; do
        raw[$mode-put]+="$(run "$mode" put "$ITERS") "
        raw[$mode-puts]+="$(run "$mode" puts "$ITERS") "
        raw[$mode-fence]+="$(run "$mode" fence $((ITERS / 10))) "
        raw[$mode-lock]+="$(run "$mode" lock $((ITERS / 10))) "
    done
done
load1=$(cut -d' ' -f1 /proc/loadavg)
for k in "${!raw[@]}"; do med[$k]=$(tr ' ' '\n' <<<"${raw[$k]}" | grep . | median); done
row() {   # row WHAT LABEL TARGET
    echo "| $2 | ${med[native-$1]} | ${med[direct-cpu-$1]} | $(ratio "${med[direct-cpu-$1]}" "${med[native-$1]}") | ${med[direct-none-$1]} | $(ratio "${med[direct-none-$1]}" "${med[native-$1]}") | $3 |"
}
table=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), command: \`tests/bench/rma.sh\` (2 ranks, median of $REPS interleaved
runs, load $load0 → $load1 on this 2-core VM$(bench_load_beside); µs per operation or epoch, wall time).

| operation | native (µs) | seshat, clock = cpu (µs) | ratio | seshat, clock = none (µs) | ratio | target |
|---|---|---|---|---|---|---|
$(row put "8-byte \`MPI_Put\` in a lock_all epoch, \`flush_all\` every 64" "≤ 2×")
$(row puts "the same, one \`flush_all\` at the end (the wrapper's own cost)" "≤ 2×")
$(row fence "one 8-byte put per \`MPI_Win_fence\` epoch" "-")
$(row lock "\`Win_lock\`, one 8-byte put, \`Win_unlock\`" "-")
EOT
)
echo "$table"
[ "$1" = --no-doc ] || put_section rma "$table"
