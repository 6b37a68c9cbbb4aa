#!/bin/bash
# run_sensitivity.sh - seshat-analyze --sensitivity: every prediction (a
# replay of one trace under a changed network or CPU) must equal an actual
# rerun of the program with that setting, to the nanosecond (clock = none:
# every compute is an exact MPI_Pcontrol interval). The rerun is the
# independent oracle; the elasticities are checked against the logarithms
# of those rerun times.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
AN="$BUILD/bin/seshat-analyze"
J=tests/tools/json_get.py
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
W=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s)
# name|seshat-run settings of the rerun (the ideal network: no latency, no
# overheads or gap, the largest bandwidth the model accepts)
SETTINGS=("latency_x0.5|--set network.latency_factor=0.5" "latency_x2|--set network.latency_factor=2"
    "bandwidth_x0.5|--set network.bandwidth_factor=0.5" "bandwidth_x2|--set network.bandwidth_factor=2"
    "ideal_network|--set network.latency=0 --set network.overhead=0 --set network.gap=0 --set network.bandwidth=1000TB/s")

maxtime() { grep -o '\.\. [0-9.]* s (max)' "$OUT" | awk '{print $2}'; }

# sens LABEL LIMITING PROGRAM ARGS...: trace, report, then one rerun per setting.
sens() {
    local label=$1 limit=$2; shift 2
    local desc="sensitivity $label"
    rm -rf "$dir/t"
    job "$desc" "$RUN" "${W[@]}" --trace "$dir/t" -np 4 -- "$@" || return
    local rec; rec=$(maxtime)
    job "$desc" "$AN" --sensitivity "$dir/t" || return
    [ $rc -eq 0 ] && [ -s "$dir/t/sensitivity.json" ] || { bad "$desc: exit $rc, no sensitivity.json"; return; }
    grep -q "limited by" "$OUT" && [ -s "$dir/t/sensitivity.txt" ] && ok "$desc: text report" || bad "$desc: no text report"
    if command -v gnuplot >/dev/null && [ -z "$ONLY" ]; then
        python3 tests/tools/png_nonblank.py "$dir/t/sensitivity.png" >"$OUT" 2>&1 && ok "$desc: plot $(cat "$OUT")" ||
            bad "$desc: plot"
    fi
    local got; got=$(python3 "$J" "$dir/t/sensitivity.json" "'%.9f' % a['runs']['base']['run_time']")
    [ "$got" = "$rec" ] && ok "$desc: base replay $got s = recorded" || bad "$desc: base replay '$got', recorded '$rec'"
    declare -A TM=([base]=$rec)
    for s in "${SETTINGS[@]}"; do
        local name=${s%%|*} sets=${s#*|}
        [[ " $ONLY " == *" $name "* ]] || [ -z "$ONLY" ] || continue
        job "$desc" "$RUN" "${W[@]}" $sets -np 4 -- "$@" || continue
        TM[$name]=$(maxtime)
        got=$(python3 "$J" "$dir/t/sensitivity.json" "'%.9f' % a['runs']['$name']['run_time']")
        [ -n "${TM[$name]}" ] && [ "$got" = "${TM[$name]}" ] && ok "$desc: $name predicted $got s = rerun" ||
            bad "$desc: $name predicted '$got', rerun '${TM[$name]}'"
    done
    if [ "$1" = "$T/an_scenarios" ]; then
        # A CPU twice as fast: the program's own compute halved.
        job "$desc" "$RUN" "${W[@]}" -np 4 -- "$@" 0.5 || return
        TM[cpu_x0.5]=$(maxtime)
        got=$(python3 "$J" "$dir/t/sensitivity.json" "'%.9f' % a['runs']['cpu_x0.5']['run_time']")
        [ "$got" = "${TM[cpu_x0.5]}" ] && ok "$desc: cpu_x0.5 predicted $got s = rerun" ||
            bad "$desc: cpu_x0.5 predicted '$got', rerun '${TM[cpu_x0.5]}'"
    fi
    # Elasticity of the run time to latency: ln(T(2L) / T(L/2)) / ln 4.
    want=$(awk -v a="${TM[latency_x2]}" -v b="${TM[latency_x0.5]}" 'BEGIN { printf "%.4f", log(a / b) / log(4) }')
    got=$(python3 "$J" "$dir/t/sensitivity.json" "'%.4f' % a['elasticity']['latency']")
    [ "$got" = "$want" ] && ok "$desc: latency elasticity $got" || bad "$desc: latency elasticity '$got', want $want"
    got=$(python3 "$J" "$dir/t/sensitivity.json" "a['limiting']")
    [ "$got" = "$limit" ] && ok "$desc: limited by $got" || bad "$desc: limited by '$got', want $limit"
}

sens "an_scenarios all" cpu "$T/an_scenarios" all
sens "halo 65536 20" bandwidth "$T/halo" 65536 20
# Two more programs, cheaper: a few scenarios each. NPB CG's pattern
# (row sums, transpose exchange, allreduce; 4 communicators) and a ring of
# 8-byte messages.
ONLY="latency_x0.5 latency_x2 bandwidth_x2" sens "cg_pattern" bandwidth "$T/cg_pattern"
ONLY="latency_x0.5 latency_x2" sens "ring waitall 8 200" latency "$T/ring" waitall 8 200

# Not a trace: one line, exit 2.
job "sensitivity: not a trace" "$AN" --sensitivity "$dir/none"
[ $rc -eq 2 ] && ok "sensitivity: not a trace: exit 2" || bad "sensitivity: not a trace: exit $rc"

summary
