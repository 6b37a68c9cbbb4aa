#!/bin/bash
# run_rmapat.sh - the one-sided wait states (docs/patterns.md, "One-sided
# communication") on tests/mpi/rma_pat.c, whose every wait is a closed
# form (D = 1 ms of MPI_Pcontrol compute on a network without latency or
# overheads): seshat-analyze's analysis.json and the independent oracle
# (tests/tools/oracle.py, from the trace dump) each give exactly the
# values computed here, and agree with each other on every pattern, call
# site and rank, with one and two analyzer processes.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
. tests/mpi/oracle.sh
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
D=1000000
tdir=$(mktemp -d)
trap 'rm -rf "$OUT" "$tdir"' EXIT

# Inclusive per-rank values (ranks 0 1 2), ns, summed over rma_pat.c's phases
# (see its header): Late Post D (late_post) + 2D (groups), Early Wait 2D
# (early_wait) + D (groups), of which Late Complete D (early_wait).
want() {
    printf '%s\n' "rma_sync_late_post $((D + 2 * D)) 0 0" \
        "rma_early_wait 0 $((2 * D + D)) 0" "rma_late_complete 0 $D 0" \
        "rma_wait_at_fence 0 $((2 * D)) $((2 * D))" "rma_early_fence 0 $D 0" \
        "rma_sync_lock_competition 0 0 $D" "rma_comm_lock_competition 0 0 $D"
}

d="one-sided wait states (rma_pat, 3 ranks)"
if job "$d" "$RUN" --set simulator.clock=none --set network.latency=0 \
        --set network.bandwidth=1GB/s --set network.overhead=0 --set network.gap=0 \
        --set report.summary=false --trace "$tdir/t" -np 3 -- "$T/rma_pat" && [ $rc = 0 ]; then
    if job "$d: analyze" "$BUILD/bin/seshat-analyze" --quiet "$tdir/t" && [ $rc = 0 ]; then
        # analysis.json, in ns
        python3 - "$tdir/t/analysis.json" > "$tdir/analyzer" 2>&1 <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
for p in ["rma_sync_late_post", "rma_early_wait", "rma_late_complete", "rma_wait_at_fence",
          "rma_early_fence", "rma_sync_lock_competition", "rma_comm_lock_competition"]:
    v = a["patterns"].get(p)
    print(p, *(round(x * 1e9) for x in v["per_rank"]) if v else ["missing"])
PY
        if diff <(want) "$tdir/analyzer" > "$OUT"; then ok "$d: analysis.json as computed ($(want | tr '\n' ';'))"
        else bad "$d: analysis.json differs from the closed forms"; fi
        # the oracle's own values
        if SESHAT_TRACE="$BUILD/bin/seshat-trace" python3 tests/tools/oracle.py --values "$tdir/t" \
               > "$tdir/oracle" 2>&1 &&
           diff <(want | sort) <(grep -E "^($(want | awk '{print $1}' | paste -sd'|')) " "$tdir/oracle" | sort) > "$OUT"; then
            ok "$d: the oracle's values as computed"
        else cat "$tdir/oracle" >> "$OUT"; bad "$d: the oracle's values differ from the closed forms"; fi
        # the CUBE file: Scalasca's metric tree, values equal to analysis.json's
        if python3 tests/tools/cube_check.py "$tdir/t/analysis.cubex" "$tdir/t/analysis.json" > "$OUT" 2>&1; then
            ok "$d: CUBE metrics under Scalasca's names and parents, values as analysis.json"
        else bad "$d: cube_check"; fi
    else bad "$d: seshat-analyze exit $rc"; fi
    oracle_check "$tdir/t" "one-sided wait states" "1 2"
else bad "$d: exit $rc"; fi
summary
