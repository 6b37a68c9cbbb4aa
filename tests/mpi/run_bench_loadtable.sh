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

# --report: the rows of earlier runs, from their runs.csv and load.log
# (made up here: medians, the lower middle of an even count as everywhere
# in tests/bench, ratios and load means worked out by hand).
mkdir -p "$dir/r1" "$dir/r2"
cat >"$dir/r1/runs.csv" <<EOT
part,bench,class,np,beside,side,rep,status,value,t0,t1
rt,8B,-,2,0,native-rt,1,ok,0.5,100,101
rt,8B,-,2,0,seshat-rt,1,ok,1.5,101,102
16,cg,A,16,0,seshat,1,ok,3.0,110,113
16,cg,A,16,0,smpi,1,ok,6.0,113,119
16,cg,A,16,0,smpi,2,ok,5.0,119,121
16,cg,A,16,0,seshat,2,ok,1.0,121,122
16,cg,A,16,0,seshat,3,ok,2.0,122,124
16,cg,A,16,0,smpi,3,failed,fail,124,130
EOT
printf '%s\n' "100.5 2 1.00" "105 9 9.00" "111 4 2.00" "120 6 4.00" "131 50 50.00" >"$dir/r1/load.log"
cat >"$dir/r2/runs.csv" <<EOT
part,bench,class,np,beside,side,rep,status,value,t0,t1
64,lu,A,64,10,seshat,1,ok,10.0,200,210
64,lu,A,64,10,smpi,1,failed,fail,210,220
EOT
printf '%s\n' "205 12 10.50" >"$dir/r2/load.log"
"$S" --report "$dir/r1" "$dir/r2" | grep '^| [8cl]' >"$dir/rep"
cat >"$dir/want" <<'EOT'
| 8-byte round trip, direct, `clock = none` (one-way µs) | quiet | 1.5 | 0.5 (native) | 3.00 | ≤ 4 | 1+1 | 2.0 | 1.00 |
| cg.A.16 | quiet | 2.0 | 5.0 | 0.40 | ≤ 1.0 | 3+2 | 5.0 | 3.00 |
| lu.A.64 | 10 beside | 10.0 | fail | - | ≤ 1.5 | 1+0 | 12.0 | 10.50 |
EOT
diff "$dir/want" "$dir/rep" >/dev/null && ok "--report: medians of the verified runs, ratios, load means over the rows' runs, two directories" ||
    bad "--report: $(diff "$dir/want" "$dir/rep")"

# No NAS binaries: a clear line, nothing run.
env -u NPB_BIN -u SMPI_BIN PARTS=16 OUT="$dir/o" "$S" >"$dir/skip" 2>&1
rc=$?
[ $rc = 0 ] && grep -q '^loadtable.sh: NAS rows skipped (set NPB_BIN and SMPI_BIN' "$dir/skip" && [ ! -s "$dir/o/runs.csv" ] &&
    ok "without NPB_BIN/SMPI_BIN: skipped, says so" || bad "skip: rc $rc, $(cat "$dir/skip")"

# A real row when the binaries are here (class S, 4 ranks, once per side).
if [ -n "${NPB_BIN:-}" ] && [ -n "${SMPI_BIN:-}" ] && [ -x "$NPB_BIN/cg.S.x" ] && [ -x "$SMPI_BIN/cg.S.x" ]; then
    PARTS=4 CLASS=S BENCHMARKS=cg CONDS="0 1" REPS=1 NO_DOC=1 OUT="$dir/o" "$S" >"$dir/real" 2>&1
    rows=$(grep -cE '^\| cg\.S\.4 \| (quiet|1 beside) \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| ≤ 1\.[05] \| 1\+1 \| [0-9.]+ \| [0-9.]+ \|$' "$dir/o/table.md")
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
