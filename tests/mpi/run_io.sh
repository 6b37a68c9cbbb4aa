#!/bin/bash
# run_io.sh - MPI-IO costs what the storage model says (docs/models.md,
# "MPI-IO"), and the file is the same as natively, on both paths and under
# contention. Closed forms computed here; clock = none, exact ns. 4 ranks
# (and 3), 64 KiB blocks; io.latency L =
# 100 us, io.bandwidth (aggregate) 1 GB/s, io.client_bandwidth 0.5 GB/s,
# io.metadata_latency M = 1 ms:
#   independent access of B bytes: L + B / min(client, aggregate)
#                                  = 100000 + 65536 / 0.5 = 231072 ns
#   collective access, N members, S = sum of their bytes: from the last
#   entry, L + S / min(aggregate, N x client): 100000 + 262144 = 362144 ns
#   on 4 ranks, 100000 + 196608 = 296608 ns on 3
#   open, sync, close (collective): from the last entry, M = 1000000 ns
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
N=4 B=65536
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$OUT"' EXIT
root=""; [ "$(id -u)" -eq 0 ] && root=--allow-run-as-root
IO=(--set simulator.clock=none --set report.summary=false --set io.latency=100us
    --set io.bandwidth=1GB/s --set io.client_bandwidth=0.5GB/s --set io.metadata_latency=1ms)
IND=231072 META=1000000

# expected N: W[STEP] = the time after each step (io_times.c lists them)
# on N ranks, every rank alike unless a step says otherwise. Skewed steps:
# rank r enters r us late, so the collective starts at the last entry,
# (N - 1) us after the first. COLL = L + N x 64 KiB / min(1 GB/s, N x 0.5 GB/s).
declare -A W
expected() {
    local n=$1 sk=$((($1 - 1) * 1000)) t
    COLL=$(awk -v n="$1" 'BEGIN { bw = n * 0.5 < 1 ? n * 0.5 : 1; printf "%d", 100000 + n * 65536 / bw }')
    t=$((sk + META)); W[open]=$t
    t=$((t + IND)); W[write_at]=$t
    t=$((t + sk + COLL)); W[write_at_all]=$t
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
    W[shared]="$((t + IND))$(printf " $t%.0s" $(seq 2 "$n"))"   # rank 0 alone
    t=$((t + IND + META)); W[sync]=$t           # from rank 0's entry
    t=$((t + META)); W[close]=$t
}
STEPS="open write_at write_at_all read_at read_at_all iwrite_at iread_at write_all split read_split
       iwrite_all iread_all write read ordered shared sync close"

# all_ranks STEP N: the expected line for STEP (one value for every rank).
all_ranks() {
    local w=${W[$1]}
    case $w in *" "*) echo "$w" ;; *) printf "$w%.0s " $(seq "$2") | sed 's/ $//' ;; esac
}

desc="MPI-IO natively"
if job "$desc" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np $N "$T/io_times" "$dir/native.dat" $B; then
    [ "$(value data)" = ok ] && ok "$desc: data ok" || bad "$desc: data $(value data)"
fi
# 4 ranks exchange entries with an allgather, 3 with a sum (io.c);
# contention = on synchronizes through the model first (same times).
VARIANTS=("direct 4" "relay 4" "direct 3")
[ -f "$BUILD/lib/libseshat-simgrid.so" ] && VARIANTS+=("contention 4")
CONT=(--set network.model=simgrid --set network.platform=$PWD/config/platforms/crossbar.xml
      --set network.contention=on)
