#!/bin/bash
# bench/startup.sh [NP...] - start-up and memory at scale: an MPI hello
# (hello_mem: MPI_Init, a barrier, every rank's peak RSS) under plain mpirun
# and under seshat-run, interleaved, median wall of REPS runs, written to
# docs/performance.md between the startup markers.
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=${BUILD:-build}
REPS=${REPS:-3}
NPS=${*:-64 256}
H="$BUILD/tests/bench/hello_mem"
[ -x "$H" ] || { echo "startup.sh: $H not built (make bench builds it)" >&2; exit 2; }
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b }'; }
now() { date +%s.%N; }
tf=$(mktemp); trap 'rm -f "$tf"' EXIT
run() {   # run MODE NP -> "wall max_kb mean_kb cpu" (cpu: user + sys of the whole job)
    local t0 t1 out cpu
    t0=$(now)
    case $1 in
        native) out=$(/usr/bin/time -o "$tf" -f "%U %S" timeout 900 mpirun --oversubscribe $root -np "$2" "$H" 2>&1) ;;
        seshat) out=$(/usr/bin/time -o "$tf" -f "%U %S" timeout 900 "$BUILD/bin/seshat-run" -np "$2" -- "$H" 2>&1) ;;
    esac
    t1=$(now)
    cpu=$(awk '/^[0-9.]+ [0-9.]+$/ { printf "%.2f", $1 + $2 }' "$tf")
    awk -v a="$t0" -v b="$t1" -v c="${cpu:-0}" '/^BENCH hwm_kb/ { printf "%.3f %d %d %s\n", b - a, $3, $4, c; f = 1 }
        END { if (!f) print "fail 0 0 0" }' <<<"$out"
}
rows=""
for n in $NPS; do
    declare -A W M A C
    W=(); M=(); A=(); C=()
    for r in $(seq "$REPS"); do
        for mode in native seshat; do
            read -r w m a c < <(run $mode "$n")
            W[$mode]+="$w "; M[$mode]=$m; A[$mode]=$a
            [ "$w" = fail ] || C[$mode]+="$c "
        done
    done
    nw=$(tr ' ' '\n' <<<"${W[native]}" | grep -v fail | grep . | median)
    sw=$(tr ' ' '\n' <<<"${W[seshat]}" | grep -v fail | grep . | median)
    nc=$(tr ' ' '\n' <<<"${C[native]}" | grep . | median)
    sc=$(tr ' ' '\n' <<<"${C[seshat]}" | grep . | median)
    rows+="| $n | ${nw:-failed} / ${nc:-?} | ${sw:-failed} / ${sc:-?} | $(ratio "$sw" "$nw") / $(ratio "$sc" "$nc") | $((M[native] / 1024)) / $((A[native] / 1024)) | $((M[seshat] / 1024)) / $((A[seshat] / 1024)) | ≤ 1.2; ≤ native + 10 |
"
done
table=$(cat <<EOT
Measured $(date -u +%Y-%m-%d) on $(nproc) cores, $(bench_load_note), median wall of $REPS interleaved runs,
command: \`make bench\` (\`tests/bench/startup.sh $NPS\`). The program is an MPI hello (\`tests/bench/hello_mem.c\`:
MPI_Init, a barrier, each rank's peak resident set, MPI_Finalize); CPU is user + sys of the whole job
(\`/usr/bin/time\`, far less noisy than wall on a shared machine); memory is the application ranks' VmHWM
(seshat's model rank is not in the program's world).

| ranks | mpirun wall / CPU (s) | seshat-run wall / CPU (s) | seshat / mpirun (wall / CPU) | native RSS max / mean (MB) | seshat RSS max / mean (MB) | targets (wall ratio; MB) |
|---|---|---|---|---|---|---|
${rows%$'\n'}
EOT
)
echo "$table"
put_section startup "$table"
