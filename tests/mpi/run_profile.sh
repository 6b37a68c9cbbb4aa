#!/bin/bash
# run_profile.sh - seshat-run --profile (no trace): per call site, calls,
# virtual time, bytes and share, checked against closed forms (clock =
# none: compute from MPI_Pcontrol, L = 5 us, 1 GB/s, no overheads).
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
J=tests/tools/json_get.py
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s
      --set network.overhead=0 --set network.gap=0)
# Lines of the calls in an_scenarios.c (late_sender() may be inlined into
# main: the site's function is then main; its file:line is the call's).
SRC=tests/mpi/an_scenarios.c
LRECV=$(grep -n 'MPI_Recv(&x, 1, MPI_INT, 1, 1,' $SRC | head -1 | cut -d: -f1)
LSEND=$(grep -n 'MPI_Send(&x, 1, MPI_INT, 0, 1,' $SRC | head -1 | cut -d: -f1)
# site CALL FILE:LINE: the JSON expression of that site's entry
site() { echo "[s for s in a['sites'] if s['call'] == '$1' and '$2' in s['path'].split(' < ')[0]][0]"; }
# check LABEL EXPR WANT
check() {
    local got; got=$(python3 "$J" "$dir/$P/profile.json" "$2" 2>&1)
    [ "$got" = "$3" ] && ok "$desc: $1 = $got" || bad "$desc: $1 = '$got', want $3"
}

# Late sender, 2 ranks: rank 1 computes D = 2 ms and sends 4 B; rank 0's
# MPI_Recv waits D + L + 4 B / (1 GB/s) = 2,005,004 ns; the send costs 0
# (o = 0). Rank time: 2,000,000 + 2,005,004 ns; the receive's share
# 2,005,004 / 4,005,004.
desc="profile late_sender"; P=ls
if job "$desc" "$RUN" "${BASE[@]}" --profile="$dir/ls" -np 2 -- "$T/an_scenarios" late_sender; then
    R=$(site MPI_Recv an_scenarios.c:$LRECV); S=$(site MPI_Send an_scenarios.c:$LSEND)
    check "MPI_Recv calls, time, bytes" "($R['calls'], '%.9f' % $R['time'], $R['bytes'])" "(1, '0.002005004', 0)"
    check "MPI_Recv per rank" "['%.9f' % t for t in $R['rank_time']]" "['0.002005004', '0.000000000']"
    check "MPI_Send calls, time, bytes" "($S['calls'], '%.9f' % $S['time'], $S['bytes'])" "(1, '0.000000000', 4)"
    want=$(awk 'BEGIN { printf "%.6f", 2005004 / 4005004 }')
    check "MPI_Recv share" "'%.6f' % $R['share']" "$want"
    check "call site" "$R['path'].split(' < ')[0].split(' ')[1]" "tests/mpi/an_scenarios.c:$LRECV"
    check "run time" "('%.9f' % a['run_time'], ['%.9f' % t for t in a['rank_time']])" \
        "('0.002005004', ['0.002005004', '0.002000000'])"
    grep -q "^ *1 MPI_Recv  *1  *0.002005004  *50.06%  *0  *[a-z_]* tests/mpi/an_scenarios.c:$LRECV" "$OUT" &&
        ok "$desc: printed at the end, the receive first" || bad "$desc: printed table"
    [ -s "$dir/ls/profile.txt" ] && [ ! -e "$dir/ls/rank-0.sst" ] && ok "$desc: profile.txt, no trace" ||
        bad "$desc: profile.txt missing or a trace written"
fi

# Waitall, 4 ranks: rank 0 waits for ranks 1..3, rank r sends 4 B after
# r x 1 ms; the wait ends at 3 ms + L + 4 ns = 3,005,004 ns. One send site,
# three ranks: 3 calls, 12 bytes.
desc="profile waitall"; P=wa
if job "$desc" "$RUN" "${BASE[@]}" --profile="$dir/wa" -np 4 -- "$T/an_scenarios" waitall; then
    W=$(site MPI_Waitall an_scenarios.c)
    check "MPI_Waitall" "($W['calls'], '%.9f' % $W['time'])" "(1, '0.003005004')"
    check "MPI_Send, all ranks" "sum(s['calls'] for s in a['sites'] if s['call'] == 'MPI_Send'), sum(s['bytes'] for s in a['sites'] if s['call'] == 'MPI_Send')" "(3, 12)"
fi

# The ring, 4 ranks x 5 iterations: 20 MPI_Isend of 8 B from one line;
# --profile alone writes into the current directory.
desc="profile ring (current directory)"; P=cwd
mkdir -p "$dir/cwd"
if (cd "$dir/cwd" && job "$desc" "$OLDPWD/$RUN" "${BASE[@]}" --profile -np 4 -- "$OLDPWD/$T/ring" waitall 8 5 &&
    cp "$OUT" "$dir/cwd.out"); then
    cp "$dir/cwd.out" "$OUT"
    I=$(site MPI_Isend ring.c)
    check "MPI_Isend" "($I['calls'], $I['bytes'])" "(20, 160)"
fi

# The virtual clock on (simulator.clock = cpu): seshat's own start-up
# ping-pong that measures the clock's compensation (2000 MPI_Send and
# MPI_Recv per rank through the exported names) is not the program's:
# only the ring's own calls are sites (no MPI_Send, no MPI_Recv).
desc="profile with the clock on (compensation not profiled)"; P=clk
if job "$desc" "$RUN" --set simulator.clock=cpu --profile="$dir/clk" -np 2 -- "$T/ring" waitall 8 5; then
    check "calls other than the ring's" "sorted(set(s['call'] for s in a['sites']) - {'MPI_Isend', 'MPI_Irecv', 'MPI_Waitall', 'MPI_Comm_rank', 'MPI_Comm_size', 'MPI_Wtime'})" "[]"
    check "MPI_Isend calls" "sum(s['calls'] for s in a['sites'] if s['call'] == 'MPI_Isend')" "10"
fi

# Off by default: no profile, nothing printed.
desc="profile off"
mkdir -p "$dir/off"
if (cd "$dir/off" && job "$desc" "$OLDPWD/$RUN" "${BASE[@]}" -np 2 -- "$OLDPWD/$T/ring" waitall 8 5); then
    [ ! -e "$dir/off/profile.txt" ] && ok "$desc: no profile.txt" || bad "$desc: profile.txt written"
fi
summary
