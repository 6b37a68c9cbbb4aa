#!/bin/bash
# run_factors.sh - the what-if factors act the same under every network
# model: latency x latency_factor, bandwidth x bandwidth_factor, and every
# cost inside a collective x collective_factor (docs/models.md, "What-if
# factors"). Closed forms computed here; clock = none, o = g = 0, exact ns.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
SGR="$BUILD/bin/seshat-sgroute"
PLAT=$PWD/config/platforms
PLACE=$(mktemp)
trap 'rm -f "$OUT" "$PLACE"' EXIT
BASE=(--set simulator.clock=none --set network.overhead=0 --set network.gap=0
      --set network.eager_limit=64KiB --set report.summary=false)
LF=3 BF=0.25 CF=5  # latency x3, bandwidth / 4, collectives x5
FACT=(--set network.latency_factor=$LF --set network.bandwidth_factor=$BF)

# wire LAT_S BW BYTES [CF]: one eager leg under the factors, rounded once
# to the nearest ns: LAT x LF x CF + BYTES / (BW x BF) x CF.
wire() {
    awk -v l="$1" -v b="$2" -v n="$3" -v c="${4:-1}" -v lf=$LF -v bf=$BF 'BEGIN {
        x = l * 1e9 * lf * c + n * (1e9 / (b * bf)) * c
        printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }'
}

# pingpong_checks LAT_S BW: blocking round trips of 8 B, 1 KiB (eager) and
# 1 MiB (rendezvous: request-to-send and clear-to-send, a latency each).
pingpong_checks() {
    local l0
    l0=$(wire "$1" "$2" 0)
    expect "blocking 8" $((2 * $(wire "$1" "$2" 8)))
    expect "blocking 1024" $((2 * $(wire "$1" "$2" 1024)))
    expect "blocking 1048576" $((2 * (2 * l0 + $(wire "$1" "$2" 1048576))))
}

# LogGP: L = 2us, B = 1 GB/s.
LOGGP=("${BASE[@]}" --set network.model=loggp --set network.latency=2us --set network.bandwidth=1GB/s)
for path in direct relay; do
    desc="loggp factors, pingpong ($path)"
    job "$desc" "$RUN" "${LOGGP[@]}" "${FACT[@]}" --set network.path=$path \
        -np 2 -- "$T/pingpong" blocking 8 1024 1048576 && pingpong_checks 2e-6 1e9
    # Recursive-doubling allreduce of 8 B on 4 ranks: two steps of one leg.
    desc="loggp factors, allreduce x collective_factor ($path)"
    job "$desc" "$RUN" "${LOGGP[@]}" "${FACT[@]}" --set network.collective_factor=$CF \
        --set network.path=$path --set collectives.allreduce=recursive_doubling \
        -np 4 -- "$T/coll_times" 8 allreduce || continue
    w=$((2 * $(wire 2e-6 1e9 8 $CF)))
    got=$(grep '^RESULT allreduce-8 ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    [ "$got" = "$w $w $w $w " ] && ok "$desc: $got" || bad "$desc: '$got', expected $w each"
done

if [ ! -x "$SGR" ] || [ ! -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    echo "skip simgrid: built without SimGrid (libsimgrid-dev)"; summary; exit
fi

# SimGrid (CM02, uncongested): the route's latency and bottleneck bandwidth
# take the place of L and B, the formulas are the same.
SG=("${BASE[@]}" --set network.model=simgrid --set network.platform="$PLAT/fat_tree.xml"
    --set network.placement="$PLACE")
printf 'node-0\nnode-15\n' > "$PLACE"
read -r lat bw < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-15)
for path in direct relay; do
    desc="simgrid factors, pingpong node-0 - node-15 ($path)"
    job "$desc" "$RUN" "${SG[@]}" "${FACT[@]}" --set network.path=$path \
        -np 2 -- "$T/pingpong" blocking 8 1024 1048576 && pingpong_checks "$lat" "$bw"
done

# LV08 (relay): SimGrid times each transfer itself; T(0) is its latency
# part, T(n) - T(0) its bytes' part: T(0) x LF + (T(n) - T(0)) / BF.
timed() {
    awk -v t0="$1" -v tn="$2" -v lf=$LF -v bf=$BF 'BEGIN {
        x = t0 * 1e9 * lf + (tn - t0) * 1e9 / bf
        printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }'
}
t0=$("$SGR" -m LV08 "$PLAT/fat_tree.xml" transfer node-0 node-15 0)
t8=$("$SGR" -m LV08 "$PLAT/fat_tree.xml" transfer node-0 node-15 8)
t1k=$("$SGR" -m LV08 "$PLAT/fat_tree.xml" transfer node-0 node-15 1024)
desc="simgrid LV08 factors, pingpong node-0 - node-15 (relay)"
if job "$desc" "$RUN" "${SG[@]}" "${FACT[@]}" --set network.simgrid_model=LV08 \
       --set network.path=relay -np 2 -- "$T/pingpong" blocking 8 1024; then
    expect "blocking 8" $((2 * $(timed "$t0" "$t8")))
    expect "blocking 1024" $((2 * $(timed "$t0" "$t1k")))
