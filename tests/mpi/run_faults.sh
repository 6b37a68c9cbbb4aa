#!/bin/bash
# run_faults.sh - fault injection on the launchers and their input: a
# signal to a launcher ends its whole job (checked with ps for leftovers),
# numbers are parsed strictly, and every case ends within seconds.
# parts: run launchers input
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=30
dir=$(mktemp -d)
MARK=sfault$$   # in every job's command line, to find what is left over
trap 'rm -rf "$dir" "$OUT"' EXIT
AN="$BUILD/bin/seshat-analyze"
SW="$BUILD/bin/seshat-sweep"

# survivors M: pids of live processes whose command line contains M.
survivors() { pgrep -f -- "$1" | tr '\n' ' ' | sed 's/ $//'; }
# gone M SECONDS: true once nothing with M is left (waits up to SECONDS);
# otherwise reports the survivors and kills them (by pid).
gone() {
    local i
    for ((i = 0; i < $2 * 10; i++)); do
        [ -z "$(survivors "$1")" ] && return 0
        sleep 0.1
    done
    ps -o pid,ppid,stat,args -p "$(survivors "$1" | tr ' ' ',')" | cut -c1-150 | sed 's/^/     | /' | head -8
    for p in $(survivors "$1"); do kill -KILL "$p" 2>/dev/null; done
    return 1
}
# up M N SECONDS: wait until at least N processes carry M.
up() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        [ "$(pgrep -fc -- "$1")" -ge "$2" ] && return 0
        sleep 0.1
    done
    return 1
}

# signal_case SIG NAME N CMD...: start CMD (a launcher) in the background,
# wait until N processes carry the marker $m (the job is running), send SIG
# to the launcher only, and check that the launcher ends and nothing of
# its job is left 10 s later.
signal_case() {
    local sig=$1 name=$2 n=$3; shift 3
    desc="kill -$sig $name"
    # Started as from a terminal: job control on, SIGINT not ignored (a
    # script's background job, or this script run in the background, would
    # ignore it, and bash, seshat-sweep, could not trap it).
    set -m
    env --default-signal=INT "$@" >"$OUT" 2>&1 &
    local lp=$!
    set +m
    if ! up "$m" "$n" 20; then
        bad "$desc: the job did not start ($(pgrep -fc -- "$m") processes)"
        kill -KILL $lp 2>/dev/null; gone "$m" 1; wait $lp 2>/dev/null; return 1
    fi
    sleep 1
    local t0=$SECONDS
    kill -"$sig" $lp
    if gone "$m" 10; then ok "$desc: launcher and job gone after $((SECONDS - t0)) s"
    else bad "$desc: processes left 10 s after the signal"; fi
    { wait $lp; } 2>/dev/null
    rc=$?
    [ "$rc" -ne 0 ] && ok "$desc: launcher exit $rc" || bad "$desc: launcher exit 0"
}

if part run; then
# seshat-run: 2 ranks + 1 model rank + mpirun + seshat-run.
for sig in TERM INT HUP KILL; do
    m="$MARK-run-$sig"
    mkdir -p "$dir/tmpk"
    TMPDIR="$dir/tmpk" signal_case $sig seshat-run 5 "$RUN" --trace "$dir/tr-$sig" \
        --set trace.buffer=64KiB -np 2 -- "$T/compute" 100000000 1 "$m"
done
# seshat-run's temporary directory: removed at the end, and after a
# SIGKILL by the next seshat-run (its pid is gone).
n=$(find "$dir/tmpk" -mindepth 1 -maxdepth 1 | wc -l)
TMPDIR="$dir/tmpk" "$RUN" -np 1 -- /bin/true >/dev/null 2>&1
n2=$(find "$dir/tmpk" -mindepth 1 -maxdepth 1 | wc -l)
[ "$n $n2" = "1 0" ] && ok "seshat-run temporary files: 1 left by kill -KILL, removed by the next run" ||
    bad "seshat-run temporary files: $n after the signals, $n2 after the next run"
