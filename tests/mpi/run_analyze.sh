#!/bin/bash
# run_analyze.sh - seshat-analyze on scenarios with waits of known size
# (tests/mpi/an_scenarios.c; D = 1 ms of virtual compute, clock = none).
# parts: scenarios all whatif more rootpath counterfactual scaling
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
. tests/mpi/oracle.sh
AN="$BUILD/bin/seshat-analyze"
BASE=(--set simulator.clock=none)
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
J=tests/tools/json_get.py

# within VALUE WANT: |VALUE - WANT| <= 1% of WANT
within() { awk -v v="$1" -v w="$2" 'BEGIN { d = v - w; if (d < 0) d = -d; exit !(d <= 0.01 * w) }'; }

# check SCENARIO NP "label|python expression|expected seconds" ...
check() {
    local sc=$1 np=$2; shift 2
    desc="analyze $sc"
    rm -rf "$dir/$sc"
    job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/$sc" -np "$np" -- "$T/an_scenarios" "$sc" || return
    [ $rc -eq 0 ] || { bad "$desc: the traced run failed"; return; }
    job "$desc" "$AN" "$dir/$sc" || return
    [ $rc -eq 0 ] && [ -s "$dir/$sc/analysis.json" ] || { bad "$desc: exit $rc, no analysis.json"; return; }
    cp "$OUT" "$dir/$sc.summary"
    for item in "$@"; do
        IFS='|' read -r label expr want <<<"$item"
        got=$(python3 "$J" "$dir/$sc/analysis.json" "$expr" 2>&1)
        if [ "$want" = "${want#=}" ] && within "$got" "$want"; then ok "$desc: $label = $got (want $want)"
        elif [ "$want" != "${want#=}" ] && [ "$got" = "${want#=}" ]; then ok "$desc: $label = $got"
        else bad "$desc: $label = '$got', want $want"; fi
    done
    oracle_check "$dir/$sc" "analyze $sc" have
}
P="a['patterns']"
site() { echo "[c['patterns'].get('$1', 0) for c in a['callsites'] if c['function'] == '$2' and 'an_scenarios.c' in c['location']]"; }

if part scenarios; then
check late_sender 2 \
    "late_sender|$P['late_sender']['total']|0.002" \
    "critical path = the run|round(sum(a['critical_path']['per_callsite']), 9) == a['run_time']|=True" \
    "critical path: rank 1's 2D compute|a['critical_path']['per_callsite'][-1]|0.002" \
    "late_sender on rank 0|$P['late_sender']['per_rank'][0]|0.002" \
    "at rank 0's MPI_Recv|sum($(site late_sender MPI_Recv))|0.002" \
    "no other wait state|$P['late_receiver']['total'] + $P['wait_barrier']['total']|=0.0"
grep -q "late_sender .* at MPI_Recv tests/mpi/an_scenarios.c:" "$dir/late_sender.summary" &&
    ok "analyze late_sender: the summary names the call site" || bad "analyze late_sender: summary"

check wrong_order 3 \
    "wrong order, different sources|$P['late_sender_wrong_order_different_sources']['total']|0.002" \
    "wrong order, same source|$P['late_sender_wrong_order_same_source']['total']|0.002" \
    "late_sender includes both|$P['late_sender']['total']|0.004" \
    "no plain late sender left|$P['late_sender']['total'] - $P['late_sender_wrong_order']['total']|=0.0"

check late_receiver 2 \
    "late_receiver (Ssend 3D + 1 MiB rendezvous Send 3D + Issend/Wait 3D)|$P['late_receiver']['total']|0.009" \
    "at the MPI_Wait of the Issend|sum($(site late_receiver MPI_Wait))|0.003" \
    "at MPI_Ssend|sum($(site late_receiver MPI_Ssend))|0.003" \
    "at the rendezvous MPI_Send|sum($(site late_receiver MPI_Send))|0.003"

# 4 ranks, rank r enters at r x D: sums of the staggers.
check collectives 4 \
    "wait_barrier = (3+2+1+0) D|$P['wait_barrier']['total']|0.006" \
    "wait_nxn = allreduce 6D + alltoall 6D|$P['wait_nxn']['total']|0.012" \
    "early_reduce = 3D at the root|$P['early_reduce']['per_rank'][0]|0.003" \
    "late_broadcast = 3 x 3D|$P['late_broadcast']['total']|0.009" \
    "early_scan = (1+2+3) D|$P['early_scan']['total']|0.006"

