#!/bin/bash
# bench/trace.sh - what a full trace costs: a NAS-like stencil (halo
# exchange + allreduce) untraced, traced with call paths of one frame
# (trace.call_path = 1) and of the default 8, interleaved (median of REPS);
# bytes per event from the streams; the writer alone. The table goes to
# docs/performance.md between the trace markers.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
REPS=${REPS:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
S="$BUILD/tests/bench/stencil"
tdir=$(mktemp -d)
untr=""; trc=""; trc1=""
bench() { "$BUILD/bin/seshat-run" --set simulator.virtual_clocks=off "$@" -np 4 -- "$S" 5000 10000 2>/dev/null | awk '/^BENCH/ { print $3 }'; }
for r in $(seq "$REPS"); do
    untr+="$(bench) "
    rm -rf "$tdir/t1"
    trc1+="$(bench --set trace.call_path=1 --trace "$tdir/t1") "
    rm -rf "$tdir/t"
    trc+="$(bench --trace "$tdir/t") "
done
U=$(tr ' ' '\n' <<<"$untr" | grep . | median); TT=$(tr ' ' '\n' <<<"$trc" | grep . | median)
T1=$(tr ' ' '\n' <<<"$trc1" | grep . | median)
BPE=$("$BUILD/bin/seshat-trace" stats "$tdir/t" | awk '$1 == "bytes_per_event" { print $2 }')
EV=$("$BUILD/bin/seshat-trace" stats "$tdir/t" | awk '$1 == "events" { print $2 }')
rm -rf "$tdir"
COST=$("$BUILD/tests/bench/trace_cost" 20000000)
RNS=$(awk '/record_ns/ { print $3 }' <<<"$COST"); EPS=$(awk '/writer_events/ { print $3 }' <<<"$COST")
ttable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), $(bench_load_note), median of $REPS interleaved runs, command: \`make bench\` (\`tests/bench/trace.sh\`).

| benchmark | value | target |
|---|---|---|
| stencil (4 ranks, 5000 x (halo exchange + allreduce)): wall traced / untraced | $(ratio "$TT" "$U") ($TT µs / $U µs) | ≤ 1.2 |
| same, \`trace.call_path = 1\` (no unwinding): wall traced / untraced | $(ratio "$T1" "$U") ($T1 µs / $U µs) | |
| bytes per event in the streams ($EV events) | $BPE | ≤ 4 |
| application-thread cost per recorded event (writer alone) | $RNS ns | ≤ 50 ns |
| writer throughput (compress + write, background thread) | $EPS events/s | |
EOT
)
echo "$ttable"
put_section trace "$ttable"