# The job flushed its traces when it was ended: the streams read back
# (as in run_trace.sh's SIGTERM case; a stream cut in the middle of a
# frame by the kill is reported by the reader, the records before it stay).
for sig in TERM KILL; do
    ev=$("$BUILD/bin/seshat-trace" stats "$dir/tr-$sig" 2>/dev/null | awk '$1 == "events" { print $2 }')
    if [ -n "$ev" ] && [ "$ev" -gt 1000 ]; then ok "kill -$sig seshat-run: $ev trace events read back"
    else bad "kill -$sig seshat-run: trace events '$ev'"; fi
done

# The same with the default 4 MiB buffer, twice: Open MPI sends SIGTERM
# 1 s after its SIGCONT and SIGKILL 1 s later, and a flush still writing
# then (a busy disk) is cut. Whatever the cut, every frame before it reads
# back: a stream holding more than one frame (1 MiB of records compressed,
# 64 KiB stored) is never unreadable from byte 0, as it was when the
# flush was one 4 MiB frame.
for k in 1 2; do
    m="$MARK-flush-$k"
    set -m
    "$RUN" --trace "$dir/fl-$k" -np 2 -- "$T/compute" 100000000 1 "$m" >"$OUT" 2>&1 &
    lp=$!
    set +m
    up "$m" 5 20 && sleep 2
    kill -KILL $lp
    { wait $lp; } 2>/dev/null
    gone "$m" 10 || bad "flush at kill $k: processes left"
    "$BUILD/bin/seshat-trace" stats "$dir/fl-$k" >"$OUT" 2>&1
    for r in 0 1; do
        f="$dir/fl-$k/rank-$r.sst"
        size=$(stat -c %s "$f" 2>/dev/null || echo 0)
        ev=$(awk -v r=$r '$1 == r && NF == 8 { print $2 }' "$OUT")
        at=$(grep -o "rank-$r.sst: .* at byte [0-9]*" "$OUT" | grep -o '[0-9]*$')
        what="flush at kill $k, rank $r: $size bytes, ${ev:-?} events${at:+, cut in the frame at byte $at}"
        if [ "$size" -le $((1100 * 1024)) ]; then ok "$what (one frame at most: not checked)"
        elif [ "${ev:-0}" -gt 0 ] && [ "${at:-1}" -gt 0 ]; then ok "$what"
        else bad "$what"; fi
    done
done

fi # part run

if part launchers; then
# seshat-sweep: its seshat-run, mpirun and ranks.
for sig in TERM INT KILL; do
    m="$MARK-sweep-$sig"
    signal_case $sig seshat-sweep 6 "$BUILD/bin/seshat-sweep" --out "$dir/sw-$sig" \
        --vary network.latency=1us,2us -np 2 -- "$T/compute" 100000000 1 "$m"
done

# seshat-analyze: its mpirun and analyzers. The analysis of a small trace
# takes a second, so an mpirun shim first in PATH makes each analyzer wait
# 60 s before it starts (sh -c 'sleep 60; exec ANALYZER'), under the real
# mpirun.
m="$MARK-an"
mkdir -p "$dir/shim"
cat >"$dir/shim/mpirun" <<EOF
#!/bin/bash
args=()
while [ \$# -gt 0 ]; do
    case \$1 in -np) args+=("\$1" "\$2"); shift 2; break ;; *) args+=("\$1"); shift ;; esac
done
exec $(command -v mpirun) "\${args[@]}" /bin/sh -c 'sleep 60; exec "\$@"' sh "\$@"
EOF
chmod +x "$dir/shim/mpirun"
if job "trace for analyze" "$RUN" --trace "$dir/$m" --set simulator.clock=none -np 2 -- \
        "$T/compute" 200 1 && [ $rc -eq 0 ]; then
    for sig in TERM INT KILL; do
        PATH="$dir/shim:$PATH" signal_case $sig seshat-analyze 4 "$AN" -j 2 --quiet "$dir/$m"
    done