check waitall 4 \
    "critical path = the run|round(sum(a['critical_path']['per_callsite']), 9) == a['run_time']|=True" \
    "critical path: the latest sender's 3D|a['critical_path']['per_callsite'][-1]|0.003" \
    "late_sender = the latest of 1D, 2D, 3D|$P['late_sender']['total']|0.003" \
    "at MPI_Waitall|sum($(site late_sender MPI_Waitall))|0.003"

# A receive MPI matches while rank 0 is inside another call (its 64 KiB
# eager MPI_Send; o = 300 ns) is charged at the MPI_Wait that completes it:
# E_wait = o = 300 ns, E_send = 2D, late_sender = 2D - o = 1999700 ns.
ns() { echo "round(($1) * 1e9)"; }
check matched_elsewhere 3 \
    "late_sender (ns)|$(ns "$P['late_sender']['total']")|=1999700" \
    "at the MPI_Wait (ns)|$(ns "sum($(site late_sender MPI_Wait))")|=1999700" \
    "on rank 0 (ns)|$(ns "$P['late_sender']['per_rank'][0]")|=1999700" \
    "critical path: rank 1's 2D compute (ns)|$(ns "a['critical_path']['per_callsite'][-1]")|=2000000" \
    "critical path = the run|round(sum(a['critical_path']['per_callsite']), 9) == a['run_time']|=True"

# Wildcard receives completed by MPI_Waitany / MPI_Testany (hpcc's
# RandomAccess): rank 0's Waitany (E = 0; MPI_Irecv costs no virtual time)
# waits for rank 1's tag-2 message sent at 2D: late_sender = 2D - 0 =
# 2000000 ns. Its Testany then takes rank 2's tag-1 message, sent at 0,
# earlier than the one waited for: the whole instance is Wrong Order,
# different sources. (Sender 1 with tag 2 and sender 2 with tag 1, both the
# first message of their channel, to rank 0 on MPI_COMM_WORLD: the pairing
# must keep them apart.)
check wildcard_any 3 \
    "wrong order, different sources (ns)|$(ns "$P['late_sender_wrong_order_different_sources']['total']")|=2000000" \
    "at the MPI_Waitany (ns)|$(ns "sum($(site late_sender_wrong_order_different_sources MPI_Waitany))")|=2000000" \
    "on rank 0 (ns)|$(ns "$P['late_sender_wrong_order']['per_rank'][0]")|=2000000" \
    "late_sender includes it (ns)|$(ns "$P['late_sender']['total']")|=2000000" \
    "no plain late sender left|$P['late_sender']['total'] - $P['late_sender_wrong_order']['total']|=0.0" \
    "no same-source wrong order|$P['late_sender_wrong_order_same_source']['total']|=0.0"

# Root causes (delay costs, docs/patterns.md), W = 2D. rc K FIELD: field
# of the K-th root cause; rcomp R: rank R's computation cause as
# [direct, propagated, cost] in ns.
rc() { echo "a['root_causes'][$1]['$2']"; }
rcomp() { echo "[round(c[k] * 1e9) for c in a['root_causes'] if c['rank'] == $1 and c['kind'] == 'computation' for k in ('direct', 'propagated', 'cost')]"; }
# A chain 0 -> 1 -> 2 -> 3 where rank 0 computes W more: W waits on each
# of ranks 1..3, (N-1) W = 3W caused by rank 0's computation: W direct
# (rank 1), 2W propagated (through ranks 1 and 2).
check chain 4 \
    "top cause: rank 0|$(rc 0 rank)|=0" \
    "top cause: computation|$(rc 0 kind)|=computation" \
    "rank 0's computation: W direct, 2W propagated, 3W (ns)|$(rcomp 0)|=[2000000, 4000000, 6000000]" \
    "delay_latesender at rank 0's computation (ns)|round(a['delay_costs']['delay_latesender']['per_callsite'][-1] * 1e9)|=2000000" \
    "delay_latesender_longterm at computation (ns)|round(a['delay_costs']['delay_latesender_longterm']['per_callsite'][-1] * 1e9)|=4000000" \
    "costs add up to the waits (ns)|round(sum(c['cost'] for c in a['root_causes']) * 1e9) == round($P['late_sender']['total'] * 1e9)|=True"
# Rank 2 enters the allreduce W late: 3 ranks wait W, all short-term.
check coll_delay 4 \
    "rank 2's computation: 3W direct (ns)|$(rcomp 2)|=[6000000, 0, 6000000]" \
    "delay_n2n (ns)|round(a['delay_costs']['delay_n2n']['total'] * 1e9)|=6000000" \
    "the only cause|len(a['root_causes'])|=1"
