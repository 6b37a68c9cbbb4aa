#!/bin/bash
# run_nodes.sh - several nodes on one machine (tests/tools/node_agent.sh:
# each node's orted in its own UTS namespace, TCP over the loopback) with
# per-node model ranks (simulator.ranks = per-node): the mapping seshat-run
# prints, and virtual times identical to the single-node run (clock = none)
# for point-to-point, collectives, traces and the analyzer.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
if ! unshare --uts true 2>/dev/null; then
    echo "skip run_nodes.sh: unshare --uts is not permitted here (emulated nodes need it)"
    exit 0
fi
TR="$BUILD/bin/seshat-trace"
AN="$BUILD/bin/seshat-analyze"
J=tests/tools/json_get.py
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
TIMEOUT=${SESHAT_TEST_TIMEOUT:-60}
me=$(hostname)
AGENT=$(realpath tests/tools/node_agent.sh)
printf '%s slots=1\nnode-b slots=1\n' "$me" >"$dir/hosts1"
printf '%s slots=3\nnode-b slots=3\n' "$me" >"$dir/hosts2"
printf '%s slots=2\nnode-b slots=2\nnode-c slots=2\n' "$me" >"$dir/hosts3"
# on NODES: SESHAT_MPIRUN_ARGS for the emulated nodes of hostfile NODES
on() {
    echo "--hostfile $dir/$1 --mca plm_rsh_agent $AGENT --mca btl self,vader,tcp" \
         "--mca oob_tcp_if_include lo --mca btl_tcp_if_include lo"
}
# L = 5us, 1 ns/B, o = 0 (as tests/mpi/run.sh)
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
      --set network.overhead=0 --set network.gap=0)
results() { grep '^RESULT ' "$OUT" | sort; }

# The harness itself: plain mpirun over the agent sees the node names.
desc="emulated nodes (plain mpirun)"
if job "$desc" mpirun --oversubscribe $([ "$(id -u)" = 0 ] && echo --allow-run-as-root) \
        $(on hosts3) -np 6 hostname; then
    # (under load Open MPI's rsh launcher may warn "[host:pid] plm:rsh:
    # Warning: setpgid ... failed": not a node name)
    got=$(grep -v '^\[' "$OUT" | sort | uniq -c | awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }')
    want=$(printf '%s\n' "$me:2" node-b:2 node-c:2 | sort -t: -k1,1 | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$want" ] && ok "$desc: $got" || bad "$desc: got '$got', expected '$want'"
fi
# Today's placement on emulated nodes: K = 2 model ranks, the last two.
desc="simulator.ranks = 2 on 3 nodes"
if SESHAT_MPIRUN_ARGS=$(on hosts3) job "$desc" "$RUN" "${BASE[@]}" --set simulator.ranks=2 \
        -np 4 -- "$T/pingpong" blocking 8 1024 1048576; then
    expect "blocking 8" 10016; expect "blocking 1024" 12048; expect "blocking 1048576" 2127152
fi

# --dry-run shows the mapping: node, model rank, the ranks it serves.
# mapping NAME HOSTFILE|x NP SETTING "LINE" ...
mapping() {
    local name=$1 hosts=$2 np=$3 set=$4 line; shift 4
    desc="dry run $name"
    local args=${SESHAT_MPIRUN_ARGS-}   # HOSTFILE x: the caller's
    [ "$hosts" = x ] || args=$(on "$hosts")
    SESHAT_MPIRUN_ARGS=$args job "$desc" "$RUN" --set simulator.ranks="$set" --dry-run -np "$np" \
        -- "$T/ring" waitall 8 5 || return
    [ $rc -eq 0 ] || { bad "$desc: exit $rc"; return; }
    for line in "$@"; do
        grep -qxF "# $line" "$OUT" && ok "$desc: $line" || bad "$desc: no line '# $line'"
    done
    grep -q -- "--rankfile " "$OUT" && ok "$desc: mpirun gets a rankfile" || bad "$desc: no --rankfile"
    drop_rankfile
}
# a dry run leaves its rankfile for the command it prints
drop_rankfile() {
    local f; f=$(sed -n 's/^# rankfile \([^ ]*\) .*/\1/p' "$OUT")
    case "$f" in */seshat-rankfile-*) rm -f "$f" ;; esac
}
mapping "2 nodes, per-node" hosts2 6 per-node \
    "node $me: model rank 6 serves ranks 0-2" "node node-b: model rank 7 serves ranks 3-5"
