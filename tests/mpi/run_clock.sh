#!/bin/bash
# run_clock.sh - the CPU clock counts only the program's own work
# (docs/models.md, "The virtual clock"): seshat's cost between two MPI calls
# never reaches virtual time.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh

# within A B PCT: |A/B - 1| < PCT percent.
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a / b - 1; if (d < 0) d = -d; exit !(d * 100 < p) }'; }

# 8-byte ping-pong under clock = cpu (the default), o = g = 0, 10 GB/s: the
# one-way time is the model's L + 8 B / 10 GB/s = L + 0.8 ns, rounded (as
# clock = none reports it exactly), within 3%. A CPU clock only ever adds
# time (other processes, a busy SMT sibling), so each latency takes the
# minimum of MIN_RUNS runs, the latencies interleaved.
NET=(--set network.overhead=0 --set network.gap=0 --set network.bandwidth=10GB/s)
LATS=(0.5us 1us 10us)
declare -A MODEL=([0.5us]=501 [1us]=1001 [10us]=10001) BEST=()
name="cpu clock ping-pong"
for i in $(seq "${MIN_RUNS:-5}"); do
    for L in "${LATS[@]}"; do
        job "$name L=$L" "$RUN" "${NET[@]}" --set network.latency=$L -np 2 -- \
            "$T/clock_pingpong" 2000 8 || continue
        v=$(value oneway)
        [ -n "$v" ] && { [ -z "${BEST[$L]}" ] || [ "$v" -lt "${BEST[$L]}" ]; } && BEST[$L]=$v
    done
done
for L in "${LATS[@]}"; do
    m=${MODEL[$L]} g=${BEST[$L]}
    desc="$name L=$L"
    if [ -z "$g" ]; then bad "$desc: no result"
    elif within "$g" "$m" 3; then ok "$desc: one-way $g ns, model $m ns (< 3%)"
    else bad "$desc: one-way $g ns, model $m ns (off by $(awk -v a="$g" -v b="$m" 'BEGIN{printf "%.1f", (a/b-1)*100}')%)"; fi
done

summary
