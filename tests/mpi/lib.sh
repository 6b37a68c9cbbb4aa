# lib.sh - helpers for seshat's MPI integration tests (sourced).
# Every job runs under a timeout so a hang fails the test instead of CI.
BUILD=${BUILD:-build}
RUN="$BUILD/bin/seshat-run"
T="$BUILD/tests/mpi"
TIMEOUT=${SESHAT_TEST_TIMEOUT:-90}
pass=0
fail=0
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT

# ASan builds: libasan must come first in every preloaded process.
# Plain mpirun jobs (relinked programs) get it through MPIRUN_ENV.
MPIRUN_ENV=()
if [ -n "$SESHAT_ASAN" ]; then
    export SESHAT_PRELOAD_EXTRA=$(gcc -print-file-name=libasan.so)
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
    MPIRUN_ENV=(-x "LD_PRELOAD=$SESHAT_PRELOAD_EXTRA" -x ASAN_OPTIONS)
fi

# part NAME: true when this script's part NAME is to run. A script whose
# header says "# parts: A B ..." runs every part alone; tests/mpi/runall.sh
# runs each part as its own area (SESHAT_TEST_PART=A), side by side.
part() { [ -z "$SESHAT_TEST_PART" ] || [ "$SESHAT_TEST_PART" = "$1" ]; }

ok()   { pass=$((pass + 1)); echo "ok   $*"; }
bad()  { fail=$((fail + 1)); echo "FAIL $*"; sed 's/^/     | /' "$OUT" | tail -15; }

# job DESCRIPTION CMD... : run, keep output in $OUT, exit status in $rc.
job() {
    desc=$1; shift
    timeout -k 5 "$TIMEOUT" "$@" >"$OUT" 2>&1
    rc=$?
    if [ $rc -eq 124 ] || [ $rc -eq 137 ] || [ $rc -eq 143 ]; then bad "$desc: timed out"; return 1; fi
    # contention = on: a flow behind the engine's clock is a broken promise
    if grep -q "started late" "$OUT"; then bad "$desc: the model started a flow late"; return 1; fi
    return 0
}

# expect KEY VALUE: the output has the line "RESULT KEY VALUE".
expect() {
    got=$(grep "^RESULT $1 " "$OUT" | head -1 | awk '{print $NF}')
    if [ "$got" = "$2" ]; then ok "$desc: $1 = $2"; else bad "$desc: $1 = '$got', expected $2"; fi
}

# value KEY: the value printed for "RESULT KEY".
value() { grep "^RESULT $1 " "$OUT" | head -1 | awk '{print $NF}'; }

# cpu_agrees FACTOR PCT: in $OUT (a run of `tests/mpi/compute 1 WORK`
# under clock = cpu: one piece of CPU work, then one exchange with the
# neighbour rank^1), every rank reports FACTOR x the larger of its own and
# its neighbour's work (the exchange waits for the later of the two), as
# the programs measured their CPU time themselves, within PCT percent;
# sets $agree to the ratios for the message. Both sides are the same
# threads' CPU time in the same run, so other processes on the machine
# (which only add time, to both) cannot separate them: a comparison of
# two runs, by contrast, drifts with the load.
cpu_agrees() {
    agree=$(awk -v f="$1" -v p="$2" '
        $1 == "RESULT" && $2 == "compute" { rep[$3] = $4 }
        $1 == "RESULT" && $2 == "workcpu" { cpu[$3] = $4 }
        END { bad = 0; n = 0
              for (r in rep) {
                  peer = r % 2 ? r - 1 : r + 1; w = cpu[r]
                  if ((peer in cpu) && cpu[peer] > w) w = cpu[peer]
                  if (w <= 0) { bad = 1; continue }
                  q = rep[r] / (f * w); d = q - 1; if (d < 0) d = -d
                  if (d * 100 >= p) bad = 1
                  lo = (n == 0 || q < lo) ? q : lo; hi = (n == 0 || q > hi) ? q : hi; n++ }
              printf "%d ranks, reported / (%s x measured) %.4f..%.4f", n, f, lo, hi
              exit (bad || n == 0) }' "$OUT")
}

# loaded: true when the machine is busy with other work (1-minute load
# above twice its cores); sets $load_note. Tests whose subject is a native
# or CPU-clock timing (not a comparison within one run) then report a
# miss as "not judged" with their figures instead of failing: under such
# load the program really uses more CPU per interval (caches refilled
# after every switch), so the miss says nothing about seshat.
loaded() {
    local l n
    read -r l _ </proc/loadavg
    n=$(nproc)
    load_note="load $l on $n cores"
    awk -v l="$l" -v n="$n" 'BEGIN { exit !(l > 2 * n) }'
}
# judged DESC MESSAGE: bad, unless the machine is loaded (then a skip
# line saying so, counted as neither).
judged() {
    if loaded; then echo "skip $1: not judged, $load_note: $2"; else bad "$1: $2"; fi
}

summary() {
    echo "MPI tests: $pass passed, $fail failed"
    [ $fail -eq 0 ]
}
