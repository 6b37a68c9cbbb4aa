#!/bin/bash
# bench/run.sh - seshat's overhead benchmarks, native and under seshat side
# by side in one run (interleaved, median of REPS), written to
# docs/performance.md between the BEGIN/END markers.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
B="$BUILD/tests/bench/wall_pingpong"
REPS=${REPS:-5}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# Fine-grained messages (its own script, docs/performance.md "p2p").
BUILD="$BUILD" REPS="$REPS" tests/bench/wall_pingpong.sh
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# Tracing (its own script, docs/performance.md "trace").
BUILD="$BUILD" REPS="$REPS" tests/bench/trace.sh
# Call-stack sampling (its own script, docs/performance.md "sampler").
BUILD="$BUILD" REPS="$REPS" tests/bench/sampler.sh

# The profile (its own script, docs/performance.md "profile").
BUILD="$BUILD" REPS="$REPS" tests/bench/profile.sh

# One-sided wrappers (its own script, docs/performance.md "rma").
BUILD="$BUILD" REPS="$REPS" tests/bench/rma.sh

# Replay analyzer: a >= 10-million-event trace (8-byte ping-pong), analyzed
# by 1 and 2 processes; events per second per process and peak memory.
adir=$(mktemp -d)
"$BUILD/bin/seshat-run" --trace "$adir/t" -np 2 -- "$B" latency 1300000 >/dev/null 2>&1
AEV=$("$BUILD/bin/seshat-trace" stats "$adir/t" | awk '$1 == "events" { print $2 }')
declare -A AW AM
for v in "1" "2" "1 --no-critical-path" "2 --no-critical-path"; do
    set -- $v
    out=$( { /usr/bin/time -f "TIME %e %M" "$BUILD/bin/seshat-analyze" -j $1 ${2:-} --quiet "$adir/t"; } 2>&1 )
    AW[$v]=$(awk '/^TIME/ { print $2 }' <<<"$out"); AM[$v]=$(awk '/^TIME/ { printf "%.0f", $3 / 1024 }' <<<"$out")
done
rm -rf "$adir"
eps() { awk -v e="$AEV" -v w="$1" -v j="$2" 'BEGIN { printf "%.2f M", e / w / j / 1e6 }'; }
atable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), $(bench_load_note), command: \`make bench\` (one run each).

| analyzer processes | trace events | wall (s) | events/s per process | peak memory per process (MB) | target |
|---|---|---|---|---|---|
| 1 | $AEV | ${AW[1]} | $(eps "${AW[1]}" 1) | ${AM[1]} | ≥ 5 M events/s |
| 2 | $AEV | ${AW[2]} | $(eps "${AW[2]}" 2) | ${AM[2]} | ≥ 5 M events/s |
| 1, \`--no-critical-path\` | $AEV | ${AW[1 --no-critical-path]} | $(eps "${AW[1 --no-critical-path]}" 1) | ${AM[1 --no-critical-path]} | ≥ 5 M events/s |
| 2, \`--no-critical-path\` | $AEV | ${AW[2 --no-critical-path]} | $(eps "${AW[2 --no-critical-path]}" 2) | ${AM[2 --no-critical-path]} | ≥ 5 M events/s |
EOT
)
echo "$atable"
put_section analyze "$atable"

# Analyzer memory against trace length (its own script: it takes minutes).
BUILD="$BUILD" tests/bench/analyze_mem.sh

# SimGrid model (uncongested) against loggp, messages modeled per second.
if [ -x tests/bench/simgrid.sh ]; then
    sgout=$(BUILD="$BUILD" tests/bench/simgrid.sh 500 20)
    sg=$(awk '($1 == "loggp" || $1 == "simgrid") && NF == 6 { printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' <<<"$sgout")
    cn=$(awk 'NF == 9 && $1 != "case" { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9 }' <<<"$sgout")
    stable=$(cat <<EOT
Measured $(date -u +%Y-%m-%d), $(bench_load_note), command: \`make bench\` (\`tests/bench/simgrid.sh 500\`: a ring of 500
nonblocking 1 KiB steps on a 3-D torus platform, round-robin placement, \`clock = none\`).

| model | path | ranks | messages | wall (s) | messages/s |
|---|---|---|---|---|---|
$sg

Contention (\`contention = on\`) against the same job uncongested, both on the
relay path (one model rank): rings of 125 steps and 20 all-to-alls of 1 KiB
per peer, as point-to-point messages and as \`MPI_Alltoall\` (every step of
its pairwise schedule a SimGrid flow). \`on_vs_off\` is the wall-time ratio:
the cost of the conservative protocol and of SimGrid's bandwidth sharing;
\`sg_wall_s\` the part spent inside \`Engine::run_until\`.

| case | ranks | contention | messages | wall (s) | messages/s | flows | sg wall (s) | on/off |
|---|---|---|---|---|---|---|---|---|
$cn
EOT
)
    echo "$stable"
    put_section simgrid "$stable"
fi

# Start-up and memory at scale, and NAS against SMPI (skipped unless
# NPB_BIN and SMPI_BIN name binaries you built).
BUILD="$BUILD" tests/bench/startup.sh
BUILD="$BUILD" tests/bench/nas_smpi.sh
# The busy-machine table: NAS against SMPI quiet, 2 and 10 CPU-bound
# processes beside, and the direct round trip (skips NAS without them).
BUILD="$BUILD" tests/bench/loadtable.sh
