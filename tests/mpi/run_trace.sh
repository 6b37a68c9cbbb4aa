#!/bin/bash
# run_trace.sh - traces: valid LZ4 streams, exact event counts, no effect
# on virtual time, clean degradation when the disk refuses, and streams
# that survive a SIGTERM.
# parts: ring other onoff cpu
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
. tests/mpi/oracle.sh
TR="$BUILD/bin/seshat-trace"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
      --set network.overhead=0)

stat_of() { "$TR" stats "$1" | awk -v k="$2" '$1 == k { print $2 }'; }

if part ring; then
# A ring of 5 steps on 4 ranks: per rank Comm_rank, Comm_size, 5 x (Irecv,
# Isend, Waitall) and Wtime enter and exit (18 x 2), plus Finalize's enter.
for path in direct relay; do
    desc="traced ring ($path)"
    job "$desc" "$RUN" "${BASE[@]}" --set network.path=$path --trace "$dir/ring-$path" \
        -np 4 -- "$T/ring" waitall 8 5 || continue
    all_ok=1
    for f in "$dir/ring-$path"/*.sst; do lz4 -t "$f" >/dev/null 2>&1 || { all_ok=0; bad "$desc: lz4 -t $f"; }; done
    [ $all_ok = 1 ] && ok "$desc: lz4 -t passes on every stream"
    ev=$(stat_of "$dir/ring-$path" events); se=$(stat_of "$dir/ring-$path" sends); re=$(stat_of "$dir/ring-$path" recvs)
    [ "$ev $se $re" = "148 20 20" ] && ok "$desc: 148 events, 20 sends, 20 receives" || bad "$desc: events/sends/recvs $ev $se $re"
    grep -q "^complete = true" "$dir/ring-$path/defs.ini" && ok "$desc: definitions say complete" || bad "$desc: defs.ini"
    grep -q "^3 = main tests/mpi/ring.c:55 " "$dir/ring-$path/sites-0.txt" && ok "$desc: call site resolved to ring.c:55" \
        || bad "$desc: call site 3: $(sed -n 5p "$dir/ring-$path/sites-0.txt")"
    n=$("$TR" msglog "$dir/ring-$path" | grep -vc '^#')
    [ "$n" = 20 ] && ok "$desc: message log has 20 lines" || bad "$desc: message log has $n lines"
    oracle_check "$dir/ring-$path" "ring ($path)" "$([ $path = direct ] && echo 1 2 3 4 || echo auto)"
done

# Seshat's nine-field lines: one per message, exactly nine fields, values
# as sent (the ring sends 8 bytes with tag 3 from r to r + 1).
desc="dump --format seshat"
if [ -d "$dir/ring-direct" ]; then
    "$TR" dump "$dir/ring-direct" --format seshat | grep -v '^#' >"$OUT"
    n=$(wc -l <"$OUT")
    good=$(awk 'NF == 9 && $1 == 1 && $4 == ($3 + 1) % 4 && $7 == 3 && $8 == 0 && $9 == 8' "$OUT" | wc -l)
    [ "$n" = 20 ] && [ "$good" = 20 ] && ok "$desc: 20 lines of nine fields matching the messages" \
        || bad "$desc: $n lines, $good matching"
fi

# seshat-trace filter gives what the [trace] filters give.
desc="seshat-trace filter"
if [ -d "$dir/ring-direct" ] && "$TR" filter "$dir/ring-direct" "$dir/filtered" --kinds p2p --ranks 1-2 >/dev/null; then
    got=$("$TR" stats "$dir/filtered" | awk '$1 ~ /^[0-9]+$/ { printf "%s:%s ", $1, $2 }')
    [ "$got" = "1:20 2:20 " ] && ok "$desc: ranks 1-2, 20 p2p events each" || bad "$desc: $got"
    # defs.ini lists the ranks kept; the analysis reads those, the oracle agrees
    grep -q "^traced = 1-2$" "$dir/filtered/defs.ini" && ok "$desc: defs.ini says traced = 1-2" ||
        bad "$desc: defs.ini: $(grep traced "$dir/filtered/defs.ini")"
    oracle_check "$dir/filtered" "seshat-trace filter"
else bad "$desc: failed"; fi

# Call ids are the writing build's (src/mpi/calls.h); calls.txt names
# them and readers map by name. Two names swapped in calls.txt are swapped
# in the dump; without calls.txt (a trace of an older seshat) the dump is
# the same as with this build's own calls.txt.
desc="call names in the trace"
if [ -d "$dir/ring-direct" ] && cp -r "$dir/ring-direct" "$dir/names" && "$TR" dump "$dir/names" >"$dir/names.0"; then
    c="$dir/names/calls.txt"
    n=$(grep -c '^[0-9]* = MPI_[A-Za-z_]*$' "$c"); w=$(grep -c 'enter MPI_Waitall ' "$dir/names.0")
    [ "$n" -gt 200 ] && [ "$n" = "$(grep -vc '^#' "$c")" ] && [ "$w" = 20 ] &&
        ok "$desc: calls.txt names $n calls; 20 MPI_Waitall entered" || bad "$desc: $n names, $w Waitall"
    iw=$(awk '$3 == "MPI_Waitall" { print $1 }' "$c"); ii=$(awk '$3 == "MPI_Irecv" { print $1 }' "$c")
    sed -i "s/^$iw = MPI_Waitall\$/$iw = MPI_Irecv/; s/^$ii = MPI_Irecv\$/$ii = MPI_Waitall/" "$c"
    "$TR" dump "$dir/names" | sed 's/MPI_Waitall/@/g; s/MPI_Irecv/MPI_Waitall/g; s/@/MPI_Irecv/g' >"$OUT"
    cmp -s "$OUT" "$dir/names.0" && ok "$desc: ids $iw and $ii read by the names calls.txt gives them" ||
        bad "$desc: the dump does not follow calls.txt"
    rm "$c"
    "$TR" dump "$dir/names" >"$OUT" && cmp -s "$OUT" "$dir/names.0" &&
        ok "$desc: without calls.txt (an older trace) the same dump" || bad "$desc: legacy trace reads differently"
fi
fi # part ring

if part other; then
# Crashes: MPI_Abort and a segfault leave readable streams and an
# incomplete trace that says so.
for how in abort segv; do
    desc="traced run ending in $how"
    job "$desc" "$RUN" --trace "$dir/crash-$how" -np 2 -- "$T/failing" $how || continue
    "$TR" stats "$dir/crash-$how" >"$OUT" 2>&1
    ev=$(awk '$1 == "events" { print $2 }' "$OUT")
    # the failing rank's own events (2) always; its victims' are best effort
    if [ "${ev:-0}" -ge 2 ] && grep -q "complete no (defs.ini missing" "$OUT"; then
        ok "$desc: $ev events read back, reported incomplete"
    else bad "$desc: events '$ev'"; fi
    oracle_check "$dir/crash-$how" "crash ($how)"
    # The OTF2 export of a crashed run says so: a warning, SESHAT::COMPLETE = false.
    if command -v otf2-print >/dev/null && "$TR" otf2 "$dir/crash-$how" "$dir/otf2-$how" >"$OUT" 2>&1; then
        grep -q "WARNING: .* is not a whole trace: defs.ini is missing" "$OUT" &&
            otf2-print -I "$dir/otf2-$how/traces.otf2" 2>&1 | grep -A1 "SESHAT::COMPLETE" | grep -q "value *false" &&
            ok "$desc: the OTF2 export warns and says SESHAT::COMPLETE = false" || bad "$desc: OTF2 export of a crashed run"
    fi
done

# A trace write that sleeps (test knob) slows the run, not its virtual time.
desc="slow trace writes"
if job "$desc" "$RUN" "${BASE[@]}" -np 2 -- "$T/pingpong" nonblocking 8 1048576; then
    fast=$(grep '^RESULT' "$OUT" | sort); wf=$(sed -nE 's/.*wall ([0-9.]+) s.*/\1/p' "$OUT")
    if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/slow" --set trace.debug_write_delay=5ms -np 2 -- "$T/pingpong" nonblocking 8 1048576; then
        slow=$(grep '^RESULT' "$OUT" | sort); ws=$(sed -nE 's/.*wall ([0-9.]+) s.*/\1/p' "$OUT")
        if [ "$fast" = "$slow" ] && awk -v a="$wf" -v b="$ws" 'BEGIN { exit !(b > a + 0.05) }'; then
            ok "$desc: identical virtual times, wall ${wf}s -> ${ws}s"
        else bad "$desc: results differ or wall did not grow ($wf -> $ws)"; fi
        oracle_check "$dir/slow" "slow trace writes"
    fi