else bad "trace for analyze: exit $rc"; fi

# seshat-calibrate: the native measurement (a copy of the binary whose
# path carries the marker, so its mpirun and ranks carry it too).
m="$MARK-cal"
mkdir -p "$dir/$m"
cp "$BUILD/bin/seshat-calibrate" "$dir/$m/"
mkdir -p "$dir/tmpc"
for sig in TERM INT KILL; do
    TMPDIR="$dir/tmpc" signal_case $sig seshat-calibrate 3 "$dir/$m/seshat-calibrate" -o "$dir/$m/host.ini" \
        --no-verify --batches 1000 --max-size 1GiB
done
# Its working directory: removed after TERM and INT, left by KILL only.
n=$(find "$dir/tmpc" -mindepth 1 -maxdepth 1 | wc -l)
[ "$n" = 1 ] && ok "seshat-calibrate working files: removed after TERM and INT (1 left by KILL)" ||
    bad "seshat-calibrate working files: $n left in \$TMPDIR after TERM, INT, KILL"

fi # part launchers

if part input; then
# The analyzer cases below read a 2-rank trace (part launchers writes it).
[ -d "$dir/$MARK-an" ] || { job "trace for analyze" "$RUN" --trace "$dir/$MARK-an" --set simulator.clock=none \
    -np 2 -- "$T/compute" 200 1 && [ $rc -eq 0 ]; } || bad "trace for analyze: exit $rc"
# Numbers are parsed whole and range-checked: a one-line error naming the
# argument and its limit, exit 2, nothing started, nothing left behind.
# (description | command after the marker is set | text the message must contain)
m="$MARK-num"
num_cases=(
  "-np 1e3|$RUN -np 1e3 -- $T/compute 1 1 $m|-np"
  "-np 4294967297|$RUN -np 4294967297 -- $T/compute 1 1 $m|-np"
  "-np 2147483647|$RUN -np 2147483647 -- $T/compute 1 1 $m|-np"
  "-np 4x|$RUN -np 4x -- $T/compute 1 1 $m|-np"
  "-np 100000|$RUN -np 100000 -- $T/compute 1 1 $m|-np"
  "-np -3|$RUN -np -3 -- $T/compute 1 1 $m|-np"
  "-np empty|$RUN -np '' -- $T/compute 1 1 $m|-np"
  "-np 400 under ulimit -n 1024|bash -c 'ulimit -n 1024; exec \"\$@\"' - $RUN -np 400 -- $T/compute 1 1 $m|ulimit -n"
  "simulator.ranks above -np|$RUN --set simulator.ranks=3 -np 2 -- $T/compute 1 1 $m|simulator.ranks"
  "analyze -j 100000|$AN -j 100000 $dir/$MARK-an|-j"
  "analyze -j 3, 2 trace ranks|$AN -j 3 $dir/$MARK-an|-j"
  "analyze -j 2x|$AN -j 2x $dir/$MARK-an|-j"
  "analyze -j 0|$AN -j 0 $dir/$MARK-an|-j"
  "sweep -np 4x|$SW --out $dir/sw-np --vary network.latency=1us,2us -np 4x -- $T/compute 1 1 $m|-np 4x"
  "sweep --reps 0|$SW --out $dir/sw-reps --vary network.latency=1us --reps 0 -np 2 -- $T/compute 1 1 $m|--reps 0"
)
for c in "${num_cases[@]}"; do
    IFS="|" read -r what cmd want <<<"$c"
    desc="strict number: $what"
    start=$SECONDS
    eval "set -- $cmd"
    TIMEOUT=20 job "$desc" "$@"
    took=$((SECONDS - start))
    if [ $rc -ne 2 ]; then bad "$desc: exit $rc, expected 2"
    elif [ "$(wc -l <"$OUT")" -ne 1 ]; then bad "$desc: $(wc -l <"$OUT") lines of output, expected one"
    elif ! grep -q -- "$want" "$OUT"; then bad "$desc: message does not name '$want'"
    elif ! grep -qE "at most|whole number" "$OUT"; then bad "$desc: message does not say the limit"
    else ok "$desc: exit 2 in ${took}s: $(cat "$OUT")"; fi
    gone "$m" 2 || bad "$desc: processes left behind"
    gone "$MARK-an" 1 || bad "$desc: analyzers left behind"
