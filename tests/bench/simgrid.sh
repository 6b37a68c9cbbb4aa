#!/bin/bash
# simgrid.sh - messages modeled per second under model = simgrid
# (uncongested), against loggp on the same job: a ring of ITERS nonblocking
# steps on N ranks (N x ITERS messages), relay and direct paths, 8 and 64
# ranks. Prints one line per case; the wall time is seshat's own summary
# (MPI_Init to MPI_Finalize). Then contention = on against contention = off
# on the relay path (the same messages; the difference is the conservative
# protocol plus SimGrid's sharing): the ring, and all-to-alls on 8 and 64
# ranks, as point-to-point messages and as MPI_Alltoall (pairwise schedule,
# every step a SimGrid flow).
# Usage: tests/bench/simgrid.sh [ITERS [A2A_ITERS]]   (BUILD=build by default)
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
ITERS=${1:-2000}
A2A_ITERS=${2:-20}
RUN="$BUILD/bin/seshat-run"
PLAT=$PWD/config/platforms/torus.xml
[ -f "$BUILD/lib/libseshat-simgrid.so" ] || { echo "built without SimGrid"; exit 0; }
printf '%-8s %-7s %5s %9s %9s %12s\n' model path ranks messages wall_s msgs_per_s
for np in 8 64; do
    for model in loggp simgrid; do
        for path in direct relay; do
            line=$(timeout -k 5 600 "$RUN" --set simulator.clock=none --set network.model=$model \
                   --set network.platform="$PLAT" --set network.path=$path \
                   --set network.placement=round_robin -np $np -- \
                   "$BUILD/tests/mpi/ring" waitall 1024 "$ITERS" 2>&1 | grep '^seshat: .*ranks, virtual')
            msgs=$(sed -E 's/.*, ([0-9]+) messages.*/\1/' <<<"$line")
            wall=$(sed -E 's/.*wall ([0-9.]+) s.*/\1/' <<<"$line")
            if [ -z "$line" ]; then echo "$model $path $np: failed"; continue; fi
            printf '%-8s %-7s %5d %9d %9.3f %12.0f\n' $model $path $np "$msgs" "$wall" \
                "$(awk -v m="$msgs" -v w="$wall" 'BEGIN { print (w > 0 ? m / w : 0) }')"
        done
    done
done

# summary LINE -> wall seconds; MESSAGES from the program or the summary.
run_cn() {   # NP CONTENTION PROGRAM ARGS...
    local np=$1 cn=$2; shift 2
    timeout -k 5 900 "$RUN" --set simulator.clock=none --set network.model=simgrid \
        --set network.platform="$PLAT" --set network.path=relay --set network.contention=$cn \
        --set network.placement=round_robin -np $np -- "$@" 2>&1
}
echo
printf '%-18s %5s %-10s %9s %9s %12s %8s %9s %8s\n' case ranks contention messages wall_s \
    msgs_per_s flows sg_wall_s on_vs_off
bench_cn() {   # NAME NP PROGRAM ARGS...
    local name=$1 np=$2; shift 2
    local off_wall=""
    for cn in off on; do
        out=$(run_cn $np $cn "$@")
        line=$(grep '^seshat: .*ranks, virtual' <<<"$out")
        [ -n "$line" ] || { echo "$name $np $cn: failed"; continue; }
        wall=$(sed -E 's/.*wall ([0-9.]+) s.*/\1/' <<<"$line")
        msgs=$(awk '$1 == "MESSAGES" { print $2 }' <<<"$out")
        [ -n "$msgs" ] || msgs=$(sed -E 's/.*, ([0-9]+) messages.*/\1/' <<<"$line")
        flows=$(sed -nE 's/^seshat: contention: ([0-9]+) flows.*/\1/p' <<<"$out")
        sgw=$(sed -nE 's/.* ([0-9.]+) s wall in SimGrid.*/\1/p' <<<"$out")
        ratio=-
        [ $cn = on ] && [ -n "$off_wall" ] &&
            ratio=$(awk -v a="$wall" -v b="$off_wall" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')
        printf '%-18s %5d %-10s %9d %9.3f %12.0f %8s %9s %8s\n' "$name" $np $cn "$msgs" "$wall" \
            "$(awk -v m="$msgs" -v w="$wall" 'BEGIN { print (w > 0 ? m / w : 0) }')" \
            "${flows:--}" "${sgw:--}" "$ratio"
        [ $cn = off ] && off_wall=$wall
    done
}
for np in 8 64; do
    bench_cn ring_1KiB $np "$BUILD/tests/mpi/ring" waitall 1024 $((ITERS / 4))
    bench_cn alltoall_p2p_1KiB $np "$BUILD/tests/bench/alltoall" p2p 1024 $A2A_ITERS
    bench_cn MPI_Alltoall_1KiB $np "$BUILD/tests/bench/alltoall" coll 1024 $A2A_ITERS
done
