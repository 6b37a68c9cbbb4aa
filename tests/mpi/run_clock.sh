#!/bin/bash
# run_clock.sh - the CPU clock counts only the program's own work
# (docs/models.md, "The virtual clock"): seshat's cost between two MPI calls
# never reaches virtual time.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh

# within A B PCT: |A/B - 1| < PCT percent.
within() { awk -v a="$1" -v b="$2" -v p="$3" 'BEGIN { d = a / b - 1; if (d < 0) d = -d; exit !(d * 100 < p) }'; }

# 8-byte ping-pong under clock = cpu (the default), o = g = 0, 10 GB/s: the
# one-way time is the model's L + 8 B / 10 GB/s = L + 0.8 ns, rounded (as
# clock = none reports it exactly). Criterion (issue 14): within 3% at
# every latency, 15 ns at L = 0.5 us. The figure is the median over 20
# batches of 200 round trips (a burst of load from other jobs on these
# 2 shared cores spoils a batch, not the figure); a latency that misses is
# run again, at most PP_RUNS times, the latencies interleaved.
# Under ASan (check-asan) seshat's own code is instrumented and 2-3x slower
# and more variable: the runs still catch memory errors, the bound is 10%.
PCT=3; [ -n "$SESHAT_ASAN" ] && PCT=10
NET=(--set network.overhead=0 --set network.gap=0 --set network.bandwidth=10GB/s)
LATS=(0.5us 1us 2us 10us)
declare -A MODEL=([0.5us]=501 [1us]=1001 [2us]=2001 [10us]=10001) GOT=() PASS=()
name="cpu clock ping-pong"
for i in $(seq "${PP_RUNS:-3}"); do
    # a busy machine (lib.sh loaded): one round only, a miss not judged
    [ "$i" -gt 1 ] && loaded && break
    for L in "${LATS[@]}"; do
        [ -n "${PASS[$L]}" ] && continue
        # Beside six CPU-bound processes a run takes minutes of wall time
        # (each message waits for its receiver to be scheduled) while its
        # figure still holds: the wall-time limit is 4 minutes, not 90 s.
        TIMEOUT=240 job "$name L=$L" "$RUN" "${NET[@]}" --set network.latency=$L -np 2 -- \
            "$T/clock_pingpong" 4000 8 200 20 || continue
        v=$(value median)
        [ -n "$v" ] || continue
        GOT[$L]="${GOT[$L]:+${GOT[$L]} }$v"
        within "$v" "${MODEL[$L]}" $PCT && PASS[$L]=$v
    done
done
for L in "${LATS[@]}"; do
    m=${MODEL[$L]} desc="$name L=$L"
    if [ -n "${PASS[$L]}" ]; then
        off=$(awk -v a="${PASS[$L]}" -v b="$m" 'BEGIN{printf "%+.1f", (a/b-1)*100}')
        ok "$desc: one-way ${PASS[$L]} ns (median of batches), model $m ns ($off% < $PCT%)"
    else judged "$desc" "one-way ${GOT[$L]:-no result} ns (median of batches, per run), model $m ns: not within $PCT%"; fi
done

# Known busy work between MPI calls (~17 us per interval), its CPU time
# measured natively in the same process: reported within 2%.
desc="known work"
if job "$desc" "$RUN" -np 1 -- "$T/clock_work" 500 10000 5; then
    n=$(value native) r=$(value reported)
    if [ -n "$n" ] && [ -n "$r" ] && within "$r" "$n" 2; then ok "$desc: native $n ns, reported $r ns (< 2%)"
    else bad "$desc: native '$n' ns, reported '$r' ns"; fi
fi

# The summary names the clock's source and the cost taken off per
# interval; clock_compensation = off takes nothing off; clock = none has
# no clock to describe.
desc="clock summary"
# the sources of docs/models.md: these VMs offer the gated one
SRC="CLOCK_THREAD_CPUTIME_ID|CLOCK_MONOTONIC between context switches \(perf page\), CLOCK_THREAD_CPUTIME_ID across them|perf task clock, user-space read"
if job "$desc" "$RUN" -np 2 -- "$T/clock_pingpong" 10 8; then
    if grep -Eq "^seshat: clock cpu read with ($SRC), [1-9][0-9]+\.\.[1-9][0-9]+ ns per compute interval subtracted \(clock_compensation = on\)" "$OUT"
    then ok "$desc: $(grep '^seshat: clock' "$OUT")"; else bad "$desc: no clock line"; fi
