#!/bin/bash
# run_bits.sh - seshat never changes a program's numbers: the exact bits of
# every order-sensitive reduction (tests/mpi/reduce_bits.c: Allreduce,
# Reduce, Reduce_scatter(_block), Scan, Exscan, user ops commutative or
# not, MPI_IN_PLACE, nonblocking, persistent, intercommunicator; counts 1,
# 7, 1000, 4096, 70000; values over 30 decades) under seshat equal those of
# a native mpirun run, byte for byte. Every size 2..9 runs on the default
# settings (direct path, K = 1, watchdog on); 3, 4 and 8 ranks, where
# Open MPI's algorithms differ most, also on the relay path, and 4 ranks
# also with K = 2 and with the watchdog off on both paths; 3 and 4 ranks
# under contention (SimGrid), watchdog on and off.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
TIMEOUT=${SESHAT_BITS_TIMEOUT:-120}
JOBS=${SESHAT_BITS_JOBS:-3}
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
REP=$(mktemp -d)
trap 'rm -rf "$REP" "$OUT"' EXIT
P="$T/reduce_bits"

bits() { grep -a '^BITS ' "$OUT"; }

XB=$PWD/config/platforms/crossbar.xml
# settings PATH K WATCHDOG: seshat-run's options for one variant ("contention"
# is the relay path with SimGrid's contention model on the crossbar).
settings() {
    case $1 in
        contention) set=(--set network.model=simgrid --set network.platform="$XB"
                         --set network.contention=on --set network.path=relay) ;;
        *) set=(--set network.path=$1) ;;
    esac
    set+=(--set simulator.ranks=$2 --set simulator.watchdog=$3)
}

# One size: native, then each seshat variant "PATH K WATCHDOG". Under
# contention without the persistent form (-p: seshat does not know its
# requests, and contention waits for every request it knows).
one_size() {
    local np=$1 variants=("direct 1 30s") EXP args=()
    case $np in 3|8) variants+=("relay 1 30s");;
                4) variants+=("relay 1 30s" "relay 2 0" "direct 1 0" "direct 2 30s");;
                c3|c4) np=${np#c}; args=(-p); variants=("contention 1 30s" "contention 1 0");; esac
    OUT=$(mktemp); EXP=$(mktemp)
    if job "np $np native ${args[*]}" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np "$np" "$P" "${args[@]}"; then
        bits >"$EXP"
        if [ "$rc" -ne 0 ] || ! grep -q "^BITS np $np done$" "$EXP"; then
            bad "np $np native: exit $rc, $(wc -l <"$EXP") lines"
        else
            for v in "${variants[@]}"; do
                set -- $v
                desc="np $np under seshat ($1, K=$2, watchdog $3)"
                settings "$@"
                job "$desc" "$RUN" "${set[@]}" --set report.summary=false -np "$np" -- "$P" \
                    "${args[@]}" || continue
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
sizes=${SESHAT_BITS_SIZES:-2 3 4 5 6 7 8 9}
[ -z "$SESHAT_BITS_SIZES" ] && [ -f "$BUILD/lib/libseshat-simgrid.so" ] && sizes="c4 c3 $sizes"
for np in $sizes; do
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
