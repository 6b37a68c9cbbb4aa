#!/bin/bash
# bench/nas_smpi.sh - NAS class A under seshat beside SimGrid's SMPI (same
# 1.5 us / 12.5 GB/s cluster) at 4, 16 and 64 ranks, and beside native at 4
# ranks (sim and traced), then communication only in the matched
# configuration (docs/validation.md, "SMPI") at 16 and 64 ranks, through nas-scripts/run-nas.sh; the tables go to
# docs/performance.md between the nas-smpi markers. Needs binaries you built
# (docs/validation.md): NPB_BIN (mpif90/mpicc) and SMPI_BIN (smpif90/smpicc);
# nothing from NPB is part of seshat. Skipped when they are not set.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=$(cd "${BUILD:-build}" && pwd) || exit 2
if [ -z "${NPB_BIN:-}" ] || [ -z "${SMPI_BIN:-}" ]; then
    echo "nas_smpi.sh: skipped (set NPB_BIN and SMPI_BIN to run NAS against SMPI)"
    exit 0
fi
BENCHMARKS=${BENCHMARKS:-"cg mg ft is lu"}
REPS=${REPS:-3}
NPROCS=${NPROCS:-"4 16 64"}
out=$(mktemp -d)
export NPB_BIN SMPI_BIN BENCHMARKS REPS
SESHAT_RUN="$BUILD/bin/seshat-run" CLASSES=A NPROCS=4 MODES="native sim traced smpi" \
    nas-scripts/run-nas.sh "$out" >/dev/null
big=$(tr ' ' '\n' <<<"$NPROCS" | grep -vx 4 | tr '\n' ' ')
[ -n "${big// /}" ] && SESHAT_RUN="$BUILD/bin/seshat-run" CLASSES=A NPROCS="$big" MODES="sim smpi" \
    nas-scripts/run-nas.sh "$out" >/dev/null
nas-scripts/report.sh "$out" >/dev/null 2>&1
# Communication only, matched configuration (docs/validation.md, "SMPI"):
# seshat with model = simgrid on the SMPI oracle's cluster, clock = none;
# SMPI on the same platform with CM02, no cross traffic, Open MPI's
# selector, eager up to 64 KiB on both sides, no computation.
matched=$(mktemp -d)
PLAT=$PWD/tests/smpi/cluster.xml
SESHAT_RUN="$BUILD/bin/seshat-run" CLASSES=A NPROCS="${MATCHED_NPROCS:-16 64}" MODES="sim smpi" \
    SESHAT_ARGS="--set simulator.clock=none --set network.model=simgrid --set network.platform=$PLAT --set network.overhead=0 --set network.gap=0 --set network.eager_limit=64KiB" \
    SMPI_PLATFORM=$PLAT SMPI_ARGS="--cfg=network/model:CM02 --cfg=network/crosstraffic:0 --cfg=smpi/coll-selector:ompi --cfg=smpi/async-small-thresh:65537 --cfg=smpi/send-is-detached-thresh:65537 --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0" \
    nas-scripts/run-nas.sh "$matched" >/dev/null
nas-scripts/report.sh "$matched" >/dev/null 2>&1
slow=$(awk -F, 'NR > 1 && $3 != "" { printf "| %s | %s | %s | %s | %s |\n", $1, $3, $12, $13, $21 }' "$out/table2.csv" | grep '\.4 |')
table=$(cat <<EOT
Measured $(date -u +%Y-%m-%d) on $(nproc) cores, $(bench_load_note), median of $REPS
interleaved runs, command: \`NPB_BIN=... SMPI_BIN=... make bench\` (\`tests/bench/nas_smpi.sh\`, which runs
\`nas-scripts/run-nas.sh\` with \`MODES="native sim traced smpi"\` at 4 ranks and \`"sim smpi"\` above). SMPI runs
on the cluster run-nas.sh generates (0.75 µs per link, two links per route, 12.5 GB/s, \`--cfg=smpi/host-speed:1Gf\`);
seshat runs its default configuration (LogGP, 1.5 µs, 12.5 GB/s, \`clock = cpu\`).

$(cat "$out/smpi.md")

Communication only, matched configuration (\`clock = none\`, \`model = simgrid\` on \`tests/smpi/cluster.xml\`;
SMPI with the same platform and the matched \`--cfg\` of docs/validation.md, "SMPI"):

$(cat "$matched/smpi.md" 2>/dev/null)

Class A at 4 ranks against native (target: sim ≤ 1.1, traced ≤ 1.15):

| run | native wall (s) | sim / native | traced / native | status |
|---|---|---|---|---|
$slow
EOT
)
echo "$table"
cp "$out/runs.csv" "${NAS_SMPI_KEEP:-/dev/null}" 2>/dev/null
rm -rf "$out" "$matched"
put_section nas-smpi "$table"
