#!/bin/bash
# run_bench_loadtable.sh - the busy-machine benchmark table's script
# (tests/bench/loadtable.sh) runs what the table claims: with --dry-run,
# the commands in order (counted from the knobs, independently of the
# script), seshat with its defaults and SMPI on run-nas.sh's cluster,
# interleaved with the first side alternating, the part selectors; without
# NAS binaries it skips with a line saying so. With NPB_BIN and SMPI_BIN set
# (and class S binaries there) it also runs CG class S at 4 ranks once per
# side and checks the table row. Seconds.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
S=tests/bench/loadtable.sh

# The whole table: 7 round-trip pairs, then 2 rank counts x 3 conditions x
# 3 benchmarks x 3 repetitions x 2 sides.
env -u PARTS -u BENCHMARKS -u CONDS -u REPS -u RT_REPS NPB_BIN=/npb SMPI_BIN=/smpi \
    "$S" --dry-run >"$dir/all" 2>&1
n=$(grep -c '^\[' "$dir/all")
[ "$n" = $((7 * 2 + 2 * 3 * 3 * 3 * 2)) ] && ok "dry run lists 122 runs" || bad "dry run lists $n runs: $(head -3 "$dir/all")"
rt=$(grep -c '^\[rt,8B,-,2,0,' "$dir/all")
grep '^\[rt,' "$dir/all" | grep seshat-rt | grep -q -- '--set network.path=direct --set simulator.clock=none' &&
    [ "$rt" = 14 ] && [ "$(head -1 "$dir/all" | cut -c1-20)" = "[rt,8B,-,2,0,native-" ] &&
    ok "round trip first: 7 pairs, native then seshat on the direct path, clock = none" ||
    bad "round trip: $rt lines, $(head -2 "$dir/all")"
# seshat with no settings of its own; SMPI on the generated cluster
nas_seshat=$(grep -v '^\[rt' "$dir/all" | grep -c 'seshat-run -np [0-9]* -- /npb/[a-z]*\.A\.x$')
nas_smpi=$(grep -v '^\[rt' "$dir/all" | grep -c 'smpirun -np [0-9]* -platform .*smpi-platform.xml -hostfile .* --cfg=smpi/host-speed:1Gf /smpi/[a-z]*\.A\.x$')
[ "$nas_seshat" = 54 ] && [ "$nas_smpi" = 54 ] && ok "NAS: 54 seshat runs with its defaults, 54 SMPI runs on run-nas.sh's cluster" ||
    bad "NAS: $nas_seshat seshat, $nas_smpi SMPI runs"
# Per cell (ranks, condition, benchmark): rep 1 seshat smpi, rep 2 smpi
# seshat, rep 3 seshat smpi; conditions 0, 2, 10 in that order per rank count.
order=$(grep -v '^\[rt' "$dir/all" | sed 's/^\[\([^]]*\)\].*/\1/' | awk -F, '{ print $1, $5, $2, $6, $7 }' | paste -sd' ')
want=""
for np in 16 64; do for k in 0 2 10; do for b in cg mg lu; do
    want+="$np $k $b seshat 1 $np $k $b smpi 1 $np $k $b smpi 2 $np $k $b seshat 2 $np $k $b seshat 3 $np $k $b smpi 3 "
done; done; done
[ "$order" = "${want% }" ] && ok "interleaved, first side alternating, conditions quiet/2/10 per rank count" ||
    bad "order: ${order:0:200}"

# Part selectors: one rank count, one benchmark, no round trip.
PARTS=16 BENCHMARKS=cg NPB_BIN=/npb SMPI_BIN=/smpi "$S" --dry-run >"$dir/sel" 2>&1
n=$(grep -c '^\[' "$dir/sel"); m=$(grep -c '^\[16,cg,A,16,' "$dir/sel")
[ "$n" = 18 ] && [ "$m" = 18 ] && ok "PARTS=16 BENCHMARKS=cg: 18 runs, all cg.A.16" || bad "selected: $n runs, $m cg.A.16"
PARTS=rt RT_REPS=2 "$S" --dry-run >"$dir/rt" 2>&1
[ "$(grep -c '^\[rt,' "$dir/rt")" = 4 ] && [ "$(grep -c '^\[' "$dir/rt")" = 4 ] && ok "PARTS=rt RT_REPS=2: the round trip alone" ||
    bad "PARTS=rt: $(cat "$dir/rt")"

# No NAS binaries: a clear line, nothing run.
env -u NPB_BIN -u SMPI_BIN PARTS=16 OUT="$dir/o" "$S" >"$dir/skip" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^loadtable.sh: NAS rows skipped (set NPB_BIN and SMPI_BIN' "$dir/skip" && [ ! -s "$dir/o/runs.csv" ] &&
    ok "without NPB_BIN/SMPI_BIN: skipped, says so" || bad "skip: rc $rc, $(cat "$dir/skip")"

# A real row when the binaries are here (class S, 4 ranks, once per side).
if [ -n "${NPB_BIN:-}" ] && [ -n "${SMPI_BIN:-}" ] && [ -x "$NPB_BIN/cg.S.x" ] && [ -x "$SMPI_BIN/cg.S.x" ]; then
    PARTS=4 CLASS=S BENCHMARKS=cg CONDS="0 1" REPS=1 NO_DOC=1 OUT="$dir/o" "$S" >"$dir/real" 2>&1
    rows=$(grep -cE '^\| cg\.S\.4 \| (quiet|1 beside) \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| ≤ 1\.[05] \| [0-9.]+ \| [0-9.]+ \|$' "$dir/o/table.md")
    runs=$(grep -c ',ok,' "$dir/o/runs.csv" 2>/dev/null)
    [ "$rows" = 2 ] && [ "$runs" = 4 ] && ok "cg.S.4, quiet and 1 beside: 4 runs verified, 2 table rows" ||
        bad "real run: $rows rows, $runs runs ok: $(tail -5 "$dir/real")"
    for ((i = 0; i < 50; i++)); do pgrep -f tests/bench/loadtable.sh >/dev/null || break; sleep 0.1; done
    left=$(pgrep -fc tests/bench/loadtable.sh)
    [ "$left" = 0 ] && ok "nothing of the script left running" || bad "$left loadtable processes left"
else
    echo "skip a real row: set NPB_BIN and SMPI_BIN (with cg.S.x) to run one"
fi
summary
