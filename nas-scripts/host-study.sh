#!/bin/bash
# host-study.sh OUTDIR - how well seshat predicts this machine (issue 14):
# calibrate (point-to-point and collectives) into OUTDIR/presets/host.ini,
# measure whether memory traffic slows on-node transfers, then NAS class A
# on 2 ranks, native and with the host preset, interleaved. Needs a quiet
# machine: it refuses to start while the 1-minute load average is above
# MAX_LOAD (default 1.5; the native runs would be slowed, the predicted
# ones, timed by CPU clocks, much less); WAIT_QUIET=SECONDS waits that long
# for it first. PRESETS_FROM=DIR reuses DIR/host.ini from an earlier
# (quiet) calibration instead of calibrating again. Settings as run-nas.sh
# (REPS=5, BENCHMARKS, NPB_BIN).
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
OUT=${1:?usage: host-study.sh OUTDIR}
MAX_LOAD=${MAX_LOAD:-1.5}
NPB_BIN=${NPB_BIN:?set NPB_BIN to the NPB-MPI bin directory}
quiet() { awk -v l="$(cut -d' ' -f1 /proc/loadavg)" -v m="$MAX_LOAD" 'BEGIN { exit !(l <= m) }'; }
waited=0
while ! quiet && [ "$waited" -lt "${WAIT_QUIET:-0}" ]; do sleep 15; waited=$((waited + 15)); done
quiet || { echo "host-study.sh: load average $(cut -d' ' -f1 /proc/loadavg) > $MAX_LOAD${WAIT_QUIET:+ after ${WAIT_QUIET} s}: measurements would not be trustworthy" >&2; exit 3; }
mkdir -p "$OUT/presets"
export SESHAT_PRESETS="$OUT/presets"
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
echo "== load before: $(cat /proc/loadavg)" | tee "$OUT/load.txt"
echo "== commit: $(git -C "$top" rev-parse --short HEAD 2>/dev/null)" | tee -a "$OUT/load.txt"
if [ -n "${PRESETS_FROM:-}" ]; then
    cp "$PRESETS_FROM/host.ini" "$OUT/presets/host.ini" || exit 1
else
    "$top/build/bin/seshat-calibrate" | tee "$OUT/calibrate.txt" || exit 1
    echo "== memory traffic vs on-node ping-pong" | tee "$OUT/stream.txt"
    mpirun $root -np 2 "$top/build/tests/mpi/pingpong_stream" 9 | tee -a "$OUT/stream.txt"
fi
NPB_BIN=$NPB_BIN CLASSES=A NPROCS=2 REPS=${REPS:-5} MODES="native host" \
    "$here/run-nas.sh" "$OUT/nas"
echo "== load after: $(cat /proc/loadavg)" | tee -a "$OUT/load.txt"