for v in "${VARIANTS[@]}"; do
    set -- $v
    path=$1 n=$2 extra=()
    [ $path = contention ] && path=relay extra=("${CONT[@]}")
    expected $n
    desc="MPI-IO storage model ($1, $n ranks)"
    if [ $n != $N ]; then
        job "$desc natively" mpirun --oversubscribe $root "${MPIRUN_ENV[@]}" -np $n "$T/io_times" \
            "$dir/native$n.dat" $B || continue
        desc="MPI-IO storage model ($1, $n ranks)"
    fi
    job "$desc" "$RUN" "${IO[@]}" "${extra[@]}" --set network.path=$path -np $n -- "$T/io_times" \
        "$dir/$1$n.dat" $B || continue
    for s in $STEPS; do
        got=$(grep "^RESULT $s " "$OUT" | head -1 | cut -d' ' -f3-)
        want=$(all_ranks "$s" $n)
        [ "$got" = "$want" ] && ok "$desc: $s = $want" || bad "$desc: $s = '$got', expected $want"
    done
    [ "$(value data)" = ok ] && ok "$desc: data ok" || bad "$desc: data $(value data)"
    ref=$dir/native.dat; [ $n != $N ] && ref=$dir/native$n.dat
    cmp -s "$ref" "$dir/$1$n.dat" && ok "$desc: the file equals the native one" ||
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
for p in "io-lustre 500000ns 20000000000B/s" "io-nfs 200000ns 1100000000B/s"; do
    set -- $p
    desc="MPI-IO preset $1"
    if job "$desc" "$RUN" --preset $1 --print-config -np 1 true; then
        io=$(sed -n '/^\[io\]/,/^\[/p' "$OUT")
        grep -q "^latency = $2" <<<"$io" && grep -q "^bandwidth = $3" <<<"$io" &&
            ok "$desc: latency $2, bandwidth $3" || bad "$desc: [io] is not the preset's: $io"
    fi
done
# ... and combine with a network preset (--preset given twice).
desc="MPI-IO preset with a network preset"
if job "$desc" "$RUN" --preset ib-hdr --preset io-nfs --print-config -np 1 true; then
    net=$(sed -n '/^\[network\]/,/^\[/p' "$OUT") io=$(sed -n '/^\[io\]/,/^\[/p' "$OUT")
    grep -q "^latency = 800ns" <<<"$net" && grep -q "^latency = 200000ns" <<<"$io" &&
        ok "$desc: network latency 800ns, io latency 200000ns" || bad "$desc: not both presets"