done

# seshat-sweep checks every combination before it runs one: nothing was
# run or written for the cases above; an unknown key is refused the same
# way; runs that fail (here: --match finds no time) make it exit 1.
ls -d "$dir"/sw-np "$dir"/sw-reps >/dev/null 2>&1 && bad "seshat-sweep refusals wrote a directory" ||
    ok "seshat-sweep refusals: no output directory written"
desc="seshat-sweep unknown key"
if TIMEOUT=20 job "$desc" "$SW" --out "$dir/sw-key" --vary network.latncy=1us -np 2 -- "$T/compute" 1 1; then
    [ $rc -eq 2 ] && [ "$(wc -l <"$OUT")" = 1 ] && grep -q "unknown key network.latncy" "$OUT" && [ ! -e "$dir/sw-key" ] &&
        ok "$desc: exit 2: $(cat "$OUT")" || bad "$desc: exit $rc"
fi
desc="seshat-sweep value out of range"
if TIMEOUT=20 job "$desc" "$SW" --out "$dir/sw-neg" --vary network.latency=1us,-5us -np 2 -- "$T/compute" 1 1; then
    [ $rc -eq 2 ] && [ "$(wc -l <"$OUT")" = 1 ] && [ ! -e "$dir/sw-neg" ] &&
        grep -q 'network.latency=-5us: .*expected a time from 0ns to 10s' "$OUT" &&
        ok "$desc: exit 2: $(cat "$OUT")" || bad "$desc: exit $rc"
fi
desc="seshat-sweep with failed runs"
if TIMEOUT=40 job "$desc" "$SW" --out "$dir/sw-fail" --vary network.latency=1us,2us --match 'no such ([0-9]+)' \
        -np 2 -- "$T/compute" 1 1; then
    [ $rc -eq 1 ] && grep -q "2 of 2 runs failed" "$OUT" && [ "$(grep -c ',failed$' "$dir/sw-fail/sweep.csv")" = 2 ] &&
        ok "$desc: exit 1, both rows failed in sweep.csv" || bad "$desc: exit $rc"
fi

# Dynamic processes are refused with one error naming the call, at once
# (MPI_Comm_spawn used to hang: its child became a model rank).
for mode in spawn spawn_multiple connect accept join; do
    desc="MPI_Comm_$mode refused"
    TIMEOUT=20 job "$desc" "$RUN" -np 2 -- "$T/spawn" $mode "$MARK-dyn" || continue
    call="MPI_Comm_$mode"
    if [ $rc -eq 0 ]; then bad "$desc: exit 0"
    elif grep -q "^RESULT returned 0" "$OUT"; then bad "$desc: the call returned"
    elif ! grep -q "error: $call: dynamic processes .* are not supported under seshat" "$OUT"; then
        bad "$desc: no message naming $call"
    else ok "$desc: exit $rc, $(grep -m1 -o "$call: dynamic processes.*" "$OUT")"; fi
    gone "$MARK-dyn" 5 || bad "$desc: processes left behind"
done

