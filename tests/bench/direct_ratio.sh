#!/bin/bash
# bench/direct_ratio.sh - the 8-byte round trip on the direct path with
# clock = none against native, interleaved (native, seshat, native, ...),
# REPS pairs; prints each pair and the medians' and minima's ratios. The
# quick check of the direct path's per-message cost (docs/performance.md,
# "Point-to-point overhead"); make bench's wall_pingpong.sh is the full table.
# Usage: BUILD=build REPS=7 ITERS=20000 tests/bench/direct_ratio.sh
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
B="$BUILD/tests/bench/wall_pingpong"
REPS=${REPS:-7}
ITERS=${ITERS:-20000}
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
[ -x "$B" ] || make -s BUILD="$BUILD" "$B" >/dev/null || exit 1
run() {   # run native|seshat: one-way µs
    if [ "$1" = native ]; then
        timeout 300 mpirun --oversubscribe $root -np 2 "$B" latency "$ITERS"
    else
        timeout 300 "$BUILD/bin/seshat-run" --set network.path=direct --set simulator.clock=none \
            --set simulator.virtual_clocks=off -np 2 -- "$B" latency "$ITERS"
    fi 2>/dev/null | awk '/^BENCH/ { print $3 }'
}
stat() { sort -g | awk -v w="$1" '{ v[NR] = $1 } END { print (w == "min" ? v[1] : v[int((NR + 1) / 2)]) }'; }
load0=$(cut -d' ' -f1 /proc/loadavg)
nat=""; ses=""
for r in $(seq "$REPS"); do
    n=$(run native); s=$(run seshat)
    echo "pair $r: native $n seshat $s"
    nat+="$n "; ses+="$s "
done
load1=$(cut -d' ' -f1 /proc/loadavg)
for w in median min; do
    a=$(tr ' ' '\n' <<<"$ses" | grep . | stat $w); b=$(tr ' ' '\n' <<<"$nat" | grep . | stat $w)
    awk -v w=$w -v a="$a" -v b="$b" 'BEGIN { printf "%s: native %s seshat %s ratio %.2f\n", w, b, a, a / b }'
done
echo "load average $load0 before, $load1 after, $(nproc) cores"
