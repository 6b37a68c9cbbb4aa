#!/bin/bash
# run_wire.sh - [p2p] wire: how many real messages one application message
# costs on the direct path, counted by Open MPI's pml monitoring (an
# independent count, per sender and receiver) for a stream of N1 and of N2
# messages from rank 0 to rank 1: the difference, per message, cancels
# start-up and shut-down. Every message travels as its envelope, then the
# data (docs/design.md, "Point-to-point"; carrying a small message's data
# with its envelope is not built: docs/performance.md says what it would
# save). Every run also checks the data and the status. Then the envelope
# batches: a long stream (more batches than a rank keeps in flight when
# the model rank is slow) reaches the model rank's matrix whole.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
dir=$(mktemp -d)
N1=10
N2=30
BASE=(--set network.path=direct --set simulator.clock=none)
# sent MODE SIZE N: real messages rank 0 -> 1 in a run of N messages (empty on failure)
sent() {
    rm -f "$dir"/mon.*
    OMPI_MCA_pml_monitoring_enable=2 OMPI_MCA_pml_monitoring_enable_output=3 \
        OMPI_MCA_pml_monitoring_filename="$dir/mon" \
        job "wire $1 $2 x $3" "$RUN" "${BASE[@]}" -np 2 -- "$T/wire_count" "$1" "$2" "$3" || return
    grep -q "^RESULT received $3\$" "$OUT" || { bad "wire $1 $2 x $3: $(grep RESULT "$OUT")"; return; }
    awk '$1 == "E" && $2 == 0 && $3 == 1 { print $6 }' "$dir"/mon.0.prof
}
# per_message MODE SIZE WANT
per_message() {
    local a b
    a=$(sent "$1" "$2" $N1); [ -n "$a" ] || return
    b=$(sent "$1" "$2" $N2); [ -n "$b" ] || return
    got=$(awk -v a="$a" -v b="$b" -v n=$((N2 - N1)) 'BEGIN { printf "%g", (b - a) / n }')
    [ "$got" = "$3" ] && ok "wire $1 $2 B: $got real message(s) per message" ||
        bad "wire $1 $2 B: $got real messages per message ($a for $N1, $b for $N2), expected $3"
}
# (persistent sends are not in the count: pml monitoring does not see MPI_Start)
for mode in blocking nonblocking ssend probe anysource; do
    per_message "$mode" 8 2
done
per_message blocking 200000 2
desc="wire: 20000 envelopes in batches"
if job "$desc" "$RUN" "${BASE[@]}" --set report.matrix=true --set "report.prefix=$dir/m" \
        -np 2 -- "$T/wire_count" blocking 8 20000; then
    got=$(tr '\n' ' ' <"$dir/m-count.csv" 2>/dev/null)
    [ "$got" = "sender,0,1 0,0,20000 1,0,0 " ] && ok "$desc: the model rank counted every one" ||
        bad "$desc: matrix '$got'"
fi
rm -rf "$dir"
summary