# Two independent causes, the larger first.
check two_causes 4 \
    "first: rank 2|$(rc 0 rank)|=2" \
    "rank 2's computation (ns)|$(rcomp 2)|=[3000000, 0, 3000000]" \
    "second: rank 0|$(rc 1 rank)|=0" \
    "rank 0's computation (ns)|$(rcomp 0)|=[2000000, 0, 2000000]"
# Rank 1's late receive (W) holds rank 0's Ssend, so rank 2 waits for
# rank 0: W direct (Late Receiver) + W propagated (rank 2's Late Sender).
check hidden_lr 3 \
    "top cause: rank 1|$(rc 0 rank)|=1" \
    "rank 1's computation (ns)|$(rcomp 1)|=[2000000, 2000000, 4000000]" \
    "delay_latereceiver (ns)|round(a['delay_costs']['delay_latereceiver']['total'] * 1e9)|=2000000" \
    "delay_latesender_longterm (ns)|round(a['delay_costs']['delay_latesender_longterm']['total'] * 1e9)|=2000000"
grep -q "^root causes:" "$dir/chain.summary" && grep -A1 "^root causes:" "$dir/chain.summary" | grep -q "rank 0.s computation.* 0.006" &&
    ok "analyze chain: the summary opens with the root causes" || bad "analyze chain: summary root causes"

# POP efficiencies (docs/patterns.md). A pipeline of 4 ranks, each
# computing D after its predecessor: balanced (LB = 1 exactly) but
# serialized: on the ideal network the run takes 4D (SerE = 1/4 exactly),
# and that replay equals a real rerun on the ideal network.
desc="analyze --pop pipeline"
rm -rf "$dir/pipe"
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/pipe" -np 4 -- "$T/an_scenarios" pipeline; then
    rec=$(grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}')
    job "$desc" "$AN" --pop "$dir/pipe" && grep -q "^POP: parallel efficiency" "$OUT" &&
        ok "$desc: the summary has the POP line" || bad "$desc: no POP line"
    if [ -s "$dir/pipe/ideal.ini" ] && job "$desc: rerun on the ideal network" "$RUN" --config "$dir/pipe/ideal.ini" \
            --set simulator.clock=none -np 4 -- "$T/an_scenarios" pipeline; then
        ideal=$(grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}')
        pop="a['pop']"
        for item in "load balance|$pop['load_balance']|1" \
                    "serialization = 1/4|$pop['serialization_efficiency']|0.25" \
                    "ideal replay = 4D|$pop['ideal_run_time']|0.004" \
                    "ideal replay = the rerun on the ideal network|'%.9f' % $pop['ideal_run_time'] == '$ideal'|True" \
                    "communication = max(u) / T (T = $rec s)|abs($pop['communication_efficiency'] - 0.001 / $rec) < 1e-12|True" \
                    "transfer = T_ideal / T|abs($pop['transfer_efficiency'] - 0.004 / $rec) < 1e-12|True" \
                    "PE = LB x CommE exactly|$pop['load_balance'] * $pop['communication_efficiency'] == $pop['parallel_efficiency']|True" \
                    "CommE = SerE x TE exactly|$pop['serialization_efficiency'] * $pop['transfer_efficiency'] == $pop['communication_efficiency']|True"; do
            IFS='|' read -r label expr want <<<"$item"
            got=$(python3 "$J" "$dir/pipe/analysis.json" "$expr" 2>&1)
            [ "$got" = "$want" ] && ok "$desc: $label = $got" || bad "$desc: $label = '$got', want $want"
        done
        oracle_check "$dir/pipe" "analyze --pop pipeline" have
    fi
fi
# Unbalanced, not serialized: u = D, D, 3D, D: LB = 1.5D / 3D = 1/2.
got=$(python3 "$J" "$dir/coll_delay/analysis.json" "a['pop']['load_balance']")
[ "$got" = 0.5 ] && ok "analyze coll_delay: POP load balance = 0.5" || bad "analyze coll_delay: POP load balance = $got, want 0.5"

# The exclusive values add up to the ranks' time.
expr="abs(sum(sum(c for c in p['per_rank']) for n, p in $P.items() if p['parent'] is None) - sum(a['rank_time'])) < 1e-9"
got=$(python3 "$J" "$dir/collectives/analysis.json" "$expr")
[ "$got" = True ] && ok "analyze: time tree adds up to the ranks' time" || bad "analyze: time tree: $got"

