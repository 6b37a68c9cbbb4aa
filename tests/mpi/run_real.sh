#!/bin/bash
# run_real.sh - real third-party MPI programs, unmodified, under seshat:
# Debian's hpcc (HPL, PTRANS, RandomAccess, FFT, b_eff) and lammps (lmp,
# a Lennard-Jones melt). Small inputs (tests/real/), 4 ranks. Each program
# runs natively, then under seshat (clock = none) on both paths with K = 1
# model rank and on the relay path with 2, with the watchdog on (the
# default) and off; its own verification must pass, its numbers must equal
# the native run's, the virtual times it reports must not depend on the
# path, K or tracing, and its traces must analyze and export.
# A check that fails for a known, reported reason prints KNOWN-FAIL (never
# silently skipped) and does not fail the suite.
# parts: hpcc lmp
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_REAL_TIMEOUT:-150}
top=$(pwd)
RUNA=$(realpath "$RUN")
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
NP=4
known=0
# SESHAT_REAL_STRICT=1: known failures fail the script too.
known_fail() {
    known=$((known + 1)); echo "KNOWN-FAIL $*"
    [ "${SESHAT_REAL_STRICT:-0}" = 1 ] && fail=$((fail + 1))
}
# Seshat variants: PATH K TRACED [WATCHDOG]. Traced twins of untraced runs
# give traced == untraced; the watchdog (default 30 s) off must change
# nothing either (hpcc, the longest area: on the relay path only).
VARIANTS=("direct 1 no" "direct 1 yes" "relay 1 no" "relay 2 no" "relay 2 yes" "relay 1 no 0")
LMP_VARIANTS=("${VARIANTS[@]}" "direct 1 no 0")

# in_dir NAME: a fresh working directory for one job (hpcc writes
# hpccoutf.txt into its cwd; lammps writes log.lammps).
in_dir() { rm -rf "${dir:?}/$1"; mkdir -p "$dir/$1"; cp tests/real/* "$dir/$1/"; echo "$dir/$1"; }

# native NAME CMD...: the program under plain mpirun, NP ranks.
native() {
    local name=$1; shift
    local d; d=$(in_dir "$name")
    job "$name" env -C "$d" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np $NP "$@" &&
        cp "$OUT" "$d/stdout"
}
# seshat NAME PATH K TRACED WATCHDOG CMD...: the program under seshat-run,
# clock = none; the trace (if any) in $dir/NAME/trace. WATCHDOG "-": the
# default.
seshat() {
    local name=$1 path=$2 k=$3 traced=$4 wd=$5; shift 5
    local d; d=$(in_dir "$name")
    local tr=(); [ "$traced" = yes ] && tr=(--trace "$d/trace")
    [ "$wd" != - ] && tr+=(--set simulator.watchdog="$wd")
    job "$name" env -C "$d" "$RUNA" --set simulator.clock=none --set network.path="$path" \
        --set simulator.ranks="$k" "${tr[@]}" -np $NP -- "$@" && cp "$OUT" "$d/stdout"
}
name_of() {
    local n="$1-$2-k$3"; [ "$4" = yes ] && n="$n-traced"; [ -n "$5" ] && n="$n-watchdog$5"
    echo "$n"
}

# same WHAT REF NAME FILTER: the lines FILTER (a command reading stdin)
# keeps from REF's and NAME's FILE are identical and not empty.
same() {
    local what=$1 ref=$2 name=$3 filter=$4 file=$5 a b
    a=$($filter <"$dir/$ref/$file" 2>/dev/null); b=$($filter <"$dir/$name/$file" 2>/dev/null)
    if [ -n "$a" ] && [ "$a" = "$b" ]; then ok "$name: $what as $ref ($(echo "$a" | wc -l) lines)"; return 0; fi
    OUT2=$OUT; OUT=$dir/diff; diff <(echo "$a") <(echo "$b") >"$OUT"
    bad "$name: $what differ from $ref"; OUT=$OUT2; return 1
}

# trace_checks NAME [ORACLE]: seshat-analyze reads the trace (its run time
# is the one seshat-run reported), seshat-trace exports OTF2 that otf2-print
# reads, and, with ORACLE = yes, the independent oracle agrees and the OTF2
# export is causal (tests/mpi/oracle.sh, once it is in main; it analyzes
# with M = 1..4, ~25 s on an hpcc trace: one hpcc trace only).
trace_checks() {
    local name=$1 oracle=${2:-yes} t="$dir/$1/trace" want got
    want=$(sed -n 's/^seshat: .* virtual time [0-9.]* s (min) \.\. \([0-9.]*\) s (max).*/\1/p' "$dir/$name/stdout")
    if job "$name: seshat-analyze" "$BUILD/bin/seshat-analyze" -j 2 "$t"; then
        got=$(sed -n 's/^seshat-analyze: .* run time \([0-9.]*\) s (virtual.*/\1/p' "$OUT")
        if [ $rc -eq 0 ] && [ -s "$t/analysis.json" ] && [ -n "$got" ] && [ "$got" = "$want" ]; then
            ok "$name: seshat-analyze: run time $got s, as seshat-run reported"
        else bad "$name: seshat-analyze: exit $rc, run time '$got' s, seshat-run said '$want' s"; fi
    fi
    if [ -f tests/mpi/oracle.sh ] && [ "$oracle" = yes ]; then
        # shellcheck source=/dev/null
        . tests/mpi/oracle.sh
        oracle_check "$t" "$name"
    else
        [ -f tests/mpi/oracle.sh ] ||
            echo "TODO $name: no tests/mpi/oracle.sh yet: the oracle and the OTF2 causality check do not run"
        if job "$name: otf2 export" "$BUILD/bin/seshat-trace" otf2 "$t" "$dir/$name/otf2" && [ $rc -eq 0 ]; then
            sends=$("$BUILD/bin/seshat-trace" stats "$t" | awk '$1 == "sends" { print $2 }')
            n=$(otf2-print "$dir/$name/otf2/traces.otf2" 2>/dev/null | grep -c '^MPI_I\?SEND ')
            [ "$n" = "$sends" ] && ok "$name: OTF2 export, otf2-print reads its $n sends" ||
                bad "$name: OTF2 export: otf2-print shows $n sends, the trace has $sends"
        else bad "$name: seshat-trace otf2: exit $rc"; fi
    fi
}

