#!/bin/bash
# run_rma.sh - one-sided communication (docs/models.md, "One-sided
# communication"): every call and synchronization mode against closed
# forms computed here by hand, on the direct and the relay path, one and
# two model ranks, every window kind; the data equal to a native run.
# parts: loggp simgrid contention
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
. tests/mpi/oracle.sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
NATIVE=$(mktemp)
trap 'rm -f "$OUT" "$NATIVE"' EXIT
# L = 5 us, G = 1 ns/B, o = g = 0.
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
      --set network.overhead=0 --set network.gap=0 --set report.summary=false)
L=5000
N=4194304   # two-rank scenarios: 4 MiB
H=65536     # halo exchanges (4 ranks): 64 KiB each way

# check DESC: every line "KEY RANK VALUE" on stdin is a RESULT line of the run.
check() {
    local d=$1 k r v got miss=0 n=0
    while read -r k r v; do
        n=$((n + 1))
        got=$(awk -v k="$k" -v r="$r" '$1 == "RESULT" && $2 == k && $3 == r { print $4 }' "$OUT")
        [ "$got" = "$v" ] || { echo "     $k rank $r: got '$got', expected $v"; miss=$((miss + 1)); }
    done
    if [ $miss = 0 ]; then ok "$d: $n times as computed, data as native"
    else bad "$d: $miss of $n times differ"; fi
}

# The two-rank scenarios (rank 0 origin, rank 1 target), n bytes: a put
# arrives L + n after its injection; a get's 0-byte request arrives at L
# and its n-byte reply L + n later; a fence is a barrier over max(clock,
# the rank's last arrival): on 2 ranks rank r leaves at
# max(e_r, e_other + L). The NIC is busy n G per transfer: the PSCW
# completion notice leaves after the data, and Rget_accumulate after
# Raccumulate is injected at n (its request arrives at L + 2n, the reply
# at 2L + 3n).
two_rank_want() {
    local n=$1
    printf '%s\n' "fence_put 0 $((L + n))" "fence_put 1 $((2 * L + n))" \
        "fence_get 0 $((2 * L + n))" "fence_get 1 $((3 * L + n))" \
        "fence_acc 0 $((L + n))" "fence_acc 1 $((2 * L + n))" \
        "fence_skew 0 $((100000 + L))" "fence_skew 1 100000" \
        "lock_put-unlock 0 $((L + n))" "lock_get-unlock 0 $((2 * L + n))" \
        "fetch_op-unlock 0 $((2 * L + 8))" "cas-unlock 0 $((2 * L + 12))" \
        "get_acc-unlock 0 $((2 * L + 2 * n))" \
        "rput-wait 0 0" "rput-unlock_all 0 $((L + n))" \
        "rget-wait 0 $((2 * L + n))" "rget-unlock_all 0 $((2 * L + n))" \
        "racc-wait 0 0" "racc-test 0 $((2 * L + 3 * n))" "racc-unlock_all 0 $((2 * L + 3 * n))" \
        "flush-flush_local 0 0" "flush-flush 0 $((L + n))" \
        "flush-flush_local_all 0 $((L + n))" "flush-flush_all 0 $((2 * L + 2 * n))" \
        "flush-unlock_all 0 $((2 * L + 2 * n))" \
        "pscw-start 0 $L" "pscw-complete 0 $((L + n))" "pscw-wait 1 $((2 * L + n))" \
        "pscw_test-wait 1 $((2 * L + n))"
}
# Halo on a ring of 4, h bytes each way: puts to the left then the right
# neighbour (the second injected h G later). A barrier on 4 ranks is
# Open MPI's linear one (auto): everyone -> 0, then 0 -> everyone, so rank
# 0 leaves L after the last entry and the others 2L after. Fence: the
# opening fence's exit is each rank's t0 (rank 0's L earlier); every rank
# enters the closing fence L + 2h after its t0, rank 0 hears the last at
# +L and the others hear rank 0 at +2L: 3L + 2h everywhere. PSCW: the post
# notices arrive at L, the second put at 2L + 2h, the completion notices
# (after the data) at 2L + 2h. lock_all: unlock_all at L + 2h, then
# MPI_Barrier: rank 0 at 2L + 2h, the others at 3L + 2h.
halo_want() {
    local h=$1 r
    for r in 0 1 2 3; do
        printf '%s\n' "halo_fence $r $((3 * L + 2 * h))" "halo_pscw $r $((2 * L + 2 * h))" \
            "halo_lock-unlock_all $r $((L + 2 * h))" "halo_lock $r $(((r ? 3 : 2) * L + 2 * h))"
    done
}