fi # part scenarios

if part all; then
# Same trace, any number of analyzer processes: the same file, byte for byte.
desc="analyze -j"
rm -rf "$dir/all"
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/all" -np 4 -- "$T/an_scenarios" all; then
    sums=""
    for j in 4 1 2 3; do
        job "$desc $j" "$AN" -j $j --quiet "$dir/all" && sums="$sums $(md5sum <"$dir/all/analysis.json" | cut -c1-12)"
    done
    # Tiny virtual-time windows: every send and receive in different windows.
    for j in 1 3; do
        SESHAT_ANALYZE_WINDOW=2 job "$desc $j, 2-call windows" "$AN" -j $j --quiet "$dir/all" &&
            sums="$sums $(md5sum <"$dir/all/analysis.json" | cut -c1-12)"
    done
    [ "$(echo $sums | wc -w)" = 6 ] && [ "$(echo $sums | tr ' ' '\n' | sort -u | wc -l)" = 1 ] &&
        ok "$desc: M = 4, 1, 2, 3 and windows of 2 calls give identical analysis.json ($sums)" ||
        bad "$desc: differ:$sums"
    n=$(python3 "$J" "$dir/all/analysis.json" "a['messages']['count']")
    m=$(python3 "$J" "$dir/all/analysis.json" "a['messages']['matrix_count'][1][0]")
    [ "$n" -gt 0 ] && [ "$m" -gt 0 ] && ok "$desc: $n messages, rank 1 -> 0: $m" || bad "$desc: messages $n/$m"
    # M = 1..4 and the windows gave the same file: the oracle checks it once
    oracle_check "$dir/all" "an_scenarios all (M = 1..4 identical)" have
fi

# The CUBE4 file reads back; the HTML page renders in headless Chromium.
desc="analyze outputs"
if [ -s "$dir/all/analysis.cubex" ]; then
    python3 tests/tools/check_cubex.py "$dir/all/analysis.cubex" >"$OUT" 2>&1 && ok "$desc: $(cat "$OUT")" ||
        bad "$desc: cubex"
else bad "$desc: no analysis.cubex"; fi
if command -v chromium >/dev/null; then
    shot=${SESHAT_SCREENSHOT_DIR:-$dir}/report.png
    tests/tools/render_html.sh "$dir/all/report.html" "$shot" >"$OUT" 2>&1 && ok "$desc: report.html renders: $(cat "$OUT")" ||
        bad "$desc: report.html"
else
    echo "skip $desc: report.html rendering (no chromium)"
fi

fi # part all

# The model of the what-if runs (L = 10 us), also for --model on damaged traces.
printf '[simulator]\nclock = none\n[network]\nlatency = 10us\nbandwidth = 1GB/s\n' >"$dir/2L.ini"
if part whatif; then
# What-if: record at L = 5 us, re-time at 2L without rerunning; the
# prediction must match an actual rerun at 2L within 1% (no wildcards).
for prog in "an_scenarios all" "an_scenarios vcoll" "halo 65536 20" "ring waitall 4096 10"; do
    set -- $prog
    desc="what-if 2L: $*"
    rm -rf "$dir/wi"
    W=(--set simulator.clock=none --set network.bandwidth=1GB/s)
    job "$desc" "$RUN" "${W[@]}" --set network.latency=5us --trace "$dir/wi" -np 4 -- "$T/$1" "${@:2}" || continue
    rec=$(grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}')
    job "$desc" "$RUN" "${W[@]}" --set network.latency=10us -np 4 -- "$T/$1" "${@:2}" || continue
    rerun=$(grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}')
    job "$desc" "$AN" --model "$dir/2L.ini" --quiet "$dir/wi" || continue
    pred=$(python3 "$J" "$dir/wi/analysis.json" "a['whatif']['run_time']" 2>&1)
    if [ -n "$rerun" ] && within "$pred" "$rerun" && [ "$rec" != "$rerun" ]; then
        ok "$desc: recorded $rec s, predicted $pred s, rerun $rerun s"
    else bad "$desc: recorded '$rec', predicted '$pred', rerun '$rerun'"; fi
    oracle_check "$dir/wi" "$*" have
done
fi # part whatif
if part all; then
desc="what-if: bad model file"
printf '[network]\nlatency = fast\n' >"$dir/bad.ini"
job "$desc" "$AN" --model "$dir/bad.ini" "$dir/all" && { [ $rc -eq 2 ] && grep -q "network.latency" "$OUT" && ok "$desc: exit 2 naming the key" || bad "$desc: exit $rc"; }

