#!/bin/bash
# run-nas.sh - the Seshat paper's NAS study on binaries the user built.
#
#   NPB_BIN=/path/to/NPB3.4-MPI/bin nas-scripts/run-nas.sh [OUTDIR]
#
# For every benchmark, class and rank count found in $NPB_BIN it runs
# interleaved series: native (plain mpirun), simulated (seshat, no trace),
# traced (seshat with a full trace) and, if MODES has it, host (seshat with
# the calibrated `host` preset: the model's prediction of this machine) and,
# if MODES has it, smpi (SimGrid's SMPI on binaries built with smpicc/smpif90,
# found in $SMPI_BIN, on a cluster with seshat's default 1.5 us / 12.5 GB/s),
# $REPS times each, and records the
# reported time, Mop/s, verification, wall time, peak memory, trace size and
# events. Results go to OUTDIR (default nas-results/): runs.csv, then
# report.sh turns them into table2.md/table2.csv and one figure per benchmark.
#
# Settings (environment): BENCHMARKS="cg ep is lu mg sp bt ft"  CLASSES="S A"
# NPROCS="4"  REPS=5  MODES="native sim traced" (add "host" after running
# seshat-calibrate)  SESHAT_RUN=build/bin/seshat-run  SESHAT_ARGS="" (for sim
# and traced)  HOST_ARGS="--preset host"  TIMEOUT=900 (seconds per run).
# smpi: SMPI_BIN (required), SMPI_PLATFORM (default: a generated cluster,
# SMPI_LINK_LATENCY=0.75us per link, two links per route, and
# SMPI_BANDWIDTH=12.5GBps), SMPI_ARGS="--cfg=smpi/host-speed:1Gf".
# Binaries are named bt.A.x (NPB 3.4) or bt.A.4 (NPB 3.3); nothing from NPB
# is part of seshat: build it yourself (see docs/validation.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
OUT=${1:-nas-results}
BENCHMARKS=${BENCHMARKS:-"cg ep is lu mg sp bt ft"}
CLASSES=${CLASSES:-"S A"}
NPROCS=${NPROCS:-4}
REPS=${REPS:-5}
MODES=${MODES:-"native sim traced"}
SESHAT_RUN=${SESHAT_RUN:-$top/build/bin/seshat-run}
SESHAT_ARGS=${SESHAT_ARGS:-}
HOST_ARGS=${HOST_ARGS:---preset host}
TIMEOUT=${TIMEOUT:-900}

die() { echo "run-nas.sh: $*" >&2; exit 2; }
[ -n "${NPB_BIN:-}" ] || die "set NPB_BIN to the directory of your NPB-MPI binaries (e.g. NPB3.4-MPI/bin)"
[ -d "$NPB_BIN" ] || die "NPB_BIN=$NPB_BIN is not a directory"
[ -x "$SESHAT_RUN" ] || die "$SESHAT_RUN not found: run make first (or set SESHAT_RUN)"
case " $MODES " in *" smpi "*)
    [ -n "${SMPI_BIN:-}" ] || die "MODES has smpi: set SMPI_BIN to the directory of NPB binaries built with smpicc/smpif90"
    [ -d "$SMPI_BIN" ] || die "SMPI_BIN=$SMPI_BIN is not a directory"
    command -v smpirun >/dev/null || die "MODES has smpi but smpirun is not on PATH (apt-get install libsimgrid-dev)"
    [ -z "${SMPI_PLATFORM:-}" ] || [ -f "$SMPI_PLATFORM" ] || die "SMPI_PLATFORM=$SMPI_PLATFORM is not a file" ;;
esac
case " $MODES " in *" host "*)
    "$SESHAT_RUN" $HOST_ARGS --print-config -np 1 true >/dev/null 2>&1 ||
        die "MODES has host but '$SESHAT_RUN $HOST_ARGS' does not load: run seshat-calibrate first" ;;
esac

binary() {   # binary BENCH CLASS NP -> path or nothing
    for f in "$NPB_BIN/$1.$2.x" "$NPB_BIN/$1.$2.$3"; do
        [ -x "$f" ] && { echo "$f"; return; }
    done
}
found=0
for b in $BENCHMARKS; do for c in $CLASSES; do for n in $NPROCS; do
    [ -n "$(binary "$b" "$c" "$n")" ] && found=$((found + 1))
done; done; done
[ $found -gt 0 ] || die "no NPB binaries in $NPB_BIN (looked for e.g. cg.S.x or cg.S.4 for: $BENCHMARKS; classes $CLASSES; ranks $NPROCS)"

mkdir -p "$OUT/logs" "$OUT/traces"
csv="$OUT/runs.csv"
[ -f "$csv" ] || echo "bench,class,np,mode,rep,status,reported_s,mops,verified,wall_s,peak_kb,trace_bytes,events,virtual_s" >"$csv"
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
SMPI_ARGS=${SMPI_ARGS:---cfg=smpi/host-speed:1Gf}
case " $MODES " in *" smpi "*)
    # One host per rank on a crossbar: the route is two links (up, down).
    maxn=1; for n in $NPROCS; do [ "$n" -gt "$maxn" ] && maxn=$n; done
    smpi_hosts="$OUT/smpi-hosts"
    for i in $(seq 0 $((maxn - 1))); do echo "node-$i"; done >"$smpi_hosts"
    if [ -z "${SMPI_PLATFORM:-}" ]; then
        SMPI_PLATFORM="$OUT/smpi-platform.xml"
        cat >"$SMPI_PLATFORM" <<EOX
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="seshat" prefix="node-" suffix="" radical="0-$((maxn - 1))" speed="1Gf"
           bw="${SMPI_BANDWIDTH:-12.5GBps}" lat="${SMPI_LINK_LATENCY:-0.75us}"
           loopback_bw="100GBps" loopback_lat="0us"/>
