#!/bin/bash
# run_nas_scripts.sh - nas-scripts on a stand-in binary: refusals, the
# interleaved series, the table and the figures.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT

desc="nas-scripts: NPB_BIN unset"
NPB_BIN= job "$desc" nas-scripts/run-nas.sh "$dir/out" && { [ $rc -eq 2 ] && grep -q "set NPB_BIN" "$OUT" && ok "$desc" || bad "$desc: exit $rc"; }
desc="nas-scripts: no binaries"
mkdir -p "$dir/empty"
NPB_BIN="$dir/empty" job "$desc" nas-scripts/run-nas.sh "$dir/out" && { [ $rc -eq 2 ] && grep -q "no NPB binaries" "$OUT" && ok "$desc" || bad "$desc: exit $rc"; }

mkdir -p "$dir/bin"
cp "$T/fake_npb" "$dir/bin/cg.S.x"
cp "$T/fake_npb" "$dir/bin/ep.F.x"
desc="nas-scripts: series and table"
if NPB_BIN="$dir/bin" BENCHMARKS="cg ep" CLASSES="S F" NPROCS=2 REPS=2 MODES="native sim" \
   SESHAT_ARGS="--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s --set network.overhead=0" \
   job "$desc" nas-scripts/run-nas.sh "$dir/out"; then
    runs=$(grep -c '^cg,S,2,' "$dir/out/runs.csv")
    [ "$runs" = 4 ] && ok "$desc: 4 cg runs recorded" || bad "$desc: $runs cg runs recorded"
    # 100 ring steps of 4 bytes: 100 (L + 4 ns) = 0.000500400 s, printed as 0.000500.
    grep -q '^| cg.S.2 |.*| 0.000500 |.*| ok |$' "$dir/out/table2.md" && ok "$desc: cg row, simulated 0.000500 s" \
        || bad "$desc: cg row: $(grep cg.S.2 "$dir/out/table2.md")"
    grep -q '^| ep.F.2 |.*failed' "$dir/out/table2.md" && ok "$desc: failing benchmark marked failed" \
        || bad "$desc: ep row: $(grep ep.F.2 "$dir/out/table2.md")"
    if command -v gnuplot >/dev/null; then
        [ -s "$dir/out/cg.S.2.png" ] && ok "$desc: figure" || bad "$desc: no figure"
    fi
fi
summary