mapping "3 nodes, per-node" hosts3 6 per-node "node $me: model rank 6 serves ranks 0-1" \
    "node node-b: model rank 7 serves ranks 2-3" "node node-c: model rank 8 serves ranks 4-5"
mapping "2 nodes, per-node:2" hosts2 6 per-node:2 \
    "node $me: model rank 6 serves ranks 0,2" "node $me: model rank 7 serves rank 1" \
    "node node-b: model rank 8 serves ranks 3,5" "node node-b: model rank 9 serves rank 4"

# Bad values: one line naming the key, exit 2, nothing started.
refuse() {
    desc="refused: $1"; shift
    local want=$1; shift
    job "$desc" "$@" || return
    [ $rc -eq 2 ] && [ "$(wc -l <"$OUT")" = 1 ] && grep -qF "$want" "$OUT" \
        && ok "$desc: $(cat "$OUT")" || bad "$desc: exit $rc, expected one line with '$want'"
}
for v in per-node:0 per-node:65 per-nodes per-node: per-node:x 0; do
    refuse "simulator.ranks = $v" "simulator.ranks = \"$v\": expected a whole number from 1 to 65536, per-node or per-node:C" \
        "$RUN" --set simulator.ranks=$v --dry-run -np 2 -- "$T/ring" waitall 8 5
done
printf '%s slots=two\n' "$me" >"$dir/hosts-bad"
SESHAT_MPIRUN_ARGS="--hostfile $dir/hosts-bad" refuse "hostfile slots=two" \
    "line 1: 'slots=two': expected NAME [slots=N]" \
    "$RUN" --set simulator.ranks=per-node --dry-run -np 2 -- "$T/ring" waitall 8 5
# Ranks placed by mpirun alone (not by seshat-run's rankfile): 8 ranks by
# slot leave the first node without a model rank; every rank refuses.
desc="per-node without the rankfile"
if job "$desc" mpirun --oversubscribe $([ "$(id -u)" = 0 ] && echo --allow-run-as-root) $(on hosts3) \
        -np 8 -x LD_PRELOAD="${SESHAT_PRELOAD_EXTRA:+$SESHAT_PRELOAD_EXTRA:}$(realpath "$BUILD/lib/libseshat.so")" \
        ${SESHAT_ASAN:+-x ASAN_OPTIONS} \
        -x SESHAT_SET="simulator.ranks=per-node;simulator.clock=none" "$T/ring" waitall 8 5; then
    want="seshat: config error: simulator.ranks = per-node: the node of rank 0 holds 0 of the model ranks 5-7, expected 1"
    [ $rc -ne 0 ] && grep -qF "$want" "$OUT" && ok "$desc: exit $rc, '$want'" || bad "$desc: exit $rc"
fi

# Other ways to name the nodes (dry runs, no job): --host with slots,
# oversubscribed (the rest spread evenly), and Slurm's node list through
# scontrol (a stand-in here, first in PATH).
SESHAT_MPIRUN_ARGS="--host $me:2,node-b:1" mapping "--host, oversubscribed" x 4 per-node \
    "node $me: model rank 4 serves ranks 0-2" "node node-b: model rank 5 serves rank 3"
mkdir -p "$dir/bin"
printf '#!/bin/sh\n[ "$1 $2 $3" = "show hostnames n[1-3]" ] && printf "n1\\nn2\\nn3\\n"\n' >"$dir/bin/scontrol"
chmod +x "$dir/bin/scontrol"
PATH="$dir/bin:$PATH" SLURM_JOB_NODELIST="n[1-3]" SLURM_TASKS_PER_NODE="2(x2),1" \
    mapping "Slurm" x 5 per-node:2 "node n1: model rank 5 serves rank 0" "node n1: model rank 6 serves rank 1" \
    "node n2: model rank 7 serves rank 2" "node n3: model rank 9 serves rank 4" "node n3: model rank 10 serves none"
PATH="$dir/bin:$PATH" SLURM_JOB_NODELIST="n[4-5]" refuse "Slurm without scontrol's answer" \
    "SLURM_JOB_NODELIST=n[4-5]: 'scontrol show hostnames' failed; name the nodes with --hostfile" \
    "$RUN" --set simulator.ranks=per-node --dry-run -np 2 -- "$T/ring" waitall 8 5