</platform>
EOX
    fi ;;
esac
have_time=0; [ -x /usr/bin/time ] && have_time=1

run_one() {   # run_one BENCH CLASS NP MODE REP BINARY
    local b=$1 c=$2 n=$3 mode=$4 rep=$5 bin=$6
    local log="$OUT/logs/$b.$c.$n.$mode.$rep.log" tdir="$OUT/traces/$b.$c.$n.$rep"
    local cmd=()
    case $mode in
        native) cmd=(mpirun --oversubscribe $root -np "$n" "$bin") ;;
        sim)    cmd=("$SESHAT_RUN" $SESHAT_ARGS -np "$n" -- "$bin") ;;
        traced) rm -rf "$tdir"; cmd=("$SESHAT_RUN" $SESHAT_ARGS --trace "$tdir" -np "$n" -- "$bin") ;;
        host)   cmd=("$SESHAT_RUN" $HOST_ARGS -np "$n" -- "$bin") ;;
        smpi)   local sb="$SMPI_BIN/$(basename "$bin")"
                [ -x "$sb" ] || { echo "$b,$c,$n,$mode,$rep,missing,,,no,,,,," >>"$csv"
                                  echo "run-nas.sh: no SMPI binary $sb (skipped)" >&2; return; }
                cmd=(smpirun -np "$n" -platform "$SMPI_PLATFORM" -hostfile "$smpi_hosts" $SMPI_ARGS "$sb") ;;
        *)      die "unknown mode '$mode' in MODES (native sim traced host smpi)" ;;
    esac
    local start end status=ok
    start=$(date +%s.%N)
    local load0
    load0=$(cut -d' ' -f1 /proc/loadavg)
    if [ $have_time = 1 ]; then
        ( cd "$NPB_BIN" && timeout "$TIMEOUT" /usr/bin/time -f "PEAK_KB %M
CPU_S %U %S" "${cmd[@]}" ) >"$log" 2>&1 || status=failed
    else
        ( cd "$NPB_BIN" && timeout "$TIMEOUT" "${cmd[@]}" ) >"$log" 2>&1 || status=failed
    fi
    end=$(date +%s.%N)
    local t mops ver peak tbytes events
    t=$(awk -F= '/Time in seconds/ { gsub(/ /, "", $2); print $2 }' "$log" | head -1)
    mops=$(awk -F= '/Mop\/s total/ { gsub(/ /, "", $2); print $2 }' "$log" | head -1)
    grep -qE 'Verification +=\s+SUCCESSFUL' "$log" && ver=yes || ver=no
    [ "$ver" = no ] && status=failed
    peak=$(awk '/^PEAK_KB/ { print $2 }' "$log" | tail -1)
    tbytes=""; events=""
    if [ "$mode" = traced ] && [ -d "$tdir" ]; then
        # the event streams (the definitions and message log come on top)
        local st
        st=$("$top/build/bin/seshat-trace" stats "$tdir" 2>/dev/null)
        tbytes=$(awk '$1 == "stream_bytes" { print $2 }' <<<"$st")
        events=$(awk '$1 == "events" { print $2 }' <<<"$st")
    fi
    # seshat's own account, to the nanosecond: the largest final virtual time
    local vt
    vt=$(grep -o 'virtual time [0-9.]* s (min) \.\. [0-9.]* s (max)' "$log" | awk '{print $7}' | tail -1)
    echo "$b,$c,$n,$mode,$rep,$status,${t:-},${mops:-},$ver,$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'),${peak:-},${tbytes:-},${events:-},${vt:-}" >>"$csv"
    # what else ran: the 1-minute load average before and after the run, and
    # the CPU seconds of mpirun and its ranks (busy-polling ranks that were
    # never preempted use about np x the benchmark's wall time)
    local cpu
    cpu=$(awk '/^CPU_S/ { printf "%.2f", $2 + $3 }' "$log" | tail -1)
    [ -f "$OUT/load.csv" ] || echo "bench,class,np,mode,rep,load_before,load_after,cpu_s" >"$OUT/load.csv"
    echo "$b,$c,$n,$mode,$rep,$load0,$(cut -d' ' -f1 /proc/loadavg),${cpu:-}" >>"$OUT/load.csv"
    printf '%-4s %s np=%s %-6s rep %s: %s reported %ss\n' "$b" "$c" "$n" "$mode" "$rep" "$status" "${t:-?}"
}

for b in $BENCHMARKS; do for c in $CLASSES; do for n in $NPROCS; do
    bin=$(binary "$b" "$c" "$n")
    [ -n "$bin" ] || continue
    for rep in $(seq "$REPS"); do       # interleaved, as in the paper
        for mode in $MODES; do run_one "$b" "$c" "$n" "$mode" "$rep" "$bin"; done
    done
done; done; done
"$here/report.sh" "$OUT"