fi # part all

if part more; then
# Fortran: Open MPI's bindings call PMPI_X from their own library; the call
# site must still be the program's own line, for every binding.
for f in pingpong_mpif:f pingpong_usempi:f90 pingpong_f08:f90; do
    desc="analyze ${f%%:*}: call sites in the Fortran source"
    rm -rf "$dir/f"
    job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/f" -np 2 -- "$T/${f%%:*}" || continue
    job "$desc" "$AN" --quiet "$dir/f" || continue
    locs=$(python3 "$J" "$dir/f/analysis.json" \
        "sorted({c['location'].split(':')[0] for c in a['callsites'] if c['function'] in ('MPI_Send', 'MPI_Recv')})")
    [ "$locs" = "['tests/mpi/${f%%:*}.${f##*:}']" ] && ok "$desc: $locs" || bad "$desc: $locs"
    oracle_check "$dir/f" "${f%%:*}" have
done

# More programs, both paths: the oracle and the OTF2 check on their traces
# (split halves sharing a communicator id, probes, Mprobe/Mrecv, cancels,
# Bsend, Test families, persistent requests).
for prog in "coll_times 1024 all split:4:direct" "world:3:relay" "ring testsome 1048576 3:4:relay" \
            "ring persistent 4096 3:4:direct" "halo 65536 4:4:direct"; do
    IFS=: read -r prog np path <<<"$prog"
    rm -rf "$dir/more"
    job "analyze $prog ($path)" "$RUN" "${BASE[@]}" --set network.path=$path --trace "$dir/more" \
        -np "$np" -- $(sed "s|^|$T/|" <<<"$prog") || continue
    oracle_check "$dir/more" "$prog ($path)" "$([ "$prog" = "ring testsome 1048576 3" ] && echo 1 2 3 4 || echo auto)"
done

# --model on a trace that is not whole refuses at once, with one line.
desc="what-if: incomplete trace"
rm -rf "$dir/crash"
job "$desc" "$RUN" --trace "$dir/crash" -np 2 -- "$T/failing" segv
if job "$desc" "$AN" --model "$dir/2L.ini" "$dir/crash"; then
    [ $rc -eq 2 ] && [ "$(wc -l <"$OUT")" = 1 ] && grep -q "not a whole trace: defs.ini is missing" "$OUT" &&
        ok "$desc: crashed run refused at once (exit 2, one line)" || bad "$desc: exit $rc"
fi

fi # part more

# Damaged traces: every output says the trace is not whole, naming the
# file and the problem (analysis.json "complete": false and "problems", a
# WARNING line at the top of the summary, CUBE attributes, report.html),
# and --model refuses each at once with one line. damaged NAME TRACEDIR
# FILE PHRASE: the problem list names FILE with PHRASE.
damaged() {
    local name=$1 tdir=$2 file=$3 phrase=$4 got
    desc="damaged trace, $name"
    job "$desc" "$AN" -j 2 "$tdir" || return
    [ $rc -eq 0 ] && [ -s "$tdir/analysis.json" ] || { bad "$desc: exit $rc, no analysis.json"; return; }
    got=$(python3 "$J" "$tdir/analysis.json" \
        "a.get('complete') is False and any('$file' in p and '$phrase' in p for p in a.get('problems', []))")
    [ "$got" = True ] && ok "$desc: analysis.json complete = false, problems name $file ($phrase)" ||
        bad "$desc: analysis.json: $(python3 "$J" "$tdir/analysis.json" "[a.get('complete'), a.get('problems')]")"
    grep -v '^wrote ' "$OUT" | head -1 | grep -q "^WARNING: .*not a whole trace" && grep "^WARNING: " "$OUT" | grep -q "$file.*$phrase" &&
        ok "$desc: the summary warns at the top" || bad "$desc: no WARNING line naming $file ($phrase) at the top"
    python3 tests/tools/check_cubex.py "$tdir/analysis.cubex" >"$OUT" 2>&1 &&
        grep -q "^complete: false" "$OUT" && grep "^problem: " "$OUT" | grep -q "$file.*$phrase" &&
        ok "$desc: the CUBE file says so" || bad "$desc: analysis.cubex has no complete = false / problem"
    grep -q 'class="warning"' "$tdir/report.html" && grep -A20 'class="warning"' "$tdir/report.html" | grep -q "$file.*$phrase" &&
        ok "$desc: report.html says so" || bad "$desc: report.html has no warning naming $file"
    job "$desc" "$AN" --model "$dir/2L.ini" "$tdir" || return
    [ $rc -eq 2 ] && [ "$(wc -l <"$OUT")" = 1 ] && grep -q "$file.*$phrase" "$OUT" &&
        ok "$desc: --model refuses at once (exit 2, one line)" || bad "$desc: --model: exit $rc"
}
if part all; then
if [ -d "$dir/all" ]; then
    # A whole trace says so too.
    got=$(python3 "$J" "$dir/all/analysis.json" "a.get('complete') is True and a.get('problems') == []")
    [ "$got" = True ] && ok "whole trace: analysis.json complete = true, no problems" || bad "whole trace: complete/problems: $got"
    rm -rf "$dir/dmg" && cp -r "$dir/all" "$dir/dmg" && rm -f "$dir"/dmg/analysis* "$dir/dmg/report.html"
    mv "$dir/dmg/rank-1.sst" "$dir/dmg/x" && mv "$dir/dmg/rank-2.sst" "$dir/dmg/rank-1.sst" && mv "$dir/dmg/x" "$dir/dmg/rank-2.sst"
    damaged "swapped streams" "$dir/dmg" rank-1.sst "header names rank 2"
    rm -rf "$dir/dmg" && cp -r "$dir/all" "$dir/dmg" && cp "$dir/dmg/rank-3.sst" "$dir/dmg/rank-4.sst"
    damaged "an extra stream" "$dir/dmg" rank-4.sst "an extra stream, beyond defs.ini"
    rm -rf "$dir/dmg" && cp -r "$dir/all" "$dir/dmg" && : >"$dir/dmg/rank-2.sst"
    damaged "a 0-byte stream" "$dir/dmg" rank-2.sst "empty"
    rm -f "$dir/dmg/rank-2.sst"
    damaged "a missing stream" "$dir/dmg" rank-2.sst "missing"
