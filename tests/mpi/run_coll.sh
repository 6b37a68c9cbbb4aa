#!/bin/bash
# run_coll.sh - collectives: exit times equal the schedules' closed forms
# (docs/models.md), the data is right, and the direct path, the relay path
# and two model ranks give identical times.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
# L = 5us, 1 ns/B, o = 0: an 8-byte message takes w = 5008 ns; the sender's
# NIC is busy 8 ns per 8-byte message (n G), which staggers back-to-back sends.
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
      --set network.overhead=0 --set report.summary=false)
P="$T/coll_times"

# exits NP BYTES COLLECTIVE "EXPECTED PER RANK" [split|cart]
exits() {
    local np=$1 n=$2 c=$3 want=$4 sub=${5:-}
    desc="$c on $np ranks, $n B${sub:+, $sub}"
    job "$desc" "$RUN" "${BASE[@]}" -np "$np" -- "$P" "$n" "$c" $sub || return
    local got
    got=$(grep "^RESULT $c-$n " "$OUT" | sort -k3n | awk '{ printf "%s%s", sep, $4; sep = " " }')
    if [ "$got" = "$want" ]; then ok "$desc: $got"; else bad "$desc: got '$got', expected '$want'"; fi
    grep -q "CHECK FAILED" "$OUT" && bad "$desc: $(grep 'CHECK FAILED' "$OUT" | head -1)"
}

# auto as Open MPI 4.1 on 4 to 7 ranks (docs/models.md): a linear barrier
# (all to 0, 0 to all: 0 leaves at L, the others at 2L); an 8-byte bcast
# and reduce by the binary heap (0 -> 1, 2 with its NIC n G apart, 1 -> 3
# [-> 4]; the reduce leaves first); an 8-byte allreduce (below 16 B) by the
# ring, which with fewer elements than ranks runs recursive doubling (2w;
# 5 ranks: rank 4 folds into rank 0, 3w); linear alltoall (p-2) n G + w;
# linear scan chain. 1 MiB allreduce by Rabenseifner, every step
# rendezvous (3L + bytes): 4 ranks: halves of 512 and 256 KiB and back.
exits 4 8 barrier "5000 10000 10000 10000"
exits 4 8 bcast "8 5008 5016 10016"
exits 4 8 reduce "10016 5008 0 0"
exits 4 8 allreduce "10016 10016 10016 10016"
exits 4 8 alltoall "5024 5024 5024 5024"
exits 4 8 scan "0 5008 10016 15024"
r4=$((2 * (15000 + 524288) + 2 * (15000 + 262144)))
exits 4 1048576 allreduce "$r4 $r4 $r4 $r4"
# 5 ranks: the same; Rabenseifner's fold: ranks
# 0 and 1 swap halves (h = 3L + 512 KiB) and 1 returns its half (h), then
# 0, 2, 3, 4 run the 4-rank schedule (2 units later for 0, 2: 0 joins at
# 2h) and 0 sends the whole MiB to 1 (3L + 1 MiB).
exits 5 8 barrier "5000 10000 10000 10000 10000"
exits 5 8 bcast "8 5016 5016 10016 10024"
exits 5 8 reduce "10016 5008 0 0 0"
exits 5 8 allreduce "15024 10016 10016 10024 15024"
exits 5 8 alltoall "5032 5032 5032 5032 5032"
exits 5 8 scan "0 5008 10016 15024 20032"
h=$((15000 + 524288)); g5=$((2 * h + r4)); r5=$((g5 + 15000 + 1048576))
exits 5 1048576 allreduce "$r5 $r5 $g5 $g5 $g5"
# Skewed entry: rank r > 0 enters at 3L + r x 100000 ns; nobody leaves
# before the last rank entered: the linear barrier's 0 hears the last at
# its entry + L and answers everyone L later.
exits 4 8 skewed_barrier "320000 325000 325000 325000"
exits 5 8 skewed_barrier "420000 425000 425000 425000 425000"
# Nonblocking allreduce overlapped with a 115 us delay: Wait returns at the
# delay's end, the collective having completed earlier (2w or 3w).
exits 4 8 ioverlap "115000 115000 115000 115000"
exits 5 8 ioverlap "115000 115000 115000 115000 115000"
# Sub-communicators time for their own size (2): one exchange, w.
exits 4 8 allreduce "5008 5008 5008 5008" split
exits 4 8 allreduce "5008 5008 5008 5008" cart