# A plain number keeps today's placement: no rankfile, no mapping.
desc="dry run 2 nodes, simulator.ranks = 2"
if SESHAT_MPIRUN_ARGS=$(on hosts2) job "$desc" "$RUN" --set simulator.ranks=2 --dry-run -np 6 \
        -- "$T/ring" waitall 8 5; then
    ! grep -q -- "--rankfile\|^# node" "$OUT" && grep -q -- " -np 8 " "$OUT" \
        && ok "$desc: -np 8, no rankfile, no mapping" || bad "$desc: $(tail -1 "$OUT")"
fi

# same NAME HOSTFILE NP SETTING PROGRAM ARGS...: the RESULT lines of the
# run on the emulated nodes equal those of the single-node run ($ref), and
# the end-of-run summary shows the mapping the dry run showed.
same() {
    local name=$1 hosts=$2 np=$3 set=$4; shift 4
    desc="$name: $hosts, dry run"
    SESHAT_MPIRUN_ARGS=$(on "$hosts") job "$desc" "$RUN" "${EXTRA[@]}" --set simulator.ranks="$set" --dry-run \
        -np "$np" -- "$@" || return
    drop_rankfile
    local map; map=$(sed -n 's/^# node /node /p' "$OUT")
    local engine; engine=$(sed -n 's/^# contention: //p' "$OUT")
    desc="$name: single node"
    job "$desc" "$RUN" "${BASE[@]}" "${EXTRA[@]}" -np "$np" -- "$@" || return
    local ref; ref=$(results)
    [ -n "$ref" ] && [ $rc -eq 0 ] || { bad "$desc: exit $rc, no RESULT lines"; return 1; }
    echo "$ref" >"$dir/ref"
    desc="$name: $hosts, simulator.ranks = $set"
    SESHAT_MPIRUN_ARGS=$(on "$hosts") job "$desc" "$RUN" "${BASE[@]}" "${EXTRA[@]}" \
        --set simulator.ranks="$set" -np "$np" -- "$@" || return
    [ $rc -eq 0 ] || { bad "$desc: exit $rc"; return 1; }
    [ "$(results)" = "$ref" ] && ok "$desc: $(echo "$ref" | wc -l) RESULT lines identical" \
        || bad "$desc: RESULT lines differ from the single-node run"
    local nodes; nodes=$(sed -n 's/^seshat: node /node /p' "$OUT")
    local want; want=$(($(wc -l <"$dir/$hosts") * ${set#per-node:}))
    [ "$set" = per-node ] && want=$(wc -l <"$dir/$hosts")
    [ "$nodes" = "$map" ] && [ "$(echo "$map" | wc -l)" = "$want" ] \
        && ok "$desc: summary shows the dry run's mapping ($want model ranks: $(echo "$nodes" | tr '\n' ';'))" \
        || bad "$desc: summary mapping '$nodes', dry run '$map' ($want model ranks expected)"
    [ -z "$engine" ] && return 0
    # contention: the engine's rank and node, as the dry run said
    local got; got=$(sed -n 's/^seshat: contention: node /node /p' "$OUT")
    [ "$got" = "$engine" ] && ok "$desc: summary names the engine as the dry run did ($engine)" \
        || bad "$desc: summary '$got', dry run '$engine'"
}
EXTRA=()
same "pingpong" hosts1 2 per-node "$T/pingpong" blocking 8 1024 1048576 &&
    { expect "blocking 8" 10016; expect "blocking 1024" 12048; expect "blocking 1048576" 2127152; }
EXTRA=(--set network.path=relay)
same "ring (relay)" hosts2 6 per-node:2 "$T/ring" waitall 1048576 2
EXTRA=()
same "ring" hosts3 6 per-node "$T/ring" waitany 65536 3
same "collectives" hosts3 6 per-node "$T/coll_times" 8 all
same "collectives (split)" hosts2 6 per-node:2 "$T/coll_times" 1024 all split
# Contention (one SimGrid engine, the model rank of the first node; the
# other nodes' model ranks forward their ranks' reports to it): the same
# times as the single model rank (the collectives of 256 KiB on the fat
# tree share links: their times differ from contention = off).
if [ -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    EXTRA=(--set network.model=simgrid --set network.platform="$PWD/config/platforms/fat_tree.xml"
           --set network.contention=on)
    # forwarded: the model rank of each other node sent its ranks' reports
    # (N envelopes, posts, blocks, entries, fins: at least one per rank)
    forwarded() {
        local m n
        for m in "$@"; do
            n=$(sed -n "s/^seshat: contention: model rank $m forwarded \([0-9]*\) reports in [0-9]* batches to the engine (model rank 6)$/\1/p" "$OUT")
            [ "${n:-0}" -ge 3 ] && ok "$desc: model rank $m forwarded $n reports to the engine" \
                || bad "$desc: model rank $m forwarded '${n}' reports"
        done
    }
    same "ring (contention)" hosts3 6 per-node "$T/ring" waitall 1048576 2 && forwarded 7 8
    # the stress patterns of run_contention.sh most sensitive to the order
    # of reports: wildcard receives; a late rank while the others wait in
    # an Allreduce
    for pat in wildcard mixed; do
        desc="cn_stress $pat (contention): single node"
        job "$desc" "$RUN" "${BASE[@]}" "${EXTRA[@]}" -np 6 -- "$T/cn_stress" $pat || continue
        v1=$(sed -n "s/^pattern $pat vtime_ns \([0-9]*\)$/\1/p" "$OUT")
        desc="cn_stress $pat (contention): hosts3, simulator.ranks = per-node"
        SESHAT_MPIRUN_ARGS=$(on hosts3) job "$desc" "$RUN" "${BASE[@]}" "${EXTRA[@]}" \
            --set simulator.ranks=per-node -np 6 -- "$T/cn_stress" $pat || continue
        v2=$(sed -n "s/^pattern $pat vtime_ns \([0-9]*\)$/\1/p" "$OUT")
        [ $rc -eq 0 ] && grep -qx ok "$OUT" && [ -n "$v1" ] && [ "$v1" = "$v2" ] \
            && ok "$desc: ok, virtual time $v2 ns as on one node" \
            || bad "$desc: exit $rc, virtual time '$v2' ns, one node '$v1' ns"
        forwarded 7 8
    done
    same "collectives (contention)" hosts2 6 per-node "$T/coll_times" 262144 all && forwarded 7
    # ... and contention changed these times (the test above is not vacuous)
    EXTRA[-1]=network.contention=off
    desc="collectives, contention = off, single node"
    if job "$desc" "$RUN" "${BASE[@]}" "${EXTRA[@]}" -np 6 -- "$T/coll_times" 262144 all; then
        n=$(results | diff - "$dir/ref" | grep -c '^>')
        [ "$(results | wc -l)" = 138 ] && [ "$n" -ge 30 ] \
            && ok "$desc: $n of 138 times differ from contention = on" \
            || bad "$desc: only $n times differ from contention = on"
    fi
    EXTRA=()
fi

# Traces and the analyzer: the streams written on 3 nodes give the same
# statistics and the same analysis as the single-node ones, also with each
# node writing to a disk of its own (collected afterwards), and with one
# analyzer process per node.
# traced WHERE TRACEDIR [seshat-run options]: an_scenarios on 6 ranks
traced() {
    local where=$1 tdir=$2; shift 2
    desc="traced an_scenarios ($where)"
    job "$desc" "$RUN" "${BASE[@]}" "$@" --trace "$tdir" -np 6 -- "$T/an_scenarios" all || return 1
    [ $rc -eq 0 ] || { bad "$desc: exit $rc"; return 1; }
}
# examine WHERE TRACEDIR [analyzer launcher...]: counts and end times (not
# the compressed sizes: call-site addresses differ from run to run), every
# record (sorted: a receive's record is written when the real message
# matches, in real time, so it may come before or after a neighbour), and
# the analysis
examine() {
    local where=$1 tdir=$2; shift 2
    "$TR" stats "$tdir" | awk '!/^(stream_bytes|bytes_per_event) / { NF = NF > 7 ? 7 : NF; print }' \
        >"$dir/stats-$where" 2>&1 || { bad "$where: seshat-trace stats"; return 1; }
    "$TR" dump "$tdir" | sed 's/ 0x[0-9a-f]*$//' | sort >"$dir/dump-$where"
    desc="analyze ($where)"
    job "$desc" "$@" "$AN" "$tdir" || return 1
    [ $rc -eq 0 ] || { bad "$desc: exit $rc"; return 1; }
    python3 "$J" "$tdir/analysis.json" "[a['run_time'], a['complete'], sorted(a['patterns'].items())]" \
        >"$dir/an-$where" 2>&1
}
# same_trace WHERE DESC: WHERE's results equal the single-node ones
same_trace() {
    desc="trace, $2"
    cmp -s "$dir/stats-one" "$dir/stats-$1" && ok "$desc: seshat-trace stats identical" \
        || bad "$desc: stats differ: $(diff "$dir/stats-one" "$dir/stats-$1" | head -3 | tr '\n' ' ')"
    local n; n=$(wc -l <"$dir/dump-one")
    [ "$n" -gt 700 ] && cmp -s "$dir/dump-one" "$dir/dump-$1" && ok "$desc: the $n records identical" \
        || bad "$desc: records differ: $(diff "$dir/dump-one" "$dir/dump-$1" | head -3 | tr '\n' ' ')"
    desc="analyzer, $2"
    cmp -s "$dir/an-one" "$dir/an-$1" && ok "$desc: run time and patterns identical ($(cut -c1-40 "$dir/an-one")...)" \
        || bad "$desc: differ: $(cut -c1-200 "$dir/an-one") vs $(cut -c1-200 "$dir/an-$1")"
}
if traced one "$dir/tr-one" && examine one "$dir/tr-one"; then
    grep -q "^\[0.054322974, True, " "$dir/an-one" && ok "analyzer, one node: run time 0.054322974 s, complete" \
        || bad "analyzer, one node: $(cut -c1-80 "$dir/an-one")"
    SESHAT_MPIRUN_ARGS=$(on hosts3) traced nodes "$dir/tr-nodes" --set simulator.ranks=per-node &&
        examine nodes "$dir/tr-nodes" mpirun --oversubscribe $([ "$(id -u)" = 0 ] && echo --allow-run-as-root) \
            $(on hosts3) --map-by ppr:1:node -np 3 &&
        same_trace nodes "3 nodes, per-node model ranks, 3 analyzers (one per node)"
    # Node-local disks: DISKS/local is a disk of each node's own.
    disks=$dir/disks
    mkdir -p "$disks/local"
    if SESHAT_NODE_DISKS=$disks SESHAT_MPIRUN_ARGS=$(on hosts3) traced "node-local disks" \
            "$disks/local/t" --set simulator.ranks=per-node; then
        desc="node-local disks"
        got=$(cd "$disks" && ls local/t/*.sst node-b/t/*.sst node-c/t/*.sst 2>&1 | tr '\n' ' ')
        want="local/t/msglog-6.sst local/t/rank-0.sst local/t/rank-1.sst node-b/t/msglog-7.sst node-b/t/rank-2.sst node-b/t/rank-3.sst node-c/t/msglog-8.sst node-c/t/rank-4.sst node-c/t/rank-5.sst "
        [ "$got" = "$want" ] && ok "$desc: every node wrote its own streams: $got" \
            || bad "$desc: streams '$got', expected '$want'"
        # In place: the run's shared files (defs.ini, config.ini, calls.txt)
        # copied to every node, one analyzer per node reading the streams of
        # its own disk (each process checks only its own block's streams and
        # tells the others): the same analysis as on one node.
        for n in node-b node-c; do
            cp "$disks/local/t/defs.ini" "$disks/local/t/config.ini" "$disks/$n/t/"
            [ -f "$disks/local/t/calls.txt" ] && cp "$disks/local/t/calls.txt" "$disks/$n/t/"
        done
        desc="analyzer in place on node-local disks, one per node"
        if SESHAT_NODE_DISKS=$disks job "$desc" mpirun --oversubscribe \
                $([ "$(id -u)" = 0 ] && echo --allow-run-as-root) $(on hosts3) --map-by ppr:1:node -np 3 \
                "$AN" "$disks/local/t" && [ $rc -eq 0 ]; then
            python3 "$J" "$disks/local/t/analysis.json" \
                "[a['run_time'], a['complete'], sorted(a['patterns'].items())]" >"$dir/an-inplace" 2>&1
            cmp -s "$dir/an-one" "$dir/an-inplace" \
                && ok "$desc: complete, run time and patterns identical to one node" \
                || bad "$desc: $(cut -c1-200 "$dir/an-inplace") vs $(cut -c1-200 "$dir/an-one")"
        else
            bad "$desc: exit $rc"
        fi
        rm -f "$disks/local/t/analysis.json"
        cp -n "$disks"/node-b/t/* "$disks"/node-c/t/* "$disks/local/t/"   # collect
        examine local "$disks/local/t" && same_trace local "node-local disks, collected"
    fi
fi
summary