fi
fi # part all
if part more; then
if [ -d "$dir/crash" ]; then
    # A crashed run: no defs.ini, no END records (rank 1's segfault flushes
    # its stream; rank 0's, killed in MPI_Recv, is best effort).
    damaged "crashed run" "$dir/crash" defs.ini "missing"
    damaged "crashed run, per stream" "$dir/crash" rank-1.sst "no END record"
    # The same streams with a defs.ini that claims the run was whole.
    printf '[trace]\nversion = 1\nranks = 2\ncomplete = true\nevents = 8\n' >"$dir/crash/defs.ini"
    damaged "streams without END, defs.ini complete" "$dir/crash" rank-1.sst "no END record"
fi

fi # part more
if part all; then
desc="analyze: bad input"
job "$desc" "$AN" "$dir/nonexistent" && { [ $rc -eq 2 ] && grep -q "not a trace directory" "$OUT" && ok "$desc: missing directory, exit 2" || bad "$desc: exit $rc"; }
mkdir -p "$dir/broken"
echo garbage >"$dir/broken/rank-0.sst"
job "$desc" "$AN" "$dir/broken" &&
    { [ $rc -eq 0 ] && grep -q "^WARNING:   rank-0.sst: ERROR_frameType_unknown in the frame at byte 0" "$OUT" &&
      ok "$desc: a broken stream is named as the trace's problem" || bad "$desc: exit $rc"; }