fi
fi # part other

# OTF2 export read back by otf2-print: every message and collective.
desc="OTF2 export"
if part ring; then
if [ -d "$dir/ring-direct" ] && command -v otf2-print >/dev/null; then
    if "$TR" otf2 "$dir/ring-direct" "$dir/otf2" >"$OUT" 2>&1 && otf2-print "$dir/otf2/traces.otf2" >"$OUT" 2>&1; then
        # the ring's Isend/Irecv/Waitall: nonblocking events with request ids
        got=""
        for e in MPI_ISEND MPI_ISEND_COMPLETE MPI_IRECV_REQUEST MPI_IRECV MPI_SEND MPI_RECV warning; do
            got="$got $(grep -c "^$e " "$OUT")"
        done
        [ "$got" = " 20 20 20 20 0 0 0" ] &&
            ok "$desc: otf2-print reads 20 x MPI_ISEND, ISEND_COMPLETE, IRECV_REQUEST, IRECV; no warnings" \
            || bad "$desc: ISEND ISEND_COMPLETE IRECV_REQUEST IRECV SEND RECV warnings:$got"
    else bad "$desc: export or otf2-print failed"; fi
fi
fi # part ring
if part other; then
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/coll" -np 4 -- "$T/coll_times" 8 all &&
   "$TR" otf2 "$dir/coll" "$dir/otf2c" >/dev/null 2>&1 && otf2-print "$dir/otf2c/traces.otf2" >"$OUT" 2>&1; then
    n=$(grep -c "^MPI_COLLECTIVE_END " "$OUT")
    [ "$n" = 88 ] && ok "$desc: 22 collectives x 4 ranks" || bad "$desc: $n collective ends"
    oracle_check "$dir/coll" "coll_times" "1 2 3 4"
    # Without rank 3, no collective on a communicator it is in is judged:
    # 18 blocking collectives on MPI_COMM_WORLD x 3 ranks are unknown (the
    # 4 nonblocking ones are never judged).
    desc="rank-filtered trace"
    if "$TR" filter "$dir/coll" "$dir/coll3" --ranks 0-2 >/dev/null; then
        oracle_check "$dir/coll3" "coll_times, ranks 0-2 of 4"
        got=$(python3 tests/tools/json_get.py "$dir/coll3/analysis.json" "[a['unknown'], a['patterns']['collective']['per_rank'][3]]")
        [ "$got" = "[{'receives': 0, 'rendezvous_sends': 0, 'collective_calls': 54}, 0.0]" ] &&
            ok "$desc: coll_times, ranks 0-2: 18 x 3 collective calls unknown, rank 3 has no time" || bad "$desc: $got"
    else bad "$desc: filter --ranks 0-2"; fi