fi

# contention = on: a message alone on its route costs what it costs
# uncongested (run_contention.sh's premise), factors included: the
# latency seshat adds x latency_factor, the flow's bytes / bandwidth_factor.
desc="simgrid factors, pingpong node-0 - node-15 (contention = on)"
job "$desc" "$RUN" "${SG[@]}" "${FACT[@]}" --set network.contention=on --set network.path=relay \
    -np 2 -- "$T/pingpong" blocking 8 1024 1048576 && pingpong_checks "$lat" "$bw"

# Allreduce, two ranks per fat-tree leaf: step 1 within a leaf, step 2
# across the spine; both legs scaled by all three factors.
printf 'node-0\nnode-1\nnode-4\nnode-5\n' > "$PLACE"
read -r l1 b1 < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-1)
read -r l2 b2 < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-4)
w=$(($(wire "$l1" "$b1" 8 $CF) + $(wire "$l2" "$b2" 8 $CF)))
for path in direct relay; do
    desc="simgrid factors, allreduce x collective_factor ($path)"
    job "$desc" "$RUN" "${SG[@]}" "${FACT[@]}" --set network.collective_factor=$CF \
        --set network.path=$path --set collectives.allreduce=recursive_doubling \
        -np 4 -- "$T/coll_times" 8 allreduce || continue
    got=$(grep '^RESULT allreduce-8 ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    [ "$got" = "$w $w $w $w " ] && ok "$desc: $got" || bad "$desc: '$got', expected $w each"
done

# contention = on applies collective_factor too: each leg of the schedule
# is alone on its links (split-duplex), so the closed form is the same;
# a factor below 1 shortens the legs below the route latency the
# lookahead assumed, and must still come out exact.
for cf in $CF 0.5; do
    w=$(($(wire "$l1" "$b1" 8 $cf) + $(wire "$l2" "$b2" 8 $cf)))
    desc="simgrid factors, allreduce x collective_factor $cf (contention = on)"
    job "$desc" "$RUN" "${SG[@]}" "${FACT[@]}" --set network.collective_factor=$cf \
        --set network.contention=on --set collectives.allreduce=recursive_doubling \
        -np 4 -- "$T/coll_times" 8 allreduce || continue
    got=$(grep '^RESULT allreduce-8 ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    n=$(grep -c "warning" "$OUT")
    [ "$got" = "$w $w $w $w " ] && [ "$n" = 0 ] && ok "$desc: $got" ||
        bad "$desc: '$got' ($n warnings), expected $w each"
done

# ... and [collectives] factors, on a rendezvous leg: a binomial bcast of
# 1 MiB on 2 ranks is request-to-send, clear-to-send and the data, each
# x collective_factor x the bcast piece (5 x 0.1).
printf 'node-0\nnode-1\n' > "$PLACE"
w=$((2 * $(wire "$l1" "$b1" 0 0.5) + $(wire "$l1" "$b1" 1048576 0.5)))
desc="simgrid factors, rendezvous bcast x [collectives] factors (contention = on)"
if job "$desc" "$RUN" "${SG[@]}" "${FACT[@]}" --set network.collective_factor=$CF \
       --set collectives.factors=bcast:0:0.1 --set network.contention=on \
       --set collectives.bcast=binomial -np 2 -- "$T/coll_times" 1048576 bcast; then
    got=$(grep '^RESULT bcast-1048576 ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    [ "$got" = "$w $w " ] && ok "$desc: $got" || bad "$desc: '$got', expected $w each"
fi

# A factor that would bring a collective's latency (the lookahead) below
# 1 ns: one line naming it, before the program runs.
desc="contention = on refuses a collective factor leaving no lookahead"
if job "$desc" "$RUN" "${SG[@]}" --set network.contention=on --set network.latency_factor=0.001 \
       --set network.collective_factor=0.001 -np 2 -- "$T/coll_times" 8 bcast; then
    n=$(grep -c "config error: network.contention = on .*network.collective_factor .* = 0.001 .*below 1ns" "$OUT")
    [ $rc -ne 0 ] && [ "$n" = 1 ] && ! grep -q '^RESULT' "$OUT" && ok "$desc" ||
        bad "$desc (rc $rc, $n lines)"
fi

summary
