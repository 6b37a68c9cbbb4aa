#!/bin/bash
# run_watchdog.sh - simulator.watchdog (docs/models.md, "Watchdog"): an
# application deadlock ends within seconds with one diagnostic line per
# rank and exit code 86 on every path (direct, relay, contention), and no
# process is left behind; a rank that only computes for longer than the
# limit while the other waits is not a hang.
#  - sendsend, network.eager_limit = 0: ranks 0 and 1 both MPI_Send tag 7
#    first (rendezvous both ways: nobody receives);
#  - norecv: rank 0 MPI_Recv from 1 tag 42, rank 1 MPI_Wait on an
#    MPI_Irecv from 0 tag 43, nobody sends;
#  - collskip: rank 0 in MPI_Allreduce on "wd_comm" (a dup of WORLD),
#    rank 1 never enters it and waits in MPI_Barrier on MPI_COMM_WORLD:
#    the program's own blocking collectives poll too;
#  - splitskip: rank 0 in MPI_Comm_split on MPI_COMM_WORLD, rank 1 never
#    enters it and waits in MPI_Recv: the line names rank 0's creation
#    (its members meet in a barrier the watchdog sees first);
#  - winskip: the same with MPI_Win_create, which runs unmodeled (not
#    under contention, where such calls are not watched);
#  - compute 6: rank 1 busy-works 6 s of wall time, rank 0 waits in
#    MPI_Recv; watchdog 3 s: finishes, exit 0 (the program reads the real
#    clock for that: simulator.virtual_clocks = off).
#  - fence: rank 0 sends to rank 1 and enters MPI_Win_fence, rank 1
#    receives first: finishes on every path (under contention the fence
#    synchronizes through the model first).
#  - pscw: the same with MPI_Win_start/complete against post/wait:
#    finishes on every path (under contention rank 0 waits in
#    MPI_Win_start for the model's answer to rank 1's post notice, a wait
#    announced to the model, so the engine times rank 1's message).
# parts: direct relay contention
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_TEST_TIMEOUT:-40}
WD=3
BASE=(--set simulator.clock=none --set report.summary=false --set simulator.watchdog=${WD}s)
REAL=(--set simulator.virtual_clocks=off)
PATHS=${WD_PATHS:-"direct relay"}
XB=$PWD/config/platforms/crossbar.xml
# By absolute path, a copy of this run's own: other jobs on the machine
# (another build, or this script's other parts side by side) run theirs.
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
cp "$T/watchdog" "$dir/watchdog" || exit 1
W=$dir/watchdog
if [ -f "$BUILD/lib/libseshat-simgrid.so" ]; then PATHS="$PATHS contention"
else echo "skip: contention (built without SimGrid)"; fi
# cfg PATH: the settings of one path, in $cfg.
cfg() {
    case $1 in
        direct) cfg=("${BASE[@]}" --set network.path=direct) ;;
        relay) cfg=("${BASE[@]}" --set network.path=relay) ;;
        contention) cfg=("${BASE[@]}" --set network.model=simgrid --set network.platform="$XB"
                         --set network.contention=on --set network.path=relay) ;;
    esac
}
# leftovers: no process of the job (mpirun, the ranks) survives it by
# more than a second (none can start once the job has ended: the first
# look that finds none is final).
leftovers() {
    local left i
    for i in 1 2 3 4 5 6 7 8 9 10; do
        left=$(pgrep -f "$W ") || break
        sleep 0.1
    done
    if [ -z "$left" ]; then ok "$desc: no process left"
    else bad "$desc: processes left: $(echo $left)"; kill $left; fi
}
# hang DESC MODE LINE... : the job ends with 86 within WD + 12 s (plus
# twice what a job that does not hang took on this path just before: on a
# loaded machine start-up and teardown alone take seconds) and prints each
# LINE (a grep -F pattern).
startup=0
hang() {
    desc=$1; local mode=$2; shift 2
    local t0=$SECONDS
    job "$desc" "$RUN" "${cfg[@]}" --set network.eager_limit=0 -np 2 -- "$W" "$mode" ||
        { leftovers; return; }
    local took=$((SECONDS - t0)) miss=""
    for l in "$@"; do grep -qF "$l" "$OUT" || miss="$miss [$l]"; done
    local limit=$((WD + 12 + 2 * startup))
    if [ $rc -eq 86 ] && [ -z "$miss" ] && [ $took -le $limit ]; then
        ok "$desc: exit 86 after $took s, diagnosed"
    else bad "$desc: exit $rc after $took s (want 86 within $limit s), missing:$miss"; fi
    leftovers
}
for p in $PATHS; do
    part $p || continue
    cfg $p
    desc="watchdog start-up ($p)"
    t0=$SECONDS
    job "$desc" "$RUN" "${cfg[@]}" -np 2 -- "$W" compute 0 &&
        { [ $rc -eq 0 ] && grep -qx ok "$OUT" && ok "$desc: a job that does not hang, $((SECONDS - t0)) s" ||
          bad "$desc: exit $rc"; }
    startup=$((SECONDS - t0))
    hang "watchdog sendsend, eager_limit = 0 ($p)" sendsend \
        "watchdog: rank 0 waits in MPI_Send (peer 1, tag 7, comm MPI_COMM_WORLD)" \
        "watchdog: rank 1 waits in MPI_Send (peer 0, tag 7, comm MPI_COMM_WORLD)" \
        "watchdog: model rank 2:"
    hang "watchdog norecv ($p)" norecv \
        "watchdog: rank 0 waits in MPI_Recv (peer 1, tag 42, comm MPI_COMM_WORLD)" \
        "watchdog: rank 1 waits in MPI_Wait (peer 0, tag 43, comm MPI_COMM_WORLD)" \
        "watchdog: model rank 2:"
    hang "watchdog splitskip ($p)" splitskip \
        "watchdog: rank 0 waits in MPI_Comm_split (comm MPI_COMM_WORLD)" \
        "watchdog: rank 1 waits in MPI_Recv (peer 0, tag 44, comm MPI_COMM_WORLD)" \
        "watchdog: model rank 2:"
    [ "$p" != contention ] && hang "watchdog winskip ($p)" winskip \
        "watchdog: rank 0 waits in MPI_Win_create (comm MPI_COMM_WORLD)" \
        "watchdog: rank 1 waits in MPI_Recv (peer 0, tag 45, comm MPI_COMM_WORLD)" \
        "watchdog: model rank 2:"
    hang "watchdog collskip ($p)" collskip \
        "watchdog: rank 0 waits in MPI_Allreduce (comm wd_comm)" \
        "watchdog: rank 1 waits in MPI_Barrier (comm MPI_COMM_WORLD)" \
        "watchdog: model rank 2:"
    [ $p = contention ] && grep -qF "engine clock" "$OUT" && ok "$desc: the engine's clock is shown" ||
        { [ $p = contention ] && bad "$desc: no 'engine clock' in the model rank's line"; }
    # (under contention PSCW's notices go through the model and its waits
    # are announced: the pscw pattern finishes there too)
    for mode in fence pscw; do
        desc="watchdog $mode ($p)"
        job "$desc" "$RUN" "${cfg[@]}" -np 2 -- "$W" $mode &&
            { [ $rc -eq 0 ] && grep -qx ok "$OUT" && ok "$desc: finished" || bad "$desc: exit $rc"; }
    done
    desc="watchdog compute 6 s > limit ${WD} s ($p)"
    t0=$SECONDS
    if job "$desc" "$RUN" "${cfg[@]}" "${REAL[@]}" -np 2 -- "$W" compute 6; then
        if [ $rc -eq 0 ] && grep -qx ok "$OUT" && ! grep -q "watchdog:" "$OUT"; then
            ok "$desc: not a hang, finished after $((SECONDS - t0)) s"
        else bad "$desc: exit $rc"; fi
    fi
    leftovers
done
# 0 = off (the default is checked in docs/configuration.md's table).
if part direct; then
desc="watchdog = 0 is accepted"
job "$desc" "$RUN" "${BASE[@]}" "${REAL[@]}" --set simulator.watchdog=0 -np 2 -- "$W" compute 0.1 &&
    { [ $rc -eq 0 ] && grep -qx ok "$OUT" && ok "$desc" || bad "$desc: exit $rc"; }
fi
summary