fi

# Filters: ranks 1-2 only, point-to-point calls only (Irecv and Isend: 2 x 5
# enters and exits each), and a size threshold that drops every message.
desc="trace filters"
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/filt" --set trace.ranks=1-2 --set trace.kinds=p2p \
        -np 4 -- "$T/ring" waitall 8 5; then
    got=$("$TR" stats "$dir/filt" | awk '$1 ~ /^[0-9]+$/ { printf "%s:%s ", $1, $2 }')
    [ "$got" = "1:20 2:20 " ] && [ ! -e "$dir/filt/rank-0.sst" ] && grep -q "complete = true" "$dir/filt/defs.ini" \
        && ok "$desc: ranks 1-2, 20 p2p events each" || bad "$desc: $got"
    # kinds = p2p leaves out the Waitall in which the receives complete:
    # no receive at all, so none from the untraced ranks either.
    oracle_check "$dir/filt" "trace.ranks/kinds"
    got=$(python3 tests/tools/json_get.py "$dir/filt/analysis.json" "[a['complete'], a['traced_ranks'], a['unknown']]")
    [ "$got" = "[True, [1, 2], {'receives': 0, 'rendezvous_sends': 0, 'collective_calls': 0}]" ] &&
        ok "$desc: analysis of ranks 1-2, complete" || bad "$desc: $got"