# A program whose MPI_Init never reaches seshat: not an MPI program, or the
# library not loaded. Non-zero exit and one line saying so, at once.
printf '#!/bin/sh\necho "RESULT script ran"\n' >"$dir/script.sh"; chmod +x "$dir/script.sh"
nompi_cases=(
  "/bin/true|$RUN -np 2 -- /bin/true|never called MPI_Init under seshat"
  "a shell script|$RUN -np 2 -- $dir/script.sh|never called MPI_Init under seshat"
  "SESHAT_LIB pointing nowhere|env SESHAT_LIB=$dir/nowhere.so $RUN -np 2 -- $T/pingpong blocking 8|cannot read the seshat library $dir/nowhere.so (SESHAT_LIB)"
  "SESHAT_LIB not seshat|env SESHAT_LIB=$(gcc -print-file-name=libm.so.6) $RUN -np 2 -- $T/pingpong blocking 8|never called MPI_Init under seshat"
)
for c in "${nompi_cases[@]}"; do
    IFS="|" read -r what cmd want <<<"$c"
    desc="no seshat: $what"
    # shellcheck disable=SC2086
    mkdir -p "$dir/tmp"
    TMPDIR="$dir/tmp" TIMEOUT=20 job "$desc" $cmd || continue
    if [ $rc -eq 0 ]; then bad "$desc: exit 0"
    elif ! grep -qF -- "$want" "$OUT"; then bad "$desc: no message '$want'"
    else ok "$desc: exit $rc: $(grep -m1 -F -- "$want" "$OUT" | cut -c1-100)"; fi
done
n=$(find "$dir/tmp" -maxdepth 1 -name 'seshat-run-*' | wc -l)
[ "$n" = 0 ] && ok "no seshat: no temporary files left" || bad "no seshat: $n seshat-run-* left in \$TMPDIR"

# A --set value holding ';' reaches the ranks whole: report.prefix is
# "abc;network.latency=1s" and the latency stays 5us, the same round trip
# 2(L + 8 ns) = 10016 ns as without it (it used to run with L = 1 s).
P=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
   --set network.overhead=0 --set network.gap=0)
desc="--set value with ';'"
if job "$desc" "$RUN" "${P[@]}" --set 'report.prefix=abc;network.latency=1s' -np 2 -- "$T/pingpong" blocking 8; then
    expect "blocking 8" 10016
fi
desc="\$SESHAT_SET with an escaped ';'"
if SESHAT_SET='report.prefix=abc\;network.latency=1s' job "$desc" "$RUN" "${P[@]}" -np 2 -- "$T/pingpong" blocking 8; then
    expect "blocking 8" 10016
fi
if "$RUN" "${P[@]}" --set 'report.prefix=abc;network.latency=1s' --print-config >"$OUT" 2>&1 &&
   grep -q "^prefix = abc;network.latency=1s " "$OUT" && grep -q "^latency = 5000ns " "$OUT"; then
    ok "--set value with ';': printed as given, latency 5000ns"
else bad "--set value with ';': $(grep -E '^(prefix|latency) ' "$OUT" | tr '\n' ' ')"; fi

# A virtual clock past 2^62 ns (10 x 1e9 s of MPI_Pcontrol compute) stops
# the run with a clear error instead of wrapping around.
desc="virtual clock overflow"
if TIMEOUT=20 job "$desc" "$RUN" --set simulator.clock=none -np 2 -- "$T/pcontrol" overflow; then
    if [ $rc -ne 0 ] && grep -q "error: the virtual clock passed 2^62 ns" "$OUT" && ! grep -q "^RESULT" "$OUT"; then
        ok "$desc: exit $rc, $(grep -m1 -o 'the virtual clock passed.*overflow)' "$OUT")"
    else bad "$desc: exit $rc"; fi
fi