fi
# cpu_clock = thread: the system-call clock, compensated by its minimum
if job "$desc" "$RUN" --set simulator.cpu_clock=thread -np 2 -- "$T/clock_pingpong" 10 8; then
    grep -Eq "^seshat: clock cpu read with CLOCK_THREAD_CPUTIME_ID, [1-9][0-9]+\.\.[1-9][0-9]+ ns per compute interval subtracted" "$OUT" &&
        ok "$desc: cpu_clock = thread" || bad "$desc: cpu_clock = thread: $(grep '^seshat: clock' "$OUT")"
fi
if job "$desc" "$RUN" --set simulator.clock_compensation=off -np 2 -- "$T/clock_pingpong" 10 8; then
    grep -Eq "^seshat: clock cpu read with ($SRC), 0\.\.0 ns per compute interval subtracted \(clock_compensation = off\)" "$OUT" &&
        ok "$desc: compensation off" || bad "$desc: compensation off: $(grep '^seshat: clock' "$OUT")"
fi
if job "$desc" "$RUN" --set simulator.clock=none -np 2 -- "$T/clock_pingpong" 10 8; then
    grep -q "^seshat: clock" "$OUT" && bad "$desc: clock = none has a clock line" || ok "$desc: clock = none: no clock line"
fi
desc="print-config"
if "$RUN" --print-config -np 1 true >"$OUT" 2>&1 && grep -q "^cpu_clock = auto " "$OUT" &&
   grep -q "^clock_compensation = true " "$OUT"; then ok "$desc: cpu_clock, clock_compensation"
else bad "$desc"; fi

# Threads: MPI_THREAD_MULTIPLE is granted as MPI_THREAD_SERIALIZED with
# one warning (rank 0); lower levels are granted as asked; the times stay
# exact (clock = none, L = 5 us, 1 GB/s: round trip 2(L + 8 ns)).
EXACT=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
       --set network.overhead=0 --set network.gap=0)
for lv in single:single funneled:funneled serialized:serialized multiple:serialized; do
    desc="MPI_Init_thread(${lv%%:*})"
    job "$desc" "$RUN" "${EXACT[@]}" -np 2 -- "$T/thread_level" "${lv%%:*}" || continue
    expect provided "${lv##*:}"; expect query "${lv##*:}"; expect rtt 10016
    n=$(grep -c "warning: MPI_THREAD_MULTIPLE requested: granted MPI_THREAD_SERIALIZED" "$OUT")
    want=0; [ "${lv%%:*}" = multiple ] && want=1
    [ "$n" = $want ] && ok "$desc: $n warning line(s)" || bad "$desc: $n warning lines, expected $want"
done

# Hybrid ranks (docs/models.md, "Threads"): a parallel region is timed by
# the MPI thread's CPU time, its own share of the work; with OMP_NUM_THREADS
# 1, 2, 4 (4 oversubscribes these 2 cores) and either wait policy, a
# static region of known work reports its share as measured natively
# (one thread, same code), within 6%.
# With active waiting the master spins while a preempted worker finishes
# (other jobs on these 2 cores), which only adds to its CPU time: a case
# that misses is run again, at most 3 times.
for pol in passive active; do
    for nt in 1 2 4; do
        desc="OpenMP $nt threads, $pol" got=""
        for try in 1 2 3; do
            OMP_WAIT_POLICY=$pol OMP_NUM_THREADS=$nt SESHAT_MPIRUN_ARGS="-x OMP_WAIT_POLICY -x OMP_NUM_THREADS" \
                job "$desc" "$RUN" -np 1 -- "$T/omp_work" 8 2000000 3 || continue
            sh=$(value share) rep=$(value reported) th=$(value threads)
            got="$got [threads '$th', share '$sh' ns, reported '$rep' ns]"
            [ "$th" = "$nt" ] && [ -n "$sh" ] && [ -n "$rep" ] && within "$rep" "$sh" 6 && break
            sh=""
        done
        if [ -n "$sh" ]; then ok "$desc: share $sh ns, reported $rep ns (< 6%, try $try)"
        else judged "$desc" "not within 6% in 3 tries:$got"; fi
    done
done

summary