# ---- hpcc --------------------------------------------------------------
# hpcc_ok NAME: hpcc's own verification in its hpccoutf.txt: the run ended,
# nothing FAILED, HPL's residual check and PTRANS's five checks passed,
# RandomAccess found no errors, the FFT's error is at rounding level, and
# hpcc's summary says Success=1.
hpcc_ok() {
    local f="$dir/$1/hpccoutf.txt" why=""
    [ -f "$f" ] || { bad "$1: no hpccoutf.txt (exit $rc)"; return 1; }
    grep -q "^End of HPC Challenge tests." "$f" || why="$why; did not end"
    grep -q "FAILED" "$f" && why="$why; $(grep -m1 FAILED "$f")"
    grep -q "^||Ax-b||_oo/(eps\*(||A||_oo\*||x||_oo+||b||_oo)\*N)=.* PASSED$" "$f" || why="$why; HPL residual not PASSED"
    [ "$(grep -c '^WALL .* PASSED ' "$f")" = 5 ] || why="$why; PTRANS: $(grep -c '^WALL .* PASSED ' "$f") of 5 PASSED"
    grep -q "^MPIRandomAccess_Errors=0$" "$f" || why="$why; $(grep '^MPIRandomAccess_Errors=' "$f")"
    grep -q "^MPIRandomAccess_LCG_Errors=0$" "$f" || why="$why; $(grep '^MPIRandomAccess_LCG_Errors=' "$f")"
    awk -F= '$1 == "MPIFFT_maxErr" { found = 1; bad = !($2 < 1e-12) } END { exit !found || bad }' "$f" ||
        why="$why; $(grep '^MPIFFT_maxErr=' "$f")"
    grep -q "^Success=1$" "$f" || why="$why; not Success=1"
    [ $rc -eq 0 ] || why="$why; exit $rc"
    if [ -z "$why" ]; then ok "$1: hpcc's checks pass (HPL, PTRANS x5, RandomAccess, FFT, Success=1)"; return 0; fi
    bad "$1: ${why#; }"; return 1
}
# hpcc's numbers (no times): the same as natively.
hpcc_numbers() { grep -E '^(HPL_(RnormI|Anorm1|AnormI|Xnorm1|XnormI|BnormI)|PTRANS_residual|MPIFFT_maxErr|MPIRandomAccess(_LCG)?_Errors)='; }
# How many updates RandomAccess made: it stops at a time bound read from
# MPI_Wtime, real time natively (fewer updates on a loaded machine), virtual
# time under seshat: compared between seshat's variants only.
hpcc_updates() { grep -E '^MPIRandomAccess(_LCG)?_ExeUpdates='; }
# The virtual times b_eff reports (ping-pong and ring latencies and
# bandwidths): each is measured between barriers, from the model alone.
hpcc_beff() { grep -E '^[A-Za-z]*(PingPong|Ring)[A-Za-z]*_(usec|GBytes)='; }
# hpcc's other virtual times. Its first benchmark, MPIRandomAccess, polls
# MPI_Testany between its MPI_Isends: how many polls fail before a message
# really arrives, and so the virtual time at which it is taken, follows the
# real interleaving of the ranks (MPI_Test* completes when the real
# operation has). The ranks leave it skewed by a few hundred ns that vary
# from run to run, and PTRANS, MPIFFT and HPL (timed on one rank, across
# collectives) inherit the skew: these are not reproducible yet.
hpcc_skewed() {
    grep -E '^(HPL_(Tflops|time)|PTRANS_(GBs|time)|MPIRandomAccess(_LCG)?_time|MPIFFT_time[0-9])=|^WALL |^WR11C2R4 '
}
# skewed NAME REF: hpcc_skewed of NAME and REF agree, or a KNOWN-FAIL.
skewed() {
    local a b
    a=$(hpcc_skewed <"$dir/$2/hpccoutf.txt"); b=$(hpcc_skewed <"$dir/$1/hpccoutf.txt")
    if [ "$a" = "$b" ]; then ok "$1: HPL, PTRANS, RandomAccess, MPIFFT virtual times as $2"; return; fi
    known_fail "$1: virtual times differ from $2 (RandomAccess polls MPI_Testany: real-time dependent):" \
        "$(diff <(echo "$a") <(echo "$b") | grep '^>' | cut -c3- | sed 's/  */ /g' | tr '\n' ' ')"
}