# A write failure (full disk, I/O error, short write) marks the trace
# incomplete: the program's exit status stays 0, defs.ini still exists
# (its space is reserved at the start) with complete = false, the events a
# reader gets back, the events recorded and the reason, and the end-of-run
# line says the same. Checked against an independent count: the events
# seshat-trace stats reads back, and the events of a whole trace.
TRS="$BUILD/bin/seshat-trace"
FD=(--set trace.buffer=64KiB -np 2 -- "$T/compute" 30000 1)
# incomplete DESC DIR WANT: the checks above, WANT in the reason.
incomplete() {
    local d=$2 want=$3 w r got
    w=$(sed -n 's/^events = //p' "$d/defs.ini" 2>/dev/null)
    r=$(sed -n 's/^events_recorded = //p' "$d/defs.ini" 2>/dev/null)
    got=$("$TRS" stats "$d" 2>/dev/null | awk '$1 == "events" { print $2 }')
    if [ $rc -ne 0 ]; then bad "$1: exit $rc, expected the program's 0"
    elif ! grep -q "^complete = false" "$d/defs.ini" 2>/dev/null; then
        bad "$1: defs.ini: $(head -c 300 "$d/defs.ini" 2>&1 | tr '\n' ' ')"
    elif ! grep -q "^reason = \"rank [01]: .*$want" "$d/defs.ini"; then bad "$1: defs.ini gives no reason '$want'"
    elif [ "$r" != "$E" ]; then bad "$1: events_recorded = $r, expected $E"
    elif [ "$w" != "$got" ] || [ "$w" -ge "$E" ]; then
        bad "$1: defs.ini says $w events, the reader gets back $got (of $E)"
    elif ! grep -q "^seshat: trace INCOMPLETE: $w of $E events written, .*(rank [01]: .*$want" "$OUT"; then
        bad "$1: end-of-run line: $(grep '^seshat: trace' "$OUT")"
    else ok "$1: exit 0; defs.ini and the end-of-run line: $w of $E events written ($want)"; fi
}
desc="trace of a whole run"
E=""
if job "$desc" "$RUN" --trace "$dir/fd-whole" "${FD[@]}" && [ $rc -eq 0 ]; then
    E=$(sed -n 's/^events = //p' "$dir/fd-whole/defs.ini")
    got=$("$TRS" stats "$dir/fd-whole" 2>/dev/null | awk '$1 == "events" { print $2 }')
    if grep -q "^complete = true" "$dir/fd-whole/defs.ini" && [ "$E" = "$got" ] && [ ! -e "$dir/fd-whole/defs.ini.part" ] &&
       grep -q "^seshat: trace of $E events" "$OUT"; then ok "$desc: defs.ini complete, $E events, read back"
    else bad "$desc: defs.ini events '$E', read back '$got'"; E=""; fi
else bad "$desc: exit $rc"; fi
# SQLite style: each stream's writes fail after the first N.
for f in 0:ENOSPC 1:EIO 3:short; do
    [ -n "$E" ] || break
    want="No space left on device"; [ "${f#*:}" = EIO ] && want="Input/output error"
    SESHAT_TRACE_FAULT=$f job "write fault $f" "$RUN" --trace "$dir/fd-$f" "${FD[@]}" &&
        incomplete "write fault $f" "$dir/fd-$f" "$want"
done
# A real full disk: a small tmpfs in a private mount namespace.
mkdir -p "$dir/fdmnt"
if ! why=$(unshare -m sh -c "mount -t tmpfs -o size=64k tmpfs '$dir/fdmnt'" 2>&1); then
    echo "skip full disk on a small tmpfs: unshare -m and mount -t tmpfs are not permitted here (${why:-no message})"
else
    for size in 64k 160k; do
        [ -n "$E" ] || break
        job "full disk ($size tmpfs)" unshare -m bash -c 'mount -t tmpfs -o size=$1 tmpfs "$2" || exit 99
            "$4" --trace "$2/t" "${@:5}"; rc=$?; cp -r "$2/t" "$3"; exit $rc' - $size "$dir/fdmnt" \
            "$dir/fd-$size" "$RUN" "${FD[@]}" && incomplete "full disk ($size tmpfs)" "$dir/fd-$size" "No space left on device"
    done
fi

