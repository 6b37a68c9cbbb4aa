#!/bin/bash
# run_bits.sh - seshat never changes a program's numbers: the exact bits of
# every order-sensitive reduction (tests/mpi/reduce_bits.c: Allreduce,
# Reduce, Reduce_scatter(_block), Scan, Exscan, user ops commutative or
# not, MPI_IN_PLACE, nonblocking, persistent, intercommunicator; counts 1,
# 7, 1000, 4096, 70000; values over 30 decades) under seshat equal those of
# a native mpirun run, byte for byte. Every size 2..9 runs on the default
# settings (direct path, K = 1, watchdog on); 3, 4 and 8 ranks, where
# Open MPI's algorithms differ most, also on the relay path, and 4 ranks
# also with K = 2 and with the watchdog off on both paths.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_BITS_TIMEOUT:-120}
JOBS=${SESHAT_BITS_JOBS:-3}
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
REP=$(mktemp -d)
trap 'rm -rf "$REP" "$OUT"' EXIT
P="$T/reduce_bits"

bits() { grep -a '^BITS ' "$OUT"; }

# One size: native, then each seshat variant "PATH K WATCHDOG".
one_size() {
    local np=$1 variants=("direct 1 30s") EXP
    case $np in 3|8) variants+=("relay 1 30s");;
                4) variants+=("relay 1 30s" "relay 2 0" "direct 1 0" "direct 2 30s");; esac
    OUT=$(mktemp); EXP=$(mktemp)
    if job "np $np native" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np "$np" "$P"; then
        bits >"$EXP"
        if [ "$rc" -ne 0 ] || ! grep -q "^BITS np $np done$" "$EXP"; then
            bad "np $np native: exit $rc, $(wc -l <"$EXP") lines"
        else
            for v in "${variants[@]}"; do
                set -- $v
                desc="np $np under seshat ($1, K=$2, watchdog $3)"
                job "$desc" "$RUN" --set network.path=$1 --set simulator.ranks=$2 \
                    --set simulator.watchdog=$3 --set report.summary=false -np "$np" -- "$P" ||
                    continue
                if [ "$rc" -eq 0 ] && bits | cmp -s "$EXP" -; then
                    ok "$desc: $(wc -l <"$EXP") lines of bits as native"
                else
                    bad "$desc: exit $rc; differs from native in $(bits | diff "$EXP" - | grep -c '^>') lines:"
                    bits | diff "$EXP" - | head -6 | sed 's/^/     > /'
                fi
            done
        fi
    fi
    rm -f "$OUT" "$EXP"
}

n=0
for np in ${SESHAT_BITS_SIZES:-2 3 4 5 6 7 8 9}; do
    [ "$n" -ge "$JOBS" ] && { wait -n; n=$((n - 1)); }
    one_size "$np" >"$REP/$np" 2>&1 &
    n=$((n + 1))
done
wait
OUT=$(mktemp)
for r in "$REP"/*; do
    cat "$r"
    pass=$((pass + $(grep -c '^ok ' "$r")))
    fail=$((fail + $(grep -c '^FAIL ' "$r")))
done
summary
