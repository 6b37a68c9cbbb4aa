#!/bin/bash
# run_conformance.sh - the conformance corpus (tests/conformance/, by
# chapter of MPI-3.1): each program runs natively under plain mpirun, then
# under seshat-run on both paths with K = 1 and 2 model ranks (and on the
# relay path with the watchdog off); its result
# lines ("C <rank> ...", sorted by rank) must be identical every time, and
# the native run must end on every rank ("done") with no check failing.
# CONFORMANCE=name[,name] runs only those programs. Programs run
# SESHAT_CONF_JOBS (3) at a time: a job mostly waits for its launch.
# SESHAT_CONF_VARIANTS="direct 1,relay 1,..." chooses the seshat runs
# ("path K"); "contention 1" is network.contention = on (SimGrid, the
# shipped fat tree), e.g. SESHAT_CONF_VARIANTS="contention 1".
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_CONF_TIMEOUT:-30}
JOBS=${SESHAT_CONF_JOBS:-3}
C="$BUILD/tests/conformance"
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
TR=$(mktemp -d); REP=$(mktemp -d); GOT=$(mktemp)
trap 'rm -rf "$OUT" "$GOT" "$TR" "$REP"' EXIT

results() { grep -a '^C [0-9]' "$OUT" | sort -s -k2,2n; }

# One program, native then the four seshat runs; reports on stdout.
conform() {
    local src=$1 name np desc variant EXP GOT
    name=$(basename "${src%.*}")
    OUT=$(mktemp); EXP=$(mktemp); GOT=$(mktemp)
    np=$(grep -m1 -o 'conformance-np: [0-9]*' "$src" | awk '{print $2}')
    desc="$name native (np $np)"
    if job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np "$np" "$C/$name"; then
        results >"$EXP"
        ndone=$(grep -c '^C [0-9]* done$' "$EXP")
        if [ "$rc" -ne 0 ] || [ "$ndone" -ne "$np" ] || grep -q ' FAIL$' "$EXP"; then
            bad "$desc: exit $rc, $ndone of $np ranks done, $(grep -c ' FAIL$' "$EXP") checks failed"
        else
            IFS=, read -ra variants <<<"${SESHAT_CONF_VARIANTS:-direct 1,relay 1,direct 2,relay 2,relay 1 0}"
            for variant in "${variants[@]}"; do
                set -- $variant
                desc="$name under seshat ($1, K=$2${3:+, watchdog $3})"
                trace=(); [ "$variant" = "direct 1" ] && trace=(--trace "$TR/$name")
                [ -n "$3" ] && trace+=(--set simulator.watchdog=$3)
                path=(--set network.path=$1)
                [ "$1" = contention ] && path=(--set network.path=relay --set network.model=simgrid
                    --set network.contention=on --set network.platform=config/platforms/fat_tree.xml)
                job "$desc" "$RUN" "${path[@]}" --set simulator.ranks=$2 "${trace[@]}" \
                    --set report.summary=false -np "$np" -- "$C/$name" || continue
                results >"$GOT"
                if [ "$rc" -eq 0 ] && cmp -s "$EXP" "$GOT"; then
                    ok "$desc: $(wc -l <"$GOT") lines as native"
                else
                    bad "$desc: exit $rc; differs from native:"
                    diff "$EXP" "$GOT" | head -8 | sed 's/^/     > /'
                fi
            done
        fi
    fi
    rm -f "$OUT" "$EXP" "$GOT"
}

n=0
for src in tests/conformance/*.c tests/conformance/*.f90; do
    [ -e "$src" ] || continue
    name=$(basename "${src%.*}")
    [ -n "$CONFORMANCE" ] && [[ ",$CONFORMANCE," != *",$name,"* ]] && continue
    [ "$n" -ge "$JOBS" ] && { wait -n; n=$((n - 1)); }
    conform "$src" >"$REP/$name" 2>&1 &
    n=$((n + 1))
done
wait
for r in "$REP"/*; do
    [ -e "$r" ] || continue
    cat "$r"
    pass=$((pass + $(grep -c '^ok ' "$r")))
    fail=$((fail + $(grep -c '^FAIL ' "$r")))
done

# Breadth: every communicator- or request-taking call of the wrapper table
# appears in the corpus's own traces, but the known, documented ones.
if [ -z "$CONFORMANCE" ] && [ -z "$SESHAT_CONF_VARIANTS" ]; then
    desc="conformance coverage"
    for d in "$TR"/*/; do "$BUILD/bin/seshat-trace" dump "$d"; done 2>/dev/null |
        grep -o 'enter MPI_[A-Za-z0-9_]*' | cut -c7- | sort -u >"$GOT"
    if python3 tests/conformance/coverage.py "$GOT" tests/conformance/uncovered.txt >"$OUT" 2>&1; then
        ok "$desc: $(head -1 "$OUT")"
    else bad "$desc: $(head -1 "$OUT")"; fi
fi
summary
