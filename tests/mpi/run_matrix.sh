#!/bin/bash
# run_matrix.sh - [report] matrix: the model ranks' rank x rank count and
# byte matrices and size histogram, on both paths and with 2 model ranks,
# and the pictures seshat-run draws from them.
cd "$(dirname "$0")/../.." || exit 1
. tests/mpi/lib.sh
BASE=(--set simulator.clock=none --set network.latency=5us --set network.bandwidth=1GB/s)
dir=$(mktemp -d)
# ring waitall 1000 3 on 4 ranks: each rank sends 3 x 1000 B to rank + 1.
want_count="sender,0,1,2,3 0,0,3,0,0 1,0,0,3,0 2,0,0,0,3 3,3,0,0,0 "
want_bytes="sender,0,1,2,3 0,0,3000,0,0 1,0,0,3000,0 2,0,0,0,3000 3,3000,0,0,0 "
for variant in "direct 1" "relay 1" "direct 2" "relay 2"; do
    set -- $variant
    desc="matrix ($1, K=$2)"
    rm -f "$dir"/m-*
    if job "$desc" "$RUN" "${BASE[@]}" --set network.path=$1 --set simulator.ranks=$2 \
            --set report.matrix=true --set "report.prefix=$dir/m" -np 4 -- "$T/ring" waitall 1000 3; then
        [ "$(tr '\n' ' ' <"$dir/m-count.csv")" = "$want_count" ] && ok "$desc: counts" ||
            bad "$desc: counts $(tr '\n' ' ' <"$dir/m-count.csv")"
        [ "$(tr '\n' ' ' <"$dir/m-bytes.csv")" = "$want_bytes" ] && ok "$desc: bytes" ||
            bad "$desc: bytes $(tr '\n' ' ' <"$dir/m-bytes.csv")"
        # 1000 B falls in the bin [512, 1023]; no other message.
        bins=$(awk -F, 'NR > 1 && $3 > 0 { print $1 "-" $2 ":" $3 }' "$dir/m-sizes.csv")
        [ "$bins" = "512-1023:12" ] && ok "$desc: size histogram" || bad "$desc: sizes '$bins'"
    fi
done
if command -v gnuplot >/dev/null; then
    for p in count bytes sizes; do
        if python3 tests/tools/png_nonblank.py "$dir/m-$p.png" >"$OUT" 2>&1; then ok "matrix picture: $(cat "$OUT")"
        else bad "matrix picture $p"; fi
    done
fi
desc="matrix off by default"
if (cd "$dir" && job "$desc" "$OLDPWD/$RUN" "${BASE[@]}" -np 2 -- "$OLDPWD/$T/pingpong" blocking 8); then
    ls "$dir"/seshat-matrix-* >/dev/null 2>&1 && bad "$desc: files written" || ok "$desc: no files"
fi
desc="matrix into a missing directory"
if job "$desc" "$RUN" "${BASE[@]}" --set report.matrix=true --set report.prefix=/nonexistent/dir/m \
        -np 2 -- "$T/pingpong" blocking 8; then
    [ $rc -eq 0 ] && grep -q "cannot write /nonexistent/dir/m-count.csv" "$OUT" &&
        ok "$desc: the run completes and says why" || bad "$desc: exit $rc"
fi
rm -rf "$dir"
summary
