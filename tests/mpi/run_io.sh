#!/bin/bash
# run_io.sh - MPI-IO costs what the storage model says (docs/models.md,
# "MPI-IO"), and the file is the same as natively. Closed forms computed
# here; clock = none, exact ns. 4 ranks, 64 KiB blocks; io.latency L =
# 100 us, io.bandwidth (aggregate) 1 GB/s, io.client_bandwidth 0.5 GB/s,
# io.metadata_latency M = 1 ms:
#   independent access of B bytes: L + B / min(client, aggregate)
#                                  = 100000 + 65536 / 0.5 = 231072 ns
#   collective access, N members, S = sum of their bytes: from the last
#   entry, L + S / min(aggregate, N x client) = 100000 + 262144 = 362144 ns
#   open, sync, close (collective): from the last entry, M = 1000000 ns
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
N=4 B=65536
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
IO=(--set simulator.clock=none --set report.summary=false --set io.latency=100us
    --set io.bandwidth=1GB/s --set io.client_bandwidth=0.5GB/s --set io.metadata_latency=1ms)
IND=231072 COLL=362144 META=1000000

# The expected time after each step (io_times.c lists them), every rank
# alike unless a step says otherwise. Skewed steps: rank r enters r us
# late, the collective starts at the last entry (3 us after the others).
declare -A W
t=$((3000 + META)); W[open]=$t
t=$((t + IND)); W[write_at]=$t
t=$((t + 3000 + COLL)); W[write_at_all]=$t
t=$((t + IND)); W[read_at]=$t
t=$((t + COLL)); W[read_at_all]=$t
t=$((t + 5000000)); W[iwrite_at]=$t        # 5 ms of compute hide the write (231 us)
t=$((t + IND)); W[iread_at]=$t
t=$((t + COLL)); W[write_all]=$t
t=$((t + 1000000)); W[split]=$t            # 1 ms between begin and end hides it too
t=$((t + COLL)); W[read_split]=$t
t=$((t + COLL)); W[iwrite_all]=$t
t=$((t + COLL)); W[iread_all]=$t
t=$((t + IND)); W[write]=$t
t=$((t + IND)); W[read]=$t
t=$((t + COLL)); W[ordered]=$t
W[shared]="$((t + IND)) $t $t $t"          # rank 0 alone
t=$((t + IND + META)); W[sync]=$t           # from rank 0's entry
t=$((t + META)); W[close]=$t
STEPS="open write_at write_at_all read_at read_at_all iwrite_at iread_at write_all split read_split
       iwrite_all iread_all write read ordered shared sync close"

# all_ranks STEP: the expected line for STEP (one value for every rank).
all_ranks() {
    local w=${W[$1]}
    case $w in *" "*) echo "$w" ;; *) echo "$w $w $w $w" ;; esac
}

desc="MPI-IO natively"
if job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np $N "$T/io_times" "$dir/native.dat" $B; then
    [ "$(value data)" = ok ] && ok "$desc: data ok" || bad "$desc: data $(value data)"
fi
for path in direct relay; do
    desc="MPI-IO storage model ($path)"
    job "$desc" "$RUN" "${IO[@]}" --set network.path=$path -np $N -- "$T/io_times" "$dir/$path.dat" $B ||
        continue
    for s in $STEPS; do
        got=$(grep "^RESULT $s " "$OUT" | head -1 | cut -d' ' -f3-)
        want=$(all_ranks "$s")
        [ "$got" = "$want" ] && ok "$desc: $s = $want" || bad "$desc: $s = '$got', expected $want"
    done
    [ "$(value data)" = ok ] && ok "$desc: data ok" || bad "$desc: data $(value data)"
    cmp -s "$dir/native.dat" "$dir/$path.dat" && ok "$desc: the file equals the native one" ||
        bad "$desc: the file differs from the native one"
done

# io.model = none: I/O costs nothing and synchronizes nothing (what ran
# before the model): rank r's clock is its own compute only, 2 x r us of
# skew, 5 ms and 1 ms.
desc="MPI-IO, io.model = none"
if job "$desc" "$RUN" "${IO[@]}" --set io.model=none -np $N -- "$T/io_times" "$dir/none.dat" $B; then
    got=$(grep "^RESULT close " "$OUT" | cut -d' ' -f3-)
    [ "$got" = "6000000 6002000 6004000 6006000" ] && ok "$desc: close = $got" ||
        bad "$desc: close = '$got', expected 6000000 6002000 6004000 6006000"
fi

# The presets are [io] sections: --preset io-lustre sets them.
desc="MPI-IO presets"
for p in io-lustre io-nfs; do
    if job "$desc" "$RUN" --preset $p --print-config -np 1 true; then
        grep -q "^\[io\]" "$OUT" && grep -q "^client_bandwidth" "$OUT" &&
            ! grep -q "^bandwidth = 10GB/s$" <(sed -n '/^\[io\]/,/^\[/p' "$OUT") &&
            ok "$desc: $p sets [io]" || bad "$desc: $p does not set [io]"
    fi
done
summary
