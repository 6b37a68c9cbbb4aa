#!/bin/bash
# run_compare.sh - seshat-analyze --compare A B: two runs of an_scenarios
# that differ in one phase (B doubles the late_sender scenario's compute,
# D = 2 ms -> 4 ms on rank 1), compared as traces and as profiles. Closed
# forms (clock = none): rank 0's MPI_Recv waits 2 ms longer (Late Sender),
# ranks 2 and 3 wait 2 ms longer each in the barrier after it (Wait at
# Barrier, 4 ms), rank 1 computes 2 ms more, and every rank ends 2 ms later.
# (late_sender() may be inlined into main: the function is then main's.)
SRC=tests/mpi/an_scenarios.c
LRECV=$(grep -n 'MPI_Recv(&x, 1, MPI_INT, 1, 1,' $SRC | head -1 | cut -d: -f1)
LBAR=$(grep -n 'late_sender();' -A2 $SRC | grep MPI_Barrier | head -1 | cut -d- -f1)
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
AN="$BUILD/bin/seshat-analyze"
J=tests/tools/json_get.py
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s)
A="$dir/a"; B="$dir/b <x&y>"
# check LABEL EXPR WANT (in compare.json)
check() {
    local got; got=$(python3 "$J" "$C/compare.json" "$2" 2>&1)
    [ "$got" = "$3" ] && ok "$desc: $1 = $got" || bad "$desc: $1 = '$got', want $3"
}
d() { echo "'%.9f' % $1['diff']"; }

desc="compare traces"
job "$desc" "$RUN" "${BASE[@]}" --trace "$A" --profile="$A/prof" -np 4 -- "$T/an_scenarios" all &&
job "$desc" "$RUN" "${BASE[@]}" --trace "$B" --profile="$B/prof" -np 4 -- "$T/an_scenarios" all 2 late_sender &&
job "$desc" "$AN" --compare "$A" "$B" --out "$dir/c" && C="$dir/c"
if [ $rc -eq 0 ] && [ -s "$dir/c/compare.json" ]; then
    check "run time" "$(d "a['run_time']")" "0.002000000"
    check "per rank" "[(x['rank'], '%.9f' % x['diff']) for x in a['ranks']]" \
        "[(0, '0.002000000'), (1, '0.002000000'), (2, '0.002000000'), (3, '0.002000000')]"
    # ties in size: by name
    check "patterns, largest first" "[(x['name'], '%.9f' % x['diff']) for x in a['patterns'] if abs(x['diff']) > 1e-12]" \
        "[('time', '0.008000000'), ('mpi', '0.006000000'), ('collective', '0.004000000'), ('wait_barrier', '0.004000000'), ('computation', '0.002000000'), ('late_sender', '0.002000000'), ('p2p', '0.002000000')]"
    check "call paths, largest first" "[(x['call'], x['location'].split(' ')[0], '%.9f' % x['diff']) for x in a['callpaths'] if abs(x['diff']) > 1e-12]" \
        "[('MPI_Barrier', '$SRC:$LBAR', '0.004000000'), ('MPI_Recv', '$SRC:$LRECV', '0.002000000')]"
    grep -q "^run time .* +0.002000000" "$OUT" && ok "$desc: text summary" || bad "$desc: text summary"
    [ -s "$dir/c/compare.txt" ] && ok "$desc: compare.txt" || bad "$desc: no compare.txt"
    # HTML: every string escaped (B's directory name has < & >).
    if grep -q 'b &lt;x&amp;y&gt;' "$dir/c/compare.html" && ! grep -q '<x&y>' "$dir/c/compare.html"; then
        ok "$desc: compare.html escapes the names"
    else bad "$desc: compare.html: names not escaped"; fi
    # CUBE: a difference file the CUBE checker accepts, its values B - A.
    python3 tests/tools/cube_check.py "$dir/c/compare.cubex" "$dir/c/compare-analysis.json" >"$OUT" 2>&1 &&
        ok "$desc: compare.cubex passes cube_check.py" || bad "$desc: cube_check.py"
    got=$(python3 "$J" "$dir/c/compare-analysis.json" "('%.9f' % a['patterns']['late_sender']['total'], '%.9f' % a['patterns']['wait_barrier']['per_rank'][2])")
    [ "$got" = "('0.002000000', '0.002000000')" ] && ok "$desc: the CUBE difference's figures are B - A: $got" ||
        bad "$desc: compare-analysis.json: $got"
else bad "$desc: exit $rc, no compare.json"; fi

desc="compare profiles"
if job "$desc" "$AN" --compare "$A/prof" "$B/prof" --out "$dir/p"; then C="$dir/p"
    check "run time" "$(d "a['run_time']")" "0.002000000"
    check "top call paths" "[(x['call'], x['location'].split(' < ')[0].split(' ')[1], '%.9f' % x['diff']) for x in a['callpaths']][:2]" \
        "[('MPI_Barrier', '$SRC:$LBAR', '0.004000000'), ('MPI_Recv', '$SRC:$LRECV', '0.002000000')]"
else bad "$desc: exit $rc"; fi

desc="compare: not comparable"
job "$desc" "$AN" --compare "$A" "$dir/none" --out "$dir/x"
[ $rc -eq 2 ] && ok "$desc: exit 2" || bad "$desc: exit $rc"
summary
