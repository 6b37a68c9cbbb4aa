#!/bin/bash
# run_outputs.sh - the analyzer's outputs as the field's tools expect them:
# the CUBE4 file against Scalasca's metric names and hierarchy, regions
# with files and lines and a real call tree (tests/tools/cube_check.py).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
AN="$BUILD/bin/seshat-analyze"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT

desc="outputs an_scenarios all"
job "$desc" "$RUN" --set simulator.clock=none --trace "$dir/all" -np 4 -- "$T/an_scenarios" all &&
    [ $rc -eq 0 ] && job "$desc" "$AN" "$dir/all" && [ $rc -eq 0 ] || bad "$desc: trace/analyze exit $rc"

desc="outputs cube"
python3 tests/tools/cube_check.py "$dir/all/analysis.cubex" "$dir/all/analysis.json" >"$OUT" 2>&1 &&
    ok "$desc: $(tail -1 "$OUT")" || bad "$desc: cube_check.py"

summary
