#!/bin/bash
# parts: direct relay
# run_wake.sh - a rank that naps is woken when its message comes
# (common/wake.h, docs/performance.md "Under load"): with naps forced
# (SESHAT_IDLE=nap, no spin window, every nap 20 ms) and four CPU-bound
# processes beside, tests/mpi/wake_loop runs an eager ping-pong (8 B, 200
# round trips), an Open MPI rendezvous one (64 KiB, 100) and 100
# allreduces of a double on 4 ranks, on the direct and the relay path.
# The virtual times are the model's (clock = none; LogGP with L = 5 us,
# 1 GB/s, o = g = 0, eager limit 1 KiB): round trips 2(L + 8) eager and
# 2(3L + 65536) rendezvous, an allreduce (recursive doubling) 2(L + 8).
# And at least 90% of the application ranks' naps must end by a wake
# (SESHAT_IDLE_STATS): a nap that nobody ends lasts up to 20 ms, so
# without the channel (SESHAT_WAKE=off, checked last) nearly every one
# times out and the area takes tens of seconds instead of a few.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
export OMPI_MCA_mpi_yield_when_idle=1
export SESHAT_IDLE=nap SESHAT_IDLE_SPIN=0 SESHAT_IDLE_NAP_MIN=20000000 SESHAT_IDLE_NAP=20000000
export SESHAT_IDLE_STATS=1 SESHAT_WAKE_PEERS=1
CFG=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
     --set network.overhead=0 --set network.gap=0 --set network.eager_limit=1KiB
     --set collectives.allreduce=recursive_doubling)
L=5000
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null; rm -f "$OUT"' EXIT
for h in 1 2 3 4; do sh -c 'while :; do :; done' & hogs+=($!); done

# woken_share NP: "W of N naps" summed over the application ranks 0..NP-1
# (the model ranks' lines are theirs); exit 0 when W >= 90% of N.
woken_share() {
    share=$(awk -v np="$1" '
        /^seshat: idle: rank [0-9]+: / { if ($4 + 0 < np) { naps += $5; woken += $7 } }
        END { printf "%d of %d naps ended by a wake", woken, naps
              exit !(naps > 0 && woken >= 0.9 * naps) }' "$OUT")
}

# check DESC NP T_END: exact end time, and the naps' share of wakes
check() {
    [ $rc -eq 0 ] || { bad "$1: exit $rc"; return; }
    expect t_end "$3"
    if woken_share "$2"; then ok "$1: $share"; else bad "$1: $share (naps that timed out)"; fi
}

t_eager=$(awk -v L=$L 'BEGIN { printf "%.9f", 200 * 2 * (L + 8) * 1e-9 }')
t_rdv=$(awk -v L=$L 'BEGIN { printf "%.9f", 100 * 2 * (3 * L + 65536) * 1e-9 }')
t_allred=$(awk -v L=$L 'BEGIN { printf "%.9f", 100 * 2 * (L + 8) * 1e-9 }')
for path in direct relay; do
    part $path || continue
    P=(--set network.path=$path)
    desc="wake, $path, eager ping-pong"
    job "$desc" "$RUN" "${CFG[@]}" "${P[@]}" -np 2 -- "$T/wake_loop" pingpong 8 200 &&
        check "$desc" 2 "$t_eager"
    desc="wake, $path, rendezvous ping-pong"
    job "$desc" "$RUN" "${CFG[@]}" "${P[@]}" -np 2 -- "$T/wake_loop" pingpong 65536 100 &&
        check "$desc" 2 "$t_rdv"
    desc="wake, $path, allreduce"
    job "$desc" "$RUN" "${CFG[@]}" "${P[@]}" -np 4 -- "$T/wake_loop" allreduce 100 &&
        check "$desc" 4 "$t_allred"
done
# The channel off: the same naps time out (what the test above tells).
part direct || { kill "${hogs[@]}" 2>/dev/null; summary; exit; }
desc="wake off, direct, eager ping-pong"
t0=$(date +%s.%N)
if SESHAT_WAKE=off job "$desc" "$RUN" "${CFG[@]}" -np 2 -- "$T/wake_loop" pingpong 8 40; then
    if woken_share 2; then bad "$desc: $share, expected timeouts"; else ok "$desc: $share"; fi
fi
echo "     channel off, 40 round trips: $(echo "$(date +%s.%N) - $t0" | bc) s"
kill "${hogs[@]}" 2>/dev/null
summary