# The trace tools validate their arguments and input: exit 2 with one
# line for a bad argument, 1 for a damaged stream, never output the
# other tools refuse.
TR="$BUILD/bin/seshat-trace"
tdir="$dir/ring"
if job "trace for the trace tools" "$RUN" --trace "$tdir" --set simulator.clock=none -np 4 -- \
        "$T/ring" waitall 8 3 && [ $rc -eq 0 ]; then
    cp -r "$tdir" "$dir/damaged"
    f="$dir/damaged/rank-1.sst"; truncate -s $(($(stat -c %s "$f") - 7)) "$f"
    mkdir -p "$dir/empty"
    # (arguments | exit | text of the message)
    tr_cases=(
      "dump $tdir --rank 99|2|dump: --rank 99: expected a whole number from 0 to 3"
      "dump $tdir --rank abc|2|dump: --rank abc: expected a whole number from 0 to 3"
      "dump $tdir --rank|2|dump: --rank needs a value"
      "dump $tdir --format xml|2|the only format is seshat"
      "msglog $dir/empty|2|not a seshat trace directory"
      "msglog $dir/nonexistent|2|No such file or directory"
      "stats $tdir extra|2|unexpected argument extra"
      "filter $tdir $dir/f912 --ranks 9-12|2|--ranks 9-12 selects no rank-<r>.sst"
      "otf2 $tdir /proc/x|2|otf2: /proc/x"
      "otf2 $dir/empty $dir/o-empty|2|not a seshat trace directory"
      "otf2 $dir/damaged $dir/o-damaged|1|rank-1.sst: truncated"
      "stats $dir/damaged|1|rank-1.sst: truncated"
      "dump $dir/damaged|1|rank-1.sst: truncated"
    )
    for c in "${tr_cases[@]}"; do
        IFS="|" read -r args want_rc want <<<"$c"
        desc="seshat-trace $args"
        # shellcheck disable=SC2086
        TIMEOUT=20 job "$desc" "$TR" $args || continue
        if [ $rc -ne "$want_rc" ]; then bad "$desc: exit $rc, expected $want_rc"
        elif ! grep -qF -- "$want" "$OUT"; then bad "$desc: no message '$want'"
        else ok "$desc: exit $rc"; fi
    done
    [ ! -e "$dir/f912" ] && ok "filter --ranks 9-12: no output directory" || bad "filter --ranks 9-12 wrote $dir/f912"
    # A subset that exists is a trace the other tools read.
    if "$TR" filter "$tdir" "$dir/f12" --ranks 1-2 >"$OUT" 2>&1 &&
       "$TR" stats "$dir/f12" >"$OUT" 2>&1 && [ "$(ls "$dir/f12" | grep -c '^rank-.*\.sst$')" = 2 ]; then
        ok "filter --ranks 1-2: 2 streams, stats reads them"
    else bad "filter --ranks 1-2"; fi
    "$TR" dump "$tdir" --rank 2 >"$OUT" 2>&1 && [ "$(cut -d' ' -f1 "$OUT" | sort -u)" = 2 ] &&
        ok "dump --rank 2: rank 2's records only" || bad "dump --rank 2"
    TIMEOUT=20 job "otf2 twice" "$TR" otf2 "$tdir" "$dir/o" && TIMEOUT=20 job "otf2 twice" "$TR" otf2 "$tdir" "$dir/o"
    [ "$rc" = 2 ] && grep -q "already holds an OTF2 archive" "$OUT" && ok "otf2 into an existing archive: exit 2" ||
        bad "otf2 into an existing archive: exit $rc"
else bad "trace for the trace tools: exit $rc"; fi

# The communicator limit: seshat keeps a shadow of each communicator, so a
# program gets about half of Open MPI's ~65,000; it is warned by name before
# its own MPI_Comm_dup fails, and the job still ends cleanly.
if job "communicator limit" "$RUN" --set simulator.clock=none -np 1 -- "$T/comm_limit"; then
    n=$(value comms)
    [ "$rc" = 0 ] && grep -q "30000 live communicators: Open MPI allows about 65,000" "$OUT" &&
        [ "${n:-0}" -gt 30000 ] && [ "$(value error_class)" != 0 ] &&
        ok "communicator limit: warned at 30000, $n made, then an MPI error the program handles" ||
        bad "communicator limit: exit $rc, $n communicators, no warning"
fi

fi # part input
summary
