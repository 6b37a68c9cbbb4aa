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

# min_interleaved A B KEY: run the caller's functions run_a and run_b
# alternately $MIN_RUNS times (default 6) and set A and B to the smallest
# "RESULT KEY" value of each. For CPU-clock results: interference from other
# processes or a busy SMT sibling only ever adds CPU time, and it drifts, so
# both sides are sampled side by side.
min_interleaved() {
    local _a="" _b="" _t _i
    for _i in $(seq "${MIN_RUNS:-6}"); do
        run_a || break
        _t=$(value "$3")
        [ -n "$_t" ] && { [ -z "$_a" ] || [ "$_t" -lt "$_a" ]; } && _a=$_t
        run_b || break
        _t=$(value "$3")
        [ -n "$_t" ] && { [ -z "$_b" ] || [ "$_t" -lt "$_b" ]; } && _b=$_t
    done
    printf -v "$1" '%s' "$_a"
    printf -v "$2" '%s' "$_b"
}

summary() {
    echo "MPI tests: $pass passed, $fail failed"
    [ $fail -eq 0 ]
}