fi
# Traced: every data access and metadata operation is an IO record with
# its exact bytes (docs/trace-format.md), blocking accesses end where the
# program's clock says (the step times above), the analyzer's io section
# is the closed form and the independent oracle agrees with it.
# Time in MPI_File_* calls on rank r of 4 (the nonblocking accesses end
# in MPI_Wait, the split ones in their _end; seeks are free):
#   open (3 - r) us + M, write_at_all (3 - r) us + COLL, write_at, read_at,
#   write, read: IND each, read_at_all, write_all, read_all_end, ordered:
#   COLL each, sync M + IND (rank 0 IND in write_shared, M in sync),
#   close M: 2 (3 - r) us + 3 M + 5 IND + 5 COLL.
. tests/mpi/oracle.sh
expected $N
desc="MPI-IO traced"
if job "$desc" "$RUN" "${IO[@]}" --trace "$dir/tr" -np $N -- "$T/io_times" "$dir/tr.dat" $B &&
   "$BUILD/bin/seshat-trace" dump "$dir/tr" >"$dir/dump" 2>"$OUT"; then
    # the accesses in program order: op, mode, bytes
    seq1="open collective bytes 0|write independent bytes $B|write collective bytes $B|read independent bytes $B|read collective bytes $B|write independent nonblocking bytes $B|read independent nonblocking bytes $B|write collective bytes $B|write collective bytes $B|read collective bytes $B|write collective nonblocking bytes $B|read collective nonblocking bytes $B|write independent bytes $B|read independent bytes $B|write collective bytes $B|sync collective bytes 0|close collective bytes 0"
    seq0=${seq1/|sync/|write independent bytes $B|sync}
    for r in 0 1 2 3; do
        want=$seq1; [ $r = 0 ] && want=$seq0
        got=$(sed -n "s/^$r [0-9]* io \([a-z]*\) file [0-9]* \(.*\) request .*/\1 \2/p" "$dir/dump" |
              paste -sd'|')
        [ "$got" = "$want" ] && ok "$desc: rank $r's IO records" ||
            bad "$desc: rank $r's IO records: '$got', expected '$want'"
    done
    # a blocking access ends at the step's time: write_at (the first
    # independent write), write_at_all (the first collective one)
    for r in 0 1 2 3; do
        e1=$(grep -m1 "^$r [0-9]* io write file [0-9]* independent bytes" "$dir/dump" | awk '{print $NF}')
        e2=$(grep -m1 "^$r [0-9]* io write file [0-9]* collective bytes" "$dir/dump" | awk '{print $NF}')
        [ "$e1 $e2" = "${W[write_at]} ${W[write_at_all]}" ] &&
            ok "$desc: rank $r's write_at, write_at_all end at $e1, $e2" ||
            bad "$desc: rank $r's write_at, write_at_all end at '$e1 $e2', expected ${W[write_at]} ${W[write_at_all]}"
    done
    grep -q "^0 [0-9]* io open file 1 collective .* name $dir/tr.dat$" "$dir/dump" &&
        ok "$desc: the open record names the file" || bad "$desc: no open record naming $dir/tr.dat"
    # OTF2: an IoHandle per rank's open, Begin and Complete per access
    # (57 data accesses and 4 syncs, counted from the dump), Issued
    # for the nonblocking ones, the handles destroyed at close
    desc="MPI-IO OTF2 export"
    if command -v otf2-print >/dev/null; then
        nio=$(grep -cE " io (read|write|sync) " "$dir/dump")
        nnb=$(grep -c " io [a-z]* file [0-9]* [a-z]* nonblocking " "$dir/dump")
        if "$BUILD/bin/seshat-trace" otf2 "$dir/tr" "$dir/otf2" >"$OUT" 2>&1 &&
           otf2-print "$dir/otf2/traces.otf2" >"$dir/print" 2>"$OUT"; then
            got=$(for e in IO_CREATE_HANDLE IO_OPERATION_BEGIN IO_OPERATION_ISSUED IO_OPERATION_COMPLETE \
                           IO_DESTROY_HANDLE; do grep -c "^$e " "$dir/print"; done | paste -sd' ')
            want="$N $nio $nnb $nio $N"
            [ "$nio" = 61 ] && [ "$got" = "$want" ] &&
                ok "$desc: create, begin, issued, complete, destroy = $got" ||
                bad "$desc: create, begin, issued, complete, destroy = '$got', expected '$want' (61 accesses)"
            otf2-print -G "$dir/otf2/traces.otf2" 2>&1 | grep -q "^IO_PARADIGM .*\"MPI-IO\"" &&
                ok "$desc: the MPI-IO paradigm is defined" || bad "$desc: no MPI-IO IoParadigm"
        else
            bad "$desc: the export failed"
        fi
    fi
    desc="MPI-IO analysis"
    if job "$desc" "$BUILD/bin/seshat-analyze" --quiet "$dir/tr"; then
        want=$(awk -v m=$META -v i=$IND -v c=${COLL} 'BEGIN { for (r = 0; r < 4; r++)
            printf "%s%.9f", r ? " " : "", (2 * (3 - r) * 1000 + 3 * m + 5 * i + 5 * c) / 1e9 }')
        got=$(python3 tests/tools/json_get.py "$dir/tr/analysis.json" \
              "' '.join('%.9f' % x for x in a['io']['time']['per_rank'])" 2>&1)
        [ "$got" = "$want" ] && ok "$desc: io time per rank $got s" ||
            bad "$desc: io time per rank '$got', expected $want"
        got=$(python3 tests/tools/json_get.py "$dir/tr/analysis.json" \
              "a['io']['bytes_written']['per_rank']" "a['io']['bytes_read']['per_rank']" \
              "[(f['name'], f['bytes_written'], f['bytes_read']) for f in a['io']['files']]" 2>&1 |
              paste -sd' ')
        want="[$((9 * B)), $((8 * B)), $((8 * B)), $((8 * B))] [$((6 * B)), $((6 * B)), $((6 * B)), $((6 * B))] [('$dir/tr.dat', $((33 * B)), $((24 * B)))]"
        [ "$got" = "$want" ] && ok "$desc: bytes written, read, per file" ||
            bad "$desc: bytes '$got', expected '$want'"
        # CUBE: mpi_io (Scalasca's File I/O, under mpi) holds the same time
        if [ -s "$dir/tr/analysis.cubex" ] &&
           python3 tests/tools/cube_check.py "$dir/tr/analysis.cubex" "$dir/tr/analysis.json" >"$OUT" 2>&1 &&
           grep -q "^<metric.*mpi_io\|uniq_name>mpi_io<" <(tar -xOf "$dir/tr/analysis.cubex" anchor.xml); then
            ok "$desc: CUBE metric mpi_io equals analysis.json (cube_check values)"
        else
            bad "$desc: CUBE file without mpi_io or not matching analysis.json"
        fi
        oracle_check "$dir/tr" "MPI-IO" have
    fi
