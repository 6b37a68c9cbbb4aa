#!/bin/bash
# run_contention.sh - [network] model = simgrid with contention = on.
# 1. Physics, o = g = 0, 1 MiB (rendezvous): k = 1, 2, 3 flows into node-0
#    from three other leaves share its link, each gets bw/k (SimGrid's
#    max-min sharing; exact up to rounding); one flow alone and two pairs on disjoint
#    routes cost exactly their uncongested rendezvous time, to the ns, and
#    equal the contention = off run. Expected times come from SimGrid's own
#    answers (seshat-sgroute route / transfer), as in run_simgrid.sh.
#    A 1 MiB MPI_Sendrecv both ways costs the one-way time: full duplex.
#    Binomial (64 KiB) and pipelined (1 MiB) broadcasts on the crossbar:
#    a member's eager sends go round after round (closed forms below).
# 2. The stress patterns of tests/mpi/cn_stress.c (wildcard receives,
#    rings, all-to-all, nonblocking storms, collectives, communicators, a
#    late rank), 8 ranks, contention = off: ok on the relay path, and the
#    same virtual time on the direct path (the program itself is right).
# 3. The same patterns under contention = on: they finish within the
#    timeout (no deadlock) and print ok, twice with the same virtual time,
#    never faster than uncongested; once more with the default overhead.
# 4. NPB CG's pattern (tests/mpi/cg_pattern.c, issue 21) on 16 ranks of the
#    crossbar: a small message overtakes a large one of the same key in the
#    engine while its receiver waits for the large one (it hung).
# 5. Conformance programs (tests/conformance/) whose result lines must
#    equal a native run's under contention = on: neighbourhood collectives
#    on periodic rings of 1 and 2 ranks (the blocks came swapped), several
#    synchronous or rendezvous sends outstanding to one peer (hung);
#    MPI_Comm_create_group while a member waits for the engine (hung);
#    RMA and MPI-IO (fences, collective I/O: hung inside them); MPI_Comm_idup
#    waited for while a member waits for the engine, MPI_Comm_disconnect (hung).
# parts: phys stress1 stress2 rings conform
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_TEST_TIMEOUT:-120}
SGR="$BUILD/bin/seshat-sgroute"
if [ ! -x "$SGR" ] || [ ! -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    echo "skip: built without SimGrid (libsimgrid-dev)"; exit 0
fi
PLAT=$PWD/config/platforms
FT=$PLAT/fat_tree.xml
PLACE=$(mktemp)
OFFOUT=$(mktemp)
trap 'rm -f "$OUT" "$PLACE" "$OFFOUT"' EXIT
# The dissemination barrier releases every rank at once (Open MPI 4.1's
# choice on 3 to 7 ranks, recursive doubling or linear, would not).
SIM=(--set simulator.clock=none --set network.model=simgrid --set network.platform="$FT"
     --set report.summary=false --set collectives.barrier=dissemination)
# Contention is decided on the model rank only: always the relay path.
ON=("${SIM[@]}" --set network.contention=on --set network.path=relay)
OFF=("${SIM[@]}" --set network.contention=off)
PHYS=(--set network.overhead=0 --set network.gap=0)

# ns LAT_S BW BYTES: latency + bytes / bandwidth in ns, rounded (run_simgrid.sh).
ns() { awk -v l="$1" -v b="$2" -v n="$3" 'BEGIN { x = l * 1e9 + n * 1e9 / b; printf "%d\n", (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }'; }
# tval RANK KEY: N from the line "rank RANK KEY N" of the last job.
tval() { awk -v r="$1" -v k="$2" '$1 == "rank" && $2 == r && $3 == k { print $4; exit }' "$OUT"; }
# place HOST...: the placement file, rank 0 first.
place() { { echo "# one host per rank, rank 0 first"; printf '%s\n' "$@"; } > "$PLACE"; }
# finished: the last job exited 0 and printed ok (else one failure).
finished() {
    if [ $rc -eq 0 ] && grep -qx ok "$OUT"; then return 0; fi
    bad "$desc: exit $rc, no ok"; return 1
}

if part phys; then
# ---- 1. incast and disjoint pairs, 1 MiB, o = g = 0 ------------------------
# Rendezvous alone (docs/models.md): 2 latencies of handshake, then the
# transfer: 2 wire(0) + wire(n); wire(n) is SimGrid's time for the transfer
# alone (with CM02: route latency + n / bottleneck bandwidth).
N=1048576
read -r lat bw < <("$SGR" "$FT" route node-5 node-0)
l0=$(ns "$lat" "$bw" 0)
alone=$(ns "$("$SGR" -m CM02 "$FT" transfer node-5 node-0 $N)" 1e300 0)
rdv=$((2 * l0 + alone))
desc="contention premise"
if [ -z "$lat" ] || [ "$alone" -le "$l0" ]; then
    bad "$desc: seshat-sgroute gave latency '$lat', transfer '$alone' ns"
else
    # The senders sit under three other leaf switches, all as far from
    # node-0 (so every rank leaves the barrier at the same virtual time);
    # every flow crosses node-0's own link, the bottleneck they share.
    same=1
    for h in node-10 node-15; do
        [ "$("$SGR" "$FT" route "$h" node-0)" = "$lat $bw" ] || same=0
    done
    [ "$alone" = "$(ns "$lat" "$bw" $N)" ] || same=0
    if [ $same = 1 ]; then ok "$desc: node-5/10/15 -> node-0: lat $lat s, bw $bw B/s, 1 MiB alone $alone ns"
    else bad "$desc: the three routes into node-0 differ or transfer != lat + n/bw"; fi
fi

# incast CONFIG K: ranks 1..K on node-5, node-10, node-15 send 1 MiB each
# to rank 0 on node-0 at the same virtual time (K = 1: rank 2 only waits).
incast() {
    local cfg=$1 k=$2 hosts=(node-0 node-5 node-10 node-15)
    local np=$((k < 2 ? 3 : k + 1)) arr="${cfg}[@]"
    place "${hosts[@]:0:$np}"
    desc="contention incast k=$k ($cfg)"
    job "$desc" "$RUN" "${!arr}" "${PHYS[@]}" --set network.placement="$PLACE" \
        -np $np -- "$T/cn_stress" incast "$k" $N || return 1
    finished || return 1
    local t0s
    t0s=$(awk '$1 == "rank" && $3 == "t0_ns" { print $4 }' "$OUT" | sort -u | wc -l)
    [ "$t0s" = 1 ] || { bad "$desc: ranks left the barrier at different times"; return 1; }
}
# Without contention two flows do not share: each takes the time alone.
if incast OFF 2; then
    got="$(tval 0 recv_time_ns) $(tval 1 send_time_ns) $(tval 2 send_time_ns)"
    [ "$got" = "$rdv $rdv $rdv" ] && ok "$desc: each at $rdv ns, as alone" ||
        bad "$desc: '$got', expected $rdv each"
fi
if incast ON 1; then
    got="$(tval 0 recv_time_ns) $(tval 1 send_time_ns)"
    [ "$got" = "$rdv $rdv" ] && ok "$desc: receiver and sender at $rdv ns = 2x$l0 + $alone (alone)" ||
        bad "$desc: receiver, sender '$got', expected $rdv each (uncongested rendezvous)"
fi
# k flows into one link, max-min fair: each gets bw/k after its latency,
# so the data phase of each is lat + k * n / bw = l0 + k * (alone - l0)
# (SimGrid itself: 85886 ns for two, 127829 ns for three; twice the
# whole alone time, 87886, would count the latency twice). Exact, up to
# k ns: alone is SimGrid's time rounded to the ns, here multiplied by k.
for k in 2 3; do
    incast ON $k || continue
    want=$((l0 + k * (alone - l0)))
    for r in $(seq 0 $k); do
        key=send_time_ns; [ $r = 0 ] && key=recv_time_ns
        t=$(tval $r $key)
        d=$(( ${t:-0} - 2 * l0 - want )); d=${d#-}
        if [ -n "$t" ] && [ "$d" -le $k ]; then
            ok "$desc: rank $r $key $t, data phase $((t - 2 * l0)) ns = $want (alone $alone)"
        else bad "$desc: rank $r $key '$t': data phase not $want ns (+-$k)"; fi
    done
done

# pairs: rank 2i -> 2i+1 on routes that share no link: each transfer costs
# exactly its uncongested rendezvous time, and every time printed equals
# the contention = off run. A receiver may leave the barrier earlier than
# its sender; its time is counted from the later of the two t0s.
pairs() {
    local a=$1 b=$2 plat pbw
    place "$@"
    read -r plat pbw < <("$SGR" "$FT" route "$a" "$b")
    local pl0 palone want
    pl0=$(ns "$plat" "$pbw" 0)
    palone=$(ns "$("$SGR" -m CM02 "$FT" transfer "$a" "$b" $N)" 1e300 0)
    want=$((2 * pl0 + palone))
    desc="contention pairs $*"
    job "$desc" "$RUN" "${OFF[@]}" "${PHYS[@]}" --set network.placement="$PLACE" \
        -np 4 -- "$T/cn_stress" pairs 0 $N || return
    finished || return
    grep '^rank ' "$OUT" | sort > "$OFFOUT"
    job "$desc" "$RUN" "${ON[@]}" "${PHYS[@]}" --set network.placement="$PLACE" \
        -np 4 -- "$T/cn_stress" pairs 0 $N || return
    finished || return
    local got="" s r ts tr t0s t0r
    for s in 0 2; do
        r=$((s + 1))
        ts=$(tval $s send_time_ns); tr=$(tval $r recv_time_ns)
        t0s=$(tval $s t0_ns); t0r=$(tval $r t0_ns)
        [ -n "$ts" ] && [ -n "$tr" ] && [ -n "$t0s" ] && [ -n "$t0r" ] || { got="missing lines"; break; }
        got="$got $ts $((t0r + tr - (t0s > t0r ? t0s : t0r)))"
    done
    [ "$got" = " $want $want $want $want" ] && ok "$desc: every transfer $want ns = 2x$pl0 + $palone (alone)" ||
        bad "$desc: sender, receiver times '$got', expected $want each"
    if [ "$(grep '^rank ' "$OUT" | sort)" = "$(cat "$OFFOUT")" ]; then ok "$desc: same times as contention = off"
    else bad "$desc: times differ from contention = off: $(grep '^rank ' "$OUT" | sort | tr '\n' ' ') vs $(tr '\n' ' ' < "$OFFOUT")"; fi
}
pairs node-0 node-1 node-8 node-9     # inside leaf 0 and inside leaf 2
pairs node-0 node-4 node-8 node-12    # leaf 0 -> leaf 1 and leaf 2 -> leaf 3

# exchange PLATFORM A B: ranks on A and B MPI_Sendrecv 1 MiB both ways at
# once. Links are full duplex (a SimGrid cluster's links are SPLITDUPLEX
# by default: one up and one down link per host and per switch port), so
# the two opposite flows share nothing: each costs exactly the one-way
# rendezvous 2 wire(0) + wire(n) = 2 lat + (lat + n / bw), as with
# contention = off. (Half duplex, sharing_policy = SHARED, would give
# 2 lat + lat + 2 n / bw: 89886 ns instead of 47943 on the fat tree.)
exchange() {
    local plat=$1 pl pbw; shift
    place "$@"
    read -r pl pbw < <("$SGR" "$plat" route "$1" "$2")
    local want=$(( 2 * $(ns "$pl" "$pbw" 0) + $(ns "$pl" "$pbw" $N) ))
    desc="contention exchange both ways $* ($(basename "$plat"))"
    job "$desc" "$RUN" "${ON[@]}" "${PHYS[@]}" --set network.platform="$plat" \
        --set network.placement="$PLACE" -np 2 -- "$T/cn_stress" exchange 0 $N || return
    finished || return
    local got="$(tval 0 xchg_time_ns) $(tval 1 xchg_time_ns) $(tval 0 t0_ns) $(tval 1 t0_ns)"
    local t0; t0=$(tval 0 t0_ns)
    [ "$got" = "$want $want $t0 $t0" ] &&
        ok "$desc: each way $want ns = one-way rendezvous (lat $pl s, bw $pbw B/s): full duplex" ||
        bad "$desc: times, t0s '$got', expected $want each from one t0"
}
exchange "$FT" node-0 node-4     # across the spines
exchange "$FT" node-0 node-1     # inside a leaf
exchange "$PLAT/crossbar.xml" node-0 node-1

# Broadcasts whose members send eager messages in successive rounds, on
# the crossbar (every route lat, bw; one private link per host), o = g =
# 0, 4 ranks: a member's send of round k+1 enters the network once its
# round-k sends have left its link (Open MPI's trees and pipelines send
# child after child, segment after segment), so nothing shares a link.
# T = n / bw; each completion is rounded to the ns, and a send released
# by one starts at that ns (awk below does the same).
#  binomial, 64 KiB: 0 -> 2 ends at lat + T; 0 -> 1 follows it, ends at
#    lat + 2T; 2 -> 3 leaves at lat + T, ends at 2 lat + 2T.
#  pipeline, 1 MiB = 16 segments of 64 KiB down the chain 0-1-2-3:
#    E_i(s) = max(E_(i-1)(s) + lat, E_i(s-1)) + T (E_-1 = 0): rank 3 has
#    the last at 3 lat + (16 + 4 - 2) T.
# (All sends of a member at once, as before: 0 -> 1 and 0 -> 2 share the
# root's link; the 16 segments all leave the root together: 85386 ns
# before rank 1 has the first.)
read -r xl xbw < <("$SGR" "$PLAT/crossbar.xml" route node-0 node-1)
bcast_want() {   # ALG BYTES: the four exits, rank 0 first
    awk -v a="$1" -v n="$2" -v l="$xl" -v b="$xbw" '
        function r(x) { return (x - int(x) >= 0.5) ? int(x) + 1 : int(x) }
        BEGIN { L = l * 1e9; T = n * 1e9 / b
            if (a == "binomial") {
                e02 = r(L + T); e01 = r(e02 + T); e23 = r(e02 + L + T)
                print 0, e01, e02, e23; exit }
            nseg = n / 65536; T = 65536 * 1e9 / b
            for (i = 0; i < 3; i++) prev[i] = 0
            for (s = 0; s < nseg; s++) {
                up = 0
                for (i = 0; i < 3; i++) {
                    st = up + L; if (prev[i] > st) st = prev[i]
                    prev[i] = r(st + T); up = prev[i]
                }
            }
            print 0, prev[0], prev[1], prev[2] }'
}
for spec in binomial:65536 pipeline:1048576; do
    alg=${spec%%:*}; n=${spec#*:}
    desc="contention bcast $alg $n B, 4 ranks, crossbar"
    job "$desc" "$RUN" "${ON[@]}" "${PHYS[@]}" --set network.platform="$PLAT/crossbar.xml" \
        --set collectives.bcast=$alg -np 4 -- "$T/coll_times" $n bcast || continue
    got=$(awk '$1 == "RESULT" && $2 ~ /^bcast-/ { t[$3] = $4 } END { print t[0], t[1], t[2], t[3] }' "$OUT")
    want=$(bcast_want $alg $n)
    [ $rc -eq 0 ] && [ "$got" = "$want" ] && ok "$desc: exits $got ns, sends one round after another" ||
        bad "$desc: exit $rc, exits '$got', expected $want (lat $xl s, bw $xbw B/s)"
done

fi # part phys

# ---- 2 and 3. stress patterns on 8 ranks ----------------------------------
# network.overhead = 0: with o > 0 the order in which Waitany/Waitsome/
# Testsome and MPI_ANY_SOURCE receives return follows real time (docs/
# design.md, known limits) and queued receive overheads make the virtual
# time vary between runs even with contention = off; with o = 0 every
# pattern's time depends on the schedule only. A third run keeps the
# default overhead, for deadlock freedom only.
PATTERNS="wildcard ring alltoall_p2p storm collectives comms mixed"
# Two parts share the patterns (side by side under tests/mpi/runall.sh).
part stress2 || PATTERNS="wildcard ring alltoall_p2p storm"
part stress1 || PATTERNS="collectives comms mixed"
# stress DESC PATTERN CONFIG...: run it on 8 ranks, $vt = its virtual time.
stress() {
    local pat=$2
    desc=$1; shift 2
    vt=""
    job "$desc" "$RUN" "$@" -np 8 -- "$T/cn_stress" "$pat" || return 1
    finished || return 1
    vt=$(awk -v p="$pat" '$1 == "pattern" && $2 == p && $3 == "vtime_ns" { print $4 }' "$OUT")
    [ -n "$vt" ] || { bad "$desc: no 'pattern $pat vtime_ns' line"; return 1; }
}
if part stress1 || part stress2; then
declare -A voff
for pat in $PATTERNS; do
    d="cn_stress $pat, contention = off"
    stress "$d (relay)" "$pat" "${OFF[@]}" --set network.overhead=0 --set network.path=relay &&
        voff[$pat]=$vt
    stress "$d (direct)" "$pat" "${OFF[@]}" --set network.overhead=0 --set network.path=direct ||
        continue
    if [ -z "${voff[$pat]}" ]; then
        ok "$d (direct): ok, $vt ns"; voff[$pat]=$vt
    elif [ "$vt" = "${voff[$pat]}" ]; then ok "$d: ok, relay = direct = $vt ns"
    else bad "$d: relay ${voff[$pat]} ns, direct $vt ns"; fi
done
for pat in $PATTERNS; do
    d="cn_stress $pat, contention = on"
    stress "$d" "$pat" "${ON[@]}" --set network.overhead=0 || continue
    v1=$vt
    stress "$d (second run)" "$pat" "${ON[@]}" --set network.overhead=0 || continue
    [ "$vt" = "$v1" ] && ok "$d: ok twice, same virtual time $v1 ns" ||
        bad "$d: virtual time $v1 ns, then $vt ns"
    # Sharing links never makes a transfer faster than alone. Uncongested,
    # a rank's sends still share its link, one after another in the order
    # they are posted (a rendezvous send books it at its post, before its
    # handshake), where SimGrid shares it among the flows as they run: the
    # two orders may differ by a few percent either way (5% slack).
    if [ -n "${voff[$pat]}" ]; then
        if [ $((v1 * 100)) -ge $((voff[$pat] * 95)) ]; then ok "$d: $v1 ns >= 0.95 x ${voff[$pat]} ns uncongested"
        else bad "$d: $v1 ns, faster than uncongested (${voff[$pat]} ns)"; fi
    fi
    stress "$d, default overhead" "$pat" "${ON[@]}" && ok "$d, default overhead: ok ($vt ns)"
done

fi # part stress1, stress2

if part rings; then
# Rings completed by Waitall, Waitany, a Testsome polling loop and
# persistent requests, 8 ranks on the torus: finish, twice the same times,
# the same for every completion style.
for mode in waitall waitany testsome persistent; do
    d="ring $mode, contention = on, torus"
    job "$d" "$RUN" "${ON[@]}" --set network.platform="$PLAT/torus.xml" \
        --set network.placement=round_robin -np 8 -- "$T/ring" $mode 1024 100 || continue
    a=$(grep '^RESULT ring' "$OUT" | sort)
    job "$d (second run)" "$RUN" "${ON[@]}" --set network.platform="$PLAT/torus.xml" \
        --set network.placement=round_robin -np 8 -- "$T/ring" $mode 1024 100 || continue
    b=$(grep '^RESULT ring' "$OUT" | sort)
    [ -n "$a" ] && [ "$a" = "$b" ] && ok "$d: twice the same times" || bad "$d: '$a' then '$b'"
    [ -z "${ring_ref:-}" ] && ring_ref=$a
    [ "$a" = "$ring_ref" ] && ok "$d: same times as waitall" || bad "$d: differs from waitall"
done

# contention = on picks the relay path itself; the same times.
d="cn_stress ring, contention = on, path not given"
if stress "$d" ring "${SIM[@]}" --set network.contention=on --set network.overhead=0; then
    v1=$vt
    stress "$d (relay given)" ring "${ON[@]}" --set network.overhead=0 &&
        { [ "$vt" = "$v1" ] && ok "$d: relay by default, $vt ns" || bad "$d: $v1 ns, relay $vt ns"; }
fi

# ---- 4. CG's pattern, 16 ranks, crossbar (issue 21) ----------------------
# 3500 doubles (class A), one outer iteration of 12 CG steps: hung in the
# first one before the fix. Every value received is checked by the program.
XB=$PLAT/crossbar.xml
d="cg_pattern 16 ranks, crossbar, contention = on"
TIMEOUT=45 job "$d (off)" "$RUN" "${OFF[@]}" --set network.platform="$XB" --set network.overhead=0 \
    -np 16 -- "$T/cg_pattern" 3500 1 12 && finished && cg_off=$(awk '$1 == "cg_pattern" { print $3 }' "$OUT")
if TIMEOUT=45 job "$d" "$RUN" "${ON[@]}" --set network.platform="$XB" --set network.overhead=0 \
       -np 16 -- "$T/cg_pattern" 3500 1 12 && finished; then
    cg_on=$(awk '$1 == "cg_pattern" { print $3 }' "$OUT")
    if [ -n "$cg_on" ] && [ -n "${cg_off:-}" ] && [ "$cg_on" -ge "$cg_off" ]; then
        ok "$d: finished, $cg_on ns >= $cg_off ns uncongested"
    else bad "$d: '$cg_on' ns, uncongested '${cg_off:-}' ns"; fi
    TIMEOUT=45 job "$d (second run)" "$RUN" "${ON[@]}" --set network.platform="$XB" --set network.overhead=0 \
        -np 16 -- "$T/cg_pattern" 3500 1 12 && finished &&
        { [ "$(awk '$1 == "cg_pattern" { print $3 }' "$OUT")" = "$cg_on" ] &&
              ok "$d: twice $cg_on ns" || bad "$d: second run differs from $cg_on ns"; }
fi

fi # part rings

if part phys; then
# Settings contention cannot run with: a clear configuration error, exit
# non-zero, no hang.
refused() {
    local what=$1; shift
    desc="contention = on refuses $what"
    job "$desc" "$RUN" "${SIM[@]}" --set network.contention=on "$@" -np 2 -- "$T/pingpong" blocking 8 ||
        return
    if [ $rc -ne 0 ] && grep -q "$what" "$OUT"; then ok "$desc (exit $rc)"; else bad "$desc: exit $rc"; fi
}
refused "network.path = relay" --set network.path=direct
refused "simulator.ranks" --set simulator.ranks=2
refused "simgrid_model = CM02 or LV08" --set network.simgrid_model=SMPI
place node-3 node-3
refused "positive latency" --set network.placement="$PLACE"

fi # part phys

if part conform; then
# ---- 5. conformance programs, native vs contention = on --------------------
C="$BUILD/tests/conformance"
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
conf_lines() { grep -a '^C [0-9]' "$OUT" | sort -s -k2,2n; }
for name in repeat create_group io rma nbc comm; do
    np=$(grep -m1 -o 'conformance-np: [0-9]*' "tests/conformance/$name.c" | awk '{print $2}')
    desc="conformance $name native"
    job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np "$np" "$C/$name" || continue
    conf_lines > "$OFFOUT"
    desc="conformance $name, contention = on (fat tree)"
    TIMEOUT=40 job "$desc" "$RUN" "${ON[@]}" --set simulator.watchdog=10s -np "$np" -- "$C/$name" || continue
    if [ $rc -eq 0 ] && [ "$(conf_lines)" = "$(cat "$OFFOUT")" ]; then
        ok "$desc: $(wc -l < "$OFFOUT") result lines as native"
    else
        bad "$desc: exit $rc; differs from native:"
        diff "$OFFOUT" <(conf_lines) | head -8 | sed 's/^/     > /'
    fi
done
fi # part conform
summary