fi # part all
# A computation root cause names the sampled call path that delayed the
# others (docs/patterns.md, root causes): a 4-rank chain with real CPU
# work, the default clock and sampling, rank 0's slow_phase doing W
# (measured by the program on its own CPU clock): slow_phase is the top
# cause, costing about (N-1) W = 3W.
if part rootpath; then
desc="analyze chain_slow"
if job "$desc" "$RUN" --trace "$dir/cs" -np 4 -- "$T/chain_slow" && [ $rc -eq 0 ]; then
    W=$(awk '$1 == "RESULT" && $2 == "W" { print $3 / 1e9 }' "$OUT")
    if job "$desc" "$AN" "$dir/cs" && [ $rc -eq 0 ] && [ -s "$dir/cs/analysis.json" ]; then
        cp "$OUT" "$dir/cs.summary"
        top=$(python3 "$J" "$dir/cs/analysis.json" \
            "(a['root_causes'][0]['rank'], a['root_causes'][0]['kind'], a['root_causes'][0]['location'].split(':')[0], a['root_causes'][0]['location'].split(' ')[-1])")
        [ "$top" = "(0, 'computation', 'tests/mpi/chain_slow.c', '(slow_phase)')" ] &&
            ok "$desc: top root cause $top" || bad "$desc: top root cause $top"
        line=$(python3 "$J" "$dir/cs/analysis.json" "int(a['root_causes'][0]['location'].split(':')[1].split(' ')[0])")
        lo=$(grep -n "^__attribute__((noinline)) static void slow_phase" tests/mpi/chain_slow.c | cut -d: -f1)
        [ -n "$line" ] && [ "$line" -ge "$lo" ] && [ "$line" -le $((lo + 6)) ] &&
            ok "$desc: at line $line, in slow_phase" || bad "$desc: line '$line', slow_phase at $lo"
        got=$(python3 "$J" "$dir/cs/analysis.json" "a['root_causes'][0]['sampled']")
        [ "$got" = "delaying intervals" ] && ok "$desc: sampled in the delaying intervals" || bad "$desc: sampled '$got'"
        callers=$(python3 "$J" "$dir/cs/analysis.json" "a['root_causes'][0]['callers']")
        case "$callers" in *"(main)"*) ok "$desc: callers $callers" ;; *) bad "$desc: callers '$callers'" ;; esac
        cost=$(python3 "$J" "$dir/cs/analysis.json" "a['root_causes'][0]['cost']")
        awk -v c="$cost" -v w="$W" 'BEGIN { d = c - 3 * w; if (d < 0) d = -d; exit !(w > 0 && d <= 0.1 * 3 * w) }' &&
            ok "$desc: cost $cost s, 3W = 3 x $W s (< 10%)" || bad "$desc: cost '$cost' s, W = '$W' s"
        grep -A1 "^root causes:" "$dir/cs.summary" | grep -q "rank 0's computation in slow_phase (tests/mpi/chain_slow.c:" &&
            ok "$desc: the summary names slow_phase" || { cp "$dir/cs.summary" "$OUT"; bad "$desc: summary"; }
        grep -q "computation in slow_phase (tests/mpi/chain_slow.c:" "$dir/cs/report.html" &&
            ok "$desc: the report names slow_phase" || bad "$desc: report"
        oracle_check "$dir/cs" "$desc" have
    else bad "$desc: exit $rc, no analysis.json"; fi
else bad "$desc: the traced run failed"; fi
fi # part rootpath
if part counterfactual; then
# Exact counterfactuals (docs/analysis.md): --counterfactuals replays the
# trace with the top computation causes evened out. The run time a replay
# saves must equal a real rerun of the program without its slow phase
# (the _even variants), to the nanosecond, and the closed form: rank R's
# extra W = 2D delays everyone by W, so evening it out saves W (while the
# heuristic's delay cost is (p-1) W).
cf_check() {
    local sc=$1 np=$2 r=$3 name="analyze --counterfactuals $sc"
    rm -rf "$dir/cf_$sc"
    job "$name" "$RUN" "${BASE[@]}" --trace "$dir/cf_$sc" -np "$np" -- "$T/an_scenarios" "$sc" || return
    local slow fast
    slow=$(grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}')
    job "$name: rerun without the slow phase" "$RUN" "${BASE[@]}" -np "$np" -- "$T/an_scenarios" "${sc}_even" || return
    fast=$(grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}')
    job "$name" "$AN" --counterfactuals "$dir/cf_$sc" || return
    [ $rc -eq 0 ] || { bad "$name: exit $rc"; return; }
    grep -q "evening it out saves" "$OUT" && ok "$name: the summary gives the saving" || bad "$name: no saving in the summary"
    local want got
    want=$(python3 -c "print(round(($slow - $fast) * 1e9))")
    got=$(python3 "$J" "$dir/cf_$sc/analysis.json" "[round(c['saved'] * 1e9) for c in a['root_causes'] if c['rank'] == $r and c['kind'] == 'computation']")
    [ "$got" = "[$want]" ] && ok "$name: saved = rerun without the slow phase = $got ns ($slow - $fast s)" ||
        bad "$name: saved = $got ns, the rerun says [$want] ($slow - $fast s)"
    [ "$want" = 2000000 ] && ok "$name: the rerun saves W = 2D" || bad "$name: the rerun saves $want ns, want 2000000"
    grep -q "saved by the replay" "$dir/cf_$sc/report.html" && ok "$name: report.html shows it" || bad "$name: not in report.html"
}
cf_check chain 4 0
cf_check coll_delay 4 2
fi # part counterfactual
if part scaling; then
# POP scaling across rank counts (docs/patterns.md, POP scaling): the
# scaling scenario at 2 and 4 ranks (given out of order: the smallest
# count is the reference). u_0 = 12D/p + 3D/2, u_r = 12D/p + D/2, so the
# useful computation totals U(2) = 14D, U(4) = 15D exactly: computation
# scalability 1 and 14/15; load balance 7/7.5 and 3.75/4.5; global
# efficiency = parallel efficiency x computation scalability, exactly. On
# the ideal network the allreduce costs nothing: T_ideal = max(u).
name="analyze --pop scaling"
for np in 2 4; do
    rm -rf "$dir/scal$np"
    job "$name: trace at $np ranks" "$RUN" "${BASE[@]}" --trace "$dir/scal$np" -np "$np" -- "$T/an_scenarios" scaling &&
        [ $rc -ne 0 ] && bad "$name: the traced run at $np ranks failed"
