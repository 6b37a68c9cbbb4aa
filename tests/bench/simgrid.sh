#!/bin/bash
# simgrid.sh - messages modeled per second under model = simgrid
# (uncongested), against loggp on the same job: a ring of ITERS nonblocking
# steps on N ranks (N x ITERS messages), relay and direct paths, 8 and 64
# ranks. Prints one line per case; the wall time is seshat's own summary
# (MPI_Init to MPI_Finalize). contention = on is not implemented, so there
# is no conservative-protocol figure yet.
# Usage: tests/bench/simgrid.sh [ITERS]   (BUILD=build by default)
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
ITERS=${1:-2000}
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
