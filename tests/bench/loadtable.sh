#!/bin/bash
# bench/loadtable.sh - seshat against SimGrid's SMPI on a busy machine: NAS
# CG, MG and LU (class A) at 16 and 64 ranks, seshat's wall / SMPI's wall
# with nothing beside, with 2 and with 10 CPU-bound processes beside,
# seshat and SMPI interleaved (REPS each, median); and the 8-byte round
# trip on the direct path with clock = none against native, nothing
# beside. Every row states the load sampled while it ran: the kernel's
# runnable count (/proc/loadavg, 4th field, without the sampler itself)
# and the 1-minute load average, both averaged over the row's runs. The
# table goes to docs/performance.md (BEGIN/END loadtable); the raw runs to
# $OUT/runs.csv, the samples to $OUT/load.log, the table to $OUT/table.md.
#
#   NPB_BIN=/path/bin SMPI_BIN=/path/smpi-bin tests/bench/loadtable.sh [--dry-run]
#   knobs: PARTS="16 64 rt" (rank counts, any, and rt: the round trip)
#          BENCHMARKS="cg mg lu"  CLASS=A  CONDS="0 2 10" (processes beside)
#          REPS=3  RT_REPS=7  ITERS=20000  TIMEOUT=1800 (s per run)
#          OUT=$BUILD/bench-loadtable  NO_DOC=1 (leave the docs alone)
#   --dry-run: list the commands in the order they would run, run nothing.
#   --report DIR...: the table of earlier runs (OUT directories; an
#   interrupted run's too), e.g. of rows measured in separate runs.
#
# seshat runs its default configuration (SESHAT_IDLE=auto); SMPI runs as
# tests/bench/nas_smpi.sh runs it through nas-scripts/run-nas.sh: one host
# per rank on the cluster run-nas.sh generates (0.75 us per link, two links
# per route, 12.5 GB/s), --cfg=smpi/host-speed:1Gf. Needs NAS binaries you
# built (docs/validation.md); skipped when NPB_BIN or SMPI_BIN is not set
# (the round trip alone, PARTS=rt, needs neither).
cd "$(dirname "$0")/../.." || exit 1
. tests/bench/lib.sh
BUILD=$(cd "${BUILD:-build}" && pwd) || exit 2
DRY=0
[ "${1:-}" = --dry-run ] && DRY=1
[ "${1:-}" = --report ] && DRY=1   # (runs nothing either)
PARTS=${PARTS:-"16 64 rt"}
BENCHMARKS=${BENCHMARKS:-"cg mg lu"}
CLASS=${CLASS:-A}
CONDS=${CONDS:-"0 2 10"}
REPS=${REPS:-3}
RT_REPS=${RT_REPS:-7}
ITERS=${ITERS:-20000}
TIMEOUT=${TIMEOUT:-1800}
OUT=${OUT:-$BUILD/bench-loadtable}
NPS=$(tr ' ' '\n' <<<"$PARTS" | grep -x '[0-9][0-9]*' | tr '\n' ' ')
RT=0
[[ " $PARTS " == *" rt "* ]] && RT=1
if [ -n "${NPS// /}" ] && { [ -z "${NPB_BIN:-}" ] || [ -z "${SMPI_BIN:-}" ]; }; then
    if [ $DRY = 1 ]; then
        NPB_BIN=${NPB_BIN:-\$NPB_BIN} SMPI_BIN=${SMPI_BIN:-\$SMPI_BIN}
    else
        echo "loadtable.sh: NAS rows skipped (set NPB_BIN and SMPI_BIN to the NAS binaries you built)"
        NPS=""
        [ $RT = 1 ] || exit 0
    fi
fi
root=()
[ "$(id -u)" -eq 0 ] && root=(--allow-run-as-root)
PP="$BUILD/tests/bench/wall_pingpong"

# SMPI's platform and host file, as nas-scripts/run-nas.sh writes them.
SMPI_ARGS=${SMPI_ARGS:---cfg=smpi/host-speed:1Gf}
maxn=1
for n in $NPS; do [ "$n" -gt "$maxn" ] && maxn=$n; done
PLAT=$OUT/smpi-platform.xml HOSTS=$OUT/smpi-hosts
if [ $DRY = 0 ]; then
    mkdir -p "$OUT" || exit 2
    for i in $(seq 0 $((maxn - 1))); do echo "node-$i"; done >"$HOSTS"
    cat >"$PLAT" <<EOX
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="seshat" prefix="node-" suffix="" radical="0-$((maxn - 1))" speed="1Gf"
           bw="12.5GBps" lat="0.75us" loopback_bw="100GBps" loopback_lat="0us"/>
</platform>
EOX
fi

