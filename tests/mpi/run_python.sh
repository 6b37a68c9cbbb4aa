#!/bin/bash
# run_python.sh - Python MPI programs (Debian's python3-mpi4py, installed
# by tools/install-deps.sh) under seshat-run: tests/python/*.py use what
# mpi4py users do (pickled-object and buffer point-to-point, object and
# buffer collectives, a Dup/reduce/Free loop whose private duplicates
# mpi4py frees in an attribute delete callback, Split, an
# intercommunicator, attribute caching). Each runs natively, then on the
# direct path (K = 1, watchdog on and off) and the relay path (K = 2); its
# lines "R <rank> ...", sorted by rank, must equal the native ones.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_PY_TIMEOUT:-60}
PY=/usr/bin/python3   # Debian's interpreter, which has the mpi4py package
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
NP=3
EXP=$(mktemp)
trap 'rm -f "$OUT" "$EXP"' EXIT
lines() { grep -a '^R [0-9]' "$OUT" | sort -s -k2,2n; }

if ! "$PY" -c 'import mpi4py' 2>/dev/null; then
    bad "python3-mpi4py is not installed (tools/install-deps.sh installs it)"
    summary; exit
fi
for src in tests/python/*.py; do
    name=$(basename "$src" .py)
    job "$name native" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np $NP "$PY" "$src" || continue
    lines >"$EXP"
    if [ "$rc" -ne 0 ] || [ ! -s "$EXP" ]; then bad "$name native: exit $rc"; continue; fi
    for v in "direct 1 30s" "direct 1 0" "relay 2 30s"; do
        set -- $v
        desc="$name under seshat ($1, K=$2, watchdog $3)"
        job "$desc" "$RUN" --set network.path=$1 --set simulator.ranks=$2 \
            --set simulator.watchdog=$3 --set report.summary=false -np $NP -- "$PY" "$src" || continue
        if [ "$rc" -eq 0 ] && lines | cmp -s "$EXP" -; then
            ok "$desc: $(wc -l <"$EXP") lines as native"
        else
            bad "$desc: exit $rc; differs from native:"
            lines | diff "$EXP" - | head -6 | sed 's/^/     > /'
        fi
    done
done
summary
