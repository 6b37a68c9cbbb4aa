#!/bin/bash
# bench/underload.sh - where an MPI program's wall time goes when the cores
# are shared: a NAS binary you built (nothing from NPB is part of seshat)
# at NP ranks with K CPU-bound processes beside it, native `mpirun` and
# `seshat-run` interleaved, REPS times each; then one profiled run of each:
# system calls counted by `perf stat` (sched_yield, poll, futex, nanosleep),
# and per process, from /proc/PID/schedstat and /proc/PID/status sampled
# while it runs, the CPU time, the run-queue wait and the voluntary and
# involuntary context switches of the application ranks (summed) and of
# the model rank. Prints markdown tables (docs/performance.md, "Under load").
#
#   NPB_BIN=/path/to/bin tests/bench/underload.sh
#   knobs: BENCH=cg.A.x NP=16 HOGS="2 4" REPS=3 PROFILE=1
#          SESHAT_ARGS="--set ..." (passed to seshat-run)
#          NATIVE_ENV: "VAR=value ..." in native's environment
#          SIDES="seshat": seshat variants beside native, each NAME or
#            NAME:VAR=value,VAR=value (its environment, e.g.
#            "before:SESHAT_LIB=/old/libseshat.so after")
cd "$(dirname "$0")/../.." || exit 1
BUILD=$(cd "${BUILD:-build}" && pwd) || exit 2
if [ -z "${NPB_BIN:-}" ]; then
    echo "underload.sh: skipped (set NPB_BIN to the directory of NAS binaries you built)"
    exit 0
fi
BENCH=${BENCH:-cg.A.x}
NP=${NP:-16}
HOGS=${HOGS:-"2 4"}
REPS=${REPS:-3}
PROFILE=${PROFILE:-1}
ROOT=()
[ "$(id -u)" = 0 ] && ROOT=(--allow-run-as-root)
prog="$NPB_BIN/$BENCH"
comm=$(basename "$prog" | cut -c1-15)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/underload.XXXXXX")
hogs=()

stop_hogs() {
    for p in "${hogs[@]}"; do kill "$p" 2>/dev/null; done
    wait "${hogs[@]}" 2>/dev/null
    hogs=()
}
# (only here: a hog's fork killed before it has exec'd runs this trap too)
trap '[ "$BASHPID" = $$ ] && { stop_hogs; rm -rf "$tmp"; }' EXIT

start_hogs() {
    for ((h = 0; h < $1; h++)); do
        nice -n 0 sh -c 'while :; do :; done' &
        hogs+=($!)
    done
}