# An intercommunicator between the even and the odd ranks of 4: groups of
# 2, so a binomial phase is one transfer. Barrier and allreduce: reduce to
# each leader (w), leaders exchange (w), bcast (w): leaders leave at 2w,
# the others at 3w. Bcast from world rank 0: to the odd leader (w), then
# on to rank 3 (2w); the root's own group leaves at once.
# On 5 ranks (groups of 3 and 2) the merged communicator's size is not a
# power of two, so the members exchange their entries as a sum of slot
# tables (coll.c) instead of an allgather; the times are the ones the
# allgather exchange gave (recorded with it).
for path in direct relay; do
    for op in "4 barrier 10000 10000 15000 15000" "4 allreduce 10016 10016 15024 15024" "4 bcast 0 5008 0 10016" \
              "5 barrier 10000 10000 15000 15000 15000" "5 allreduce 10024 10016 15032 15024 15024" \
              "5 bcast 0 5008 0 10016 0"; do
        set -- $op
        np=$1 what=$2; shift 2
        desc="intercommunicator $what, $np ranks ($path)"
        job "$desc" "$RUN" "${BASE[@]}" --set network.path=$path -np "$np" -- "$T/coll_inter" "$what" || continue
        got=$(grep "^RESULT inter-$what " "$OUT" | sort -k3n | awk '{ printf "%s%s", sep, $4; sep = " " }')
        if [ "$got" = "$*" ] && [ "$(grep -c 'inter-check [0-9]* 0$' "$OUT")" = "$np" ]; then
            ok "$desc: $got (by world rank), data correct"
        else bad "$desc: got '$got', expected '$*'"; fi
    done
done

# Neighborhood collectives on a periodic ring (two neighbors each), 4-byte
# blocks, o = 1us: the two sends end at 2o = 2000; both blocks arrive at
# o + L + 4 = 6004 and are taken at o apiece: 7004, then 8004 ns.
for path in direct relay; do
    for op in allgather alltoall iallgather; do
        desc="neighbor $op ($path)"
        job "$desc" "$RUN" "${BASE[@]}" --set network.overhead=1us --set network.path=$path -np 4 \
            -- "$T/coll_neighbor" $op || continue
        got=$(grep "^RESULT neighbor-$op " "$OUT" | sort -k3n | awk '{ printf "%s%s", sep, $4; sep = " " }')
        if [ "$got" = "8004 8004 8004 8004" ] && [ "$(grep -c 'neighbor-check [0-3] 0$' "$OUT")" = 4 ]; then
            ok "$desc: $got, data correct"
        else bad "$desc: got '$got'"; fi
    done
done

# Fortran (use mpi) and its C twin: the same times, and correct data.
for path in direct relay; do
    desc="Fortran twin ($path)"
    job "$desc" "$RUN" "${BASE[@]}" --set network.path=$path -np 4 -- "$T/coll_twin" || continue
    c_out=$(grep '^RESULT' "$OUT" | sort)
    job "$desc" "$RUN" "${BASE[@]}" --set network.path=$path -np 4 -- "$T/coll_twin_f" || continue
    f_out=$(grep '^RESULT' "$OUT" | sort)
    if [ "$c_out" = "$f_out" ] && [ "$(grep -c 'twin-check [0-3] 0$' <<<"$f_out")" = 4 ] &&
       grep -q '^RESULT twin-allreduce 3 10016$' <<<"$f_out"; then
        ok "$desc: MPI_ALLREDUCE, MPI_BCAST, MPI_COMM_SPLIT, MPI_CART_CREATE as in C"
    else bad "$desc: Fortran and C differ"; diff <(echo "$c_out") <(echo "$f_out") | head -5; fi
done

# Every collective in sequence: data checked, and identical times on the
# direct path, the relay path, and with two model ranks.
for np in 4 5; do
    for n in 8 1048576; do
        ref=""
        for cfg in "direct 1" "relay 1" "relay 2"; do
            set -- $cfg
            desc="all collectives, $np ranks, $n B, $1 K=$2"
            job "$desc" "$RUN" "${BASE[@]}" --set network.path=$1 --set simulator.ranks=$2 \
                -np "$np" -- "$P" "$n" all || continue
            if grep -q "CHECK FAILED" "$OUT"; then bad "$desc: $(grep 'CHECK FAILED' "$OUT" | head -1)"; continue; fi
            cur=$(grep '^RESULT' "$OUT" | sort)
            lines=$(grep -c "^RESULT" <<<"$cur")
            if [ -z "$ref" ]; then ref=$cur; ok "$desc: $lines results, data correct"
            elif [ "$cur" = "$ref" ]; then ok "$desc: identical to direct K=1"
            else bad "$desc: differs from direct K=1"; diff <(echo "$ref") <(echo "$cur") | head -5; fi
        done
    done
done
summary
