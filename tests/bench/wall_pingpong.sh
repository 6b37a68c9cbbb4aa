#!/bin/bash
# bench/wall_pingpong.sh - fine-grained message cost: an 8-byte ping-pong and
# a compute + exchange loop, natively and under seshat on the direct and
# relay paths with clock = cpu (the default) and clock = none, interleaved,
# median of REPS; the table goes to docs/performance.md (BEGIN/END p2p).
# Usage: BUILD=build REPS=5 ITERS=20000 tests/bench/wall_pingpong.sh [--no-doc]
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
B="$BUILD/tests/bench/wall_pingpong"
REPS=${REPS:-5}
ITERS=${ITERS:-20000}
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
run() {   # run MODE ARGS...: MODE is native, native-env or PATH-CLOCK
    local mode=$1; shift
    if [ "$mode" = native-env ]; then   # as mpirun runs seshat's N + 1 processes
        timeout 300 mpirun --oversubscribe $root --bind-to none -x OMPI_MCA_mpi_yield_when_idle=1 \
            -np 2 "$B" "$@"
    elif [ "$mode" = native ]; then
        timeout 300 mpirun --oversubscribe $root -np 2 "$B" "$@"
    else
        # the program times itself with the real clock (wall cost)
        timeout 300 "$BUILD/bin/seshat-run" --set network.path="${mode%-*}" \
            --set simulator.clock="${mode#*-}" --set simulator.virtual_clocks=off -np 2 -- "$B" "$@"
    fi 2>/dev/null | awk '/^BENCH/ { print $3 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
minimum() { sort -g | head -1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "-"; else printf "%.2f", a / b }'; }

modes="native direct-cpu direct-none relay-cpu relay-none"
declare -A lat comp L C M
load0=$(cut -d' ' -f1 /proc/loadavg)
for r in $(seq "$REPS"); do
    for mode in $modes; do
        lat[$mode]+="$(run "$mode" latency "$ITERS") "
        comp[$mode]+="$(run "$mode" compute 2000 25000) "
    done
    # the wire protocol alone, natively: what one message instead of two saves
    for env in native native-env; do
        for p in latency twomsg packed; do
            lat[$env-$p]+="$(run "$env" "$p" "$ITERS") "
        done
    done
done
load1=$(cut -d' ' -f1 /proc/loadavg)
for mode in $modes; do
    L[$mode]=$(tr ' ' '\n' <<<"${lat[$mode]}" | grep . | median)
    M[$mode]=$(tr ' ' '\n' <<<"${lat[$mode]}" | grep . | minimum)
    C[$mode]=$(tr ' ' '\n' <<<"${comp[$mode]}" | grep . | median)
done
for k in native native-env; do
    for p in latency twomsg packed; do
        L[$k-$p]=$(tr ' ' '\n' <<<"${lat[$k-$p]}" | grep . | median)
        M[$k-$p]=$(tr ' ' '\n' <<<"${lat[$k-$p]}" | grep . | minimum)
    done
done
prow() {   # prow ENV LABEL
    echo "| $2 | ${L[$1-latency]} (${M[$1-latency]}) | ${L[$1-twomsg]} (${M[$1-twomsg]}) | $(ratio "${L[$1-twomsg]}" "${L[$1-latency]}") | ${L[$1-packed]} (${M[$1-packed]}) | $(ratio "${L[$1-packed]}" "${L[$1-latency]}") |"
}
row() {   # row MODE CLOCK TARGET_LAT TARGET_COMP
    echo "| ${1}, \`clock = $2\` | ${L[native]} (${M[native]}) | ${L[$1-$2]} (${M[$1-$2]}) | $(ratio "${L[$1-$2]}" "${L[native]}") ($(ratio "${M[$1-$2]}" "${M[native]}")) | $3 | ${C[native]} | ${C[$1-$2]} | $(ratio "${C[$1-$2]}" "${C[native]}") | $4 |"
}
table=$(cat <<EOT
Measured $(date -u +%Y-%m-%d) on $(nproc) cores, Open MPI $(mpirun --version 2>/dev/null | head -1 | awk '{print $NF}'), median of $REPS interleaved runs,
load average $load0 before, $load1 after$(bench_load_beside); command: \`make bench\` (\`tests/bench/wall_pingpong.sh\`).
Latency: one-way 8-byte ping-pong (µs, wall; median, and in parentheses the minimum, which is what a quiet
machine gives); compute: 2000 × (~50 µs CPU + 8-byte exchange) (µs, wall, median).

| path, clock | native latency | seshat latency | ratio | target | native compute | seshat compute | ratio | target |
|---|---|---|---|---|---|---|---|---|
$(row direct none "≤ 2" "")
$(row direct cpu "≤ 3" "≤ 1.15")
$(row relay none "≤ 5" "")
$(row relay cpu "≤ 5" "≤ 1.5")

The direct path's wire protocol alone, natively (\`wall_pingpong twomsg\`: a 56-byte envelope on a
duplicate communicator, then the data; \`packed\`: both copied into one message), one-way µs,
median (minimum): as \`mpirun\` runs 2 processes (bound, no yield), and as it runs seshat's 2 + 1
(\`--bind-to none\`, \`mpi_yield_when_idle = 1\`).

| environment | one message | envelope + data | ratio | packed | ratio |
|---|---|---|---|---|---|
$(prow native "2 processes (native)")
$(prow native-env "as seshat's 2 + 1")
EOT
)
echo "$table"
[ "${1:-}" = --no-doc ] && exit 0
put_section p2p "$table"