# side_cmd SIDE BENCH NP: the command of one run into cmd.
side_cmd() {
    case $1 in
        seshat) cmd=("$BUILD/bin/seshat-run" -np "$3" -- "$NPB_BIN/$2.$CLASS.x") ;;
        smpi) # shellcheck disable=SC2206
              cmd=(smpirun -np "$3" -platform "$PLAT" -hostfile "$HOSTS" $SMPI_ARGS "$SMPI_BIN/$2.$CLASS.x") ;;
        native-rt) cmd=(mpirun --oversubscribe "${root[@]}" -np 2 "$PP" latency "$ITERS") ;;
        seshat-rt) cmd=("$BUILD/bin/seshat-run" --set network.path=direct --set simulator.clock=none
                        --set simulator.virtual_clocks=off -np 2 -- "$PP" latency "$ITERS") ;;
    esac
}

# ---- load: sampled every half second while the script runs -----------
sampler_pid="" hogs=() running=""
cleanup() {
    [ -n "$running" ] && kill "$running" 2>/dev/null
    [ -n "$sampler_pid" ] && kill "$sampler_pid" 2>/dev/null
    [ ${#hogs[@]} -gt 0 ] && kill "${hogs[@]}" 2>/dev/null
    bench_load_stop
    rm -rf "${work:-}"
}
trap '[ "$BASHPID" = $$ ] && cleanup' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# "time runnable load1" lines; runnable without the sampler itself
sampler() {
    local a q
    trap - EXIT INT TERM
    while kill -0 $$ 2>/dev/null; do
        read -r a _ _ q _ </proc/loadavg
        echo "$EPOCHREALTIME $((${q%/*} - 1)) $a"
        sleep 0.5
    done
}
# beside K: K CPU-bound processes for the condition (each also stops by
# itself once this script is gone: lib.sh's loader)
beside() {
    [ ${#hogs[@]} -gt 0 ] && { kill "${hogs[@]}" 2>/dev/null; wait "${hogs[@]}" 2>/dev/null; }
    hogs=()
    local i
    for ((i = 0; i < $1; i++)); do
        bench_load_loader $$ &
        hogs+=($!)
    done
}
# run LABEL: run cmd and append it to runs.csv with its value (the wall,
# s; the round trip: one-way µs) and span. --dry-run: print it.
run() {
    if [ $DRY = 1 ]; then
        echo "[$1] ${cmd[*]}"
        return
    fi
    local t0 t1 st=ok
    t0=$EPOCHREALTIME
    # in the background, so that a kill of this script stops it too
    # (timeout runs it in a process group of its own)
    (cd "$work" && exec timeout "$TIMEOUT" "${cmd[@]}") >"$work/out" 2>&1 &
    running=$!
    wait $running || st=failed
    running=""
    t1=$EPOCHREALTIME
    case $1 in
        *rt*) v=$(awk '/^BENCH/ { print $3 }' "$work/out")
              [ -n "$v" ] || st=failed ;;
        *)    grep -qE 'Verification +=\s+SUCCESSFUL' "$work/out" || st=failed
              v=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }') ;;
    esac
    [ $st = ok ] || { cp "$work/out" "$OUT/failed.$1.log"; v=fail; }
    echo "$1,$st,$v,$t0,$t1" >>"$OUT/runs.csv"
}
# rows DIR...: the table's rows from the runs (DIR/runs.csv) and load
# samples (DIR/load.log) of one or more runs of this script, a row per
# (rank count, benchmark, condition) in the order they ran: the median (of
# an even count the lower middle one, as in the other scripts here) of
# each side's verified runs (their count: runs), their ratio, and the load
# samples taken while any of the row's runs ran, averaged.
rows() {
    local d logs=() csvs=()
    for d in "$@"; do logs+=("$d/load.log"); csvs+=("$d/runs.csv"); done
    cat "${logs[@]}" | awk -v FS=, -v loads=/dev/stdin '
        BEGIN { while ((getline line < loads) > 0) { split(line, x, " "); nl++; lt[nl] = x[1]; lq[nl] = x[2]; ll[nl] = x[3] } }
        $1 == "part" { next }
        {
            key = $1 "," $2 "," $3 "," $4 "," $5
            if (!(key in seen)) { seen[key] = 1; order[++nk] = key }
            side = ($6 == "seshat" || $6 == "seshat-rt") ? "s" : "o"
            if ($8 == "ok") { n[key, side]++; v[key, side, n[key, side]] = $9 }
            ns[key]++; s0[key, ns[key]] = $10; s1[key, ns[key]] = $11
        }
        function med(key, side,    k, i, j, t, a) {
            k = n[key, side]
            if (!k) return ""
            for (i = 1; i <= k; i++) a[i] = v[key, side, i]
            for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
            return a[int((k + 1) / 2)]
        }
        END {
            for (g = 1; g <= nk; g++) {
                key = order[g]; split(key, f, ",")
                q = l = c = 0
                for (i = 1; i <= nl; i++)
                    for (j = 1; j <= ns[key]; j++)
                        if (lt[i] >= s0[key, j] && lt[i] <= s1[key, j]) { q += lq[i]; l += ll[i]; c++; break }
                a = med(key, "s"); b = med(key, "o")
                r = (a != "" && b != "" && b > 0) ? sprintf("%.2f", a / b) : "-"
                ld = c ? sprintf("%.1f | %.2f", q / c, l / c) : "- | -"
                runs = (n[key, "s"] + 0) "+" (n[key, "o"] + 0)
                if (a == "") a = "fail"
                if (b == "") b = "fail"
                if (f[1] == "rt")
                    printf "| 8-byte round trip, direct, `clock = none` (one-way µs) | quiet | %s | %s (native) | %s | ≤ 4 | %s | %s |\n", a, b, r, runs, ld
                else
                    printf "| %s.%s.%s | %s | %s | %s | %s | %s | %s | %s |\n", f[2], f[3], f[4],
                        f[5] == 0 ? "quiet" : f[5] " beside", a, b, r, f[5] == 0 ? "≤ 1.0" : "≤ 1.5", runs, ld
            }
        }' "${csvs[@]}"
}
HEAD='| run | beside | seshat wall (s) | SMPI wall (s) | seshat / SMPI | goal | runs | runnable | 1-min load |
|---|---|---|---|---|---|---|---|---|'
LEGEND="Beside: CPU-bound processes the script runs for the row's runs. Runs: verified runs (seshat + SMPI),
the medians' count. Runnable: the kernel's runnable tasks (/proc/loadavg, the benchmark's own included,
the sampler not) and 1-min: the load average, both averaged over the row's runs (sampled every 0.5 s)."
# --report DIR...: the table of earlier (or interrupted) runs.
if [ "${1:-}" = --report ]; then
    shift
    printf '%s\n\n%s\n%s\n' "$LEGEND" "$HEAD" "$(rows "$@")"
    exit 0
fi

if [ $DRY = 0 ]; then
    work=$(mktemp -d "${TMPDIR:-/tmp}/loadtable.XXXXXX")
    echo "part,bench,class,np,beside,side,rep,status,value,t0,t1" >"$OUT/runs.csv"
    sampler >"$OUT/load.log" &
    sampler_pid=$!
    [ $RT = 0 ] || [ -x "$PP" ] || make -s BUILD="$BUILD" "$PP" >/dev/null || exit 1
fi
load0=$(cut -d' ' -f1-3 /proc/loadavg)

# The round trip first, with nothing of ours beside (one-way µs).
if [ $RT = 1 ]; then
    for ((r = 1; r <= RT_REPS; r++)); do
        for s in native-rt seshat-rt; do
            side_cmd "$s"
            run "rt,8B,-,2,0,$s,$r"
        done
    done
fi

# NAS: per rank count and condition, every benchmark, seshat and SMPI
# interleaved (the side that goes first alternates).
for n in $NPS; do
    for k in $CONDS; do
        [ $DRY = 1 ] || beside "$k"
        for b in $BENCHMARKS; do
            for ((r = 1; r <= REPS; r++)); do
                order="seshat smpi"
                [ $((r % 2)) = 0 ] && order="smpi seshat"
                for s in $order; do
                    side_cmd "$s" "$b" "$n"
                    run "$n,$b,$CLASS,$n,$k,$s,$r"
                done
            done
            [ $DRY = 1 ] || rows "$OUT" | tail -1 >&2
        done
    done
done
[ $DRY = 1 ] && exit 0
beside 0

table=$(cat <<EOT
Measured $(date -u '+%Y-%m-%d %H:%M') UTC with commit $(git rev-parse --short HEAD 2>/dev/null) on $(nproc) cores,
load average $load0 at the start$(bench_load_beside); median of $REPS interleaved runs per side (round trip: $RT_REPS pairs);
command: \`NPB_BIN=... SMPI_BIN=... make bench\` (\`tests/bench/loadtable.sh\`, PARTS="$PARTS" CONDS="$CONDS").
seshat runs its defaults (SESHAT_IDLE=${SESHAT_IDLE:-auto}), SMPI \`$SMPI_ARGS\` on run-nas.sh's cluster (one host per rank).
$LEGEND

$HEAD
$(rows "$OUT")
EOT
)
echo "$table" | tee "$OUT/table.md"
[ "${NO_DOC:-0}" = 1 ] || put_section loadtable "$table"
