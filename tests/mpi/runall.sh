#!/bin/bash
# runall.sh - seshat's MPI test areas, side by side where the machine allows.
#
# Usage: tests/mpi/runall.sh [AREA...]      (make test T="AREA...")
#   An AREA is a name from `runall.sh --list` (core-direct1, faults, trace,
#   ...) or a prefix of names (core = every core-* area). No AREA: all.
#   QUICK=1: the quick tier (make quicktest): one path variant.
#   SESHAT_TEST_JOBS=N: areas at once (default: the number of cores).
#
# Every area is one independent script (its own temporary directories and
# output; Open MPI picks free ports), so they can run at once. A script
# whose header has a line "# parts: A B ..." is split into the areas
# NAME-A, NAME-B, ... (SESHAT_TEST_PART=A runs only part A; the `part`
# helper of lib.sh; alone, the script runs every part). Areas that
# measure CPU or wall time against tight bounds (EXCLUSIVE) run alone,
# after the others. Each area's output goes to $BUILD/test-logs/AREA.log;
# its summary line, its failures and its wall time are printed as it ends,
# and a table of wall and CPU time per area, longest first, at the end.
# Exit 0 when every area passed.
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
export BUILD

# area -> command
declare -A CMD=(
    [core-direct1]='tests/mpi/run.sh variant "direct 1"'
    [core-relay1]='tests/mpi/run.sh variant "relay 1"'
    [core-direct2]='tests/mpi/run.sh variant "direct 2"'
    [core-relay2]='tests/mpi/run.sh variant "relay 2"'
    [core-misc]='tests/mpi/run.sh misc'
    [core-cpu]='tests/mpi/run.sh cpu'
    [bad_config]='tests/mpi/bad_config.sh'
)
for f in tests/mpi/run_*.sh; do
    a=$(basename "$f" .sh)
    a=${a#run_}
    parts=$(sed -n '1,30s/^# parts: //p' "$f" | head -1)
    if [ -z "$parts" ]; then CMD[$a]=$f; continue; fi
    for p in $parts; do CMD[$a-$p]="SESHAT_TEST_PART=$p $f"; done
done
# The longest first, so the pool ends together (CPU s per area, the
# steadiest measure on the shared 2-core VM: real-hpcc 133, contention 52,
# analyze 41, conformance 41, guide 33, faults 23, sensitivity 19, smpi 18,
# bits 18, coll 18, nodes 16, real-lmp 13, simgrid 11, trace-other 9, the
# core variants 4-6 each, the rest 4 or less). A script's name stands for
# all its parts.
ORDER=(real-hpcc guide conformance analyze contention trace-other nodes bits sensitivity coll smpi simgrid
       outputs faults real-lmp status rma rmapat core-direct2 core-relay2 core-relay1 core-direct1
       core-misc trace-ring trace-onoff factors nas_scripts matrix calibrate-exact
       bad_config watchdog vclock io idle wake relaywait core-cpu trace-cpu calibrate-fit clock sample)
# CPU-clock and native-timing measurements: alone (interference only adds
# time, and their bounds are a few percent).
EXCLUSIVE=" calibrate-fit clock core-cpu trace-cpu vclock-cpu "
# Areas that mostly wait (watchdog limits, signals, leftovers polled for
# seconds; their CPU time is a tenth of their wall time): they run beside
# the pool without taking a place in it.
LIGHT=" bench_load watchdog-direct watchdog-relay watchdog-contention faults-run faults-launchers "
QUICK_AREAS=(core-direct1)
# The idle policy (SESHAT_IDLE, docs/design.md, "Idle") of areas whose
# programs poll MPI_Test* in a loop or ping-pong small messages
# (POLLING): beside another area the default (auto) naps, and a timed nap
# on every empty poll makes them crawl (one hpcc run took 23 s spinning
# and was killed after 150 s with auto; the guide's seshat-calibrate
# check, 76860 messages, took 94 and 139 s with auto beside the suite at
# load 40, 15 and 4 s spinning). With the wake-up channel
# (src/common/wake.c) a nap ends when a message comes, and napping pays
# there (hpcc 12 s, 40% less CPU than spinning). So those areas spin
# where the library has no channel and nap where it has one
# (SESHAT_TEST_IDLE=auto|spin|nap chooses; a SESHAT_IDLE set by the
# caller wins). The other areas keep the default: spinning cost coll and
# bits 5-30% more CPU than auto (docs/performance.md, "make test wall
# time").
POLLING=" real-hpcc guide "
TEST_IDLE=${SESHAT_IDLE:-${SESHAT_TEST_IDLE:-$([ -f src/common/wake.c ] && echo nap || echo spin)}}

if [ "$1" = --list ]; then
    printf '%s\n' "${!CMD[@]}" | sort
    exit 0
fi
# --cmd AREA: the command that runs AREA (tests/tools/test_profile.sh).
if [ "$1" = --cmd ]; then
    [ -n "${CMD[$2]}" ] || { echo "runall.sh: no test area '$2'" >&2; exit 2; }
    echo "${CMD[$2]}"
    exit 0
fi

# Areas in ORDER first (a script's name there stands for all its parts),
# then any new script not listed there yet.
all=()
for o in "${ORDER[@]}"; do
    if [ -n "${CMD[$o]}" ]; then all+=("$o"); continue; fi
    n=${#all[@]}
    for a in $(printf '%s\n' "${!CMD[@]}" | sort); do [[ "$a" == "$o"-* ]] && all+=("$a"); done
    [ ${#all[@]} -gt "$n" ] || { echo "runall.sh: ORDER names $o, which has no script" >&2; exit 2; }
done
for a in $(printf '%s\n' "${!CMD[@]}" | sort); do
    [[ " ${all[*]} " == *" $a "* ]] || all+=("$a")
done

# The selection: names or prefixes, in run order.
want=("$@")
[ ${#want[@]} -eq 0 ] && [ "${QUICK:-0}" = 1 ] && want=("${QUICK_AREAS[@]}")
sel=()
if [ ${#want[@]} -eq 0 ]; then
    sel=("${all[@]}")
else
    for w in "${want[@]}"; do
        found=0
        for a in "${all[@]}"; do
            w=${w#run_}; w=${w%.sh}
            if [ "$a" = "$w" ] || [[ "$a" == "$w"-* ]]; then
                [[ " ${sel[*]} " == *" $a "* ]] || sel+=("$a")
                found=1
            fi
        done
        [ $found = 1 ] || { echo "runall.sh: no test area '$w' (see tests/mpi/runall.sh --list)" >&2; exit 2; }
    done
fi

JOBS=${SESHAT_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
LOGS="$BUILD/test-logs"
mkdir -p "$LOGS"
declare -A START PID_AREA TIME
failed=()
t0=$(date +%s.%N)
load0=$(cut -d' ' -f1-3 /proc/loadavg)
sum=0 cpu_sum=0 sys_sum=0 checks=0 unjudged=0
# CPU time (user + system) of an area and its children, when GNU time is here.
TIMER=(); [ -x /usr/bin/time ] && TIMER=(/usr/bin/time -f '%U %S')

# finish AREA RC: report one area.
finish() {
    local a=$1 rc=$2 t cpu="" sys=""
    t=$(echo "$(date +%s.%N) - ${START[$a]}" | bc)
    sum=$(echo "$sum + $t" | bc)
    if [ -s "$LOGS/$a.cpu" ]; then
        cpu=$(awk 'END { print $1 + $2 }' "$LOGS/$a.cpu"); sys=$(awk 'END { print $2 }' "$LOGS/$a.cpu")
        cpu_sum=$(echo "$cpu_sum + $cpu" | bc); sys_sum=$(echo "$sys_sum + $sys" | bc)
    fi
    TIME[$a]="$t ${cpu:--} ${sys:--}"
    local line
    line=$(grep -E '^(MPI tests|[A-Za-z_ -]+ tests): [0-9]+ passed' "$LOGS/$a.log" | tail -1)
    printf '== %-20s %6.1f s  %s%s\n' "$a" "$t" "${line:-no summary line}" "$([ "$rc" = 0 ] || echo "  (exit $rc)")"
    # checks made (passed + failed): what a change to the harness must keep
    checks=$((checks + $(echo "$line" | awk '{ print $3 + $5 }')))
    unjudged=$((unjudged + $(grep -cE '^(KNOWN-FAIL|skip)' "$LOGS/$a.log")))
    if [ "$rc" != 0 ]; then
        failed+=("$a")
        grep -A15 '^FAIL' "$LOGS/$a.log" | head -60
    fi
}

start() {
    local a=$1 idle=()
    [[ "$POLLING" == *" $a "* ]] && idle=(env SESHAT_IDLE="$TEST_IDLE")
    START[$a]=$(date +%s.%N)
    rm -f "$LOGS/$a.cpu"
    "${TIMER[@]}" ${TIMER:+-o "$LOGS/$a.cpu"} "${idle[@]}" bash -c "${CMD[$a]}" >"$LOGS/$a.log" 2>&1 &
    PID_AREA[$!]=$a
}

# wait_one: wait for any running area and report it.
wait_one() {
    local pid rc
    wait -n -p pid
    rc=$?
    finish "${PID_AREA[$pid]}" "$rc"
    [[ "$LIGHT" == *" ${PID_AREA[$pid]} "* ]] || busy=$((busy - 1))
    unset "PID_AREA[$pid]"
}

# LIGHT areas first, beside the pool; then the others, JOBS at a time.
busy=0
for a in "${sel[@]}"; do
    [[ "$LIGHT" == *" $a "* ]] && start "$a"
done
for a in "${sel[@]}"; do
    [[ "$EXCLUSIVE$LIGHT" == *" $a "* ]] && continue
    while [ $busy -ge "$JOBS" ]; do wait_one; done
    start "$a"
    busy=$((busy + 1))
done
while [ ${#PID_AREA[@]} -gt 0 ]; do wait_one; done
for a in "${sel[@]}"; do
    [[ "$EXCLUSIVE" == *" $a "* ]] || continue
    start "$a"
    wait_one
done

wall=$(echo "$(date +%s.%N) - $t0" | bc)
# The long poles first: what to split or speed up next. CPU is user +
# system of the area's processes; on 2 cores the suite's wall is at least
# its CPU total / 2, and the system share is mostly waiting ranks polling
# (sched_yield), not work (docs/performance.md, "make test").
echo "== per area, longest first:   wall s    CPU s  of which system"
for a in "${!TIME[@]}"; do
    printf '%s %s%s\n' "${TIME[$a]}" "$a" "$([[ "$EXCLUSIVE" == *" $a "* ]] && echo ' (alone)')"
done | sort -rn | awk '{ printf "   %-24s %7.1f  %7s  %7s\n", $4 " " $5, $1, $2 == "-" ? "-" : sprintf("%.1f", $2),
                                   $3 == "-" ? "-" : sprintf("%.1f", $3) }'
printf '== %d checks made (passed or failed; %d more known failures or skips) in %d areas\n' \
    "$checks" "$unjudged" "${#sel[@]}"
printf '== CPU %.0f s (system %.0f s): at least %.0f s of wall on %d cores\n' "$cpu_sum" "$sys_sum" \
    "$(echo "$cpu_sum / $(nproc 2>/dev/null || echo 1)" | bc)" "$(nproc 2>/dev/null || echo 1)"
printf '== %d areas, %.0f s of scripts in %.0f s wall (%s at once, polling areas with SESHAT_IDLE=%s; load %s at the start, %s at the end); logs in %s\n' \
    "${#sel[@]}" "$sum" "$wall" "$JOBS" "$TEST_IDLE" "$load0" "$(cut -d' ' -f1-3 /proc/loadavg)" "$LOGS"
if [ ${#failed[@]} -gt 0 ]; then
    echo "== FAILED: ${failed[*]}"
    exit 1
fi
echo "== all passed"