# native NP ARGS...: the DATA lines of a plain Open MPI run of $PROG.
PROG=rma
native() {
    local np=$1; shift
    timeout -k 5 "$TIMEOUT" mpirun --oversubscribe "${MPIRUN_ENV[@]}" -np "$np" "$T/$PROG" "$@" 2>&1 |
        grep '^DATA' | sort > "$NATIVE"
}

# run DESC NP ARGS -- SESHAT-ARGS...: a seshat run of $PROG whose DATA equal native's.
run() {
    local d=$1 np=$2 a=() ; shift 2
    while [ "$1" != -- ]; do a+=("$1"); shift; done; shift
    job "$d" "$RUN" "${BASE[@]}" "$@" -np "$np" -- "$T/$PROG" "${a[@]}" || return 1
    if [ $rc -ne 0 ]; then bad "$d: exit $rc"; return 1; fi
    if ! diff <(grep '^DATA' "$OUT" | sort) "$NATIVE" >/dev/null; then
        bad "$d: data differ from the native run"; return 1
    fi
    return 0
}

if part loggp; then
    native 2 $N allocate
    for cfg in "direct 1" "relay 1" "relay 2"; do
        set -- $cfg
        d="two-rank scenarios, 4 MiB ($1, K=$2)"
        run "$d" 2 $N allocate -- --set network.path=$1 --set simulator.ranks=$2 &&
            check "$d" < <(two_rank_want $N)
    done
    # every window kind runs the same program: one native run for all
    native 2 1024 allocate
    plain=$(mktemp)
    for kind in create shared dynamic split; do
        w=Win_${kind/shared/allocate_shared}; w=${w/dynamic/create_dynamic}
        w=${w/Win_split/Win_allocate on a reversed split}
        d="two-rank scenarios, 1 KiB, $w window"
        run "$d" 2 1024 $kind -- && check "$d" < <(two_rank_want 1024)
        grep '^RESULT' "$OUT" | sort > "$plain"
    done
    # Traced: the same times; one RMA transfer record per transfer (16), the
    # lock_put's saying the target has it L + 1 KiB after the call; the
    # OTF2 export passes otf2_check and completes every transfer remotely.
    tdir=$(mktemp -d)
    d="traced two-rank scenarios, 1 KiB"
    if run "$d" 2 1024 allocate -- --trace "$tdir/t"; then
        grep '^RESULT' "$OUT" | sort > "$tdir/traced"
        if cmp -s "$tdir/traced" "$plain"; then ok "$d: times as untraced"
        else bad "$d: tracing changed the times"; fi
        "$BUILD/bin/seshat-trace" dump "$tdir/t" > "$tdir/dump"
        n=$(grep -cE ' rma (put|get|accumulate|get_accumulate|fetch_and_op|compare_and_swap) ' "$tdir/dump")
        lp=$(grep ' rma put to 1 ' "$tdir/dump" | sed -n 2p)   # fence_put's, then lock_put's
        t=$(awk '{ print $2 }' <<<"$lp"); done_t=$(awk '{ print $NF }' <<<"$lp")
        if [ "$n" = 16 ] && [ $((done_t - t)) = $((L + 1024)) ]; then
            ok "$d: 16 RMA records, a put's target done L + n after its call"
        else bad "$d: $n RMA records (expected 16), put done $t -> $done_t"; fi
        if "$BUILD/bin/seshat-trace" otf2 "$tdir/t" "$tdir/otf2" >/dev/null 2>&1 &&
           python3 tests/tools/otf2_check.py "$tdir/otf2/traces.otf2" >/dev/null 2>&1; then
            ops=$(otf2-print "$tdir/otf2/traces.otf2" | grep -cE '^RMA_(PUT|GET|ATOMIC) ')
            done_n=$(otf2-print "$tdir/otf2/traces.otf2" | grep -c '^RMA_OP_COMPLETE_REMOTE ')
            if [ "$ops" = 16 ] && [ "$done_n" = 16 ]; then ok "$d: OTF2 with 16 RMA operations, each completed"
            else bad "$d: OTF2 has $ops RMA operations, $done_n completions"; fi
        else bad "$d: OTF2 export or its check failed"; fi
        # The analyzer and the independent oracle agree on it (a fence's
        # wait is the barrier it is modeled with: Wait at Barrier at the
        # MPI_Win_fence call site), and the OTF2 export is causal.
        oracle_check "$tdir/t" "two-rank RMA scenarios" "1 2"
        # fence_skew: rank 0 waits 100 us at the fence for rank 1 (the
        # only fence whose members enter at different times)
        wf=$(python3 tests/tools/json_get.py "$tdir/t/analysis.json" "a['patterns']['rma_wait_at_fence']['per_rank']" 2>&1)
        if [ "$wf" = "[0.0001, 0.0]" ]; then ok "$d: Wait at Fence per rank $wf s"
        else bad "$d: Wait at Fence per rank '$wf', expected [0.0001, 0.0]"; fi
    fi
    rm -rf "$tdir" "$plain"

    # Fortran (use mpi) reaches the same wrappers: a put of 1024 doubles
    # under an exclusive lock costs L + 8 KiB; the data arrive.
    d="Fortran one-sided calls"
    if job "$d" "$RUN" "${BASE[@]}" -np 2 -- "$T/rma_f"; then
        if grep -qx "RESULT rma_f-unlock 0 $((L + 8192))" "$OUT" &&
           [ "$(grep -c '^RESULT rma_f-check [01] 1$' "$OUT")" = 2 ]; then
            ok "$d: lock, put 8 KiB, unlock = L + 8 KiB, data right"
        else bad "$d: $(grep '^RESULT' "$OUT" | xargs)"; fi
    fi

    # o = 1 us: a put charges o at the origin and arrives o + L + n after
    # its injection; a fetch's reply adds o + L + its bytes.
    native 2 1024 allocate lock
    d="lock epochs with o = 1 us"
    o=1000
    run "$d" 2 1024 allocate lock -- --set network.overhead=1us &&
        check "$d" < <(printf '%s\n' "lock_put-unlock 0 $((o + L + 1024))" \
                           "lock_get-unlock 0 $((2 * (o + L) + 1024))")
    native 4 $H allocate halo
    for path in direct relay; do
        d="halo exchanges on a ring of 4, 64 KiB ($path)"
        run "$d" 4 $H allocate halo -- --set network.path=$path && check "$d" < <(halo_want $H)
    done

    # The global-array program on 4 ranks, 1024 ints per rank, 3 counter
    # rounds: a Fetch_and_op of 8 B is 2(L + 8) under a shared lock (shared
    # locks never wait for each other): 3 rounds, 3(2L + 16) on every rank.
    # Accumulates of 4 KiB into the 4 blocks: the last injected 3 x 4096 G
    # after the first, unlock_all at L + 4 x 4096. The exclusive updates
    # (Get 4 B: 2L + 4, flush, Put 4 B: L + 4) queue behind each other:
    # the k-th holder leaves at k (3L + 8), in whatever order the locks
    # were granted.
    PROG=rma_ga
    native 4 1024 3
    for cfg in "direct 1" "relay 1" "relay 2"; do
        set -- $cfg
        d="global-array program, 4 ranks ($1, K=$2)"
        run "$d" 4 1024 3 -- --set network.path=$1 --set simulator.ranks=$2 || continue
        check "$d" < <(for r in 0 1 2 3; do
                           echo "ga-counter $r $((3 * (2 * L + 16)))"
                           echo "ga-accumulate $r $((L + 4 * 4096))"
                       done)
        got=$(awk '$2 == "ga-update" { print $4 }' "$OUT" | sort -n | xargs)
        want="$((3 * L + 8)) $((2 * (3 * L + 8))) $((3 * (3 * L + 8))) $((4 * (3 * L + 8)))"
        if [ "$got" = "$want" ]; then ok "$d: exclusive updates leave at $got"
        else bad "$d: exclusive updates leave at '$got', expected '$want'"; fi
        if [ "$1 $2" = "direct 1" ]; then   # traced once: the oracle agrees
            gdir=$(mktemp -d)
            run "$d, traced" 4 1024 3 -- --set network.path=$1 --trace "$gdir/t" &&
                oracle_check "$gdir/t" "global-array program" "1 2"
            # the k-th exclusive holder waited for the k - 1 before it in
            # MPI_Win_lock: Lock Contention (k - 1)(3L + 8)
            lc=$(python3 -c 'import json, sys
a = json.load(open(sys.argv[1]))
print(*sorted(round(x * 1e9) for x in a["patterns"]["rma_sync_lock_competition"]["per_rank"]))' \
                 "$gdir/t/analysis.json" 2>&1)
            want="0 $((3 * L + 8)) $((2 * (3 * L + 8))) $((3 * (3 * L + 8)))"
            if [ "$lc" = "$want" ]; then ok "$d: Lock Contention per rank, sorted: $lc ns"
            else bad "$d: Lock Contention per rank '$lc', expected '$want'"; fi
            rm -rf "$gdir"
        fi
    done
    PROG=rma
fi

# SimGrid (fat tree, node-0 and node-15): W(n) = the route's latency +
# n / its bottleneck bandwidth, rounded once (seshat-sgroute asks SimGrid);
# a put costs W(n), a fetch W(request) + W(reply). Under contention = on
# a passive-target epoch is timed uncongested (docs/models.md) and an
# active-target transfer alone on its route costs its uncongested time,
# so the times are the same; a fence's barrier starts at the last
# member's entry there, so only fence_*'s target side is checked.
SGR="$BUILD/bin/seshat-sgroute"
if part simgrid; then
    if [ ! -x "$SGR" ] || [ ! -f "$BUILD/lib/libseshat-simgrid.so" ]; then
        echo "skip: built without SimGrid (libsimgrid-dev)"
    else
        PLACE=$(mktemp)
        trap 'rm -f "$OUT" "$NATIVE" "$PLACE"' EXIT
        printf 'node-0\nnode-15\n' > "$PLACE"
        read -r lat bw < <("$SGR" config/platforms/fat_tree.xml route node-0 node-15)
        W() { awk -v l="$lat" -v b="$bw" -v n="$1" 'BEGIN { x = l * 1e9 + n * 1e9 / b; printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }'; }
        n=1048576 w0=$(W 0) wn=$(W $n)
        sg_want() {
            printf '%s\n' "lock_put-unlock 0 $wn" "lock_get-unlock 0 $((w0 + wn))" \
                "fetch_op-unlock 0 $((2 * $(W 4)))" "cas-unlock 0 $(($(W 8) + $(W 4)))" \
                "get_acc-unlock 0 $((2 * wn))" "rput-wait 0 0" "rput-unlock_all 0 $wn" \
                "rget-wait 0 $((w0 + wn))" "flush-flush_local 0 0" "flush-flush 0 $wn" \
                "flush-flush_all 0 $((2 * wn))" "pscw-start 0 $w0" \
                "fence_put 1 $((wn + w0))" "fence_get 1 $((2 * w0 + wn))"
            [ "$1" = contention ] ||
                printf '%s\n' "fence_put 0 $wn" "fence_get 0 $((w0 + wn))" "fence_acc 0 $wn"
        }
        native 2 $n allocate
        for cfg in "direct off" "relay off" "relay on"; do
            set -- $cfg
            d="simgrid fat tree node-0 -> node-15, 1 MiB ($1, contention $2)"
            run "$d" 2 $n allocate -- --set network.model=simgrid \
                --set network.platform=config/platforms/fat_tree.xml \
                --set network.placement="$PLACE" --set network.path=$1 \
                --set network.contention=$2 &&
                check "$d" < <(sg_want "$([ "$2" = on ] && echo contention)")
        done
        # The global-array program finishes under contention = on with
        # the native results (its locks wait for real while the model runs).
        PROG=rma_ga
        native 4 256 2
        d="global-array program, 4 ranks, simgrid contention on"
        run "$d" 4 256 2 -- --set network.model=simgrid \
            --set network.platform=config/platforms/fat_tree.xml --set network.path=relay \
            --set network.contention=on && ok "$d: data as native"
        PROG=rma
    fi
fi

# Contention (fat tree, o = g = 0): ranks 1 and 2 on node-5 and node-10 put
# n bytes each into rank 0 on node-0 in one PSCW epoch. The post notices
# arrive at l0 (the route's latency: 0 bytes); both puts enter the network
# at 2 l0 and share node-0's link, so each has its data at
# l0 + (l0 + 2 n / bw) = 2 alone (alone = l0 + n / bw, SimGrid's time for
# one flow; the incast of run_contention.sh), which is when rank 0's
# Win_wait returns; uncongested it is l0 + alone. The matrix counts the
# puts' bytes and the notices (one post notice to each origin, a put and
# a completion notice from each), and so does the message log.
if part contention; then
    if [ ! -x "$SGR" ] || [ ! -f "$BUILD/lib/libseshat-simgrid.so" ]; then
        echo "skip: built without SimGrid (libsimgrid-dev)"
    else
        PLACE=$(mktemp) MDIR=$(mktemp -d)
        trap 'rm -rf "$OUT" "$NATIVE" "$PLACE" "$MDIR"' EXIT
        printf 'node-0\nnode-5\nnode-10\n' > "$PLACE"
        n=1048576
        read -r lat bw < <("$SGR" config/platforms/fat_tree.xml route node-5 node-0)
        l0=$(awk -v l="$lat" 'BEGIN { x = l * 1e9; printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }')
        alone=$(awk -v l="$lat" -v b="$bw" -v n=$n 'BEGIN { x = l * 1e9 + n * 1e9 / b; printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }')
        native 3 $n allocate incast
        for cn in off on; do
            d="two puts into one target, simgrid fat tree, 1 MiB (contention $cn)"
            run "$d" 3 $n allocate incast -- --set network.model=simgrid \
                --set network.platform=config/platforms/fat_tree.xml \
                --set network.placement="$PLACE" --set network.path=relay \
                --set network.contention=$cn --set simulator.watchdog=20s \
                --set report.matrix=true --set report.prefix="$MDIR/m" \
                $([ $cn = on ] && echo "--trace $MDIR/t") || continue
            got=$(awk '$1 == "RESULT" && $2 == "incast-wait" { print $4 }' "$OUT")
            st=$(awk '$1 == "RESULT" && $2 == "incast-start" { print $4 }' "$OUT" | sort -u | xargs)
            if [ $cn = on ]; then want=$((2 * alone)); else want=$((l0 + alone)); fi
            if [ -n "$got" ] && [ $((got - want)) -le 2 ] && [ $((want - got)) -le 2 ] && [ "$st" = "$l0" ]; then
                ok "$d: starts at $st, Win_wait at $got ns (formula $want, to 2 ns)"
            else bad "$d: starts at '$st' (expected $l0), Win_wait at '$got' ns, expected $want"; fi
            if [ $cn = on ]; then
                b=$(sed -n '2,4p' "$MDIR/m-bytes.csv" | xargs)
                c=$(sed -n '2,4p' "$MDIR/m-count.csv" | xargs)
                if [ "$b" = "0,0,0,0 1,$n,0,0 2,$n,0,0" ] && [ "$c" = "0,0,1,1 1,2,0,0 2,2,0,0" ]; then
                    ok "$d: matrix has the puts' bytes and the notices"
                else bad "$d: matrix bytes '$b', counts '$c'"; fi
                # the message log: each put's network time is its shared
                # flow's, l0 + 2 n / bw = 2 alone - l0 (tag -101), and the
                # four notices (-103, -104) take l0
                puts=$("$BUILD/bin/seshat-trace" msglog "$MDIR/t" | awk -v n=$n '$7 == -101 && $9 == n { print $6 }' | xargs)
                nts=$("$BUILD/bin/seshat-trace" msglog "$MDIR/t" | awk -v l="$l0" '($7 == -103 || $7 == -104) && $6 == l' | wc -l)
                w=$((2 * alone - l0))
                if [ "$puts" = "$w $w" ] && [ "$nts" = 4 ]; then ok "$d: message log: two puts of $w ns, four notices"
                else bad "$d: message log puts '$puts' (expected $w twice), $nts notices of $l0 ns"; fi
            fi
        done
    fi
fi
summary
