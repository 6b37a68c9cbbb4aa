# oracle.sh - the independent oracle beside seshat-analyze (sourced after
# lib.sh). oracle_check TRACEDIR [LABEL]: analyzes the trace with M = 1, 2,
# 3 and 4 analyzer processes and requires tests/tools/oracle.py, which
# recomputes every pattern from docs/patterns.md on `seshat-trace dump`,
# to agree with each analysis.json to the nanosecond; then otf2_check.
oracle_check() {
    local tdir=$1 label=${2:-$(basename "$1")} m files=() odir
    local what="oracle: $label" desc   # job sets desc: keep the caller's
    odir=$(mktemp -d)
    # seshat-analyze refuses more analyzer processes than traced ranks
    local nr; nr=$(ls "$tdir"/rank-*.sst 2>/dev/null | wc -l)
    for m in $(seq 1 $((nr < 4 ? (nr > 0 ? nr : 1) : 4))); do
        job "$what (M = $m)" "$BUILD/bin/seshat-analyze" -j $m --quiet "$tdir" || { rm -rf "$odir"; return; }
        if [ $rc -ne 0 ] || [ ! -s "$tdir/analysis.json" ]; then
            bad "$what: seshat-analyze -j $m: exit $rc"
            rm -rf "$odir"
            return
        fi
        cp "$tdir/analysis.json" "$odir/analysis-$m.json"
        files+=("$odir/analysis-$m.json")
    done
    if SESHAT_TRACE="$BUILD/bin/seshat-trace" timeout -k 5 "$TIMEOUT" python3 tests/tools/oracle.py \
            "$tdir" "${files[@]}" >"$OUT" 2>&1; then
        ok "$what, M = 1..${#files[@]}: $(sed 's/^oracle agrees: //' "$OUT")"
    else
        bad "$what: the analyzer and the oracle differ"
    fi
    rm -rf "$odir"
    otf2_check "$tdir" "$label"
}

# otf2_check TRACEDIR [LABEL]: the OTF2 export of the trace is causal (no
# message received before it is sent; well-formed nonblocking events),
# read back by otf2-print (tests/tools/otf2_causal.py).
otf2_check() {
    local tdir=$1 label=${2:-$(basename "$1")} odir desc
    command -v otf2-print >/dev/null || { echo "skip otf2: $label (no otf2-print)"; return; }
    odir=$(mktemp -d)
    if timeout -k 5 "$TIMEOUT" "$BUILD/bin/seshat-trace" otf2 "$tdir" "$odir/x" >"$OUT" 2>&1 &&
       timeout -k 5 "$TIMEOUT" otf2-print "$odir/x/traces.otf2" >"$odir/print" 2>&1 &&
       python3 tests/tools/otf2_causal.py <"$odir/print" >"$OUT" 2>&1; then
        ok "otf2: $label: $(sed 's/^causal: //' "$OUT")"
    else
        bad "otf2: $label: not causal, or the export failed"
    fi
    rm -rf "$odir"
}
