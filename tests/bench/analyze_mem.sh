#!/bin/bash
# bench/analyze_mem.sh - the analyzer's peak memory against trace length,
# written to docs/performance.md between the BEGIN/END analyze-memory
# markers (part of `make bench`; MEM_EVENTS="1000000 5000000" for a quick
# check).
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
# Analyzer memory against trace length: an Irecv-heavy trace (a ring of 2
# ranks, per step Irecv, Isend, Waitall; eager_limit = 4 B makes every
# message rendezvous, so the Late Receiver records are exercised too) of
# about 1 M and 20 M events (MEM_EVENTS), analyzed by one process without
# the critical path: peak RSS must not grow with the trace.
mdir=$(mktemp -d)
mrows=""
for want in ${MEM_EVENTS:-1000000 20000000}; do
    rm -rf "$mdir/t"
    timeout 1800 "$BUILD/bin/seshat-run" --set simulator.clock=none --set network.eager_limit=4B \
        --trace "$mdir/t" -np 2 -- "$BUILD/tests/mpi/ring" waitall 8 $((want / 12)) >/dev/null 2>&1
    mev=$("$BUILD/bin/seshat-trace" stats "$mdir/t" | awk '$1 == "events" { print $2 }')
    mb=$(du -m "$mdir/t" | awk '{ print $1 }')
    # under mpirun -np 1 itself: the figure is the analyzer's, not mpirun's
    out=$(timeout 1800 mpirun --oversubscribe $root -np 1 /usr/bin/time -f "TIME %e %M" \
        "$BUILD/bin/seshat-analyze" --no-critical-path --quiet "$mdir/t" 2>&1)
    mrows+="| $mev | $mb | $(awk '/^TIME/ { print $2 }' <<<"$out") | $(awk '/^TIME/ { printf "%.0f", $3 / 1024 }' <<<"$out") |"$'\n'
done
rm -rf "$mdir"
mtable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), $(bench_load_note), command: \`make bench\`
(\`MEM_EVENTS="$(echo ${MEM_EVENTS:-1000000 20000000})"\`): \`mpirun -np 1 seshat-analyze --no-critical-path\`, peak RSS of the analyzer process.

| trace events | trace (MB) | wall (s) | peak RSS (MB) |
|---|---|---|---|
${mrows%$'\n'}
EOT
)
echo "$mtable"
put_section analyze-memory "$mtable"