fi
fi # part other
# Ranks 1-2 of the ring, every kind: rank 1's 5 receives come from the
# untraced rank 0, their wait states are unknown (rank 2's sends to rank 3
# are eager: no Late Receiver to miss).
desc="rank-filtered trace"
if part ring; then
if [ -d "$dir/ring-direct" ] && "$TR" filter "$dir/ring-direct" "$dir/ring12" --ranks 1-2 >/dev/null; then
    oracle_check "$dir/ring12" "ring, ranks 1-2 of 4"
    got=$(python3 tests/tools/json_get.py "$dir/ring12/analysis.json" "[a['complete'], a['traced_ranks'], a['unknown']]")
    [ "$got" = "[True, [1, 2], {'receives': 5, 'rendezvous_sends': 0, 'collective_calls': 0}]" ] &&
        ok "$desc: 5 receives from rank 0 unknown" || bad "$desc: $got"
fi
fi # part ring
if part other; then
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/small" --set trace.min_bytes=16B -np 4 -- "$T/ring" waitall 8 5; then
    [ "$(stat_of "$dir/small" sends) $(stat_of "$dir/small" events)" = "0 148" ] \
        && ok "$desc: min_bytes drops the 8-byte messages, keeps the calls" || bad "$desc: min_bytes"
    oracle_check "$dir/small" "trace.min_bytes"
fi
# Payloads: every message's data follows its SEND; request ids pair each
# Isend/Irecv with its completion.
desc="payload and request ids"
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/pay" --set trace.payload=true -np 4 -- "$T/ring" waitall 1000 5; then
    got="$(stat_of "$dir/pay" payload_bytes) $(stat_of "$dir/pay" completions) $(stat_of "$dir/pay" sends)"
    [ "$got" = "20000 40 20" ] && ok "$desc: 20000 payload bytes, 40 completions, 20 sends" || bad "$desc: $got"
    oracle_check "$dir/pay" "trace.payload"
fi
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/nocomm" --set trace.comms=7 -np 4 -- "$T/ring" waitall 8 5; then
    [ "$(stat_of "$dir/nocomm" sends) $(stat_of "$dir/nocomm" events)" = "0 148" ] \
        && ok "trace.comms: messages on other communicators dropped" || bad "trace.comms"
    oracle_check "$dir/nocomm" "trace.comms"
fi
desc="bad trace filter"
if job "$desc" "$RUN" --set trace.ranks=0-x -np 2 -- "$T/pingpong" blocking 8; then
    [ $rc -eq 2 ] && grep -q "trace.ranks" "$OUT" && ok "$desc: exit 2 naming trace.ranks" || bad "$desc: exit $rc"
fi
fi # part other

if part onoff; then
# Tracing never changes virtual time: identical results with and without.
for prog in "pingpong nonblocking 8 1048576" "ring testsome 1048576 3" "coll_times 1024 all"; do
    desc="trace on == trace off: $prog"
    job "$desc" "$RUN" "${BASE[@]}" --set report.summary=false -np 4 -- $(sed "s|^|$T/|" <<<"$prog") || continue
    off=$(grep '^RESULT' "$OUT" | sort)
    job "$desc" "$RUN" "${BASE[@]}" --set report.summary=false --trace "$dir/onoff" -np 4 -- $(sed "s|^|$T/|" <<<"$prog") || continue
    on=$(grep '^RESULT' "$OUT" | sort)
    oracle_check "$dir/onoff" "$prog"
    rm -rf "$dir/onoff"
    [ -n "$on" ] && [ "$on" = "$off" ] && ok "$desc ($(wc -l <<<"$on") results)" || bad "$desc: results differ"
done
fi # part onoff

