#!/bin/bash
# run_smpi.sh - SimGrid's SMPI as an independent oracle for the model.
#
# tests/smpi/smpi_oracle.c is built twice: with mpicc (run under seshat,
# network.model = simgrid, clock = none) and with smpicc (run under smpirun
# with the matched configuration below), on the same 64-host cluster
# (tests/smpi/cluster.xml: 0.75 us and 12.5 GB/s per host link, two links a
# route). Both print the virtual time each rank ends a pattern at; they
# must agree within a few ns where algorithm and protocol are the same.
# Every remaining difference is named below with its reason and its size
# asserted (docs/validation.md, "SMPI").
#
# Known differences, each asserted:
#  - envelope: SMPI sends 16 bytes more per message (its envelope): 1.28 ns
#    per message at 12.5 GB/s, so a case may differ by 1.3 ns per message
#    on its critical path (the tolerance of every case says how many).
#  - rendezvous: above the eager limit seshat's rendezvous costs a
#    request-to-send and a clear-to-send (two route latencies, 3 us) before
#    the data; SMPI's synchronous transfer starts at the match.
#  - sharing: SMPI shares a sender's link among its simultaneous messages
#    (max-min fair: all end together); seshat sends them one after another
#    at the link's bandwidth (the last ends at the same time, the earlier
#    ones sooner).
#  - receive-side sharing: messages into one rank at once share its link in
#    SMPI; seshat shares it only with contention = on (the skewpair cases:
#    off differs by a fifth, on agrees to the envelopes).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
SEQ="$BUILD/tests/smpi/smpi_oracle"
SMPIBIN="$BUILD/tests/smpi/smpi_oracle.smpi"
if ! command -v smpirun >/dev/null || [ ! -x "$SMPIBIN" ]; then
    echo "skip: no SMPI (smpicc/smpirun from libsimgrid-dev)"; exit 0
