#!/bin/bash
# run_idle.sh - a rank with nothing to do sleeps in the kernel instead of
# polling (docs/performance.md, "Under load"): tests/mpi/idle_wait 500
# (rank 0 sleeps 500 ms outside MPI before a send and again before a
# barrier; rank 1 waits in MPI_Recv, then in MPI_Barrier) on the direct
# and relay paths, Open MPI yielding on empty polls as it does on an
# oversubscribed node (mpi_yield_when_idle, set here so that a machine
# with more cores behaves the same). Rank 1 must block in the kernel
# (voluntary context switches) in both waits, Open MPI's own wait inside
# the barrier too, and the virtual times stay the model's: send at the
# overhead o, receive at o + L + 8 B / bandwidth + o (LogGP defaults,
# clock = none). SESHAT_IDLE=nap naps whatever the machine; the default
# (auto) naps only while other processes want the cores: the last run
# has four CPU-bound processes beside it and must nap too.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
export OMPI_MCA_mpi_yield_when_idle=1
# LogGP defaults: o = 0.3 us, L = 1.5 us, 12.5 GB/s.
t_send=$(awk 'BEGIN { printf "%.9f", 300e-9 }')
t_recv=$(awk 'BEGIN { printf "%.9f", (300 + 1500 + 8 / 12.5 + 300) * 1e-9 }')
hogs=()
trap 'kill "${hogs[@]}" 2>/dev/null; rm -f "$OUT"' EXIT
for path in direct relay auto; do
    desc="idle wait, $path"
    mode=nap
    if [ $path = auto ]; then
        mode=auto path=direct desc="idle wait, direct, auto, 4 CPU-bound processes beside"
        for h in 1 2 3 4; do sh -c 'while :; do :; done' & hogs+=($!); done
    fi
    SESHAT_IDLE=$mode job "$desc" "$RUN" --set simulator.clock=none --set network.path=$path -np 2 -- \
        "$T/idle_wait" 500 || continue
    [ $rc -eq 0 ] || { bad "$desc: exit $rc"; continue; }
    expect t_send "$t_send"
    expect t_recv "$t_recv"
    for w in recv barrier; do
        v=$(value ${w}_voluntary)
        # spinning gives 0-2 (a yield is an involuntary switch); a rank
        # that naps through the wait blocks hundreds of times on a quiet
        # machine, but at a load of 40 each nap also waits its turn for a
        # core (7 blocks seen in 300 ms): 5 still tells napping from polling
        if [ "${v:-0}" -ge 5 ]; then ok "$desc: $w wait blocked $v times"
        else bad "$desc: $w wait blocked ${v:-?} times (polled?)"; fi
    done
done
kill "${hogs[@]}" 2>/dev/null
summary