if part cpu; then
# With clock = cpu: tracing never enters virtual time. Traced and
# untraced, every rank reports the CPU time its work took as the program
# measured it itself, within 1% (lib.sh cpu_agrees): compared within each
# run, so other processes on the machine cannot fake or hide a difference
# (two runs of the same work differ by up to 10% in CPU time under load,
# and even minima of 10 runs drift by 2-3%); the exact invariant is checked
# above with clock = none.
for traced in "" "--trace $dir/cpu"; do
    desc="trace $([ -n "$traced" ] && echo on || echo off), clock = cpu"
    job "$desc" "$RUN" --set simulator.clock=cpu $traced -np 2 -- "$T/compute" 1 40000000 || continue
    cpu_agrees 1 1 && ok "$desc: $agree" || bad "$desc: $agree (not within 1%)"
done
oracle_check "$dir/cpu" "compute (clock = cpu)"
rm -rf "$dir"/cpu*
fi # part cpu

if part other; then
# An existing directory is never overwritten.
desc="existing trace directory"
mkdir -p "$dir/taken"; echo keep >"$dir/taken/file"
if job "$desc" "$RUN" "${BASE[@]}" --trace "$dir/taken" -np 2 -- "$T/pingpong" blocking 8; then
    [ -f "$dir/taken.1/rank-0.sst" ] && [ "$(cat "$dir/taken/file")" = keep ] && grep -q "taken exists" "$OUT" \
        && ok "$desc: written to taken.1, with a message" || bad "$desc: $(grep seshat "$OUT" | head -2)"
    oracle_check "$dir/taken.1" "pingpong blocking"
fi

# An unwritable directory: seshat-run says so before launch (one line,
# exit 2: a long run must not end without its trace); a program relinked
# with seshat and started by plain mpirun, which nothing checks before,
# gets one clear message and still finishes with its times unchanged.
desc="unwritable trace directory"
if job "$desc" "$RUN" "${BASE[@]}" --trace /proc/seshat-no -np 2 -- "$T/pingpong" blocking 8; then
    [ $rc -eq 2 ] && [ "$(grep -c . "$OUT")" = 1 ] && grep -q "cannot create the trace directory" "$OUT" &&
        ok "$desc: seshat-run: exit 2 before launch, one line" || bad "$desc: seshat-run exit $rc"
fi
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
if SESHAT_SET="simulator.clock=none;network.latency=5us;network.bandwidth=1GB/s;network.overhead=0;network.gap=0;trace.enabled=true;trace.dir=/proc/seshat-no" \
   job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np 3 "$T/pingpong.relinked" blocking 8; then
    if [ $rc -eq 0 ] && grep -q "^RESULT blocking 8 10016" "$OUT" && grep -q "cannot create the trace directory" "$OUT"; then
        ok "$desc: relinked under mpirun: exit 0, times unchanged, message given"
    else bad "$desc: relinked under mpirun: exit $rc"; fi
fi

# SIGTERM in the middle of a run: what was buffered is flushed and reads back.
# The signal goes to this run's own mpirun (timeout -> seshat-run ->
# mpirun; other checkouts may run this test at the same time) once both
# ranks have written a 64 KiB buffer (thousands of events) to their
# streams: no fixed sleep, which a loaded machine can outlast.
desc="SIGTERM during a traced run"
( timeout -k 5 60 "$RUN" --set simulator.clock=none --set trace.buffer=64KiB --trace "$dir/term" \
      -np 2 -- "$T/compute" 200000 1000 >"$OUT" 2>&1 & echo $! >"$dir/pid"; wait ) &
for ((i = 0; i < 400; i++)); do
    [ -s "$dir/term/rank-0.sst" ] && [ -s "$dir/term/rank-1.sst" ] && break
    sleep 0.1
done
tpid=$(cat "$dir/pid" 2>/dev/null)
for sr in $(pgrep -P "${tpid:-0}"); do pkill -TERM -P "$sr"; done
wait
ev=$("$TR" stats "$dir/term" 2>/dev/null | awk '$1 == "events" { print $2 }')
if [ -n "$ev" ] && [ "$ev" -gt 1000 ]; then ok "$desc: $ev events read back"; else bad "$desc: events '$ev'"; fi
oracle_check "$dir/term" "SIGTERM"
fi # part other
summary