fi
if [ ! -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    echo "skip: built without SimGrid (libsimgrid-dev)"; exit 0
fi
PLAT=$PWD/tests/smpi/cluster.xml
W=$(mktemp -d)
trap 'rm -rf "$W" "$OUT"' EXIT
for i in $(seq 0 63); do echo "node-$i"; done > "$W/hosts"
SESHAT=(--set simulator.clock=none --set network.model=simgrid --set network.platform="$PLAT"
        --set network.overhead=0 --set network.gap=0 --set network.eager_limit=64KiB
        --set report.summary=false)
SMPI=(--cfg=network/model:CM02 --cfg=network/crosstraffic:0 --cfg=smpi/coll-selector:ompi
      --cfg=smpi/async-small-thresh:65537 --cfg=smpi/send-is-detached-thresh:65537
      --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0
      --log=root.thres:critical)

# Cases: "NAME|NP|ARGS|ALG|WHICH|K|SHIFT|REASON[|SETS]". SETS: seshat settings
# of this case only (key=value ...). ALG forces a collective's
# algorithm on both sides ("seshat-name=smpi-name"); empty: each side's
# own choice, seshat's auto against SMPI's Open MPI selector, where that
# runs the same algorithm. WHICH: all (every rank's time) or last (the
# latest rank's: a sender's simultaneous messages share its link in SMPI
# and leave one after another in seshat, so only the last arrival is the
# same); differs (a known difference: both times are printed, nothing is
# asserted). K: messages on the latest path whose envelopes (1.28 ns each)
# and rounding (seshat rounds each transfer to the ns: up to 0.5 ns) add
# up; the tolerance is 3 + 1.78 K ns. A rank's seshat time must be SMPI's
# + SHIFT within it.
CASES=(
    "pingpong 0 B to 64 KiB|2|pingpong 0 8 1024 8192 65536||all|10|0|envelope"
    "pingpong 64 KiB + 1|2|pingpong 65537||all|0|6000|rendezvous: 2 legs x (RTS + CTS)"
    "burst of 15 x 640 B|16|burst 15 640||last|15|0|sharing"
    "halo 8 x 4 KiB|8|halo 4096||all|8|0|sharing, envelope"
    "barrier 8|8|coll barrier 0||all|3|0|recursive doubling"
    "bcast 16 x 8 B binomial|16|coll bcast 8|binomial=binomial_tree|last|10|0|envelope of the 10 messages on the hops to rank 15"
    "bcast 16 x 64 KiB|16|coll bcast 65536||last|10|-31457|sharing: on its way to rank 15 each hop shares its sender's link with its later siblings in SMPI (10 messages' bytes, not 4: -6 x 64 KiB / 12.5 GB/s)"
    "reduce 8 x 8 B|8|coll reduce 8||all|3|0|binary"
    "allreduce 8 x 8 B|8|coll allreduce 8|recursive_doubling=rdb|all|3|0|envelope"
    "allreduce 16 x 64 KiB|16|coll allreduce 65536||all|8|0|Rabenseifner"
    "allreduce 12 x 64 KiB|12|coll allreduce 65536||differs|0|0|Rabenseifner on 12: SMPI's rab_rdb folds the 4 extra ranks MPICH's way (the odd rank keeps the whole vector), Open MPI 4.1 swaps halves and the even rank stays"
    "allgather 8 x 1 KiB|8|coll allgather 1024||all|3|0|recursive doubling"
    "allgather 12 x 1 KiB bruck|12|coll allgather 1024|bruck=bruck|all|4|0|envelope"
    "alltoall 16 x 64 B|16|coll alltoall 64||all|4|0|modified Bruck"
    "alltoall 8 x 8 KiB|8|coll alltoall 8192||all|7|0|linear, sharing"
    "alltoallv 16 x 8 KiB|16|coll alltoallv 8192||all|15|0|linear, sharing"
    "gather 8 x 1 KiB|8|coll gather 1024||all|3|0|binomial"
    "scatter 16 x 1 KiB|16|coll scatter 1024|binomial=ompi_binomial|differs|0|0|sharing: the root's four subtrees (8, 4, 2, 1 KiB) share its link in SMPI, leave one after another in seshat"
    "reduce_scatter 8 x 1 KiB|8|coll reduce_scatter 1024|recursive_halving=ompi_basic_recursivehalving|all|3|0|envelope"
    "skewed pairwise 16 x 8 KiB|16|skewpair 8192||differs|0|0|receive-side sharing: early ranks' later-step messages share a late rank's link in SMPI, contention = off leaves it out (NAS IS at 64 ranks)"
    "skewed pairwise 16 x 1 KiB, contention on|16|skewpair 1024||all|48|0|envelope of the 48 messages on the latest path|network.contention=on"
)

# Run every case under both, seshat three at a time (its runs mostly wait
# on mpirun's start-up).
run_case() {
    local i=$1 np=$2 args=$3 alg=$4 kind sets=() cfgs=() kv
    kind=$(awk '$1 == "coll" { print $2 }' <<<"$args")
    if [ -n "$alg" ]; then
        sets=(--set "collectives.$kind=${alg%%=*}")
        cfgs=("--cfg=smpi/$kind:${alg#*=}")
    fi
    for kv in $5; do sets+=(--set "$kv"); done
    # shellcheck disable=SC2086
    timeout -k 5 "$TIMEOUT" smpirun -np "$np" -platform "$PLAT" -hostfile "$W/hosts" "${SMPI[@]}" \
        "${cfgs[@]}" "$SMPIBIN" $args > "$W/$i.smpi" 2>&1
    # shellcheck disable=SC2086
    timeout -k 5 "$TIMEOUT" "$RUN" "${SESHAT[@]}" "${sets[@]}" -np "$np" -- "$SEQ" $args \
        > "$W/$i.seshat" 2>&1
}
# auto's choice against the installed Open MPI's own, at every power of two
# and one below (its thresholds) up to 4 MiB, on groups of 2 to
# SESHAT_CHOICE_RANKS members (17: every band below 32; 64 takes half a
# minute more on a loaded machine): tests/smpi/ompi_choice.c reports which
# coll/base function coll/tuned runs, test_coll_choice compares.
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
timeout -k 5 "$TIMEOUT" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np "${SESHAT_CHOICE_RANKS:-17}" \
    "$BUILD/tests/smpi/ompi_choice" > "$W/choices" 2>&1 &
i=0
for c in "${CASES[@]}"; do
    IFS='|' read -r name np args alg which k shift why extra <<<"$c"
    run_case $i "$np" "$args" "$alg" "$extra" &
    i=$((i + 1))
    while [ "$(jobs -rp | wc -l)" -ge 3 ]; do wait -n; done
done
wait

# compare I NAME WHICH K SHIFT WHY: seshat = SMPI + SHIFT within 3 + 1.28 K
# ns, for every key and rank (WHICH = all) or the latest rank of each key.
compare() {
    local i=$1 name=$2 which=$3 k=$4 shift=$5 why=$6 res
    desc="SMPI oracle: $name"
    res=$(awk -v k="$k" -v shift="$shift" -v which="$which" '
        function abs(x) { return x < 0 ? -x : x }
        FNR == 1 { f++ }
        $1 == "RESULT" && f == 1 { smpi[$2 " " $3] = $4; if ($4 > sl[$2]) sl[$2] = $4 }
        $1 == "RESULT" && f == 2 { ses[$2 " " $3] = $4; if ($4 > tl[$2]) tl[$2] = $4; seen[$2] = 1 }
        END {
            tol = 3 + 1.78 * k; n = 0; worst = 0
            if (which == "differs") {
                for (key in sl) printf "OK differs %s: seshat %d, SMPI %d (latest rank)\n", key, tl[key], sl[key]
                exit
            }
            if (which == "last") {
                for (key in sl) {
                    if (!(key in seen)) { print "missing in seshat: " key; bad = 1; continue }
                    d = tl[key] - sl[key] - shift; n++
                    if (abs(d) > tol) { printf "%s, latest rank: seshat %d, SMPI %d\n", key, tl[key], sl[key]; bad = 1 }
                    if (abs(d) > worst) worst = abs(d)
                }
            } else {
                for (key in smpi) {
                    if (!(key in ses)) { print "missing in seshat: " key; bad = 1; continue }
                    d = ses[key] - smpi[key] - shift; n++
                    if (abs(d) > tol) { printf "%s: seshat %d, SMPI %d\n", key, ses[key], smpi[key]; bad = 1 }
                    if (abs(d) > worst) worst = abs(d)
                }
            }
            if (n == 0) { print "no results"; bad = 1 }
            if (!bad) printf "OK %d values, worst %d ns off (tolerance %.1f)\n", n, worst, tol
        }' "$W/$i.smpi" "$W/$i.seshat" | sort | head -8)
    if [[ "$res" == OK* ]]; then
        ok "$desc (${res#OK }; $why)"
    else
        { echo "$res"; echo "--- smpirun:"; tail -3 "$W/$i.smpi"; echo "--- seshat:"; tail -3 "$W/$i.seshat"; } > "$OUT"
        bad "$desc ($why; shift $shift ns)"
    fi
}
i=0
for c in "${CASES[@]}"; do
    IFS='|' read -r name np args alg which k shift why extra <<<"$c"
    compare $i "$name" "$which" "$k" "$shift" "$why"
    i=$((i + 1))
done

desc="auto = the installed Open MPI's coll/tuned choice"
SESHAT_OMPI_CHOICES="$W/choices" "$BUILD/tests/unit/test_coll_choice" > "$OUT" 2>&1
crc=$?
if [ "$(uname -m)" != x86_64 ]; then
    echo "skip: $desc (tests/smpi/ompi_choice.c forwards x86-64 calls)"
elif [ $crc -eq 0 ] && grep -q ' 0 differ' "$OUT"; then
    ok "$desc ($(grep -o '[0-9]* choices' "$OUT"), 2 to ${SESHAT_CHOICE_RANKS:-17} members)"
else
    bad "$desc"
fi

summary
