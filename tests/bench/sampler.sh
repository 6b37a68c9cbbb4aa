#!/bin/bash
# bench/sampler.sh - what call-stack sampling (trace.sample) costs: known
# CPU work between MPI calls (tests/mpi/sample_cost: 200 intervals of
# ~170 us, timed in rounds with the sampler's signal blocked, i.e. no
# samples, and not, in one process, so load cannot separate them), at the
# default 1 ms and at 100 us; virtual time with samples against without,
# median over REPS runs; and the per-sample cost seshat measured and
# subtracts. The table goes to docs/performance.md between the sampler
# markers.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
REPS=${REPS:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
W="$BUILD/tests/mpi/sample_cost"
tdir=$(mktemp -d)
trap 'rm -rf "$tdir"' EXIT
declare -A DEV COST NS
for r in $(seq "$REPS"); do
    for rate in 1ms 100us; do
        rm -rf "$tdir/t"
        out=$("$BUILD/bin/seshat-run" --trace "$tdir/t" --set trace.sample=$rate -np 1 -- "$W" 200 100000 5 2>&1)
        n=$(awk '$1 == "RESULT" && $2 == "off" { print $3 }' <<<"$out")
        v=$(awk '$1 == "RESULT" && $2 == "on" { print $3 }' <<<"$out")
        DEV[$rate]+="$(awk -v a="$v" -v b="$n" 'BEGIN { printf "%.2f", (a / b - 1) * 100 }') "
        COST[$rate]+="$(sed -n 's/.*samples on rank 0, \([0-9]*\) ns each.*/\1/p' <<<"$out") "
        NS[$rate]+="$(sed -n 's/.*trace.sample every [0-9]* ns of CPU time ([^)]*), \([0-9]*\) samples.*/\1/p' <<<"$out") "
    done
done
med() { tr ' ' '\n' <<<"$1" | grep . | median; }
row() {
    local c n
    c=$(med "${COST[$1]}"); n=$(med "${NS[$1]}")
    echo "| \`trace.sample = $1\` | $(med "${DEV[$1]}") % | ${n:-0} | ${c:-–} ns |"
}
stable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), $(bench_load_note), median of $REPS runs, command: \`make bench\` (\`tests/bench/sampler.sh\`): \`sample_cost 200 100000 5\` traced (200 compute intervals of ~170 µs, the least of 5 rounds with samples and of 5 without, in one process), virtual time with samples against without.

| rate | with / without − 1 | samples | cost per sample (subtracted) |
|---|---|---|---|
$(row 1ms)
$(row 100us)
EOT
)
echo "$stable"
put_section sampler "$stable"