done
rm -rf "$dir/scal"
if job "$name" "$AN" --pop --out "$dir/scal" "$dir/scal4" "$dir/scal2" && [ $rc -eq 0 ] &&
        [ -s "$dir/scal/pop-scaling.json" ]; then
    cp "$OUT" "$dir/scal.summary"
    S="a['pop_scaling']"
    R="$S['runs']"
    for item in "rank counts, smallest first|[r['ranks'] for r in $R]|[2, 4]" \
                "reference|$S['reference_ranks']|2" \
                "useful computation (ns) = 14D, 15D|[round(r['useful_sum'] * 1e9) for r in $R]|[14000000, 15000000]" \
                "computation scalability = 1, 14/15|[abs(r['computation_scalability'] - w) < 1e-12 for r, w in zip($R, [1, 14 / 15])]|[True, True]" \
                "load balance = 7/7.5, 3.75/4.5|[abs(r['load_balance'] - w) < 1e-12 for r, w in zip($R, [7 / 7.5, 3.75 / 4.5])]|[True, True]" \
                "ideal-network run time = max(u) = 7.5D, 4.5D (ns)|[round(r['ideal_run_time'] * 1e9) for r in $R]|[7500000, 4500000]" \
                "GE = PE x CompScal exactly|[r['parallel_efficiency'] * r['computation_scalability'] == r['global_efficiency'] for r in $R]|[True, True]" \
                "PE = LB x CommE exactly|[r['load_balance'] * r['communication_efficiency'] == r['parallel_efficiency'] for r in $R]|[True, True]" \
                "CommE = SerE x TE exactly (--pop replays on the ideal network)|[r['serialization_efficiency'] * r['transfer_efficiency'] == r['communication_efficiency'] for r in $R]|[True, True]" \
                "no IPC or instruction scalability (no counters)|[(r['ipc_scalability'], r['instruction_scalability']) for r in $R]|[(None, None), (None, None)]"; do
        IFS='|' read -r label expr want <<<"$item"
        got=$(python3 "$J" "$dir/scal/pop-scaling.json" "$expr" 2>&1)
        [ "$got" = "$want" ] && ok "$name: $label = $got" || bad "$name: $label = '$got', want $want"
    done
    grep -q "^ *computation scalability " "$dir/scal.summary" && grep -q "^ *global efficiency " "$dir/scal/pop-scaling.txt" &&
        ok "$name: the table is printed and in pop-scaling.txt" || bad "$name: no table in the summary or pop-scaling.txt"
    grep -q "id='pop-scaling'" "$dir/scal/pop-scaling.html" && grep -q "background:#" "$dir/scal/pop-scaling.html" &&
        ok "$name: pop-scaling.html has the colour-coded table" || bad "$name: pop-scaling.html"
    if SESHAT_TRACE="$BUILD/bin/seshat-trace" timeout -k 5 "$TIMEOUT" python3 tests/tools/oracle.py \
            --scaling "$dir/scal/pop-scaling.json" "$dir/scal2" "$dir/scal4" >"$OUT" 2>&1; then
        ok "$name: oracle: $(cat "$OUT")"
    else
        bad "$name: the oracle differs"
    fi
else
    bad "$name: exit $rc, no pop-scaling.json"
fi
# Several traces without --pop (or with --model): refused with the usage, exit 2.
job "$name: two traces without --pop" "$AN" "$dir/scal2" "$dir/scal4"
[ $rc -eq 2 ] && grep -q "^usage: seshat-analyze" "$OUT" && ok "$name: two traces without --pop are refused (exit 2)" ||
    bad "$name: two traces without --pop: exit $rc, want 2 and the usage"
fi # part scaling
summary