# shellcheck disable=SC2206
native=(env $NATIVE_ENV mpirun "${ROOT[@]}" --oversubscribe -np "$NP" "$prog")
SIDES=${SIDES:-seshat}
names=(native)
# The command of side $1 (native, or a SIDES entry's name) into cmd.
side_cmd() {
    local v
    if [ "$1" = native ]; then
        # shellcheck disable=SC2206
        cmd=(env $NATIVE_ENV mpirun "${ROOT[@]}" --oversubscribe -np "$NP" "$prog")
        return
    fi
    for v in $SIDES; do
        [ "${v%%:*}" = "$1" ] || continue
        local e=""
        [[ $v == *:* ]] && e=${v#*:}
        # shellcheck disable=SC2206
        cmd=(env ${e//,/ } "$BUILD/bin/seshat-run" $SESHAT_ARGS -np "$NP" -- "$prog")
    done
}
for v in $SIDES; do names+=("${v%%:*}"); done

wall() {   # wall seconds of "$@", or "fail"
    local t0 t1
    t0=$(date +%s.%N)
    if "$@" >"$tmp/out" 2>&1 && grep -q SUCCESSFUL "$tmp/out"; then
        t1=$(date +%s.%N)
        echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }'
    else
        echo fail
    fi
}

# While "$@" runs, keep each $comm process's last schedstat and status
# lines, keyed by its world rank; then "rank cpu_ns runq_ns vol invol".
sample() {
    local out=$1
    shift
    UNDERLOAD_TAG=$$ "$@" >"$tmp/out" 2>&1 &
    local job=$!
    : >"$tmp/samples"
    while kill -0 "$job" 2>/dev/null; do
        for p in $(pgrep -x "$comm"); do
            local r s v
            local e
            e=$(tr '\0' '\n' 2>/dev/null <"/proc/$p/environ") || continue
            grep -qx "UNDERLOAD_TAG=$$" <<<"$e" || continue   # ours, not another job's
            r=$(sed -n 's/^OMPI_COMM_WORLD_RANK=//p' <<<"$e")
            s=$(cat "/proc/$p/schedstat" 2>/dev/null) || continue
            v=$(awk '/^voluntary_ctxt/ { v = $2 } /^nonvoluntary_ctxt/ { n = $2 } END { print v, n }' \
                "/proc/$p/status" 2>/dev/null) || continue
            [ -n "$r" ] && echo "$r $s $v" >>"$tmp/samples"
        done
        sleep 0.2
    done
    wait "$job"
    # last sample per rank: rank cpu runq slices vol invol
    awk '{ last[$1] = $0 } END { for (r in last) print last[r] }' "$tmp/samples" | sort -n >"$out"
}

# perf stat counts of the waiting system calls over the whole job (one
# run, sampled at the same time).
EVENTS=syscalls:sys_enter_sched_yield,syscalls:sys_enter_poll,syscalls:sys_enter_futex
EVENTS=$EVENTS,syscalls:sys_enter_nanosleep,syscalls:sys_enter_clock_nanosleep,context-switches
syscalls() {
    awk -F, '$3 ~ /sched_yield/ { y = $1 } $3 ~ /_poll$/ { p = $1 } $3 ~ /futex/ { f = $1 }
             $3 ~ /nanosleep/ { n += $1 } $3 ~ /context-switches/ { c = $1 }
             END { printf "%s | %s | %s | %s | %s", y, p, f, n, c }' "$tmp/perf"
}

# "ranks: cpu s, run-queue s, vol, invol | model: ..." from a sample file;
# world ranks >= NP are model ranks.
summarize() {
    awk -v np="$NP" '
        { i = ($1 >= np); cpu[i] += $2; rq[i] += $3; vol[i] += $5; inv[i] += $6 }
        END { printf "%.2f | %.2f | %d | %d | %.2f | %.2f | %d | %d",
                  cpu[0] / 1e9, rq[0] / 1e9, vol[0], inv[0], cpu[1] / 1e9, rq[1] / 1e9, vol[1], inv[1] }' "$1"
}

med() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "Measured $(date -u '+%Y-%m-%d %H:%M') UTC on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before;"
echo "$BENCH, $NP ranks, $REPS interleaved runs per side; SIDES='$SIDES' SESHAT_ARGS='${SESHAT_ARGS:-}' NATIVE_ENV='${NATIVE_ENV:-}'"
echo
head="| CPU-bound beside |" rule="|---|"
for nm in "${names[@]}"; do head+=" $nm wall (s) |"; rule+="---|"; done
for nm in "${names[@]:1}"; do head+=" $nm / native |"; rule+="---|"; done
echo "$head"
echo "$rule"
for k in $HOGS; do
    start_hogs "$k"
    declare -A runs=()
    for ((i = 0; i < REPS; i++)); do
        for nm in "${names[@]}"; do
            side_cmd "$nm"
            runs[$nm]+="$(wall "${cmd[@]}") "
        done
    done
    stop_hogs
    line="| $k |"
    for nm in "${names[@]}"; do line+=" ${runs[$nm]}|"; done
    # shellcheck disable=SC2086
    mn=$(med ${runs[native]})
    for nm in "${names[@]:1}"; do
        # shellcheck disable=SC2086
        ms=$(med ${runs[$nm]})
        line+=" $(awk -v a="$ms" -v b="$mn" 'BEGIN { if (b > 0) printf "%.2f", a / b }') |"
    done
    echo "$line"
    unset runs
done
[ "$PROFILE" = 1 ] || exit 0
echo
echo "One profiled run per side (ranks summed; model = the model rank); system calls from \`perf stat\`,"
echo "CPU and run-queue wait (s) from /proc/PID/schedstat, switches from /proc/PID/status:"
echo
echo "| beside | run | sched_yield | poll | futex | nanosleep | switches | ranks CPU | ranks run-queue | ranks vol | ranks invol | model CPU | model run-queue | model vol | model invol |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for k in $HOGS; do
    start_hogs "$k"
    for side in "${names[@]}"; do
        side_cmd "$side"
        sample "$tmp/s.$side" perf stat -x, -e "$EVENTS" -o "$tmp/perf" "${cmd[@]}"
        sc=$(syscalls)
        echo "| $k | $side | $sc | $(summarize "$tmp/s.$side") |"
    done
    stop_hogs
done
echo
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) after"
