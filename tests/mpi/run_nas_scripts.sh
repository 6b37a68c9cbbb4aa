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
desc="nas-scripts: host mode without a host preset"
NPB_BIN="$dir/bin" MODES="native host" SESHAT_PRESETS="$dir/presets" job "$desc" nas-scripts/run-nas.sh "$dir/out" &&
    { [ $rc -eq 2 ] && grep -q "run seshat-calibrate first" "$OUT" && ok "$desc" || bad "$desc: exit $rc"; }

# A stand-in host preset: L = 10us, so the host column is 100 (L + 4 ns).
mkdir -p "$dir/presets"
printf '[simulator]\nclock = none\n[network]\nlatency = 10us\nbandwidth = 1GB/s\noverhead = 0\n' >"$dir/presets/host.ini"
desc="nas-scripts: series and table"
if NPB_BIN="$dir/bin" BENCHMARKS="cg ep" CLASSES="S F" NPROCS=2 REPS=2 MODES="native sim host" \
   SESHAT_PRESETS="$dir/presets" \
   SESHAT_ARGS="--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s --set network.overhead=0" \
   job "$desc" nas-scripts/run-nas.sh "$dir/out"; then
    runs=$(grep -c '^cg,S,2,' "$dir/out/runs.csv")
    [ "$runs" = 6 ] && ok "$desc: 6 cg runs recorded" || bad "$desc: $runs cg runs recorded"
    grep -q '^| cg.S.2 |.*| 0.001000 | [-+][0-9.]*% | [-+][0-9]*\.[0-9][0-9]% |.*| ok |$' "$dir/out/table2.md" &&
        ok "$desc: host column 0.001000 s with its error against native (time and Mop/s)" ||
        bad "$desc: host column: $(grep cg.S.2 "$dir/out/table2.md")"
    # 100 ring steps of 4 bytes: 100 (L + 4 ns) = 0.000500400 s, printed as 0.000500.
    grep -q '^| cg.S.2 |.*| 0.000500 |.*| ok |$' "$dir/out/table2.md" && ok "$desc: cg row, simulated 0.000500 s" \
        || bad "$desc: cg row: $(grep cg.S.2 "$dir/out/table2.md")"
    # Mop/s = 1e6 ops / 0.0010004 s: the host error's finer source.
    grep -q '^cg,S,2,host,1,ok,0.001000,999.60,' "$dir/out/runs.csv" && ok "$desc: host Mop/s 999.60 recorded" ||
        bad "$desc: host Mop/s: $(grep '^cg,S,2,host,1' "$dir/out/runs.csv")"
    # seshat's own nanosecond account of the run, sim and traced alike.
    grep -q '^cg,S,2,sim,1,ok,.*,0.000500400$' "$dir/out/runs.csv" && ok "$desc: virtual time 0.000500400 s recorded" ||
        bad "$desc: virtual time: $(grep '^cg,S,2,sim,1' "$dir/out/runs.csv")"
    # the load around each run and the CPU seconds it used, and their range in the table
    n=$(grep -cE '^cg,S,2,(native|sim|host),[12],[0-9.]+,[0-9.]+,[0-9.]+$' "$dir/out/load.csv")
    [ "$n" = 6 ] && grep -qE '^Load average \(1 min\) before/after the runs: [0-9.]+ \.\. [0-9.]+$' "$dir/out/table2.md" &&
        ok "$desc: load average and CPU seconds of every cg run" || bad "$desc: load.csv: $n cg lines: $(head -3 "$dir/out/load.csv")"
    grep -q '^| ep.F.2 |.*failed' "$dir/out/table2.md" && ok "$desc: failing benchmark marked failed" \
        || bad "$desc: ep row: $(grep ep.F.2 "$dir/out/table2.md")"
    if command -v gnuplot >/dev/null; then
        python3 tests/tools/png_nonblank.py "$dir/out/cg.S.2.png" >"$dir/png.txt" 2>&1 &&
            ok "$desc: figure $(cat "$dir/png.txt")" || bad "$desc: figure"
    fi
fi
# smpi mode: SimGrid's SMPI on binaries built with smpicc, on the generated
# cluster (0.75 us per link, two links): 100 ring steps of 4 bytes take
# 100 x 1.5 us = 150 us under both, printed by the stand-in as 0.000150.
desc="nas-scripts: smpi mode without SMPI_BIN"
NPB_BIN="$dir/bin" MODES="sim smpi" job "$desc" nas-scripts/run-nas.sh "$dir/smpi-out" &&
    { [ $rc -eq 2 ] && grep -q "set SMPI_BIN" "$OUT" && ok "$desc" || bad "$desc: exit $rc"; }
if command -v smpicc >/dev/null && command -v smpirun >/dev/null; then
    desc="nas-scripts: smpi mode beside seshat"
    mkdir -p "$dir/smpibin"
    if ! smpicc -O2 -o "$dir/smpibin/cg.S.x" tests/mpi/fake_npb.c >"$dir/smpicc.log" 2>&1; then
        bad "$desc: smpicc failed: $(tail -1 "$dir/smpicc.log")"
    elif NPB_BIN="$dir/bin" SMPI_BIN="$dir/smpibin" BENCHMARKS=cg CLASSES=S NPROCS=2 REPS=1 MODES="sim smpi" \
        SESHAT_ARGS="--set simulator.clock=none --set network.overhead=0" \
        SMPI_ARGS="--cfg=smpi/host-speed:1Gf --cfg=smpi/simulate-computation:no --cfg=network/model:CM02" \
        job "$desc" nas-scripts/run-nas.sh "$dir/smpi-out"; then
        grep -q '^cg,S,2,smpi,1,ok,0.000150,' "$dir/smpi-out/runs.csv" && grep -q '^cg,S,2,sim,1,ok,0.000150,' "$dir/smpi-out/runs.csv" &&
            ok "$desc: both report 0.000150 s" || bad "$desc: $(grep '^cg,S,2,' "$dir/smpi-out/runs.csv")"
        # times, then Mop/s (1 / the unrounded time: SMPI's 16-byte
        # envelopes make it 0.12% lower there, under 1%), then walls
        grep -qE '^\| cg.S.2 \|  \| 0.000150 \| 0.000150 \| \+0.0% \| 6666.67 \| [0-9.]+ \| [-+]0\.[0-9]+% \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| ok \|$' "$dir/smpi-out/smpi.md" &&
            ok "$desc: smpi.md row with Mop/s and the wall ratio" || bad "$desc: smpi.md: $(grep cg.S.2 "$dir/smpi-out/smpi.md")"
        grep -q 'radical="0-1"' "$dir/smpi-out/smpi-platform.xml" && ok "$desc: platform sized to the largest run" ||
            bad "$desc: platform: $(grep radical "$dir/smpi-out/smpi-platform.xml")"
    fi
fi

summary
