#!/bin/bash
# run_relaywait.sh - the relay path waits without burning a core and
# without adding latency (docs/performance.md, "Relay path under load"):
# tests/mpi/relay_wait on 4 ranks, relay path, clock = none, naps forced
# (SESHAT_IDLE=nap) and long (SESHAT_IDLE_NAP = 20 ms: a nap no wake-up
# ends shows as a time-out in the model rank's counters), four CPU-bound
# processes beside.
# 1. exchange: 50 MPI_Allreduce (recursive doubling, 8 B) from 0, then 200
#    eager round trips of 8 B in two pairs, then a barrier: exact virtual
#    times (LogGP L = 5 us, 1 GB/s, o = g = 0; docs/models.md: an allreduce
#    on 4 ranks is 2 rounds of w = L + 8, a round trip 2w, the
#    dissemination barrier 2 L), and the model rank's counters
#    (SESHAT_IDLE_STATS=1: one stderr line) say at least 90% of its naps
#    ended by a wake-up.
# 2. barrier: rank 0 computes 1 ms (MPI_Pcontrol), then sleeps 1 s outside
#    MPI while the others wait in the barrier: the model rank uses under
#    20% of that second's CPU; virtual exits of the dissemination barrier
#    with rank 0 late by 1 ms: rank r leaves at 1 ms + L x (the rounds by
#    which rank 0's news reaches r): 0 -> 1 ms, 1 and 2 -> 1 ms + L,
#    3 -> 1 ms + 2 L.
# 3. contention = on (SimGrid crossbar, conservative backend): the same
#    exchange gives the allreduce and round-trip times of contention = off
#    (the final barrier, entered at skewed times, is left out: under
#    contention it releases every rank at once).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
export OMPI_MCA_mpi_yield_when_idle=1
export SESHAT_IDLE=nap SESHAT_IDLE_NAP=20000000 SESHAT_IDLE_STATS=1
BASE=(--set simulator.clock=none --set network.path=relay --set report.summary=false
      --set collectives.allreduce=recursive_doubling --set collectives.barrier=dissemination
      --set network.overhead=0 --set network.gap=0)
LOGGP=(--set network.latency=5us --set network.bandwidth=1GB/s)
L=5000 W=$((5000 + 8))
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null; rm -f "$OUT" "$OFFOUT"' EXIT
OFFOUT=$(mktemp)
for h in 1 2 3 4; do sh -c 'while :; do :; done' & hogs+=($!); done

# stats: the model rank's counters from its stderr line, as "naps woken timedout".
stats() {
    sed -n 's/^seshat: idle: model rank [0-9]*: \([0-9]*\) naps, \([0-9]*\) woken, \([0-9]*\) timed out.*/\1 \2 \3/p' "$OUT" | head -1
}

desc="relay wait, exchange, 4 CPU-bound processes beside"
if job "$desc" "$RUN" "${BASE[@]}" "${LOGGP[@]}" -np 4 -- "$T/relay_wait" exchange $W; then
    [ $rc -eq 0 ] || bad "$desc: exit $rc"
    for r in 0 1 2 3; do
        expect allreduce-$r $((50 * 2 * W))
        end_pp=$((50 * 2 * W + 400 * W - (r % 2) * W))
        expect pingpong-$r $end_pp
        expect end-$r $((50 * 2 * W + 400 * W + 2 * L))
    done
    read -r naps woken timedout < <(stats)
    if [ -z "$naps" ]; then bad "$desc: no 'seshat: idle: model rank' line (SESHAT_IDLE_STATS=1)"
    elif [ "$naps" -gt 0 ] && [ $((woken * 100)) -ge $((naps * 90)) ]; then
        ok "$desc: model rank's naps: $naps, $woken ended by a wake-up, $timedout timed out"
    else bad "$desc: model rank's naps: $naps, only $woken ended by a wake-up ($timedout timed out)"; fi
fi

desc="relay wait, 1 s in a barrier, 4 CPU-bound processes beside"
if job "$desc" "$RUN" "${BASE[@]}" "${LOGGP[@]}" -np 4 -- "$T/relay_wait" barrier 1000; then
    [ $rc -eq 0 ] || bad "$desc: exit $rc"
    expect barrier-0 1000000
    expect barrier-1 $((1000000 + L))
    expect barrier-2 $((1000000 + L))
    expect barrier-3 $((1000000 + 2 * L))
    n=$(value model_ranks) cpu=$(value model_cpu)
    if [ "${n:-0}" -lt 1 ]; then bad "$desc: no model rank found in /proc"
    elif awk -v c="$cpu" 'BEGIN { exit !(c < 0.2) }'; then
        ok "$desc: model rank used $cpu s of CPU in 1 s"
    else bad "$desc: model rank used $cpu s of CPU in 1 s (>= 0.2: it polled)"; fi
fi

if [ -x "$BUILD/bin/seshat-sgroute" ] && [ -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    SIM=(--set network.model=simgrid --set network.platform="$PWD/config/platforms/crossbar.xml")
    desc="relay wait, exchange, SimGrid crossbar, contention = off"
    if job "$desc" "$RUN" "${BASE[@]}" "${SIM[@]}" -np 4 -- "$T/relay_wait" exchange 0 &&
       [ $rc -eq 0 ]; then
        grep -E '^RESULT (allreduce|pingpong)-' "$OUT" | sort > "$OFFOUT"
        desc="relay wait, exchange, SimGrid crossbar, contention = on"
        if job "$desc" "$RUN" "${BASE[@]}" "${SIM[@]}" --set network.contention=on -np 4 -- \
               "$T/relay_wait" exchange 0; then
            if [ $rc -eq 0 ] && [ "$(grep -E '^RESULT (allreduce|pingpong)-' "$OUT" | sort)" = "$(cat "$OFFOUT")" ]; then
                ok "$desc: same times as contention = off ($(wc -l < "$OFFOUT") values)"
            else bad "$desc: exit $rc, times differ from contention = off: $(tr '\n' ' ' < "$OFFOUT")"; fi
        fi
    else bad "$desc: exit $rc"; fi
else
    echo "skip: contention = on (built without SimGrid)"
fi
kill "${hogs[@]}" 2>/dev/null
summary
