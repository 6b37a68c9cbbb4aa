#!/bin/bash
# run_simgrid.sh - [network] model = simgrid, uncongested (contention = off).
# Expected times are computed here from SimGrid's own answers
# (seshat-sgroute: the route query, and SimGrid timing one transfer alone).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
SGR="$BUILD/bin/seshat-sgroute"
if [ ! -x "$SGR" ] || [ ! -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    echo "skip: built without SimGrid (libsimgrid-dev)"; exit 0
fi
PLAT=$PWD/config/platforms
PLACE=$(mktemp)
trap 'rm -f "$OUT" "$PLACE"' EXIT
BASE=(--set simulator.clock=none --set network.model=simgrid --set network.overhead=0
      --set network.gap=0 --set report.summary=false)

# ns LAT_S BW BYTES: one eager leg, latency + bytes / bottleneck bandwidth.
ns() { awk -v l="$1" -v b="$2" -v n="$3" 'BEGIN { x = l * 1e9 + n * 1e9 / b; printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }'; }

# Test 1: a ping-pong between two named hosts equals the route's
# latency + size / bottleneck bandwidth, on both paths. 1 MiB goes by
# rendezvous (eager_limit 64 KiB): two more latencies per leg.
pingpong_route() {
    local plat=$1 a=$2 b=$3
    printf '%s\n# rank 1\n%s\n' "$a" "$b" > "$PLACE"
    read -r lat bw < <("$SGR" "$PLAT/$plat" route "$a" "$b")
    local l0 want8 want1k want1m
    l0=$(ns "$lat" "$bw" 0)
    want8=$((2 * $(ns "$lat" "$bw" 8)))
    want1k=$((2 * $(ns "$lat" "$bw" 1024)))
    want1m=$((2 * (2 * l0 + $(ns "$lat" "$bw" 1048576))))
    for path in direct relay; do
        desc="simgrid $plat $a-$b ($path): lat $lat s, bw $bw B/s"
        job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/$plat" \
            --set network.placement="$PLACE" --set network.path=$path \
            -np 2 -- "$T/pingpong" blocking 8 1024 1048576 || continue
        expect "blocking 8" $want8
        expect "blocking 1024" $want1k
        expect "blocking 1048576" $want1m
    done
}
pingpong_route fat_tree.xml node-0 node-15
pingpong_route fat_tree.xml node-3 node-2
pingpong_route torus.xml node-0 node-42
pingpong_route dragonfly_nextgen.xml node-1 node-119

# Other SimGrid models (relay path): SimGrid's own time for one transfer.
for m in SMPI LV08; do
    desc="simgrid $m (relay) = SimGrid's isolated transfer"
    printf 'node-0\nnode-5\n' > "$PLACE"
    t8=$("$SGR" -m $m "$PLAT/fat_tree.xml" transfer node-0 node-5 8)
    t1k=$("$SGR" -m $m "$PLAT/fat_tree.xml" transfer node-0 node-5 1024)
    job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" \
        --set network.simgrid_model=$m --set network.path=relay --set network.placement="$PLACE" \
        -np 2 -- "$T/pingpong" blocking 8 1024 || continue
    expect "blocking 8" $((2 * $(ns "$t8" 1e300 0)))
    expect "blocking 1024" $((2 * $(ns "$t1k" 1e300 0)))
done

# A rank's simultaneous sends share its link: rank 0 Isends 640 kB to each
# of ranks 1..3 (one leaf: the same route); they leave one after another,
# each holding the link for its bytes at the route's bandwidth, so rank k's
# arrives at (k - 1) x round(n / bw) + w(n), on both paths.
printf 'node-0\nnode-1\nnode-2\nnode-3\n' > "$PLACE"
read -r lat bw < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-1)
busy=$(ns 0 "$bw" 640000); w=$(ns "$lat" "$bw" 640000)
for path in direct relay; do
    desc="simgrid burst of 3 sends from one rank ($path)"
    job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" \
        --set network.placement="$PLACE" --set network.path=$path --set network.eager_limit=1MiB \
        -np 4 -- "$BUILD/tests/smpi/smpi_oracle" burst 3 640000 || continue
    got=$(grep '^RESULT burst-640000 ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    want="$w $((busy + w)) $((2 * busy + w)) "
    [ "$got" = "$want" ] && ok "$desc: $got" || bad "$desc: '$got', expected '$want'"
done

# Placement: block fills hosts in natural name order, round_robin deals.
desc="placement"
if "$SGR" "$PLAT/dragonfly.xml" place block 240 > "$OUT" 2>&1; then
    got=$(awk '$1 == 0 || $1 == 1 || $1 == 2 || $1 == 239 { printf "%s ", $2 }' "$OUT")
    [ "$got" = "node-0 node-0 node-1 node-119 " ] && ok "$desc block: $got" || bad "$desc block: '$got'"
fi
if "$SGR" "$PLAT/dragonfly.xml" place round_robin 240 > "$OUT" 2>&1; then
    got=$(awk '$1 == 0 || $1 == 1 || $1 == 119 || $1 == 120 { printf "%s ", $2 }' "$OUT")
    [ "$got" = "node-0 node-1 node-119 node-0 " ] && ok "$desc round_robin: $got" || bad "$desc round_robin: '$got'"
fi

# Direct and relay agree on a ring over 16 ranks of the fat tree.
ring_times() {
    job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" \
        --set network.placement=round_robin --set network.path=$1 --set simulator.ranks=${2:-1} \
        -np 16 -- "$T/ring" waitall 4096 20 &&
        grep '^RESULT ring ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }'
}
desc="simgrid ring, 16 ranks, direct = relay"
d=$(ring_times direct); r=$(ring_times relay)
if [ -n "$d" ] && [ "$d" = "$r" ]; then ok "$desc"; else bad "$desc: '$d' vs '$r'"; fi
desc="simgrid ring, 16 ranks, two model ranks, direct = relay"
d2=$(ring_times direct 2); r2=$(ring_times relay 2)
if [ -n "$d2" ] && [ "$d2" = "$d" ] && [ "$r2" = "$d" ]; then ok "$desc"; else bad "$desc: '$d2' / '$r2' vs '$d'"; fi

# Collectives: each schedule step takes its own route. Recursive-doubling
# allreduce of 8 B on 4 ranks, two per fat-tree leaf: step 1 stays in a
# leaf, step 2 crosses the spine, so every rank leaves at w(0,1) + w(0,2).
printf 'node-0\nnode-1\nnode-4\nnode-5\n' > "$PLACE"
read -r l1 b1 < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-1)
read -r l2 b2 < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-4)
w=$(($(ns "$l1" "$b1" 8) + $(ns "$l2" "$b2" 8)))
for path in direct relay; do
    desc="simgrid allreduce over the fat tree ($path)"
    job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" \
        --set network.placement="$PLACE" --set collectives.allreduce=recursive_doubling \
        --set network.path=$path -np 4 -- "$T/coll_times" 8 allreduce || continue
    got=$(grep '^RESULT allreduce-8 ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    [ "$got" = "$w $w $w $w " ] && ok "$desc: $got" || bad "$desc: '$got', expected $w each"
done

# Neighborhood collectives (timed by the application ranks themselves, on
# the route between world ranks 0 and 1): ring of 4, 4-byte blocks,
# o = 1us: sends end at 2o, both blocks arrive at a = o + w(0,1), taken at
# o apiece. Also under SMPI on the relay path (route parameters there too).
printf 'node-0\nnode-1\nnode-4\nnode-5\n' > "$PLACE"
a=$((1000 + $(ns "$l1" "$b1" 4)))
t1=$(( (2000 > a ? 2000 : a) + 1000 )); t2=$(( (t1 > a ? t1 : a) + 1000 ))
for v in "CM02 direct" "CM02 relay" "SMPI relay"; do
    set -- $v
    desc="simgrid neighbor allgather ($1, $2)"
    job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" \
        --set network.placement="$PLACE" --set network.overhead=1us --set network.simgrid_model=$1 \
        --set network.path=$2 -np 4 -- "$T/coll_neighbor" allgather || continue
    got=$(grep '^RESULT neighbor-allgather ' "$OUT" | sort -k3n | awk '{ printf "%s ", $4 }')
    [ "$got" = "$t2 $t2 $t2 $t2 " ] && ok "$desc: $got" || bad "$desc: '$got', expected $t2 each"
done

# Test 4: SimGrid never enters an application rank. A preloaded and a
# relinked program bind MPI_* to seshat's wrappers (so Open MPI below them,
# not SMPI), have no libsimgrid mapped, and get the route's time.
printf 'node-0\nnode-15\n' > "$PLACE"
read -r lat bw < <("$SGR" "$PLAT/fat_tree.xml" route node-0 node-15)
rtt=$((2 * $(ns "$lat" "$bw" 8)))
check_bind() {
    expect bind_init libseshat.so
    expect bind_send libseshat.so
    expect simgrid_mapped 0
    expect bind_rtt $rtt
    grep -q "^RESULT bind_pmpi_init libsimgrid" "$OUT" && bad "$desc: PMPI_Init bound to SimGrid"
}
desc="simgrid, preloaded program"
job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" \
    --set network.placement="$PLACE" -np 2 -- "$T/sg_bind" && check_bind
desc="simgrid, relinked program under plain mpirun"
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
SESHAT_SET="simulator.clock=none;network.model=simgrid;network.overhead=0;report.summary=false;network.platform=$PLAT/fat_tree.xml;network.placement=$PLACE" \
    job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np 3 "$T/sg_bind.relinked" && check_bind

# Bad input: one clear line, non-zero exit, no hang.
refuse() {
    desc="simgrid refuses $1"
    job "$desc" "$RUN" "${BASE[@]}" --set network.platform="$PLAT/fat_tree.xml" --set "$1" \
        -np 2 -- "$T/pingpong" blocking 8 || return
    if [ $rc -ne 0 ] && grep -q "seshat: config error: .*$2" "$OUT"; then ok "$desc"; else bad "$desc (rc $rc)"; fi
}
refuse network.platform=/nonexistent.xml "cannot read the file"
refuse network.platform=$PWD/README.md "Invalid XML"
refuse network.simgrid_model=SMPI "needs network.path = relay"
refuse "network.simgrid_cfg=no/such:1" "Bad config key"
printf 'node-0\nnode-99\n' > "$PLACE"
refuse network.placement="$PLACE" "$PLACE:2: no host named 'node-99'"
printf 'node-0\n' > "$PLACE"
refuse network.placement="$PLACE" "1 host names for 2 ranks"

summary