fi
# io.model = simgrid: data accesses on the disks of config/platforms/
# disks.xml, SimGrid's disk model (docs/models.md, "MPI-IO"). Ranks 0 and 1
# share node-0's disk (read 200 MB/s, write 100 MB/s), rank 2 is on node-1
# (400, 50), rank 3 on node-2 (1000, 1000); B = 100000 bytes, L = 100 us,
# M = 1 ms, no skew. Independent: L + B / bw of the rank's disk; a
# collective access from the last entry, L + max over disks of (the bytes
# of its members) / bw:
#   open       M                                     = 1000000 each
#   write_at   + L + B/100M (1 ms), + L + B/50M (2 ms), + L + B/1G (0.1 ms)
#   read_at    + L + 0.5 ms, + L + 0.25 ms, + L + 0.1 ms
#   write_at_all  3450000 (rank 2, last) + L + max(2B/100M, B/50M, B/1G) = 2 ms
#   read_at_all   + L + max(2B/200M, B/400M, B/1G) = 1 ms;  close + M
# (3 ranks one per host, contention = on: the collective read's largest
# disk time is node-0's alone, B/200M = 0.5 ms)
if [ -f "$BUILD/lib/libseshat-simgrid.so" ]; then
    printf "node-0\nnode-0\nnode-1\nnode-2\n" >"$dir/place"
    DISK=(--set simulator.clock=none --set report.summary=false --set io.latency=100us
          --set io.metadata_latency=1ms --set network.model=simgrid
          --set network.platform=$PWD/config/platforms/disks.xml --set network.placement=$dir/place)
    declare -A D=([open]="1000000 1000000 1000000 1000000" [write_at]="2100000 2100000 3100000 1200000"
                  [read_at]="2700000 2700000 3450000 1400000" [write_at_all]="5550000 5550000 5550000 5550000"
                  [read_at_all]="6650000 6650000 6650000 6650000" [close]="7650000 7650000 7650000 7650000")
    for path in direct relay; do
        desc="MPI-IO on SimGrid disks ($path)"
        job "$desc" "$RUN" "${DISK[@]}" --set io.model=simgrid --set network.path=$path -np 4 -- \
            "$T/io_disk" "$dir/disk-$path.dat" 100000 || continue
        for s in open write_at read_at write_at_all read_at_all close; do
            got=$(grep "^RESULT $s " "$OUT" | cut -d' ' -f3-)
            [ "$got" = "${D[$s]}" ] && ok "$desc: $s = $got" || bad "$desc: $s = '$got', expected ${D[$s]}"
        done
        [ "$(value data)" = ok ] && ok "$desc: data ok" || bad "$desc: data $(value data)"
    done
    # contention = on (a positive latency between every two ranks: one
    # rank per host): 3 ranks on node-0, node-1, node-2, the same formulas
    printf "node-0\nnode-1\nnode-2\n" >"$dir/place3"
    desc="MPI-IO on SimGrid disks (contention, 3 ranks)"
    declare -A D3=([write_at]="2100000 3100000 1200000" [write_at_all]="5550000 5550000 5550000"
                   [read_at_all]="6150000 6150000 6150000" [close]="7150000 7150000 7150000")
    if job "$desc" "$RUN" "${DISK[@]}" --set io.model=simgrid --set network.placement=$dir/place3 \
           --set network.contention=on -np 3 -- "$T/io_disk" "$dir/disk-cont.dat" 100000; then
        for s in write_at write_at_all read_at_all close; do
            got=$(grep "^RESULT $s " "$OUT" | cut -d' ' -f3-)
            [ "$got" = "${D3[$s]}" ] && ok "$desc: $s = $got" || bad "$desc: $s = '$got', expected ${D3[$s]}"
        done
    fi
    desc="io.model = simgrid on a platform without disks"
    job "$desc" "$RUN" "${DISK[@]}" --set io.model=simgrid --set network.platform=$PWD/config/platforms/crossbar.xml \
        --set network.placement=block -np 2 -- "$T/io_disk" "$dir/nodisk.dat" 100
    [ $rc -ne 0 ] && grep -q "has no <disk>" "$OUT" && ok "$desc: refused, naming the host" ||
        bad "$desc: exit $rc, no message naming the host without a disk"
fi
desc="io.model = simgrid without network.model = simgrid"
job "$desc" "$RUN" --set io.model=simgrid -np 1 true
[ $rc -ne 0 ] && grep -q "io.model = simgrid needs network.model = simgrid" "$OUT" &&
    ok "$desc: refused" || bad "$desc: exit $rc, no clear error"
summary