if part hpcc; then
if ! command -v hpcc >/dev/null; then
    bad "hpcc is not installed (tools/install-deps.sh installs it)"
else
    native hpcc-native hpcc
    hpcc_ok hpcc-native
    ref=""
    for variant in "${VARIANTS[@]}"; do
        set -- $variant
        name=$(name_of hpcc "$@")
        seshat "$name" "$1" "$2" "$3" "${4:--}" hpcc || continue
        hpcc_ok "$name" || continue
        same "numbers (residuals, norms, errors)" hpcc-native "$name" hpcc_numbers hpccoutf.txt
        [ -z "$ref" ] && { ref=$name; continue; }
        same "b_eff virtual times (ping-pong, rings)" "$ref" "$name" hpcc_beff hpccoutf.txt
        same "RandomAccess updates" "$ref" "$name" hpcc_updates hpccoutf.txt
        if [ "$3" = yes ]; then
            skewed "$name" "$(name_of hpcc "$1" "$2" no)"   # traced == untraced
            trace_checks "$name" "$([ "$1" = relay ] && echo yes || echo no)"
        else skewed "$name" "$ref"; fi
    done
fi
fi # part hpcc

# ---- lammps ------------------------------------------------------------
# Thermo output (step, temperature, pair energy, total energy, pressure to
# 12 digits) and the virtual times LAMMPS reports (loop time, breakdown).
# (only the header and numeric rows: seshat's summary on stderr may land
# among them).
lmp_thermo() { awk '/^Step /{on = 1} on && /^Loop time/{on = 0} on && /^(Step | *[0-9])/'; }
lmp_times() { grep -E '^(Loop time of|Pair |Neigh |Comm |Output |Modify |Other )'; }

if part lmp; then
if ! command -v lmp >/dev/null; then
    bad "lmp is not installed (tools/install-deps.sh installs lammps)"
else
    native lmp-native lmp -in in.melt
    n=$(lmp_thermo <"$dir/lmp-native/stdout" | grep -c '^ *[0-9]')
    if [ "$n" = 11 ] && [ $rc -eq 0 ]; then ok "lmp-native: 11 thermo lines (steps 0..100)"
    else bad "lmp-native: exit $rc, $n thermo lines"; fi
    ref=""
    for variant in "${LMP_VARIANTS[@]}"; do
        set -- $variant
        name=$(name_of lmp "$@")
        seshat "$name" "$1" "$2" "$3" "${4:--}" lmp -in in.melt || continue
        [ $rc -eq 0 ] || { bad "$name: exit $rc"; continue; }
        same "thermo output (energies, temperature, pressure)" lmp-native "$name" lmp_thermo stdout
        if [ -z "$ref" ]; then ref=$name; else same "virtual times (loop, breakdown)" "$ref" "$name" lmp_times stdout; fi
        [ "$3" = yes ] && trace_checks "$name"
    done
fi
fi # part lmp

summary
st=$?
echo "real programs: $known known failures (KNOWN-FAIL above)"
exit $st
